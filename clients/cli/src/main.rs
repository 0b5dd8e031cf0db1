//! `lodestone`: the command-line client: plays in a terminal, replays
//! game records, counts perft, runs bots and drives load against a server.

mod bot;
mod duel;
mod help;
mod load;
mod net;
mod out;
mod play;
mod values;
mod verify;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use lodestone_rules::{AnyGame, GameKind, Record, Viewer};
use out::{say, say_with};

const EXAMPLES: &str = "\
Examples:
  lodestone play http://127.0.0.1:8080
      play in this terminal: the lobby, rooms, boards, bots (docs/play.md)
  lodestone play 'http://127.0.0.1:8080/#/room/ID?invite=CODE'
      open the room of an invite link
  lodestone replay tests/records/magneton/valid/forced-pass.txt
      print the final position and the result of a recorded game
  lodestone replay game.txt --as black
      the final position as black may see it
  lodestone verify game.txt
      check a finished game's commitments and dealt setups against its revealed seed
  lodestone perft magneton 2
      count the distinct positions two actions from the start (4032)
  lodestone perft magneton 1 --record game.txt
      count from the position after a record (its headers give the options)
  lodestone perft magneton 2 --option move-rule=per-ray --position \"8/8/8/3W4/8/8/8/8 b 11 12\"
      count from a position in the game's position format
  lodestone load ws://127.0.0.1:8080 --game magneton --games 100 --duration 30 --server-pid 4242
      100 concurrent games of random moves for 30 s; throughput, latency, CPU per move
  lodestone load ws://127.0.0.1:8080 --idle 1000 --server-pid 4242
      1000 idle connections; the server's memory per connection
  lodestone duel magneton --a hard --b greedy --games 40
      two bot levels play 40 games; wins, score and Elo difference";

