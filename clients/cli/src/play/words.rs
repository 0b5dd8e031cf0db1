//! The terminal client's sentences about the table, in one place and in
//! the player's language (`play.ftl`): how a game or a room ended (who
//! won, and who did what), a draw offer, the questions asked before
//! resigning, aborting or claiming, a seat a bot plays for, and the
//! colours and seats named in them. The browser says the same in
//! `clients/web/src/words.js`.

pub use lodestone_i18n::ended::{color_word, end_words, list_words, reason_words, seat_words};
use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::RoomState;

/// Words said later in the app's language (a notice, a refusal of a key):
/// a catalogue id of `play.ftl` and its arguments.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub id: &'static str,
    pub args: Vec<(&'static str, FluentValue<'static>)>,
}

impl Text {
    /// A message without arguments.
    pub fn new(id: &'static str) -> Text {
        Text { id, args: Vec::new() }
    }

    /// A message with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<FluentValue<'static>>) -> Text {
        self.args.push((name, value.into()));
        self
    }

    /// The message in `words`' language.
    pub fn show(&self, words: &Words) -> String {
        words.with(self.id, &self.args)
    }
}

/// A draw offer waiting, as the viewer sees it.
pub fn draw_offer_words(words: &Words, state: &RoomState, offer: u8) -> String {
    let who = seat_words(words, state, offer);
    if state.you == Some(offer) {
        words.get("draw-offer-yours")
    } else if state.you.is_some() {
        words.with("draw-offer-answer", &[("who", who.into())])
    } else {
        words.with("draw-offer-seen", &[("who", who.into())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::room::tests::{magneton_state, seat};
    use lodestone_protocol::{EndHow, EndState, OutcomeState, RoomStatus};

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
            let (h, s) = end_words(&Words::english(), &state).expect(result);
            assert_eq!((h.as_str(), s.as_str()), (*head, *sentence), "{result}");
        }
    }
}
