//! `lodestone play` across an upgrade in place (issue 31): the server
//! child serves as `lodestone-server` does, so SIGUSR2 starts this binary
//! again with `--takeover` on its socket; two players' game goes on
//! without an error on either screen. Uses play.rs's helpers.

use super::*;

use lodestone_server::takeover::{self, Handed, Relaunch};

/// The server child's life: the socket handed over (with `--takeover`)
/// or bound, serving until standard input closes; on SIGUSR2 it hands
/// over to a new process as the real server does, and ends.
pub(crate) fn serve_upgradable(config: lodestone_server::Config) {
    let taking_over = std::env::args().any(|a| a == takeover::FLAG);
    // Before any thread: the sockets leave the environment here.
    let mut handed = Handed::from_env(taking_over).expect("the handed sockets");
    let relaunch = Relaunch::capture();
    // Not a blocking task of the runtime: a hand-over ends with it still
    // reading, and the process must not wait for it.
    let (closed, stdin_closed) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let _ = std::io::stdin().read_to_end(&mut Vec::new());
        let _ = closed.send(());
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        handed.wait_for_parent().await;
        let server = lodestone_server::Server::start_on(config, std::mem::take(&mut handed.listeners))
            .await
            .expect("the server starts");
        let mut upgrade = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::user_defined2())
            .expect("SIGUSR2 caught");
        // The successor's standard output is a pipe nobody reads now.
        if !taking_over {
            println!("listening on {}", server.addr());
        }
        tokio::select! {
            _ = stdin_closed => server.shutdown().await,
            _ = upgrade.recv() => {
                let successor = takeover::start_successor(&server, &relaunch)
                    .await
                    .expect("the new process takes over");
                server.hand_over();
                server.shutdown().await;
                successor.release();
            }
        }
    });
}

/// Whether the client whose trace this is got a `bye` asking it to
/// reconnect, and then, on a new connection, the reply to its watching
/// the room again.
fn watching_again(trace: &str) -> bool {
    let lines: Vec<&str> = trace.lines().collect();
    let Some(bye) = lines.iter().position(|l| {
        l.starts_with("< ") && l.contains(r#""type":"bye""#) && l.contains(r#""reconnect":true"#)
    }) else {
        return false;
    };
    let frame = |l: &str| serde_json::from_str::<serde_json::Value>(&l[2..]).unwrap_or_default();
    let mut watch_id = None;
    for line in &lines[bye + 1..] {
        let message = frame(line);
        if line.starts_with("> ") && message["type"] == "watch" {
            watch_id = Some(message["id"].clone());
        } else if line.starts_with("< ")
            && watch_id.as_ref().is_some_and(|id| message["id"] == *id)
            && message["type"] != "error"
        {
            return true;
        }
    }
    false
}

/// Fails if a screen shows an error: a line in the error style (light red:
/// Magneton has no red side) or a reconnect for any reason but the upgrade.
fn no_error(who: &Tmux, screen: &str) {
    let escaped = who.screen_with_escapes();
    let red = escaped.split("\u{1b}[").skip(1).any(|seq| {
        let params = seq.split('m').next().unwrap_or("");
        params.split(';').any(|p| p == "91")
    });
    assert!(!red, "{}: an error on screen:\n{escaped}", who.name);
    for bad in [
        "said goodbye",
        "closed the connection",
        "Not connected",
        "no answer",
    ] {
        assert!(
            !screen.contains(bad),
            "{}: {bad:?} on screen:\n{screen}",
            who.name
        );
    }
    // The title may say, for a moment, that the server is being upgraded.
    for line in screen.lines().filter(|l| l.contains("reconnecting…")) {
        assert!(
            line.trim_end().ends_with("(the server is being upgraded)"),
            "{}: a reconnect for another reason:\n{screen}",
            who.name
        );
    }
}

/// Issue 31: Ann and Bo play Magneton in `lodestone play`; white's first
/// move made, the server is upgraded in place (SIGUSR2: a new process
/// takes over the socket and the old one ends). Each client gets the
/// `bye`, reconnects and watches the room again; Bo's move and then Ann's,
/// made after the upgrade, are taken by the new process and shown on both
/// screens, and neither screen ever shows an error (only, for a moment,
/// that the server is being upgraded).
pub(crate) fn upgrade_in_place() {
    let dir = temp_dir("upgrade");
    let mut server = ServerChild::start(&dir, "127.0.0.1:0");
    let (ann_trace, bo_trace) = (dir.join("ann.trace"), dir.join("bo.trace"));
    // `who`'s client at `url`, with an identity of its own, traced to `trace`.
    let client = |who: &str, url: String, trace: &Path| {
        let me = who.to_lowercase();
        let identity = dir.join(format!("{me}.json")).display().to_string();
        let args = [url, "--identity".into(), identity, "--name".into(), who.into()];
        Tmux::start_traced(&format!("upgrade-{me}"), (80, 24), &args, &dir, trace)
    };
    let ann = client("Ann", server.url(), &ann_trace);
    ann.wait_text("● online");
    ann.open_new_room_form();
    ann.wait_text("◀ magneton ▶");
    ann.keys(&["Enter"]);
    ann.wait_text("Waiting for players: 0 of 2");
    let link = ann.sit_for_the_link();
    let bo = client("Bo", link, &bo_trace);
    bo.wait_text("Waiting for players: 1 of 2");
    bo.keys(&["Down", "Enter"]);
    bo.wait_text("Bo (you)");
    ann.start_when_full();
    ann.wait_text("Your turn.");
    ann.type_move("D4");
    for who in [&ann, &bo] {
        who.wait_for("white's D4", |s| s.contains("1 white  D4"));
    }
    bo.wait_for("Bo's turn", |s| {
        s.contains("Your turn.") && s.contains("● online")
    });
    // The upgrade; the old process is gone once its rooms are stored.
    server.signal("USR2");
    let status = server.wait_exit();
    assert!(status.success(), "the old process ended with {status}");
    // Both clients got the `bye` and watch the room again on the new
    // process; every screen seen meanwhile is free of errors.
    for (who, trace) in [(&ann, &ann_trace), (&bo, &bo_trace)] {
        who.wait_for("the room watched again after the upgrade", |s| {
            no_error(who, s);
            watching_again(&std::fs::read_to_string(trace).unwrap_or_default())
        });
        who.wait_for("online, the game shown", |s| {
            no_error(who, s);
            s.contains("● online") && s.contains("1 white  D4")
        });
    }
    // Bo moves (by the cursor: a drop, or a stone and its destination),
    // then Ann; both screens show both moves.
    for (mover, ply) in [(&bo, 2), (&ann, 3)] {
        mover.wait_for("the turn", |s| {
            no_error(mover, s);
            s.contains("Your turn.") && last_ply(s) == ply - 1
        });
        mover.keys(&["Enter"]);
        let after = mover.wait_for("the move, or a stone picked", |s| {
            no_error(mover, s);
            last_ply(s) >= ply || s.contains("Picked:")
        });
        if last_ply(&after) < ply {
            mover.keys(&["Enter"]);
        }
        for who in [&ann, &bo] {
            who.wait_for("the move after the upgrade", |s| {
                no_error(who, s);
                last_ply(s) >= ply
            });
        }
    }
    for who in [&ann, &bo] {
        let screen = who.screen();
        no_error(who, &screen);
        who.save(&format!("{}-after-80x24", who.name));
    }
    drop(server);
}
