//! The shape keeps itself (in the manner of rust-analyzer's tidy tests):
//! reads the source tree and fails on what the architecture rules out.
//!
//! - no source file over 800 lines, and none in `server/` over 600,
//!   counting the lines before its inline tests (a `#[cfg(test)]` at the
//!   start of a line: one indented inside an impl does not end the count); test
//!   suites (`tests/`, `benches/` folders, `*tests.rs`) and generated files
//!   aside;
//! - no `sqlx` outside `server/src/store/`, and no storage operation
//!   (`Op::`) built outside the store and the room's record code
//!   (`server/src/room/stored.rs`);
//! - no field of `RoomCore` visible outside `room/core.rs`: the other
//!   files read the room's parts through accessors, and only
//!   `RoomCore::evolve` changes them;
//! - no module of `server/` imports its parent, and no module (of the
//!   server, the terminal client, the protocol, the rules or i18n)
//!   imports one that imports it back, directly or around a circle;
//! - every error `Code` is in docs/protocol.md;
//! - the room's task (`room/task.rs`) in at most 350 lines and each file
//!   of `ws/` in at most 400;
//! - `ws/` is transport: at most `WS_LINES` lines in all, and no store.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

/// Every file below `dir` whose name ends with one of `exts`, build output,
/// dependencies and test artifacts aside; paths relative to the root.
fn files(dir: &Path, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                let skipped = ["target", "node_modules", "test-artifacts", "fixtures"];
                if !name.starts_with('.') && !skipped.contains(&name.as_str()) {
                    stack.push(path);
                }
            } else if exts.iter().any(|e| name.ends_with(e)) {
                out.push(path.strip_prefix(root()).expect("below the root").to_path_buf());
            }
        }
    }
    out.sort();
    out
}

fn read(path: &Path) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_default()
}

/// The lines of `text` before its inline tests.
fn before_tests(text: &str) -> Vec<&str> {
    text.lines().take_while(|l| *l != "#[cfg(test)]").collect()
}

/// Whether `path` is a test suite rather than code that runs.
fn is_test_suite(path: &Path) -> bool {
    let name = path
        .file_name()
        .map_or(String::new(), |n| n.to_string_lossy().to_string());
    path.components()
        .any(|c| matches!(c.as_os_str().to_str(), Some("tests" | "benches")))
        || name == "tests.rs"
        || name.ends_with("_tests.rs")
        || name.ends_with(".test.js")
}

#[test]
fn no_file_is_too_long() {
    let mut long = Vec::new();
    let exts = [".rs", ".js", ".ts", ".css", ".html", ".sh", ".py"];
    for path in files(&root(), &exts) {
        let text = read(&path);
        if is_test_suite(&path)
            || text
                .lines()
                .take(3)
                .any(|l| l.to_lowercase().contains("generated"))
        {
            continue;
        }
        let lines = before_tests(&text).len();
        let limit = if path.starts_with("server") { 600 } else { 800 };
        if lines > limit {
            long.push(format!("{} has {lines} lines (at most {limit})", path.display()));
        }
    }
    assert!(long.is_empty(), "files too long to read:\n{}", long.join("\n"));
}

/// The room's task only moves messages and `ws/` is transport: the task
/// in at most 350 lines, each file of `ws/` in at most 400 (before inline
/// tests). What grows past them belongs in a module of its own (the room
/// core's, the rooms service's, a service's).
#[test]
fn the_room_task_and_the_connections_stay_small() {
    let (mut long, mut seen) = (Vec::new(), 0);
    for (path, code) in server_sources() {
        let limit = if path == Path::new("server/src/room/task.rs") {
            350
        } else if path.starts_with("server/src/ws") {
            400
        } else {
            continue;
        };
        seen += 1;
        let lines = code.lines().count();
        if lines > limit {
            long.push(format!("{} has {lines} lines (at most {limit})", path.display()));
        }
    }
    assert!(seen > 1, "room/task.rs and ws/ not found");
    assert!(long.is_empty(), "more than moving messages:\n{}", long.join("\n"));
}

/// The lines `ws/` may have in all (before inline tests): the connection's
/// loop, frames read and written, the heartbeat, the rate check and each
/// text frame read into a typed message. The connection's session (who it
/// is, the rooms it watches, each message handed to its service) is
/// `session/`; a handler belongs in its service (`accounts/`,
/// `moderation/`, `notify/`, `replays.rs`, `rooms.rs`, `tournament/`),
/// which answers a typed `Served` (`served.rs`).
const WS_LINES: usize = 400;

