//! The server's and the load generator's own figures from /proc (CPU
//! time, resident memory), and the local address of each connection.

use std::net::{IpAddr, Ipv4Addr};

use anyhow::{Context, Result};

/// The context of a process that /proc does not show.
fn no_process(pid: u32) -> String {
    crate::out::say_with("load-no-process", &[("pid", pid.into())])
}

/// The local address for connection number `i`.
pub fn source(i: usize, sources: u8) -> Option<IpAddr> {
    (sources > 1).then(|| IpAddr::V4(Ipv4Addr::new(127, 0, 0, 1 + (i % sources as usize) as u8)))
}

/// CPU seconds (user + system) the process has used, from /proc.
pub fn cpu_seconds(pid: u32) -> Result<f64> {
    let per_second = clock_ticks();
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).with_context(|| no_process(pid))?;
    // Fields after the command name (which may hold spaces) start at ')'.
    let rest = stat.rsplit_once(')').map(|(_, r)| r).unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // utime and stime are fields 14 and 15 of the whole line: 12 and 13 here.
    let ticks: f64 = fields.get(11).and_then(|u| u.parse::<f64>().ok()).unwrap_or(0.0)
        + fields.get(12).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    Ok(ticks / per_second)
}

/// Clock ticks per second (asked of `getconf` once: not while a
/// measurement runs, whose CPU it would add to the load generator's).
fn clock_ticks() -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok())
            .and_then(|s| s.trim().parse().ok())
            .unwrap_or(100.0)
    })
}

/// Resident memory of the process in KiB, from /proc.
pub fn rss_kib(pid: u32) -> Result<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).with_context(|| no_process(pid))?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .with_context(|| crate::out::say("load-no-rss"))
}

/// CPU seconds of all these processes together (none: unknown).
pub(super) fn cpu_total(pids: &[u32]) -> Result<Option<f64>> {
    total(pids, cpu_seconds)
}

/// Resident memory of all these processes together (none: unknown).
pub(super) fn rss_total(pids: &[u32]) -> Result<Option<u64>> {
    total(pids, rss_kib)
}

/// A figure summed over these processes (none: no process given).
fn total<T: std::iter::Sum>(pids: &[u32], read: fn(u32) -> Result<T>) -> Result<Option<T>> {
    if pids.is_empty() {
        return Ok(None);
    }
    pids.iter().map(|&pid| read(pid)).sum::<Result<T>>().map(Some)
}
