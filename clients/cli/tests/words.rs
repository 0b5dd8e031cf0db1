//! No words of `lodestone play` outside the catalogues: every string
//! literal of `src/play/` that could reach the screen with words in it is
//! a message id of `i18n/locales/en/*.ftl`, and every id named there
//! exists. The sources are read with syn, so comments, doc comments and
//! attributes are never taken for words, and the parts that never reach
//! the screen are told by their place in the syntax tree, not by a list:
//!
//! - code under `#[cfg(test)]` or `#[test]`;
//! - patterns (`"drop" =>`, `["king", "captured"]`): they compare;
//! - the operands of `==` and `!=`, and the string arguments of the
//!   methods in `COMPARING` (`starts_with("setup")`, `strip_prefix`…):
//!   they compare or cut protocol text;
//! - an index (`value["id"]`: a JSON field);
//! - `.expect("…")` and the macros of `SILENT_MACROS` (`panic!`,
//!   `assert!`…, and the log macros): a message for a programmer; and
//!   `matches!`, which compares, and `json!`, a protocol message;
//! - a message's argument name: the first of a pair `("count", n)` or
//!   of `.arg("count", n)` that the catalogues use as `{ $count }`;
//! - a literal without two letters in a row once `{placeholders}` are
//!   taken out (`"{} ({})"`, `" ●"`, `"W"`).
//!
//! What is left with words must be a catalogue id, or be listed in
//! `NOT_WORDS` with the file it is in and why it is the same in every
//! language (key names, protocol names, file names). `lodestone
//! tournament` (`tournament.rs`) is checked like the screens. Files that
//! are no program's words are in `OTHER_PROGRAMS`; files still in
//! English only are in `NOT_YET`, a list that only shrinks.
//!
//! The rest of `src/` (`main.rs`, replay, verify, perft, load, duel, bot
//! and the network code under them) is checked the same way with its own
//! lists, `COMMAND_*`: there the results on standard output that programs
//! read (docs/translating.md) are the words listed as the same in every
//! language.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::{Attribute, BinOp, Expr, ExprLit, Item, Lit, Macro, Token};

/// Files of `src/play/` that are no program's words.
const OTHER_PROGRAMS: &[(&str, &str)] = &[(
    "fixtures.rs",
    "room states for the unit tests only (`#[cfg(test)] mod fixtures`)",
)];

/// Files still in English only: this list only shrinks (empty: every
/// file of `lodestone play` takes its words from the catalogues).
const NOT_YET: &[&str] = &[];

