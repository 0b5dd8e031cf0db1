//! The server's measurements, rendered in Prometheus text on `/metrics`
//! (docs/operating.md lists them). Each server has its own recorder (no
//! global one), so several servers in one process, as in tests, keep
//! separate figures; handles are registered once and updated without a
//! look-up.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use metrics::{Counter, Gauge, Histogram, HistogramFn, Key, KeyName, Label, Metadata, Recorder, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle, PrometheusRecorder};

/// Bucket bounds of the commit latency histogram, in seconds.
const COMMIT_BUCKETS: &[f64] = &[
    0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0,
];

/// Why a connection, request or message was refused: the `reason` label
/// of `lodestone_refusals_total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    MaxConnections,
    PerAddress,
    ConnectRate,
    RequestRate,
    Origin,
    IdleTimeout,
    WriteTimeout,
    SlowClient,
    MessageRate,
    RoomsPerGuest,
    RoomsPerAddress,
    WatchLimit,
    GuestsPerHour,
    BadUtf8,
    ChatRate,
    Logins,
    InputBudget,
    MessageTimeout,
    Probation,
}

impl Refusal {
    pub const ALL: [Refusal; 19] = [
        Refusal::MaxConnections,
        Refusal::PerAddress,
        Refusal::ConnectRate,
        Refusal::RequestRate,
        Refusal::Origin,
        Refusal::IdleTimeout,
        Refusal::WriteTimeout,
        Refusal::SlowClient,
        Refusal::MessageRate,
        Refusal::RoomsPerGuest,
        Refusal::RoomsPerAddress,
        Refusal::WatchLimit,
        Refusal::GuestsPerHour,
        Refusal::BadUtf8,
        Refusal::ChatRate,
        Refusal::Logins,
        Refusal::InputBudget,
        Refusal::MessageTimeout,
        Refusal::Probation,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Refusal::MaxConnections => "max_connections",
            Refusal::PerAddress => "per_address",
            Refusal::ConnectRate => "connect_rate",
            Refusal::RequestRate => "request_rate",
            Refusal::Origin => "origin",
            Refusal::IdleTimeout => "idle_timeout",
            Refusal::WriteTimeout => "write_timeout",
            Refusal::SlowClient => "slow_client",
            Refusal::MessageRate => "message_rate",
            Refusal::RoomsPerGuest => "rooms_per_guest",
            Refusal::RoomsPerAddress => "rooms_per_address",
            Refusal::WatchLimit => "watch_limit",
            Refusal::GuestsPerHour => "guests_per_hour",
            Refusal::BadUtf8 => "bad_utf8",
            Refusal::ChatRate => "chat_rate",
            Refusal::Logins => "logins",
            Refusal::InputBudget => "input_budget",
            Refusal::MessageTimeout => "message_timeout",
            Refusal::Probation => "probation",
        }
    }
}

/// A gauge or a counter, registered with its help text.
trait Plain {
    fn register(recorder: &PrometheusRecorder, name: &'static str, help: &'static str) -> Self;
}

impl Plain for Gauge {
    fn register(recorder: &PrometheusRecorder, name: &'static str, help: &'static str) -> Gauge {
        recorder.describe_gauge(KeyName::from_const_str(name), None, help.into());
        recorder.register_gauge(&Key::from_static_name(name), &META)
    }
}

impl Plain for Counter {
    fn register(recorder: &PrometheusRecorder, name: &'static str, help: &'static str) -> Counter {
        recorder.describe_counter(KeyName::from_const_str(name), None, help.into());
        recorder.register_counter(&Key::from_static_name(name), &META)
    }
}

