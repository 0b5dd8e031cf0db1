//! `lodestone play` in French: the language comes from `LANG`
//! (i18n/locales/fr), in the lobby, its help line, the help screen and
//! the room before the start; and a game against a bot, its board's
//! panel, a move, the question before resigning and the end screen.

use std::path::{Path, PathBuf};

use super::{ServerChild, Tmux, fresh};

/// The words of the lobby, its help line and the help screen in French
/// with `LANG=fr_FR.UTF-8` (and no `LC_ALL`/`LC_MESSAGES` above it), none
/// of them left in English.
pub(crate) fn french() {
    let (dir, server, identity) = fresh("french");
    let tmux = play_in_french("french", &server, &identity, &dir);
    let lobby = tmux.wait_text("Salles ouvertes");
    in_french(
        &lobby,
        &[
            "Aucune salle ouverte pour l'instant : n en crée une.",
            "nouvelle",
            "rejoindre",
            "aide",
            "quitter",
        ],
        &["Open rooms", "No open rooms", " new ", " help ", " quit "],
    );
    tmux.save("french-lobby");
    tmux.keys(&["?"]);
    let help = tmux.wait_text("le rang");
    in_french(
        &help,
        &[
            "Accueil",
            "En partie",
            "Sur le plateau",
            "choisir la case (la dernière case d'un coup le joue)",
            "une touche",
            "fermer",
        ],
        &["In a game"],
    );
    // As many lines as English, none cut at the box's edge.
    assert!(
        help.contains("actions numérotées (passer, votes) ; défiler les coups"),
        "{help}"
    );
    tmux.save("french-help");
    // A new room: its seats, its state and its invite in French.
    tmux.keys(&["Space"]);
    tmux.wait_for("the help closed", |s| !s.contains("le rang"));
    tmux.open_new_room_form();
    tmux.keys(&["Enter"]);
    let room = tmux.wait_text("En attente de joueurs : 0 place prise sur 2.");
    in_french(
        &room,
        &["Places", "Choisissez une place libre avec ↑ ↓"],
        &["Seats", "Waiting for players", "Choose a free seat"],
    );
    tmux.save("french-room");
}

/// Ann's `lodestone play` in French (`LANG=fr_FR.UTF-8`, nothing above
/// it), 100×30.
fn play_in_french(name: &str, server: &ServerChild, identity: &Path, dir: &Path) -> Tmux {
    let url = server.url();
    let args = [
        url.as_str(),
        "--identity",
        identity.to_str().unwrap(),
        "--name",
        "Ann",
    ];
    let env: Vec<String> = ["LC_ALL=", "LC_MESSAGES=", "LANG=fr_FR.UTF-8"]
        .iter()
        .flat_map(|v| ["-e".to_string(), (*v).to_string()])
        .collect();
    Tmux::start_with(name, (100, 30), "play", &args, dir, &env)
}

/// The English words of play.ftl that French says otherwise: each
/// message without arguments, and the longer stretches of those with
/// arguments (the parts between `{ $… }`). None may be on a French
/// screen.
fn english_only() -> Vec<String> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../i18n/locales");
    let read = |lang: &str| std::fs::read_to_string(dir.join(lang).join("play.ftl")).expect("play.ftl");
    let french = lodestone_i18n::Words::for_tag("fr");
    let (english, french_text) = (read("en"), read("fr"));
    let mut found = Vec::new();
    for line in english.lines() {
        let Some((id, value)) = line.split_once(" = ") else {
            continue;
        };
        if id.starts_with('#') || value.trim().is_empty() {
            continue;
        }
        let parts: Vec<&str> = value
            .split('{')
            .flat_map(|p| p.rsplit('}').next())
            .map(str::trim)
            .collect();
        for part in parts {
            let long = if value.contains('{') {
                part.chars().count() >= 12
            } else {
                part.contains(' ') || part.chars().count() >= 6
            };
            let french_too = french.get(id).contains(part) || french_text.contains(part);
            if long && !french_too {
                found.push(part.to_string());
            }
        }
    }
    found
}

/// `screen` shows every one of the `french` words and none of the `english`.
fn in_french(screen: &str, french: &[&str], english: &[impl AsRef<str>]) {
    for words in french {
        assert!(screen.contains(words), "{words:?} is missing:\n{screen}");
    }
    for words in english.iter().map(AsRef::as_ref) {
        assert!(
            !screen.contains(words),
            "{words:?} is still in English:\n{screen}"
        );
    }
}

/// A Magneton game against a bot in French: the room started, a move
/// typed, the panel beside the board, a resignation asked and confirmed,
/// and the end screen; no English words of the catalogue on any of them.
pub(crate) fn french_game() {
    let english = english_only();
    assert!(
        english.iter().any(|e| e == "Your turn.") && english.iter().any(|e| e == "Rematch: it has opened."),
        "the English catalogue is read: {english:?}"
    );
    let (dir, server, identity) = fresh("french-game");
    let tmux = play_in_french("french-game", &server, &identity, &dir);
    tmux.wait_text("● en ligne");
    tmux.open_new_room_form();
    tmux.wait_text("◀ magneton ▶");
    tmux.seat_us_and_a_bot([
        "En attente de joueurs : 0 place prise sur 2.",
        "(vous)",
        "Toutes les places sont prises : s lance la partie.",
    ]);
    tmux.keys(&["s"]);
    // The board and its panel, our turn.
    let panel = tmux.wait_text("À vous de jouer.");
    in_french(
        &panel,
        &[
            "W blanc  Ann (vous) ● ◀",
            "B noir",
            "x abandonner · d proposer la nulle",
            "Pose : choisissez une case vide.",
            "En main : W 12 · B 12",
            "déplacer",
        ],
        &english,
    );
    tmux.save("french-game-turn");
    // A move typed, with completion: the bot answers.
    tmux.complete_move("Coup :", "d4", "› D4");
    let moved = tmux.wait_for("our move and the bot's", |s| {
        s.contains("1 blanc  D4") && s.contains("2 noir") && s.contains("À vous de jouer.")
    });
    in_french(
        &moved,
        &[
            "Coups",
            "Dernier coup, noir : noir posé en",
            "En main : W 11 · B 11",
        ],
        &english,
    );
    // Resigning asks first, in French; y resigns.
    let asked = tmux.answer("x", "Abandonner cette partie ?", "y");
    in_french(&asked, &[], &english);
    let end = tmux.wait_text("Vous perdez.");
    in_french(
        &end,
        &[
            "Vous perdez. Ordinateur (glouton) (noir) gagne.",
            "Ann (blanc) a abandonné.",
            "r revanche",
            "R pas de revanche",
        ],
        &english,
    );
    tmux.save("french-game-end");
}