/// Literals with words that are the same in every language: (file,
/// literals, why).
const NOT_WORDS: &[(&str, &[&str], &str)] = &[
    (
        "ui.rs",
        &["Enter", "Esc", "Tab", "PgUp/Dn", "↑ ↓, Enter", "1–9, PgUp PgDn"],
        "keys' names",
    ),
    ("ui.rs", &["40×12", "80×24"], "terminal sizes"),
    (
        "ui/lobby.rs",
        &["magneton", "magnetism", "magnet", "magma"],
        "the games' names in the protocol",
    ),
    ("lobby.rs", &["magneton"], "the first game's name in the protocol"),
    (
        "boards/square.rs",
        &["Mw", "Mb"],
        "the magnets' letters on the board",
    ),
    (
        "boards/square.rs",
        &["white", "black"],
        "colours in the protocol (the catalogue chooses by them)",
    ),
    (
        "boards/magnet.rs",
        &["red", "blue"],
        "colours in the protocol (the catalogue chooses by them)",
    ),
    ("boards/magnet.rs", &["rK"], "a piece's letters on the board"),
    (
        "boards/magma.rs",
        &["{:?} is not a Magma cell"],
        "a detail of a board the server sent wrong, shown inside board-unreadable like serde's own",
    ),
    (
        "magnet_ui.rs",
        &["setup {}"],
        "Magnet's setup action, in the game's notation",
    ),
    ("room.rs", &["red", "blue"], "Magnet's sides in the protocol"),
    ("room.rs", &["greedy", "random"], "bot levels in the protocol"),
    (
        "turns.rs",
        &["now", "minutes", "hours", "days"],
        "values of turns-waited's $unit, which the catalogue chooses by",
    ),
    (
        "words.rs",
        &["red", "blue", "yellow"],
        "Magma's colours, read from the rules' result line",
    ),
    (
        "ui.rs",
        &[" Lodestone · {} · {who}", " Lodestone · {who}"],
        "the program's name",
    ),
    (
        "conn.rs",
        &["TLS: {e}"],
        "the TLS library's own error after its name",
    ),
    ("conn.rs", &["{}/api/games"], "a URL"),
    ("tournament.rs", &["{}/#/room/{room}"], "a room's URL"),
    ("conn.rs", &["LODESTONE_TRACE"], "an environment variable"),
    ("mod.rs", &["NO_COLOR"], "an environment variable"),
    ("mod.rs", &["Screen"], "a Debug text, for programmers"),
    ("model.rs", &["room"], "a JSON field"),
    (
        "identity.rs",
        &["identity.json", "lodestone", "json.new"],
        "file and directory names",
    ),
    ("target.rs", &["http", "https", "ws", "wss"], "URL schemes"),
    (
        "target.rs",
        &[
            "http://{text}",
            "{ws_scheme}://{base}/ws",
            "{}/#/room/{room}?invite={code}",
            "{}/#/room/{room}",
        ],
        "URLs and room links",
    ),
];

/// Files of `src/` outside `src/play/` that hold no words of their own:
/// (file, why).
const COMMAND_OTHER: &[(&str, &str)] = &[
    (
        "help.rs",
        "builds the usage-* ids of the help; its words are the catalogue's",
    ),
    (
        "load/report.rs",
        "load's report on standard output: scripts and tests parse it, the same in every language",
    ),
];

/// Files outside `src/play/` still in English only: this list only
/// shrinks.
const COMMAND_NOT_YET: &[(&str, &str)] = &[];

/// As `NOT_WORDS`, for the files outside `src/play/`.
const COMMAND_NOT_WORDS: &[(&str, &[&str], &str)] = &[
    (
        "main.rs",
        &["result: {outcome}", "result: ongoing"],
        "replay's result line, a format for programs (--help)",
    ),
    (
        "main.rs",
        &["setup", "random"],
        "a game option and its value in the protocol",
    ),
    (
        "verify.rs",
        &["result: verified ({} checks)", "result: {n} of {} checks failed"],
        "verify's last line, a format for programs (--help)",
    ),
    (
        "verify.rs",
        &["Commitment", "Seed", "SeedCommitment"],
        "a record's header names (NOTATION.md)",
    ),
    (
        "bot.rs",
        &[
            "room {room} seat {seat}",
            "played {action}",
            "result: {result}",
            "result: none (the room was closed)",
            "finished",
            "closed",
        ],
        "bot's lines for programs (--help) and the result it returns",
    ),
    (
        "duel.rs",
        &[
            "A wins: {}",
            "B wins: {}",
            "draws: {}",
            "unfinished: {}",
            "score A: {:.1}%",
            "elo A-B: {} (95%: {} to {})",
            "{} ms a move",
            "{n} iterations a move",
            "each level's iterations",
            "duel {}{}: A={} B={}, {} games, {budget}",
        ],
        "duel's report on standard output, a format for programs (--help)",
    ),
    ("duel.rs", &["+inf", "-inf"], "an infinite Elo difference"),
    ("duel.rs", &["/proc/thread-self/stat"], "a file name"),
    ("load.rs", &["id"], "a JSON field"),
    (
        "load/process.rs",
        &[
            "/proc/{pid}/stat",
            "/proc/{pid}/status",
            "VmRSS:",
            "getconf",
            "CLK_TCK",
        ],
        "files, fields and a program of the system",
    ),
    (
        "load/bots.rs",
        &["load-bots-{n}"],
        "the name the load's player takes on the server",
    ),
    (
        "load/run.rs",
        &["load-{g}-{s}"],
        "the name the load's player takes on the server",
    ),
    (
        "load/stats.rs",
        &["429 Too Many Requests", "503 Service Unavailable"],
        "HTTP statuses, compared",
    ),
    (
        "load/view.rs",
        &["a list of actions", "an action"],
        "what serde expected, inside the parse error of a frame the server sent wrong",
    ),
    (
        "net/dial.rs",
        &["ws://{host_port}{path}", "/ws"],
        "a URL and its path",
    ),
    (
        "load/live.rs",
        &[
            "live games {} ({} connections each, opened in {:.1} s)",
            "live game",
        ],
        "--live-games' report on standard output, kept like report.rs's",
    ),
    (
        "load/live.rs",
        &["live-{n}"],
        "the name the load's player takes on the server",
    ),
    (
        "net/dial.rs",
        &["moved-", "{OWN_ID}hello"],
        "request ids this client gives its own requests",
    ),
    ("net/frame.rs", &["id", "state"], "JSON fields"),
    (
        "net/connection.rs",
        &[
            "hello",
            "create_room",
            "act",
            "watch",
            "unwatch",
            "join",
            "list_rooms",
            "ping",
            "replay",
        ],
        "requests' names in the protocol",
    ),
    ("net/connection.rs", &["type", "room", "invite"], "JSON fields"),
    ("bot.rs", &["join"], "a request's name in the protocol"),
];

