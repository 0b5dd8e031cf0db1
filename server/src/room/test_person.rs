//! For tests: a person's end of a room task, its connection's queue read
//! as a client would (the frames parsed, the latest update kept).

use super::handle::{Outbox, RoomHandle, RoomRequest};
use super::queue;
use super::seating::Player;
use lodestone_protocol::{RequestId, RoomState, ServerMessage};

/// One connection of a person to a room.
pub struct Person {
    pub player: Player,
    pub outbox: Outbox,
    inbox: queue::Receiver,
    /// The latest update: its version and state.
    pub state: Option<(u64, Box<RoomState>)>,
    /// The last request id used.
    n: u64,
}

impl Person {
    pub fn new(player: Player, outbox: Outbox, inbox: queue::Receiver) -> Person {
        Person {
            player,
            outbox,
            inbox,
            state: None,
            n: 0,
        }
    }

    /// The next frame, parsed; an update is kept as the latest state.
    pub async fn frame(&mut self) -> ServerMessage {
        let frame = self.inbox.recv().await.expect("the connection's queue is open");
        let message: ServerMessage = serde_json::from_str(&frame).unwrap();
        if let ServerMessage::Update { version, state, .. } = &message {
            self.state = Some((*version, state.clone()));
        }
        message
    }

    /// Sends `request` and reads frames until its reply; returns it.
    pub async fn ask(&mut self, room: &RoomHandle, request: RoomRequest) -> ServerMessage {
        self.n += 1;
        let id = RequestId::Number(self.n);
        room.request(self.player.clone(), self.outbox.clone(), id.clone(), request)
            .await
            .unwrap();
        loop {
            let message = self.frame().await;
            if let ServerMessage::Ack { id: i, .. } | ServerMessage::Error { id: Some(i), .. } = &message
                && *i == id
            {
                return message;
            }
        }
    }

    /// Reads frames until the latest state, at `after` or later,
    /// satisfies `cond`.
    pub async fn until(&mut self, after: u64, cond: impl Fn(&RoomState) -> bool) -> (u64, Box<RoomState>) {
        loop {
            if let Some((v, s)) = &self.state
                && *v >= after
                && cond(s)
            {
                return (*v, s.clone());
            }
            self.frame().await;
        }
    }
}
