//! `lodestone play` in French: the language comes from `LANG`
//! (i18n/locales/fr), in the lobby, its help line, the help screen and
//! the room before the start.

use super::{Tmux, fresh};

/// The words of the lobby, its help line and the help screen in French
/// with `LANG=fr_FR.UTF-8` (and no `LC_ALL`/`LC_MESSAGES` above it), none
/// of them left in English.
pub(crate) fn french() {
    let (dir, server, identity) = fresh("french");
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
    let tmux = Tmux::start_with("french", (100, 30), "play", &args, &dir, &env);
    let lobby = tmux.wait_text("Salles ouvertes");
    for french in [
        "Aucune salle ouverte pour l'instant : n en crée une.",
        "nouvelle",
        "rejoindre",
        "aide",
        "quitter",
    ] {
        assert!(lobby.contains(french), "{french:?} is missing:\n{lobby}");
    }
    for english in ["Open rooms", "No open rooms", " new ", " help ", " quit "] {
        assert!(
            !lobby.contains(english),
            "{english:?} is still in English:\n{lobby}"
        );
    }
    tmux.save("french-lobby");
    tmux.keys(&["?"]);
    let help = tmux.wait_text("le rang");
    for french in [
        "Accueil",
        "En partie",
        "Sur le plateau",
        "choisir la case (la dernière case d'un coup le joue)",
        "une touche",
        "fermer",
    ] {
        assert!(help.contains(french), "{french:?} is missing:\n{help}");
    }
    assert!(!help.contains("In a game"), "the help is in English:\n{help}");
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
    let room = tmux.wait_text("En attente de joueurs : 0 place(s) prise(s) sur 2.");
    for french in ["Places", "Choisissez une place libre avec ↑ ↓"] {
        assert!(room.contains(french), "{french:?} is missing:\n{room}");
    }
    for english in ["Seats", "Waiting for players", "Choose a free seat"] {
        assert!(
            !room.contains(english),
            "{english:?} is still in English:\n{room}"
        );
    }
    tmux.save("french-room");
}
