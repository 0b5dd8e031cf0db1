//! The browser client, embedded in the binary: a fixed table of the files
//! of `clients/web` with their content types, served at `/` (the page) and
//! at their own paths (`/favicon.svg`, `/src/app.js`, ...). Nothing is read
//! from disk at run time, so the binary alone serves the whole product.
//!
//! The file names carry no content hash, so every answer says
//! `Cache-Control: no-cache` with a strong `ETag` (the SHA-256 of the
//! content): browsers keep their copies and revalidate them with one cheap
//! request that is answered `304 Not Modified` until the binary changes.
//!
//! The service worker (`sw.js`) is served with the digest of every other
//! file in place of its `__ASSETS__` mark: when any file of the client
//! changes, the worker's bytes change too, so browsers install the new
//! worker, which drops the app shell the old one kept.

use std::borrow::Cow;
use std::sync::OnceLock;

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sha2::{Digest, Sha256};

/// One embedded file: its path under the web root, its content type and
/// its bytes.
#[derive(Debug)]
struct Asset {
    path: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

macro_rules! asset {
    ($path:literal, $type:expr) => {
        Asset {
            path: $path,
            content_type: $type,
            body: include_bytes!(concat!("../../clients/web/", $path)),
        }
    };
    // A file from elsewhere in the repository (the shared catalogues).
    ($path:literal, from $file:literal, $type:expr) => {
        Asset {
            path: $path,
            content_type: $type,
            body: include_bytes!(concat!("../../", $file)),
        }
    };
}

const JS: &str = "text/javascript; charset=utf-8";
const FTL: &str = "text/plain; charset=utf-8";

/// Every file the browser client consists of. A new file of the client is
/// added here (and nowhere else).
static ASSETS: &[Asset] = &[
    asset!("index.html", "text/html; charset=utf-8"),
    asset!("embed.html", "text/html; charset=utf-8"),
    asset!("favicon.svg", "image/svg+xml"),
    asset!("manifest.webmanifest", "application/manifest+json"),
    asset!("sw.js", JS),
    asset!("icon-192.png", "image/png"),
    asset!("icon-512.png", "image/png"),
    asset!("icon-maskable-512.png", "image/png"),
    asset!("src/style.css", "text/css; charset=utf-8"),
    asset!("src/app.js", JS),
    asset!("src/embed.js", JS),
    asset!("src/protocol.js", JS),
    asset!("src/dom.js", JS),
    asset!("src/lobby.js", JS),
    asset!("src/players.js", JS),
    asset!("src/bot_account.js", JS),
    asset!("src/tournaments.js", JS),
    asset!("src/console.js", JS),
    asset!("src/safety.js", JS),
    asset!("src/room.js", JS),
    asset!("src/seats.js", JS),
    asset!("src/table.js", JS),
    asset!("src/replay.js", JS),
    asset!("src/clocks.js", JS),
    asset!("src/confirm.js", JS),
    asset!("src/chat.js", JS),
    asset!("src/rules.js", JS),
    asset!("src/settings.js", JS),
    asset!("src/signals.js", JS),
    asset!("src/words.js", JS),
    asset!("src/notify.js", JS),
    asset!("src/vacation.js", JS),
    asset!("src/boards/index.js", JS),
    asset!("src/boards/svg.js", JS),
    asset!("src/boards/pick.js", JS),
    asset!("src/boards/effects.js", JS),
    asset!("src/boards/magneton.js", JS),
    asset!("src/boards/magnetism.js", JS),
    asset!("src/boards/magnet.js", JS),
    asset!("src/boards/magma.js", JS),
    asset!("src/i18n.js", JS),
    // @fluent/bundle's own ES modules (clients/web/vendor/fluent-bundle/README.md).
    asset!("vendor/fluent-bundle/index.js", JS),
    asset!("vendor/fluent-bundle/ast.js", JS),
    asset!("vendor/fluent-bundle/builtins.js", JS),
    asset!("vendor/fluent-bundle/bundle.js", JS),
    asset!("vendor/fluent-bundle/memoizer.js", JS),
    asset!("vendor/fluent-bundle/resolver.js", JS),
    asset!("vendor/fluent-bundle/resource.js", JS),
    asset!("vendor/fluent-bundle/scope.js", JS),
    asset!("vendor/fluent-bundle/types.js", JS),
    // The browser's words, from the catalogues every client shares.
    asset!("i18n/en/web.ftl", from "i18n/locales/en/web.ftl", FTL),
    asset!("i18n/fr/web.ftl", from "i18n/locales/fr/web.ftl", FTL),
    asset!("i18n/de/web.ftl", from "i18n/locales/de/web.ftl", FTL),
];

/// The paths of every embedded file, for tests.
pub fn asset_paths() -> impl Iterator<Item = (&'static str, &'static str)> {
    ASSETS.iter().map(|a| (a.path, a.content_type))
}

/// The routes of the client: `/` (the page), top-level files such as
/// `/favicon.svg`, `/src/...`, `/vendor/...` (its libraries), the catalogues
/// `/i18n/{lang}/web.ftl`, and the embeddable replay of a game,
/// `/embed/room/{id}` and `/embed/room/{id}/ply/{n}` (`embed.html`, which
/// reads the room and ply from its address).
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let embed = || get(|headers: HeaderMap| async move { serve("embed.html", &headers) });
    Router::new()
        .route("/embed/room/{id}", embed())
        .route("/embed/room/{id}/ply/{n}", embed())
        .route(
            "/",
            get(|headers: HeaderMap| async move { serve("index.html", &headers) }),
        )
        // In the page's language (`manifest.rs`), not as the file is.
        .route("/manifest.webmanifest", get(crate::manifest::serve))
        .route(
            "/{file}",
            get(|Path(file): Path<String>, headers: HeaderMap| async move { serve(&file, &headers) }),
        )
        .route(
            "/src/{*path}",
            get(|Path(path): Path<String>, headers: HeaderMap| async move {
                serve(&format!("src/{path}"), &headers)
            }),
        )
        .route(
            "/vendor/{*path}",
            get(|Path(path): Path<String>, headers: HeaderMap| async move {
                serve(&format!("vendor/{path}"), &headers)
            }),
        )
        .route(
            "/i18n/{lang}/{file}",
            get(
                |Path((lang, file)): Path<(String, String)>, headers: HeaderMap| async move {
                    serve(&format!("i18n/{lang}/{file}"), &headers)
                },
            ),
        )
}

