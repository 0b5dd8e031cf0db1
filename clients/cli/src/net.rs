//! A small protocol client for the bot and the load generator: one
//! WebSocket connection, requests answered by id, and the latest room state
//! from the server's updates. It follows `moved` by itself: the connection
//! goes to the node named, says `hello` with the same token and sends the
//! requests that were not answered again (same ids), so its caller never
//! sees the move. Given other nodes to go to (`reconnect_to`), it also
//! comes back after its socket drops (a node that died or drained): it
//! tries them in turn, watches its rooms again, sends again the requests
//! that are safe to repeat, and tells its caller which were lost
//! (`Event::Lost`).

mod connection;
mod dial;
mod frame;

#[cfg(test)]
pub(crate) use connection::reply_id;
pub use connection::{Connection, Event, Failed};
pub use dial::Endpoint;
pub(crate) use frame::RoomView;
#[cfg(test)]
pub(crate) use frame::{Frame, read_frame};
