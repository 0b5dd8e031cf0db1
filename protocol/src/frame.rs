//! An update's frame written for many audiences at once: what every
//! audience of a broadcast shares (the seats, options, clocks, status, the
//! board when all see the same) serialised once, and each audience's own
//! parts ([`Own`]: the invite, `you`, offers, risks, the new log entries,
//! the last action) spliced in, in the order serde writes
//! `ServerMessage::Update`. The bytes are those of `serde_json` of the
//! whole message; the tests below hold the two equal over every
//! combination of present and absent fields, and the server's tests over
//! random games of every kind.

use std::collections::BTreeMap;
use std::io::Write;

use serde::Serialize;

use crate::effect::{LastAction, RiskState};
use crate::raw::RawJson;
use crate::state::{MoveEntry, PlayState, RoomState};

/// The part of a play state that comes from the rules' view.
#[derive(Clone, Debug)]
pub struct ViewParts {
    pub position: String,
    pub board: RawJson,
}

/// What of a room's state depends on the viewer's seat: the rest is the
/// same for every live viewer, so a broadcast renders and serialises it
/// once.
#[derive(Clone, Debug)]
pub struct Own {
    pub invite: Option<String>,
    pub you: Option<u8>,
    /// Once the game has started.
    pub play: Option<OwnPlay>,
}

/// The parts of a play state that depend on the viewer.
#[derive(Clone, Debug, Default)]
pub struct OwnPlay {
    /// The position and board, unless every viewer sees the same.
    pub view: Option<ViewParts>,
    pub legal: Vec<String>,
    pub promotions: BTreeMap<String, Vec<String>>,
    pub moves: Vec<MoveEntry>,
    pub moves_from: u32,
    pub last: Option<LastAction>,
    pub risks: BTreeMap<String, RiskState>,
}

impl Own {
    /// Puts these parts into `state` (the shared rendering).
    pub fn fill(self, state: &mut RoomState) {
        state.invite = self.invite;
        state.you = self.you;
        if let (Some(play), Some(own)) = (state.play.as_mut(), self.play) {
            if let Some(view) = own.view {
                play.position = view.position;
                play.board = view.board;
            }
            play.legal = own.legal;
            play.promotions = own.promotions;
            play.moves = own.moves;
            play.moves_from = own.moves_from;
            play.last = own.last;
            play.risks = own.risks;
        }
    }
}

/// The parts of an update that change only with the room's events other
/// than actions, or with who is connected (the broadcaster keeps them from
/// one broadcast to the next), as JSON text between the places where each
/// audience's own parts and the play state go.
#[derive(Debug)]
pub struct Statics {
    /// `,"state":{"id":…,"game":…,"options":…,"public":…,"invite":`
    state_head: Vec<u8>,
    /// `,"status":…,"seats":[…],"you":`
    middle: Vec<u8>,
    /// `,"owner":…` when there is one, then `,"play":`
    before_play: Vec<u8>,
    /// `,"rematch":…` and `,"ended":…` when there are, then `}}`
    tail: Vec<u8>,
}

/// The shared parts of one broadcast's update frames.
#[derive(Debug)]
pub struct UpdateFrame<'a> {
    /// `{"type":"update","room":…,"version":…`
    head: Vec<u8>,
    statics: &'a Statics,
    play: Option<PlayFrame>,
}

/// The shared parts of the play state.
#[derive(Debug)]
struct PlayFrame {
    /// `{"position":…,"board":…` as every audience sees them (empty when
    /// each audience has a view of its own).
    view: Vec<u8>,
    /// `,"to_act":[…],"legal":`
    to_act: Vec<u8>,
    /// `,"outcome":…,"clock":…`, `,"clocks":…` and `,"draw_offer":…`
    /// when present.
    after_moves: Vec<u8>,
}

/// Appends `value` as JSON.
fn json<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) {
    serde_json::to_writer(out, value).expect("server messages serialise");
}