/// The browser safety headers of every answer: the page runs only its own
/// scripts and styles and talks only to its own server
/// (`Content-Security-Policy`), no other site may frame it (clickjacking:
/// `frame-ancestors` and, for older browsers, `X-Frame-Options`), and the
/// address of a room (with its invite code) is not sent on as a referrer.
/// `node_origins`: other nodes' WebSocket origins the page may connect to
/// as well (`--node-origin`, checked when read). An `embeddable` answer
/// (the replay pages under `/embed/`, which take no action and hold no
/// token) may be framed by any site: `frame-ancestors *`, and no
/// `X-Frame-Options`.
pub fn secure_headers(headers: &mut HeaderMap, node_origins: &[String], embeddable: bool) {
    const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
                       connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
                       frame-ancestors 'none'";
    let csp = if node_origins.is_empty() {
        HeaderValue::from_static(CSP)
    } else {
        let connect = format!("connect-src 'self' {};", node_origins.join(" "));
        HeaderValue::from_str(&CSP.replace("connect-src 'self';", &connect))
            .unwrap_or_else(|_| HeaderValue::from_static(CSP))
    };
    let csp = if embeddable {
        csp.to_str()
            .ok()
            .and_then(|text| {
                HeaderValue::from_str(&text.replace("frame-ancestors 'none'", "frame-ancestors *")).ok()
            })
            .unwrap_or(csp)
    } else {
        headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        csp
    };
    headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
}

/// The mark in `sw.js` that is replaced by [`shell_digest`].
const SHELL_MARK: &str = "__ASSETS__";

