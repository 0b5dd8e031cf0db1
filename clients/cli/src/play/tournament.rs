//! `lodestone tournament`: tournaments from a terminal, as the player of
//! the identity file `lodestone play` keeps. Lists them, shows one
//! (standings, rounds, one's own game), enters, withdraws, organizes
//! (create, add computer players, start), and with `--play` waits for
//! one's next game and opens it in `lodestone play`'s full screen. Its
//! lines are in the person's language (`LANG`, `tournament-*` of
//! `cli.ftl`; in English as docs/tournaments.md writes them); `--json`
//! prints the server's answers instead, for programs.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use lodestone_i18n::{FluentValue, Words};
use lodestone_protocol::{
    ClientMessage, RequestId, ServerMessage, Tally, TournamentFormat, TournamentSpec, TournamentState,
    TournamentSummary,
};
use serde_json::json;
use tokio_tungstenite::tungstenite::Message;

use super::conn::{self, Socket};
use super::target::Target;
use super::{Exit, PlayArgs, who};

/// Arguments of `lodestone tournament`.
#[derive(Debug, clap::Args)]
pub struct TournamentArgs {
    /// The server (http://HOST:PORT, https://…, ws://…).
    pub url: String,
    /// The tournament's id; without it, the list of tournaments.
    pub id: Option<String>,
    /// Enter the tournament (or come back after withdrawing).
    #[arg(long)]
    pub join: bool,
    /// A private tournament's invite code.
    #[arg(long, value_name = "CODE")]
    pub invite: Option<String>,
    /// Leave before the start, or withdraw during the event.
    #[arg(long)]
    pub withdraw: bool,
    /// Organize a tournament of this name (with --game, --format, …);
    /// prints `tournament ID`.
    #[arg(long, value_name = "NAME")]
    pub create: Option<String>,
    /// With --create: the game.
    #[arg(long, default_value = "magneton")]
    pub game: String,
    /// With --create: round-robin, swiss, arena or magma.
    #[arg(long, default_value = "round-robin")]
    pub format: String,
    /// With --create: rounds of a Swiss or Magma event.
    #[arg(long)]
    pub rounds: Option<u32>,
    /// With --create: an arena's length in seconds.
    #[arg(long)]
    pub seconds: Option<u64>,
    /// With --create: a Magma event's players a table.
    #[arg(long)]
    pub table: Option<u32>,
    /// With --create: a Magma event of teams fixed for the event (`pairs`:
    /// teams of two, at tables of 4 or 6).
    #[arg(long, value_name = "TEAMS")]
    pub teams: Option<String>,
    /// With --join or --add-bot: the team (a new name makes it, a team's
    /// name joins it).
    #[arg(long, value_name = "NAME")]
    pub team: Option<String>,
    /// With --create: the games' options, KEY=VALUE (as for a room).
    #[arg(long = "option", value_name = "KEY=VALUE")]
    pub options: Vec<String>,
    /// With --create: computer players may enter.
    #[arg(long)]
    pub bots: bool,
    /// With --create: private (joined by its invite code).
    #[arg(long)]
    pub private: bool,
    /// The organizer enters a computer player of this level.
    #[arg(long, value_name = "LEVEL")]
    pub add_bot: Option<String>,
    /// The organizer starts the tournament now.
    #[arg(long)]
    pub start: bool,
    /// Wait for your next game and open it in `lodestone play`.
    #[arg(long)]
    pub play: bool,
    /// Your display name; kept in the identity file.
    #[arg(long)]
    pub name: Option<String>,
    /// The identity file (as `lodestone play` keeps it).
    #[arg(long, value_name = "FILE")]
    pub identity: Option<PathBuf>,
    /// For programs: each answer of the server as one line of JSON (the
    /// protocol's `tournaments` or `tournament` message), the same in
    /// every language, instead of lines in words.
    #[arg(long, conflicts_with = "play")]
    pub json: bool,
}

