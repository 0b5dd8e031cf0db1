//! How a game or a room ended, in the reader's language (the `end-*`,
//! `color-*`, `seat-*` and `list-and` messages of `play.ftl`): who won,
//! and who did what, from a room's state as the protocol sends it. The
//! terminal client says it at the table and in `lodestone duel`, the
//! server in the caption of a position's image; the browser says the same
//! in `clients/web/src/words.js`.

use lodestone_protocol::{EndHow, RoomState};

use crate::{FluentValue, Words};

/// A colour named by the protocol (`white`, `red`…) in words; any other
/// name (Magma's seats `1`…`6`, a colour this client does not know) as
/// it is.
pub fn color_word(words: &Words, color: &str) -> String {
    let id = match color {
        "white" => "color-white",
        "black" => "color-black",
        "red" => "color-red",
        "blue" => "color-blue",
        "yellow" => "color-yellow",
        _ => return color.to_string(),
    };
    words.get(id)
}

/// Joins names the way a sentence lists them: `Ann`, `Ann and Bob`,
/// `Ann, Bob and Cy`.
pub fn list_words(words: &Words, names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => words.with(
            "list-and",
            &[("first", rest.join(", ").into()), ("last", last.clone().into())],
        ),
    }
}

/// A seat in words: its player and colour (`Ann (white)`), or its colour.
pub fn seat_words(words: &Words, state: &RoomState, seat: u8) -> String {
    match state.seats.get(usize::from(seat)) {
        Some(s) => {
            let color = color_word(words, &s.color);
            match &s.player {
                Some(p) => words.with(
                    "seat-player",
                    &[
                        (
                            "name",
                            s.shown_as.as_deref().unwrap_or(&p.name).to_string().into(),
                        ),
                        ("color", color.into()),
                    ],
                ),
                None => words.with("seat-free-color", &[("color", color.into())]),
            }
        }
        None => words.with("seat-number", &[("seat", seat.into())]),
    }
}

/// How the table ended it (`state.ended`), in a sentence.
fn table_end(words: &Words, how: EndHow, by: &str, won: &str, owner: Option<&str>) -> String {
    let who = |id| words.with(id, &[("who", by.to_string().into())]);
    match how {
        EndHow::Resigned => who("end-resigned"),
        EndHow::OutOfTime => who("end-out-of-time"),
        EndHow::Claimed if won.is_empty() => who("end-claimed-by-others"),
        EndHow::Claimed => words.with(
            "end-claimed",
            &[("who", by.to_string().into()), ("winner", won.to_string().into())],
        ),
        EndHow::DrawAgreed => words.get("end-draw-agreed"),
        EndHow::Aborted => who("end-aborted"),
        EndHow::Closed => match owner {
            Some(owner) => words.with("end-closed", &[("owner", owner.to_string().into())]),
            None => words.get("end-closed-by-owner"),
        },
        EndHow::Abandoned => words.get("end-abandoned"),
        EndHow::Expired => words.get("end-expired"),
    }
}