#[derive(Debug, Parser)]
#[command(name = "lodestone", version, about = "Lodestone's command-line client for the magnet games", after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Play in this terminal: a full-screen client for the lobby and the
    /// games, over the same protocol as the browser.
    ///
    /// Create a room for any game, take a seat or watch, add bots, join a
    /// private room by its invite link or code, and play with the arrow
    /// keys or by typing moves. Your name and guest token are kept in the
    /// identity file, so you come back as the same player; a dropped
    /// connection or a restarted server is rejoined by itself. Exits 0 when
    /// you quit; 1 if the server cannot be reached; 2 for a bad URL or
    /// flag. Keys and screens: docs/play.md.
    #[command(
        after_help = "Examples:\n  lodestone play http://127.0.0.1:8080\n  lodestone play 127.0.0.1:8080 --name Ann --bell\n  lodestone play 'http://127.0.0.1:8080/#/room/7c9e...?invite=0f3a...'\n  lodestone play http://127.0.0.1:8080 --identity ~/second.json --no-color"
    )]
    Play(play::PlayArgs),
    /// Tournaments from the terminal: list them, show one (standings,
    /// rounds, your game), enter or withdraw, organize one (--create,
    /// --add-bot, --start), and with --play wait for your next game and
    /// open it in `lodestone play`. Uses `lodestone play`'s identity file.
    /// Prints lines in the terminal's language, or the server's answers as
    /// JSON with --json: docs/tournaments.md ("In a terminal").
    #[command(
        after_help = "Examples:\n  lodestone tournament http://127.0.0.1:8080\n  lodestone tournament http://127.0.0.1:8080 --create 'Friday league' --game magneton --format swiss --rounds 5 --bots\n  lodestone tournament http://127.0.0.1:8080 5b0c8a0e-... --join --play"
    )]
    Tournament(play::tournament::TournamentArgs),
    /// Replay a game record and print the final position and the result.
    ///
    /// Prints the final position in the game's position format, then a last
    /// line `result: ongoing`, `result: draw (<reason>)` or
    /// `result: <seat> wins (<reason>)`, and exits 0. If an action cannot be
    /// read or is illegal, prints `action N: <the action>: <reason>` (N counts
    /// actions from 1; headers and comments do not count) and exits 1.
    #[command(after_help = "Example:\n  lodestone replay game.txt --as white")]
    Replay {
        /// The record file (NOTATION.md format).
        file: PathBuf,
        /// Print the position as this seat may see it (`white`, `red`, `3`,
        /// or `spectator`) instead of in full.
        #[arg(long = "as", value_name = "SEAT")]
        viewer: Option<String>,
    },
    /// Check a finished game's record against what the server committed to.
    ///
    /// Checks the revealed [Seed] against [SeedCommitment], each
    /// [Commitment "N <commitment> <salt>"] against action N (actions
    /// counted from 1, as replay counts them), each dealt setup against a
    /// new draw from the seed, that every secret action has a commitment,
    /// and that every action is legal. Prints one line per check and a
    /// last line `result: verified (N checks)` (exit 0) or `result: F of N
    /// checks failed` (exit 1).
    #[command(after_help = "Example:\n  lodestone verify game.txt")]
    Verify {
        /// The record file, as the server gives it once the game is over.
        file: PathBuf,
    },
    /// Count perft: the distinct positions reachable in DEPTH actions.
    ///
    /// Counts from the start of GAME, or from the position after the
    /// actions of a record. Prints the count and exits 0.
    #[command(
        after_help = "Examples:\n  lodestone perft magneton 3\n  lodestone perft magneton 2 --option move-rule=per-ray"
    )]
    Perft {
        /// magnet, magma, magnetism or magneton.
        game: String,
        /// How many actions deep to count.
        depth: u32,
        /// A game option, KEY=VALUE (repeatable).
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// Count from the position after this record (its headers give the
        /// options).
        #[arg(long, value_name = "FILE", conflicts_with = "position")]
        record: Option<PathBuf>,
        /// Count from this position, written in the game's position format.
        #[arg(long, value_name = "TEXT")]
        position: Option<String>,
    },
    /// Drive a server with concurrent games of random legal moves, or with
    /// idle connections, and report what it sustains.
    ///
    /// Prints games started and finished, moves and moves per second, move
    /// round-trip latency percentiles (sending an action until the mover
    /// receives the update that includes it), the server's CPU time per
    /// move (with --server-pid), errors and disconnects. Stops by itself.
    /// With several servers (the nodes of one cluster), spreads the
    /// players over them, follows `moved`, and adds a line per node.
    #[command(
        after_help = "Examples:\n  lodestone load ws://127.0.0.1:8080 --game magma --option players=6 --games 100 --duration 20\n  lodestone load ws://127.0.0.1:8081,ws://127.0.0.1:8082 --server ws://127.0.0.1:8083 --games 30\n  lodestone load ws://127.0.0.1:8080 --games 500 --rate 5000 --duration 20 --server-pid 4242\n  lodestone load ws://127.0.0.1:8080 --idle 15000 --sources 4 --server-pid 4242"
    )]
    Load(LoadArgs),
    /// Play one seat of a game as a computer player, through the public
    /// protocol, seeing only that seat's view.
    ///
    /// Joins a room (--room), or opens one and waits for players; plays
    /// until the game ends; prints `room ID seat N`, each `played ACTION`,
    /// and a last line `result: ...`. Levels: random (any offered action),
    /// greedy (the best action one move ahead by a simple per-game
    /// evaluation), and the searching easy, normal and hard (docs/bots.md).
    #[command(
        after_help = "Examples:\n  lodestone bot ws://127.0.0.1:8080 --game magnet --level greedy\n  lodestone bot ws://127.0.0.1:8080 --room 7c9e... --seat black --level random"
    )]
    Bot(BotArgs),
    /// Play two bot levels against each other in this process and report
    /// how they fared.
    ///
    /// Plays GAMES games, alternating sides (Magma: the two levels spread
    /// over the teams), reporting each game on standard error as it ends.
    /// Prints a header line, then `A wins: N`, `B wins: N`, `draws: N`
    /// (and `unfinished: N` for games cut off by --max-actions, which count
    /// as draws), `score A: X%` and `elo A-B: D (95%: LOW to HIGH)`.
    /// Without --think the search levels use their own iteration budgets,
    /// so a run is reproducible from --seed.
    #[command(
        after_help = "Examples:\n  lodestone duel magneton --a hard --b greedy --games 40\n  lodestone duel magma --a normal --b greedy --games 20 --option players=4 --think 250\n  lodestone duel magnet --a easy --b random --games 10 --iterations 200 --jobs 2"
    )]
    Duel(DuelArgs),
}

