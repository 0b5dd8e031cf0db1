//! The statements that store a list of operations, in the order they must
//! run (fences first, in room order), with their text and bound values:
//! the same for both backends and both writers (`sql.rs`,
//! `sqlite_writer.rs`).

use std::fmt::Write as _;

use super::types::{EventRow, Op, RoomRow, TurnOp, Value};

/// One statement of a commit.
#[derive(Debug)]
pub(super) enum Statement<'a> {
    /// The lease check of one room, run first in the transaction: it
    /// updates the lease row (so a node taking the room waits for this
    /// transaction) and finds no row if the lease is not `node`'s at
    /// `epoch` or has expired by the database's clock.
    Fence {
        room: &'a str,
        node: &'a str,
        epoch: i64,
        deadline: Option<i64>,
    },
    Guests(Vec<NewGuest<'a>>),
    Rooms(Vec<&'a RoomRow>),
    Events(Vec<&'a EventRow>),
    /// `sql` sets a column to `value` in the row with key `key`, and
    /// returns a row: finding none is an error.
    Update {
        sql: &'static str,
        value: &'a str,
        key: &'a str,
    },
    /// A started game's result is due.
    Due {
        room: &'a str,
        at: i64,
    },
    /// A player's game that counts for no rating.
    PlayerGame {
        guest: &'a str,
        room: &'a str,
        game: String,
        result: &'static str,
        finished_at: i64,
    },
    /// A room's result is no longer due.
    DueDone {
        room: &'a str,
    },
    /// A readiness probe: one row of `probes` written.
    Probe {
        node: &'a str,
        at: i64,
    },
    /// A change to the games waiting (`Op::Turn`).
    Turn(&'a TurnOp),
    /// A statement of a room's notice (`Op::Notice`).
    Sql {
        sql: &'static str,
        values: &'a [Value],
    },
}

/// A guest to insert, borrowed from its operation.
#[derive(Debug)]
pub(super) struct NewGuest<'a> {
    id: &'a str,
    name: &'a str,
    token_hash: &'a str,
    created_at: i64,
    bot: Option<&'a str>,
}

/// A value bound to a statement's placeholder.
#[derive(Clone, Copy, Debug)]
pub(super) enum Param<'a> {
    Text(&'a str),
    MaybeText(Option<&'a str>),
    Int(i64),
    MaybeInt(Option<i64>),
    Bool(bool),
}

impl Statement<'_> {
    /// The statement's text, with placeholders `$1, $2, …` (which both
    /// SQLite and PostgreSQL read), one per [`Statement::params`].
    pub(super) fn sql(&self) -> String {
        let (head, rows) = match self {
            Statement::Guests(guests) => (
                "INSERT INTO guests (id, name, token_hash, created_at, bot) VALUES ",
                guests.len(),
            ),
            Statement::Rooms(rooms) => (
                "INSERT INTO rooms (id, game, public, status, created_at) VALUES ",
                rooms.len(),
            ),
            Statement::Events(events) => (
                "INSERT INTO events (room_id, seq, kind, at, data) VALUES ",
                events.len(),
            ),
            Statement::Update { sql, .. } | Statement::Sql { sql, .. } => return (*sql).to_string(),
            Statement::Due { .. } => {
                return "INSERT INTO games_due (room_id, at) VALUES ($1, $2) ON CONFLICT DO NOTHING"
                    .to_string();
            }
            Statement::PlayerGame { .. } => {
                return "INSERT INTO player_games (guest_id, room_id, game, result, rated, finished_at) \
                        VALUES ($1, $2, $3, $4, 0, $5) ON CONFLICT DO NOTHING"
                    .to_string();
            }
            Statement::DueDone { .. } => return "DELETE FROM games_due WHERE room_id = $1".to_string(),
            Statement::Probe { .. } => {
                return "INSERT INTO probes (node, at) VALUES ($1, $2) \
                        ON CONFLICT (node) DO UPDATE SET at = excluded.at"
                    .to_string();
            }
            Statement::Turn(TurnOp::Waits(_)) => {
                return "INSERT INTO turns (guest_id, room_id, game, since, seq, waiting) \
                        VALUES ($1, $2, $3, $4, $5, TRUE) ON CONFLICT (room_id, guest_id) DO UPDATE SET \
                        game = excluded.game, since = excluded.since, seq = excluded.seq, waiting = TRUE"
                    .to_string();
            }
            Statement::Turn(TurnOp::Waited { .. }) => {
                return "UPDATE turns SET waiting = FALSE WHERE room_id = $1 AND guest_id = $2".to_string();
            }
            Statement::Turn(TurnOp::Cleared { .. }) => {
                return "DELETE FROM turns WHERE room_id = $1".to_string();
            }
            Statement::Fence { .. } => {
                return "UPDATE leases SET deadline = $4 WHERE room_id = $1 AND node = $2 AND epoch = $3 \
                        AND expires_at > clock_timestamp() RETURNING room_id"
                    .to_string();
            }
        };
        // Every insert here binds five columns a row.
        let mut sql = String::with_capacity(head.len() + rows * 32);
        sql.push_str(head);
        for row in 0..rows {
            if row > 0 {
                sql.push_str(", ");
            }
            let first = row * 5 + 1;
            let _ = write!(
                sql,
                "(${first}, ${}, ${}, ${}, ${})",
                first + 1,
                first + 2,
                first + 3,
                first + 4
            );
        }
        sql
    }

    /// The values of the statement's placeholders, in order.
    pub(super) fn params(&self) -> Vec<Param<'_>> {
        use Param::{Bool, Int, MaybeInt, MaybeText, Text};
        match self {
            Statement::Guests(guests) => guests
                .iter()
                .flat_map(|g| {
                    [
                        Text(g.id),
                        Text(g.name),
                        Text(g.token_hash),
                        Int(g.created_at),
                        MaybeText(g.bot),
                    ]
                })
                .collect(),
            Statement::Rooms(rooms) => rooms
                .iter()
                .flat_map(|r| {
                    [
                        Text(&r.id),
                        Text(&r.game),
                        Bool(r.public),
                        Text(r.status.as_str()),
                        Int(r.created_at),
                    ]
                })
                .collect(),
            Statement::Events(events) => events
                .iter()
                .flat_map(|e| {
                    [
                        Text(&e.room_id),
                        Int(e.seq),
                        Text(&e.kind),
                        Int(e.at),
                        Text(&e.data),
                    ]
                })
                .collect(),
            Statement::Update { value, key, .. } => vec![Text(value), Text(key)],
            Statement::Fence {
                room,
                node,
                epoch,
                deadline,
            } => vec![Text(room), Text(node), Int(*epoch), MaybeInt(*deadline)],
            Statement::Due { room, at } => vec![Text(room), Int(*at)],
            Statement::PlayerGame {
                guest,
                room,
                game,
                result,
                finished_at,
            } => vec![
                Text(guest),
                Text(room),
                Text(game),
                Text(result),
                Int(*finished_at),
            ],
            Statement::DueDone { room } => vec![Text(room)],
            Statement::Probe { node, at } => vec![Text(node), Int(*at)],
            Statement::Turn(TurnOp::Waits(t)) => vec![
                Text(&t.guest_id),
                Text(&t.room_id),
                Text(&t.game),
                Int(t.since),
                Int(t.seq),
            ],
            Statement::Turn(TurnOp::Waited { room, guest }) => vec![Text(room), Text(guest)],
            Statement::Turn(TurnOp::Cleared { room }) => vec![Text(room)],
            Statement::Sql { values, .. } => (values.iter())
                .map(|v| match v {
                    Value::Text(t) => Text(t),
                    Value::MaybeText(t) => MaybeText(t.as_deref()),
                    Value::Int(n) => Int(*n),
                })
                .collect(),
        }
    }

    /// Whether the statement returns a row, and finding none is an error
    /// (an update of a row that is not there).
    pub(super) fn returns_row(&self) -> bool {
        matches!(self, Statement::Update { .. } | Statement::Fence { .. })
    }
}

/// The statements that store `ops`, in the order they must run; each
/// multi-row insert split so no statement has more than `max_params`
/// parameters.
pub(super) fn plan<'a>(ops: &'a [&'a Op], max_params: usize) -> Vec<Statement<'a>> {
    // Every insert here binds five columns a row.
    let rows = (max_params / 5).max(1);
    let mut guests = Vec::new();
    let mut renames = Vec::new();
    let mut rooms = Vec::new();
    let mut events = Vec::new();
    let mut statuses = Vec::new();
    let mut fences = Vec::new();
    let mut due = Vec::new();
    let mut results = Vec::new();
    for op in ops {
        match op {
            Op::CreateGuest {
                id,
                name,
                token_hash,
                created_at,
                bot,
            } => guests.push(NewGuest {
                id,
                name,
                token_hash,
                created_at: *created_at as i64,
                bot: bot.map(|level| level.name()),
            }),
            Op::RenameGuest { id, name } => renames.push(Statement::Update {
                sql: "UPDATE guests SET name = $1 WHERE id = $2 RETURNING id",
                value: name,
                key: id,
            }),
            Op::CreateRoom(room) => rooms.push(room),
            Op::Append(event) => events.push(event),
            Op::SetStatus { room, status } => statuses.push(Statement::Update {
                sql: "UPDATE rooms SET status = $1 WHERE id = $2 RETURNING id",
                value: status.as_str(),
                key: room,
            }),
            Op::Fence {
                room,
                node,
                epoch,
                deadline,
            } => fences.push(Statement::Fence {
                room,
                node,
                epoch: *epoch,
                deadline: *deadline,
            }),
            Op::GameDue { room, at } => due.push(Statement::Due { room, at: *at }),
            Op::PlayerGame {
                guest,
                room,
                game,
                result,
                finished_at,
            } => results.push(Statement::PlayerGame {
                guest,
                room,
                game: game.to_string(),
                result: result.as_str(),
                finished_at: *finished_at,
            }),
            Op::DueDone { room } => results.push(Statement::DueDone { room }),
            Op::Probe { node, at } => results.push(Statement::Probe { node, at: *at }),
            Op::Turn(turn) => results.push(Statement::Turn(turn)),
            Op::Notice { sql, values } => results.push(Statement::Sql { sql, values }),
        }
    }
    // The fences first: nothing is written before every lease is checked.
    // In room order, as renewals lock the same rows (`leases.rs`).
    fences.sort_by_key(|f| match f {
        Statement::Fence { room, .. } => *room,
        _ => "",
    });
    let mut statements = fences;
    let mut guests = guests.into_iter().peekable();
    while guests.peek().is_some() {
        statements.push(Statement::Guests(guests.by_ref().take(rows).collect()));
    }
    statements.extend(renames);
    statements.extend(rooms.chunks(rows).map(|c| Statement::Rooms(c.to_vec())));
    statements.extend(events.chunks(rows).map(|c| Statement::Events(c.to_vec())));
    statements.extend(statuses);
    statements.extend(due);
    statements.extend(results);
    statements
}
