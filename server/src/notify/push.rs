//! Web Push (RFC 8030) with message encryption (RFC 8291, `aes128gcm`)
//! and VAPID (RFC 8292): the server's key, checking a subscription, and
//! one push request.
//!
//! `web-push-native` does the cryptography in pure Rust (no OpenSSL, unlike
//! `web-push`, whose `ece` pulls it in) and leaves the HTTP to us: the
//! server's `reqwest` client on rustls. The VAPID token is signed here with
//! the crate's `jwt-simple`, because the crate's own leaves a non-default
//! port out of the audience (RFC 8292 wants the endpoint's origin).

use std::time::Duration;

use base64ct::{Base64UrlUnpadded, Encoding};
use web_push_native::jwt_simple::algorithms::{ECDSAP256KeyPairLike, ECDSAP256PublicKeyLike, ES256KeyPair};
use web_push_native::jwt_simple::claims::Claims;
use web_push_native::p256::PublicKey;
use web_push_native::{Auth, WebPushBuilder};

/// How long a push waits at the push service for the browser.
pub const TTL: Duration = Duration::from_secs(24 * 3600);

/// The longest endpoint accepted.
const MAX_ENDPOINT: usize = 1024;

/// The server's VAPID key pair.
#[derive(Debug)]
pub struct Vapid {
    key: ES256KeyPair,
    /// The public key as the page gives it to `pushManager.subscribe`
    /// (`applicationServerKey`): unpadded base64url of the uncompressed
    /// point.
    pub public: String,
}

impl Vapid {
    /// A new key pair.
    pub fn generate() -> Vapid {
        Vapid::from_key(ES256KeyPair::generate())
    }

    fn from_key(key: ES256KeyPair) -> Vapid {
        let public = Base64UrlUnpadded::encode_string(&key.public_key().public_key().to_bytes_uncompressed());
        Vapid { key, public }
    }

    /// The key pair whose private key is `text` (unpadded base64url of
    /// the 32-byte scalar, as `private` prints it).
    pub fn parse(text: &str) -> Result<Vapid, String> {
        let bytes = Base64UrlUnpadded::decode_vec(text.trim())
            .map_err(|_| "the VAPID private key is not unpadded base64url".to_string())?;
        ES256KeyPair::from_bytes(&bytes)
            .map(Vapid::from_key)
            .map_err(|_| "the VAPID private key is not a P-256 private key (32 bytes)".to_string())
    }

    /// The private key as text, to store.
    pub fn private(&self) -> String {
        Base64UrlUnpadded::encode_string(&self.key.to_bytes())
    }

    /// The `Authorization` header for a push to `endpoint`: a token for
    /// the endpoint's origin, valid 12 hours, naming `subject`.
    fn authorization(&self, endpoint: &reqwest::Url, subject: &str) -> Result<String, String> {
        let origin = endpoint.origin().ascii_serialization();
        let claims = Claims::create(Duration::from_secs(12 * 3600).into())
            .with_audience(origin)
            .with_subject(subject);
        let token = self.key.sign(claims).map_err(|e| e.to_string())?;
        Ok(format!("vapid t={token}, k={}", self.public))
    }
}

/// A subscription checked: its endpoint and keys, ready to push to.
#[derive(Clone, Debug)]
pub struct Subscription {
    pub endpoint: reqwest::Url,
    key: PublicKey,
    auth: Auth,
}

/// Why a subscription is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a URL, or keys that are not keys.
    Bad(String),
    /// A URL outside the push services the server accepts.
    NotAllowed(String),
}

/// Checks a subscription: `endpoint` must be an `https://` URL (or of one
/// of `origins`, as `scheme://host[:port]`), `p256dh` a P-256 point and
/// `auth` 16 bytes, both unpadded base64url (padding is tolerated).
pub fn check(endpoint: &str, p256dh: &str, auth: &str, origins: &[String]) -> Result<Subscription, Refused> {
    if endpoint.len() > MAX_ENDPOINT {
        return Err(Refused::Bad(format!(
            "the endpoint is longer than {MAX_ENDPOINT} characters"
        )));
    }
    let url =
        reqwest::Url::parse(endpoint).map_err(|e| Refused::Bad(format!("the endpoint is not a URL: {e}")))?;
    let origin = url.origin().ascii_serialization();
    let listed = origins.iter().any(|o| o.trim_end_matches('/') == origin);
    let https = url.scheme() == "https" && url.host().is_some();
    if !(https || listed) {
        return Err(Refused::NotAllowed(format!(
            "push endpoints must be https:// URLs of a push service; {origin} is not allowed here"
        )));
    }
    let bytes = |text: &str, what: &str| {
        Base64UrlUnpadded::decode_vec(text.trim_end_matches('='))
            .map_err(|_| Refused::Bad(format!("keys.{what} is not base64url")))
    };
    let key = PublicKey::from_sec1_bytes(&bytes(p256dh, "p256dh")?)
        .map_err(|_| Refused::Bad("keys.p256dh is not a P-256 public key".into()))?;
    let auth: [u8; 16] = bytes(auth, "auth")?
        .try_into()
        .map_err(|_| Refused::Bad("keys.auth is not 16 bytes".into()))?;
    Ok(Subscription {
        endpoint: url,
        key,
        auth: Auth::from(auth),
    })
}

