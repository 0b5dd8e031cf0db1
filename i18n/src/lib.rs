//! The words Lodestone shows people, in their language: Fluent catalogues
//! (`locales/<language>/*.ftl`, one set shared by the clients and the
//! server, built into the binary), the language chosen from a setting or
//! the environment (`LC_ALL`, `LC_MESSAGES`, `LANG`), English for any
//! language or message a catalogue lacks. Codes on the wire never change
//! with the language: only the sentences shown to people do.

pub mod ended;

use std::borrow::Cow;
use std::collections::HashMap;

pub use fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, static_loader};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Terminal cells and plain text: no Unicode isolation marks
        // around the arguments (they would take room and show as boxes).
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// The languages with a complete catalogue, English (the fallback) first.
pub const LANGUAGES: [&str; 3] = ["en", "fr", "de"];

/// The words of one language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    lang: LanguageIdentifier,
}

impl Default for Words {
    fn default() -> Self {
        Self::english()
    }
}

impl Words {
    /// English, the language every catalogue is written from.
    pub fn english() -> Self {
        Self { lang: lang_id("en") }
    }

    /// The words for a language tag or a POSIX locale (`fr`, `fr-CA`,
    /// `de_DE.UTF-8`, `fr_FR@euro`); English for `C`, `POSIX`, an empty
    /// tag or a language without a catalogue.
    pub fn for_tag(tag: &str) -> Self {
        let primary = tag
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match LANGUAGES.iter().find(|l| **l == primary) {
            Some(lang) => Self { lang: lang_id(lang) },
            None => Self::english(),
        }
    }

    /// The terminal's language: the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty (the POSIX order), English without.
    pub fn from_env() -> Self {
        Self::from_vars(|name| std::env::var(name).ok())
    }

    /// [`Words::from_env`] over any source of variables (for tests).
    pub fn from_vars(var: impl Fn(&str) -> Option<String>) -> Self {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(var)
            .find(|value| !value.is_empty())
            .map_or_else(Self::english, |value| Self::for_tag(&value))
    }

    /// The best language of an HTTP `Accept-Language` header (`de-CH,
    /// fr;q=0.8, *;q=0.1`): the one with a catalogue and the highest
    /// weight (the first of equals), English when none has one.
    pub fn from_accept_language(header: &str) -> Self {
        let mut best: Option<(u32, Words)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let tag = parts.next().unwrap_or_default().trim();
            let weight = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .find_map(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            // Thousandths, as RFC 9110 writes weights.
            let weight = (weight.clamp(0.0, 1.0) * 1000.0).round() as u32;
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            let known = LANGUAGES.iter().any(|l| l.eq_ignore_ascii_case(primary));
            if weight == 0 || !known || best.as_ref().is_some_and(|(w, _)| *w >= weight) {
                continue;
            }
            best = Some((weight, Self::for_tag(tag)));
        }
        best.map_or_else(Self::english, |(_, words)| words)
    }

    /// Whether this is English, the language the program's own words are
    /// written in.
    pub fn is_english(&self) -> bool {
        self.lang == lang_id("en")
    }

    /// The language's tag (`en`, `fr`, `de`).
    pub fn lang(&self) -> String {
        self.lang.to_string()
    }

    /// A message without arguments.
    pub fn get(&self, id: &str) -> String {
        LOCALES.lookup(&self.lang, id)
    }

    /// A message of this language's own catalogue, without falling back
    /// to English (`None` when the catalogue lacks it).
    pub fn own(&self, id: &str) -> Option<String> {
        LOCALES.lookup_single_language::<&str>(&self.lang, id, None).ok()
    }

    /// A message with its arguments (`{ $name }` in the catalogue).
    pub fn with(&self, id: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue<'static>> = args
            .iter()
            .map(|(key, value)| (Cow::Borrowed(*key), value.clone().into_owned()))
            .collect();
        LOCALES.lookup_with_args(&self.lang, id, &args)
    }
}

fn lang_id(tag: &str) -> LanguageIdentifier {
    // Only the tags of LANGUAGES reach here: they always parse.
    tag.parse().unwrap_or_default()
}

#[cfg(test)]
mod tests;
