//! From a room's notice (what it stored) to what the notifications store:
//! the games now waiting for each person's move, the pending pushes to
//! drop (their person acted, or the turn passed), and the deliveries of
//! each notable event to each target. Pure: the room keeps its previous
//! turns and its targets (`room/notified.rs`) and writes the result in
//! its own commit, but for the games waiting, written apart
//! (`store/turns.rs`).

use std::collections::{BTreeMap, BTreeSet};

use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::NotifyEvent;
use serde::{Deserialize, Serialize};

use crate::room::{Happened, RoomNotice};
use crate::store::{DeliveryRow, NoticeWrite, Targets, TurnRow};

/// What a notification says; the body of a push and of a `json` webhook.
/// It names the game, the room and people, never a hidden value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payload {
    pub event: NotifyEvent,
    pub room: String,
    pub game: String,
    /// Everyone seated, in seat order.
    pub players: Vec<String>,
    /// The person it concerns (whose move, who offered), if one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// For a push: the recipient's opponents.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opponents: Vec<String>,
    pub title: String,
    pub text: String,
    /// Where the room is (relative for a push; absolute in a webhook when
    /// the server knows its address).
    pub url: String,
    /// Unix milliseconds of the event.
    pub at: u64,
}

/// How deliveries are timed.
#[derive(Clone, Debug)]
pub struct Timing {
    /// A `your-turn` push waits this long (dropped if its person acts or
    /// looks meanwhile).
    pub hold_ms: u64,
    /// A turn shorter than this gets no `time-running-out` alarm.
    pub alarm_min_ms: u64,
}

/// One notable event, to whom it goes, when, and whom it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Planned {
    pub kind: NotifyEvent,
    pub seq: u64,
    /// Unix ms it falls due (a push of `your-turn` later by the hold).
    pub due_at: u64,
    /// The people it goes to.
    pub to: Vec<String>,
    /// The person it is about (dropped when that person acts).
    pub about: Option<String>,
    /// The extra words (a result line, the time left).
    pub detail: Option<Detail>,
}

/// What an event says beyond its kind, put in words in the recipient's
/// language (`server.ftl`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Detail {
    DrawOffer,
    Rematch,
    /// The time left, in milliseconds.
    Left(u64),
    /// How the game ended, as the rules say it.
    Result(String),
}

/// What a notice changes, before the targets are known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub turns: Vec<TurnRow>,
    pub drop_for: Vec<String>,
    pub events: Vec<Planned>,
    /// The alarms of turns going on, as their clocks stand now (a
    /// vacation learnt since moves them): guest, the turn's seq, due at.
    pub alarms: Vec<(String, i64, i64)>,
}

