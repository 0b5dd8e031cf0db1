//! HTTP routes: the WebSocket endpoint, the games and their options, the
//! public room list, game records, player pages and leaderboards, health, readiness and metrics, and the
//! browser client (`web.rs`). Every request passes `admit` first: the
//! client's address is worked out once and its request rate checked.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Router};
use lodestone_protocol::{Detail, GameInfo, HttpError, codes};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::answers::{CONNECTION_RETRY_SECS, json_error, limited, retry_after};
use crate::api_docs::{RecordAddress, RecordRefused, StorageFailed};
use crate::app::App;
use crate::metrics::Refusal;
use crate::records::RecordText;

/// The address a request comes from (behind a trusted proxy, the one it
/// forwards for): a request extension set by `admit`.
#[derive(Clone, Copy, Debug)]
pub struct ClientAddr {
    pub ip: IpAddr,
    /// The TCP peer (the proxy, if there is one).
    pub peer: IpAddr,
}

/// The server's routes.
pub fn router(app: Arc<App>) -> Router {
    let (api, _) = api_routes().split_for_parts();
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
        .route("/ws", get(ws_upgrade))
        .merge(api)
        .merge(crate::web::routes())
        .layer(axum::middleware::from_fn_with_state(app.clone(), admit))
        .with_state(app)
}

/// The routes under `/api/`, each added with its OpenAPI description
/// (its handler's `#[utoipa::path]`) in one call: a route of the API is
/// added here and nowhere else (`openapi.rs` builds the description from
/// this, and its test finds any `/api/` path named elsewhere).
pub fn api_routes() -> OpenApiRouter<Arc<App>> {
    OpenApiRouter::new()
        .routes(routes!(games))
        .routes(routes!(rooms))
        .routes(routes!(record))
        .routes(routes!(crate::embed::record_json))
        .routes(routes!(crate::embed::ply_json))
        .routes(routes!(player))
        .routes(routes!(leaderboard))
        .routes(routes!(crate::account_settings::account))
        .routes(routes!(crate::account_settings::mark_bot))
        .routes(routes!(crate::account_settings::new_token))
        .routes(routes!(crate::account_settings::revoke_token))
        .routes(routes!(crate::tournament::http::tournaments))
        .routes(routes!(crate::tournament::http::tournament))
        .routes(routes!(crate::tournament::http::records))
        .routes(routes!(push_key))
        .routes(routes!(openapi_json))
        .routes(routes!(protocol_schema))
}

/// Whether a request counts against the request rate: the WebSocket
/// upgrade and the API do work for the client; the embedded page files
/// (answered from memory, mostly with 304) and the monitoring endpoints
/// do not, and a page load fetches a dozen files.
fn rate_counted(path: &str) -> bool {
    path == "/ws" || path.starts_with("/api/")
}

/// Works out the client's address, refuses a client over its request
/// rate (429), and adds the browser safety headers to every answer.
async fn admit(State(app): State<Arc<App>>, mut request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::from([127, 0, 0, 1]), |c| c.0.ip());
    let ip = app.admission.client_ip(peer, request.headers());
    request.extensions_mut().insert(ClientAddr { ip, peer });
    let embeddable = request.uri().path().starts_with("/embed/room/");
    let words = crate::sentences::http_words(request.headers());
    let response = if rate_counted(request.uri().path()) && !app.admission.request(ip) {
        app.metrics.refused(Refusal::RequestRate);
        static REFUSED: crate::throttle::Throttle = crate::throttle::Throttle::new();
        if let Some(held_back) = REFUSED.pass() {
            tracing::warn!(client = %ip, reason = "request_rate", held_back, "request refused");
        }
        let rate = app.config.limits.request_rate;
        let detail = Detail::RequestRate { count: rate.into() };
        limited(
            StatusCode::TOO_MANY_REQUESTS,
            HttpError::limited(
                codes::RATE_LIMITED,
                crate::said::english(&detail),
                "request-rate",
                retry_after(rate),
            )
            .with_detail(detail),
        )
    } else {
        next.run(request).await
    };
    // A refusal's sentence in the client's language (its code unchanged).
    let mut response = crate::sentences::http_answer(&words, response).await;
    crate::web::secure_headers(response.headers_mut(), &app.config.node_origins, embeddable);
    response
}

