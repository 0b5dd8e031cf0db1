//! `lodestone-server`: reads flags and environment and runs one command
//! (`cmd/`): serving until SIGTERM or ctrl-c (no command), `migrate-db`,
//! `admin`, `backup`, `restore`. Whatever goes wrong ends in one sentence
//! on standard error and a non-zero exit code.

mod cmd;

use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use cmd::flags::Args;

/// Lodestone's authoritative game server for Magnet, Magma, Magnetism and
/// Magneton.
#[derive(Debug, Parser)]
#[command(
    name = "lodestone-server",
    version,
    after_help = "Examples:\n  lodestone-server\n      serve on 127.0.0.1:8080 with ./lodestone.db\n  \
                  lodestone-server --bind 127.0.0.1:0 --database sqlite:///var/lib/lodestone/games.db\n      \
                  pick a free port; print it as `listening on http://ADDR`\n  \
                  lodestone-server --database postgres://lodestone@localhost/lodestone\n      \
                  keep the games in PostgreSQL\n  \
                  lodestone-server --database postgres://lodestone@db/lodestone --node n2 --advertise wss://games.example.org/n/n2/ws\n      \
                  one of several nodes sharing that database (docs/scaling.md)\n  \
                  lodestone-server migrate-db --from lodestone.db --to postgres://lodestone@localhost/lodestone\n      \
                  copy everything from SQLite into an empty PostgreSQL database (server stopped)\n\n\
                  Logging: RUST_LOG (default info), e.g. RUST_LOG=lodestone_server=debug.",
    args_conflicts_with_subcommands = true,
    args_override_self = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    args: Args,
}

#[derive(Debug, clap::Subcommand)]
enum Command {
    /// Copies every guest and every room's log from one database into
    /// another, empty one (e.g. from SQLite to PostgreSQL). Stop the server
    /// first; the source is brought up to the current schema, the target
    /// gets it.
    MigrateDb {
        /// The database to copy: sqlite://PATH, a file path, or
        /// postgres://USER@HOST/DB.
        #[arg(long)]
        from: String,
        /// The empty database to copy into.
        #[arg(long)]
        to: String,
    },
    /// Gives an account a role (docs/moderation.md): `admin grant NAME`
    /// makes the account named NAME an admin, `admin revoke NAME` a player
    /// again. Stored with an entry of the audit log.
    Admin {
        /// `grant` or `revoke`.
        #[arg(value_parser = ["grant", "revoke"])]
        action: String,
        /// The account's name.
        name: String,
        /// The server's database: sqlite://PATH, a file path, or
        /// postgres://USER@HOST/DB.
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
        database: String,
    },
    /// Copies a SQLite database, while the server runs, into a new file:
    /// the database as it was at one moment, checked, in one file.
    Backup {
        /// The database to copy (sqlite://PATH or a file path).
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
        database: String,
        /// The new file (never overwritten).
        #[arg(long)]
        to: std::path::PathBuf,
    },
    /// Puts a backup in place as the SQLite database (refused while a
    /// server uses it). The file gets the owner and mode of the one it
    /// replaces, which is kept beside it as NAME.replaced-TIME.
    Restore {
        /// The backup file.
        #[arg(long)]
        from: std::path::PathBuf,
        /// The database to replace (sqlite://PATH or a file path).
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://lodestone.db")]
        database: String,
    },
}

