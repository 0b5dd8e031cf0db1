//! Stand-ins for the services notifications go to, as real HTTP servers
//! on 127.0.0.1: a Web Push service that checks each push's VAPID token
//! against the Lodestone server's public key and decrypts its `aes128gcm`
//! body with the subscription's private key (made here, as a browser
//! would), and a webhook receiver that keeps what it is sent.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use crate::eventually;

use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use base64ct::{Base64UrlUnpadded, Encoding};
use serde_json::Value;
use tokio::sync::mpsc;
use web_push_native::jwt_simple::prelude::*;
use web_push_native::p256::SecretKey;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;

/// A browser's side of one push subscription: its key pair and secret.
#[derive(Clone)]
pub struct BrowserKeys {
    secret: SecretKey,
    pub auth: [u8; 16],
}

impl std::fmt::Debug for BrowserKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("BrowserKeys(..)")
    }
}

impl BrowserKeys {
    pub fn new() -> BrowserKeys {
        let secret = SecretKey::from_slice(&rand_bytes::<32>()).expect("a scalar");
        let auth: [u8; 16] = rand_bytes();
        BrowserKeys { secret, auth }
    }

    /// `keys` as `PushSubscription.toJSON()` has them.
    pub fn json(&self) -> Value {
        let point = self.secret.public_key().as_affine().to_encoded_point(false);
        serde_json::json!({
            "p256dh": Base64UrlUnpadded::encode_string(point.as_bytes()),
            "auth": Base64UrlUnpadded::encode_string(&self.auth),
        })
    }

    /// Decrypts an `aes128gcm` push body sent to this subscription.
    pub fn decrypt(&self, body: &[u8]) -> Result<Vec<u8>, String> {
        let auth = web_push_native::Auth::from(self.auth);
        web_push_native::decrypt(body.to_vec(), &self.secret, &auth).map_err(|e| e.to_string())
    }
}

impl Default for BrowserKeys {
    fn default() -> BrowserKeys {
        BrowserKeys::new()
    }
}

/// `N` random bytes (from version-4 UUIDs: 122 random bits each).
fn rand_bytes<const N: usize>() -> [u8; N] {
    let mut out = [0u8; N];
    for chunk in out.chunks_mut(16) {
        let fresh = uuid::Uuid::new_v4();
        chunk.copy_from_slice(&fresh.as_bytes()[..chunk.len()]);
    }
    out
}

/// A push the stand-in took: its subscription (the endpoint's last path
/// segment), the decrypted payload and the VAPID token's subject.
#[derive(Clone, Debug)]
pub struct Pushed {
    pub name: String,
    pub payload: Value,
    pub subject: String,
}

#[derive(Default)]
struct PushState {
    /// The Lodestone server's VAPID public key (unpadded base64url).
    server_key: String,
    origin: String,
    subscriptions: HashMap<String, BrowserKeys>,
    /// Statuses to answer, in order, per subscription (then 201).
    answers: Told,
    /// Every request, whatever became of it.
    tries: HashMap<String, usize>,
}

/// The statuses a stand-in was told to answer, per name, in order: what
/// both stand-ins answer before they do their own work.
#[derive(Debug, Default)]
struct Told(HashMap<String, std::collections::VecDeque<u16>>);

impl Told {
    /// Answers the next requests to `name` with `statuses`, in order
    /// (replacing what was told before).
    fn set(&mut self, name: &str, statuses: &[u16]) {
        self.0
            .insert(name.to_string(), statuses.iter().copied().collect());
    }

    /// The status told for the next request to `name`, if any is left.
    fn next(&mut self, name: &str) -> Option<StatusCode> {
        let status = self.0.get_mut(name)?.pop_front()?;
        Some(StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR))
    }
}

/// The push service stand-in.
#[derive(Clone)]
pub struct PushService {
    pub addr: SocketAddr,
    state: Arc<Mutex<PushState>>,
}

impl std::fmt::Debug for PushService {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PushService({})", self.addr)
    }
}

/// Serves `app` on a loopback port of its own, for as long as the runtime
/// runs; its address.
async fn serve(app: axum::Router) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    addr
}

