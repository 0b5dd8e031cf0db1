//! `lodestone play` at the table (issue 34): draw offers, a claim, a
//! resignation and an abort typed in tmux with the room's clock shown,
//! and the small-window message whole at 36×10. Uses play.rs's helpers.

use super::*;

/// Issue 34: the terminal client at the table. Ann and Bo in a Magneton
/// room with a 5+3 clock whose absent players may be claimed from: the
/// clock beside each seat; a draw offered by Bo and declined, one offered
/// by Ann and accepted, each shown to the other; the rematch, where Bo
/// leaves on his turn and Ann claims the game once he is absent; then
/// Ann against a bot: a resignation, and the rematch aborted. Each end
/// says in a sentence who did what.
pub(crate) fn at_the_table() {
    let dir = temp_dir("table");
    // A player is absent after 1.5 s away.
    let server = ServerChild::start_with(&dir, "127.0.0.1:0", "\n1500");
    let identity = dir.join("ann.json");
    let ann = play_as_ann("table-ann", (100, 30), &server, &identity, &dir, &[]);
    ann.wait_text("● online");
    ann.open_new_room_form();
    ann.wait_text("◀ magneton ▶");
    // Down to the clock (its help names it), one value on: 5+3; the next
    // line, absent players: claim.
    for _ in 0..6 {
        if ann.screen().contains("the room's clock:") {
            break;
        }
        ann.keys(&["Down"]);
        std::thread::sleep(Duration::from_millis(200));
    }
    ann.wait_text("the room's clock:");
    ann.keys(&["Right", "Down", "Right"]);
    ann.wait_text("◀ 5+3 ▶");
    ann.wait_text("◀ claim ▶");
    ann.keys(&["Enter"]);
    ann.wait_text("Waiting for players: 0 of 2");
    let link = ann.sit_for_the_link();
    let bo = bo_sits_by_link("table-bo", (100, 30), &link, &dir, "Waiting for players: 1 of 2");
    ann.start_when_full();
    // The room's clock beside each seat; the table's keys listed.
    // (Waited for together: the turn line may be drawn a frame before the rest.)
    ann.wait_for("the turn, the clock beside the seats and the table's keys", |s| {
        s.contains("Your turn.") && s.contains("5:00") && s.contains("x resign · d offer a draw")
    });
    ann.save("table-clock-100x30");
    // Bo offers a draw; Ann sees it and declines; then Ann offers one and
    // Bo accepts.
    bo.keys(&["d"]);
    bo.wait_text("Your draw offer waits for an answer.");
    ann.wait_text("Bo (black) offers a draw: y accepts, n declines.");
    ann.keys(&["n"]);
    bo.wait_for("the offer gone", |s| !s.contains("Your draw offer waits"));
    ann.keys(&["d"]);
    bo.wait_text("Ann (white) offers a draw: y accepts, n declines.");
    bo.save("table-offer-100x30");
    bo.keys(&["y"]);
    for page in [&ann, &bo] {
        page.wait_text("A draw was offered and accepted");
    }
    // The rematch: Bo plays white and moves first; he leaves instead, and
    // once he is absent Ann claims the game.
    ann.keys(&["r"]);
    bo.wait_text("r accepts, R declines");
    bo.keys(&["r"]);
    for page in [&ann, &bo] {
        page.wait_text("The rematch has begun.");
    }
    bo.wait_text("Your turn.");
    bo.keys(&["q"]);
    bo.wait_text("Open rooms");
    bo.keys(&["q"]);
    ann.wait_text("○ absent");
    ann.answer("w", "Claim the game from the absent player?", "y");
    // The sentence may wrap in the panel.
    let claimed = ann.wait_text("so Ann (black) claimed");
    assert!(
        claimed.contains("Bo (white) was away on their turn,"),
        "{claimed}"
    );
    assert!(claimed.contains("You win! Ann (black) wins."), "{claimed}");
    ann.save("table-claim-100x30");
    ann.keys(&["q"]);
    ann.wait_text("Open rooms");
    // Against a bot: a resignation, asked first; the rematch, aborted.
    create_and_start(&ann, "magneton");
    ann.wait_text("Your turn.");
    ann.answer("x", "Resign this game?", "n");
    ann.wait_for("the question gone", |s| !s.contains("Resign this game?"));
    assert!(result(&ann.screen()).is_none(), "a key other than y resigned");
    ann.keys(&["x", "y"]);
    let resigned = ann.wait_text("Ann (white) resigned.");
    assert!(resigned.contains("You lose."), "{resigned}");
    ann.keys(&["r"]);
    ann.wait_text("The rematch has begun.");
    ann.answer("a", "Abort this game?", "y");
    let aborted = ann.wait_text("Ann (black) aborted the game");
    ann.save("table-abort-100x30");
    assert!(aborted.contains("No result."), "{aborted}");
}

/// A window too small to play in says so, whole, at 36×10.
pub(crate) fn small_window() {
    let (dir, server, identity) = fresh("small");
    let tmux = play_as_ann("small", (36, 10), &server, &identity, &dir, &[]);
    let screen = tmux.wait_text("Make the terminal");
    tmux.save("small-36x10");
    let said: Vec<&str> = screen.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert!(said.iter().all(|l| l.chars().count() <= 36), "{screen}");
    assert_eq!(
        said.join(" "),
        "Make the terminal larger: at least 40×12 (80×24 is best).",
        "the message is cut:\n{screen}"
    );
}
