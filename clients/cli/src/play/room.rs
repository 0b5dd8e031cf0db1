//! One room on screen, without I/O: the latest state the server sent (the
//! move log spliced from partial updates), the board read from it, and
//! what the player is doing with the keys: the cursor, the cells chosen so
//! far, a typed move, Magnet's chooser, the seat list before the start.
//! Keys become [`Intent`]s; the app turns them into requests.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent};
use lodestone_protocol::{ChatLine, ChatTo, PlayState, RiskState, RoomState, RoomStatus};
use lodestone_rules::GameKind;
use rand::Rng;

use super::boards::{self, Board, Glyph, Marks};
use super::cursor::{self, Dir};
use super::effects;
use super::input::{self, Edit, TextInput, Typed};
use super::magnet_ui::{self, Arrangement, Chooser};
use super::picker::{Picker, Pointed};
use super::words::Text;

/// What a key asks the app to do.
#[derive(Debug, PartialEq)]
pub enum Intent {
    Act(String),
    Join(u8),
    AddBot(u8, &'static str),
    Leave,
    Start,
    ToLobby,
    /// Say `text` in the room's chat to `to`.
    Chat {
        text: String,
        to: ChatTo,
    },
    /// After the end: propose or accept a rematch (`true`), or decline
    /// or withdraw it.
    Rematch(bool),
    /// At the table: resign, offer a draw, answer one, abort, claim.
    Table(TableAct),
    /// Tell the player something went wrong.
    Error(Text),
    Nothing,
}

/// What a seated player does at the table besides moving.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableAct {
    Resign,
    OfferDraw,
    AnswerDraw(bool),
    Abort,
    Claim,
}

/// The room screen.
#[derive(Debug)]
pub struct Room {
    pub id: String,
    pub invite: Option<String>,
    pub state: Option<RoomState>,
    pub version: u64,
    /// When the latest update arrived (the clock counts down from it).
    pub received: Option<Instant>,
    pub board: Option<Result<Board, String>>,
    pub picker: Picker,
    pub cursor: Option<String>,
    pub typed: Option<Typed>,
    pub arrangement: Arrangement,
    pub chooser: Option<Chooser>,
    /// The seat row selected before the start.
    pub seat_row: usize,
    /// Lines the move list is scrolled up from its end.
    pub scroll: usize,
    /// Why the room cannot be shown (no such room, a private one).
    pub problem: Option<String>,
    /// The room's chat lines received, in `seq` order, each once.
    pub chat: Vec<ChatLine>,
    /// A chat line being written.
    pub chat_input: Option<ChatDraft>,
    /// Whether the viewer could act at the previous update.
    was_to_act: bool,
    /// A table action waiting for a "y" (resign, abort, claim).
    pub asking: Option<TableAct>,
    /// Whether this screen saw the finished room with no rematch open yet
    /// (then a rematch that opens is followed; a later visitor stays).
    pub saw_no_rematch: bool,
}

/// The most chat lines kept for a room.
const CHAT_KEPT: usize = 200;

/// A chat line being written, and whom it is for.
#[derive(Clone, Debug)]
pub struct ChatDraft {
    pub input: TextInput,
    pub to: ChatTo,
}

/// What an update did.
#[derive(Debug, PartialEq, Eq)]
pub enum Applied {
    /// Taken; `turn` says the viewer has just become one to act.
    Taken { turn: bool },
    /// Moves are missing in between: watch again for the whole log.
    Gap,
    /// An older version than the one shown.
    Stale,
}

impl Room {
    pub fn new(id: &str, invite: Option<String>) -> Room {
        Room {
            id: id.to_string(),
            invite,
            state: None,
            version: 0,
            received: None,
            board: None,
            picker: Picker::default(),
            cursor: None,
            typed: None,
            arrangement: Arrangement::default(),
            chooser: None,
            seat_row: 0,
            scroll: 0,
            problem: None,
            chat: Vec::new(),
            chat_input: None,
            was_to_act: false,
            asking: None,
            saw_no_rematch: false,
        }
    }