/// `ws/` is transport: its files together stay under [`WS_LINES`], and
/// none reads or writes the store (the services do).
#[test]
fn ws_is_transport_only() {
    let (mut total, mut stored) = (0, Vec::new());
    for (path, code) in server_sources() {
        if !path.starts_with("server/src/ws") {
            continue;
        }
        total += code.lines().count();
        if code.contains(".store.") || code.contains("crate::store") {
            stored.push(path.display().to_string());
        }
    }
    assert!(total > 0, "ws/ not found");
    assert!(
        total <= WS_LINES,
        "ws/ has {total} lines (at most {WS_LINES}): move what is not transport into its service"
    );
    assert!(
        stored.is_empty(),
        "ws/ files using the store: {}",
        stored.join(", ")
    );
}

/// The code of each server source file (before its inline tests), by path.
fn server_sources() -> Vec<(PathBuf, String)> {
    sources_below("server/src")
}

/// The code of each Rust file below `src` (before its inline tests), by path.
fn sources_below(src: &str) -> Vec<(PathBuf, String)> {
    files(&root().join(src), &[".rs"])
        .into_iter()
        .map(|path| {
            let text = read(&path);
            let code = before_tests(&text).join("\n");
            (path, code)
        })
        .collect()
}

#[test]
fn sqlx_and_storage_operations_stay_in_the_store() {
    let mut found = Vec::new();
    for (path, code) in server_sources() {
        let store = path.starts_with("server/src/store");
        if !store && code.contains("sqlx") {
            found.push(format!("{} names sqlx", path.display()));
        }
        let records = path == Path::new("server/src/room/stored.rs");
        if !store && !records && !is_test_suite(&path) && code.contains("Op::") {
            found.push(format!("{} builds a storage operation (Op::)", path.display()));
        }
    }
    assert!(found.is_empty(), "the store is sealed:\n{}", found.join("\n"));
}

#[test]
fn the_room_core_keeps_its_fields() {
    let core = read(Path::new("server/src/room/core.rs"));
    let body = core
        .split("pub struct RoomCore {")
        .nth(1)
        .and_then(|rest| rest.split("\n}").next())
        .expect("room/core.rs defines RoomCore");
    let open: Vec<&str> = body
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("pub"))
        .collect();
    assert!(open.is_empty(), "RoomCore's fields are its own: {open:?}");
}

/// A module's path (`room::seats`) from its file below the crate's `src`.
fn module_of(src: &str, path: &Path) -> Vec<String> {
    let rel = path.strip_prefix(src).expect("a source of the crate");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        parts.pop();
    }
    parts
}

/// The paths `code` uses: each `crate::…` and `super::…` path, with the
/// items of a `{…}` group spread out (`super::{a::B, c::{D, E}}` gives
/// `super::a::B`, `super::c::D`, `super::c::E`).
fn used_paths(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = code.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        let rest: String = bytes[i..bytes.len().min(i + 7)].iter().collect();
        let starts = rest.starts_with("crate::") || rest.starts_with("super::");
        let after_word =
            i > 0 && (bytes[i - 1].is_alphanumeric() || bytes[i - 1] == '_' || bytes[i - 1] == ':');
        if starts && !after_word {
            let (paths, end) = read_path(&bytes, i);
            out.extend(paths);
            i = end;
        } else {
            i += 1;
        }
    }
    out
}

/// The path (or group of paths) that starts at `i`, and where it ends.
fn read_path(chars: &[char], mut i: usize) -> (Vec<String>, usize) {
    let mut prefix = String::new();
    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_' || chars[i] == ':') {
        prefix.push(chars[i]);
        i += 1;
    }
    if i < chars.len() && chars[i] == '{' && prefix.ends_with("::") {
        let mut out = Vec::new();
        i += 1;
        loop {
            while i < chars.len() && (chars[i].is_whitespace() || chars[i] == ',') {
                i += 1;
            }
            if i >= chars.len() || chars[i] == '}' {
                return (out, i + 1);
            }
            let (items, end) = read_path(chars, i);
            out.extend(items.into_iter().map(|item| format!("{prefix}{item}")));
            // Skip an `as name`.
            i = end;
            while i < chars.len() && !matches!(chars[i], ',' | '}') {
                i += 1;
            }
        }
    }
    let path = prefix.trim_end_matches(':').to_string();
    (vec![path], i)
}

