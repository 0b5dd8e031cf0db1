//! The terminal client's sentences about the table, in one place: how a
//! game or a room ended (who won, and who did what), a draw offer, the
//! questions asked before resigning, aborting or claiming, and a seat a
//! bot plays for. The browser says the same in `clients/web/src/words.js`.

use lodestone_protocol::{EndHow, RoomState};

/// A seat in words: its player and colour (`Ann (white)`), or its colour.
pub fn seat_words(state: &RoomState, seat: u8) -> String {
    match state.seats.get(usize::from(seat)) {
        Some(s) => match &s.player {
            Some(p) => format!("{} ({})", s.shown_as.as_deref().unwrap_or(&p.name), s.color),
            None => format!("the {} seat", s.color),
        },
        None => format!("seat {seat}"),
    }
}

/// How the table ended it (`state.ended`), in a sentence.
fn table_end(how: EndHow, by: &str, won: &str, owner: &str) -> String {
    match how {
        EndHow::Resigned => format!("{by} resigned."),
        EndHow::OutOfTime => format!("{by} ran out of time on the room’s clock."),
        EndHow::Claimed => format!(
            "{by} was away on their turn, so {} claimed the game.",
            if won.is_empty() { "the others" } else { won }
        ),
        EndHow::DrawAgreed => "A draw was offered and accepted: both sides agreed to a draw.".into(),
        EndHow::Aborted => format!("{by} aborted the game before every player had moved: it has no result."),
        EndHow::Closed => format!("{owner} closed the room before the game started."),
        EndHow::Abandoned => {
            "Every player stayed away too long: the game was abandoned without a result.".into()
        }
        EndHow::Expired => "Nobody started the game in time: the room expired.".into(),
    }
}

/// One reason of a result line (`four in a row`), in a sentence.
fn board_end(reason: &str, won: &str, lost: &str) -> String {
    let words: Vec<&str> = reason.split(' ').collect();
    match words.as_slice() {
        ["four", "in", "a", "row"] => {
            format!("{won} made four in a row, moved into place by the magnetic effect.")
        }
        ["all", n, "pieces", "on", "the", "far", "row"] => {
            format!("{won} brought all {n} pieces to the far row.")
        }
        ["ahead", "on", "the", "far", "row,", a, "to", b] => {
            format!(
                "{won} got ahead on the far row, {a} to {b}, and {lost}’s one move after that did not draw level."
            )
        }
        [_, "cannot", "complete", "a", "move"] => format!("{lost} could not complete a move."),
        ["king", "captured"] => format!("{won} captured {lost}’s King."),
        [_, "king", "captured", "a", "trap"] => {
            format!("{lost}’s King captured a trap and was destroyed with it.")
        }
        ["king", "on", "the", "centre"] => format!("{won}’s King stood on the centre for a whole turn."),
        ["two-king", "race"] => {
            format!("Only the two Kings were left, and {won}’s King reached the centre first.")
        }
        ["threefold", "repetition"] => "The same position came back a third time: a draw.".into(),
        ["neither", "side", "can", "move"] => "Neither side could move: a draw.".into(),
        ["agreed"] => "Both sides agreed to a draw.".into(),
        ["resignation"] => format!("{lost} resigned."),
        ["on", "time"] => format!("{lost} ran out of time on the room’s clock."),
        ["all", "passed"] => "Everyone passed in a row, so the game was scored.".into(),
        ["agreed", "end"] => "Everyone agreed to end the game, so it was scored.".into(),
        ["the", "tie", "goes", "to", color, "who", "played", "last"] => {
            format!(
                "The best scores were tied; {} played last and takes the tie.",
                color.trim_end_matches(',')
            )
        }
        [
            "a",
            "tie,",
            "and",
            "no",
            "tied",
            "side",
            "has",
            "taken",
            "a",
            "turn",
        ] => "The best scores were tied, and no tied colour has taken a turn: a draw.".into(),
        [first, ..] if ["red", "blue", "yellow"].contains(first) => format!("Scores: {reason}."),
        _ => {
            let mut text = reason.to_string();
            if let Some(first) = text.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            format!("{text}.")
        }
    }
}