/// A digest of every file but the service worker (paths and bytes).
fn shell_digest(assets: &[Asset]) -> String {
    let mut hash = Sha256::new();
    for a in assets.iter().filter(|a| a.path != "sw.js") {
        hash.update(a.path.as_bytes());
        hash.update((a.body.len() as u64).to_be_bytes());
        hash.update(a.body);
    }
    hex::encode(&hash.finalize()[..12])
}

/// The bytes served for each asset, computed once: the files as they are,
/// but `sw.js` with the digest of the others in place of its mark.
fn bodies() -> &'static [Cow<'static, [u8]>] {
    static BODIES: OnceLock<Vec<Cow<'static, [u8]>>> = OnceLock::new();
    BODIES.get_or_init(|| {
        ASSETS
            .iter()
            .map(|a| match (a.path, std::str::from_utf8(a.body)) {
                ("sw.js", Ok(text)) => {
                    let text = text.replace(SHELL_MARK, &shell_digest(ASSETS));
                    Cow::Owned(text.into_bytes())
                }
                _ => Cow::Borrowed(a.body),
            })
            .collect()
    })
}

/// The strong ETag of each asset, computed once.
fn etags() -> &'static [String] {
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    ETAGS.get_or_init(|| bodies().iter().map(|b| crate::etag::strong_etag(b)).collect())
}

fn serve(path: &str, headers: &HeaderMap) -> Response {
    let Some(index) = ASSETS.iter().position(|a| a.path == path) else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "not found\n",
        )
            .into_response();
    };
    let asset = &ASSETS[index];
    crate::etag::revalidated(
        headers,
        &etags()[index],
        None,
        asset.content_type,
        bodies()[index].clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_asset_is_named_once_with_a_type_by_its_extension() {
        let mut seen = std::collections::BTreeSet::new();
        for a in ASSETS {
            assert!(seen.insert(a.path), "{} twice", a.path);
            assert!(!a.body.is_empty(), "{} is empty", a.path);
            let ext = a.path.rsplit('.').next().unwrap();
            let expected = match ext {
                "html" => "text/html",
                "js" => "text/javascript",
                "css" => "text/css",
                "svg" => "image/svg+xml",
                "png" => "image/png",
                "webmanifest" => "application/manifest+json",
                "ftl" => "text/plain",
                other => panic!("no type for .{other}"),
            };
            assert!(a.content_type.starts_with(expected), "{}", a.path);
        }
    }

    #[test]
    fn the_service_worker_names_the_digest_of_the_other_files() {
        let index = ASSETS.iter().position(|a| a.path == "sw.js").unwrap();
        let served = std::str::from_utf8(&bodies()[index]).unwrap();
        assert!(!served.contains(SHELL_MARK));
        assert!(served.contains(&shell_digest(ASSETS)));
        // Any other file changing changes the digest (so the worker's bytes).
        let one = [
            Asset {
                path: "a.js",
                content_type: JS,
                body: b"1",
            },
            Asset {
                path: "sw.js",
                content_type: JS,
                body: b"x",
            },
        ];
        let other = [
            Asset {
                path: "a.js",
                content_type: JS,
                body: b"2",
            },
            Asset {
                path: "sw.js",
                content_type: JS,
                body: b"y",
            },
        ];
        assert_ne!(shell_digest(&one), shell_digest(&other));
        assert_eq!(shell_digest(&one[..1]), shell_digest(&one));
    }

    #[test]
    fn a_matching_etag_gets_not_modified() {
        let ok = serve("src/app.js", &HeaderMap::new());
        assert_eq!(ok.status(), StatusCode::OK);
        let etag = ok.headers()[header::ETAG].clone();
        let mut headers = HeaderMap::new();
        headers.insert(header::IF_NONE_MATCH, etag);
        assert_eq!(serve("src/app.js", &headers).status(), StatusCode::NOT_MODIFIED);
        assert_eq!(
            serve("src/nope.js", &HeaderMap::new()).status(),
            StatusCode::NOT_FOUND
        );
    }
}
