//! `lodestone --help` in the person's language (`LANG`): each command's
//! about, long about and examples and each argument's help come from the
//! `usage-*` messages of `cli.ftl`. English keeps the doc comments of
//! `main.rs` as they are; its catalogue holds the same words, so the other
//! languages have a source to translate (a test checks they agree).
//! clap's own words (`Usage:`, `Options:`, `error:`, the `-h` and `-V`
//! lines) stay English (docs/translating.md).

use clap::Command;
use lodestone_i18n::Words;

/// A help text of the command line: its catalogue id and where it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The subcommands from the top (`["tournament"]`; empty: `lodestone`).
    pub path: Vec<String>,
    /// What it is.
    pub part: Part,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Part {
    /// The one-line about (`-h`).
    About,
    /// The long about (`--help`).
    LongAbout,
    /// The examples after the options.
    AfterHelp,
    /// An argument's help, by the argument's id (`no_color`).
    Help(String),
    /// An argument's long help (`--help`), by the argument's id.
    LongHelp(String),
}

impl Place {
    /// Its message id: `usage-about`, `usage-play-long`,
    /// `usage-tournament-examples`, `usage-load-arg-server-pid`,
    /// `usage-bot-arg-url-long`.
    pub fn id(&self) -> String {
        let mut id = String::from("usage");
        for name in &self.path {
            id.push('-');
            id.push_str(name);
        }
        let arg = |name: &str| format!("-arg-{}", name.replace('_', "-"));
        match &self.part {
            Part::About => id.push_str("-about"),
            Part::LongAbout => id.push_str("-long"),
            Part::AfterHelp => id.push_str("-examples"),
            Part::Help(name) => id.push_str(&arg(name)),
            Part::LongHelp(name) => {
                id.push_str(&arg(name));
                id.push_str("-long");
            }
        }
        id
    }
}

/// Every help text of `command` and its subcommands, with its words as
/// clap has them (for the tests: the catalogue against the doc comments).
#[cfg(test)]
pub fn texts(command: &Command) -> Vec<(Place, String)> {
    let mut found = Vec::new();
    walk(command, &[], &mut found);
    found
}

#[cfg(test)]
fn walk(command: &Command, path: &[String], found: &mut Vec<(Place, String)>) {
    let place = |part| Place {
        path: path.to_vec(),
        part,
    };
    let parts = [
        (Part::About, command.get_about()),
        (Part::LongAbout, command.get_long_about()),
        (Part::AfterHelp, command.get_after_help()),
    ];
    for (part, text) in parts {
        if let Some(text) = text {
            found.push((place(part), text.to_string()));
        }
    }
    for arg in command.get_arguments() {
        let name = arg.get_id().to_string();
        if let Some(text) = arg.get_help() {
            found.push((place(Part::Help(name.clone())), text.to_string()));
        }
        if let Some(text) = arg.get_long_help() {
            found.push((place(Part::LongHelp(name)), text.to_string()));
        }
    }
    for sub in command.get_subcommands() {
        let mut below = path.to_vec();
        below.push(sub.get_name().to_string());
        walk(sub, &below, found);
    }
}

/// `command` with its help texts in `words`' language (English: as it
/// is).
pub fn translated(command: Command, words: &Words) -> Command {
    if words.is_english() {
        return command;
    }
    translate(command, &[], words)
}

fn translate(mut command: Command, path: &[String], words: &Words) -> Command {
    let say = |part| {
        words.get(
            &Place {
                path: path.to_vec(),
                part,
            }
            .id(),
        )
    };
    if command.get_about().is_some() {
        command = command.about(say(Part::About));
    }
    if command.get_long_about().is_some() {
        command = command.long_about(say(Part::LongAbout));
    }
    if command.get_after_help().is_some() {
        command = command.after_help(say(Part::AfterHelp));
    }
    let args: Vec<(String, bool, bool)> = command
        .get_arguments()
        .map(|a| {
            let name = a.get_id().to_string();
            (name, a.get_help().is_some(), a.get_long_help().is_some())
        })
        .collect();
    for (name, help, long) in args {
        command = command.mut_arg(&name, |mut arg| {
            if help {
                arg = arg.help(say(Part::Help(name.clone())));
            }
            if long {
                arg = arg.long_help(say(Part::LongHelp(name.clone())));
            }
            arg
        });
    }
    let subs: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in subs {
        let mut below = path.to_vec();
        below.push(name.clone());
        command = command.mut_subcommand(&name, |sub| translate(sub, &below, words));
    }
    command
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;
    use lodestone_i18n::LANGUAGES;

    use super::*;

    /// `text` as a catalogue line of `id` would hold it.
    fn ftl(id: &str, text: &str) -> String {
        if text.contains('\n') {
            let lines: Vec<String> = text
                .lines()
                .map(|l| {
                    if l.is_empty() {
                        String::new()
                    } else {
                        format!("    {l}")
                    }
                })
                .collect();
            format!("{id} =\n{}", lines.join("\n"))
        } else {
            format!("{id} = {text}")
        }
    }

    /// The ids of `usage-*` messages in English's `cli.ftl`.
    fn catalogue_ids() -> Vec<String> {
        // Relative to this file: the tests crate compiles it as well, from
        // another manifest directory.
        include_str!("../../../i18n/locales/en/cli.ftl")
            .lines()
            .filter(|l| l.starts_with("usage-"))
            .filter_map(|l| l.split_once(" =").map(|(id, _)| id.to_string()))
            .collect()
    }

    #[test]
    fn every_help_text_is_in_every_catalogue_and_english_says_what_clap_says() {
        let texts = texts(&crate::Cli::command());
        assert!(texts.len() > 50, "{} help texts", texts.len());
        let english = Words::english();
        let mut wrong = Vec::new();
        for (place, text) in &texts {
            let id = place.id();
            if english.own(&id).as_deref() != Some(text.as_str()) {
                wrong.push(format!(
                    "English should say (main.rs's words):\n{}",
                    ftl(&id, text)
                ));
            }
            for lang in LANGUAGES.iter().skip(1) {
                if Words::for_tag(lang).own(&id).is_none() {
                    wrong.push(format!("{lang} lacks {id}"));
                }
            }
        }
        let ids: Vec<String> = texts.iter().map(|(p, _)| p.id()).collect();
        for id in catalogue_ids() {
            if !ids.contains(&id) {
                wrong.push(format!("{id} is no help text of lodestone"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn the_help_is_in_the_chosen_language() {
        let english = texts(&crate::Cli::command());
        for lang in LANGUAGES.iter().skip(1) {
            let words = Words::for_tag(lang);
            let translated = texts(&translated(crate::Cli::command(), &words));
            assert_eq!(translated.len(), english.len(), "{lang}");
            for ((place, text), (english_place, english_text)) in translated.iter().zip(&english) {
                assert_eq!(place, english_place);
                assert_eq!(*text, words.get(&place.id()), "{lang}");
                if place.part == Part::About {
                    assert_ne!(text, english_text, "{lang}: {} is English", place.id());
                }
            }
        }
        // English stays as clap has it.
        let same = texts(&translated(crate::Cli::command(), &Words::english()));
        assert_eq!(same, english);
    }
}