/// Methods whose string arguments compare, cut or look up protocol text.
const COMPARING: &[&str] = &[
    "starts_with",
    "ends_with",
    "strip_prefix",
    "strip_suffix",
    "contains",
    "find",
    "rfind",
    "split",
    "split_once",
    "trim_start_matches",
    "trim_end_matches",
    "eq_ignore_ascii_case",
];

/// Macros whose words are for programmers (panics, assertions, logs).
const SILENT_MACROS: &[&str] = &[
    "panic",
    "unreachable",
    "todo",
    "unimplemented",
    "assert",
    "assert_eq",
    "assert_ne",
    "debug_assert",
    "debug_assert_eq",
    "debug_assert_ne",
    "trace",
    "debug",
    "info",
    "warn",
    "error",
    "matches",
    // A protocol message: field names and the protocol's values.
    "json",
];

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// What the English catalogues name: their message ids, and the names of
/// the arguments they take (`count` for `{ $count }`).
#[derive(Default)]
struct Catalogue {
    ids: BTreeSet<String>,
    arguments: BTreeSet<String>,
}

fn catalogue() -> Catalogue {
    let dir = crate_dir().join("../../i18n/locales/en");
    let mut ids = BTreeSet::new();
    let mut arguments = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("the English catalogues") {
        let path = entry.expect("an entry").path();
        if path.extension().is_some_and(|x| x == "ftl") {
            let text = std::fs::read_to_string(&path).expect("a catalogue");
            for (i, _) in text.match_indices('$') {
                let name: String = text[i + 1..]
                    .chars()
                    .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                    .collect();
                arguments.insert(name);
            }
            ids.extend(
                text.lines()
                    .filter_map(|l| l.split_once(" ="))
                    .map(|(id, _)| id)
                    .filter(|id| is_id(id))
                    .map(str::to_string),
            );
        }
    }
    Catalogue { ids, arguments }
}

/// Shaped like a message id: lowercase words joined by `-`.
fn is_id(text: &str) -> bool {
    text.contains('-')
        && text.split('-').all(|part| {
            !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
        })
}

/// Two letters in a row, once the `{placeholders}` a format fills are
/// taken out.
fn has_words(text: &str) -> bool {
    let mut depth = 0usize;
    let mut run = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            c if depth == 0 && c.is_alphabetic() => {
                run += 1;
                if run >= 2 {
                    return true;
                }
                continue;
            }
            _ => {}
        }
        run = 0;
    }
    false
}