    pub fn kind(&self) -> Option<GameKind> {
        self.state.as_ref().and_then(|s| s.game.parse().ok())
    }

    pub fn play(&self) -> Option<&PlayState> {
        self.state.as_ref().and_then(|s| s.play.as_ref())
    }

    pub fn you(&self) -> Option<u8> {
        self.state.as_ref().and_then(|s| s.you)
    }

    pub fn legal(&self) -> &[String] {
        self.play().map_or(&[], |p| p.legal.as_slice())
    }

    pub fn promotions(&self) -> BTreeMap<String, Vec<String>> {
        self.play().map(|p| p.promotions.clone()).unwrap_or_default()
    }

    pub fn status(&self) -> Option<RoomStatus> {
        self.state.as_ref().map(|s| s.status)
    }

    /// Whether the viewer is one of those to act now.
    pub fn to_act(&self) -> bool {
        matches!(self.status(), Some(RoomStatus::Playing))
            && matches!((self.you(), self.play()), (Some(you), Some(play)) if play.to_act.contains(&you))
    }

    /// The board, if it could be read.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref().and_then(|b| b.as_ref().ok())
    }

    fn magnet(&self) -> Option<&boards::MagnetBoard> {
        match self.board() {
            Some(Board::Magnet(b)) => Some(b),
            _ => None,
        }
    }

    /// Magnet: the viewer's colour.
    pub fn magnet_color(&self) -> Option<&'static str> {
        match (self.magnet(), self.you()) {
            (Some(_), Some(0)) => Some("red"),
            (Some(_), Some(1)) => Some("blue"),
            _ => None,
        }
    }

    /// Magnet: the viewer's start vertices, while arranging its setup.
    pub fn arranging(&self) -> Option<&[String]> {
        let board = self.magnet()?;
        let color = self.magnet_color()?;
        let start = if color == "red" {
            &board.start.red
        } else {
            &board.start.blue
        };
        (board.in_setup && self.to_act() && !board.side_of(color).set_up).then_some(start.as_slice())
    }

    /// Takes chat lines (a line may come again: its `seq` tells).
    pub fn add_chat(&mut self, lines: Vec<ChatLine>) {
        for line in lines {
            if let Err(at) = self.chat.binary_search_by_key(&line.seq, |l| l.seq) {
                self.chat.insert(at, line);
            }
        }
        let extra = self.chat.len().saturating_sub(CHAT_KEPT);
        self.chat.drain(..extra);
    }

    /// Whether the seats play in teams (two seats share a team).
    pub fn team_game(&self) -> bool {
        let Some(state) = &self.state else {
            return false;
        };
        let teams: BTreeSet<u8> = state.seats.iter().map(|s| s.team).collect();
        teams.len() < state.seats.len()
    }

    /// Whom the viewer may write to: the players (or, in a team game,
    /// the team) from a seat; the other spectators from none.
    pub fn audiences(&self) -> Vec<ChatTo> {
        match self.you() {
            None => vec![ChatTo::Spectators],
            Some(_) if self.team_game() => vec![ChatTo::Room, ChatTo::Team],
            Some(_) => vec![ChatTo::Room],
        }
    }

    /// The chat key: the line editor, Tab to change whom it is for.
    fn chat_key(&mut self, key: KeyEvent) -> Intent {
        let audiences = self.audiences();
        let Some(draft) = &mut self.chat_input else {
            return Intent::Nothing;
        };
        if key.code == KeyCode::Tab {
            let at = audiences.iter().position(|a| *a == draft.to).map_or(0, |i| i + 1);
            draft.to = audiences[at % audiences.len()];
            return Intent::Nothing;
        }
        match draft.input.key(key) {
            Edit::Cancel => {
                self.chat_input = None;
                Intent::Nothing
            }
            Edit::Submit => {
                let (text, to) = (draft.input.text.trim().to_string(), draft.to);
                self.chat_input = None;
                if text.is_empty() {
                    Intent::Nothing
                } else {
                    Intent::Chat { text, to }
                }
            }
            _ => Intent::Nothing,
        }
    }

    /// A `watch` is on its way: its first update is the whole truth,
    /// whatever its version (a restarted server may count from lower).
    pub fn watching_again(&mut self) {
        self.version = 0;
    }

    /// Takes an update. The log may continue the known one (`moves_from`).
    pub fn apply(&mut self, version: u64, mut state: RoomState, now: Instant) -> Applied {
        if version < self.version {
            return Applied::Stale;
        }
        if let Some(play) = state.play.as_mut()
            && play.moves_from > 0
        {
            let known = self.play().map(|p| p.moves.as_slice()).unwrap_or(&[]);
            let from = play.moves_from as usize;
            if known.len() < from {
                return Applied::Gap;
            }
            let mut moves = known[..from].to_vec();
            moves.append(&mut play.moves);
            play.moves = moves;
            play.moves_from = 0;
        }
        let kind: Option<GameKind> = state.game.parse().ok();
        self.board = match (&state.play, kind) {
            (Some(play), Some(kind)) => Some(Board::read(kind, &play.board_value())),
            // A game this client does not know: the screen says so.
            (Some(_), None) => Some(Err(String::new())),
            _ => None,
        };
        if self.invite.is_none() {
            self.invite.clone_from(&state.invite);
        }
        self.version = version;
        self.received = Some(now);
        self.state = Some(state);
        self.problem = None;
        // Magnet has its own chooser; the other games point at cells.
        if let (Some(kind), Some(play)) = (kind, self.play())
            && kind != GameKind::Magnet
        {
            let legal = play.legal.clone();
            self.picker.set_legal(&legal, &|a| Board::path(kind, a));
        }
        // A new list of offers ends a Magnet choice made from the old one.
        if let Some(chooser) = &self.chooser
            && magnet_ui::offers_for(self.legal(), &chooser.vertex) != chooser.offers
        {
            self.chooser = None;
        }
        if self.arranging().is_none() {
            self.arrangement.picked = None;
        }
        if let Some(seats) = self.state.as_ref().map(|s| s.seats.len()) {
            self.seat_row = self.seat_row.min(seats.saturating_sub(1));
        }
        self.settle_cursor();
        let to_act = self.to_act();
        let turn = to_act && !self.was_to_act;
        self.was_to_act = to_act;
        Applied::Taken { turn }
    }

    /// Cursor positions for the arrows (rows scaled so a step across and a
    /// step up are about as long).
    fn positions(&self) -> BTreeMap<String, (i32, i32)> {
        let Some(board) = self.board() else {
            return BTreeMap::new();
        };
        let scale = match board {
            Board::Magnet(_) => 2,
            _ => 3,
        };
        boards::positions(&board.layout(boards::Size::Compact))
            .into_iter()
            .map(|(label, (x, y))| (label, (x, y * scale)))
            .collect()
    }

    /// The cells that may be pointed at now (empty: none, look anywhere).
    pub fn active(&self) -> BTreeSet<String> {
        if let Some(start) = self.arranging() {
            return start.iter().cloned().collect();
        }
        if self.magnet().is_some() {
            if let Some(chooser) = &self.chooser {
                return BTreeSet::from([chooser.vertex.clone()]);
            }
            return magnet_ui::turns(self.legal())
                .map(|a| boards::read_turn(a).0)
                .collect();
        }
        let (targets, sources) = self.picker.next_cells();
        let mut cells: BTreeSet<String> = targets.union(&sources).cloned().collect();
        cells.extend(self.picker.chosen().iter().cloned());
        cells
    }

    /// Where the cursor is (the board's middle if nowhere).
    fn cursor_at(&self, positions: &BTreeMap<String, (i32, i32)>) -> (i32, i32) {
        self.cursor
            .as_ref()
            .and_then(|c| positions.get(c).copied())
            .unwrap_or_else(|| centre(positions))
    }

    /// Keeps the cursor on a cell that may be pointed at, if any, moving
    /// it to the nearest one.
    fn settle_cursor(&mut self) {
        let positions = self.positions();
        if positions.is_empty() {
            return;
        }
        let active = self.active();
        let here = self.cursor_at(&positions);
        let on_active = self.cursor.as_ref().is_some_and(|c| active.contains(c));
        if !active.is_empty() && !on_active {
            self.cursor = cursor::nearest(here, &positions, &|l| active.contains(l));
        } else if self.cursor.is_none() {
            self.cursor = cursor::nearest(here, &positions, &|_| true);
        }
    }

    /// The pieces a Magnet turn being chosen moves: its order as offered,
    /// or for the default order the nearest own piece on each line.
    pub fn pulls(&self, chooser: &Chooser) -> Vec<String> {
        let pulls = chooser.pulls();
        match (self.magnet(), self.magnet_color()) {
            (Some(board), Some(color)) if pulls.is_empty() => board.nearest_own(&chooser.vertex, color),
            _ => pulls,
        }
    }

    /// A warning from the server (`play.risks`) about the action Enter
    /// would play now: the chosen Magnet turn, or what the cursor's cell
    /// completes.
    pub fn risk_now(&self) -> Option<(String, RiskState)> {
        let risks = &self.play()?.risks;
        if let Some(chooser) = &self.chooser {
            let offer = chooser.offer();
            return risks.get(offer).map(|r| (offer.to_string(), *r));
        }
        let cell = self.cursor.as_deref()?;
        self.picker
            .completed_at(cell)
            .into_iter()
            .find_map(|a| risks.get(a).map(|r| (a.to_string(), *r)))
    }

    /// The cells the last action touched: from its effects, as the server
    /// tells them; from an older server without effects, the cells its
    /// notation names.
    fn last_cells(&self) -> BTreeSet<String> {
        let Some(play) = self.play() else {
            return BTreeSet::new();
        };
        if let Some(last) = &play.last {
            return effects::cells(&last.effects);
        }
        match (self.kind(), play.moves.last().and_then(|m| m.action.as_deref())) {
            (Some(GameKind::Magnet), Some(last)) if !last.to_ascii_lowercase().starts_with("setup") => {
                BTreeSet::from([boards::read_turn(last).0])
            }
            (Some(kind), Some(last)) if kind != GameKind::Magnet => {
                Board::path(kind, last).unwrap_or_default().into_iter().collect()
            }
            _ => BTreeSet::new(),
        }
    }

    /// The highlights of the board.
    pub fn marks(&self) -> Marks {
        let mut marks = Marks {
            cursor: self.cursor.clone(),
            ..Marks::default()
        };
        marks.last = self.last_cells();
        if let Some(start) = self.arranging() {
            let color = self.magnet_color().unwrap_or("red");
            for (i, (vertex, kind)) in start.iter().zip(&self.arrangement.kinds).enumerate() {
                let rank = 1;
                marks.overrides.insert(
                    vertex.clone(),
                    Glyph::piece(boards::piece_text(color, Some(kind), rank), color),
                );
                if self.arrangement.picked == Some(i) {
                    marks.chosen.insert(vertex.clone());
                }
            }
            marks.sources = start.iter().cloned().collect();
            return marks;
        }
        if self.magnet().is_some() {
            match &self.chooser {
                Some(chooser) => {
                    marks.chosen.insert(chooser.vertex.clone());
                    marks.targets = self.pulls(chooser).into_iter().collect();
                }
                None => marks.targets = self.active(),
            }
            return marks;
        }
        let (targets, sources) = self.picker.next_cells();
        marks.targets = targets;
        marks.sources = sources;
        marks.chosen = self.picker.chosen().iter().cloned().collect();
        marks
    }

    /// A key, while the room is shown.
    pub fn key(&mut self, key: KeyEvent, rng: &mut impl Rng) -> Intent {
        if self.chat_input.is_some() {
            return self.chat_key(key);
        }
        let legal = self.legal().to_vec();
        let promotions = self.promotions();
        if let Some(typed) = &mut self.typed {
            if key.code == KeyCode::Tab {
                typed.complete(&legal);
                return Intent::Nothing;
            }
            return match typed.key(key) {
                Edit::Cancel => {
                    self.typed = None;
                    Intent::Nothing
                }
                Edit::Submit => {
                    let text = typed.input.text.clone();
                    match input::resolve(&text, &legal, &promotions) {
                        Some(action) => {
                            self.typed = None;
                            Intent::Act(action)
                        }
                        None if legal.is_empty() => Intent::Error(Text::new("refuse-no-moves")),
                        None => {
                            Intent::Error(Text::new("refuse-not-legal").arg("move", text.trim().to_string()))
                        }
                    }
                }
                _ => Intent::Nothing,
            };
        }
        if let Some(chooser) = &mut self.chooser {
            match key.code {
                KeyCode::Up => chooser.move_order(false),
                KeyCode::Down => chooser.move_order(true),
                KeyCode::Char(c @ '1'..='9') => chooser.toggle(usize::from(c as u8 - b'1'), &promotions),
                KeyCode::Enter | KeyCode::Char(' ') => {
                    let action = chooser.action(&promotions);
                    self.chooser = None;
                    return Intent::Act(action);
                }
                KeyCode::Esc => self.chooser = None,
                KeyCode::Char('q') => return Intent::ToLobby,
                _ => {}
            }
            return Intent::Nothing;
        }
        if let Some(asked) = self.asking.take() {
            return if key.code == KeyCode::Char('y') {
                Intent::Table(asked)
            } else {
                Intent::Nothing
            };
        }
        if key.code == KeyCode::Char('c') && self.state.is_some() && self.arranging().is_none() {
            self.chat_input = Some(ChatDraft {
                input: TextInput::default(),
                to: self.audiences()[0],
            });
            return Intent::Nothing;
        }
        match self.status() {
            Some(RoomStatus::Open) => self.key_before_start(key),
            Some(_) => self.key_in_game(key, rng),
            None if key.code == KeyCode::Char('q') || key.code == KeyCode::Esc => Intent::ToLobby,
            None => Intent::Nothing,
        }
    }

    fn key_before_start(&mut self, key: KeyEvent) -> Intent {
        let Some(state) = &self.state else {
            return Intent::Nothing;
        };
        let seats = state.seats.len();
        let row = self.seat_row.min(seats.saturating_sub(1));
        let free = state.seats.get(row).is_some_and(|s| s.player.is_none());
        let seat = state.seats.get(row).map_or(0, |s| s.seat);
        match key.code {
            KeyCode::Up => self.seat_row = row.saturating_sub(1),
            KeyCode::Down => self.seat_row = (row + 1).min(seats.saturating_sub(1)),
            KeyCode::Enter | KeyCode::Char(' ') if state.you.is_none() => {
                return if free {
                    Intent::Join(seat)
                } else {
                    Intent::Error(Text::new("refuse-seat-taken"))
                };
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                return Intent::Error(Text::new("refuse-seated"));
            }
            KeyCode::Char(c @ ('a' | 'A')) => {
                return if free {
                    Intent::AddBot(seat, if c == 'a' { "greedy" } else { "random" })
                } else {
                    Intent::Error(Text::new("refuse-bot-seat"))
                };
            }
            KeyCode::Char('l') if state.you.is_some() => return Intent::Leave,
            KeyCode::Char('s') => {
                return if state.you.is_none() {
                    Intent::Error(Text::new("refuse-start-unseated"))
                } else if state.seats.iter().any(|s| s.player.is_none()) {
                    Intent::Error(Text::new("refuse-start-free-seat"))
                } else {
                    Intent::Start
                };
            }
            KeyCode::Char('q') | KeyCode::Esc => return Intent::ToLobby,
            _ => {}
        }
        Intent::Nothing
    }

    fn key_in_game(&mut self, key: KeyEvent, rng: &mut impl Rng) -> Intent {
        let dir = match key.code {
            KeyCode::Up => Some(Dir::Up),
            KeyCode::Down => Some(Dir::Down),
            KeyCode::Left => Some(Dir::Left),
            KeyCode::Right => Some(Dir::Right),
            _ => None,
        };
        if let Some(dir) = dir {
            let positions = self.positions();
            let active = self.active();
            let here = self.cursor_at(&positions);
            let allowed = |l: &str| active.is_empty() || active.contains(l);
            if let Some(next) = cursor::step(here, dir, &positions, &allowed) {
                self.cursor = Some(next);
            }
            return Intent::Nothing;
        }
        match key.code {
            KeyCode::Enter | KeyCode::Char(' ') => return self.point(),
            KeyCode::Esc => {
                self.picker.reset();
                self.arrangement.picked = None;
                self.settle_cursor();
            }
            KeyCode::Char(':' | 't') if !self.legal().is_empty() => self.typed = Some(Typed::default()),
            KeyCode::Char(':' | 't') => return Intent::Error(Text::new("refuse-no-moves")),
            KeyCode::Char(c @ '1'..='9') => {
                let index = usize::from(c as u8 - b'1');
                if let Some(action) = self.picker.buttons().get(index) {
                    return Intent::Act(action.clone());
                }
            }
            KeyCode::Char('r') if self.arranging().is_some() => self.arrangement.shuffle(rng),
            KeyCode::Char(c @ ('r' | 'R')) if self.status() == Some(RoomStatus::Finished) => {
                return if self.you().is_none() {
                    Intent::Error(Text::new("refuse-rematch-watcher"))
                } else {
                    Intent::Rematch(c == 'r')
                };
            }
            KeyCode::Char('c') if self.arranging().is_some() => {
                let start = self.arranging().unwrap_or(&[]).to_vec();
                return Intent::Act(self.arrangement.action(&start));
            }
            KeyCode::Char(c @ ('x' | 'd' | 'y' | 'n' | 'a' | 'w')) => return self.table_key(c),
            KeyCode::PageUp => self.scroll += 5,
            KeyCode::PageDown => self.scroll = self.scroll.saturating_sub(5),
            KeyCode::Char('q') => return Intent::ToLobby,
            _ => {}
        }
        Intent::Nothing
    }

    /// The table's keys during the game: x resigns, d offers a draw, y / n
    /// answer one, a aborts, w claims the game from an absent player; the
    /// ones that cannot be undone ask for a "y" first.
    fn table_key(&mut self, c: char) -> Intent {
        let Some(state) = &self.state else {
            return Intent::Nothing;
        };
        let Some(play) = state
            .play
            .as_ref()
            .filter(|p| state.status == RoomStatus::Playing && p.outcome.is_none())
        else {
            return Intent::Nothing;
        };
        let Some(you) = state.you else {
            return Intent::Error(Text::new("refuse-table-watcher"));
        };
        let offer = play.draw_offer.filter(|&o| o != you);
        match c {
            'x' => self.asking = Some(TableAct::Resign),
            'a' => self.asking = Some(TableAct::Abort),
            'w' => self.asking = Some(TableAct::Claim),
            'd' => return Intent::Table(TableAct::OfferDraw),
            'y' | 'n' if offer.is_some() => return Intent::Table(TableAct::AnswerDraw(c == 'y')),
            _ => return Intent::Error(Text::new("refuse-no-draw-offer")),
        }
        Intent::Nothing
    }

    /// Enter on the cursor's cell.
    fn point(&mut self) -> Intent {
        let Some(cell) = self.cursor.clone() else {
            return Intent::Nothing;
        };
        if let Some(start) = self.arranging() {
            if let Some(index) = start.iter().position(|v| *v == cell) {
                self.arrangement.pick(index);
            }
            return Intent::Nothing;
        }
        if self.magnet().is_some() {
            let offers = magnet_ui::offers_for(self.legal(), &cell);
            let promotions = self.promotions();
            return match offers.as_slice() {
                [] => Intent::Nothing,
                [only] if promotions.get(only).is_none_or(Vec::is_empty) => Intent::Act(only.clone()),
                _ => {
                    self.chooser = Some(Chooser::new(&cell, offers));
                    Intent::Nothing
                }
            };
        }
        match self.picker.point(&cell) {
            Pointed::Play(action) => Intent::Act(action),
            Pointed::Chosen => {
                // On to the nearest cell that continues the choice.
                let (targets, sources) = self.picker.next_cells();
                let next: BTreeSet<String> = targets.union(&sources).cloned().collect();
                let positions = self.positions();
                if let Some(&here) = positions.get(&cell)
                    && let Some(to) = cursor::nearest(here, &positions, &|l| next.contains(l))
                {
                    self.cursor = Some(to);
                }
                self.settle_cursor();
                Intent::Nothing
            }
            Pointed::Nothing => Intent::Nothing,
        }
    }
}

