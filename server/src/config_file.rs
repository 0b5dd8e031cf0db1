//! `--config FILE`: the server's flags from a TOML file. Each key is a
//! flag's long name (`bind`, `per-address`, `tls-domain`...), each value a
//! string, a number, a boolean (a switch) or, for a repeatable flag, an
//! array. The file's settings become command-line arguments put before the
//! real ones, so the command line wins over the file; an environment
//! variable that is set wins over the file too. A key that names no flag
//! is refused with a sentence, never ignored.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::Path;

use toml::{Spanned, Value};

/// The flag that names the file.
pub const FLAG: &str = "config";

/// The file `--config FILE` (or `--config=FILE`) names in `argv`, if any.
pub fn named(argv: &[OsString]) -> Option<OsString> {
    let mut words = argv.iter().skip(1);
    while let Some(word) = words.next() {
        let text = word.to_string_lossy();
        if text == "--" {
            return None;
        }
        if text == format!("--{FLAG}") {
            return words.next().cloned();
        }
        if let Some(file) = text.strip_prefix(&format!("--{FLAG}=")) {
            return Some(file.into());
        }
    }
    None
}

/// `argv` with the settings of the file it names (`--config`) put in
/// front of its own arguments; `argv` unchanged without one. `command` is
/// the command the arguments are for: its flags are the keys the file may
/// have.
pub fn with_file(argv: Vec<OsString>, command: &clap::Command) -> Result<Vec<OsString>, String> {
    let Some(file) = named(&argv) else {
        return Ok(argv);
    };
    let path = Path::new(&file);
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("could not read the config file {}: {e}", path.display()))?;
    let from_file =
        arguments(&text, command).map_err(|e| format!("the config file {}: {e}", path.display()))?;
    let mut all = Vec::with_capacity(argv.len() + from_file.len());
    let mut argv = argv.into_iter();
    all.extend(argv.next());
    all.extend(from_file);
    all.extend(argv);
    Ok(all)
}

/// The command-line arguments the TOML `text` stands for.
pub fn arguments(text: &str, command: &clap::Command) -> Result<Vec<OsString>, String> {
    let table: BTreeMap<Spanned<String>, Value> =
        toml::from_str(text).map_err(|e| format!("it is not valid TOML: {}", e.message()))?;
    let line = |key: &Spanned<String>| text[..key.span().start].matches('\n').count() + 1;
    let mut args = Vec::new();
    for (key, value) in &table {
        let name = key.get_ref();
        let Some(arg) = command
            .get_arguments()
            .find(|a| a.get_long() == Some(name.as_str()) && name != FLAG)
        else {
            return Err(format!(
                "line {}: {name:?} is not a setting of lodestone-server (the keys are the flags' \
                 long names without their dashes, such as bind = \"127.0.0.1:8080\"; \
                 `lodestone-server --help` lists them)",
                line(key)
            ));
        };
        // An environment variable that is set wins over the file.
        if arg.get_env().is_some_and(|var| std::env::var_os(var).is_some()) {
            continue;
        }
        let flag = format!("--{name}");
        let switch = !arg.get_action().takes_values();
        let one = |value: &Value| -> Result<String, String> {
            match value {
                Value::String(s) => Ok(s.clone()),
                Value::Integer(n) => Ok(n.to_string()),
                Value::Float(x) => Ok(x.to_string()),
                Value::Boolean(b) => Ok(b.to_string()),
                _ => Err(format!(
                    "line {}: {name} takes a string or a number, not {}",
                    line(key),
                    value.type_str()
                )),
            }
        };
        match value {
            Value::Boolean(on) if switch => {
                if *on {
                    args.push(OsString::from(&flag));
                }
            }
            _ if switch => {
                return Err(format!(
                    "line {}: {name} is a switch: give true or false",
                    line(key)
                ));
            }
            Value::Array(values) => {
                for value in values {
                    args.push(OsString::from(&flag));
                    args.push(OsString::from(one(value)?));
                }
            }
            value => {
                args.push(OsString::from(&flag));
                args.push(OsString::from(one(value)?));
            }
        }
    }
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command() -> clap::Command {
        clap::Command::new("t")
            .arg(clap::Arg::new("bind").long("bind"))
            .arg(
                clap::Arg::new("origin")
                    .long("allowed-origin")
                    .action(clap::ArgAction::Append),
            )
            .arg(
                clap::Arg::new("takeover")
                    .long("takeover")
                    .action(clap::ArgAction::SetTrue),
            )
            .arg(clap::Arg::new("config").long("config"))
    }

    fn words(args: Vec<OsString>) -> Vec<String> {
        args.into_iter().map(|a| a.into_string().unwrap()).collect()
    }

    #[test]
    fn keys_become_flags_and_lists_repeat() {
        let text = "bind = \"0.0.0.0:80\"\nallowed-origin = [\"https://a.example\", \"https://b.example\"]\ntakeover = true\n";
        assert_eq!(
            words(arguments(text, &command()).unwrap()),
            [
                "--allowed-origin",
                "https://a.example",
                "--allowed-origin",
                "https://b.example",
                "--bind",
                "0.0.0.0:80",
                "--takeover"
            ]
        );
        assert!(arguments("takeover = false", &command()).unwrap().is_empty());
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_line() {
        let err = arguments("bind = \"x\"\n\nbnid = \"y\"\n", &command()).unwrap_err();
        assert!(err.starts_with("line 3: \"bnid\" is not a setting"), "{err}");
        let err = arguments("config = \"other.toml\"", &command()).unwrap_err();
        assert!(err.contains("is not a setting"), "{err}");
        let err = arguments("bind = { a = 1 }", &command()).unwrap_err();
        assert!(err.contains("takes a string or a number"), "{err}");
        let err = arguments("bind = ", &command()).unwrap_err();
        assert!(err.contains("not valid TOML"), "{err}");
    }

    #[test]
    fn the_file_comes_before_the_command_line() {
        let dir = std::env::temp_dir().join(format!("lodestone-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("server.toml");
        std::fs::write(&file, "bind = \"0.0.0.0:80\"\n").unwrap();
        let argv: Vec<OsString> = [
            "prog",
            "--config",
            file.to_str().unwrap(),
            "--bind",
            "127.0.0.1:1",
        ]
        .map(OsString::from)
        .to_vec();
        assert_eq!(
            words(with_file(argv, &command()).unwrap()),
            [
                "prog",
                "--bind",
                "0.0.0.0:80",
                "--config",
                file.to_str().unwrap(),
                "--bind",
                "127.0.0.1:1"
            ]
        );
    }
}