fn is_test(attrs: &[Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("test")
            || (a.path().is_ident("cfg")
                && a.parse_args::<syn::Meta>()
                    .is_ok_and(|m| m.path().is_ident("test")))
    })
}

fn item_attrs(item: &Item) -> &[Attribute] {
    match item {
        Item::Mod(i) => &i.attrs,
        Item::Fn(i) => &i.attrs,
        Item::Impl(i) => &i.attrs,
        Item::Const(i) => &i.attrs,
        Item::Static(i) => &i.attrs,
        Item::Struct(i) => &i.attrs,
        Item::Enum(i) => &i.attrs,
        Item::Use(i) => &i.attrs,
        _ => &[],
    }
}

fn string_lit(expr: &Expr) -> bool {
    matches!(expr, Expr::Lit(ExprLit { lit: Lit::Str(_), .. }))
}

/// The string literals of one file that may reach the screen.
struct Shown<'a> {
    arguments: &'a BTreeSet<String>,
    found: Vec<String>,
}

impl Shown<'_> {
    fn literal(&mut self, text: String) {
        self.found.push(text);
    }

    /// A literal naming an argument of the catalogues' messages.
    fn argument(&self, expr: &Expr) -> bool {
        matches!(expr, Expr::Lit(ExprLit { lit: Lit::Str(s), .. }) if self.arguments.contains(&s.value()))
    }
}

impl<'ast> Visit<'ast> for Shown<'_> {
    fn visit_item(&mut self, item: &'ast Item) {
        if !is_test(item_attrs(item)) {
            visit::visit_item(self, item);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_test(&f.attrs) {
            visit::visit_impl_item_fn(self, f);
        }
    }

    fn visit_attribute(&mut self, _: &'ast Attribute) {}

    fn visit_pat(&mut self, _: &'ast syn::Pat) {}

    fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
        self.literal(lit.value());
    }

    fn visit_expr_binary(&mut self, e: &'ast syn::ExprBinary) {
        let comparing = matches!(e.op, BinOp::Eq(_) | BinOp::Ne(_));
        for side in [&*e.left, &*e.right] {
            if !(comparing && string_lit(side)) {
                self.visit_expr(side);
            }
        }
    }

    fn visit_expr_tuple(&mut self, e: &'ast syn::ExprTuple) {
        for (i, elem) in e.elems.iter().enumerate() {
            if !(i == 0 && e.elems.len() == 2 && self.argument(elem)) {
                self.visit_expr(elem);
            }
        }
    }

    fn visit_expr_index(&mut self, e: &'ast syn::ExprIndex) {
        self.visit_expr(&e.expr);
        if !string_lit(&e.index) {
            self.visit_expr(&e.index);
        }
    }

    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        self.visit_expr(&call.receiver);
        let method = call.method.to_string();
        let silent = method == "expect" || COMPARING.contains(&method.as_str());
        for (i, arg) in call.args.iter().enumerate() {
            let named = method == "arg" && i == 0 && self.argument(arg);
            let quiet = named || (silent && string_lit(arg));
            if !quiet {
                self.visit_expr(arg);
            }
        }
    }

    fn visit_macro(&mut self, mac: &'ast Macro) {
        let name = mac
            .path
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default();
        if SILENT_MACROS.contains(&name.as_str()) {
            return;
        }
        match mac.parse_body_with(Punctuated::<Expr, Token![,]>::parse_terminated) {
            Ok(args) => args.iter().for_each(|arg| self.visit_expr(arg)),
            // Not a list of expressions (`tokio::select!`): every
            // string literal among its tokens.
            Err(_) => tokens(mac.tokens.clone(), self),
        }
    }
}

