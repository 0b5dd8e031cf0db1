//! Guests' display names: what `hello` accepts. A name has 1 to 32
//! characters after trimming, no control characters, no bidirectional
//! overrides or isolates (which can make a name read backwards, or turn
//! the text after it around), and at least one character that shows:
//! a name made only of spaces and invisible characters (U+200B and its
//! kind) is refused, and so is a name with a default-ignorable code point
//! inside (`ad\u{200B}min` shows as `admin`), but for the joiner and the
//! emoji variation selector after a symbol (emoji sequences). Each refusal
//! is a sentence for `bad-name`.
//!
//! Accounts' names are unique by [`name_key`]: compatibility forms folded
//! (NFKC: `Ｖｉｃｔｉｍ` is `Victim`), default-ignorable code points
//! removed and case ignored, so two names that differ only by invisible or
//! compatibility characters are one name.

use unicode_normalization::UnicodeNormalization;

/// Bidirectional embeddings, overrides (U+202A–U+202E) and isolates
/// (U+2066–U+2069).
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that draw nothing: spaces, the Braille blank and every
/// default-ignorable code point (zero-width and other format characters,
/// fillers, variation selectors, tags, the shorthand format controls).
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_whitespace() || c == '\u{2800}' || is_default_ignorable(c)
}

/// Unicode's Default_Ignorable_Code_Point property (DerivedCoreProperties
/// of Unicode 15): characters that show nothing where they are not
/// supported.
pub(crate) fn is_default_ignorable(c: char) -> bool {
    matches!(
        c,
        '\u{00AD}'
            | '\u{034F}'
            | '\u{061C}'
            | '\u{115F}'..='\u{1160}'
            | '\u{17B4}'..='\u{17B5}'
            | '\u{180B}'..='\u{180F}'
            | '\u{200B}'..='\u{200F}'
            | '\u{202A}'..='\u{202E}'
            | '\u{2060}'..='\u{206F}'
            | '\u{3164}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}'
            | '\u{FFA0}'
            | '\u{FFF0}'..='\u{FFF8}'
            | '\u{1BCA0}'..='\u{1BCA3}'
            | '\u{1D173}'..='\u{1D17A}'
            | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// The joiner (U+200D) and the emoji presentation selector (U+FE0F) right
/// after a symbol (not a letter, digit or space): parts of an emoji
/// sequence, which show.
fn joins_a_symbol(prev: Option<char>, c: char) -> bool {
    matches!(c, '\u{200D}' | '\u{FE0F}')
        && prev.is_some_and(|p| (p as u32) >= 0x2000 && !p.is_alphanumeric() && !p.is_whitespace())
}

/// The key an account's name is unique by: compatibility forms folded
/// (NFKC), default-ignorable code points removed, lower case.
pub fn name_key(name: &str) -> String {
    let visible: String = name.nfkc().filter(|&c| !is_default_ignorable(c)).collect();
    visible.trim().to_lowercase().nfkc().collect()
}

/// The name as it will be kept (trimmed), or why it is refused.
pub fn valid_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    let len = name.chars().count();
    if len == 0 || len > 32 {
        return Err(format!("a name has 1 to 32 characters; this one has {len}"));
    }
    if name.chars().any(char::is_control) {
        return Err("a name cannot hold control characters".into());
    }
    if let Some(c) = name.chars().find(|&c| is_bidi_control(c)) {
        return Err(format!(
            "a name cannot hold bidirectional overrides or isolates (it has U+{:04X})",
            c as u32
        ));
    }
    if name.chars().all(is_invisible) {
        return Err("a name needs at least one visible character".into());
    }
    let mut prev = None;
    for c in name.chars() {
        if is_default_ignorable(c) && !joins_a_symbol(prev, c) {
            return Err(format!(
                "a name cannot hold invisible characters (it has U+{:04X}), which would make it look like another",
                c as u32
            ));
        }
        prev = Some(c);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::{name_key, valid_name};

    /// `name` is refused, and the refusal says `why`.
    fn refused_for(name: &str, why: &str) {
        let e = valid_name(name).unwrap_err();
        assert!(e.contains(why), "{name:?}: {e}");
    }

    #[test]
    fn ordinary_names_are_kept_trimmed() {
        assert_eq!(valid_name("  Ann ").unwrap(), "Ann");
        assert_eq!(valid_name("Zoë 🦊").unwrap(), "Zoë 🦊");
        assert_eq!(valid_name("عليّ").unwrap(), "عليّ");
        // Emoji sequences (a joiner, a presentation selector) are fine.
        assert_eq!(valid_name("🧑\u{200D}🚀").unwrap(), "🧑\u{200D}🚀");
        assert_eq!(valid_name("Ann ❤\u{FE0F}").unwrap(), "Ann ❤\u{FE0F}");
    }

    #[test]
    fn invisible_characters_inside_a_name_are_refused() {
        for name in [
            "ad\u{200B}min",
            "Victim\u{200B}",
            "a\u{200D}b",
            "x\u{2060}y",
            "Bo\u{FE0F}",
            "n\u{00AD}o",
        ] {
            refused_for(name, "invisible");
        }
    }

    #[test]
    fn names_that_differ_by_invisible_or_compatibility_characters_share_a_key() {
        assert_eq!(name_key("Victim"), name_key("Victim\u{200B}"));
        assert_eq!(name_key("admin"), name_key("ad\u{200B}min"));
        assert_eq!(name_key("Victim"), name_key("Ｖｉｃｔｉｍ"));
        assert_eq!(name_key("ﬁsh"), name_key("FISH"));
        assert_eq!(name_key(" ÄnN "), "änn");
        assert_eq!(name_key("A\u{0308}nn"), name_key("Änn"));
        assert_ne!(name_key("Ann"), name_key("Anne"));
    }

    #[test]
    fn invisible_names_and_bidi_controls_are_refused() {
        for name in [
            "\u{200B}",
            "\u{200B}\u{200C}\u{FEFF}",
            " \u{3164} ",
            "\u{2800}",
            "\u{E0041}",
        ] {
            refused_for(name, "visible");
        }
        for name in ["Ann\u{202E}olleh", "\u{2066}Bo\u{2069}", "x\u{202A}"] {
            refused_for(name, "bidirectional");
        }
        assert!(valid_name("").is_err());
        assert!(valid_name(&"a".repeat(33)).is_err());
        assert!(valid_name("a\u{7}").is_err());
    }
}
