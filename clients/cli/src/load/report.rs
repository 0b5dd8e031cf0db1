//! The figures of a run and of an idle run, as printed.

use std::collections::BTreeMap;

use hdrhistogram::Histogram;

use super::stats::NodeCounts;

/// The figures of a run.
#[derive(Debug)]
pub struct LoadReport {
    pub started: u64,
    pub finished: u64,
    pub moves: u64,
    pub errors: u64,
    /// Of the errors, refusals for one of the server's limits.
    pub limited: u64,
    pub disconnects: u64,
    /// Requests refused with `storage-failure` and sent again.
    pub retried: u64,
    pub seconds: f64,
    /// Microseconds.
    pub latency: Histogram<u64>,
    pub cpu_per_move_us: Option<f64>,
    /// The load generator's own CPU per move (microseconds), over the same
    /// window; none when no move was played.
    pub load_cpu_per_move_us: Option<f64>,
    /// With bot rooms: how many, their bots' level, the bots' moves and
    /// the bot games finished.
    pub bots: Option<(usize, lodestone_rules::bot::Level, u64, u64)>,
    /// Per node URL; shown when there are several nodes or a `moved` was
    /// followed.
    pub nodes: BTreeMap<String, NodeCounts>,
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |q: f64| self.latency.value_at_quantile(q) as f64 / 1000.0;
        writeln!(f, "games started {}, finished {}", self.started, self.finished)?;
        writeln!(
            f,
            "moves {} in {:.1} s: {:.0} moves/s",
            self.moves,
            self.seconds,
            self.moves as f64 / self.seconds.max(1e-9)
        )?;
        writeln!(
            f,
            "latency ms: p50 {:.3} p90 {:.3} p99 {:.3} max {:.3}",
            ms(0.5),
            ms(0.9),
            ms(0.99),
            self.latency.max() as f64 / 1000.0
        )?;
        match self.cpu_per_move_us {
            Some(us) => writeln!(f, "server cpu per move: {us:.1} us")?,
            None => writeln!(f, "server cpu per move: unknown (give --server-pid)")?,
        }
        match self.load_cpu_per_move_us {
            Some(us) => writeln!(f, "load generator cpu per move: {us:.1} us")?,
            None => writeln!(f, "load generator cpu per move: unknown (no moves)")?,
        }
        if let Some((rooms, level, moves, finished)) = self.bots {
            writeln!(
                f,
                "bot rooms {rooms} ({level}): bot moves {moves} ({:.1}/s), games finished {finished}",
                moves as f64 / self.seconds.max(1e-9)
            )?;
        }
        if self.nodes.len() > 1 || self.nodes.values().any(|n| n.moved > 0 || n.dropped > 0) {
            for (url, n) in &self.nodes {
                writeln!(
                    f,
                    "node {url}: players {}, moves {}, moved {}, dropped {}",
                    n.players, n.moves, n.moved, n.dropped
                )?;
            }
        }
        if self.retried > 0 {
            writeln!(f, "sent again after a storage failure {}", self.retried)?;
        }
        write!(f, "errors {}, disconnects {}", self.errors, self.disconnects)?;
        if self.limited > 0 {
            write!(f, "\nrefused for the server's limits {}", self.limited)?;
        }
        Ok(())
    }
}

/// The line of the server's resident memory, `before` and `after` opening
/// `count` of `what` (in KiB, from `--server-pid`), and its growth per one.
pub(super) fn write_rss(
    f: &mut std::fmt::Formatter<'_>,
    (before, after): (Option<u64>, Option<u64>),
    count: usize,
    what: &str,
) -> std::fmt::Result {
    match (before, after) {
        (Some(before), Some(after)) => write!(
            f,
            "server rss before {:.1} MiB, after {:.1} MiB: {:.2} KiB per {what}",
            before as f64 / 1024.0,
            after as f64 / 1024.0,
            after.saturating_sub(before) as f64 / count.max(1) as f64
        ),
        _ => write!(f, "server rss: unknown (give --server-pid)"),
    }
}

/// The figures of an idle run.
#[derive(Debug)]
pub struct IdleReport {
    pub connections: usize,
    pub seconds_to_open: f64,
    pub rss_before_kib: Option<u64>,
    pub rss_after_kib: Option<u64>,
    pub errors: u64,
}

impl std::fmt::Display for IdleReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "idle connections {} (opened in {:.1} s)",
            self.connections, self.seconds_to_open
        )?;
        let rss = (self.rss_before_kib, self.rss_after_kib);
        write_rss(f, rss, self.connections, "connection")?;
        write!(f, "\nerrors {}", self.errors)
    }
}