/// Declares [`Metrics`]: its plain gauges and counters from one table of
/// fields, names and help texts, beside the fields registered by hand.
macro_rules! metrics {
    ($($(#[$doc:meta])* $vis:vis $field:ident: $kind:ident = $name:literal, $help:literal;)*) => {
        /// The server's metrics.
        pub struct Metrics {
            recorder: PrometheusRecorder,
            handle: PrometheusHandle,
            pub commit_seconds: Histogram,
            rooms: [Gauge; 3],
            refusals: Vec<Counter>,
            $($(#[$doc])* $vis $field: $kind,)*
        }

        impl Metrics {
            /// The metrics with `recorder`'s plain gauges and counters
            /// registered, beside those given.
            fn registering(
                recorder: PrometheusRecorder,
                handle: PrometheusHandle,
                commit_seconds: Histogram,
                rooms: [Gauge; 3],
                refusals: Vec<Counter>,
            ) -> Metrics {
                Metrics {
                    $($field: Plain::register(&recorder, $name, $help),)*
                    recorder,
                    handle,
                    commit_seconds,
                    rooms,
                    refusals,
                }
            }
        }
    };
}

metrics! {
    tcp_connections: Gauge = "lodestone_tcp_connections", "Open TCP connections (HTTP and WebSocket).";
    pub ws_connections: Gauge = "lodestone_ws_connections", "Open WebSocket connections.";
    pub moves: Counter = "lodestone_moves_total", "Actions stored (players', bots' and timeouts).";
    /// Write requests that could not be stored (storage failures).
    pub store_failures: Counter = "lodestone_store_failures_total",
        "Write requests that could not be stored (the client was told storage-failure).";
    pub store_queue: Gauge = "lodestone_store_queue", "Write requests waiting for the storage writer.";
    bots: Gauge = "lodestone_bots", "Computer players seated in live rooms.";
    /// Rooms whose lease this node holds (several nodes).
    pub rooms_owned: Gauge = "lodestone_rooms_owned",
        "Rooms whose lease this node holds (several nodes over PostgreSQL).";
    /// Leases taken (a new room, a free or expired one, a failover).
    pub lease_takes: Counter = "lodestone_lease_takes_total",
        "Room leases taken: new rooms, free or expired leases (failovers).";
    /// Lease renewals that succeeded (one per room per renewal).
    pub lease_renewals: Counter = "lodestone_lease_renewals_total",
        "Room leases renewed (one per room per renewal).";
    /// Leases lost (another node took the room, or a fence refused).
    pub lease_losses: Counter = "lodestone_lease_losses_total",
        "Room leases lost: taken by another node, or refused by a fence.";
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Metrics").finish_non_exhaustive()
    }
}

/// Rooms by state, as `lodestone_rooms{state=...}` shows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoomCounts {
    pub open: u64,
    pub playing: u64,
    pub finished: u64,
}

const META: Metadata<'static> = Metadata::new(module_path!(), metrics::Level::INFO, None);

impl Metrics {
    pub fn new() -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full("lodestone_commit_seconds".into()), COMMIT_BUCKETS)
            .expect("bucket bounds are not empty")
            .build_recorder();
        let handle = recorder.handle();
        recorder.describe_histogram(
            KeyName::from_const_str("lodestone_commit_seconds"),
            Some(Unit::Seconds),
            "Time from a write request to its commit.".into(),
        );
        let commit_seconds = Histogram::from_arc(Arc::new(Drained {
            inner: recorder.register_histogram(&Key::from_static_name("lodestone_commit_seconds"), &META),
            handle: handle.clone(),
            recorded: AtomicU64::new(0),
        }));
        recorder.describe_gauge(
            KeyName::from_const_str("lodestone_rooms"),
            None,
            "Rooms in memory by state.".into(),
        );
        let rooms = ["open", "playing", "finished"].map(|state| {
            recorder.register_gauge(
                &Key::from_parts("lodestone_rooms", vec![Label::new("state", state)]),
                &META,
            )
        });
        recorder.describe_counter(
            KeyName::from_const_str("lodestone_refusals_total"),
            None,
            "Connections, requests and messages refused, by the limit that refused them.".into(),
        );
        let refusals = Refusal::ALL
            .iter()
            .map(|r| {
                recorder.register_counter(
                    &Key::from_parts("lodestone_refusals_total", vec![Label::new("reason", r.label())]),
                    &META,
                )
            })
            .collect();
        Metrics::registering(recorder, handle, commit_seconds, rooms, refusals)
    }

    /// The counter of one reason's refusals, to count them elsewhere.
    pub fn refusals_of(&self, reason: Refusal) -> Counter {
        let index = Refusal::ALL.iter().position(|r| *r == reason).expect("listed");
        self.refusals[index].clone()
    }

    /// Counts a refusal.
    pub fn refused(&self, reason: Refusal) {
        let index = Refusal::ALL.iter().position(|r| *r == reason).expect("listed");
        self.refusals[index].increment(1);
    }

    /// Counts an open TCP connection until the guard drops.
    pub fn tcp_connection(&self) -> GaugeGuard {
        GaugeGuard::new(self.tcp_connections.clone())
    }

    /// Counts an open WebSocket until the guard drops.
    pub fn ws_connection(&self) -> GaugeGuard {
        GaugeGuard::new(self.ws_connections.clone())
    }

    /// Counts a playing bot until the guard drops.
    pub fn bot(&self) -> GaugeGuard {
        GaugeGuard::new(self.bots.clone())
    }

    /// The text of `/metrics`, with the room gauges set to `rooms`.
    pub fn render(&self, rooms: RoomCounts) -> String {
        for (gauge, n) in self.rooms.iter().zip([rooms.open, rooms.playing, rooms.finished]) {
            gauge.set(n as f64);
        }
        self.upkeep();
        self.handle.render()
    }

    /// Moves recorded histogram samples into their buckets. The recorder
    /// keeps every sample until then, so this runs every `DRAIN_EVERY`
    /// samples too (`Drained`), even when nobody scrapes `/metrics`.
    pub fn upkeep(&self) {
        // Registering through the recorder keeps it alive with the handle.
        let _ = &self.recorder;
        self.handle.run_upkeep();
    }
}

