//! The client's state machine, apart from the terminal and the socket:
//! messages in (keys, the connection's ups and downs, server messages,
//! the games list, clock ticks), effects out (messages to send, a bell,
//! the identity to save, quitting). The protocol conversation lives here:
//! `hello` with the stored token after every connect, `watch` of the open
//! room again after a reconnect, requests matched to replies by id, and
//! `moved` followed: the socket goes to the node named, and the room's
//! requests the server did not carry out are sent again there.

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, Instant};

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use lodestone_protocol::{ClientMessage, GameInfo, Guest, PROTOCOL_VERSION, RequestId, ServerMessage};
use rand::SeedableRng;
use rand::rngs::SmallRng;

use super::lobby::{Games, Lobby, LobbyIntent};
use super::room::{Intent, Room, TableAct};
use super::target::{RoomLink, Target};

/// The hello of a player of `lodestone play` and `lodestone tournament`:
/// its name, its token if it has one, and the language of the server's
/// sentences (none for English: the hello stays as it was).
pub fn hello(
    words: &lodestone_i18n::Words,
    name: String,
    token: Option<String>,
) -> impl FnOnce(RequestId) -> ClientMessage + use<> {
    let lang = (!words.is_english()).then(|| words.lang());
    move |id| ClientMessage::Hello {
        id,
        protocol: PROTOCOL_VERSION,
        name: Some(name),
        token,
        lang,
        risks: None,
    }
}

mod replies;
mod turns;

/// How often the lobby asks for the room lists again while it is shown.
const LOBBY_REFRESH: Duration = Duration::from_secs(4);

/// Something that happened.
#[derive(Debug)]
pub enum Msg {
    Key(KeyEvent),
    Paste(String),
    /// The connection is open.
    Connected,
    /// The connection is lost; the next attempt comes after `retry_in`.
    Lost {
        retry_in: Duration,
        reason: String,
    },
    Server(ServerMessage),
    /// The open connection stopped answering (`true`: nothing came back
    /// for a ping), or answers again (`false`).
    Quiet(bool),
    Games(Result<Vec<GameInfo>, String>),
    Tick,
}

/// Something the app must do.
#[derive(Debug, PartialEq)]
pub enum Effect {
    Send(ClientMessage),
    FetchGames,
    Bell,
    /// Keep this name and token (for this server) in the identity file.
    Save {
        name: String,
        token: Option<String>,
    },
    /// Close the socket and connect to `url` (a node a `moved` named)
    /// after `after`.
    Follow {
        url: String,
        after: Duration,
    },
    Quit,
}

/// The connection as the player sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Conn {
    Connecting,
    /// Connected, waiting for the server's welcome.
    Greeting,
    /// Welcomed: requests may go.
    Online,
    Lost {
        retry_at: Instant,
        reason: String,
    },
}

/// Which screen is shown.
#[derive(Debug)]
pub enum Screen {
    Lobby,
    Room(Box<Room>),
}

/// A message shown for a while (errors longer), or until the next one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub text: String,
    pub error: bool,
    pub at: Instant,
}

impl Notice {
    /// Whether it is still shown at `now`.
    pub fn fresh(&self, now: Instant) -> bool {
        let keep = if self.error {
            Duration::from_secs(20)
        } else {
            Duration::from_secs(8)
        };
        now.saturating_duration_since(self.at) < keep
    }
}

/// What a request was, to read its reply.
#[derive(Debug, Clone)]
enum Pending {
    Hello,
    ListOpen,
    ListPlaying,
    Create,
    Join,
    Watch(String),
    AddBot,
    Chat,
    /// `rematch` with `accept`, about the room named.
    Rematch(bool, String),
    /// `my_turns`: the games waiting for our move.
    Turns,
    Other,
    /// A move, and how many moves the room showed when it was chosen.
    Act(String, usize),
}

/// The whole client.
#[derive(Debug)]
pub struct App {
    pub target: Target,
    pub name: String,
    token: Option<String>,
    pub guest: Option<Guest>,
    /// Unfinished rooms where we hold a seat (from the last welcome).
    pub my_rooms: Vec<String>,
    pub conn: Conn,
    pub games: Games,
    pub screen: Screen,
    pub lobby: Lobby,
    pub notice: Option<Notice>,
    pub bell: bool,
    /// The words shown, in the player's language (English unless set).
    pub words: lodestone_i18n::Words,
    /// The key help is shown over the screen.
    pub help: bool,
    /// Since when the open connection has not answered, if it does not.
    quiet_since: Option<Instant>,
    /// Since when the connection has been lost (until the next welcome).
    lost_at: Option<Instant>,
    /// The room of the address given on the command line, opened after the
    /// first welcome.
    first_room: Option<RoomLink>,
    pending: HashMap<u64, Pending>,
    /// The requests about a room among `pending`, to send again if the
    /// room moves.
    about_rooms: HashMap<u64, ClientMessage>,
    /// Requests to send again once the node a `moved` named welcomes us.
    resend: Vec<(Pending, ClientMessage)>,
    /// The last `moved` followed: the room, the node, when, and how many
    /// times in a row.
    last_move: Option<(String, String, Instant, u32)>,
    /// A move the server could not store, to send again.
    store_again: Option<replies::StoreAgain>,
    next_id: u64,
    last_lists: Option<Instant>,
    lists_pending: usize,
    /// The time of the message being handled.
    now: Instant,
    rng: SmallRng,
    out: Vec<Effect>,
}