impl PushService {
    /// Starts the stand-in; pushes it accepts (and checks) arrive on the
    /// receiver. `server_key` is the Lodestone server's VAPID public key.
    pub async fn start(server_key: &str) -> (PushService, mpsc::UnboundedReceiver<Pushed>) {
        let state = Arc::new(Mutex::new(PushState {
            server_key: server_key.to_string(),
            ..PushState::default()
        }));
        let (tx, rx) = mpsc::unbounded_channel();
        let app = axum::Router::new()
            .route("/push/{name}", post(take_push))
            .with_state((state.clone(), tx));
        let addr = serve(app).await;
        state.lock().unwrap().origin = format!("http://{addr}");
        (PushService { addr, state }, rx)
    }

    /// The origin to allow on the Lodestone server (`--push-origin`).
    pub fn origin(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// A new subscription named `name`: its endpoint and `keys` JSON.
    pub fn subscribe(&self, name: &str) -> (String, Value) {
        let keys = BrowserKeys::new();
        let json = keys.json();
        self.state
            .lock()
            .unwrap()
            .subscriptions
            .insert(name.to_string(), keys);
        (format!("http://{}/push/{name}", self.addr), json)
    }

    /// Answers the next pushes to `name` with `statuses`, in order.
    pub fn answer(&self, name: &str, statuses: &[u16]) {
        self.state.lock().unwrap().answers.set(name, statuses);
    }

    /// Checks the pushes from now on against the Lodestone server's VAPID
    /// public key `key` (what `GET /api/push/key` says).
    pub fn expect_key(&self, key: &str) {
        self.state.lock().unwrap().server_key = key.to_string();
    }

    /// How many requests reached `name`.
    pub fn tries(&self, name: &str) -> usize {
        self.state.lock().unwrap().tries.get(name).copied().unwrap_or(0)
    }
}

type PushShared = (Arc<Mutex<PushState>>, mpsc::UnboundedSender<Pushed>);

/// One push: answered as told, or checked (VAPID, encryption) and passed
/// on. A push that fails a check is answered 400 and counted, never
/// passed on.
async fn take_push(
    State((state, tx)): State<PushShared>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let (told, keys, server_key, origin) = {
        let mut s = state.lock().unwrap();
        *s.tries.entry(name.clone()).or_default() += 1;
        let told = s.answers.next(&name);
        (
            told,
            s.subscriptions.get(&name).cloned(),
            s.server_key.clone(),
            s.origin.clone(),
        )
    };
    if let Some(status) = told {
        return status;
    }
    let Some(keys) = keys else {
        return StatusCode::GONE;
    };
    match check_push(&headers, &body, &keys, &server_key, &origin) {
        Ok((payload, subject)) => {
            let _ = tx.send(Pushed {
                name,
                payload,
                subject,
            });
            StatusCode::CREATED
        }
        Err(why) => {
            eprintln!("push stand-in refused a push: {why}");
            StatusCode::BAD_REQUEST
        }
    }
}

/// Checks a push as a push service and a browser would: the VAPID token
/// is signed by the server's key, for this origin, not expired, with a
/// subject; the body is `aes128gcm` for this subscription.
fn check_push(
    headers: &HeaderMap,
    body: &[u8],
    keys: &BrowserKeys,
    server_key: &str,
    origin: &str,
) -> Result<(Value, String), String> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
    };
    if header("content-encoding") != "aes128gcm" {
        return Err("not aes128gcm".into());
    }
    if header("ttl").parse::<u64>().is_err() {
        return Err("no TTL".into());
    }
    let auth = header("authorization");
    let rest = auth.strip_prefix("vapid ").ok_or("no vapid authorization")?;
    let mut token = "";
    let mut key = "";
    for part in rest.split(',') {
        let part = part.trim();
        if let Some(t) = part.strip_prefix("t=") {
            token = t;
        } else if let Some(k) = part.strip_prefix("k=") {
            key = k;
        }
    }
    if key != server_key {
        return Err(format!("signed with {key}, not the server's key"));
    }
    let public = ES256PublicKey::from_bytes(&Base64UrlUnpadded::decode_vec(key).map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    let options = VerificationOptions {
        allowed_audiences: Some(HashSet::from_strings(&[origin])),
        ..Default::default()
    };
    let claims = public
        .verify_token::<NoCustomClaims>(token, Some(options))
        .map_err(|e| format!("bad VAPID token: {e}"))?;
    let subject = claims.subject.ok_or("no subject")?;
    if claims.expires_at.is_none() {
        return Err("no expiry".into());
    }
    let plain = keys.decrypt(body)?;
    let payload = serde_json::from_slice(&plain).map_err(|e| e.to_string())?;
    Ok((payload, subject))
}

