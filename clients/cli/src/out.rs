//! Writing to standard output and error without panicking: `println!`
//! panics when the reader of a pipe has gone (`lodestone replay x | head
//! -1`). Results go through `line`, which reports a closed output as an
//! error the command ends on quietly; notes to standard error are dropped
//! if it is closed. The sentences of the commands other than `play` come
//! from `cli.ftl` in the terminal's language (`say`, `say_with`).

use std::fmt::Display;
use std::io::{self, Write};
use std::sync::OnceLock;

use lodestone_i18n::{FluentValue, Words};

/// The terminal's words (`LC_ALL`, `LC_MESSAGES`, `LANG`), read once.
pub fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(Words::from_env)
}

/// A message of the catalogues in the terminal's language.
pub fn say(id: &str) -> String {
    words().get(id)
}

/// A number written with a `.` (`0.25`, `format!("{:.1}", x)`) written
/// the terminal's way (`0,25` in French).
pub fn decimal(text: String) -> String {
    let mark = say("cli-decimal-mark");
    if mark == "." {
        text
    } else {
        text.replace('.', &mark)
    }
}

/// A message with its arguments (`{ $name }`), in the terminal's
/// language.
pub fn say_with(id: &str, args: &[(&'static str, FluentValue<'_>)]) -> String {
    words().with(id, args)
}

/// Writes `text` and a newline to standard output, at once.
pub fn line(text: impl Display) -> io::Result<()> {
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()
}

/// Writes `text` and a newline to standard error; a closed standard error
/// loses the note and nothing else.
pub fn note(text: impl Display) {
    let _ = writeln!(io::stderr().lock(), "{text}");
}

/// For a command whose exit code carries its verdict: a closed output is
/// no reason to stop (`line(..).or_else(unless_closed)`).
pub fn unless_closed(error: io::Error) -> io::Result<()> {
    if error.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(error)
    }
}

/// Whether `error` (or an error it was caused by) is a write to a pipe
/// nobody reads any more.
pub fn is_closed_pipe(error: &anyhow::Error) -> bool {
    error.chain().any(|e| {
        e.downcast_ref::<io::Error>()
            .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
    })
}
