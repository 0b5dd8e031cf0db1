//! `lodestone verify`: checks a finished game's record against what the
//! server committed to while it was played (docs/protocol.md,
//! "Commitments"): the revealed seed against `[SeedCommitment]`, every
//! `[Commitment]` against the action it names, every dealt setup against a
//! fresh draw from the seed, every secret action for a commitment, and
//! every action for legality (by replaying the record).

use std::collections::BTreeMap;

use lodestone_i18n::FluentValue;
use lodestone_protocol::{chance_rng, commitment, seed_commitment};
use lodestone_rules::{AnyAction, AnyGame, Millis, Record, Seat};

use crate::out::say_with;

/// A check's line in the terminal's language: `id` of `cli.ftl` with the
/// action's number (`$number`) and the other arguments as text.
fn said(id: &str, number: Option<usize>, args: &[(&'static str, &dyn std::fmt::Display)]) -> String {
    let mut all: Vec<(&'static str, FluentValue<'_>)> = args
        .iter()
        .map(|(name, value)| (*name, value.to_string().into()))
        .collect();
    all.extend(number.map(|n| ("number", n.into())));
    say_with(id, &all)
}

/// The outcome of verifying a record: one line per check, in record
/// order, and how many failed.
#[derive(Debug, Default)]
pub struct Report {
    pub lines: Vec<String>,
    pub checks: usize,
    pub failures: usize,
}

impl Report {
    fn passed(&mut self, line: String) {
        self.checks += 1;
        self.lines.push(line);
    }

    fn failed(&mut self, line: String) {
        self.checks += 1;
        self.failures += 1;
        self.lines.push(line);
    }

    /// A line that is no check (something that could not be checked).
    fn note(&mut self, line: String) {
        self.lines.push(line);
    }

    /// The last line: the verdict.
    pub fn summary(&self) -> String {
        match self.failures {
            0 => format!("result: verified ({} checks)", self.checks),
            n => format!("result: {n} of {} checks failed", self.checks),
        }
    }
}

/// A `[Commitment "<action number> <commitment> <salt>"]` header.
struct Committed {
    commitment: String,
    salt: String,
}

/// Reads the commitment headers by action number; a malformed one is a
/// failed check.
fn commitments(record: &Record, report: &mut Report) -> BTreeMap<usize, Committed> {
    let mut out = BTreeMap::new();
    for value in record.header_values("Commitment") {
        let parts: Vec<&str> = value.split_whitespace().collect();
        match parts[..] {
            [number, commitment, salt] if number.parse::<usize>().is_ok_and(|n| n >= 1) => {
                let number = number.parse().expect("checked above");
                let committed = Committed {
                    commitment: commitment.to_ascii_lowercase(),
                    salt: salt.to_string(),
                };
                if out.insert(number, committed).is_some() {
                    report.failed(said("verify-commitment-twice", Some(number), &[]));
                }
            }
            _ => report.failed(said("verify-commitment-unreadable", None, &[("value", &value)])),
        }
    }
    out
}

/// Checks the seed against its commitment; returns the seed if the record
/// reveals it.
fn seed(record: &Record, report: &mut Report) -> Option<String> {
    let seed = record.header_values("Seed").next().map(str::to_string);
    let committed = record.header_values("SeedCommitment").next();
    match (&seed, committed) {
        (Some(seed), Some(committed)) => {
            let actual = seed_commitment(seed);
            if actual.eq_ignore_ascii_case(committed) {
                report.passed(said("verify-seed-matches", None, &[("committed", &committed)]));
            } else {
                report.failed(said(
                    "verify-seed-differs",
                    None,
                    &[("actual", &actual), ("committed", &committed)],
                ));
            }
        }
        (Some(_), None) => report.note(said("verify-seed-uncommitted", None, &[])),
        (None, Some(_)) => report.note(said("verify-seed-unrevealed", None, &[])),
        (None, None) => {}
    }
    seed
}

/// Verifies `record`.
pub fn verify(record: &Record) -> Report {
    let mut report = Report::default();
    let seed = seed(record, &mut report);
    let mut committed = commitments(record, &mut report);
    let options = match record.options() {
        Ok(options) => options,
        Err(e) => {
            report.failed(said("verify-bad-options", None, &[("error", &e.message)]));
            return report;
        }
    };
    let mut game = match AnyGame::new(record.game, &options) {
        Ok(game) => game,
        Err(e) => {
            report.failed(said("verify-bad-game", None, &[("error", &e.message)]));
            return report;
        }
    };
    // What chance dealt, still to be matched by the record's next actions.
    let mut dealt: Vec<(Seat, AnyAction)> = Vec::new();
    for (played, line) in record.actions.iter().enumerate() {
        let number = line.number;
        // Chance draws whenever the server would (before an action, from
        // the seed and the number of actions so far).
        if dealt.is_empty()
            && let Some(seed) = &seed
        {
            dealt = game.chance_actions(&mut chance_rng(seed, played));
            dealt.reverse();
        }
        let Some(seat) = game.to_act().first_seat() else {
            report.failed(said("verify-over", Some(number), &[("action", &line.text)]));
            return report;
        };
        let action = match game.play(seat, &line.text, Millis(0)) {
            Ok(action) => action,
            Err(e) => {
                report.failed(said(
                    "verify-illegal",
                    Some(number),
                    &[("action", &line.text), ("error", &e)],
                ));
                return report;
            }
        };
        if let Some((dealt_seat, expected)) = dealt.pop() {
            if (dealt_seat, &expected) == (seat, &action) {
                report.passed(said("verify-dealt", Some(number), &[]));
            } else {
                report.failed(said(
                    "verify-dealt-otherwise",
                    Some(number),
                    &[
                        ("action", &action),
                        ("seat", &game.seat_name(dealt_seat)),
                        ("expected", &expected),
                    ],
                ));
            }
        }
        let secret = game.is_secret(&action);
        match committed.remove(&number) {
            Some(c) => {
                let actual = commitment(&c.salt, &action.to_string());
                if actual == c.commitment {
                    report.passed(said(
                        "verify-commitment-matches",
                        Some(number),
                        &[("commitment", &c.commitment)],
                    ));
                } else {
                    report.failed(said(
                        "verify-commitment-differs",
                        Some(number),
                        &[
                            ("salt", &c.salt),
                            ("action", &action),
                            ("actual", &actual),
                            ("commitment", &c.commitment),
                        ],
                    ));
                }
            }
            // The server commits to every action that was secret when
            // played, and reveals them with the seed at the end.
            None if secret && seed.is_some() => {
                report.failed(said("verify-uncommitted", Some(number), &[("action", &action)]))
            }
            None => {}
        }
    }
    for number in committed.keys() {
        report.failed(said(
            "verify-commitment-past-end",
            Some(*number),
            &[("actions", &record.actions.len())],
        ));
    }
    if let Some((seat, expected)) = dealt.pop() {
        report.failed(said(
            "verify-deal-missing",
            None,
            &[("seat", &game.seat_name(seat)), ("expected", &expected)],
        ));
    }
    report
}