/// Plans `notice` given the room's previous `old` turns.
pub fn plan(notice: &RoomNotice, old: &[TurnRow], timing: &Timing) -> Plan {
    let game = notice.game.to_string();
    let old_by: BTreeMap<&str, &TurnRow> = old.iter().map(|t| (t.guest_id.as_str(), t)).collect();
    let now: BTreeSet<&str> = notice.to_act.iter().map(|(g, _)| g.as_str()).collect();
    let acted: BTreeSet<&str> = notice.actors.iter().map(String::as_str).collect();
    let mut plan = Plan::default();
    for (guest, turn) in &notice.to_act {
        let fresh = !old_by.contains_key(guest.as_str());
        let again = acted.contains(guest.as_str());
        let (since, seq) = match old_by.get(guest.as_str()) {
            Some(t) if !again => (t.since, t.seq),
            _ => (notice.at as i64, notice.seq as i64),
        };
        plan.turns.push(TurnRow {
            guest_id: guest.clone(),
            room_id: notice.room.clone(),
            game: game.clone(),
            since,
            seq,
        });
        if fresh {
            plan.events.push(Planned {
                kind: NotifyEvent::YourTurn,
                seq: notice.seq,
                due_at: notice.at + timing.hold_ms,
                to: vec![guest.clone()],
                about: Some(guest.clone()),
                detail: None,
            });
        }
        if let (Some(turn), Some(old)) = (turn, old_by.get(guest.as_str()))
            && !again
        {
            plan.alarms.push((guest.clone(), old.seq, turn.alarm_at as i64));
        }
        if let Some(turn) = turn
            && (fresh || again)
            && turn.left_ms >= timing.alarm_min_ms.max(1)
        {
            // Running time only: a weekend pause moves the alarm on.
            let length = turn.left_ms;
            plan.events.push(Planned {
                kind: NotifyEvent::TimeRunningOut,
                seq: notice.seq,
                due_at: turn.alarm_at,
                to: vec![guest.clone()],
                about: Some(guest.clone()),
                detail: Some(Detail::Left(length - length * 4 / 5)),
            });
        }
    }
    plan.drop_for = old
        .iter()
        .map(|t| t.guest_id.as_str())
        .filter(|g| !now.contains(g) || acted.contains(g))
        .chain(acted.iter().copied())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .map(str::to_string)
        .collect();
    let people: Vec<String> = notice
        .players
        .iter()
        .filter(|(_, _, bot)| !bot)
        .map(|(id, _, _)| id.clone())
        .collect();
    for happened in &notice.happened {
        let (kind, seq, to, about, detail) = match happened {
            Happened::Started { seq } => (NotifyEvent::GameStarted, *seq, people.clone(), None, None),
            Happened::DrawOffered { seq, by } => (
                NotifyEvent::Offer,
                *seq,
                people.iter().filter(|p| *p != by).cloned().collect(),
                Some(by.clone()),
                Some(Detail::DrawOffer),
            ),
            Happened::RematchProposed { seq, by } => (
                NotifyEvent::Offer,
                *seq,
                people.iter().filter(|p| !by.contains(p)).cloned().collect(),
                by.first().cloned(),
                Some(Detail::Rematch),
            ),
            Happened::Ended { seq, result } => (
                NotifyEvent::GameOver,
                *seq,
                people.clone(),
                None,
                Some(Detail::Result(result.clone())),
            ),
        };
        plan.events.push(Planned {
            kind,
            seq,
            due_at: notice.at,
            to,
            about,
            detail,
        });
    }
    plan
}

/// Whether a comma-separated list of categories has `kind`.
pub fn wants(events: &str, kind: NotifyEvent) -> bool {
    events.split(',').any(|e| e == kind.as_str())
}

/// What `notice` writes, given the room's previous `old` turns and who
/// may be notified: the turns only when they changed; with nobody to
/// notify, nothing else (no delivery is pending either).
pub fn write(
    notice: &RoomNotice,
    old: &[TurnRow],
    targets: &Targets,
    timing: &Timing,
    node: &str,
) -> NoticeWrite {
    let mut plan = plan(notice, old, timing);
    if targets.is_empty() {
        plan.events.clear();
        plan.drop_for.clear();
        plan.alarms.clear();
    }
    let same = plan.turns.len() == old.len() && plan.turns.iter().all(|t| old.contains(t));
    let mut write = deliveries(notice, plan, targets, timing.hold_ms, node);
    if same {
        write.turns = None;
    }
    write
}