/// Arguments of `lodestone duel`.
#[derive(Debug, clap::Args)]
struct DuelArgs {
    /// magnet, magma, magnetism or magneton.
    game: String,
    /// Level A: random, greedy, easy, normal or hard.
    #[arg(long)]
    a: String,
    /// Level B.
    #[arg(long)]
    b: String,
    /// How many games to play.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Milliseconds a search level may think per move (instead of its
    /// iteration budget).
    #[arg(long, value_name = "MS")]
    think: Option<u64>,
    /// Search iterations per move for both search levels (instead of each
    /// level's own).
    #[arg(long, conflicts_with = "think")]
    iterations: Option<u64>,
    /// A game option, KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Actions after which a game is cut off as unfinished.
    #[arg(long, default_value_t = 3000)]
    max_actions: usize,
    /// Seed of the games (game i uses a seed made from it and i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once, on as many threads.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

/// Arguments of `lodestone load`.
#[derive(Debug, clap::Args)]
struct LoadArgs {
    /// The server: ws://HOST:PORT or http://HOST:PORT (an IP address).
    /// Several nodes of one cluster: more URLs, or one comma-separated
    /// list; the players are spread over them.
    #[arg(
        value_name = "URL",
        value_delimiter = ',',
        required_unless_present = "servers"
    )]
    urls: Vec<String>,
    /// One more server (node) to spread the players over (repeatable,
    /// or a comma-separated list); the same as more URLs.
    #[arg(long = "server", value_name = "URL", value_delimiter = ',')]
    servers: Vec<String>,
    /// The game to play (Magnet with dealt setups: `setup=random`).
    #[arg(long, default_value = "magneton")]
    game: String,
    /// A game option, KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Concurrent games.
    #[arg(long, default_value_t = 10)]
    games: usize,
    /// Seconds to play; games still in progress then are left unfinished
    /// (with --total-games, the run may end sooner).
    #[arg(long, default_value_t = 10.0, value_parser = values::seconds)]
    duration: f64,
    /// Stop after this many games in all.
    #[arg(long)]
    total_games: Option<u64>,
    /// Open loop: moves per second offered by all games together (each
    /// game moves on a fixed schedule). Without it: closed loop.
    #[arg(long, value_parser = values::moves_per_second)]
    rate: Option<f64>,
    /// Instead of games, open this many idle connections and report the
    /// server's memory per connection.
    #[arg(long)]
    idle: Option<usize>,
    /// Instead of playing, open this many live games (a connection per
    /// seat, every seat taken, the game started, no move) and report the
    /// server's memory per live game (with --server-pid).
    #[arg(long, conflicts_with = "idle")]
    live_games: Option<usize>,
    /// With --live-games: play each game to its end first, its players
    /// still watching, to measure a finished room kept for a rematch.
    #[arg(long, requires = "live_games")]
    after_game: bool,
    /// Seconds to hold the idle connections (or the live games).
    #[arg(long, default_value_t = 2.0, value_parser = values::seconds)]
    hold: f64,
    /// The server's process id, to read its CPU time and memory from /proc
    /// (repeatable: several nodes' figures are summed).
    #[arg(long)]
    server_pid: Vec<u32>,
    /// Spread connections over 127.0.0.1 to 127.0.0.N (past the ephemeral
    /// port limit of one source address).
    #[arg(long, default_value_t = 1)]
    sources: u8,
    /// Seed of the random move choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Also open this many rooms where one client plays against the
    /// server's bots (the other seats), answering at once, so that bots
    /// think throughout the run; their moves are reported apart.
    #[arg(long, default_value_t = 0)]
    bot_rooms: usize,
    /// The level of those bots.
    #[arg(long, default_value = "hard")]
    bot_level: String,
    /// Ask for the risks of the offered moves, as a person's client does
    /// (by default the players say they judge them themselves)
    #[arg(long)]
    risks: bool,
    /// Allow a server that is not on a loopback address.
    #[arg(long)]
    allow_remote: bool,
}

/// Arguments of `lodestone bot`.
#[derive(Debug, clap::Args)]
struct BotArgs {
    /// The server: ws://HOST:PORT or http://HOST:PORT (an IP address).
    /// Several nodes of one cluster: a comma-separated list; the bot
    /// starts at the first, and when the node it talks to drops it goes
    /// on through them in turn.
    #[arg(value_name = "URL", value_delimiter = ',', required = true)]
    url: Vec<String>,
    /// Join this room; without it, open a new room and wait for players.
    #[arg(long)]
    room: Option<String>,
    /// The invite code of a private room.
    #[arg(long)]
    invite: Option<String>,
    /// The seat to take: an index from 0 or the seat's name.
    #[arg(long)]
    seat: Option<String>,
    /// The game of a room the bot opens.
    #[arg(long, default_value = "magneton")]
    game: String,
    /// An option of a room the bot opens, KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    options: Vec<String>,
    /// Open a private room (joined with its invite code).
    #[arg(long)]
    private: bool,
    /// random, greedy, easy, normal or hard.
    #[arg(long, default_value = "greedy")]
    level: String,
    /// Milliseconds a searching level may think per move (instead of its
    /// iteration budget); a turn's timer always caps it.
    #[arg(long, value_name = "MS")]
    think: Option<u64>,
    /// The bot's display name (with --token, the account keeps its own
    /// unless this is given).
    #[arg(long)]
    name: Option<String>,
    /// Play as a bot account: the API token made in its settings
    /// (docs/api.md), instead of a new guest. Better given in the
    /// environment than on the command line.
    #[arg(long, env = "LODESTONE_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Seed of the bot's random choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Allow a server that is not on a loopback address.
    #[arg(long)]
    allow_remote: bool,
}

