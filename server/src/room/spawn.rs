//! Starting a room's task: the room is listed in this node's lobby, its
//! lease (with several nodes) held and renewed, and its task run on the
//! server's tracker, so that shutdown waits for it.

use std::sync::Arc;

use super::core::RoomCore;
use super::env::RoomEnv;
use super::handle::RoomHandle;
use super::lease::{Hold, RoomLease};
use super::queue;
use super::task::RoomTask;

/// Starts the task of `core` and registers it in the lobby.
pub fn spawn_room(core: RoomCore, env: &Arc<RoomEnv>) -> RoomHandle {
    spawn_leased_room(core, env, None)
}

/// Starts the task of `core`, which holds `lease` (several nodes), and
/// registers it in the lobby.
pub fn spawn_leased_room(core: RoomCore, env: &Arc<RoomEnv>, lease: Option<Arc<RoomLease>>) -> RoomHandle {
    let (tx, rx) = queue::channel(1024);
    let handle = RoomHandle { tx };
    env.lobby.insert(handle.clone(), &core);
    let hold = match (&env.node, lease) {
        (Some(node), Some(lease)) => Some(Box::new(Hold::new(node, lease, core.id(), &env.tasks))),
        _ => None,
    };
    // Boxed, so that the task's future holds a pointer to it rather than
    // the task itself twice (an async fn keeps its arguments apart from
    // the variables of its body).
    let task = Box::new(RoomTask::new(core, env, handle.clone(), rx, hold));
    env.tasks.spawn(task.run());
    handle
}