impl Default for Metrics {
    fn default() -> Metrics {
        Metrics::new()
    }
}

/// Samples a histogram may hold before they are moved into buckets.
const DRAIN_EVERY: u64 = 4096;

/// A histogram that moves its samples into buckets every `DRAIN_EVERY`
/// records. A timer would do it too, but a periodic timer would also make
/// paused-time tests race ahead whenever the runtime waits for the
/// database.
struct Drained {
    inner: Histogram,
    handle: PrometheusHandle,
    recorded: AtomicU64,
}

impl HistogramFn for Drained {
    fn record(&self, value: f64) {
        self.inner.record(value);
        if self.recorded.fetch_add(1, Ordering::Relaxed) % DRAIN_EVERY == DRAIN_EVERY - 1 {
            self.handle.run_upkeep();
        }
    }
}

/// Adds one to a gauge while it lives.
#[derive(Debug)]
pub struct GaugeGuard(Gauge);

impl GaugeGuard {
    fn new(gauge: Gauge) -> GaugeGuard {
        gauge.increment(1.0);
        GaugeGuard(gauge)
    }
}

impl Drop for GaugeGuard {
    fn drop(&mut self) {
        self.0.decrement(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn upkeep_keeps_every_sample_counted() {
        let m = Metrics::new();
        for _ in 0..1000 {
            m.commit_seconds.record(0.001);
        }
        m.upkeep();
        m.commit_seconds.record(0.5);
        let text = m.render(RoomCounts::default());
        assert!(text.contains("lodestone_commit_seconds_count 1001"), "{text}");
        assert!(
            text.contains("lodestone_commit_seconds_bucket{le=\"0.001\"} 1000"),
            "{text}"
        );
    }

    #[test]
    fn renders_every_metric_with_its_help() {
        let m = Metrics::new();
        let _c = m.ws_connection();
        m.moves.increment(3);
        m.refused(Refusal::PerAddress);
        m.commit_seconds.record(0.003);
        let text = m.render(RoomCounts {
            open: 2,
            playing: 1,
            finished: 0,
        });
        for line in [
            "lodestone_ws_connections 1",
            "lodestone_moves_total 3",
            "lodestone_refusals_total{reason=\"per_address\"} 1",
            "lodestone_rooms{state=\"open\"} 2",
            "lodestone_commit_seconds_count 1",
            "# HELP lodestone_tcp_connections",
        ] {
            assert!(text.contains(line), "{line} missing from\n{text}");
        }
    }
}