/// What a push service answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Taken (201, or any 2xx).
    Sent,
    /// 404 or 410: the subscription is gone; forget it.
    Gone,
    /// 429, 5xx or no answer: try again later (after the `Retry-After`
    /// seconds, if given).
    Later(Option<u64>),
    /// Any other refusal: give up.
    Refused(u16),
}

/// The answer a status (and `Retry-After`) means.
pub fn answer(status: u16, retry_after: Option<u64>) -> Answer {
    match status {
        200..=299 => Answer::Sent,
        404 | 410 => Answer::Gone,
        429 | 500..=599 => Answer::Later(retry_after),
        other => Answer::Refused(other),
    }
}

/// Pushes `payload` (encrypted for `sub`) with `client`, signed by
/// `vapid` naming `subject`.
pub async fn send(
    client: &reqwest::Client,
    vapid: &Vapid,
    subject: &str,
    sub: &Subscription,
    payload: &[u8],
) -> Answer {
    let uri = match sub.endpoint.as_str().parse() {
        Ok(uri) => uri,
        Err(_) => return Answer::Refused(0),
    };
    let built = WebPushBuilder::new(uri, sub.key, sub.auth)
        .with_valid_duration(TTL)
        .build(payload.to_vec());
    let (request, authorization) = match (built, vapid.authorization(&sub.endpoint, subject)) {
        (Ok(request), Ok(authorization)) => (request, authorization),
        (Err(e), _) => {
            tracing::error!(error = %e, "could not encrypt a push");
            return Answer::Refused(0);
        }
        (_, Err(e)) => {
            tracing::error!(error = %e, "could not sign a push");
            return Answer::Refused(0);
        }
    };
    let (parts, body) = request.into_parts();
    let mut out = client
        .post(sub.endpoint.clone())
        .header("Authorization", authorization)
        .header("Urgency", "high")
        .body(body);
    for (name, value) in &parts.headers {
        out = out.header(name.as_str(), value.as_bytes());
    }
    match out.send().await {
        Ok(response) => {
            let retry = response
                .headers()
                .get("retry-after")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse().ok());
            answer(response.status().as_u16(), retry)
        }
        Err(e) => {
            tracing::info!(error = %e, "a push service did not answer");
            Answer::Later(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_prints_and_reads_back() {
        let vapid = Vapid::generate();
        let again = Vapid::parse(&vapid.private()).unwrap();
        assert_eq!(again.public, vapid.public);
        assert_eq!(Base64UrlUnpadded::decode_vec(&vapid.public).unwrap().len(), 65);
        assert!(Vapid::parse("not a key").is_err());
    }

    #[test]
    fn subscriptions_are_checked() {
        let key = Vapid::generate().public;
        let auth = Base64UrlUnpadded::encode_string(&[7u8; 16]);
        assert!(check("https://push.example.com/abc", &key, &auth, &[]).is_ok());
        assert!(matches!(
            check("http://127.0.0.1:9/abc", &key, &auth, &[]),
            Err(Refused::NotAllowed(_))
        ));
        assert!(
            check(
                "http://127.0.0.1:9/abc",
                &key,
                &auth,
                &["http://127.0.0.1:9".into()]
            )
            .is_ok()
        );
        assert!(matches!(
            check("nonsense", &key, &auth, &[]),
            Err(Refused::Bad(_))
        ));
        assert!(matches!(
            check("https://push.example.com/abc", "AAAA", &auth, &[]),
            Err(Refused::Bad(_))
        ));
        assert!(matches!(
            check("https://push.example.com/abc", &key, "AAAA", &[]),
            Err(Refused::Bad(_))
        ));
    }

    #[test]
    fn answers_say_what_to_do() {
        assert_eq!(answer(201, None), Answer::Sent);
        assert_eq!(answer(410, None), Answer::Gone);
        assert_eq!(answer(404, None), Answer::Gone);
        assert_eq!(answer(429, Some(3)), Answer::Later(Some(3)));
        assert_eq!(answer(503, None), Answer::Later(None));
        assert_eq!(answer(400, None), Answer::Refused(400));
    }
}