/// A plain request/reply connection as the identity's player.
struct Session {
    socket: Socket,
    next_id: u64,
    guest: String,
    words: Words,
    /// `--json`: each reply printed as the server wrote it, no words.
    json: bool,
}

impl Session {
    async fn send(&mut self, message: impl FnOnce(RequestId) -> ClientMessage) -> Result<RequestId, Exit> {
        let id = RequestId::Number(self.next_id);
        self.next_id += 1;
        let text = serde_json::to_string(&message(id.clone())).map_err(|e| Exit::new(e.to_string(), 1))?;
        self.socket.send(Message::text(text)).await.map_err(|e| {
            Exit::new(
                self.words
                    .with("tournament-send-failed", &[("error", e.to_string().into())]),
                1,
            )
        })?;
        Ok(id)
    }

    /// The next server message.
    async fn next(&mut self) -> Result<ServerMessage, Exit> {
        loop {
            match self.socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    if let Ok(message) = serde_json::from_str(&text) {
                        return Ok(message);
                    }
                }
                Some(Ok(_)) => {}
                _ => return Err(Exit::new(self.words.get("conn-closed"), 1)),
            }
        }
    }

    /// Sends `message` and waits for its reply; an `error` is an Exit
    /// (its sentence in the language the hello said).
    async fn request(
        &mut self,
        message: impl FnOnce(RequestId) -> ClientMessage,
    ) -> Result<ServerMessage, Exit> {
        let id = self.send(message).await?;
        loop {
            let reply = self.next().await?;
            let answers = match &reply {
                ServerMessage::Error { id: Some(i), .. } | ServerMessage::Tournament { id: Some(i), .. } => {
                    *i == id
                }
                ServerMessage::Welcome { id: i, .. }
                | ServerMessage::Ack { id: i, .. }
                | ServerMessage::Tournaments { id: i, .. } => *i == id,
                _ => false,
            };
            if !answers {
                continue;
            }
            if let ServerMessage::Error { code, message, .. } = reply {
                let args = [("message", message.into()), ("code", code.as_str().into())];
                return Err(Exit::new(self.words.with("tournament-refused", &args), 1));
            }
            return Ok(reply);
        }
    }

    /// A request answered with `tournament`; with `--json`, the answer
    /// is printed.
    async fn tournament(
        &mut self,
        message: impl FnOnce(RequestId) -> ClientMessage,
    ) -> Result<TournamentState, Exit> {
        match self.request(message).await? {
            reply @ ServerMessage::Tournament { .. } => {
                self.print_json(&reply);
                match reply {
                    ServerMessage::Tournament { tournament, .. } => Ok(*tournament),
                    _ => unreachable!("matched above"),
                }
            }
            other => Err(Exit::new(
                self.words.with(
                    "tournament-unexpected",
                    &[("answer", format!("{other:?}").into())],
                ),
                1,
            )),
        }
    }

    /// With `--json`, `message` as one line of JSON.
    fn print_json(&self, message: &ServerMessage) {
        if self.json
            && let Ok(line) = serde_json::to_string(message)
        {
            println!("{line}");
        }
    }

    /// Without `--json`, the message `id` with `args` as a line.
    fn say(&self, id: &str, args: &[(&'static str, FluentValue<'_>)]) {
        if !self.json {
            println!("{}", self.words.with(id, args));
        }
    }
}

/// A status or a format as the protocol names it (`round-robin`), the
/// catalogue's selector.
fn wire_name(value: impl serde::Serialize) -> String {
    json!(value).as_str().unwrap_or("?").to_string()
}

/// One line of the list: `ID STATUS FORMAT GAME PLAYERS NAME` in English.
fn list_line(words: &Words, t: &TournamentSummary) -> String {
    words.with(
        "tournament-list-line",
        &[
            ("id", t.id.clone().into()),
            ("status", wire_name(t.status).into()),
            ("format", wire_name(t.format).into()),
            ("game", t.game.clone().into()),
            ("players", t.players.to_string().into()),
            ("name", t.name.clone().into()),
        ],
    )
}

