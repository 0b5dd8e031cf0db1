//! `lodestone play` when the server cannot store a move for a while:
//! another process holds the SQLite database's write lock past the
//! server's busy timeout (as when PostgreSQL is away), the move is refused
//! with `storage-failure`, and the client sends it again after a growing
//! wait until it is stored. Uses play.rs's helpers.

use super::*;

/// A `sqlite3` process holding the write lock of the database at `db`
/// until [`Lock::release`].
struct Lock {
    child: Child,
}

impl Lock {
    fn take(db: &Path) -> Lock {
        let mut child = Command::new("sqlite3")
            .arg(db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("sqlite3 runs (apt-get install sqlite3)");
        let mut stdin = child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, b"BEGIN IMMEDIATE;\nSELECT 'held';\n").unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(line.trim(), "held", "sqlite3 holds the lock");
        child.stdin = Some(stdin);
        Lock { child }
    }

    fn release(mut self) {
        let mut stdin = self.child.stdin.take().unwrap();
        std::io::Write::write_all(&mut stdin, b"COMMIT;\n").unwrap();
        drop(stdin);
        assert!(self.child.wait().unwrap().success());
    }
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ann and Bo play; while the database is locked, Ann's move is refused
/// with `storage-failure`; her client says it sends the move again, does
/// so until the lock is gone, and the game goes on.
pub(crate) fn not_stored() {
    let (dir, server, identity) = fresh("storage");
    let ann = play_as_ann("storage-ann", (80, 24), &server, &identity, &dir, &[]);
    let link = ann.new_room_link();
    let bo = bo_sits_by_link("storage-bo", (80, 24), &link, &dir, "Waiting for players: 1 of");
    ann.start_when_full();
    ann.wait_text("Your turn.");
    let lock = Lock::take(&dir.join("lodestone.db"));
    ann.type_move("d4");
    // Refused after the server's busy timeout, then sent again (and
    // refused again, with a longer wait, while the lock is held).
    ann.wait_for("the move refused and to be sent again", |s| {
        s.contains("D4: the server could not store it yet;") && s.contains("sending it again in 250 ms.")
    });
    lock.release();
    bo.wait_for("Ann's move, stored at last, and Bo's turn", |s| {
        s.contains("1 white  D4") && s.contains("Your turn.")
    });
    bo.type_move("e5");
    ann.wait_for("the game going on", |s| {
        s.contains("2 black  E5") && s.contains("Your turn.")
    });
}
