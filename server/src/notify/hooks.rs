//! Webhooks: checking a URL (no loopback, private or link-local address
//! unless the host allows them, checked when set and again at every
//! connection, through the client's resolver), a body (Discord's
//! `{"content": …}` or the event as JSON) and its HMAC-SHA-256 signature.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use hmac::{Hmac, KeyInit, Mac};
use sha2::Sha256;

use super::derive::Payload;

/// The longest webhook URL accepted.
pub const MAX_URL: usize = 2048;

/// The header that carries a body's signature: `sha256=` and the hex
/// HMAC-SHA-256 of the body under the webhook's secret.
pub const SIGNATURE: &str = "X-Lodestone-Signature";

/// The header naming the event.
pub const EVENT: &str = "X-Lodestone-Event";

/// Whether a webhook may not reach `ip`: loopback, private, link-local,
/// unspecified, multicast, broadcast, shared (100.64/10), documentation,
/// or IPv6's unique-local and mapped forms of those.
pub fn is_internal(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_multicast()
                || v4.is_broadcast()
                || v4.is_documentation()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19))
                || a >= 240
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_internal(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00
                || (first & 0xffc0) == 0xfe80
        }
    }
}

/// Why a webhook URL is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    Bad(String),
    Internal(String),
}

/// Checks a webhook URL: `http(s)://`, a host, not too long; and unless
/// `internal` is allowed, every address its host has is public.
pub async fn check(url: &str, internal: bool) -> Result<reqwest::Url, Refused> {
    if url.len() > MAX_URL {
        return Err(Refused::Bad(format!(
            "the URL is longer than {MAX_URL} characters"
        )));
    }
    let parsed = reqwest::Url::parse(url).map_err(|e| Refused::Bad(format!("the URL is not a URL: {e}")))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none_or(str::is_empty) {
        return Err(Refused::Bad(
            "a webhook URL is an http:// or https:// URL with a host".into(),
        ));
    }
    if !parsed.username().is_empty() || parsed.password().is_some() {
        return Err(Refused::Bad(
            "a webhook URL carries no user name or password".into(),
        ));
    }
    if internal {
        return Ok(parsed);
    }
    let host = parsed
        .host_str()
        .unwrap_or_default()
        .trim_matches(['[', ']'])
        .to_string();
    let port = parsed.port_or_known_default().unwrap_or(443);
    let addrs: Vec<SocketAddr> = match host.parse::<IpAddr>() {
        Ok(ip) => vec![SocketAddr::new(ip, port)],
        Err(_) => tokio::net::lookup_host((host.as_str(), port))
            .await
            .map_err(|_| Refused::Bad(format!("the host {host} of the URL does not resolve")))?
            .collect(),
    };
    if addrs.is_empty() || addrs.iter().any(|a| is_internal(a.ip())) {
        return Err(Refused::Internal(format!(
            "{host} is a loopback, private or link-local address; webhooks go to public addresses"
        )));
    }
    Ok(parsed)
}

/// The webhook client's resolver: a host's internal addresses are left
/// out (unless allowed), so a name that changes its address after the
/// check still reaches no internal service.
#[derive(Debug)]
pub struct Resolver {
    pub internal: bool,
}

impl reqwest::dns::Resolve for Resolver {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let internal = self.internal;
        let host = name.as_str().to_string();
        Box::pin(async move {
            let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0))
                .await?
                .filter(|a| internal || !is_internal(a.ip()))
                .collect();
            if addrs.is_empty() {
                return Err(format!("{host} has no public address").into());
            }
            Ok(Box::new(addrs.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// The webhook client: no redirects (a redirect could point inside), the
/// filtering resolver, a time limit.
pub fn client(internal: bool) -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .dns_resolver(Arc::new(Resolver { internal }))
        .timeout(std::time::Duration::from_secs(10))
        .user_agent("lodestone-webhooks")
        .build()
        .unwrap_or_default()
}

/// The body of a webhook in `format` for `payload` (whose `url` becomes
/// absolute under `base`, when the server knows its address).
pub fn body(format: &str, payload: &Payload, base: Option<&str>) -> Vec<u8> {
    let mut payload = payload.clone();
    if let Some(base) = base {
        payload.url = format!("{}{}", base.trim_end_matches('/'), payload.url);
    }
    let value = if format == "discord" {
        let link = if base.is_some() {
            format!(" {}", payload.url)
        } else {
            String::new()
        };
        serde_json::json!({ "content": format!("{}{link}", payload.text) })
    } else {
        serde_json::to_value(&payload).unwrap_or_default()
    };
    serde_json::to_vec(&value).unwrap_or_default()
}

/// `sha256=` and the hex HMAC-SHA-256 of `body` under `secret` (hex).
pub fn signature(secret: &str, body: &[u8]) -> String {
    let key = hex::decode(secret).unwrap_or_default();
    let mut mac = <Hmac<Sha256> as KeyInit>::new_from_slice(&key).expect("HMAC takes any key");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_known() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::",
        ] {
            assert!(is_internal(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["93.184.216.34", "1.1.1.1", "2606:4700::1111"] {
            assert!(!is_internal(ip.parse().unwrap()), "{ip}");
        }
    }

    #[tokio::test]
    async fn urls_are_checked() {
        assert!(matches!(
            check("ftp://example.com/x", false).await,
            Err(Refused::Bad(_))
        ));
        assert!(matches!(check("not a url", false).await, Err(Refused::Bad(_))));
        assert!(matches!(
            check("http://u:p@1.1.1.1/x", false).await,
            Err(Refused::Bad(_))
        ));
        assert!(matches!(
            check("http://127.0.0.1:8080/x", false).await,
            Err(Refused::Internal(_))
        ));
        assert!(matches!(
            check("http://[::1]/x", false).await,
            Err(Refused::Internal(_))
        ));
        assert!(check("http://127.0.0.1:8080/x", true).await.is_ok());
        assert!(check("https://1.1.1.1/hook", false).await.is_ok());
    }

    #[test]
    fn a_signature_is_the_hmac_of_the_body() {
        // RFC 4231, test case 2 ("Jefe").
        let secret = hex::encode("Jefe");
        assert_eq!(
            signature(&secret, b"what do ya want for nothing?"),
            "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }
}