/// `path` as used in `module`, resolved to the module it names (the
/// longest known module it starts with), from the crate's root.
fn resolve(module: &[String], path: &str, modules: &BTreeSet<Vec<String>>) -> Option<Vec<String>> {
    let mut segments: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut base: Vec<String> = Vec::new();
    match segments.first() {
        Some(&"crate") => {
            segments.remove(0);
        }
        Some(&"super") => {
            base = module.to_vec();
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop();
            }
        }
        _ => return None,
    }
    let mut best = base.clone();
    let mut at = base;
    for s in segments {
        at.push(s.to_string());
        if modules.contains(&at) {
            best = at.clone();
        } else {
            break;
        }
    }
    Some(best)
}

#[test]
fn server_modules_import_downward_only() {
    let problems = import_problems("server/src", true);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn client_protocol_and_rules_modules_import_without_circles() {
    let problems: Vec<String> = ["clients/cli/src", "protocol/src", "rules/src", "i18n/src"]
        .into_iter()
        .flat_map(|src| import_problems(src, false))
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The imports of the crate at `src` that the architecture rules out: the
/// circles, and with `parents` a module importing its parent.
fn import_problems(src: &str, parents: bool) -> Vec<String> {
    let sources: Vec<(PathBuf, String)> = sources_below(src)
        .into_iter()
        .filter(|(path, _)| !is_test_suite(path) && !path.ends_with("test_person.rs"))
        .collect();
    let modules: BTreeSet<Vec<String>> = sources.iter().map(|(p, _)| module_of(src, p)).collect();
    let mut problems = Vec::new();
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for (path, code) in &sources {
        let module = module_of(src, path);
        for used in used_paths(code) {
            let Some(target) = resolve(&module, &used, &modules) else {
                continue;
            };
            if target == module || target.is_empty() {
                continue;
            }
            if parents && module.len() > 1 && target == module[..module.len() - 1] {
                problems.push(format!("{} imports its parent ({used})", path.display()));
            }
            edges.entry(module.clone()).or_default().insert(target);
        }
    }
    // A parent re-exporting its children is no import back.
    for (from, to) in edges.clone() {
        for target in to {
            let child_of = |a: &Vec<String>, b: &Vec<String>| a.len() + 1 == b.len() && b.starts_with(a);
            if child_of(&from, &target) {
                edges.get_mut(&from).expect("listed").remove(&target);
            }
        }
    }
    for cycle in cycles(&edges) {
        problems.push(format!(
            "modules of {src} import each other round a circle: {}",
            cycle.join(" -> ")
        ));
    }
    problems
}

/// The circles of `edges` (strongly connected parts of more than one
/// module), each as its modules' names.
fn cycles(edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&Vec<String>> = edges.keys().chain(edges.values().flatten()).collect();
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(n) = stack.pop() {
            for next in edges.get(&n).into_iter().flatten() {
                if seen.insert(next.clone()) {
                    stack.push(next.clone());
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&Vec<String>, BTreeSet<Vec<String>>> =
        nodes.iter().map(|n| (*n, reach(n))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for n in &nodes {
        if done.contains(*n) || !reaches[n].contains(*n) {
            continue;
        }
        let part: Vec<String> = nodes
            .iter()
            .filter(|m| reaches[n].contains(**m) && reaches[*m].contains(*n))
            .map(|m| {
                done.insert((*m).clone());
                m.join("::")
            })
            .collect();
        out.push(part);
    }
    out
}

#[test]
fn every_code_is_in_the_protocol_doc() {
    let doc = read(Path::new("docs/protocol.md"));
    let missing: Vec<&str> = lodestone_protocol::Code::ALL
        .iter()
        .map(|c| c.as_str())
        .filter(|c| !doc.contains(&format!("`{c}`")))
        .collect();
    assert!(
        missing.is_empty(),
        "codes missing from docs/protocol.md: {missing:?}"
    );
}

#[test]
fn the_path_reader_reads_groups_and_parents() {
    let used = used_paths(
        "use super::{core::RoomCore, event::{Recorded, RoomEvent as E}, self};\nuse crate::store::Op;\nlet x = a::super::b;",
    );
    let expected = [
        "super::core::RoomCore",
        "super::event::Recorded",
        "super::event::RoomEvent",
        "super::self",
        "crate::store::Op",
    ];
    assert_eq!(used, expected);
    let modules: BTreeSet<Vec<String>> =
        [vec!["room".to_string()], vec!["room".into(), "core".into()]].into();
    let here = vec!["room".to_string(), "seats".to_string()];
    assert_eq!(
        resolve(&here, "super::core::RoomCore", &modules),
        Some(vec!["room".into(), "core".into()])
    );
    assert_eq!(
        resolve(&here, "super::Player", &modules),
        Some(vec!["room".into()])
    );
}