impl App {
    pub fn new(target: Target, name: String, token: Option<String>, bell: bool, seed: u64) -> App {
        App {
            first_room: target.room.clone(),
            target,
            name,
            token,
            guest: None,
            my_rooms: Vec::new(),
            conn: Conn::Connecting,
            games: Games::Loading,
            screen: Screen::Lobby,
            lobby: Lobby::default(),
            notice: None,
            bell,
            words: lodestone_i18n::Words::english(),
            help: false,
            quiet_since: None,
            lost_at: None,
            pending: HashMap::new(),
            about_rooms: HashMap::new(),
            resend: Vec::new(),
            last_move: None,
            store_again: None,
            next_id: 1,
            last_lists: None,
            lists_pending: 0,
            now: Instant::now(),
            rng: SmallRng::seed_from_u64(seed),
            out: Vec::new(),
        }
    }

    /// Whether the connection is live: welcomed, and answering.
    pub fn live(&self) -> bool {
        self.conn == Conn::Online && self.quiet_since.is_none()
    }

    /// Since when the connection has not been live (its clocks stand
    /// still from then), if it is not.
    pub fn not_live_since(&self) -> Option<Instant> {
        match &self.conn {
            Conn::Online => self.quiet_since,
            _ => Some(self.lost_at.unwrap_or(self.now)),
        }
    }

    /// Marks the connection live again (a welcome).
    fn live_again(&mut self) {
        self.lost_at = None;
        self.quiet_since = None;
    }

    /// The room shown, if any.
    pub fn room(&self) -> Option<&Room> {
        match &self.screen {
            Screen::Room(room) => Some(room),
            Screen::Lobby => None,
        }
    }

    fn room_mut(&mut self) -> Option<&mut Room> {
        match &mut self.screen {
            Screen::Room(room) => Some(room),
            Screen::Lobby => None,
        }
    }

    /// Takes one message; returns what to do.
    pub fn update(&mut self, msg: Msg, now: Instant) -> Vec<Effect> {
        self.now = now;
        match msg {
            Msg::Key(key) => self.key(key),
            Msg::Paste(text) => self.paste(&text),
            Msg::Connected => {
                self.quiet_since = None;
                self.conn = Conn::Greeting;
                self.hello();
            }
            Msg::Lost { retry_in, reason } => {
                self.lost_at = self.lost_at.or(self.quiet_since).or(Some(now));
                self.quiet_since = None;
                self.lost(now + retry_in, reason)
            }
            Msg::Quiet(quiet) => self.quiet_since = quiet.then_some(now),
            Msg::Server(message) => self.server(message, now),
            Msg::Games(Ok(list)) => self.games = Games::Ready(list),
            Msg::Games(Err(e)) => self.games = Games::Failed(e),
            Msg::Tick => {
                self.send_again_if_due(now);
                self.ask_turns_if_due(now);
                let due = self
                    .last_lists
                    .is_none_or(|at| now.duration_since(at) >= LOBBY_REFRESH);
                if matches!(self.screen, Screen::Lobby)
                    && self.guest.is_some()
                    && due
                    && self.lists_pending == 0
                {
                    self.refresh_lists(now);
                }
            }
        }
        std::mem::take(&mut self.out)
    }

