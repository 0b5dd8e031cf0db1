//! `lodestone play` with others: a private room joined by its link and
//! watched by its code, and two players chatting. Uses play.rs's helpers.

use super::*;

pub(crate) fn private_room() {
    let (dir, server, identity) = fresh("private");
    let ann = play_as_ann("private-ann", (80, 24), &server, &identity, &dir, &[]);
    ann.wait_text("● online");
    // A new Magneton room (the form starts on Magneton), not listed.
    ann.open_new_room_form();
    ann.wait_text("◀ magneton ▶");
    // Past the game's option and the room's own, however many: down until
    // the help is the listed line's.
    const LISTED: &str = "A room that is not listed is joined";
    for _ in 0..12 {
        let before = ann.screen();
        if before.contains(LISTED) {
            break;
        }
        ann.keys(&["Down"]);
        ann.wait_for("the next line", |s| s != before);
    }
    ann.wait_text(LISTED);
    ann.keys(&["Right"]);
    ann.wait_text("no, invite only");
    ann.keys(&["Enter"]);
    let screen = ann.wait_for("the private room's id and invite code", |s| {
        s.contains("Room id: ") && s.contains("Invite code: ") && s.contains("· private")
    });
    let after = |label: &str| {
        screen
            .lines()
            .find_map(|l| l.trim().strip_prefix(label).map(str::to_string))
            .expect("the room id and invite code on screen")
    };
    let (room, code) = (after("Room id: "), after("Invite code: "));
    ann.keys(&["Enter"]);
    ann.wait_text("(you)");
    // Bo starts from the invite link and sits at black.
    let link = format!("{}/#/room/{room}?invite={code}", server.url());
    let bo = bo_sits_by_link(
        "private-bo",
        (80, 24),
        &link,
        &dir,
        "Waiting for players: 1 of 2 seats taken.",
    );
    ann.start_when_full();
    ann.wait_text("Your turn.");
    ann.type_move("d4");
    bo.wait_for("Ann's move and Bo's turn", |s| {
        s.contains("1 white  D4") && s.contains("Your turn.")
    });
    bo.type_move("e5");
    ann.wait_for("Bo's move", |s| {
        s.contains("2 black  E5") && s.contains("Your turn.")
    });
    // Cy is not listed the room: the lobby shows nothing to watch; the id
    // and code open it as a spectator.
    let cy_identity = dir.join("cy.json");
    let cy = Tmux::start(
        "private-cy",
        80,
        24,
        &[
            &server.url(),
            "--identity",
            cy_identity.to_str().unwrap(),
            "--name",
            "Cy",
        ],
        &dir,
    );
    let lobby = cy.wait_text("Open rooms");
    assert!(
        !lobby.contains("magneton"),
        "a private room is not listed:\n{lobby}"
    );
    cy.keys(&["j"]);
    cy.wait_text("Open a room");
    cy.type_text(&format!("{room} {code}"));
    cy.keys(&["Enter"]);
    cy.wait_for("the game, as a spectator", |s| {
        s.contains("2 black  E5") && s.contains("Watching. To act: white (Ann)")
    });
    cy.save("private-spectator-80x24");
}

/// Ann creates a room and sits; Bo opens it by its link and sits; each
/// writes a chat line (`c`, Enter) that the other's screen shows.
pub(crate) fn chat() {
    let (dir, server, identity) = fresh("chat");
    let ann = play_as_ann("chat-ann", (80, 24), &server, &identity, &dir, &[]);
    let link = ann.new_room_link();
    let bo = bo_sits_by_link("chat-bo", (80, 24), &link, &dir, "Waiting for players: 1 of");
    ann.say("hello Bo, q? to quit");
    bo.wait_text("Ann: hello Bo, q? to quit");
    ann.wait_text("Ann: hello Bo, q? to quit");
    bo.say("hi Ann");
    let screen = ann.wait_text("Bo: hi Ann");
    assert!(
        screen.find("Ann: hello Bo") < screen.find("Bo: hi Ann"),
        "the lines in the order said:\n{screen}"
    );
    ann.save("chat-80x24");
}
