//! The catalogues against each other, and the choice of a language.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast::{CallArguments, Entry, Expression, InlineExpression, Pattern, PatternElement};

use super::{FluentValue, LANGUAGES, Words};

/// Each message (and term) of a catalogue text with the variables it uses.
fn messages(text: &str) -> Result<BTreeMap<String, BTreeSet<String>>, String> {
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, errors)| format!("{errors:?}"))?;
    let mut found = BTreeMap::new();
    for entry in &resource.body {
        let (id, patterns) = match entry {
            Entry::Message(m) => (
                m.id.name.to_string(),
                m.value
                    .iter()
                    .chain(m.attributes.iter().map(|a| &a.value))
                    .collect::<Vec<_>>(),
            ),
            Entry::Term(t) => (
                format!("-{}", t.id.name),
                std::iter::once(&t.value)
                    .chain(t.attributes.iter().map(|a| &a.value))
                    .collect(),
            ),
            _ => continue,
        };
        let mut vars = BTreeSet::new();
        for pattern in patterns {
            pattern_vars(pattern, &mut vars);
        }
        found.insert(id, vars);
    }
    Ok(found)
}

fn pattern_vars(pattern: &Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    let arguments = |args: &CallArguments<&str>, vars: &mut BTreeSet<String>| {
        for arg in args.positional.iter().chain(args.named.iter().map(|n| &n.value)) {
            inline_vars(arg, vars);
        }
    };
    match inline {
        InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        InlineExpression::FunctionReference { arguments: args, .. } => arguments(args, vars),
        InlineExpression::TermReference {
            arguments: Some(args),
            ..
        } => arguments(args, vars),
        _ => {}
    }
}

/// What is wrong with catalogue `other` against English: messages it
/// lacks, messages English does not have, and messages whose variables
/// differ (a translation must use every argument and no other).
fn differences(
    lang: &str,
    english: &BTreeMap<String, BTreeSet<String>>,
    other: &BTreeMap<String, BTreeSet<String>>,
) -> Vec<String> {
    let mut wrong = Vec::new();
    for (id, vars) in english {
        match other.get(id) {
            None => wrong.push(format!("{lang}: `{id}` is missing")),
            Some(theirs) if theirs != vars => {
                wrong.push(format!("{lang}: `{id}` uses {theirs:?}, English {vars:?}"))
            }
            Some(_) => {}
        }
    }
    for id in other.keys().filter(|id| !english.contains_key(*id)) {
        wrong.push(format!("{lang}: `{id}` is not in English"));
    }
    wrong
}

/// The messages of every `.ftl` file of one language's directory, by file.
fn catalogue(lang: &str) -> BTreeMap<String, BTreeMap<String, BTreeSet<String>>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales").join(lang);
    let mut files = BTreeMap::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|x| x == "ftl") {
            let text = std::fs::read_to_string(&path).expect("a readable catalogue");
            let name = path
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            let found = messages(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            files.insert(name, found);
        }
    }
    files
}

