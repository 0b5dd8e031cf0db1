//! The browser client and the games list over HTTP: the page and every
//! embedded file are served with their content types and caching headers,
//! unknown files are 404, and `/api/games` lists each playable game's
//! options.

use lodestone_protocol::GameInfo;
use lodestone_tests::{TestServer, each_backend, http_get_full};

fn header<'a>(headers: &'a [String], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find_map(|h| h.strip_prefix(name)?.strip_prefix(": "))
}

each_backend!(the_page_and_every_asset_are_served_with_their_types);
async fn the_page_and_every_asset_are_served_with_their_types() {
    let server = TestServer::start().await;
    let (status, headers, body) = http_get_full(server.addr(), "/", None).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("text/html; charset=utf-8"));
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    assert!(header(&headers, "etag").is_some());
    assert!(body.contains("src/app.js"), "the page loads the client");

    let mut count = 0;
    for (path, content_type) in lodestone_server::web_assets() {
        let (status, headers, body) = http_get_full(server.addr(), &format!("/{path}"), None).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(header(&headers, "content-type"), Some(content_type), "{path}");
        assert_eq!(header(&headers, "cache-control"), Some("no-cache"), "{path}");
        assert!(!body.is_empty(), "{path}");
        let expected = match path.rsplit('.').next() {
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("html") => "text/html; charset=utf-8",
            Some("svg") => "image/svg+xml",
            other => panic!("unexpected file type {other:?}"),
        };
        assert_eq!(content_type, expected, "{path}");
        count += 1;
    }
    assert!(count >= 10, "the client has its files");
    for missing in ["/src/nope.js", "/src/boards/chess.js", "/src/../Cargo.toml"] {
        let (status, _, _) = http_get_full(server.addr(), missing, None).await;
        assert_eq!(status, 404, "{missing}");
    }
}

each_backend!(games_are_listed_with_their_options);
async fn games_are_listed_with_their_options() {
    let server = TestServer::start().await;
    let (status, headers, body) = http_get_full(server.addr(), "/api/games", None).await;
    assert_eq!(status, 200);
    assert_eq!(header(&headers, "content-type"), Some("application/json"));
    let games: Vec<GameInfo> = serde_json::from_str(&body).unwrap();
    assert_eq!(games, GameInfo::available());
    let magneton = games
        .iter()
        .find(|g| g.game == "magneton")
        .expect("magneton is playable");
    let rule = &magneton.options[0];
    assert_eq!(rule.key, "move-rule");
    assert_eq!(rule.values, ["line", "per-ray"]);
    assert_eq!(rule.default, "line");
    assert!(!rule.help.is_empty());
}