/// Appends `,"key":` and `value` as JSON.
fn field<T: Serialize + ?Sized>(out: &mut Vec<u8>, key: &str, value: &T) {
    out.extend_from_slice(b",\"");
    out.extend_from_slice(key.as_bytes());
    out.extend_from_slice(b"\":");
    json(out, value);
}

impl Statics {
    /// The parts of `state` (as the server's shared rendering renders it) that
    /// are not the play state's.
    pub fn new(state: &RoomState) -> Statics {
        // Every field named: a field added to the wire types does not
        // compile here until it is written (or said to be an audience's
        // own, or the play state's).
        let RoomState {
            id,
            game,
            options,
            public,
            invite: _,
            status,
            seed_commitment,
            seed,
            seats,
            you: _,
            owner,
            play: _,
            rematch,
            ended,
        } = state;
        let mut state_head = Vec::with_capacity(128);
        state_head.extend_from_slice(b",\"state\":{\"id\":");
        json(&mut state_head, id);
        field(&mut state_head, "game", game);
        field(&mut state_head, "options", options);
        field(&mut state_head, "public", public);
        state_head.extend_from_slice(b",\"invite\":");
        let mut middle = Vec::with_capacity(512);
        field(&mut middle, "status", status);
        field(&mut middle, "seed_commitment", seed_commitment);
        if let Some(seed) = seed {
            field(&mut middle, "seed", seed);
        }
        field(&mut middle, "seats", seats);
        middle.extend_from_slice(b",\"you\":");
        let mut before_play = Vec::new();
        if let Some(owner) = owner {
            field(&mut before_play, "owner", owner);
        }
        before_play.extend_from_slice(b",\"play\":");
        let mut tail = Vec::new();
        if let Some(rematch) = rematch {
            field(&mut tail, "rematch", rematch);
        }
        if let Some(ended) = ended {
            field(&mut tail, "ended", ended);
        }
        tail.extend_from_slice(b"}}");
        // Kept by the room until they change: no room to spare.
        for part in [&mut state_head, &mut middle, &mut before_play, &mut tail] {
            part.shrink_to_fit();
        }
        Statics {
            state_head,
            middle,
            before_play,
            tail,
        }
    }
}

impl<'a> UpdateFrame<'a> {
    /// The frame of room `room` at `version`: `statics`, and `play` as
    /// the server's shared rendering renders it (the viewer's own parts empty,
    /// the position and board placeholders) with the view every audience
    /// shares, if they do (otherwise each has its own).
    pub fn new(
        room: &str,
        version: u64,
        statics: &'a Statics,
        play: Option<&PlayState>,
        shared: Option<&ViewParts>,
    ) -> UpdateFrame<'a> {
        let mut head = Vec::with_capacity(64);
        head.extend_from_slice(b"{\"type\":\"update\",\"room\":");
        json(&mut head, room);
        field(&mut head, "version", &version);
        UpdateFrame {
            head,
            statics,
            play: play.map(|play| PlayFrame::new(play, shared)),
        }
    }

    /// The frame for an audience whose own parts are `own`; `capacity`:
    /// the size expected (the audience's last frame's).
    pub fn write(&self, own: &Own, capacity: usize) -> String {
        let mut out = Vec::with_capacity(capacity);
        out.extend_from_slice(&self.head);
        out.extend_from_slice(&self.statics.state_head);
        json(&mut out, &own.invite);
        out.extend_from_slice(&self.statics.middle);
        json(&mut out, &own.you);
        out.extend_from_slice(&self.statics.before_play);
        match (&self.play, &own.play) {
            (Some(frame), Some(play)) => frame.write(play, &mut out),
            (Some(frame), None) => frame.write(&OwnPlay::default(), &mut out),
            (None, _) => out.extend_from_slice(b"null"),
        }
        out.extend_from_slice(&self.statics.tail);
        String::from_utf8(out).expect("JSON is UTF-8")
    }
}