#[test]
fn every_message_is_in_every_catalogue_with_the_same_arguments() {
    let english = catalogue("en");
    assert!(!english.is_empty(), "no English catalogue");
    let mut wrong = Vec::new();
    for lang in LANGUAGES.iter().skip(1) {
        let other = catalogue(lang);
        let names: BTreeSet<_> = english.keys().chain(other.keys()).collect();
        for name in names {
            let empty = BTreeMap::new();
            let theirs = other.get(name).unwrap_or(&empty);
            let ours = english.get(name).unwrap_or(&empty);
            wrong.extend(differences(&format!("{lang}/{name}"), ours, theirs));
        }
        // No directory for a language without a complete catalogue.
    }
    let dirs: BTreeSet<String> = std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("locales"))
        .expect("the locales directory")
        .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(
        dirs,
        LANGUAGES.iter().map(|l| l.to_string()).collect(),
        "locales/ holds exactly LANGUAGES"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_comparison_names_a_missing_message_an_extra_one_and_a_changed_argument() {
    let english = messages("a = A\nb = B { $n }\n").expect("parses");
    let other = messages("b = B { $m }\nc = C\n").expect("parses");
    assert_eq!(
        differences("xx", &english, &other),
        [
            "xx: `a` is missing",
            "xx: `b` uses {\"m\"}, English {\"n\"}",
            "xx: `c` is not in English"
        ]
    );
    let selected =
        messages("d = { $count ->\n    [one] one { $what }\n   *[other] { NUMBER($count) } { $what }s\n}\n")
            .expect("parses");
    assert_eq!(
        selected["d"],
        BTreeSet::from(["count".to_string(), "what".to_string()])
    );
    assert!(messages("broken = {").is_err());
}

#[test]
fn the_language_comes_from_lc_all_lc_messages_then_lang() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |name: &str| pairs.iter().find(|(k, _)| *k == name).map(|(_, v)| v.to_string())
    };
    assert_eq!(Words::from_vars(env(&[("LANG", "fr_FR.UTF-8")])).lang(), "fr");
    assert_eq!(
        Words::from_vars(env(&[("LANG", "fr_FR.UTF-8"), ("LC_MESSAGES", "de_DE@euro")])).lang(),
        "de"
    );
    assert_eq!(
        Words::from_vars(env(&[("LANG", "de_AT"), ("LC_ALL", "fr"), ("LC_MESSAGES", "de")])).lang(),
        "fr"
    );
    assert_eq!(
        Words::from_vars(env(&[("LANG", "fr-CA"), ("LC_ALL", "")])).lang(),
        "fr"
    );
    for english in ["C", "POSIX", "C.UTF-8", "es_ES.UTF-8", "en_GB.UTF-8", ""] {
        assert_eq!(Words::for_tag(english).lang(), "en", "{english}");
    }
    assert_eq!(Words::from_vars(|_| None).lang(), "en");
}

#[test]
fn words_come_from_the_chosen_catalogue() {
    assert_eq!(
        Words::for_tag("fr_FR.UTF-8").get("lobby-your-games"),
        "Vos parties"
    );
    assert_eq!(Words::for_tag("de").get("lobby-your-games"), "Ihre Partien");
    assert_eq!(Words::english().get("lobby-your-games"), "Your games");
    // Arguments are put in as they are, without isolation marks.
    let sizes = [
        ("min", FluentValue::from("40×12")),
        ("best", FluentValue::from("80×24")),
    ];
    assert_eq!(
        Words::for_tag("de").with("small-window", &sizes),
        "Vergrößern Sie das Terminal: mindestens 40×12 (am besten 80×24)."
    );
    assert_eq!(
        Words::english().with("small-window", &sizes),
        "Make the terminal larger: at least 40×12 (80×24 is best)."
    );
}

#[test]
fn the_help_screen_lines_fit_an_80_column_terminal() {
    for lang in LANGUAGES {
        let words = Words::for_tag(lang);
        for (_, messages) in catalogue(lang) {
            for id in messages.keys().filter(|id| id.starts_with("help-")) {
                let text = words.get(id);
                assert!(
                    text.chars().count() <= 57,
                    "{lang}: `{id}` is {} characters: {text}",
                    text.chars().count()
                );
            }
        }
    }
}

#[test]
fn accept_language_picks_the_heaviest_language_with_a_catalogue() {
    let pick = |header| Words::from_accept_language(header).lang();
    assert_eq!(pick("de-DE,de;q=0.9,en;q=0.5"), "de");
    assert_eq!(pick("es, fr;q=0.8, de;q=0.5"), "fr");
    assert_eq!(pick("fr;q=0.4, de;q=0.7"), "de");
    assert_eq!(pick("FR-ca"), "fr");
    // Equal weights: the first; English named first wins over the rest.
    assert_eq!(pick("en-GB, fr"), "en");
    assert_eq!(pick("de, fr"), "de");
    // Refused (q=0), unknown, empty or nonsense: English.
    for english in ["fr;q=0", "es, pt;q=0.5", "*", "", ";;,"] {
        assert_eq!(pick(english), "en", "{english}");
    }
    // A weight that is no number counts as 1, as if it were not there.
    assert_eq!(pick("fr;q=abc"), "fr");
    assert!(Words::english().is_english() && !Words::for_tag("de").is_english());
    assert_eq!(
        Words::for_tag("fr").own("lobby-your-games").as_deref(),
        Some("Vos parties")
    );
    assert_eq!(Words::for_tag("fr").own("no-such-message"), None);
}