    fn say(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: false,
            at: self.now,
        });
    }

    /// Shows an error (from the app's loop, too).
    pub fn complain(&mut self, text: impl Into<String>) {
        self.notice = Some(Notice {
            text: text.into(),
            error: true,
            at: self.now,
        });
    }

    /// Sends a request made from a fresh id, remembering what it was.
    fn request(&mut self, pending: Pending, make: impl FnOnce(RequestId) -> ClientMessage) -> bool {
        let hello = matches!(pending, Pending::Hello) && self.conn == Conn::Greeting;
        if !self.live() && !hello {
            self.complain(self.words.get("notice-offline"));
            return false;
        }
        let id = self.next_id;
        self.next_id += 1;
        self.pending.insert(id, pending);
        let message = make(RequestId::Number(id));
        if room_of(&message).is_some() {
            self.about_rooms.insert(id, message.clone());
        }
        self.out.push(Effect::Send(message));
        true
    }

    /// Follows `moved`: the requests about `room` still waiting were not
    /// carried out, so they go again (all but a `watch`: the welcome
    /// watches the open room) once the node at `url` welcomes us; the
    /// socket goes there, at once the first time, a little later each time
    /// the room is sent to the same node again soon after (it is changing
    /// hands).
    fn moved(&mut self, room: String, url: String, now: Instant) {
        // Already on the way there (the old socket said it twice).
        let following = matches!(self.conn, Conn::Connecting | Conn::Greeting);
        if following
            && self
                .last_move
                .as_ref()
                .is_some_and(|(r, u, ..)| *r == room && *u == url)
        {
            return;
        }
        let streak = match &self.last_move {
            Some((r, u, at, n))
                if *r == room && *u == url && now.duration_since(*at) < Duration::from_secs(10) =>
            {
                n + 1
            }
            _ => 0,
        };
        self.last_move = Some((room.clone(), url.clone(), now, streak));
        let after = match streak {
            0 => Duration::ZERO,
            n => Duration::from_millis(150 << n.min(5)),
        };
        let mut ids: Vec<u64> = self
            .about_rooms
            .iter()
            .filter(|(_, m)| room_of(m).as_deref() == Some(room.as_str()))
            .map(|(id, _)| *id)
            .collect();
        ids.sort_unstable();
        for id in ids {
            if let (Some(message), Some(pending)) = (self.about_rooms.remove(&id), self.pending.remove(&id))
                && !matches!(pending, Pending::Watch(_))
            {
                self.resend.push((pending, message));
            }
        }
        // The other requests went out on the socket that closes now.
        self.pending.clear();
        self.about_rooms.clear();
        self.lists_pending = 0;
        self.conn = Conn::Connecting;
        self.out.push(Effect::Follow { url, after });
    }

    fn hello(&mut self) {
        let hello = hello(&self.words, self.name.clone(), self.token.clone());
        self.request(Pending::Hello, hello);
    }

    fn refresh_lists(&mut self, now: Instant) {
        self.last_lists = Some(now);
        if self.request(Pending::ListOpen, |id| ClientMessage::ListRooms {
            id,
            game: None,
            playing: false,
        }) {
            self.lists_pending += 1;
        }
        if self.request(Pending::ListPlaying, |id| ClientMessage::ListRooms {
            id,
            game: None,
            playing: true,
        }) {
            self.lists_pending += 1;
        }
    }

    fn watch(&mut self) {
        let Some(room) = self.room_mut() else { return };
        room.watching_again();
        let (id, invite) = (room.id.clone(), room.invite.clone());
        self.request(Pending::Watch(id.clone()), |rid| ClientMessage::Watch {
            id: rid,
            room: id,
            invite,
        });
    }

    fn open_room(&mut self, link: RoomLink) {
        self.screen = Screen::Room(Box::new(Room::new(&link.room, link.invite)));
        self.notice = None;
        self.watch();
    }

    fn back_to_lobby(&mut self) {
        if let Some(room) = self.room() {
            let id = room.id.clone();
            if self.conn == Conn::Online {
                self.request(Pending::Other, |rid| ClientMessage::Unwatch { id: rid, room: id });
            }
        }
        self.screen = Screen::Lobby;
        self.notice = None;
        self.lobby.turns.soon();
        if self.conn == Conn::Online && self.guest.is_some() {
            // The welcome's list of our games may have changed.
            self.hello();
        }
        self.last_lists = None;
    }

    fn lost(&mut self, retry_at: Instant, reason: String) {
        self.conn = Conn::Lost { retry_at, reason };
        self.lists_pending = 0;
        // A move that says the version it was chosen at goes again once
        // the room is watched again: at most one copy is played.
        let mut ids: Vec<u64> = self.pending.keys().copied().collect();
        ids.sort_unstable();
        let mut again = Vec::new();
        for id in ids {
            if self.about_rooms.get(&id).is_some_and(sends_again)
                && let (Some(pending), Some(message)) =
                    (self.pending.remove(&id), self.about_rooms.remove(&id))
            {
                again.push((pending, message));
            }
        }
        self.resend.retain(|(_, message)| sends_again(message));
        self.resend.extend(again);
        let lost_act = self.pending.values().any(|p| matches!(p, Pending::Act(..)));
        self.pending.clear();
        self.about_rooms.clear();
        if lost_act {
            self.complain(self.words.get("notice-move-unanswered"));
        }
    }

    fn key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.out.push(Effect::Quit);
            return;
        }
        if self.help {
            self.help = false;
            return;
        }
        let typing = self.lobby.join.is_some()
            || self.lobby.rename.is_some()
            || self
                .room()
                .is_some_and(|r| r.typed.is_some() || r.chat_input.is_some());
        if key.code == KeyCode::Char('?') && !typing {
            self.help = true;
            return;
        }
        if key.code == KeyCode::Char('g') && !typing && self.lobby.form.is_none() {
            self.open_next_turn();
            return;
        }
        match &mut self.screen {
            Screen::Lobby => {
                let intent = self.lobby.key(key, &self.my_rooms, &self.games, &self.name);
                self.lobby_intent(intent);
            }
            Screen::Room(room) => {
                let intent = room.key(key, &mut self.rng);
                self.room_intent(intent);
            }
        }
    }

    fn paste(&mut self, text: &str) {
        match &mut self.screen {
            Screen::Lobby => self.lobby.paste(text),
            Screen::Room(room) => {
                if let Some(draft) = &mut room.chat_input {
                    draft.input.insert(text);
                } else if let Some(typed) = &mut room.typed {
                    typed.input.insert(text);
                }
            }
        }
    }

    fn lobby_intent(&mut self, intent: LobbyIntent) {
        match intent {
            LobbyIntent::Open(link) => self.open_room(link),
            LobbyIntent::Create {
                game,
                options,
                public,
            } => {
                self.lobby.form = None;
                self.request(Pending::Create, |id| ClientMessage::CreateRoom {
                    id,
                    game,
                    options,
                    public,
                });
            }
            LobbyIntent::Rename(name) => {
                self.name = name;
                self.hello();
            }
            LobbyIntent::Refresh => {
                if matches!(self.games, Games::Failed(_)) {
                    self.games = Games::Loading;
                    self.out.push(Effect::FetchGames);
                }
                self.lists_pending = 0;
                self.refresh_lists(Instant::now());
            }
            LobbyIntent::Quit => self.out.push(Effect::Quit),
            LobbyIntent::Error(e) => self.complain(e.show(&self.words)),
            LobbyIntent::Nothing => {}
        }
    }

    fn room_intent(&mut self, intent: Intent) {
        let Some(room) = self.room() else { return };
        let (id, invite) = (room.id.clone(), room.invite.clone());
        match intent {
            Intent::Act(action) => {
                self.notice = None;
                self.store_again = None;
                let (at, before) = self.chosen_at();
                self.request(Pending::Act(action.clone(), before), |rid| ClientMessage::Act {
                    id: rid,
                    room: id,
                    action,
                    at,
                });
            }
            Intent::Join(seat) => {
                self.request(Pending::Join, |rid| ClientMessage::Join {
                    id: rid,
                    room: id,
                    seat: Some(lodestone_protocol::SeatRef::Index(seat)),
                    invite,
                });
            }
            Intent::AddBot(seat, level) => {
                self.request(Pending::AddBot, |rid| ClientMessage::AddBot {
                    id: rid,
                    room: id,
                    seat: Some(lodestone_protocol::SeatRef::Index(seat)),
                    level: Some(level.to_string()),
                    invite,
                    replace_me: false,
                });
            }
            Intent::Leave => {
                self.request(Pending::Other, |rid| ClientMessage::Leave { id: rid, room: id });
            }
            Intent::Start => {
                self.request(Pending::Other, |rid| ClientMessage::Start { id: rid, room: id });
            }
            Intent::Chat { text, to } => {
                self.request(Pending::Chat, |rid| ClientMessage::Chat {
                    id: rid,
                    room: id,
                    text,
                    to,
                });
            }
            Intent::Rematch(accept) => {
                self.request(Pending::Rematch(accept, id.clone()), |rid| {
                    ClientMessage::Rematch {
                        id: rid,
                        room: id,
                        accept,
                    }
                });
            }
            Intent::Table(act) => {
                self.request(Pending::Other, |rid| match act {
                    TableAct::Resign => ClientMessage::Resign {
                        id: rid,
                        room: id,
                        at: None,
                    },
                    TableAct::OfferDraw => ClientMessage::OfferDraw {
                        id: rid,
                        room: id,
                        at: None,
                    },
                    TableAct::AnswerDraw(accept) => ClientMessage::AnswerDraw {
                        id: rid,
                        room: id,
                        accept,
                        at: None,
                    },
                    TableAct::Abort => ClientMessage::Abort {
                        id: rid,
                        room: id,
                        at: None,
                    },
                    TableAct::Claim => ClientMessage::Claim {
                        id: rid,
                        room: id,
                        at: None,
                    },
                });
            }
            Intent::ToLobby => self.back_to_lobby(),
            Intent::Error(e) => self.complain(e.show(&self.words)),
            Intent::Nothing => {}
        }
    }

    /// The invite link of the room shown.
    pub fn room_link(&self) -> Option<String> {
        let room = self.room()?;
        Some(self.target.room_link(&room.id, room.invite.as_deref()))
    }

    /// Options of a game as `key=value` text, or `standard`.
    pub fn describe_options(words: &lodestone_i18n::Words, options: &BTreeMap<String, String>) -> String {
        if options.is_empty() {
            words.get("options-standard")
        } else {
            options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join(", ")
        }
    }
}

