//! The browser client and the games list over HTTP: the page and every
//! embedded file are served with their content types and caching headers,
//! unknown files are 404, and `/api/games` lists each playable game's
//! options.

use lodestone_protocol::GameInfo;
use lodestone_tests::{TestServer, each_backend, header, http_get_full, http_get_typed};

/// The browser client's folder in this repository.
fn web_root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../clients/web")
}

/// The files the browser loads: the pages (the client, the embedded
/// replay), the icons, the app's manifest and service worker, and
/// everything under
/// `src/` but type declarations (`.d.ts`, read only by the type checker),
/// the vendored libraries' scripts (`vendor/**.js`), as paths under
/// clients/web, and the catalogues `i18n/<lang>/web.ftl` (see [`disk`]).
fn client_files() -> Vec<String> {
    fn walk(dir: &std::path::Path, prefix: &str, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().into_string().unwrap();
            let path = format!("{prefix}{name}");
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &format!("{path}/"), out);
            } else if !name.ends_with(".d.ts") {
                out.push(path);
            }
        }
    }
    let mut files: Vec<String> = [
        "index.html",
        "embed.html",
        "favicon.svg",
        // The installable app: its manifest, icons and service worker.
        "manifest.webmanifest",
        "sw.js",
        "icon-192.png",
        "icon-512.png",
        "icon-maskable-512.png",
    ]
    .map(String::from)
    .to_vec();
    walk(&web_root().join("src"), "src/", &mut files);
    let mut vendored = Vec::new();
    walk(&web_root().join("vendor"), "vendor/", &mut vendored);
    files.extend(vendored.into_iter().filter(|p| p.ends_with(".js")));
    for entry in std::fs::read_dir(web_root().join("../../i18n/locales")).unwrap() {
        let lang = entry.unwrap().file_name().into_string().unwrap();
        files.push(format!("i18n/{lang}/web.ftl"));
    }
    files.sort();
    files
}

/// Where a served file is in the repository: under clients/web, but the
/// catalogues `i18n/<lang>/web.ftl` come from `i18n/locales/<lang>/`.
fn disk(path: &str) -> std::path::PathBuf {
    match path.strip_prefix("i18n/") {
        Some(rest) => web_root().join("../../i18n/locales").join(rest),
        None => web_root().join(path),
    }
}

each_backend!(the_page_and_every_asset_are_served_with_their_types);
async fn the_page_and_every_asset_are_served_with_their_types() {
    let server = TestServer::start().await;
    let (headers, body) = http_get_typed(server.addr(), "/", "text/html; charset=utf-8").await;
    assert_eq!(header(&headers, "cache-control"), Some("no-cache"));
    assert!(header(&headers, "etag").is_some());
    assert!(body.contains("src/app.js"), "the page loads the client");

    // Every file the browser loads, as it is in clients/web, is served
    // with its bytes and its type; the table serves nothing else.
    let on_disk = client_files();
    assert!(on_disk.len() >= 10, "the client has its files: {on_disk:?}");
    for path in &on_disk {
        let (status, headers, body) = http_get_full(server.addr(), &format!("/{path}"), None).await;
        assert_eq!(
            status, 200,
            "clients/web/{path} is not served (add it to server/src/web.rs)"
        );
        let file = String::from_utf8_lossy(&std::fs::read(disk(path)).unwrap()).into_owned();
        if path == "sw.js" {
            // The service worker carries the digest of the other files in
            // place of its mark, and is otherwise the file.
            let at = file.find("__ASSETS__").expect("sw.js has its mark");
            let digest: String = body[at..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
            assert!(!digest.is_empty(), "/sw.js has a digest where its mark was");
            assert!(
                body == file.replace("__ASSETS__", &digest),
                "/sw.js is not clients/web/sw.js with the digest {digest} for its mark"
            );
        } else if path == "manifest.webmanifest" {
            // Filled in the request's language (English here, asked for
            // none): the file with its `lang`.
            let mut file: serde_json::Value = serde_json::from_str(&file).unwrap();
            file["lang"] = "en".into();
            assert_eq!(serde_json::from_str::<serde_json::Value>(&body).unwrap(), file);
        } else {
            assert!(body == file, "/{path} is not the file clients/web/{path}");
        }
        let expected = match path.rsplit('.').next() {
            Some("js") => "text/javascript; charset=utf-8",
            Some("css") => "text/css; charset=utf-8",
            Some("html") => "text/html; charset=utf-8",
            Some("svg") => "image/svg+xml",
            Some("png") => "image/png",
            Some("webmanifest") => "application/manifest+json",
            Some("ftl") => "text/plain; charset=utf-8",
            other => panic!("unexpected file type {other:?}"),
        };
        assert_eq!(header(&headers, "content-type"), Some(expected), "{path}");
        assert_eq!(header(&headers, "cache-control"), Some("no-cache"), "{path}");
    }
    let served: Vec<&str> = lodestone_server::web_assets().map(|(path, _)| path).collect();
    for path in &served {
        assert!(
            on_disk.iter().any(|p| p == path),
            "server/src/web.rs serves {path}, which is not a file the client loads"
        );
    }
    assert_eq!(served.len(), on_disk.len());
    for missing in ["/src/nope.js", "/src/boards/chess.js", "/src/../Cargo.toml"] {
        let (status, _, _) = http_get_full(server.addr(), missing, None).await;
        assert_eq!(status, 404, "{missing}");
    }
}

each_backend!(games_are_listed_with_their_options);
async fn games_are_listed_with_their_options() {
    let server = TestServer::start().await;
    let (_, body) = http_get_typed(server.addr(), "/api/games", "application/json").await;
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

/// The manifest is in `lang`, its description starting with `description`.
fn in_language(manifest: &serde_json::Value, lang: &str, description: &str) {
    assert_eq!(manifest["lang"], lang, "{manifest}");
    let text = manifest["description"].as_str().unwrap();
    assert!(text.starts_with(description), "{manifest}");
}

each_backend!(the_manifest_is_in_the_pages_language);
async fn the_manifest_is_in_the_pages_language() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let get = |path: &'static str, headers: Vec<(&'static str, &'static str)>| async move {
        let (status, head, body) = lodestone_tests::http_get_with(addr, path, &headers).await;
        assert_eq!(status, 200, "{path}: {body}");
        let vary = head
            .iter()
            .any(|h| h.eq_ignore_ascii_case("vary: accept-language"));
        assert!(vary, "{path}: the answer varies by language: {head:?}");
        serde_json::from_str::<serde_json::Value>(&body).expect("the manifest is JSON")
    };
    let english = get("/manifest.webmanifest", vec![]).await;
    in_language(&english, "en", "Four magnet board games");
    assert_eq!(english["name"], "Lodestone");
    // By the browser's languages.
    let french = get(
        "/manifest.webmanifest",
        vec![("Accept-Language", "fr-CA,fr;q=0.9,en;q=0.5")],
    )
    .await;
    in_language(&french, "fr", "Quatre jeux de plateau");
    assert_eq!(french["icons"], english["icons"]);
    assert_eq!(french["start_url"], english["start_url"]);
    // The page's own choice (?lang=, set by the page) comes first.
    let german = get("/manifest.webmanifest?lang=de", vec![("Accept-Language", "fr")]).await;
    in_language(&german, "de", "Vier Brettspiele");
    // A language without a catalogue is no choice: the header decides.
    let unknown = get("/manifest.webmanifest?lang=xx", vec![("Accept-Language", "fr")]).await;
    assert_eq!(unknown["lang"], "fr");
}
