//! The lobby, without I/O: your unfinished games, the open rooms, the
//! games in progress, and the forms to create a room (any game, its
//! options from `/api/games`), open one by link or invite code, and change
//! your name. Keys become [`LobbyIntent`]s; the app turns them into
//! requests.

use std::collections::BTreeMap;

use crossterm::event::{KeyCode, KeyEvent};
use lodestone_protocol::{GameInfo, RoomSummary};

use super::input::{Edit, TextInput};
use super::target::RoomLink;
use super::turns::Turns;
use super::words::Text;

/// What a key asks the app to do.
#[derive(Debug, PartialEq)]
pub enum LobbyIntent {
    Open(RoomLink),
    Create {
        game: String,
        options: BTreeMap<String, String>,
        public: bool,
    },
    Rename(String),
    Refresh,
    Quit,
    Error(Text),
    Nothing,
}

/// The games the server plays, once fetched.
#[derive(Debug, Default)]
pub enum Games {
    #[default]
    Loading,
    Ready(Vec<GameInfo>),
    Failed(String),
}

/// A line of the lobby that can be opened.
#[derive(Clone, Debug)]
pub enum Entry {
    /// A game waiting for your move (`turns.rs`), the oldest first.
    Turn(lodestone_protocol::TurnWaiting),
    /// One of your unfinished games: its id and what is known of it.
    Mine(String, Option<RoomSummary>),
    Open(RoomSummary),
    Playing(RoomSummary),
}

/// How a listed room becomes an entry of the lobby.
type ToEntry = fn(RoomSummary) -> Entry;

impl Entry {
    pub fn room(&self) -> &str {
        match self {
            Entry::Mine(id, _) => id,
            Entry::Turn(t) => &t.room,
            Entry::Open(r) | Entry::Playing(r) => &r.id,
        }
    }
}

/// The new-room form.
#[derive(Clone, Debug, Default)]
pub struct CreateForm {
    /// The game chosen (an index into the games).
    pub game: usize,
    /// Each option's value (an index into its values), by key.
    pub values: BTreeMap<String, usize>,
    pub public: bool,
    /// The line being changed: 0 the game, then the options, then listed.
    pub row: usize,
}

/// The game the new-room form starts on: the easiest to learn.
const FIRST_GAME: &str = "magneton";

/// The lobby screen.
#[derive(Debug, Default)]
pub struct Lobby {
    pub open: Vec<RoomSummary>,
    pub playing: Vec<RoomSummary>,
    pub selected: usize,
    pub form: Option<CreateForm>,
    /// The "open a room" prompt.
    pub join: Option<TextInput>,
    /// The "your name" prompt.
    pub rename: Option<TextInput>,
    /// The games waiting for your move, listed first.
    pub turns: Turns,
}

impl Lobby {
    /// Every line that can be opened, in the order shown.
    pub fn entries(&self, mine: &[String]) -> Vec<Entry> {
        let known = |id: &str| {
            self.open
                .iter()
                .chain(&self.playing)
                .find(|r| r.id == id)
                .cloned()
        };
        let mut entries: Vec<Entry> = self.turns.rooms().iter().cloned().map(Entry::Turn).collect();
        entries.extend(
            mine.iter()
                .filter(|id| !self.turns.waits(id))
                .map(|id| Entry::Mine(id.clone(), known(id))),
        );
        // The open rooms, then the games being played, less your own.
        let others: [(&[RoomSummary], ToEntry); 2] =
            [(&self.open, Entry::Open), (&self.playing, Entry::Playing)];
        for (rooms, entry) in others {
            entries.extend(rooms.iter().filter(|r| !mine.contains(&r.id)).cloned().map(entry));
        }
        entries
    }