/// `GET /healthz`: 200 `ok` while the server can store a move now; 503
/// with the reason when it cannot (`health.rs`).
async fn healthz(State(app): State<Arc<App>>) -> Response {
    match app.health.can_store(&app.store, app.config.node.as_deref()).await {
        Ok(()) => "ok\n".into_response(),
        Err(reason) => (StatusCode::SERVICE_UNAVAILABLE, format!("storage: {reason}\n")).into_response(),
    }
}

/// `GET /readyz`: 200 `ready` when a proxy may send new players here; 503
/// while shutting down, when storage fails, or at the connection limit.
async fn readyz(State(app): State<Arc<App>>) -> Response {
    let not_ready =
        |why: String| (StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {why}\n")).into_response();
    if app.shutdown.is_cancelled() || app.node.as_ref().is_some_and(|n| n.is_draining()) {
        return not_ready("shutting down".into());
    }
    if app.admission.nearly_full() {
        return not_ready("at the connection limit".into());
    }
    match app.health.can_store(&app.store, app.config.node.as_deref()).await {
        Ok(()) => "ready\n".into_response(),
        Err(reason) => not_ready(format!("storage: {reason}")),
    }
}

/// `GET /metrics`: Prometheus text (docs/operating.md lists the metrics).
async fn metrics(State(app): State<Arc<App>>) -> Response {
    app.metrics.store_queue.set(app.store.queue_len() as f64);
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        app.metrics.render(app.lobby.counts()),
    )
        .into_response()
}

/// `GET /ws`: checks the page's origin (a browser's `Origin` header; other
/// clients send none) and, behind a proxy, the client's connection count,
/// then upgrades.
async fn ws_upgrade(
    ws: WebSocketUpgrade,
    State(app): State<Arc<App>>,
    Extension(client): Extension<ClientAddr>,
    meter: Option<Extension<Arc<crate::input::Meter>>>,
    standing: Option<Extension<Arc<crate::reserve::Standing>>>,
    headers: HeaderMap,
) -> Response {
    if let Some(origin) = headers.get(header::ORIGIN)
        && !origin.to_str().is_ok_and(|o| app.origins.allowed(o))
    {
        let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
        app.metrics.refused(Refusal::Origin);
        log_origin_refused(&app, origin, host);
        return json_error(
            StatusCode::FORBIDDEN,
            codes::ORIGIN_NOT_ALLOWED,
            "pages of this origin may not connect to this server",
        );
    }
    let slot = match app.admission.proxied_socket(client.peer, client.ip) {
        Ok(slot) => slot,
        Err(reason) => {
            app.metrics.refused(reason);
            static REFUSED: crate::throttle::Throttle = crate::throttle::Throttle::new();
            if let Some(held_back) = REFUSED.pass() {
                tracing::warn!(client = %client.ip, reason = reason.label(), held_back, "WebSocket refused");
            }
            return limited(
                StatusCode::TOO_MANY_REQUESTS,
                HttpError::limited(
                    codes::TOO_MANY_CONNECTIONS,
                    "this address has as many connections open as it may; close one first",
                    "per-address",
                    CONNECTION_RETRY_SECS,
                ),
            );
        }
    };
    let conn = crate::ws::Conn {
        slot,
        meter: meter.map(|Extension(m)| m),
        standing: standing.map(|Extension(s)| s),
    };
    crate::ws::accept(ws, app, client.ip, conn)
}

