//! The values given on the command line to `perft`, `load`, `duel` and
//! `bot` (seconds, a rate, a game's name, `KEY=VALUE` options, a bot
//! level), read with their errors in the terminal's language (`cli-*` of
//! `cli.ftl`). The rules accept the values; English says what the rules
//! say when they refuse one (a test compares them).

use std::time::Duration;

use lodestone_i18n::Words;
use lodestone_rules::bot::Level;
use lodestone_rules::{GameKind, OptionValues};

use crate::out::say_with;

/// `--duration`, `--hold`: seconds, a finite number from 0 up.
pub fn seconds(s: &str) -> Result<f64, String> {
    let n: f64 = s
        .parse()
        .map_err(|_| say_with("cli-not-seconds", &[("value", format!("{s:?}").into())]))?;
    if Duration::try_from_secs_f64(n).is_err() {
        return Err(say_with("cli-seconds-from-zero", &[("value", s.into())]));
    }
    Ok(n)
}

/// `--rate`: moves per second, a finite number above 0 (0 would mean
/// never moving; `lodestone load` without `--rate` plays as fast as the
/// server answers).
pub fn moves_per_second(s: &str) -> Result<f64, String> {
    let n: f64 = s
        .parse()
        .map_err(|_| say_with("cli-not-rate", &[("value", format!("{s:?}").into())]))?;
    if !(n.is_finite() && n > 0.0) {
        return Err(say_with("cli-rate-above-zero", &[("value", s.into())]));
    }
    Ok(n)
}

/// A game by its name (`magneton`, any case).
pub fn game(words: &Words, name: &str) -> Result<GameKind, String> {
    name.parse().map_err(|_: lodestone_rules::NotationError| {
        words.with(
            "cli-unknown-game",
            &[("game", format!("{:?}", name.trim()).into())],
        )
    })
}

/// `KEY=VALUE` options, each split at its first `=`.
pub fn options(words: &Words, options: &[String]) -> Result<Vec<(String, String)>, String> {
    options
        .iter()
        .map(|o| {
            OptionValues::split_pair(o)
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .map_err(|_| words.with("cli-not-key-value", &[("option", format!("{o:?}").into())]))
        })
        .collect()
}

/// A bot level by its name (`greedy`, any case).
pub fn level(words: &Words, name: &str) -> Result<Level, String> {
    name.parse().map_err(|_: String| {
        let name = name.trim().to_ascii_lowercase();
        words.with("cli-unknown-level", &[("level", format!("{name:?}").into())])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_says_what_the_rules_say() {
        let english = Words::english();
        for name in ["chess", " Chess ", "", "magnet2"] {
            let rules = name.parse::<GameKind>().unwrap_err().message;
            assert_eq!(game(&english, name).unwrap_err(), rules);
        }
        assert_eq!(game(&english, " MAGNETON").unwrap(), GameKind::Magneton);
        for option in ["x", "=1", "  =y"] {
            let rules = OptionValues::split_pair(option).unwrap_err().message;
            assert_eq!(options(&english, &[option.to_string()]).unwrap_err(), rules);
        }
        let pairs = options(&english, &["move-rule = per-ray".to_string()]).unwrap();
        assert_eq!(pairs, [("move-rule".to_string(), "per-ray".to_string())]);
        for name in ["genius", " Genius ", ""] {
            let rules = name.parse::<Level>().unwrap_err();
            assert_eq!(level(&english, name).unwrap_err(), rules);
        }
        assert_eq!(level(&english, "Greedy").unwrap(), Level::Greedy);
    }

    #[test]
    fn other_languages_say_it_in_theirs() {
        let french = Words::for_tag("fr");
        assert_eq!(
            game(&french, "chess").unwrap_err(),
            "jeu inconnu \"chess\" (l'un de magnet, magma, magnetism, magneton)"
        );
        let german = Words::for_tag("de");
        assert_eq!(
            level(&german, "genius").unwrap_err(),
            "unbekannte Bot-Stufe \"genius\" (random, greedy, easy, normal oder hard)"
        );
    }
}