/// The end of the game or the room: a headline (who won, a draw, or no
/// result) and a sentence saying who did what; `None` while it goes on.
pub fn end_words(state: &RoomState) -> Option<(String, String)> {
    let outcome = state.play.as_ref().and_then(|p| p.outcome.as_ref());
    let ended = state.ended.as_ref();
    if outcome.is_none() && ended.is_none() {
        return None;
    }
    let mut winners: Vec<String> = Vec::new();
    for &w in outcome.map_or(&[][..], |o| o.winners.as_slice()) {
        let name = seat_words(state, w);
        if !winners.contains(&name) {
            winners.push(name);
        }
    }
    let won = winners.join(" and ");
    let lost = match outcome {
        Some(o) if !o.winners.is_empty() => state
            .seats
            .iter()
            .filter(|s| !o.winners.contains(&s.seat))
            .map(|s| seat_words(state, s.seat))
            .collect::<Vec<_>>()
            .join(" and "),
        _ => String::new(),
    };
    let head = match outcome {
        None => "No result.".to_string(),
        Some(_) if winners.is_empty() => "A draw.".to_string(),
        Some(_) => format!("{won} {}.", if winners.len() > 1 { "win" } else { "wins" }),
    };
    let sentence = if let Some(ended) = ended {
        let by = ended.seat.map(|s| seat_words(state, s)).unwrap_or_default();
        let owner = state
            .owner
            .as_ref()
            .map_or("The room’s owner", |o| o.name.as_str());
        table_end(ended.how, &by, &won, owner)
    } else {
        let result = outcome.map_or("", |o| o.result.as_str());
        let inside = match (result.find('('), result.rfind(')')) {
            (Some(open), Some(close)) if close > open => &result[open + 1..close],
            _ => "",
        };
        inside
            .split(';')
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(|r| board_end(r, &won, &lost))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Some((head, sentence))
}

/// The questions asked before a table action that cannot be undone.
pub const ASK_RESIGN: &str = "Resign this game? It counts as a loss. y resigns, any other key keeps playing.";
pub const ASK_ABORT: &str =
    "Abort this game? It ends without a result and the room closes. y aborts, any other key keeps playing.";
pub const ASK_CLAIM: &str =
    "Claim the game from the absent player? They lose as if out of time. y claims, any other key waits.";

/// A draw offer waiting, as the viewer sees it.
pub fn draw_offer_words(state: &RoomState, offer: u8) -> String {
    if state.you == Some(offer) {
        "Your draw offer waits for an answer.".into()
    } else if state.you.is_some() {
        format!(
            "{} offers a draw: y accepts, n declines.",
            seat_words(state, offer)
        )
    } else {
        format!("{} offers a draw.", seat_words(state, offer))
    }
}

/// The table's keys, as the panel lists them during the game.
pub const TABLE_KEYS: &str = "x resign · d offer a draw · a abort · w claim";

/// A seat a bot plays while its person is away.
pub const STAND_IN: &str = " ⚙ a bot plays for them";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::room::tests::{magneton_state, seat};
    use lodestone_protocol::{EndState, OutcomeState, RoomStatus};

    /// Every ending the browser's table test names, with the same words.
    #[test]
    fn every_ending_has_its_own_sentence() {
        /// The result line, the table's ending, the headline, the winners, the sentence.
        type Case = (
            &'static str,
            Option<(EndHow, Option<u8>)>,
            &'static str,
            &'static [u8],
            &'static str,
        );
        let cases: &[Case] = &[
            (
                "white wins (four in a row)",
                None,
                "Ann (white) wins.",
                &[0],
                "Ann (white) made four in a row, moved into place by the magnetic effect.",
            ),
            (
                "black wins (ahead on the far row, 1 to 0)",
                None,
                "Bob (black) wins.",
                &[1],
                "Bob (black) got ahead on the far row, 1 to 0, and Ann (white)’s one move after that did not draw level.",
            ),
            (
                "black wins (king captured)",
                None,
                "Bob (black) wins.",
                &[1],
                "Bob (black) captured Ann (white)’s King.",
            ),
            (
                "draw (threefold repetition)",
                None,
                "A draw.",
                &[],
                "The same position came back a third time: a draw.",
            ),
            (
                "black wins (all passed; black 9, white 4)",
                None,
                "Bob (black) wins.",
                &[1],
                "Everyone passed in a row, so the game was scored. Black 9, white 4.",
            ),
            (
                "black wins (resignation)",
                Some((EndHow::Resigned, Some(0))),
                "Bob (black) wins.",
                &[1],
                "Ann (white) resigned.",
            ),
            (
                "white wins (on time)",
                Some((EndHow::OutOfTime, Some(1))),
                "Ann (white) wins.",
                &[0],
                "Bob (black) ran out of time on the room’s clock.",
            ),
            (
                "white wins (on time)",
                Some((EndHow::Claimed, Some(1))),
                "Ann (white) wins.",
                &[0],
                "Bob (black) was away on their turn, so Ann (white) claimed the game.",
            ),
            (
                "draw (agreed)",
                Some((EndHow::DrawAgreed, None)),
                "A draw.",
                &[],
                "A draw was offered and accepted: both sides agreed to a draw.",
            ),
            (
                "",
                Some((EndHow::Aborted, Some(1))),
                "No result.",
                &[],
                "Bob (black) aborted the game before every player had moved: it has no result.",
            ),
            (
                "",
                Some((EndHow::Abandoned, None)),
                "No result.",
                &[],
                "Every player stayed away too long: the game was abandoned without a result.",
            ),
        ];
        for (result, ended, head, winners, sentence) in cases {
            let mut state = magneton_state(&[], &[], 0);
            state.seats = vec![seat(0, "white", Some("Ann")), seat(1, "black", Some("Bob"))];
            state.status = if result.is_empty() {
                RoomStatus::Closed
            } else {
                RoomStatus::Finished
            };
            if let Some(play) = state.play.as_mut() {
                play.outcome = (!result.is_empty()).then(|| OutcomeState {
                    result: result.to_string(),
                    winners: winners.to_vec(),
                });
            }
            state.ended = ended.map(|(how, seat)| EndState { how, seat });
            let (h, s) = end_words(&state).expect(result);
            assert_eq!((h.as_str(), s.as_str()), (*head, *sentence), "{result}");
        }
    }
}
