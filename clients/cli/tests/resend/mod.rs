//! `lodestone play` when a move's reply is lost with the connection: a
//! stand-in in front of the server (`mover`, `Rule::LoseActs`) passes the
//! first move on and cuts the connection once the server has answered it,
//! without the answer; it cuts the connection with the next move before
//! the server reads it. Each time the client reconnects, watches the room
//! again and sends the move again with the same `at`: the first is
//! refused (`moved-on`) without a word, since the fresh state shows it;
//! the second is played. Every move is on the board once. Uses play.rs's
//! helpers.

use super::*;

pub(crate) fn lost_replies() {
    let Behind {
        server,
        node,
        tmux,
        _runtime,
    } = d4_behind_a_mover("resend", mover::Rule::LoseActs);
    // Played by the first copy; the bot answers; the copy sent again
    // after the reconnect is refused without a word.
    let screen = tmux.wait_for("D4 played once, and the bot's answer", |s| {
        last_ply(s) >= 2 && s.contains("Your turn.") && s.contains("● online")
    });
    let acts = node.acts();
    assert_eq!(acts.len(), 2, "the move went again after the reconnect: {acts:?}");
    assert_eq!(acts[0].0, "D4");
    assert_eq!(acts[1], acts[0], "unchanged, with its `at`");
    assert!(acts[0].1.as_u64().is_some(), "{acts:?}");
    assert_eq!(last_ply(&screen), 2, "{screen}");
    assert!(screen.contains("1 white  D4"), "{screen}");
    for complaint in ["moved on", "moved-on", "dropped before the server answered"] {
        assert!(!screen.contains(complaint), "{screen}");
    }

    // The next move never reaches the server before the cut: the copy
    // sent again is played.
    tmux.keys(&["Enter"]);
    let screen = tmux.wait_for("the third move played once, and the bot's answer", |s| {
        last_ply(s) >= 4 && s.contains("Your turn.") && s.contains("● online")
    });
    let acts = node.acts();
    assert_eq!(acts.len(), 4, "{acts:?}");
    assert_eq!(acts[3], acts[2], "sent again unchanged");
    assert!(acts[2].1.as_u64() > acts[0].1.as_u64(), "{acts:?}");
    assert_eq!(last_ply(&screen), 4, "{screen}");
    assert!(screen.contains(&format!("3 white  {}", acts[2].0)), "{screen}");
    for complaint in ["moved on", "moved-on", "dropped before the server answered"] {
        assert!(!screen.contains(complaint), "{screen}");
    }
    tmux.save("resend-80x24");
    drop(server);
}