/// Logs (throttled) why a page's WebSocket was refused: the host behind a
/// proxy that drops the port from `Host` sees it here rather than only a
/// player's "reconnecting".
fn log_origin_refused(app: &App, origin: &HeaderValue, host: Option<&str>) {
    static REFUSED: crate::throttle::Throttle = crate::throttle::Throttle::new();
    let Some(held_back) = REFUSED.pass() else {
        return;
    };
    let origin = String::from_utf8_lossy(origin.as_bytes());
    let why = if app.config.limits.allowed_origins.is_empty() {
        format!(
            "the page's origin is not one of this server's own addresses {:?} (--bind, and the \
             host of --advertise; the request's Host header is not believed), and no \
             --allowed-origin lists it",
            app.origins.own()
        )
    } else {
        "the page's origin is not among the --allowed-origin list".to_string()
    };
    tracing::warn!(%origin, host = host.unwrap_or(""), held_back, "WebSocket refused: {why}");
}

/// `GET /api/games`: the games the server plays, with their options.
#[utoipa::path(get, path = "/api/games", tag = "games",
    responses((status = 200, description = "Every game the server plays, with the options `create_room` takes and the bot levels", body = ref("#/components/schemas/GameList"))))]
async fn games() -> Response {
    axum::Json(GameInfo::available()).into_response()
}

/// `GET /api/push/key`: the VAPID public key pages subscribe with
/// (`applicationServerKey`), `{"public_key": "…"}` (docs/notifications.md).
#[utoipa::path(get, path = "/api/push/key", tag = "notifications",
    responses(
        (status = 200, description = "The server's VAPID public key (unpadded base64url of the uncompressed P-256 point), for `pushManager.subscribe`", body = ref("#/components/schemas/PushKey")),
        (status = 503, description = "The key is not loaded yet (`storage-failure`)", body = ref("#/components/schemas/HttpError"))))]
async fn push_key(State(app): State<Arc<App>>) -> Response {
    match app.notify.public_key() {
        Some(key) => axum::Json(lodestone_protocol::PushKey {
            public_key: key.to_string(),
        })
        .into_response(),
        None => json_error(
            StatusCode::SERVICE_UNAVAILABLE,
            codes::STORAGE,
            "the push key is not ready",
        ),
    }
}

/// A page of `players.rs` as JSON, or its refusal as a JSON error.
fn page<T: serde::Serialize>(page: Result<T, crate::players::Refused>) -> Response {
    match page {
        Ok(page) => axum::Json(page).into_response(),
        Err((status, refused)) => crate::answers::refused(status, refused),
    }
}

/// `GET /api/players/{id}`: a player's page (`players.rs`).
#[utoipa::path(get, path = "/api/players/{id}", tag = "players",
    params(("id" = String, Path, description = "The player's guest id")),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The player's page: name, account or guest, ratings, latest games (private ones only for a viewer who played in them)", body = ref("#/components/schemas/PlayerPage")),
        (status = 401, description = "A token of no guest (`bad-token`)", body = ref("#/components/schemas/HttpError")),
        (status = 404, description = "No such player (`unknown-player`)", body = ref("#/components/schemas/HttpError")),
        (status = 503, response = inline(StorageFailed))))]
async fn player(State(app): State<Arc<App>>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    // Private games are listed only to their players.
    let viewer = match crate::answers::bearer_guest(&app.store, &headers).await {
        Ok(viewer) => viewer.map(|g| g.id),
        Err(refused) => return refused,
    };
    page(crate::players::player(&app, &id, viewer.as_deref()).await)
}

/// `GET /api/leaderboard?game=K[&limit=N]` (`players.rs`).
#[utoipa::path(get, path = "/api/leaderboard", tag = "players",
    params(
        ("game" = String, Query, description = "The rating key: a game (`magneton`), or Magma with its number of players (`magma-4`)"),
        ("limit" = Option<u32>, Query, description = "How many lines, at most 100 (the default)")),
    responses(
        (status = 200, description = "The best players by conservative rating", body = ref("#/components/schemas/Leaderboard")),
        (status = 400, description = "No or an unknown `game` (`unknown-game`)", body = ref("#/components/schemas/HttpError")),
        (status = 503, response = inline(StorageFailed))))]