/// A request a webhook receiver took.
#[derive(Clone, Debug)]
pub struct Hooked {
    pub path: String,
    pub headers: HashMap<String, String>,
    pub body: Vec<u8>,
}

/// The webhook receiver: answers each path's told statuses, then 204.
#[derive(Clone)]
pub struct HookReceiver {
    pub addr: SocketAddr,
    answers: Arc<Mutex<Told>>,
}

impl std::fmt::Debug for HookReceiver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HookReceiver({})", self.addr)
    }
}

type HookShared = (Arc<Mutex<Told>>, mpsc::UnboundedSender<Hooked>);

impl HookReceiver {
    /// Starts the receiver; every request arrives on the receiver.
    pub async fn start() -> (HookReceiver, mpsc::UnboundedReceiver<Hooked>) {
        let answers = Arc::new(Mutex::new(Told::default()));
        let (tx, rx) = mpsc::unbounded_channel();
        let app = axum::Router::new()
            .route("/{name}", post(take_hook))
            .with_state((answers.clone(), tx));
        (
            HookReceiver {
                addr: serve(app).await,
                answers,
            },
            rx,
        )
    }

    /// The URL of the receiver's path `name`.
    pub fn url(&self, name: &str) -> String {
        format!("http://{}/{name}", self.addr)
    }

    /// Answers the next requests to `name` with `statuses`, in order.
    pub fn answer(&self, name: &str, statuses: &[u16]) {
        self.answers.lock().unwrap().set(name, statuses);
    }
}

async fn take_hook(
    State((answers, tx)): State<HookShared>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> StatusCode {
    let _ = tx.send(Hooked {
        path: name.clone(),
        headers: headers
            .iter()
            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or_default().to_string()))
            .collect(),
        body: body.to_vec(),
    });
    let told = answers.lock().unwrap().next(&name);
    told.unwrap_or(StatusCode::NO_CONTENT)
}

/// `sha256=` and the hex HMAC-SHA-256 of `body` under the hex `secret`:
/// what a receiver checks `X-Lodestone-Signature` against.
pub fn signature(secret: &str, body: &[u8]) -> String {
    use hmac::{Hmac, KeyInit, Mac};
    let mut mac = <Hmac<sha2::Sha256> as KeyInit>::new_from_slice(&hex::decode(secret).expect("hex secret"))
        .expect("any key");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

/// The deliveries derived for `room` in the database of the servers on
/// `dir`: `(kind, target, state)` in order of seq, kind and target.
pub async fn deliveries(dir: &std::path::Path, room: &str) -> Vec<(String, String, String)> {
    let sql = "SELECT kind, target, state FROM deliveries WHERE room_id = $1 ORDER BY seq, kind, target";
    crate::with_database!(&crate::database_url(dir), |conn| sqlx::query_as(sql)
        .bind(room)
        .fetch_all(&mut conn)
        .await
        .unwrap())
}

/// When the `time-running-out` alarms of `room` not sent yet fall due
/// (unix ms), in the database of the servers on `dir`.
pub async fn alarms_due(dir: &std::path::Path, room: &str) -> Vec<i64> {
    let sql = "SELECT due_at FROM deliveries WHERE room_id = $1 AND kind = 'time-running-out' \
               AND state = 'due' ORDER BY due_at";
    crate::with_database!(&crate::database_url(dir), |conn| sqlx::query_scalar(sql)
        .bind(room)
        .fetch_all(&mut conn)
        .await
        .unwrap())
}

/// How many push subscriptions the database of the servers on `dir`
/// holds.
pub async fn subscription_count(dir: &std::path::Path) -> i64 {
    let sql = "SELECT COUNT(*) FROM push_subscriptions";
    crate::with_database!(&crate::database_url(dir), |conn| sqlx::query_scalar(sql)
        .fetch_one(&mut conn)
        .await
        .unwrap())
}

/// Waits (within the tests' patience) until `cond` holds of the
/// deliveries of `room`, and returns them.
pub async fn deliveries_until(
    dir: &std::path::Path,
    room: &str,
    cond: impl Fn(&[(String, String, String)]) -> bool,
) -> Vec<(String, String, String)> {
    eventually!(format!("the deliveries of room {room} to get there"), {
        let rows = deliveries(dir, room).await;
        if cond(&rows) { Ok(rows) } else { Err(rows) }
    })
}
