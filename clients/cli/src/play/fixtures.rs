//! Test fixtures: room states made the way the server makes them, from
//! the rules' filtered views (board JSON, offers, the log with secret
//! actions as commitments), to drive the model and draw real screens.

use lodestone_protocol::{
    EffectState, LastAction, MoveEntry, OutcomeState, PlayState, RiskState, RoomState, RoomStatus, SeatState,
    board_json,
};
use lodestone_rules::{AnyGame, GameKind, Millis, Outcome, Seat, Viewer};

/// A started room of `kind` with `options`, after `actions` (each by the
/// first seat to act), as seat `you` (or a spectator) sees it; every seat
/// taken by a player named after it.
pub fn room(kind: GameKind, options: &[(&str, &str)], actions: &[&str], you: Option<u8>) -> RoomState {
    let mut game = AnyGame::new(kind, options).expect("the options are good");
    let mut log = Vec::new();
    let mut events = None;
    for (i, text) in actions.iter().enumerate() {
        let seat = game.to_act().first_seat().expect("someone may act");
        let action = game
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        let happened = game
            .apply_with_events(seat, &action, Millis(0))
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        events = Some((i as u32 + 1, seat, happened));
        log.push((i as u32 + 1, seat, action));
    }
    let viewer = you.map_or(Viewer::Spectator, |s| Viewer::Seat(Seat(s)));
    let last = events.map(|(ply, seat, happened)| LastAction {
        ply,
        seat: seat.0,
        effects: game
            .effects(seat, &happened, viewer)
            .iter()
            .map(EffectState::from)
            .collect(),
    });
    let risks = match you {
        Some(s) if game.to_act().contains(Seat(s)) => game
            .risks(Seat(s), Millis(0))
            .into_iter()
            .map(|(a, r)| (a, RiskState::from(r)))
            .collect(),
        _ => Default::default(),
    };
    let view = game.view(viewer);
    let offers = match you {
        Some(s) if game.to_act().contains(Seat(s)) => game.offers(Seat(s)),
        _ => Vec::new(),
    };
    let moves = log
        .iter()
        .map(|(ply, seat, action)| {
            let secret = game.conceals(*seat, action, viewer);
            MoveEntry {
                ply: *ply,
                seat: seat.0,
                action: (!secret).then(|| action.to_string()),
                commitment: secret.then(|| "c0ffee".repeat(10)),
                salt: None,
            }
        })
        .collect();
    let outcome = game.outcome().map(|o| OutcomeState {
        result: o.to_string(),
        winners: match o {
            Outcome::Win { winners, .. } => winners.iter().map(|s| s.0).collect(),
            Outcome::Draw { .. } => Vec::new(),
        },
    });
    let seats = (0..game.seat_count() as u8)
        .map(|s| {
            let player = if Some(s) == you {
                "Ann".to_string()
            } else {
                format!("Bot {s}")
            };
            SeatState {
                color: game.seat_color(Seat(s)),
                team: game.team(Seat(s)),
                ..super::room::tests::seat(s, &game.seat_name(Seat(s)), Some(&player))
            }
        })
        .collect();
    RoomState {
        id: "fe7b84ed".into(),
        game: kind.name().into(),
        options: game
            .option_pairs()
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        public: true,
        invite: None,
        seed_commitment: String::new(),
        seed: None,
        status: if outcome.is_some() {
            RoomStatus::Finished
        } else {
            RoomStatus::Playing
        },
        seats,
        you,
        owner: None,
        rematch: None,
        ended: None,
        play: Some(PlayState {
            position: view.to_string(),
            board: board_json(&view),
            to_act: game.to_act().iter().map(|s| s.0).collect(),
            legal: offers.iter().map(|(a, _)| a.clone()).collect(),
            promotions: offers.into_iter().filter(|(_, p)| !p.is_empty()).collect(),
            moves,
            moves_from: 0,
            outcome,
            clock: None,
            clocks: Vec::new(),
            draw_offer: None,
            last,
            risks,
        }),
    }
}
