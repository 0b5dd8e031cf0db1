//! Which browser pages may open a WebSocket here (their `Origin`): the
//! origins listed with `--allowed-origin`, or, with none listed, only pages
//! served from the server's own configured addresses: the address it
//! listens on (with `localhost` and the host's name when that is a
//! loopback or unspecified address) and the host of `--advertise`. Never
//! the request's own `Host` header, which whoever sends the request
//! chooses (DNS rebinding: a page of `evil.example`, resolved to this
//! server, sends `Host: evil.example`).

use std::net::SocketAddr;

use crate::config::Config;

/// The origins allowed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origins {
    /// `--allowed-origin`: exact origins (`scheme://host[:port]`).
    listed: Vec<String>,
    /// The server's own hosts and ports (`host:port`, lower case).
    own: Vec<String>,
}

impl Origins {
    /// The origins allowed for a server configured by `config`, listening
    /// on `addr`.
    pub fn new(config: &Config, addr: SocketAddr) -> Origins {
        Origins {
            listed: config.limits.allowed_origins.clone(),
            own: own_hosts(config, addr),
        }
    }

    /// The server's own hosts (`host:port`), for a log line.
    pub fn own(&self) -> &[String] {
        &self.own
    }

    /// Whether a page of `origin` may open a WebSocket here.
    pub fn allowed(&self, origin: &str) -> bool {
        let origin = origin.trim_end_matches('/').to_ascii_lowercase();
        if !self.listed.is_empty() {
            return self.listed.contains(&origin);
        }
        authority(&origin).is_some_and(|a| self.own.contains(&a))
    }
}

/// The server's own hosts, as `host:port`: where it listens, and where it
/// says clients reach it.
pub fn own_hosts(config: &Config, addr: SocketAddr) -> Vec<String> {
    let port = addr.port();
    let mut own = Vec::new();
    let ip = addr.ip();
    if ip.is_unspecified() || ip.is_loopback() {
        own.push(format!("localhost:{port}"));
        own.push(format!("127.0.0.1:{port}"));
        own.push(format!("[::1]:{port}"));
    }
    if ip.is_unspecified() {
        own.push(format!(
            "{}:{port}",
            crate::node::host_name().to_ascii_lowercase()
        ));
    } else {
        own.push(SocketAddr::new(ip, port).to_string());
    }
    if let Some(advertised) = config
        .advertise
        .as_deref()
        .and_then(|url| authority(&url.to_ascii_lowercase()))
    {
        own.push(advertised);
    }
    // `--tls-domain` names, as pages served over HTTPS name them.
    let https_port = config.tls.https_bind.port();
    for domain in &config.tls.domains {
        let domain = domain.to_ascii_lowercase();
        own.push(format!("{domain}:{https_port}"));
    }
    own.sort();
    own.dedup();
    own
}

/// `host:port` of a URL or origin (`http(s)://` or `ws(s)://`), the port
/// spelled out when it is the scheme's default.
fn authority(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let default = match scheme {
        "http" | "ws" => 80,
        "https" | "wss" => 443,
        _ => return None,
    };
    let host_port = rest.split(['/', '?', '#']).next()?;
    if host_port.is_empty() || host_port.contains('@') {
        return None;
    }
    // `[v6]:port`, `[v6]`, `host:port` or `host`.
    let has_port = match host_port.rfind(':') {
        Some(i) => !host_port[i..].contains(']'),
        None => false,
    };
    Some(if has_port {
        host_port.to_string()
    } else {
        format!("{host_port}:{default}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn origins(bind: &str, advertise: Option<&str>, listed: &[&str]) -> Origins {
        let mut config = Config {
            advertise: advertise.map(String::from),
            ..Config::default()
        };
        config.limits.allowed_origins = listed.iter().map(|s| s.to_string()).collect();
        Origins::new(&config, bind.parse().unwrap())
    }

    #[test]
    fn only_the_servers_own_addresses_are_allowed_by_default() {
        let local = origins("127.0.0.1:8080", None, &[]);
        assert!(local.allowed("http://127.0.0.1:8080"));
        assert!(local.allowed("http://localhost:8080/"));
        assert!(!local.allowed("http://localhost:9090"));
        assert!(!local.allowed("http://evil.example"), "whatever Host it sends");
        assert!(!local.allowed("null"));
        let public = origins("10.0.0.5:8080", Some("wss://games.example.org/n/n2/ws"), &[]);
        assert!(public.allowed("https://games.example.org"));
        assert!(public.allowed("https://games.example.org:443"));
        assert!(!public.allowed("http://games.example.org"), "port 80 is not 443");
        assert!(public.allowed("http://10.0.0.5:8080"));
        assert!(!public.allowed("http://localhost:8080"));
        let listed = origins("127.0.0.1:8080", None, &["https://games.example"]);
        assert!(listed.allowed("https://games.example/"));
        assert!(
            !listed.allowed("http://127.0.0.1:8080"),
            "a list replaces the default"
        );
    }

    #[test]
    fn tls_domains_are_the_servers_own_on_the_https_port() {
        let mut config = Config::default();
        config.tls.domains = vec!["Games.Example.org".into()];
        let own = Origins::new(&config, "0.0.0.0:80".parse().unwrap());
        assert!(own.allowed("https://games.example.org"));
        assert!(!own.allowed("https://other.example.org"));
        config.tls.https_bind = "0.0.0.0:8443".parse().unwrap();
        let own = Origins::new(&config, "0.0.0.0:80".parse().unwrap());
        assert!(own.allowed("https://games.example.org:8443"));
        assert!(!own.allowed("https://games.example.org"), "443 is not 8443");
    }
}
