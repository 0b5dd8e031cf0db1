//! `lodestone tournament`: tournaments from a terminal, as the player of
//! the identity file `lodestone play` keeps. Lists them, shows one
//! (standings, rounds, one's own game), enters, withdraws, organizes
//! (create, add computer players, start), and with `--play` waits for
//! one's next game and opens it in `lodestone play`'s full screen. Output
//! lines are a contract (docs/tournaments.md, "In a terminal").

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use lodestone_protocol::{
    PROTOCOL_VERSION, RequestId, ServerMessage, TournamentFormat, TournamentSpec, TournamentState,
    TournamentSummary,
};
use serde_json::{Value, json};
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
}

/// A plain request/reply connection as the identity's player.
struct Session {
    socket: Socket,
    next_id: u64,
    guest: String,
}

impl Session {
    async fn send(&mut self, mut message: Value) -> Result<RequestId, Exit> {
        let id = RequestId::Number(self.next_id);
        self.next_id += 1;
        message["id"] = json!(id);
        self.socket
            .send(Message::text(message.to_string()))
            .await
            .map_err(|e| Exit::new(format!("the connection failed: {e}"), 1))?;
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
                _ => return Err(Exit::new("the server closed the connection", 1)),
            }
        }
    }

    /// Sends `message` and waits for its reply; an `error` is an Exit.
    async fn request(&mut self, message: Value) -> Result<ServerMessage, Exit> {
        let id = self.send(message).await?;
        loop {
            match self.next().await? {
                ServerMessage::Error {
                    id: Some(i),
                    code,
                    message,
                    ..
                } if i == id => return Err(Exit::new(format!("{message} ({code})"), 1)),
                ServerMessage::Tournament {
                    id: Some(i),
                    tournament,
                } if i == id => {
                    return Ok(ServerMessage::Tournament {
                        id: Some(i),
                        tournament,
                    });
                }
                reply @ (ServerMessage::Welcome { .. }
                | ServerMessage::Tournaments { .. }
                | ServerMessage::Ack { .. })
                    if reply_id(&reply) == Some(&id) =>
                {
                    return Ok(reply);
                }
                _ => {}
            }
        }
    }

    async fn tournament(&mut self, message: Value) -> Result<TournamentState, Exit> {
        match self.request(message).await? {
            ServerMessage::Tournament { tournament, .. } => Ok(*tournament),
            other => Err(Exit::new(format!("unexpected answer {other:?}"), 1)),
        }
    }
}

fn reply_id(message: &ServerMessage) -> Option<&RequestId> {
    match message {
        ServerMessage::Welcome { id, .. }
        | ServerMessage::Ack { id, .. }
        | ServerMessage::Tournaments { id, .. } => Some(id),
        _ => None,
    }
}

