//! Guests' display names: what `hello` accepts. A name has 1 to 32
//! characters after trimming, no control characters, no bidirectional
//! overrides or isolates (which can make a name read backwards, or turn
//! the text after it around), and at least one character that shows:
//! a name made only of spaces and invisible characters (U+200B and its
//! kind) is refused. Each refusal is a sentence for `bad-name`.

/// Bidirectional embeddings, overrides (U+202A–U+202E) and isolates
/// (U+2066–U+2069).
pub(crate) fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that draw nothing: spaces, zero-width and other format
/// characters, fillers, variation selectors and tags.
pub(crate) fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '\u{00AD}'
                | '\u{034F}'
                | '\u{061C}'
                | '\u{115F}'
                | '\u{1160}'
                | '\u{17B4}'
                | '\u{17B5}'
                | '\u{180B}'..='\u{180F}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202F}'
                | '\u{205F}'..='\u{206F}'
                | '\u{2800}'
                | '\u{3164}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{FFA0}'
                | '\u{1D173}'..='\u{1D17A}'
                | '\u{E0000}'..='\u{E007F}'
                | '\u{E0100}'..='\u{E01EF}'
        )
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
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::valid_name;

    #[test]
    fn ordinary_names_are_kept_trimmed() {
        assert_eq!(valid_name("  Ann ").unwrap(), "Ann");
        assert_eq!(valid_name("Zoë 🦊").unwrap(), "Zoë 🦊");
        assert_eq!(valid_name("عليّ").unwrap(), "عليّ");
        // A zero-width joiner inside a visible name is fine.
        assert_eq!(valid_name("a\u{200D}b").unwrap(), "a\u{200D}b");
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
            let e = valid_name(name).unwrap_err();
            assert!(e.contains("visible"), "{name:?}: {e}");
        }
        for name in ["Ann\u{202E}olleh", "\u{2066}Bo\u{2069}", "x\u{202A}"] {
            let e = valid_name(name).unwrap_err();
            assert!(e.contains("bidirectional"), "{name:?}: {e}");
        }
        assert!(valid_name("").is_err());
        assert!(valid_name(&"a".repeat(33)).is_err());
        assert!(valid_name("a\u{7}").is_err());
    }
}
