//! The Grafana dashboard and the Prometheus alert rules of docs/monitoring
//! (issue 31) against a real server's `/metrics`: every metric they name
//! is exported, with the type they use it as; `/metrics` passes `promtool
//! check metrics` and the rules `promtool check rules`.

use std::collections::HashMap;
use std::io::Write as _;
use std::process::{Command, Stdio};

use lodestone_tests::{TestServer, each_backend, http_get};
use serde_json::{Value, json};

use crate::games::started_room;

const DASHBOARD: &str = include_str!("../../../docs/monitoring/grafana-dashboard.json");
const ALERTS: &str = include_str!("../../../docs/monitoring/alerts.yml");
const ALERTS_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/monitoring/alerts.yml");

/// Series Prometheus makes itself for every target, not the server.
const PROMETHEUS_OWN: &[&str] = &["up"];

/// Every PromQL expression of the dashboard (panels and variables).
fn dashboard_queries() -> Vec<String> {
    fn walk(value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                for (key, value) in map {
                    match (key.as_str(), value) {
                        ("expr" | "definition" | "query", Value::String(q)) => out.push(q.clone()),
                        _ => walk(value, out),
                    }
                }
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, out)),
            _ => {}
        }
    }
    let dashboard: Value = serde_json::from_str(DASHBOARD).expect("the dashboard is JSON");
    let mut out = Vec::new();
    walk(&dashboard, &mut out);
    out
}

/// Every `expr:` of the alert rules.
fn alert_queries() -> Vec<String> {
    ALERTS
        .lines()
        .filter_map(|l| l.trim().strip_prefix("expr:"))
        .map(|e| e.trim().to_string())
        .collect()
}

/// The series an expression names, each with the type its use needs: a
/// histogram's `_bucket`/`_sum`/`_count`, a counter inside `rate()`,
/// `irate()` or `increase()` (or any `_total`), a gauge otherwise.
fn named(expr: &str) -> Vec<(String, &'static str)> {
    let mut out = Vec::new();
    let bytes = expr.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts = (bytes[i].is_ascii_alphabetic() || bytes[i] == b'_')
            && (i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_'));
        if !starts {
            i += 1;
            continue;
        }
        let end = (i..bytes.len())
            .find(|&j| !(bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_'))
            .unwrap_or(bytes.len());
        let word = &expr[i..end];
        let series = word.starts_with("lodestone_") || PROMETHEUS_OWN.contains(&word);
        if series {
            let before = expr[..i].trim_end();
            let in_rate = ["rate(", "increase("].iter().any(|f| before.ends_with(f));
            let kind = if ["_bucket", "_sum", "_count"].iter().any(|s| word.ends_with(s)) {
                "histogram"
            } else if in_rate || word.ends_with("_total") {
                "counter"
            } else {
                "gauge"
            };
            out.push((word.to_string(), kind));
        }
        i = end;
    }
    out
}

fn promtool(args: &[&str], input: Option<&str>) -> (bool, String) {
    let child = Command::new("promtool")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = child.unwrap_or_else(|e| {
        panic!(
            "promtool (Debian's prometheus package) is needed: {e}; scripts/test.sh installs it \
             (apt-get install prometheus)"
        )
    });
    let mut stdin = child.stdin.take().unwrap();
    if let Some(input) = input {
        stdin.write_all(input.as_bytes()).unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

each_backend!(the_dashboard_and_the_alerts_name_only_exported_metrics);
async fn the_dashboard_and_the_alerts_name_only_exported_metrics() {
    let server = TestServer::start().await;
    // Some of everything: guests, a room, a move, a readiness probe.
    let (room, mut clients, _) = started_room(&server, "magneton", json!({})).await;
    clients[0].act(&room, "H3").await;
    assert_eq!(http_get(server.addr(), "/readyz", None).await.0, 200);
    let (status, text) = http_get(server.addr(), "/metrics", None).await;
    assert_eq!(status, 200);
    let types: HashMap<&str, &str> = text
        .lines()
        .filter_map(|l| l.strip_prefix("# TYPE "))
        .filter_map(|l| l.split_once(' '))
        .collect();
    let queries: Vec<String> = dashboard_queries().into_iter().chain(alert_queries()).collect();
    assert!(queries.len() > 15, "{queries:?}");
    let mut checked = 0;
    for query in &queries {
        for (series, kind) in named(query) {
            if PROMETHEUS_OWN.contains(&series.as_str()) {
                continue;
            }
            let base = match kind {
                "histogram" => ["_bucket", "_sum", "_count"]
                    .iter()
                    .find_map(|s| series.strip_suffix(s))
                    .unwrap(),
                _ => series.as_str(),
            };
            assert_eq!(
                types.get(base).copied(),
                Some(kind),
                "{query}: {series} is used as a {kind}; /metrics has\n{text}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} series named");
    let (ok, said) = promtool(&["check", "metrics"], Some(&text));
    assert!(
        ok && said.trim().is_empty(),
        "promtool check metrics:\n{said}\n{text}"
    );
    let (ok, said) = promtool(&["check", "rules", ALERTS_PATH], None);
    assert!(ok, "promtool check rules:\n{said}");
}

#[test]
fn the_reader_of_expressions_finds_series_and_their_types() {
    assert_eq!(
        named(
            "histogram_quantile(0.99, sum by (le) (rate(lodestone_commit_seconds_bucket{a=\"b\"}[5m]))) > up"
        ),
        [
            ("lodestone_commit_seconds_bucket".to_string(), "histogram"),
            ("up".to_string(), "gauge")
        ]
    );
    assert_eq!(
        named("rate(lodestone_moves_total[1m]) + lodestone_store_queue"),
        [
            ("lodestone_moves_total".to_string(), "counter"),
            ("lodestone_store_queue".to_string(), "gauge")
        ]
    );
}