/// Points as `2.5`.
fn points(p: f64) -> String {
    if p.fract() == 0.0 {
        format!("{p:.0}")
    } else {
        format!("{p:.1}")
    }
}

/// The unfinished game of `guest`, if any.
fn my_game<'a>(t: &'a TournamentState, guest: &str) -> Option<&'a lodestone_protocol::TournamentGame> {
    t.rounds
        .iter()
        .flat_map(|r| &r.games)
        .find(|g| g.points.is_none() && g.players.iter().any(|p| p == guest))
}

/// A standing's place, name, points, results and tie-breaks, the
/// arguments of `tournament-standing` and `tournament-team-standing`.
fn standing_args(
    place: u32,
    name: String,
    points_: f64,
    tally: Tally,
    buchholz: f64,
    sonneborn_berger: impl ToString,
) -> Vec<(&'static str, FluentValue<'static>)> {
    vec![
        ("place", place.to_string().into()),
        ("name", name.into()),
        ("points", points(points_).into()),
        ("won", tally.wins.to_string().into()),
        ("drawn", tally.draws.to_string().into()),
        ("lost", tally.losses.to_string().into()),
        ("buchholz", points(buchholz).into()),
        ("sb", sonneborn_berger.to_string().into()),
    ]
}

/// The tournament in lines: a header, the standings, the rounds, and the
/// player's own game.
fn describe(words: &Words, t: &TournamentState, guest: &str) -> Vec<String> {
    let name = |id: &str| {
        t.players
            .iter()
            .find(|p| p.id == id)
            .map_or(id.to_string(), |p| p.name.clone())
    };
    let mut header = vec![
        ("name", t.spec.name.clone().into()),
        ("format", wire_name(t.spec.format).into()),
        ("game", t.spec.game.clone().into()),
        ("status", wire_name(t.status).into()),
    ];
    let header = match t.total_rounds {
        Some(n) => {
            header.push(("round", t.rounds.len().to_string().into()));
            header.push(("rounds", n.to_string().into()));
            words.with("tournament-header-rounds", &header)
        }
        None => words.with("tournament-header", &header),
    };
    let mut out = vec![header, words.get("tournament-standings")];
    for s in &t.standings {
        let shown = match &s.team {
            Some(team) => format!("{} [{team}]", s.name),
            None => s.name.clone(),
        };
        let args = standing_args(s.place, shown, s.points, s.tally, s.buchholz, s.sonneborn_berger);
        out.push(format!("  {}", words.with("tournament-standing", &args)));
    }
    if !t.team_standings.is_empty() {
        out.push(words.get("tournament-teams"));
    }
    for s in &t.team_standings {
        let members: Vec<String> = s.members.iter().map(|m| name(m)).collect();
        let mut args = standing_args(
            s.place,
            s.team.clone(),
            s.points,
            s.tally,
            s.buchholz,
            s.sonneborn_berger,
        );
        args.push(("members", members.join(", ").into()));
        out.push(format!("  {}", words.with("tournament-team-standing", &args)));
    }
    for r in &t.rounds {
        out.push(words.with("tournament-round", &[("number", r.number.to_string().into())]));
        for g in &r.games {
            let players: Vec<String> = g.players.iter().map(|p| name(p)).collect();
            let score = g.points.as_ref().map_or(words.get("tournament-playing"), |p| {
                p.iter().map(|x| points(*x)).collect::<Vec<_>>().join("-")
            });
            out.push(format!("  {} {score} {}", players.join(" - "), g.room));
        }
        for b in r.byes.iter() {
            out.push(format!(
                "  {}",
                words.with("tournament-bye", &[("name", name(b).into())])
            ));
        }
    }
    out.push(match my_game(t, guest) {
        Some(g) => words.with("tournament-your-game", &[("room", g.room.clone().into())]),
        None => words.get("tournament-your-game-none"),
    });
    out
}