impl PlayFrame {
    fn new(play: &PlayState, shared: Option<&ViewParts>) -> PlayFrame {
        let PlayState {
            // The placeholders: the view is `shared` or each audience's.
            position: _,
            board: _,
            to_act,
            legal: _,
            promotions: _,
            moves: _,
            moves_from: _,
            outcome,
            clock,
            clocks,
            draw_offer,
            last: _,
            risks: _,
        } = play;
        let mut view = Vec::new();
        if let Some(parts) = shared {
            view.reserve(64 + parts.position.len() + parts.board.get().len());
            write_view(&mut view, &parts.position, &parts.board);
        }
        let mut to_act_text = Vec::with_capacity(32);
        field(&mut to_act_text, "to_act", to_act);
        to_act_text.extend_from_slice(b",\"legal\":");
        let mut after_moves = Vec::with_capacity(64);
        field(&mut after_moves, "outcome", outcome);
        field(&mut after_moves, "clock", clock);
        if !clocks.is_empty() {
            field(&mut after_moves, "clocks", clocks);
        }
        if let Some(draw_offer) = draw_offer {
            field(&mut after_moves, "draw_offer", draw_offer);
        }
        PlayFrame {
            view,
            to_act: to_act_text,
            after_moves,
        }
    }

    fn write(&self, own: &OwnPlay, out: &mut Vec<u8>) {
        match &own.view {
            Some(view) => write_view(out, &view.position, &view.board),
            None => out.extend_from_slice(&self.view),
        }
        out.extend_from_slice(&self.to_act);
        json(out, &own.legal);
        if !own.promotions.is_empty() {
            field(out, "promotions", &own.promotions);
        }
        field(out, "moves", &own.moves);
        if own.moves_from != 0 {
            field(out, "moves_from", &own.moves_from);
        }
        out.extend_from_slice(&self.after_moves);
        if let Some(last) = &own.last {
            field(out, "last", last);
        }
        if !own.risks.is_empty() {
            field(out, "risks", &own.risks);
        }
        out.push(b'}');
    }
}

