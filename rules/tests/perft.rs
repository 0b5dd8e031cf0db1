//! Perft counts from the data files in `tests/perft/`, one test per game.

use std::path::Path;

use lodestone_rules::{AnyGame, GameKind, OptionValues};

/// One entry of a perft file.
#[derive(Debug)]
struct Entry {
    id: String,
    options: Vec<(String, String)>,
    position: String,
    counts: Vec<(u32, u64)>,
}

fn parse(text: &str) -> Vec<Entry> {
    let mut entries = Vec::new();
    for block in text.split("\n\n") {
        let mut entry = Entry {
            id: String::new(),
            options: Vec::new(),
            position: String::new(),
            counts: Vec::new(),
        };
        for line in block
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "id" => entry.id = rest.to_string(),
                "option" => {
                    let (k, v) = OptionValues::split_pair(rest).unwrap();
                    entry.options.push((k.into(), v.into()));
                }
                "position" => entry.position = rest.to_string(),
                "perft" => {
                    let (d, n) = rest.split_once(' ').expect("perft DEPTH COUNT");
                    entry.counts.push((d.parse().unwrap(), n.trim().parse().unwrap()));
                }
                other => panic!("unknown perft line {other:?}"),
            }
        }
        if !entry.id.is_empty() {
            assert!(!entry.counts.is_empty(), "{} has no counts", entry.id);
            entries.push(entry);
        }
    }
    entries
}

fn check_file(kind: GameKind, name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/perft")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let entries = parse(&text);
    assert!(!entries.is_empty());
    for entry in entries {
        let game = AnyGame::from_position(kind, &entry.options, &entry.position)
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        for (depth, expected) in entry.counts {
            assert_eq!(game.perft(depth), Ok(expected), "{} at depth {depth}", entry.id);
        }
    }
}

/// One test per game: `name: Kind => "file"` checks the game `Kind`
/// against `tests/perft/file`.
macro_rules! perft_files {
    ($($name:ident: $kind:ident => $file:literal),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check_file(GameKind::$kind, $file);
            }
        )*
    };
}

perft_files! {
    magneton_perft: Magneton => "magneton.perft",
    magnetism_perft: Magnetism => "magnetism.perft",
    magma_perft: Magma => "magma.perft",
    magnet_perft: Magnet => "magnet.perft",
}