/// The spec of `--create`.
fn spec(args: &TournamentArgs, name: &str, words: &Words) -> Result<TournamentSpec, Exit> {
    let format: TournamentFormat = serde_json::from_value(json!(args.format)).map_err(|_| {
        Exit::new(
            words.with("tournament-bad-format", &[("format", args.format.clone().into())]),
            2,
        )
    })?;
    let teams = match &args.teams {
        Some(t) => Some(serde_json::from_value(json!(t)).map_err(|_| {
            Exit::new(
                words.with("tournament-bad-teams", &[("teams", t.clone().into())]),
                2,
            )
        })?),
        None => None,
    };
    let mut options = BTreeMap::new();
    for pair in &args.options {
        let (k, v) = pair.split_once('=').ok_or_else(|| {
            Exit::new(
                words.with("tournament-bad-option", &[("option", pair.clone().into())]),
                2,
            )
        })?;
        options.insert(k.to_string(), v.to_string());
    }
    Ok(TournamentSpec {
        name: name.to_string(),
        game: args.game.clone(),
        format,
        options,
        rounds: args.rounds,
        double: false,
        two_games: false,
        seconds: args.seconds,
        table: args.table,
        starts_at: None,
        round_days: None,
        rated: false,
        public: !args.private,
        bots: args.bots,
        accounts_only: false,
        max_players: None,
        late_join: true,
        teams,
    })
}

pub fn run(args: TournamentArgs) -> Result<(), Exit> {
    // The person's language (LANG); `--json` has no words.
    let words = Words::from_env();
    let target = Target::parse(&args.url).map_err(|e| Exit::new(e.show(&words), 2))?;
    let (mut identity, name) = who(args.identity.clone(), args.name.as_deref(), &words)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Exit::new(e.to_string(), 1))?;
    let room = runtime.block_on(async {
        let socket = conn::connect(&target, &words).await.map_err(|e| {
            let args = [("server", target.ws.clone().into()), ("error", e.into())];
            Exit::new(words.with("exit-unreachable", &args), 1)
        })?;
        let mut session = Session {
            socket,
            next_id: 1,
            guest: String::new(),
            words: words.clone(),
            json: args.json,
        };
        let token = identity.token(&target.ws).map(str::to_string);
        // The server's refusals in the person's language.
        let hello = super::model::hello(&words, name, token);
        if let ServerMessage::Welcome { guest, token, .. } = session.request(hello).await? {
            session.guest = guest.id;
            if let Some(token) = token {
                identity.set_token(&target.ws, Some(&token));
            }
        }
        identity.save().map_err(|e| Exit::new(e.show(&words), 1))?;
        act(&args, &mut session).await
    })?;
    if let Some(room) = room {
        drop(runtime);
        return super::run(PlayArgs {
            url: format!("{}/#/room/{room}", target.http),
            name: None,
            identity: args.identity.clone(),
            bell: false,
            no_color: false,
        });
    }
    Ok(())
}