async fn leaderboard(State(app): State<Arc<App>>, Query(query): Query<HashMap<String, String>>) -> Response {
    let (game, limit) = (query.get("game"), query.get("limit"));
    page(crate::players::leaderboard(&app, game.map(String::as_str), limit.map(String::as_str)).await)
}

/// `GET /api/rooms[?game=G][&playing=1]`: the public rooms with a free
/// seat, or (`playing=1`) the public games being played; at most the
/// server's page of them, with `X-Total-Count` saying how many there are.
#[utoipa::path(get, path = "/api/rooms", tag = "rooms",
    params(
        ("game" = Option<String>, Query, description = "Only rooms of this game"),
        ("playing" = Option<String>, Query, description = "`1` or `true`: the public games being played (to watch) instead of the rooms with a free seat")),
    responses(
        (status = 200, description = "One page of rooms, in id order", body = ref("#/components/schemas/RoomList"),
            headers(("X-Total-Count" = u64, description = "How many rooms matched in all"))),
        (status = 503, response = inline(StorageFailed))))]
async fn rooms(State(app): State<Arc<App>>, Query(query): Query<HashMap<String, String>>) -> Response {
    let game = query.get("game").map(String::as_str);
    let playing = query.get("playing").is_some_and(|v| v == "1" || v == "true");
    let page = match crate::cluster::list_rooms(&app, game, playing, app.config.limits.lobby_page).await {
        Ok(page) => page,
        Err(_) => return json_error(StatusCode::SERVICE_UNAVAILABLE, codes::STORAGE, "try again"),
    };
    let mut response = axum::Json(page.rooms).into_response();
    response
        .headers_mut()
        .insert("x-total-count", HeaderValue::from(page.total));
    response
}

/// `GET /api/rooms/{id}/record[?invite=CODE]`, with the guest's token as
/// `Authorization: Bearer TOKEN` (never in the address, where proxies and
/// logs keep it: `?token=` is refused): the game record in NOTATION.md
/// format, as that guest may see it (a spectator without a token).
/// Complete, with commitment salts, once the game is over.
#[utoipa::path(get, path = "/api/rooms/{id}/record", tag = "rooms",
    params(RecordAddress),
    security((), ("token" = [])),
    responses(
        (status = 200, description = "The game record (docs/notation.md), as the guest of the token may see it (a spectator without one)", content_type = "text/plain", body = String),
        (status = 403, description = "A private room without its invite (`invite-required`), or nothing to record yet (`not-started`)", body = ref("#/components/schemas/HttpError")),
        RecordRefused))]
async fn record(RecordText(text): RecordText) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response()
}

/// The OpenAPI document of [`api_routes`], built once.
pub fn openapi_document() -> &'static serde_json::Value {
    crate::openapi::document(|| api_routes().split_for_parts().1)
}

/// `GET /api/openapi.json`: the OpenAPI description of this API.
#[utoipa::path(get, path = "/api/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 description of this API", content_type = "application/json", body = Object)))]
async fn openapi_json() -> Response {
    crate::openapi::json_answer(openapi_document(), "application/json")
}

/// `GET /api/protocol.schema.json`: the JSON Schema of every protocol
/// message.
#[utoipa::path(get, path = "/api/protocol.schema.json", tag = "meta",
    responses((status = 200, description = "The JSON Schema (draft 2020-12) of every WebSocket protocol message: `$defs.ClientMessage` and `$defs.ServerMessage`", content_type = "application/schema+json", body = Object)))]
async fn protocol_schema() -> Response {
    crate::openapi::json_answer(crate::openapi::protocol_document(), "application/schema+json")
}