/// The deliveries of `plan` to `targets`, and the write of the notice.
pub fn deliveries(
    notice: &RoomNotice,
    plan: Plan,
    targets: &Targets,
    hold_ms: u64,
    node: &str,
) -> NoticeWrite {
    let mut out = Vec::new();
    for e in &plan.events {
        let english = Words::english();
        let room_body = payload(notice, e, None, &english);
        let row =
            |target: String, guest: Option<&String>, owner: Option<&String>, body: &Payload, due: u64| {
                DeliveryRow {
                    room_id: notice.room.clone(),
                    seq: e.seq as i64,
                    kind: e.kind.as_str().to_string(),
                    target,
                    guest_id: guest.cloned(),
                    hook_owner: owner.cloned(),
                    body: serde_json::to_string(body).unwrap_or_default(),
                    due_at: due as i64,
                    attempts: 0,
                }
            };
        // A webhook is no page to look at: only a push waits to see
        // whether its person acts first.
        let hook_due = if e.kind == NotifyEvent::YourTurn {
            e.due_at.saturating_sub(hold_ms)
        } else {
            e.due_at
        };
        for person in &e.to {
            let body = payload(notice, e, Some(person), &english);
            for sub in targets.subscriptions.get(person).into_iter().flatten() {
                if wants(&sub.events, e.kind) {
                    // A push in the language it was subscribed in.
                    let words = Words::for_tag(&sub.lang);
                    out.push(row(
                        format!("push {}", sub.endpoint),
                        Some(person),
                        None,
                        &payload(notice, e, Some(person), &words),
                        e.due_at,
                    ));
                }
            }
            for hook in targets.account_hooks.get(person).into_iter().flatten() {
                if wants(&hook.events, e.kind) {
                    let about = e.about.as_ref().or(Some(person));
                    out.push(row(
                        format!("hook {}", hook.url),
                        about,
                        Some(&hook.owner),
                        &body,
                        hook_due,
                    ));
                }
            }
        }
        for hook in &targets.room_hooks {
            if wants(&hook.events, e.kind) {
                out.push(row(
                    format!("hook {}", hook.url),
                    e.about.as_ref(),
                    Some(&hook.owner),
                    &room_body,
                    hook_due,
                ));
            }
        }
    }
    // One delivery per event and target: the first owner of a URL wins.
    let mut seen = BTreeSet::new();
    out.retain(|d| seen.insert((d.seq, d.kind.clone(), d.target.clone())));
    NoticeWrite {
        room_id: notice.room.clone(),
        turns: Some(plan.turns),
        drop_for: plan.drop_for,
        drop_before: notice.seq as i64,
        deliveries: out,
        node: node.to_string(),
        alarms: plan.alarms,
    }
}