/// Does what the flags ask; returns the room to play with `--play`.
async fn act(args: &TournamentArgs, session: &mut Session) -> Result<Option<String>, Exit> {
    let id = match (&args.create, &args.id) {
        (Some(name), _) => {
            let spec = spec(args, name, &session.words)?;
            let t = session
                .tournament(|id| ClientMessage::CreateTournament { id, tournament: spec })
                .await?;
            session.say("tournament-created", &[("id", t.id.clone().into())]);
            if let Some(invite) = &t.invite {
                session.say("tournament-invite", &[("code", invite.clone().into())]);
            }
            t.id
        }
        (None, Some(id)) => id.clone(),
        (None, None) => {
            let reply = session
                .request(|id| ClientMessage::ListTournaments { id })
                .await?;
            session.print_json(&reply);
            if let ServerMessage::Tournaments { tournaments, .. } = &reply
                && !session.json
            {
                for t in tournaments {
                    println!("{}", list_line(&session.words, t));
                }
            }
            return Ok(None);
        }
    };
    let named = || [("id", FluentValue::from(id.clone()))];
    if args.join {
        let (invite, team) = (args.invite.clone(), args.team.clone());
        session
            .tournament(|rid| ClientMessage::JoinTournament {
                id: rid,
                tournament: id.clone(),
                invite,
                team,
            })
            .await?;
        session.say("tournament-joined", &named());
    }
    if let Some(level) = &args.add_bot {
        let (level, team) = (level.clone(), args.team.clone());
        session
            .tournament(|rid| ClientMessage::AddTournamentBot {
                id: rid,
                tournament: id.clone(),
                level,
                team,
            })
            .await?;
        session.say("tournament-bot-added", &[]);
    }
    if args.withdraw {
        session
            .tournament(|rid| ClientMessage::WithdrawTournament {
                id: rid,
                tournament: id.clone(),
            })
            .await?;
        session.say("tournament-withdrew", &named());
    }
    if args.start {
        session
            .tournament(|rid| ClientMessage::StartTournament {
                id: rid,
                tournament: id.clone(),
            })
            .await?;
        session.say("tournament-started", &named());
    }
    let invite = args.invite.clone();
    let mut t = session
        .tournament(|rid| ClientMessage::WatchTournament {
            id: rid,
            tournament: id.clone(),
            invite,
        })
        .await?;
    if !args.play {
        if !session.json {
            for line in describe(&session.words, &t, &session.guest) {
                println!("{line}");
            }
        }
        return Ok(None);
    }
    // Wait for one's next game (the pushes of the watched tournament).
    session.say("tournament-waiting", &[("name", t.spec.name.clone().into())]);
    loop {
        if let Some(game) = my_game(&t, &session.guest) {
            session.say("tournament-your-game", &[("room", game.room.clone().into())]);
            // The play screen takes over in a moment.
            tokio::time::sleep(Duration::from_millis(300)).await;
            return Ok(Some(game.room.clone()));
        }
        if t.status == lodestone_protocol::TournamentStatus::Finished {
            for line in describe(&session.words, &t, &session.guest) {
                println!("{line}");
            }
            return Ok(None);
        }
        if let ServerMessage::Tournament { id: None, tournament } = session.next().await?
            && tournament.id == id
        {
            t = *tournament;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An event of fixed teams shows each player's team and the teams'
    /// standings with their players.
    #[test]
    fn the_standings_show_the_teams() {
        let t: TournamentState = serde_json::from_value(json!({
            "id": "t1", "status": "running", "organizer": "o", "organizer_name": "Org",
            "created_at": 0, "total_rounds": 2,
            "spec": {"name": "Pairs", "game": "magma", "format": "magma", "rounds": 2, "table": 4, "teams": "pairs"},
            "players": [
                {"id": "a", "name": "Ann", "status": "active", "team": "Owls"},
                {"id": "b", "name": "Bob", "status": "active", "team": "Owls"},
            ],
            "standings": [{"place": 1, "player": "a", "name": "Ann", "points": 1.0, "buchholz": 0.0,
                "sonneborn_berger": 0.0, "games": 1, "wins": 1, "draws": 0, "losses": 0, "byes": 0, "team": "Owls"}],
            "team_standings": [{"place": 1, "team": "Owls", "members": ["a", "b"], "points": 1.0,
                "buchholz": 0.0, "sonneborn_berger": 0.0, "games": 1, "wins": 1, "draws": 0, "losses": 0}],
            "rounds": [],
        }))
        .expect("a tournament");
        let lines = describe(&Words::english(), &t, "a");
        assert_eq!(
            lines[2],
            "  1. Ann [Owls] 1 (won 1, drawn 0, lost 0; Buchholz 0, Sonneborn-Berger 0)"
        );
        assert_eq!(lines[3], "teams:");
        assert_eq!(
            lines[4],
            "  1. Owls 1 (won 1, drawn 0, lost 0; Buchholz 0, Sonneborn-Berger 0): Ann, Bob"
        );
    }
}