/// Why a command stopped early; each kind has its exit code.
#[derive(Debug)]
enum Failure {
    /// The command line asks for something that cannot be (exit 2).
    Usage(String),
    /// The command could not do its work (exit 1).
    Failed(String),
    /// Nobody reads standard output any more (a closed pipe): the command
    /// stops without a word (exit 0, like a reader that had enough).
    ClosedOutput,
}

impl From<std::io::Error> for Failure {
    /// A failed write to standard output.
    fn from(e: std::io::Error) -> Failure {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            Failure::ClosedOutput
        } else {
            Failure::Failed(say_with("cli-cannot-write", &[("error", e.to_string().into())]))
        }
    }
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        if out::is_closed_pipe(&e) {
            Failure::ClosedOutput
        } else {
            Failure::Failed(format!("{e:#}"))
        }
    }
}

fn main() -> ExitCode {
    // The help texts in the person's language (help.rs).
    let words = lodestone_i18n::Words::from_env();
    let matches = help::translated(Cli::command(), &words).get_matches();
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    let result = match cli.command {
        Command::Play(args) => play::run(args).map_err(|e| match e.code {
            2 => Failure::Usage(e.message),
            _ => Failure::Failed(e.message),
        }),
        Command::Tournament(args) => play::tournament::run(args).map_err(|e| match e.code {
            2 => Failure::Usage(e.message),
            _ => Failure::Failed(e.message),
        }),
        Command::Load(args) => load_command(args),
        Command::Bot(args) => bot_command(args),
        Command::Duel(args) => duel_command(args),
        Command::Replay { file, viewer } => replay(&file, viewer.as_deref()),
        Command::Verify { file } => verify_record(&file),
        Command::Perft {
            game,
            depth,
            options,
            record,
            position,
        } => perft(&game, depth, &options, record.as_deref(), position.as_deref()),
    };
    match result {
        Ok(()) | Err(Failure::ClosedOutput) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            out::note(say_with("cli-failed", &[("message", message.into())]));
            ExitCode::from(2)
        }
        Err(Failure::Failed(message)) => {
            out::note(say_with("cli-failed", &[("message", message.into())]));
            ExitCode::FAILURE
        }
    }
}

fn read_record(path: &Path) -> Result<Record, Failure> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Failure::Failed(say_with(
            "cli-cannot-read",
            &[
                ("file", path.display().to_string().into()),
                ("error", e.to_string().into()),
            ],
        ))
    })?;
    Record::parse(&text).map_err(|e| Failure::Failed(format!("{}: {e}", path.display())))
}

fn replay(path: &Path, viewer: Option<&str>) -> Result<(), Failure> {
    let record = read_record(path)?;
    let game = match record.replay() {
        Ok(game) => game,
        Err(e @ lodestone_rules::ReplayError::Action { .. }) => {
            // The contract line goes to standard output; the exit code says
            // the record is illegal even if nobody reads it.
            out::line(&e).or_else(out::unless_closed)?;
            return Err(Failure::Failed(say("replay-illegal-action")));
        }
        Err(e) => return Err(Failure::Failed(format!("{}: {e}", path.display()))),
    };
    let viewer = match viewer {
        None => Viewer::Referee,
        Some(name) if name.eq_ignore_ascii_case("spectator") => Viewer::Spectator,
        Some(name) => game.parse_seat(name).map(Viewer::Seat).ok_or_else(|| {
            let seats: Vec<_> = (0..game.seat_count() as u8)
                .map(|s| game.seat_name(lodestone_rules::Seat(s)))
                .collect();
            Failure::Usage(say_with(
                "replay-not-a-seat",
                &[
                    ("name", format!("{name:?}").into()),
                    ("game", game.kind().to_string().into()),
                    ("seats", seats.join(", ").into()),
                ],
            ))
        })?,
    };
    out::line(game.view(viewer))?;
    match game.outcome() {
        Some(outcome) => out::line(format_args!("result: {outcome}"))?,
        None => out::line("result: ongoing")?,
    }
    Ok(())
}