    pub fn key(&mut self, key: KeyEvent, mine: &[String], games: &Games, name: &str) -> LobbyIntent {
        if let Some(input) = &mut self.join {
            return match input.key(key) {
                Edit::Cancel => {
                    self.join = None;
                    LobbyIntent::Nothing
                }
                Edit::Submit => match RoomLink::read(&input.text) {
                    Ok(link) => {
                        self.join = None;
                        LobbyIntent::Open(link)
                    }
                    Err(e) => LobbyIntent::Error(e),
                },
                _ => LobbyIntent::Nothing,
            };
        }
        if let Some(input) = &mut self.rename {
            return match input.key(key) {
                Edit::Cancel => {
                    self.rename = None;
                    LobbyIntent::Nothing
                }
                Edit::Submit => {
                    let name = input.text.trim().to_string();
                    if name.is_empty() {
                        return LobbyIntent::Error(Text::new("refuse-empty-name"));
                    }
                    self.rename = None;
                    LobbyIntent::Rename(name)
                }
                _ => LobbyIntent::Nothing,
            };
        }
        if let Some(form) = &mut self.form {
            let Games::Ready(list) = games else {
                self.form = None;
                return LobbyIntent::Nothing;
            };
            return form.key(key, list).unwrap_or_else(|| {
                if key.code == KeyCode::Esc {
                    self.form = None;
                }
                LobbyIntent::Nothing
            });
        }
        let entries = self.entries(mine);
        match key.code {
            KeyCode::Up => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down => self.selected = (self.selected + 1).min(entries.len().saturating_sub(1)),
            KeyCode::Enter => {
                return match entries.get(self.selected) {
                    Some(entry) => LobbyIntent::Open(RoomLink {
                        room: entry.room().to_string(),
                        invite: None,
                    }),
                    None => LobbyIntent::Error(Text::new("refuse-no-room")),
                };
            }
            KeyCode::Char('n') => match games {
                Games::Ready(list) if !list.is_empty() => {
                    // Magneton first, as in the browser: the easiest to learn.
                    let game = list.iter().position(|g| g.game == FIRST_GAME).unwrap_or(0);
                    self.form = Some(CreateForm {
                        game,
                        public: true,
                        ..CreateForm::default()
                    })
                }
                Games::Ready(_) => return LobbyIntent::Error(Text::new("refuse-no-games")),
                Games::Loading => {
                    return LobbyIntent::Error(Text::new("refuse-games-loading"));
                }
                Games::Failed(e) => {
                    return LobbyIntent::Error(Text::new("refuse-games-failed").arg("error", e.clone()));
                }
            },
            KeyCode::Char('j') => self.join = Some(TextInput::default()),
            KeyCode::Char('e') => self.rename = Some(TextInput::with(name)),
            KeyCode::Char('r') => return LobbyIntent::Refresh,
            KeyCode::Char('q') | KeyCode::Esc => return LobbyIntent::Quit,
            _ => {}
        }
        LobbyIntent::Nothing
    }

    /// Pasted text: into the prompt that is open.
    pub fn paste(&mut self, text: &str) {
        if let Some(input) = self.join.as_mut().or(self.rename.as_mut()) {
            input.insert(text);
        }
    }
}

impl CreateForm {
    /// How many lines the form has for `game`.
    fn rows(game: &GameInfo) -> usize {
        game.options.len() + 2
    }