/// One reason of a result line (`four in a row`, the rules' English
/// words, docs/protocol.md), in a sentence.
fn board_end(words: &Words, reason: &str, won: &str, lost: &str) -> String {
    let won_lost = |id| {
        words.with(
            id,
            &[("won", won.to_string().into()), ("lost", lost.to_string().into())],
        )
    };
    let parts: Vec<&str> = reason.split(' ').collect();
    match parts.as_slice() {
        ["four", "in", "a", "row"] => won_lost("end-four-in-a-row"),
        ["all", n, "pieces", "on", "the", "far", "row"] => words.with(
            "end-far-row-all",
            &[("won", won.to_string().into()), ("count", number(n))],
        ),
        ["ahead", "on", "the", "far", "row,", a, "to", b] => words.with(
            "end-far-row-ahead",
            &[
                ("won", won.to_string().into()),
                ("lost", lost.to_string().into()),
                ("ahead", number(a)),
                ("behind", number(b)),
            ],
        ),
        [_, "cannot", "complete", "a", "move"] => won_lost("end-cannot-move"),
        ["king", "captured"] => won_lost("end-king-captured"),
        [_, "king", "captured", "a", "trap"] => won_lost("end-king-trapped"),
        ["king", "on", "the", "centre"] => won_lost("end-king-centre"),
        ["two-king", "race"] => won_lost("end-two-king-race"),
        ["threefold", "repetition"] => words.get("end-repetition"),
        ["neither", "side", "can", "move"] => words.get("end-no-moves"),
        ["agreed"] => words.get("end-agreed"),
        ["resignation"] => won_lost("end-resignation"),
        ["on", "time"] => won_lost("end-on-time"),
        ["all", "passed"] => words.get("end-all-passed"),
        ["agreed", "end"] => words.get("end-agreed-end"),
        ["the", "tie", "goes", "to", color, "who", "played", "last"] => words.with(
            "end-tie-last-mover",
            &[("color", color_word(words, color.trim_end_matches(',')).into())],
        ),
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
        ] => words.get("end-tie-no-turn"),
        [first, ..] if ["red", "blue", "yellow"].contains(first) => {
            words.with("end-scores", &[("scores", scores(words, reason).into())])
        }
        // A reason this client does not know: the rules' own words.
        _ => {
            let mut text = reason.to_string();
            if let Some(first) = text.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            words.with("end-other", &[("reason", text.into())])
        }
    }
}

/// The rules' reason for a result (`four in a row`; Magma's `all
/// passed; red 9, blue 4`, its parts split by `;`: what the result line
/// says in brackets, docs/protocol.md), in sentences naming `won` and
/// `lost`: the table's and `lodestone duel`'s.
pub fn reason_words(words: &Words, reason: &str, won: &str, lost: &str) -> String {
    reason
        .split(';')
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .map(|r| board_end(words, r, won, lost))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A number of a result line as a number (for the catalogues' plurals),
/// else as it is.
fn number(text: &str) -> FluentValue<'static> {
    text.parse::<u32>()
        .map_or_else(|_| text.to_string().into(), FluentValue::from)
}

/// Magma's scores (`red 9, blue 4`) with the colours in words.
fn scores(words: &Words, reason: &str) -> String {
    reason
        .split(", ")
        .map(|part| match part.split_once(' ') {
            Some((color, score)) => format!("{} {score}", color_word(words, color)),
            None => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The end of the game or the room: a headline (who won, a draw, or no
/// result) and a sentence saying who did what; `None` while it goes on.
pub fn end_words(words: &Words, state: &RoomState) -> Option<(String, String)> {
    let outcome = state.play.as_ref().and_then(|p| p.outcome.as_ref());
    let ended = state.ended.as_ref();
    if outcome.is_none() && ended.is_none() {
        return None;
    }
    let mut winners: Vec<String> = Vec::new();
    for &w in outcome.map_or(&[][..], |o| o.winners.as_slice()) {
        let name = seat_words(words, state, w);
        if !winners.contains(&name) {
            winners.push(name);
        }
    }
    let won = list_words(words, &winners);
    let lost = match outcome {
        Some(o) if !o.winners.is_empty() => {
            let losers: Vec<String> = state
                .seats
                .iter()
                .filter(|s| !o.winners.contains(&s.seat))
                .map(|s| seat_words(words, state, s.seat))
                .collect();
            list_words(words, &losers)
        }
        _ => String::new(),
    };
    let head = match outcome {
        None => words.get("end-no-result"),
        Some(_) if winners.is_empty() => words.get("end-draw"),
        Some(_) => words.with(
            "end-wins",
            &[("who", won.clone().into()), ("count", winners.len().into())],
        ),
    };
    let sentence = if let Some(ended) = ended {
        let by = ended
            .seat
            .map(|s| seat_words(words, state, s))
            .unwrap_or_default();
        let owner = state.owner.as_ref().map(|o| o.name.as_str());
        table_end(words, ended.how, &by, &won, owner)
    } else {
        let result = outcome.map_or("", |o| o.result.as_str());
        let inside = match (result.find('('), result.rfind(')')) {
            (Some(open), Some(close)) if close > open => &result[open + 1..close],
            _ => "",
        };
        reason_words(words, inside, &won, &lost)
    };
    Some((head, sentence))
}