/// `{"position":…,"board":…`
fn write_view(out: &mut Vec<u8>, position: &str, board: &RawJson) {
    out.extend_from_slice(b"{\"position\":");
    json(out, position);
    out.extend_from_slice(b",\"board\":");
    out.write_all(board.get().as_bytes())
        .expect("a Vec takes any bytes");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        ClockState, EndHow, EndState, Guest, OutcomeState, RematchState, RoomStatus, SeatClock, SeatState,
        ServerMessage,
    };

    /// A state with the optional parts chosen by the bits of `mask`.
    fn state(mask: u32) -> RoomState {
        let bit = |n: u32| mask & (1 << n) != 0;
        let seat = SeatState {
            seat: 0,
            name: "white".into(),
            color: "white".into(),
            team: 0,
            player: Some(Guest {
                id: "g\"1".into(),
                name: "Ann <b>".into(),
            }),
            connected: bit(0),
            bot: bit(1),
            bot_account: bit(24),
            shown_as: bit(2).then(|| "Ann (2)".into()),
            absent: bit(3),
            stand_in: bit(25),
            vacation: None,
        };
        let play = PlayState {
            position: "x\ny".into(),
            board: RawJson::new(&serde_json::json!({"cells": [1, 2], "k": "é"})),
            to_act: vec![0],
            legal: if bit(5) {
                vec!["D4".into(), "e5".into()]
            } else {
                Vec::new()
            },
            promotions: if bit(6) {
                BTreeMap::from([("D4".into(), vec!["a1".into()])])
            } else {
                BTreeMap::new()
            },
            moves: vec![MoveEntry {
                ply: 3,
                seat: 1,
                action: bit(7).then(|| "C3".into()),
                commitment: bit(8).then(|| "abc".into()),
                salt: None,
            }],
            moves_from: if bit(9) { 2 } else { 0 },
            outcome: bit(10).then(|| OutcomeState {
                result: "white wins".into(),
                winners: vec![0],
            }),
            clock: bit(11).then_some(ClockState {
                seat: 0,
                remaining_ms: 5,
            }),
            clocks: if bit(12) {
                vec![SeatClock {
                    seat: 0,
                    remaining_ms: 9,
                    running: true,
                    berserk: bit(13),
                }]
            } else {
                Vec::new()
            },
            draw_offer: bit(13).then_some(1),
            last: bit(14).then(|| LastAction {
                ply: 3,
                seat: 1,
                effects: Vec::new(),
            }),
            risks: if bit(15) {
                BTreeMap::from([("e5".into(), RiskState::Loses)])
            } else {
                BTreeMap::new()
            },
        };
        RoomState {
            id: "room\u{1}".into(),
            game: "magneton".into(),
            options: BTreeMap::from([("clock".into(), "5+3".into())]),
            public: bit(16),
            invite: bit(17).then(|| "inv".into()),
            status: if bit(18) {
                RoomStatus::Finished
            } else {
                RoomStatus::Playing
            },
            seed_commitment: "c0ffee".into(),
            seed: bit(19).then(|| "5eed".into()),
            seats: vec![seat],
            you: bit(20).then_some(0),
            owner: bit(21).then(|| Guest {
                id: "o".into(),
                name: "Owner".into(),
            }),
            play: bit(4).then_some(play),
            rematch: bit(22).then(|| RematchState {
                accepted: vec![1],
                room: bit(23).then(|| "r2".into()),
            }),
            ended: bit(26).then(|| EndState {
                how: EndHow::OutOfTime,
                seat: bit(27).then_some(1),
            }),
        }
    }

    /// `state` cut into what a broadcast shares and the viewer's own
    /// parts; `shared`: every audience sees the same view.
    fn split(mut state: RoomState, shared: bool) -> (RoomState, Own, Option<ViewParts>) {
        let play = state.play.as_mut().map(|play| {
            let view = ViewParts {
                position: std::mem::take(&mut play.position),
                board: std::mem::replace(&mut play.board, RawJson::new(&())),
            };
            let own = OwnPlay {
                view: (!shared).then(|| view.clone()),
                legal: std::mem::take(&mut play.legal),
                promotions: std::mem::take(&mut play.promotions),
                moves: std::mem::take(&mut play.moves),
                moves_from: std::mem::take(&mut play.moves_from),
                last: play.last.take(),
                risks: std::mem::take(&mut play.risks),
            };
            (own, view)
        });
        let (own_play, view) = play.unzip();
        let own = Own {
            invite: state.invite.take(),
            you: state.you.take(),
            play: own_play,
        };
        (state, own, view.filter(|_| shared))
    }

    #[test]
    fn frames_are_the_whole_message_serialised() {
        for mask in (0..1u32 << 28).step_by(15_953).chain([0, (1 << 28) - 1]) {
            for shared in [false, true] {
                let whole = state(mask);
                let expected = serde_json::to_string(&ServerMessage::Update {
                    room: "r\"1".into(),
                    version: 42,
                    state: Box::new(whole.clone()),
                })
                .unwrap();
                let (common, own, view) = split(whole, shared);
                let statics = Statics::new(&common);
                let frame = UpdateFrame::new("r\"1", 42, &statics, common.play.as_ref(), view.as_ref());
                assert_eq!(frame.write(&own, 0), expected, "mask {mask:#x}, shared {shared}");
                // And the parts put back are the whole state again.
                let mut back = common;
                own.fill(&mut back);
                if let (Some(play), Some(view)) = (back.play.as_mut(), view) {
                    play.position = view.position;
                    play.board = view.board;
                }
                assert_eq!(back, state(mask));
            }
        }
    }
}