    /// The chosen value of each option.
    pub fn value<'a>(&self, option: &'a lodestone_protocol::OptionInfo) -> &'a str {
        let index = self.values.get(&option.key).copied().unwrap_or(0);
        option
            .values
            .get(index)
            .map_or(option.default.as_str(), String::as_str)
    }

    /// A key; `None` leaves it to the lobby (Esc).
    fn key(&mut self, key: KeyEvent, games: &[GameInfo]) -> Option<LobbyIntent> {
        let game = games.get(self.game)?;
        let rows = CreateForm::rows(game);
        let step = |forward: bool, index: usize, n: usize| {
            if forward {
                (index + 1) % n
            } else {
                (index + n - 1) % n
            }
        };
        match key.code {
            KeyCode::Up => self.row = self.row.saturating_sub(1),
            KeyCode::Down | KeyCode::Tab => self.row = (self.row + 1).min(rows - 1),
            KeyCode::Left | KeyCode::Right => {
                let forward = key.code == KeyCode::Right;
                if self.row == 0 {
                    self.game = step(forward, self.game, games.len());
                    self.values.clear();
                } else if self.row == rows - 1 {
                    self.public = !self.public;
                } else if let Some(option) = game.options.get(self.row - 1) {
                    let index = self.values.get(&option.key).copied().unwrap_or(0);
                    self.values.insert(
                        option.key.clone(),
                        step(forward, index, option.values.len().max(1)),
                    );
                }
            }
            KeyCode::Enter => {
                // Only the options changed from their defaults: some only
                // make sense together with others (Magma's solo).
                let options = game
                    .options
                    .iter()
                    .filter(|o| self.value(o) != o.default)
                    .map(|o| (o.key.clone(), self.value(o).to_string()))
                    .collect();
                return Some(LobbyIntent::Create {
                    game: game.game.clone(),
                    options,
                    public: self.public,
                });
            }
            KeyCode::Esc => return None,
            _ => {}
        }
        Some(LobbyIntent::Nothing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    fn summary(id: &str) -> RoomSummary {
        RoomSummary {
            id: id.into(),
            game: "magneton".into(),
            options: Default::default(),
            seats: 2,
            taken: 1,
            players: vec!["Bo".into()],
        }
    }

    #[test]
    fn the_form_sends_only_changed_options() {
        let games = Games::Ready(GameInfo::available());
        let mut lobby = Lobby::default();
        assert_eq!(
            lobby.key(key(KeyCode::Char('n')), &[], &games, "Ann"),
            LobbyIntent::Nothing
        );
        // The form starts on Magneton, the easiest to learn.
        assert_eq!(
            lobby.form.as_ref().map(|f| f.game),
            GameInfo::available().iter().position(|g| g.game == "magneton")
        );
        lobby.key(key(KeyCode::Down), &[], &games, "Ann");
        lobby.key(key(KeyCode::Right), &[], &games, "Ann");
        // Past the room's own options (clock, absent, chat, rated,
        // rated-bots, spectators, spectator-delay, weekends, berserk), left
        // as they are.
        for _ in 0..10 {
            lobby.key(key(KeyCode::Down), &[], &games, "Ann");
        }
        lobby.key(key(KeyCode::Right), &[], &games, "Ann");
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &[], &games, "Ann"),
            LobbyIntent::Create {
                game: "magneton".into(),
                options: BTreeMap::from([("move-rule".to_string(), "per-ray".to_string())]),
                public: false,
            }
        );
        lobby.key(key(KeyCode::Esc), &[], &games, "Ann");
        assert!(lobby.form.is_none());
        let loading = lobby.key(key(KeyCode::Char('n')), &[], &Games::Loading, "Ann");
        assert!(matches!(loading, LobbyIntent::Error(_)));
    }

    #[test]
    fn entries_list_your_games_first_and_open_by_link() {
        let mut lobby = Lobby {
            open: vec![summary("aa"), summary("bb")],
            playing: vec![summary("cc")],
            ..Lobby::default()
        };
        let mine = vec!["bb".to_string()];
        let rooms: Vec<String> = lobby
            .entries(&mine)
            .iter()
            .map(|e| e.room().to_string())
            .collect();
        assert_eq!(rooms, ["bb", "aa", "cc"]);
        lobby.key(key(KeyCode::Down), &mine, &Games::Loading, "Ann");
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &mine, &Games::Loading, "Ann"),
            LobbyIntent::Open(RoomLink {
                room: "aa".into(),
                invite: None
            })
        );
        lobby.key(key(KeyCode::Char('j')), &mine, &Games::Loading, "Ann");
        lobby.paste("http://h:1/#/room/dd?invite=99");
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &mine, &Games::Loading, "Ann"),
            LobbyIntent::Open(RoomLink {
                room: "dd".into(),
                invite: Some("99".into())
            })
        );
        lobby.key(key(KeyCode::Char('e')), &mine, &Games::Loading, "Ann");
        lobby.key(key(KeyCode::Char('e')), &mine, &Games::Loading, "Ann");
        assert_eq!(
            lobby.key(key(KeyCode::Enter), &mine, &Games::Loading, "Ann"),
            LobbyIntent::Rename("Anne".into())
        );
    }
}