/// The middle of a board, where the cursor starts.
fn centre(positions: &BTreeMap<String, (i32, i32)>) -> (i32, i32) {
    let n = positions.len().max(1) as i32;
    let (sx, sy) = positions.values().fold((0, 0), |(a, b), (x, y)| (a + x, b + y));
    (sx / n, sy / n)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crossterm::event::KeyModifiers;
    use lodestone_protocol::{MoveEntry, RawJson, SeatState};
    use rand::SeedableRng;
    use rand::rngs::SmallRng;

    pub(crate) fn seat(i: u8, name: &str, player: Option<&str>) -> SeatState {
        SeatState {
            seat: i,
            name: name.into(),
            color: name.into(),
            team: i,
            player: player.map(|p| lodestone_protocol::Guest {
                id: format!("g{i}"),
                name: p.into(),
            }),
            connected: player.is_some(),
            bot: false,
            bot_account: false,
            shown_as: None,
            absent: false,
            stand_in: false,
            vacation: None,
        }
    }

    /// A Magneton room in play where white (the viewer) may act.
    pub(crate) fn magneton_state(legal: &[&str], moves: &[&str], moves_from: u32) -> RoomState {
        RoomState {
            id: "r1".into(),
            game: "magneton".into(),
            options: Default::default(),
            public: true,
            invite: None,
            status: RoomStatus::Playing,
            seed_commitment: String::new(),
            seed: None,
            seats: vec![seat(0, "white", Some("Ann")), seat(1, "black", Some("Bot"))],
            you: Some(0),
            owner: None,
            rematch: None,
            ended: None,
            play: Some(PlayState {
                position: String::new(),
                board: RawJson::new(
                    &serde_json::json!({"stones": {"white": ["D4"], "black": ["E5"]}, "hands": {"white": 0, "black": 0}, "side": "white", "phase": "move"}),
                ),
                to_act: if legal.is_empty() { vec![1] } else { vec![0] },
                legal: legal.iter().map(|s| s.to_string()).collect(),
                promotions: Default::default(),
                moves: moves
                    .iter()
                    .enumerate()
                    .map(|(i, a)| MoveEntry {
                        ply: moves_from + i as u32 + 1,
                        seat: (i % 2) as u8,
                        action: Some(a.to_string()),
                        commitment: None,
                        salt: None,
                    })
                    .collect(),
                moves_from,
                outcome: None,
                clock: None,
                clocks: Vec::new(),
                draw_offer: None,
                last: None,
                risks: Default::default(),
            }),
        }
    }

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn partial_logs_are_spliced_and_a_gap_asks_for_the_whole() {
        let now = Instant::now();
        let mut room = Room::new("r1", None);
        assert_eq!(
            room.apply(5, magneton_state(&[], &["A1", "A2"], 0), now),
            Applied::Taken { turn: false }
        );
        assert_eq!(
            room.apply(6, magneton_state(&["D4-D1"], &["A3"], 2), now),
            Applied::Taken { turn: true }
        );
        let moves: Vec<_> = room
            .play()
            .unwrap()
            .moves
            .iter()
            .map(|m| m.action.clone().unwrap())
            .collect();
        assert_eq!(moves, ["A1", "A2", "A3"]);
        assert_eq!(room.apply(8, magneton_state(&[], &["B1"], 5), now), Applied::Gap);
        assert_eq!(room.apply(4, magneton_state(&[], &[], 0), now), Applied::Stale);
        assert_eq!(room.version, 6);
    }

    #[test]
    fn the_cursor_picks_a_stone_then_its_destination() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut room = Room::new("r1", None);
        room.apply(
            3,
            magneton_state(&["D4-D1", "D4-D2", "D4-H8"], &[], 0),
            Instant::now(),
        );
        // The only stone that can move is under the cursor.
        assert_eq!(room.cursor.as_deref(), Some("D4"));
        assert_eq!(room.key(key(KeyCode::Enter), &mut rng), Intent::Nothing);
        assert_eq!(room.picker.chosen(), ["D4"]);
        // The cursor went to the nearest destination; arrows go among them.
        assert_eq!(room.cursor.as_deref(), Some("D2"));
        room.key(key(KeyCode::Down), &mut rng);
        assert_eq!(room.cursor.as_deref(), Some("D1"));
        room.key(key(KeyCode::Right), &mut rng);
        assert_eq!(room.cursor.as_deref(), Some("H8"));
        room.key(key(KeyCode::Left), &mut rng);
        assert_eq!(
            room.cursor.as_deref(),
            Some("D4"),
            "the chosen stone can be pointed at again"
        );
        room.key(key(KeyCode::Esc), &mut rng);
        assert!(room.picker.chosen().is_empty());
        room.key(key(KeyCode::Enter), &mut rng);
        room.key(key(KeyCode::Down), &mut rng);
        assert_eq!(
            room.key(key(KeyCode::Enter), &mut rng),
            Intent::Act("D4-D1".into())
        );
    }

    #[test]
    fn a_typed_move_is_sent_only_if_it_is_offered() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut room = Room::new("r1", None);
        room.apply(3, magneton_state(&["D4-D1", "pass"], &[], 0), Instant::now());
        room.key(key(KeyCode::Char(':')), &mut rng);
        for c in "d4-d9".chars() {
            room.key(key(KeyCode::Char(c)), &mut rng);
        }
        assert!(
            matches!(room.key(key(KeyCode::Enter), &mut rng), Intent::Error(e) if e.id == "refuse-not-legal")
        );
        room.key(key(KeyCode::Backspace), &mut rng);
        room.key(key(KeyCode::Char('1')), &mut rng);
        assert_eq!(
            room.key(key(KeyCode::Enter), &mut rng),
            Intent::Act("D4-D1".into())
        );
        assert!(room.typed.is_none());
        // The button action by its number.
        assert_eq!(
            room.key(key(KeyCode::Char('1')), &mut rng),
            Intent::Act("pass".into())
        );
    }

    #[test]
    fn seats_are_taken_and_bots_added_before_the_start() {
        let mut rng = SmallRng::seed_from_u64(1);
        let mut state = magneton_state(&[], &[], 0);
        state.status = RoomStatus::Open;
        state.play = None;
        state.you = None;
        state.seats[0].player = None;
        state.seats[1].player = None;
        let mut room = Room::new("r1", None);
        room.apply(1, state.clone(), Instant::now());
        assert_eq!(room.key(key(KeyCode::Enter), &mut rng), Intent::Join(0));
        room.key(key(KeyCode::Down), &mut rng);
        assert_eq!(
            room.key(key(KeyCode::Char('a')), &mut rng),
            Intent::AddBot(1, "greedy")
        );
        assert!(matches!(
            room.key(key(KeyCode::Char('s')), &mut rng),
            Intent::Error(_)
        ));
        state.you = Some(0);
        state.seats[0].player = Some(lodestone_protocol::Guest {
            id: "g".into(),
            name: "Ann".into(),
        });
        state.seats[1].player = Some(lodestone_protocol::Guest {
            id: "b".into(),
            name: "Bot".into(),
        });
        room.apply(2, state, Instant::now());
        assert_eq!(room.key(key(KeyCode::Char('s')), &mut rng), Intent::Start);
        assert_eq!(room.key(key(KeyCode::Char('l')), &mut rng), Intent::Leave);
        assert_eq!(room.key(key(KeyCode::Char('q')), &mut rng), Intent::ToLobby);
    }
}