/// The game's name as people read it (`Magneton`).
fn game_name(notice: &RoomNotice) -> String {
    let name = notice.game.to_string();
    let mut chars = name.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The words of event `e` for `recipient` (a push), or for the room (a
/// webhook: `None`), in the language of `words`.
pub fn payload(notice: &RoomNotice, e: &Planned, recipient: Option<&String>, words: &Words) -> Payload {
    let name_of = |guest: &str| {
        notice
            .players
            .iter()
            .find(|(id, _, _)| id == guest)
            .map(|(_, name, _)| name.clone())
            .unwrap_or_default()
    };
    let players: Vec<String> = notice.players.iter().map(|(_, name, _)| name.clone()).collect();
    let opponents: Vec<String> = match recipient {
        Some(me) => notice
            .players
            .iter()
            .filter(|(id, _, _)| id != me)
            .map(|(_, name, _)| name.clone())
            .collect(),
        None => Vec::new(),
    };
    let game = game_name(notice);
    let against = if opponents.is_empty() {
        players.join(", ")
    } else {
        opponents.join(", ")
    };
    let player = e.about.as_deref().map(name_of);
    let mine = recipient.is_some() && e.about.as_ref() == recipient;
    let who = player.clone().unwrap_or_default();
    let everyone = players.join(", ");
    let left = match &e.detail {
        Some(Detail::Left(ms)) => duration_words(*ms, words),
        _ => String::new(),
    };
    let result = match &e.detail {
        Some(Detail::Result(r)) if r == crate::room::NO_RESULT => words.get("notify-no-result"),
        Some(Detail::Result(r)) => r.clone(),
        _ => String::new(),
    };
    // A title and a line, each a message of `server.ftl` (English's are
    // the words this server always sent).
    let say = |id: &str| {
        let args: Vec<(&'static str, FluentValue<'_>)> = [
            ("game", &game),
            ("against", &against),
            ("who", &who),
            ("players", &everyone),
            ("left", &left),
            ("result", &result),
        ]
        .into_iter()
        .map(|(name, value)| (name, FluentValue::from(value.as_str())))
        .collect();
        (words.with(&format!("{id}-title"), &args), words.with(id, &args))
    };
    let (title, text) = match (e.kind, &e.detail) {
        (NotifyEvent::YourTurn, _) if mine => say("notify-your-move"),
        (NotifyEvent::YourTurn, _) => say("notify-to-move"),
        (NotifyEvent::GameStarted, _) => say("notify-started"),
        (NotifyEvent::Offer, Some(Detail::Rematch)) => say("notify-rematch"),
        (NotifyEvent::Offer, _) => say("notify-draw"),
        (NotifyEvent::TimeRunningOut, _) if mine => say("notify-time"),
        (NotifyEvent::TimeRunningOut, _) => say("notify-their-time"),
        (NotifyEvent::GameOver, _) => say("notify-over"),
    };
    Payload {
        event: e.kind,
        room: notice.room.clone(),
        game: notice.game.to_string(),
        players,
        player,
        opponents,
        title,
        text,
        url: format!("/#/room/{}", notice.room),
        at: notice.at,
    }
}

/// A span of time in words: `3 days`, `14 hours`, `25 minutes`,
/// `1 second`.
fn duration_words(ms: u64, words: &Words) -> String {
    let s = ms / 1000;
    let (n, unit) = if s >= 2 * 86_400 {
        (s / 86_400, "notify-days")
    } else if s >= 2 * 3600 {
        (s / 3600, "notify-hours")
    } else if s >= 120 {
        (s / 60, "notify-minutes")
    } else {
        (s, "notify-seconds")
    };
    words.with(unit, &[("count", FluentValue::from(n))])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::ClockTurn;
    use crate::store::{SubscriptionRow, WebhookRow};
    use lodestone_rules::GameKind;

    fn notice(to_act: &[(&str, Option<ClockTurn>)], actors: &[&str], happened: Vec<Happened>) -> RoomNotice {
        RoomNotice {
            room: "r".into(),
            game: GameKind::Magneton,
            seq: 10,
            at: 1_000_000,
            players: vec![
                ("ann".into(), "Ann".into(), false),
                ("bob".into(), "Bob".into(), false),
            ],
            to_act: to_act.iter().map(|(g, t)| (g.to_string(), *t)).collect(),
            actors: actors.iter().map(|a| a.to_string()).collect(),
            happened,
        }
    }

    fn turn(guest: &str, since: i64, seq: i64) -> TurnRow {
        TurnRow {
            guest_id: guest.into(),
            room_id: "r".into(),
            game: "magneton".into(),
            since,
            seq,
        }
    }

    const TIMING: Timing = Timing {
        hold_ms: 5000,
        alarm_min_ms: 3_600_000,
    };

    #[test]
    fn a_move_passes_the_turn_and_drops_the_movers_pending_pushes() {
        let n = notice(&[("bob", None)], &["ann"], vec![]);
        let plan = plan(&n, &[turn("ann", 5, 9)], &TIMING);
        assert_eq!(plan.turns, vec![turn("bob", 1_000_000, 10)]);
        assert_eq!(plan.drop_for, vec!["ann".to_string()]);
        assert_eq!(plan.events.len(), 1);
        let e = &plan.events[0];
        assert_eq!(
            (e.kind, e.due_at, e.to.clone()),
            (NotifyEvent::YourTurn, 1_005_000, vec!["bob".to_string()])
        );
        let p = payload(&n, e, Some(&"bob".to_string()), &Words::english());
        assert_eq!(p.text, "Your move in Magneton against Ann");
        assert_eq!(p.url, "/#/room/r");
    }

    #[test]
    fn a_turn_already_waiting_is_kept_with_its_start() {
        // A draw offer by Ann while Bob is to move: Bob's turn goes on.
        let n = notice(
            &[("bob", None)],
            &["ann"],
            vec![Happened::DrawOffered {
                seq: 10,
                by: "ann".into(),
            }],
        );
        let plan = plan(&n, &[turn("bob", 77, 8)], &TIMING);
        assert_eq!(plan.turns, vec![turn("bob", 77, 8)]);
        assert_eq!(plan.events.len(), 1);
        assert_eq!(plan.events[0].kind, NotifyEvent::Offer);
        assert_eq!(plan.events[0].to, vec!["bob".to_string()]);
    }

    #[test]
    fn a_correspondence_turn_gets_an_alarm_at_eighty_percent_and_a_short_one_none() {
        let day = 86_400_000;
        let long = ClockTurn {
            from: 1_000_000,
            until: 1_000_000 + 3 * day,
            left_ms: 3 * day,
            alarm_at: 1_000_000 + 3 * day * 4 / 5,
        };
        let plan_long = plan(&notice(&[("bob", Some(long))], &["ann"], vec![]), &[], &TIMING);
        let alarm = plan_long
            .events
            .iter()
            .find(|e| e.kind == NotifyEvent::TimeRunningOut)
            .expect("an alarm");
        assert_eq!(alarm.due_at, 1_000_000 + 3 * day * 4 / 5);
        assert_eq!(alarm.detail, Some(Detail::Left(3 * day / 5)));
        let bob = "bob".to_string();
        let n = notice(&[("bob", Some(long))], &["ann"], vec![]);
        let words = |lang| payload(&n, alarm, Some(&bob), &Words::for_tag(lang));
        let english = words("en");
        assert_eq!(
            (english.title.as_str(), english.text.as_str()),
            (
                "Time is running out",
                "Your move in Magneton against Ann: 14 hours left"
            )
        );
        let french = words("fr");
        assert_eq!(
            (french.title.as_str(), french.text.as_str()),
            (
                "Le temps presse",
                "À vous de jouer dans Magneton contre Ann : il reste 14 heures"
            )
        );
        assert_eq!(
            words("de").text,
            "Sie sind am Zug in Magneton gegen Ann: noch 14 Stunden"
        );
        let short = ClockTurn {
            from: 1_000_000,
            until: 1_000_000 + 60_000,
            left_ms: 60_000,
            alarm_at: 1_000_000 + 48_000,
        };
        let plan_short = plan(&notice(&[("bob", Some(short))], &["ann"], vec![]), &[], &TIMING);
        assert!(
            plan_short
                .events
                .iter()
                .all(|e| e.kind != NotifyEvent::TimeRunningOut)
        );
    }

    /// In a room with `weekends=pause`, the 80% alarm counts running time
    /// only: a `1d/move` turn begun on Friday at 12:00 UTC has used 12 hours
    /// by Saturday 00:00, none over the weekend, and reaches 80% (19.2
    /// hours) on Monday at 07:12 UTC; never on Saturday or Sunday, when
    /// the clock is paused (80% of the wall-clock span would be Sunday
    /// 21:36).
    #[test]
    fn the_alarm_of_a_turn_paused_at_the_weekend_counts_only_running_time() {
        use crate::room::{Player, RoomCore, notice};
        const H: u64 = 3_600_000;
        // Friday 2026-11-27, 12:00 UTC; the weekend from Saturday 00:00.
        const FRIDAY_NOON: u64 = 1_795_780_800_000;
        const SATURDAY: u64 = FRIDAY_NOON + 12 * H;
        const MONDAY: u64 = SATURDAY + 48 * H;
        let options: BTreeMap<String, String> = [("clock", "1d/move"), ("weekends", "pause")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let owner = Player::person("owner", "Owner");
        let created = RoomCore::create(
            "r".into(),
            "magneton",
            &options,
            true,
            &owner,
            FRIDAY_NOON,
            Box::new(crate::secrets::OsSecrets),
        );
        let (mut room, mut events) = created.expect("a room");
        let (ann, bob) = (Player::person("ann", "Ann"), Player::person("bob", "Bob"));
        events.extend(room.join(1, &ann, None, None, FRIDAY_NOON).unwrap().1);
        events.extend(room.join(2, &bob, None, None, FRIDAY_NOON).unwrap().1);
        events.extend(room.start(&ann, FRIDAY_NOON).unwrap());
        let notice = notice(&room, &events).expect("a notice");
        let (guest, turn) = notice.to_act[0].clone();
        let turn = turn.expect("a clock");
        assert_eq!((turn.until, turn.left_ms), (MONDAY + 12 * H, 24 * H));
        let plan = plan(&notice, &[], &TIMING);
        let alarms: Vec<&Planned> = plan
            .events
            .iter()
            .filter(|e| e.kind == NotifyEvent::TimeRunningOut)
            .collect();
        assert_eq!(alarms.len(), 1, "{:?}", plan.events);
        let alarm = alarms[0];
        assert_eq!(alarm.to, vec![guest]);
        assert!(
            !(SATURDAY..MONDAY).contains(&alarm.due_at),
            "no alarm while the clock is paused: due at {}",
            alarm.due_at
        );
        assert_eq!(alarm.due_at, MONDAY + 7 * H + 12 * 60_000);
        assert_eq!(
            alarm.detail.as_ref().map(|d| match d {
                Detail::Left(ms) => duration_words(*ms, &Words::english()),
                _ => String::new(),
            }),
            Some("4 hours".to_string())
        );
    }

    #[test]
    fn with_nobody_to_notify_only_changed_turns_are_written() {
        let n = notice(&[("bob", None)], &["ann"], vec![]);
        let nobody = Targets::default();
        let w = write(&n, &[turn("ann", 5, 9)], &nobody, &TIMING, "n1");
        assert_eq!(w.turns, Some(vec![turn("bob", 1_000_000, 10)]));
        assert!(w.drop_for.is_empty() && w.deliveries.is_empty() && w.alarms.is_empty());
        // A draw offer while Bob is to move changes no turn: nothing at all.
        let offer = notice(&[("bob", None)], &["ann"], vec![]);
        let w = write(&offer, &[turn("bob", 1_000_000, 10)], &nobody, &TIMING, "n1");
        assert_eq!(w.turns, None);
        // Bob subscribed: his turn is pushed after the hold.
        let sub = SubscriptionRow {
            endpoint: "https://push.example.com/bob".into(),
            guest_id: "bob".into(),
            p256dh: String::new(),
            auth: String::new(),
            events: "your-turn".into(),
            lang: "en".into(),
        };
        let bob = Targets {
            subscriptions: [("bob".to_string(), vec![sub])].into(),
            ..Targets::default()
        };
        let w = write(&n, &[turn("ann", 5, 9)], &bob, &TIMING, "n1");
        assert_eq!(w.drop_for, vec!["ann".to_string()]);
        assert_eq!(w.deliveries.len(), 1);
        assert_eq!(w.deliveries[0].due_at, 1_005_000);
    }

    #[test]
    fn one_delivery_per_event_and_url_however_many_own_it() {
        let n = notice(
            &[],
            &[],
            vec![Happened::Ended {
                seq: 10,
                result: "white wins".into(),
            }],
        );
        let p = plan(&n, &[turn("bob", 1, 1)], &TIMING);
        let hook = |owner: &str| WebhookRow {
            owner: owner.into(),
            url: "https://example.com/h".into(),
            format: "json".into(),
            secret: "00".into(),
            events: "game-over".into(),
        };
        let targets = Targets {
            subscriptions: BTreeMap::new(),
            account_hooks: [
                ("ann".to_string(), vec![hook("guest:ann")]),
                ("bob".to_string(), vec![hook("guest:bob")]),
            ]
            .into(),
            room_hooks: vec![hook("room:r")],
        };
        let write = deliveries(&n, p, &targets, 5000, "n1");
        assert_eq!(write.deliveries.len(), 1, "{:?}", write.deliveries);
        assert_eq!(write.turns, Some(vec![]));
        assert_eq!(write.drop_for, vec!["bob".to_string()]);
    }
}