fn verify_record(path: &Path) -> Result<(), Failure> {
    let record = read_record(path)?;
    let report = verify::verify(&record);
    // The exit code carries the verdict even if nobody reads the lines.
    for line in report.lines.iter().chain([&report.summary()]) {
        out::line(line).or_else(out::unless_closed)?;
    }
    match report.failures {
        0 => Ok(()),
        _ => Err(Failure::Failed(say_with(
            "verify-does-not-verify",
            &[("file", path.display().to_string().into())],
        ))),
    }
}

fn perft(
    game: &str,
    depth: u32,
    options: &[String],
    record: Option<&Path>,
    position: Option<&str>,
) -> Result<(), Failure> {
    let (kind, pairs) = game_and_options(game, options)?;
    let start = match (record, position) {
        (None, None) => AnyGame::new(kind, &pairs).map_err(|e| Failure::Usage(e.message))?,
        (None, Some(text)) => {
            AnyGame::from_position(kind, &pairs, text).map_err(|e| Failure::Usage(e.to_string()))?
        }
        (Some(path), _) => {
            let record = read_record(path)?;
            if record.game != kind {
                return Err(Failure::Failed(say_with(
                    "perft-other-game",
                    &[
                        ("file", path.display().to_string().into()),
                        ("game", record.game.to_string().into()),
                        ("wanted", kind.to_string().into()),
                    ],
                )));
            }
            if !pairs.is_empty() {
                return Err(Failure::Usage(say("perft-option-with-record")));
            }
            record
                .replay()
                .map_err(|e| Failure::Failed(format!("{}: {e}", path.display())))?
        }
    };
    let count = start.perft(depth).map_err(|e| Failure::Failed(e.to_string()))?;
    out::line(count)?;
    Ok(())
}

fn load_command(args: LoadArgs) -> Result<(), Failure> {
    // Many connections need many file descriptors.
    let _ = rlimit::increase_nofile_limit(u64::MAX);
    let endpoints = args
        .urls
        .iter()
        .chain(&args.servers)
        .filter(|url| !url.trim().is_empty())
        .map(|url| net::Endpoint::parse(url.trim(), args.allow_remote))
        .collect::<anyhow::Result<Vec<_>>>()
        .map_err(|e| Failure::Usage(format!("{e:#}")))?;
    if endpoints.is_empty() {
        return Err(Failure::Usage(say("load-no-url")));
    }
    // One thread: the clients only send, read and pick moves, and the
    // server on the same machine needs the cores more than the load does;
    // a single thread also spares the wake-ups from one thread to another.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Failed(e.to_string()))?;
    if let Some(count) = args.idle {
        let report = runtime.block_on(load::idle(
            &endpoints,
            count,
            &args.server_pid,
            args.sources,
            Duration::from_secs_f64(args.hold),
        ))?;
        out::line(report)?;
        return Ok(());
    }
    let (game, mut options) = game_and_options(&args.game, &args.options)?;
    if args.games == 0 {
        return Err(Failure::Usage(say("cli-games-at-least-one")));
    }
    // Each game moves every games/rate seconds: that must be a duration.
    if let Some(rate) = args.rate
        && Duration::try_from_secs_f64(args.games as f64 / rate).is_err()
    {
        return Err(Failure::Usage(say_with(
            "load-rate-too-small",
            &[("rate", rate.to_string().into()), ("games", args.games.into())],
        )));
    }
    // Magnet's chosen setups are arranged by each player's client, which
    // the load generator does not do: its games are dealt.
    if game == GameKind::Magnet {
        match options.iter().find(|(k, _)| k == "setup") {
            None => options.push(("setup".into(), "random".into())),
            Some((_, v)) if v == "random" => {}
            Some(_) => {
                return Err(Failure::Usage(say("load-magnet-dealt-only")));
            }
        }
    }
    if let Some(count) = args.live_games {
        let report = runtime.block_on(load::live_games(load::LiveGames {
            endpoints: &endpoints,
            game,
            options: &options,
            count,
            server_pids: &args.server_pid,
            sources: args.sources.max(1),
            hold: Duration::from_secs_f64(args.hold),
            after_game: args.after_game,
        }))?;
        out::line(report)?;
        return Ok(());
    }
    let nodes = endpoints.len();
    let config = load::LoadConfig {
        endpoints,
        game,
        options,
        games: args.games,
        duration: Duration::from_secs_f64(args.duration),
        total_games: args.total_games,
        rate: args.rate,
        server_pids: args.server_pid,
        sources: args.sources.max(1),
        seed: args.seed,
        bot_rooms: args.bot_rooms,
        bot_level: values::level(out::words(), &args.bot_level).map_err(Failure::Usage)?,
        risks: args.risks,
    };
    let mode = match args.rate {
        Some(rate) => say_with(
            "load-open-loop",
            &[("rate", out::decimal(rate.to_string()).into())],
        ),
        None => say("load-closed-loop"),
    };
    out::note(say_with(
        if nodes > 1 {
            "load-starting-nodes"
        } else {
            "load-starting"
        },
        &[
            ("games", args.games.into()),
            ("game", game.to_string().into()),
            ("nodes", nodes.into()),
            ("mode", mode.into()),
            ("seconds", out::decimal(args.duration.to_string()).into()),
        ],
    ));
    let report = match runtime.block_on(load::run(config)) {
        Ok(report) => report,
        Err(e) if load::is_limit_failure(&format!("{e:#}")) => {
            return Err(Failure::Failed(format!("{e:#}\n{}", load::limits_hint())));
        }
        Err(e) => return Err(e.into()),
    };
    out::line(&report).or_else(out::unless_closed)?;
    if report.limited > 0 {
        out::note(load::limits_hint());
    }
    if report.errors > 0 || report.disconnects > 0 {
        return Err(Failure::Failed(say("load-had-errors")));
    }
    Ok(())
}