/// One line of the list: `ID STATUS FORMAT GAME PLAYERS NAME`.
fn list_line(t: &TournamentSummary) -> String {
    format!(
        "{} {} {} {} {} {}",
        t.id,
        json!(t.status).as_str().unwrap_or("?"),
        json!(t.format).as_str().unwrap_or("?"),
        t.game,
        t.players,
        t.name
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

/// The tournament in lines: a header, the standings, the rounds, and the
/// player's own game.
fn describe(t: &TournamentState, guest: &str) -> Vec<String> {
    let name = |id: &str| {
        t.players
            .iter()
            .find(|p| p.id == id)
            .map_or(id.to_string(), |p| p.name.clone())
    };
    let total = t
        .total_rounds
        .map_or(String::new(), |n| format!(", round {} of {n}", t.rounds.len()));
    let mut out = vec![format!(
        "{}: {} of {}, {}{total}",
        t.spec.name,
        json!(t.spec.format).as_str().unwrap_or("?"),
        t.spec.game,
        json!(t.status).as_str().unwrap_or("?"),
    )];
    out.push("standings:".into());
    for s in &t.standings {
        let team = s.team.as_ref().map_or(String::new(), |t| format!(" [{t}]"));
        out.push(format!(
            "  {}. {}{team} {} (won {}, drawn {}, lost {}; Buchholz {}, Sonneborn-Berger {})",
            s.place,
            s.name,
            points(s.points),
            s.wins,
            s.draws,
            s.losses,
            points(s.buchholz),
            s.sonneborn_berger
        ));
    }
    if !t.team_standings.is_empty() {
        out.push("teams:".into());
    }
    for s in &t.team_standings {
        let members: Vec<String> = s.members.iter().map(|m| name(m)).collect();
        out.push(format!(
            "  {}. {} {} (won {}, drawn {}, lost {}; Buchholz {}, Sonneborn-Berger {}): {}",
            s.place,
            s.team,
            points(s.points),
            s.wins,
            s.draws,
            s.losses,
            points(s.buchholz),
            s.sonneborn_berger,
            members.join(", ")
        ));
    }
    for r in &t.rounds {
        out.push(format!("round {}:", r.number));
        for g in &r.games {
            let players: Vec<String> = g.players.iter().map(|p| name(p)).collect();
            let score = g.points.as_ref().map_or("playing".to_string(), |p| {
                p.iter().map(|x| points(*x)).collect::<Vec<_>>().join("-")
            });
            out.push(format!("  {} {score} {}", players.join(" - "), g.room));
        }
        for b in r.byes.iter() {
            out.push(format!("  {} bye", name(b)));
        }
    }
    out.push(match my_game(t, guest) {
        Some(g) => format!("your game: {}", g.room),
        None => "your game: none".into(),
    });
    out
}

/// The spec of `--create`.
fn spec(args: &TournamentArgs, name: &str) -> Result<TournamentSpec, Exit> {
    let format: TournamentFormat = serde_json::from_value(json!(args.format)).map_err(|_| {
        Exit::new(
            format!(
                "--format {:?} is not round-robin, swiss, arena or magma",
                args.format
            ),
            2,
        )
    })?;
    let teams = match &args.teams {
        Some(t) => Some(
            serde_json::from_value(json!(t))
                .map_err(|_| Exit::new(format!("--teams {t:?} is not pairs"), 2))?,
        ),
        None => None,
    };
    let mut options = BTreeMap::new();
    for pair in &args.options {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| Exit::new(format!("--option {pair:?} is not KEY=VALUE"), 2))?;
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
    // The output of `lodestone tournament` stays English (a contract).
    let english = lodestone_i18n::Words::english();
    let target = Target::parse(&args.url).map_err(|e| Exit::new(e.show(&english), 2))?;
    let (mut identity, name) = who(args.identity.clone(), args.name.as_deref(), &english)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| Exit::new(e.to_string(), 1))?;
    let room = runtime.block_on(async {
        let socket = conn::connect(&target, &english)
            .await
            .map_err(|e| Exit::new(format!("cannot reach {}: {e}", target.ws), 1))?;
        let mut session = Session {
            socket,
            next_id: 1,
            guest: String::new(),
        };
        let mut hello = json!({"type": "hello", "protocol": PROTOCOL_VERSION, "name": name});
        if let Some(token) = identity.token(&target.ws) {
            hello["token"] = json!(token);
        }
        if let ServerMessage::Welcome { guest, token, .. } = session.request(hello).await? {
            session.guest = guest.id;
            if let Some(token) = token {
                identity.set_token(&target.ws, Some(&token));
            }
        }
        identity.save().map_err(|e| Exit::new(e.show(&english), 1))?;
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
            let spec = spec(args, name)?;
            let t = session
                .tournament(json!({"type": "create_tournament", "tournament": spec}))
                .await?;
            println!("tournament {}", t.id);
            if let Some(invite) = &t.invite {
                println!("invite {invite}");
            }
            t.id
        }
        (None, Some(id)) => id.clone(),
        (None, None) => {
            if let ServerMessage::Tournaments { tournaments, .. } =
                session.request(json!({"type": "list_tournaments"})).await?
            {
                for t in &tournaments {
                    println!("{}", list_line(t));
                }
            }
            return Ok(None);
        }
    };
    let about = |kind: &str| json!({"type": kind, "tournament": id});
    if args.join {
        let mut join = about("join_tournament");
        if let Some(invite) = &args.invite {
            join["invite"] = json!(invite);
        }
        if let Some(team) = &args.team {
            join["team"] = json!(team);
        }
        session.tournament(join).await?;
        println!("joined {id}");
    }
    if let Some(level) = &args.add_bot {
        let mut add = about("add_tournament_bot");
        add["level"] = json!(level);
        if let Some(team) = &args.team {
            add["team"] = json!(team);
        }
        session.tournament(add).await?;
        println!("bot added");
    }
    if args.withdraw {
        session.tournament(about("withdraw_tournament")).await?;
        println!("withdrew from {id}");
    }
    if args.start {
        session.tournament(about("start_tournament")).await?;
        println!("started {id}");
    }
    let mut watch = about("watch_tournament");
    if let Some(invite) = &args.invite {
        watch["invite"] = json!(invite);
    }
    let mut t = session.tournament(watch).await?;
    if !args.play {
        for line in describe(&t, &session.guest) {
            println!("{line}");
        }
        return Ok(None);
    }
    // Wait for one's next game (the pushes of the watched tournament).
    println!("waiting for your game in {} …", t.spec.name);
    loop {
        if let Some(game) = my_game(&t, &session.guest) {
            println!("your game: {}", game.room);
            // The play screen takes over in a moment.
            tokio::time::sleep(Duration::from_millis(300)).await;
            return Ok(Some(game.room.clone()));
        }
        if t.status == lodestone_protocol::TournamentStatus::Finished {
            for line in describe(&t, &session.guest) {
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
        let lines = describe(&t, "a");
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
