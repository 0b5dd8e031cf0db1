//! An update's frame written for many audiences at once: what every
//! audience of a broadcast shares (the seats, options, clocks, status, the
//! board when all see the same) serialised once, and each audience's own
//! parts (`view::Own`: the invite, `you`, offers, risks, the new log
//! entries, the last action) spliced in, in the order serde writes
//! `ServerMessage::Update`. The bytes are those of
//! `encode(&ServerMessage::Update { … })` of the whole state; a test over
//! random games of every kind (`room/frame_tests.rs`) holds the two equal.

use std::io::Write;

use axum::extract::ws::Utf8Bytes;
use lodestone_protocol::{PlayState, RoomState};
use serde::Serialize;

use super::view::{Own, OwnPlay, ViewParts};

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
    /// `,"rematch":…` when there is one, then `}}`
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
    /// The parts of `state` (as `RoomCore::render_shared` renders it) that
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
    /// `RoomCore::render_shared` renders it (the viewer's own parts empty,
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
    pub fn write(&self, own: &Own, capacity: usize) -> Utf8Bytes {
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
        let text = String::from_utf8(out).expect("JSON is UTF-8");
        Utf8Bytes::from(text)
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
fn write_view(out: &mut Vec<u8>, position: &str, board: &lodestone_protocol::RawJson) {
    out.extend_from_slice(b"{\"position\":");
    json(out, position);
    out.extend_from_slice(b",\"board\":");
    out.write_all(board.get().as_bytes())
        .expect("a Vec takes any bytes");
}