fn bot_command(args: BotArgs) -> Result<(), Failure> {
    let endpoints = args
        .url
        .iter()
        .map(|url| net::Endpoint::parse(url.trim(), args.allow_remote))
        .collect::<anyhow::Result<Vec<_>>>()
        .map_err(|e| Failure::Usage(format!("{e:#}")))?;
    let (game, options) = game_and_options(&args.game, &args.options)?;
    let level = values::level(out::words(), &args.level).map_err(Failure::Usage)?;
    let config = bot::BotConfig {
        endpoints,
        room: args.room,
        invite: args.invite,
        seat: args.seat,
        game,
        options,
        public: !args.private,
        level,
        think: match args.think {
            Some(0) => return Err(Failure::Usage(say("bot-think-at-least-one"))),
            think => think,
        },
        name: match (&args.name, &args.token) {
            (Some(name), _) => name.clone(),
            (None, Some(_)) => String::new(),
            // Named in the person's language, as the server names the
            // bots it seats (`bot-name`).
            (None, None) => say_with("bot-name", &[("level", level.name().into())]),
        },
        token: args.token,
        seed: args.seed,
    };
    let runtime = tokio::runtime::Runtime::new().map_err(|e| Failure::Failed(e.to_string()))?;
    runtime.block_on(bot::run(config))?;
    Ok(())
}

fn duel_command(args: DuelArgs) -> Result<(), Failure> {
    let (game, options) = game_and_options(&args.game, &args.options)?;
    let level = |text: &str| values::level(out::words(), text).map_err(Failure::Usage);
    if args.games == 0 {
        return Err(Failure::Usage(say("cli-games-at-least-one")));
    }
    if args.jobs == 0 || args.jobs > 64 {
        return Err(Failure::Usage(say("duel-jobs-range")));
    }
    if args.think == Some(0) || args.iterations == Some(0) {
        return Err(Failure::Usage(say("duel-think-at-least-one")));
    }
    let config = duel::DuelConfig {
        game,
        options,
        a: level(&args.a)?,
        b: level(&args.b)?,
        games: args.games,
        think: args.think.map(Duration::from_millis),
        iterations: args.iterations,
        max_actions: args.max_actions,
        seed: args.seed,
        jobs: args.jobs,
    };
    lodestone_rules::AnyGame::new(game, &config.options).map_err(|e| Failure::Usage(e.message))?;
    let report = duel::run(&config).map_err(Failure::Failed)?;
    out::line(report)?;
    Ok(())
}

/// A game name and `KEY=VALUE` options from the command line (a usage
/// error, exit 2, if either is bad).
fn game_and_options(game: &str, options: &[String]) -> Result<(GameKind, Vec<(String, String)>), Failure> {
    let game = values::game(out::words(), game).map_err(Failure::Usage)?;
    let options = values::options(out::words(), options).map_err(Failure::Usage)?;
    Ok((game, options))
}
