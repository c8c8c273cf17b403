//! The clock every timestamp comes from, percentiles, and what /proc says about a process.
use std::sync::OnceLock;
use std::time::Instant;

use serde_json::{Value, json};

static START: OnceLock<Instant> = OnceLock::new();

/// Microseconds on this process's monotonic clock (the first call starts it).
pub fn now_us() -> u64 {
    START.get_or_init(Instant::now).elapsed().as_micros() as u64
}

/// p50, p90, p99, p99.9 and max of latencies in microseconds, as milliseconds.
pub fn latency_summary(mut samples: Vec<u64>) -> Value {
    if samples.is_empty() {
        return json!({ "samples": 0 });
    }
    samples.sort_unstable();
    let at = |q: f64| {
        let index = ((samples.len() as f64 * q).ceil() as usize).clamp(1, samples.len()) - 1;
        samples[index] as f64 / 1000.0
    };
    json!({
        "samples": samples.len(),
        "p50_ms": at(0.50),
        "p90_ms": at(0.90),
        "p99_ms": at(0.99),
        "p999_ms": at(0.999),
        "max_ms": samples[samples.len() - 1] as f64 / 1000.0,
    })
}

/// VmRSS of a process, in kB (0 when it is gone).
pub fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|kb| kb.parse().ok())
        .unwrap_or(0)
}

/// Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux).
const TICKS: f64 = 100.0;

/// (parent pid, utime + stime, cutime + cstime) of a process, in ticks.
fn stat(pid: u32) -> Option<(u32, u64, u64)> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name may hold spaces: the fields start after its closing parenthesis.
    let rest = &text[text.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let number = |i: usize| fields.get(i).and_then(|f| f.parse::<u64>().ok());
    // After the name: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14).
    Some((
        number(1)? as u32,
        number(11)? + number(12)?,
        number(13)? + number(14)?,
    ))
}

/// CPU seconds used so far: (the process `pid`, the PostgreSQL cluster whose postmaster is
/// `postgres`). The cluster's figure is the postmaster's and its live processes' own time plus
/// what their exited children (ended backends) left in their cutime/cstime. The embedded
/// cluster is started detached (its postmaster's parent is init), hence its own pid.
pub fn cpu_seconds(pid: u32, postgres: Option<u32>) -> (f64, f64) {
    let own = stat(pid).map_or(0, |(_, own, _)| own);
    let Some(postmaster) = postgres else {
        return (own as f64 / TICKS, 0.0);
    };
    let mut table = Vec::new();
    if let Ok(entries) = std::fs::read_dir("/proc") {
        for entry in entries.flatten() {
            let child = entry
                .file_name()
                .to_str()
                .and_then(|n| n.parse::<u32>().ok());
            if let Some((child, (parent, used, reaped))) = child.and_then(|c| Some((c, stat(c)?))) {
                table.push((child, parent, used, reaped));
            }
        }
    }
    let mut tree = vec![postmaster];
    let mut cluster = stat(postmaster).map_or(0, |(_, used, reaped)| used + reaped);
    let mut grew = true;
    while grew {
        grew = false;
        for &(child, parent, used, reaped) in &table {
            if tree.contains(&parent) && !tree.contains(&child) {
                tree.push(child);
                cluster += used + reaped;
                grew = true;
            }
        }
    }
    (own as f64 / TICKS, cluster as f64 / TICKS)
}

/// CPU used between two readings of `cpu_seconds`, as JSON.
pub fn cpu_used(before: (f64, f64), after: (f64, f64)) -> Value {
    json!({
        "server_cpu_s": ((after.0 - before.0) * 100.0).round() / 100.0,
        "postgres_cpu_s": ((after.1 - before.1) * 100.0).round() / 100.0,
    })
}

/// The 1-minute load average (/proc/loadavg): how busy the machine was, this run included.
pub fn load_average() -> f64 {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|text| text.split_whitespace().next().and_then(|v| v.parse().ok()))
        .unwrap_or(0.0)
}