fn main() -> ExitCode {
    let argv = lodestone_server::config_file::with_file(std::env::args_os().collect(), &Cli::command());
    let cli = match argv {
        Ok(argv) => Cli::parse_from(argv),
        Err(message) => {
            eprintln!("lodestone-server: {message}");
            return ExitCode::FAILURE;
        }
    };
    let result = match cli.command {
        Some(Command::MigrateDb { from, to }) => cmd::migrate::migrate_db(&from, &to),
        Some(Command::Admin {
            action,
            name,
            database,
        }) => cmd::admin::admin(&database, &name, action == "grant"),
        Some(Command::Backup { database, to }) => cmd::backup::backup(&database, &to),
        Some(Command::Restore { from, database }) => cmd::backup::restore(&from, &database),
        None => cmd::serve::serve(cli.args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("lodestone-server: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A runtime of one thread, for the commands that do one thing and end.
fn one_thread() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("could not start the runtime: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every flag of the server is a key the config file may have.
    #[test]
    fn every_flag_is_a_config_key() {
        let command = Cli::command();
        for arg in command.get_arguments() {
            let Some(long) = arg.get_long() else { continue };
            if ["config", "help", "version"].contains(&long) {
                continue;
            }
            let switch = !arg.get_action().takes_values();
            let text = if switch {
                format!("{long} = true")
            } else {
                format!("{long} = \"x\"")
            };
            let args = lodestone_server::config_file::arguments(&text, &command)
                .unwrap_or_else(|e| panic!("{long}: {e}"));
            let env_set = arg.get_env().is_some_and(|v| std::env::var_os(v).is_some());
            assert!(env_set || args[0] == *format!("--{long}"), "{long}");
        }
    }

    const OPERATING: &str = include_str!("../../docs/operating.md");

    /// The code blocks of docs/operating.md in `language`.
    fn blocks(language: &str) -> Vec<&'static str> {
        OPERATING
            .split(&format!("```{language}\n"))
            .skip(1)
            .filter_map(|rest| rest.split("```").next())
            .collect()
    }

    /// A shell line's words, with their quotes taken off (enough for the
    /// commands of the docs: no escapes, no substitutions).
    fn words(line: &str) -> Vec<String> {
        let mut words = Vec::new();
        let mut word = String::new();
        let mut quote = None;
        let mut started = false;
        for c in line.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), c) => word.push(c),
                (None, '\'' | '"') => {
                    quote = Some(c);
                    started = true;
                }
                (None, c) if c.is_whitespace() => {
                    if started || !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                    started = false;
                }
                (None, c) => word.push(c),
            }
        }
        if started || !word.is_empty() {
            words.push(word);
        }
        words
    }

    /// Every example config file of docs/operating.md is a file the server
    /// reads, and the walkthrough's is where the systemd unit reads it.
    #[test]
    fn the_documented_config_files_are_read() {
        let examples = blocks("toml");
        assert!(examples.len() >= 2, "the TOML examples of docs/operating.md");
        for example in &examples {
            let args = lodestone_server::config_file::arguments(example, &Cli::command())
                .unwrap_or_else(|e| panic!("{e}:\n{example}"));
            let mut argv = vec![std::ffi::OsString::from("lodestone-server")];
            argv.extend(args);
            Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("{e}:\n{example}"));
        }
        let unit = include_str!("../../docs/systemd/lodestone.service");
        let file = examples[0]
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("# "))
            .unwrap();
        assert!(
            unit.contains(&format!("--config {file}")),
            "the unit reads {file}"
        );
        // The walkthrough's upgrade is `systemctl reload`.
        assert!(unit.contains("ExecReload=/bin/kill -USR2 $MAINPID"));
    }

    /// Every `lodestone-server` command of docs/operating.md's shell
    /// blocks is one the server takes, and every file of docs/ it names
    /// is there.
    #[test]
    fn the_documented_commands_parse() {
        let mut commands = 0;
        for block in blocks("sh") {
            let joined = block.replace("\\\n", " ");
            for line in joined.lines().filter(|l| !l.trim_start().starts_with('#')) {
                let mut words = words(line).into_iter().skip_while(|w| w.contains('='));
                let Some(first) = words.next() else { continue };
                if first != "lodestone-server" && !first.ends_with("/lodestone-server") {
                    continue;
                }
                let mut argv = vec!["lodestone-server".to_string()];
                argv.extend(words.take_while(|w| !["#", "&&", "|", ";"].contains(&w.as_str())));
                Cli::try_parse_from(&argv).unwrap_or_else(|e| panic!("{line}: {e}"));
                commands += 1;
            }
        }
        assert!(commands >= 6, "{commands} commands");
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/..");
        for named in OPERATING.split(['`', ' ', '\n', '(', ')']) {
            let named = named.trim_end_matches(['.', ',', ':']);
            if named.starts_with("docs/") && !named.ends_with('/') {
                assert!(
                    std::path::Path::new(root).join(named).is_file(),
                    "{named} is not there"
                );
            }
        }
    }
}