/// The string literals among a macro's tokens, with the same exceptions
/// where tokens tell them: `expect("…")`, the silent macros, and
/// `("name", value)` naming an argument.
fn tokens(stream: proc_macro2::TokenStream, shown: &mut Shown<'_>) {
    use proc_macro2::{Delimiter, TokenTree};
    let trees: Vec<TokenTree> = stream.into_iter().collect();
    for (i, tree) in trees.iter().enumerate() {
        match tree {
            TokenTree::Group(g) => {
                let parenthesis = g.delimiter() == Delimiter::Parenthesis;
                let after_expect = i > 0 && matches!(&trees[i - 1], TokenTree::Ident(id) if id == "expect");
                // A silent macro's body (`json!({…})` inside a `select!`).
                let silent_macro = i > 1
                    && matches!(&trees[i - 1], TokenTree::Punct(p) if p.as_char() == '!')
                    && matches!(&trees[i - 2], TokenTree::Ident(id) if SILENT_MACROS.contains(&id.to_string().as_str()));
                if (parenthesis && after_expect) || silent_macro {
                    continue;
                }
                let inner: Vec<TokenTree> = g.stream().into_iter().collect();
                let comma = matches!(inner.get(1), Some(TokenTree::Punct(p)) if p.as_char() == ',');
                let name = matches!(inner.first(), Some(TokenTree::Literal(l))
                    if shown.arguments.contains(l.to_string().trim_matches('"')));
                let skip = usize::from(parenthesis && comma && name);
                tokens(inner[skip..].iter().cloned().collect(), shown);
            }
            TokenTree::Literal(lit) => {
                if let Ok(s) = syn::parse_str::<syn::LitStr>(&lit.to_string()) {
                    shown.literal(s.value());
                }
            }
            _ => {}
        }
    }
}

/// The Rust files under `dir`, by their path from it (`ui/panel.rs`).
fn sources(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(at) = stack.pop() {
        for entry in std::fs::read_dir(&at).expect("a source directory") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "rs") {
                let name = path
                    .strip_prefix(dir)
                    .expect("under the directory")
                    .to_string_lossy()
                    .replace('\\', "/");
                files.insert(name, std::fs::read_to_string(&path).expect("a source file"));
            }
        }
    }
    files
}

/// What is wrong in one file: literals with words outside the catalogue,
/// and ids the catalogue lacks.
fn scan(name: &str, text: &str, catalogue: &Catalogue, not_words: &[(&str, &[&str], &str)]) -> Vec<String> {
    let file = syn::parse_file(text).unwrap_or_else(|e| panic!("{name} does not parse: {e}"));
    let mut shown = Shown {
        arguments: &catalogue.arguments,
        found: Vec::new(),
    };
    shown.visit_file(&file);
    let mut wrong = Vec::new();
    for text in shown.found {
        if catalogue.ids.contains(&text) {
            continue;
        }
        // The shape of an id of an area of play.ftl (`turn-yours`).
        let area = text.split('-').next().unwrap_or_default();
        let areas = catalogue.ids.iter().any(|id| id.starts_with(&format!("{area}-")));
        if is_id(&text) && areas {
            wrong.push(format!("{name}: {text:?} is no message of i18n/locales/en"));
            continue;
        }
        let allowed = not_words
            .iter()
            .any(|(f, words, _)| *f == name && words.contains(&text.as_str()));
        if has_words(&text) && !allowed {
            wrong.push(format!("{name}: {text:?} has words outside the catalogues"));
        }
    }
    wrong
}

