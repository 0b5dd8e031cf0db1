//! What a client message asks, by the service that answers it
//! ([`Command`]): each message read once into the request of its service,
//! so that the session matches each kind of request in one place.

use std::collections::BTreeMap;

use lodestone_protocol::{ClientMessage, Password, RequestId};

use crate::room::RoomRequest;
use crate::rooms::BotWanted;

/// A client message as the request of the service that answers it.
pub(super) enum Command {
    /// Who the connection is (`accounts/`), answered before it is anyone.
    Hello {
        id: RequestId,
        protocol: u32,
        name: Option<String>,
        token: Option<String>,
        lang: Option<String>,
    },
    Login {
        id: RequestId,
        name: String,
        password: Password,
    },
    Ping(RequestId),
    /// The rest, which need a guest.
    Guest(GuestCommand),
}

/// A client message that needs a guest, as the request of its service.
pub(super) enum GuestCommand {
    /// The guest becomes an account (`accounts/`).
    Register {
        id: RequestId,
        name: String,
        password: Password,
    },
    /// The lobby (`cluster.rs`).
    ListRooms {
        id: RequestId,
        game: Option<String>,
        playing: bool,
    },
    /// A new room (`rooms.rs`).
    CreateRoom {
        id: RequestId,
        game: String,
        options: BTreeMap<String, String>,
        public: bool,
    },
    /// A bot for a seat (`rooms.rs`: it connects before the room is asked).
    AddBot {
        id: RequestId,
        room: String,
        bot: BotWanted,
    },
    /// A room as it was (`replays.rs`).
    Replay {
        id: RequestId,
        room: String,
        ply: u32,
        invite: Option<String>,
    },
    /// A request the room `room` answers (its task, through `rooms.rs`).
    Room {
        id: RequestId,
        room: String,
        request: RoomRequest,
    },
    /// For `tournament/`, `notify/` and `moderation/`, which read the
    /// message themselves.
    Tournament(ClientMessage),
    Notify(ClientMessage),
    Moderation(ClientMessage),
}

/// `$message` as the [`Command`] of its room: for each variant listed,
/// the message of that name as the [`RoomRequest`] of the same name, which
/// has its fields but `id` and `room`; any other message as `$other` makes
/// it.
macro_rules! room_requests {
    ($message:expr, $other:expr; $($name:ident { $($field:ident),* }),* $(,)?) => {
        match $message {
            $(ClientMessage::$name { id, room, $($field),* } => {
                let request = RoomRequest::$name { $($field),* };
                Command::Guest(GuestCommand::Room { id, room, request })
            })*
            other => $other(other),
        }
    };
}

impl From<ClientMessage> for Command {
    fn from(message: ClientMessage) -> Command {
        room_requests!(message, not_to_a_room;
            // Seats and watching.
            Join { seat, invite }, Leave {}, Start {}, Watch { invite }, Unwatch {},
            // The owner's.
            RemoveBot { seat }, Kick { seat }, CloseRoom {}, SetChat { on },
            // The game.
            Act { action, at }, Resign { at }, OfferDraw { at }, Berserk { at },
            AnswerDraw { accept, at }, Abort { at }, Claim { at },
            // After it, and the chat.
            Rematch { accept }, Chat { text, to },
        )
    }
}

/// A message not to a room as the command of its service.
fn not_to_a_room(message: ClientMessage) -> Command {
    use ClientMessage as M;
    use GuestCommand as G;
    match message {
        M::Hello {
            id,
            protocol,
            name,
            token,
            lang,
            risks: _,
        } => Command::Hello {
            id,
            protocol,
            name,
            token,
            lang,
        },
        M::Login { id, name, password } => Command::Login { id, name, password },
        M::Ping { id } => Command::Ping(id),
        M::Register { id, name, password } => Command::Guest(G::Register { id, name, password }),
        M::ListRooms { id, game, playing } => Command::Guest(G::ListRooms { id, game, playing }),
        M::CreateRoom {
            id,
            game,
            options,
            public,
        } => Command::Guest(G::CreateRoom {
            id,
            game,
            options,
            public,
        }),
        M::AddBot {
            id,
            room,
            seat,
            level,
            replace_me,
            ..
        } => {
            let bot = BotWanted {
                seat,
                level,
                replace_me,
            };
            Command::Guest(G::AddBot { id, room, bot })
        }
        M::Replay {
            id,
            room,
            ply,
            invite,
        } => Command::Guest(G::Replay {
            id,
            room,
            ply,
            invite,
        }),
        message @ (M::CreateTournament { .. }
        | M::ListTournaments { .. }
        | M::WatchTournament { .. }
        | M::UnwatchTournament { .. }
        | M::JoinTournament { .. }
        | M::WithdrawTournament { .. }
        | M::StartTournament { .. }
        | M::RemoveFromTournament { .. }
        | M::AddTournamentBot { .. }) => Command::Guest(G::Tournament(message)),
        message @ (M::PushSubscribe { .. }
        | M::PushUnsubscribe { .. }
        | M::Visibility { .. }
        | M::SetWebhook { .. }
        | M::DeleteWebhook { .. }
        | M::MyTurns { .. }
        | M::TakeVacation { .. }
        | M::EndVacation { .. }
        | M::MyVacation { .. }) => Command::Guest(G::Notify(message)),
        message => Command::Guest(G::Moderation(message)),
    }
}