/// The room a request is about, if any (every message about a room has
/// a `room` field).
fn room_of(message: &ClientMessage) -> Option<String> {
    let value = serde_json::to_value(message).ok()?;
    value.get("room")?.as_str().map(str::to_string)
}

/// Whether `message` may go again after its reply was lost with the
/// connection: a move that says the version it was chosen at.
fn sends_again(message: &ClientMessage) -> bool {
    matches!(message, ClientMessage::Act { at: Some(_), .. })
}

/// `message` with the request id `id`.
fn with_id(message: ClientMessage, id: RequestId) -> ClientMessage {
    let mut value = serde_json::to_value(&message).expect("client messages serialise");
    value["id"] = serde_json::to_value(&id).expect("ids serialise");
    serde_json::from_value(value).unwrap_or(message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::room::tests::magneton_state;
    use lodestone_protocol::PROTOCOL_VERSION;
    use lodestone_protocol::{Code, RoomState, RoomStatus};

    fn target() -> Target {
        Target::parse("http://127.0.0.1:8080").unwrap()
    }

    fn sent(effects: &[Effect]) -> Vec<serde_json::Value> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::Send(m) => Some(serde_json::to_value(m).unwrap()),
                _ => None,
            })
            .collect()
    }

    /// The server's refusal of request `id` with `code` and `message`.
    fn refusal(id: u64, code: Code, message: &str) -> Msg {
        Msg::Server(ServerMessage::Error {
            id: Some(RequestId::Number(id)),
            code,
            message: message.into(),
            detail: None,
        })
    }

    fn welcome(id: u64, token: Option<&str>, rooms: &[&str]) -> Msg {
        Msg::Server(ServerMessage::Welcome {
            id: RequestId::Number(id),
            protocol: PROTOCOL_VERSION,
            guest: Guest {
                id: "g1".into(),
                name: "Ann".into(),
            },
            token: token.map(str::to_string),
            rooms: rooms.iter().map(|s| s.to_string()).collect(),
        })
    }

    fn key(code: KeyCode) -> Msg {
        Msg::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn says_hello_with_the_token_and_keeps_a_new_one() {
        let now = Instant::now();
        let mut app = App::new(target(), "Ann".into(), None, false, 1);
        let out = app.update(Msg::Connected, now);
        assert_eq!(sent(&out)[0]["type"], "hello");
        assert!(sent(&out)[0].get("token").is_none());
        let out = app.update(welcome(1, Some("t0k"), &["r9"]), now);
        assert!(out.contains(&Effect::Save {
            name: "Ann".into(),
            token: Some("t0k".into())
        }));
        assert_eq!(app.my_rooms, ["r9"]);
        // The lobby asks for both lists.
        let types: Vec<_> = sent(&out).iter().map(|m| m["playing"].clone()).collect();
        assert_eq!(types.len(), 2);
        // Next connection: the token goes with the hello.
        app.update(
            Msg::Lost {
                retry_in: Duration::from_secs(1),
                reason: "reset".into(),
            },
            now,
        );
        let out = app.update(Msg::Connected, now);
        assert_eq!(sent(&out)[0]["token"], "t0k");
    }

    #[test]
    fn an_unknown_token_starts_a_new_guest() {
        let now = Instant::now();
        let mut app = App::new(target(), "Ann".into(), Some("old".into()), false, 1);
        app.update(Msg::Connected, now);
        let out = app.update(refusal(1, Code::BadToken, "this token belongs to no guest"), now);
        let hello = &sent(&out)[0];
        assert_eq!(
            (hello["type"].as_str(), hello.get("token")),
            (Some("hello"), None)
        );
    }

    #[test]
    fn a_reconnect_watches_the_room_again_and_a_move_is_sent_as_offered() {
        let now = Instant::now();
        let link = Target::parse("http://127.0.0.1:8080/#/room/r1?invite=c0de").unwrap();
        let mut app = App::new(link, "Ann".into(), Some("t".into()), true, 1);
        app.update(Msg::Connected, now);
        let out = app.update(welcome(1, None, &["r1"]), now);
        let watch = &sent(&out)[0];
        assert_eq!(
            (
                watch["type"].as_str(),
                watch["room"].as_str(),
                watch["invite"].as_str()
            ),
            (Some("watch"), Some("r1"), Some("c0de"))
        );
        let update = |version, legal: &[&str]| {
            Msg::Server(ServerMessage::Update {
                room: "r1".into(),
                version,
                state: Box::new(magneton_state(legal, &[], 0)),
            })
        };
        let out = app.update(update(3, &["D4-D1"]), now);
        assert_eq!(out, [Effect::Bell], "the turn signal");
        app.update(key(KeyCode::Enter), now);
        let out = app.update(key(KeyCode::Enter), now);
        let act = &sent(&out)[0];
        assert_eq!(
            (act["type"].as_str(), act["action"].as_str()),
            (Some("act"), Some("D4-D1"))
        );
        assert_eq!(act["at"], 3, "the version it was chosen at");
        // The connection drops before the reply; after the reconnect the
        // room is watched again, then the move goes again, unchanged.
        app.update(
            Msg::Lost {
                retry_in: Duration::from_millis(300),
                reason: "reset".into(),
            },
            now,
        );
        assert!(app.notice.as_ref().is_none_or(|n| !n.error), "{:?}", app.notice);
        assert!(matches!(app.conn, Conn::Lost { .. }));
        let out = app.update(key(KeyCode::Enter), now);
        assert!(sent(&out).is_empty(), "nothing is sent while offline");
        let out = app.update(Msg::Connected, now);
        let id = sent(&out)[0]["id"].as_u64().unwrap();
        let out = app.update(welcome(id, None, &["r1"]), now);
        let sent_again = sent(&out);
        assert_eq!(sent_again[0]["type"], "watch");
        assert_eq!(
            (
                &sent_again[1]["type"],
                &sent_again[1]["action"],
                &sent_again[1]["at"]
            ),
            (
                &serde_json::json!("act"),
                &serde_json::json!("D4-D1"),
                &serde_json::json!(3)
            )
        );
        // The first copy was played: the fresh state shows it, and the
        // copy sent again is refused without a word to the player.
        let played = Msg::Server(ServerMessage::Update {
            room: "r1".into(),
            version: 5,
            state: Box::new(magneton_state(&[], &["D4-D1"], 0)),
        });
        app.update(played, now);
        app.notice = None;
        let refused = |id: &serde_json::Value| {
            refusal(
                id.as_u64().unwrap(),
                Code::MovedOn,
                "the room changed after version 3",
            )
        };
        app.update(refused(&sent_again[1]["id"]), now);
        assert!(app.notice.as_ref().is_none_or(|n| !n.error), "{:?}", app.notice);
        // A move the room moved on without is said.
        let out = app.update(update(6, &["D4-D2"]), now);
        assert_eq!(out, [Effect::Bell]);
        app.update(key(KeyCode::Enter), now);
        let out = app.update(key(KeyCode::Enter), now);
        app.update(refused(&sent(&out)[0]["id"]), now);
        assert!(
            app.notice
                .as_ref()
                .is_some_and(|n| n.error && n.text.contains("moved on before your move arrived")),
            "{:?}",
            app.notice
        );
        // A restarted server may count versions from lower: the first
        // update after the watch is the truth all the same.
        app.update(
            Msg::Lost {
                retry_in: Duration::from_millis(300),
                reason: "reset".into(),
            },
            now,
        );
        let out = app.update(Msg::Connected, now);
        let id = sent(&out)[0]["id"].as_u64().unwrap();
        app.update(welcome(id, None, &["r1"]), now);
        app.update(update(2, &["D4-D2"]), now);
        let room = app.room().unwrap();
        assert_eq!(
            (room.version, room.legal()),
            (2, ["D4-D2".to_string()].as_slice())
        );
    }

    /// Issue 12: a `moved` sends the socket to the node named; there the
    /// hello has the same token, the room is watched again and the move
    /// the first node did not carry out is sent again; sent to the same
    /// node again soon after, the client waits a little first.
    #[test]
    fn a_moved_room_is_followed_and_the_move_not_carried_out_goes_again() {
        let now = Instant::now();
        let link = Target::parse("http://127.0.0.1:8080/#/room/r1?invite=c0de").unwrap();
        let mut app = App::new(link, "Ann".into(), Some("t".into()), false, 1);
        app.update(Msg::Connected, now);
        app.update(welcome(1, None, &["r1"]), now);
        app.update(
            Msg::Server(ServerMessage::Update {
                room: "r1".into(),
                version: 3,
                state: Box::new(magneton_state(&["D4-D1"], &[], 0)),
            }),
            now,
        );
        app.update(key(KeyCode::Enter), now);
        let out = app.update(key(KeyCode::Enter), now);
        assert_eq!(sent(&out)[0]["action"], "D4-D1");
        let node = "ws://127.0.0.1:8081/n/b/ws";
        let moved = || {
            Msg::Server(ServerMessage::Moved {
                room: "r1".into(),
                url: node.into(),
            })
        };
        let out = app.update(moved(), now);
        assert_eq!(
            out,
            [Effect::Follow {
                url: node.into(),
                after: Duration::ZERO
            }]
        );
        assert_eq!(app.conn, Conn::Connecting);
        assert!(app.notice.is_none(), "no complaint: {:?}", app.notice);
        let out = app.update(Msg::Connected, now);
        let hello = &sent(&out)[0];
        assert_eq!(
            (hello["type"].as_str(), hello["token"].as_str()),
            (Some("hello"), Some("t"))
        );
        let id = hello["id"].as_u64().unwrap();
        let out = app.update(welcome(id, None, &["r1"]), now);
        let again: Vec<_> = sent(&out)
            .iter()
            .map(|m| {
                (
                    m["type"].as_str().unwrap().to_string(),
                    m["room"].clone(),
                    m["action"].clone(),
                )
            })
            .collect();
        assert_eq!(
            again,
            [
                (
                    "watch".to_string(),
                    serde_json::json!("r1"),
                    serde_json::Value::Null
                ),
                (
                    "act".to_string(),
                    serde_json::json!("r1"),
                    serde_json::json!("D4-D1")
                ),
            ]
        );
        // The room is changing hands: the same node says `moved` again.
        let out = app.update(moved(), now + Duration::from_millis(50));
        assert!(
            matches!(&out[..], [Effect::Follow { after, .. }] if *after > Duration::ZERO),
            "{out:?}"
        );
    }

    #[test]
    fn a_refused_move_is_shown_with_the_servers_words() {
        let now = Instant::now();
        let mut app = in_room(magneton_state(&["D4-D1"], &[], 0), now);
        app.update(key(KeyCode::Char(':')), now);
        type_text(&mut app, "d4-d1", now);
        let out = app.update(key(KeyCode::Enter), now);
        let id = sent(&out)[0]["id"].as_u64().unwrap();
        app.update(refusal(id, Code::IllegalAction, "D1 is occupied"), now);
        let notice = app.notice.clone().unwrap();
        assert_eq!(
            (notice.text.as_str(), notice.error),
            ("D4-D1: D1 is occupied (illegal-action)", true)
        );
        assert!(notice.fresh(now) && !notice.fresh(now + Duration::from_secs(60)));
        // q goes back to the lobby and stops watching.
        let out = app.update(key(KeyCode::Char('q')), now);
        assert_eq!(sent(&out)[0]["type"], "unwatch");
        assert!(matches!(app.screen, Screen::Lobby));
    }

    fn chat_line(
        seq: u64,
        to: lodestone_protocol::ChatTo,
        name: &str,
        seat: Option<u8>,
        text: &str,
    ) -> lodestone_protocol::ChatLine {
        lodestone_protocol::ChatLine {
            seq,
            at: 1_700_000_000_000 + seq,
            to,
            from: Guest {
                id: format!("g-{name}"),
                name: name.into(),
            },
            seat,
            text: text.into(),
        }
    }

    /// An app welcomed, showing room r1 in `state`.
    fn in_room(state: RoomState, now: Instant) -> App {
        let mut app = App::new(target(), "Ann".into(), Some("t".into()), false, 1);
        app.update(Msg::Connected, now);
        app.update(welcome(1, None, &[]), now);
        app.open_room(RoomLink {
            room: "r1".into(),
            invite: None,
        });
        app.update(
            Msg::Server(ServerMessage::Update {
                room: "r1".into(),
                version: 2,
                state: Box::new(state),
            }),
            now,
        );
        app
    }

    fn type_text(app: &mut App, text: &str, now: Instant) {
        for c in text.chars() {
            app.update(key(KeyCode::Char(c)), now);
        }
    }

    #[test]
    fn chat_lines_are_kept_in_order_once_each() {
        use lodestone_protocol::ChatTo;
        let now = Instant::now();
        let mut app = in_room(magneton_state(&["D4-D1"], &[], 0), now);
        let chat = |room: &str, lines| {
            Msg::Server(ServerMessage::Chat {
                room: room.into(),
                lines,
            })
        };
        app.update(
            chat(
                "r1",
                vec![
                    chat_line(5, ChatTo::Room, "Bob", Some(1), "hi"),
                    chat_line(3, ChatTo::Room, "Ann", Some(0), "hello"),
                ],
            ),
            now,
        );
        // After a watch again, every earlier line comes again.
        app.update(
            chat(
                "r1",
                vec![
                    chat_line(3, ChatTo::Room, "Ann", Some(0), "hello"),
                    chat_line(5, ChatTo::Room, "Bob", Some(1), "hi"),
                    chat_line(7, ChatTo::Room, "Bob", Some(1), "good luck"),
                ],
            ),
            now,
        );
        // Another room's lines are not this one's.
        app.update(
            chat("r2", vec![chat_line(1, ChatTo::Room, "Eve", None, "elsewhere")]),
            now,
        );
        let texts: Vec<_> = app
            .room()
            .unwrap()
            .chat
            .iter()
            .map(|l| (l.seq, l.text.as_str()))
            .collect();
        assert_eq!(texts, [(3, "hello"), (5, "hi"), (7, "good luck")]);
        // The control characters of a line never reach the screen.
        assert_eq!(
            super::super::ui::plain("a\u{1b}[2Jb\u{202e}c\n"),
            "a\u{fffd}[2Jb\u{fffd}c\u{fffd}"
        );
    }

    #[test]
    fn c_writes_a_chat_line_and_a_refusal_is_shown() {
        let now = Instant::now();
        let mut app = in_room(magneton_state(&["D4-D1"], &[], 0), now);
        app.update(key(KeyCode::Char('c')), now);
        // While writing, the game's keys are text: q and ? do not leave.
        type_text(&mut app, "gl? q", now);
        assert!(app.room().is_some() && !app.help);
        let out = app.update(key(KeyCode::Enter), now);
        let chat = &sent(&out)[0];
        assert_eq!(
            (
                chat["type"].as_str(),
                chat["room"].as_str(),
                chat["text"].as_str(),
                chat["to"].as_str()
            ),
            (Some("chat"), Some("r1"), Some("gl? q"), Some("room"))
        );
        assert!(app.room().unwrap().chat_input.is_none());
        let id = chat["id"].as_u64().unwrap();
        app.update(
            refusal(id, Code::ChatRateLimited, "too many chat lines: wait a little"),
            now,
        );
        let notice = app.notice.clone().unwrap();
        assert_eq!(
            (notice.text.as_str(), notice.error),
            (
                "Chat: too many chat lines: wait a little (chat-rate-limited)",
                true
            )
        );
        // Esc forgets a line; an empty one sends nothing.
        app.update(key(KeyCode::Char('c')), now);
        type_text(&mut app, "oops", now);
        let out = app.update(key(KeyCode::Esc), now);
        assert!(sent(&out).is_empty() && app.room().unwrap().chat_input.is_none());
        app.update(key(KeyCode::Char('c')), now);
        assert!(sent(&app.update(key(KeyCode::Enter), now)).is_empty());
    }

    #[test]
    fn a_spectator_writes_to_the_spectators_and_a_team_player_chooses() {
        use crate::play::room::tests::seat;
        let now = Instant::now();
        let mut watching = magneton_state(&[], &[], 0);
        watching.you = None;
        let mut app = in_room(watching, now);
        app.update(key(KeyCode::Char('c')), now);
        type_text(&mut app, "nice", now);
        let out = app.update(key(KeyCode::Enter), now);
        assert_eq!(sent(&out)[0]["to"], "spectators");
        // A team game: Tab turns the line to the team and back.
        let mut teams = magneton_state(&["D4-D1"], &[], 0);
        teams.seats = (0..4).map(|i| seat(i, "s", Some("P"))).collect();
        for s in &mut teams.seats {
            s.team = s.seat % 2;
        }
        let mut app = in_room(teams, now);
        app.update(key(KeyCode::Char('c')), now);
        type_text(&mut app, "go left", now);
        app.update(key(KeyCode::Tab), now);
        let out = app.update(key(KeyCode::Enter), now);
        assert_eq!(sent(&out)[0]["to"], "team");
        app.update(key(KeyCode::Char('c')), now);
        app.update(key(KeyCode::Tab), now);
        app.update(key(KeyCode::Tab), now);
        type_text(&mut app, "gg", now);
        let out = app.update(key(KeyCode::Enter), now);
        assert_eq!(sent(&out)[0]["to"], "room");
    }

    #[test]
    fn r_after_the_end_asks_for_a_rematch_and_its_room_is_followed() {
        let now = Instant::now();
        let mut playing = magneton_state(&["D4-D1"], &[], 0);
        playing.status = RoomStatus::Playing;
        let mut app = in_room(playing.clone(), now);
        // Not before the end.
        assert!(sent(&app.update(key(KeyCode::Char('r')), now)).is_empty());
        let finished = |rematch| {
            let mut state = playing.clone();
            state.status = RoomStatus::Finished;
            if let Some(play) = state.play.as_mut() {
                play.legal.clear();
                play.to_act.clear();
            }
            state.rematch = rematch;
            state
        };
        let update = |version, state: RoomState| {
            Msg::Server(ServerMessage::Update {
                room: "r1".into(),
                version,
                state: Box::new(state),
            })
        };
        app.update(update(3, finished(None)), now);
        let out = app.update(key(KeyCode::Char('r')), now);
        let rematch = &sent(&out)[0];
        assert_eq!(
            (
                rematch["type"].as_str(),
                rematch["room"].as_str(),
                rematch.get("accept")
            ),
            (Some("rematch"), Some("r1"), Some(&serde_json::json!(true)))
        );
        let out = app.update(key(KeyCode::Char('R')), now);
        assert_eq!(sent(&out)[0]["accept"], false);
        // The others accept: the new room opens and is watched.
        app.update(
            update(
                4,
                finished(Some(lodestone_protocol::RematchState {
                    accepted: vec![0],
                    room: None,
                })),
            ),
            now,
        );
        assert_eq!(app.room().unwrap().id, "r1");
        let out = app.update(
            update(
                5,
                finished(Some(lodestone_protocol::RematchState {
                    accepted: vec![0, 1],
                    room: Some("r2".into()),
                })),
            ),
            now,
        );
        let went: Vec<_> = sent(&out)
            .iter()
            .map(|m| {
                (
                    m["type"].as_str().unwrap().to_string(),
                    m["room"].as_str().unwrap().to_string(),
                )
            })
            .collect();
        assert_eq!(
            went,
            [
                ("unwatch".to_string(), "r1".to_string()),
                ("watch".to_string(), "r2".to_string())
            ]
        );
        assert_eq!(app.room().unwrap().id, "r2");
        // The answer to `r`, after the new room opened, leaves its word.
        let asked = sent(&app.update(key(KeyCode::Char('q')), now)).len();
        assert_eq!(asked, 2, "unwatch and hello");
        let mut app = in_room(finished(None), now);
        let out = app.update(key(KeyCode::Char('r')), now);
        let id = sent(&out)[0]["id"].as_u64().unwrap();
        app.update(
            update(
                4,
                finished(Some(lodestone_protocol::RematchState {
                    accepted: vec![0, 1],
                    room: Some("r2".into()),
                })),
            ),
            now,
        );
        app.update(
            Msg::Server(ServerMessage::Ack {
                id: RequestId::Number(id),
                room: None,
                seat: None,
                invite: None,
                version: None,
            }),
            now,
        );
        assert_eq!(app.notice.as_ref().unwrap().text, "The rematch has begun.");
    }
}