#[test]
fn every_word_of_lodestone_play_comes_from_the_catalogues() {
    let catalogue = catalogue();
    assert!(
        catalogue.ids.contains("turn-yours") && catalogue.arguments.contains("count"),
        "the English catalogue is read"
    );
    let files = sources(&crate_dir().join("src/play"));
    let mut wrong = Vec::new();
    for (name, text) in &files {
        if OTHER_PROGRAMS.iter().any(|(f, _)| f == name) || NOT_YET.contains(&name.as_str()) {
            continue;
        }
        wrong.extend(scan(name, text, &catalogue, NOT_WORDS));
    }
    for listed in NOT_YET
        .iter()
        .chain(OTHER_PROGRAMS.iter().map(|(f, _)| f))
        .chain(NOT_WORDS.iter().map(|(f, _, _)| f))
    {
        if !files.contains_key(*listed) {
            wrong.push(format!("{listed} is listed but is no file of src/play"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_scan_finds_a_sentence_put_on_the_screen() {
    let catalogue = catalogue();
    let screen = r#"
        fn panel(w: &Words) -> Vec<String> {
            vec![w.get("turn-yours"), "Your turn".to_string(), format!("{} ({})", 1, 2),
                 w.with("turn-to-act", &[("names", "Ann".into())]), w.with("turn-to-act", &[("nobody", 1.into())])]
        }
        fn title() -> String { format!("Moves ({n})", n = 2) }
        fn missing(w: &Words) -> String { w.get("turn-of-nobody-at-all") }
        fn quiet(x: &str) -> bool {
            let _ = x.strip_prefix("enter ").expect("a checked move");
            x == "drop" || matches!(x, "the pass")
        }
        async fn in_select() {
            tokio::select! {
                _ = a => w.with("turn-to-act", &[("names", n)]),
                _ = b => s.send(m).expect("it sends"),
                _ = c => say("Left in a select"),
                _ = d => conn.send(json!({"type": "ping"})),
            }
        }
        #[cfg(test)]
        mod tests { fn t() { let _ = "Your turn, in a test"; } }
    "#;
    assert_eq!(
        scan("panel.rs", screen, &catalogue, NOT_WORDS),
        [
            r#"panel.rs: "Your turn" has words outside the catalogues"#,
            r#"panel.rs: "Ann" has words outside the catalogues"#,
            r#"panel.rs: "nobody" has words outside the catalogues"#,
            r#"panel.rs: "Moves ({n})" has words outside the catalogues"#,
            r#"panel.rs: "turn-of-nobody-at-all" is no message of i18n/locales/en"#,
            r#"panel.rs: "Left in a select" has words outside the catalogues"#,
        ]
    );
    assert!(has_words("Your turn") && !has_words("{name} ({color})") && !has_words(" ● W"));
}

/// The English help texts main.rs gives clap itself (`EXAMPLES`): help.rs
/// swaps them for the catalogue's in other languages, and its test checks
/// that English says the same.
fn help_sources(catalogue: &Catalogue) -> Vec<String> {
    let english = lodestone_i18n::Words::english();
    catalogue
        .ids
        .iter()
        .filter(|id| id.starts_with("usage-"))
        .filter_map(|id| english.own(id))
        .collect()
}

#[test]
fn every_word_of_the_other_commands_comes_from_the_catalogues() {
    let catalogue = catalogue();
    assert!(
        catalogue.ids.contains("verify-dealt"),
        "the English catalogue is read"
    );
    let help = help_sources(&catalogue);
    let files = sources(&crate_dir().join("src"));
    let mut wrong = Vec::new();
    for (name, text) in &files {
        let listed = |list: &[(&str, &str)]| list.iter().any(|(f, _)| f == name);
        if name.starts_with("play/") || listed(COMMAND_OTHER) || listed(COMMAND_NOT_YET) {
            continue;
        }
        let found = scan(name, text, &catalogue, COMMAND_NOT_WORDS);
        wrong.extend(
            found
                .into_iter()
                .filter(|w| !help.iter().any(|h| w.contains(&format!("{h:?}")))),
        );
    }
    for listed in COMMAND_NOT_YET
        .iter()
        .chain(COMMAND_OTHER)
        .map(|(f, _)| f)
        .chain(COMMAND_NOT_WORDS.iter().map(|(f, _, _)| f))
    {
        if !files.contains_key(*listed) {
            wrong.push(format!("{listed} is listed but is no file of src"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
