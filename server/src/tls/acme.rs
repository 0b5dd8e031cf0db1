//! Certificates over ACME (RFC 8555) with instant-acme, HTTP-01 answered
//! on port 80 (`tls/mod.rs`). Everything is kept in the database (the
//! account's credentials, the certificate with its key, the challenges'
//! answers), so several nodes share one account and one certificate: one
//! node at a time orders (a claim row), the others load what it stored,
//! and any node answers a challenge. A copy of the certificate and its key
//! goes to STATE_DIR/tls/ for the host.
//!
//! Why instant-acme and HTTP-01 rather than rustls-acme's TLS-ALPN-01:
//! the server answers port 80 anyway (the redirect to HTTPS), an HTTP-01
//! answer is a row any node can serve, and instant-acme leaves where the
//! account and the certificate live to us (the database).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use instant_acme::{
    Account, AccountCredentials, AuthorizationStatus, ChallengeType, Identifier, NewAccount, NewOrder,
    OrderStatus, RetryPolicy,
};
use tokio_util::sync::CancellationToken;

use super::certs::{self, CertSlot};
use crate::store::Store;

/// Let's Encrypt's production directory: the default CA.
pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";

/// How often a node with a good certificate looks again (for renewal,
/// and for a certificate another node renewed).
const CHECK: Duration = Duration::from_secs(3600);
/// How often a node waiting for another node's order looks.
const WAIT: Duration = Duration::from_secs(2);
/// A claim to order older than this belongs to a node that died.
const CLAIM_MS: i64 = 10 * 60 * 1000;

/// What the server orders, and from where.
#[derive(Clone, Debug)]
pub struct Acme {
    /// The names, lower case, sorted.
    pub domains: Vec<String>,
    /// An e-mail address for the CA's notices (expiry, problems).
    pub contact: Option<String>,
    /// The CA's directory URL.
    pub directory: String,
    /// A root certificate to trust for the CA's own HTTPS (a private or a
    /// test CA); `None`: the system's roots.
    pub ca: Option<PathBuf>,
    /// Who claims an order: this node's name (with its process).
    pub holder: String,
    /// Where the copies of the certificate and its key go.
    pub dir: PathBuf,
}

impl Acme {
    fn cert_key(&self) -> String {
        format!("certificate:{}", self.domains.join(","))
    }

    fn order_key(&self) -> String {
        format!("order:{}", self.domains.join(","))
    }

    fn account_key(&self) -> String {
        format!("acme-account:{}", self.directory)
    }
}

/// What one look found.
enum Next {
    /// A good certificate is shown; look again later.
    Fine,
    /// Another node is ordering; look again soon.
    Waiting,
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Keeps a certificate for `acme.domains` in `slot` until shutdown:
/// loads the stored one, orders one when there is none or it is due for
/// renewal, and takes up one another node stored.
pub(crate) async fn run(acme: Acme, store: Store, slot: Arc<CertSlot>, shutdown: CancellationToken) {
    let mut shown = String::new();
    let mut failures = 0u32;
    loop {
        let wait = match step(&acme, &store, &slot, &mut shown).await {
            Ok(Next::Fine) => {
                failures = 0;
                CHECK
            }
            Ok(Next::Waiting) => WAIT,
            Err(e) => {
                failures += 1;
                let wait = Duration::from_secs(10 * 2u64.pow(failures.min(9))).min(CHECK);
                tracing::error!(domains = ?acme.domains, error = %e, retry_s = wait.as_secs(), "could not get a certificate");
                wait
            }
        };
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tokio::time::sleep(wait) => {}
        }
    }
}

/// One look: the stored certificate shown if it is new; an order if it is
/// missing or due and no other node is ordering.
async fn step(acme: &Acme, store: &Store, slot: &CertSlot, shown: &mut String) -> Result<Next, String> {
    let stored = store.tls_get(&acme.cert_key()).await.map_err(|e| e.to_string())?;
    let now = now_ms() / 1000;
    if let Some((value, _)) = stored {
        let (chain, key) = parse_stored(&value)?;
        if *shown != chain {
            let cert = certs::from_pem(chain.as_bytes(), key.as_bytes())?;
            slot.set(cert);
            write_copies(&acme.dir, &chain, &key);
            let until = valid(&chain).map(|(_, until)| until).unwrap_or(0);
            tracing::info!(domains = ?acme.domains, valid_until = until, "certificate in use");
            *shown = chain.clone();
        }
        if valid(&chain).is_some_and(|(from, until)| !certs::due(from, until, now)) {
            return Ok(Next::Fine);
        }
    }
    let holder = &acme.holder;
    let claimed = store
        .tls_claim(&acme.order_key(), holder, now_ms(), now_ms() - CLAIM_MS)
        .await
        .map_err(|e| e.to_string())?;
    if !claimed {
        tracing::debug!("another node is ordering the certificate");
        return Ok(if slot.is_set() { Next::Fine } else { Next::Waiting });
    }
    tracing::info!(domains = ?acme.domains, directory = %acme.directory, "ordering a certificate");
    let ordered = order(acme, store).await;
    let _ = store.tls_delete(&acme.order_key()).await;
    let (chain, key) = ordered?;
    let value = serde_json::json!({"chain": chain, "key": key}).to_string();
    store
        .tls_put(&acme.cert_key(), &value, now_ms())
        .await
        .map_err(|e| e.to_string())?;
    // Shown at the next look, which is now.
    Box::pin(step(acme, store, slot, shown)).await
}

/// The validity of the first certificate of a PEM chain.
fn valid(chain: &str) -> Option<(i64, i64)> {
    use rustls_pki_types::CertificateDer;
    use rustls_pki_types::pem::PemObject;
    let first = CertificateDer::pem_slice_iter(chain.as_bytes()).next()?.ok()?;
    certs::validity(&first)
}

fn parse_stored(value: &str) -> Result<(String, String), String> {
    let stored: serde_json::Value =
        serde_json::from_str(value).map_err(|e| format!("the stored certificate is unreadable: {e}"))?;
    match (stored["chain"].as_str(), stored["key"].as_str()) {
        (Some(chain), Some(key)) => Ok((chain.to_string(), key.to_string())),
        _ => Err("the stored certificate is unreadable".into()),
    }
}

/// Copies the certificate and its key into `dir` for the host (the key
/// readable by the server's user only).
fn write_copies(dir: &std::path::Path, chain: &str, key: &str) {
    use std::io::Write as _;
    use std::os::unix::fs::OpenOptionsExt as _;
    let written = (|| {
        std::fs::create_dir_all(dir)?;
        std::fs::write(dir.join("certificate.pem"), chain)?;
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(dir.join("private-key.pem"))?;
        file.write_all(key.as_bytes())
    })();
    if let Err(e) = written {
        tracing::warn!(dir = %dir.display(), error = %e, "could not write the certificate's copy");
    }
}

/// The account of `acme.directory`: the stored one, or a new one (stored).
async fn account(acme: &Acme, store: &Store) -> Result<Account, String> {
    let builder = || match &acme.ca {
        Some(root) => Account::builder_with_root(root),
        None => Account::builder(),
    };
    let fail = |e: instant_acme::Error| format!("the CA at {}: {e}", acme.directory);
    if let Some((value, _)) = store
        .tls_get(&acme.account_key())
        .await
        .map_err(|e| e.to_string())?
    {
        let credentials: AccountCredentials = serde_json::from_str(&value)
            .map_err(|e| format!("the stored ACME account is unreadable: {e}"))?;
        return builder()
            .map_err(fail)?
            .from_credentials(credentials)
            .await
            .map_err(fail);
    }
    let contact = acme.contact.as_ref().map(|c| format!("mailto:{c}"));
    let contacts: Vec<&str> = contact.iter().map(String::as_str).collect();
    let (account, credentials) = builder()
        .map_err(fail)?
        .create(
            &NewAccount {
                contact: &contacts,
                terms_of_service_agreed: true,
                only_return_existing: false,
            },
            acme.directory.clone(),
            None,
        )
        .await
        .map_err(fail)?;
    let value = serde_json::to_string(&credentials).map_err(|e| e.to_string())?;
    store
        .tls_put(&acme.account_key(), &value, now_ms())
        .await
        .map_err(|e| e.to_string())?;
    tracing::info!(directory = %acme.directory, "ACME account made");
    Ok(account)
}

/// Orders a certificate for every domain, answering HTTP-01 from the
/// database; returns the chain and the private key, in PEM.
async fn order(acme: &Acme, store: &Store) -> Result<(String, String), String> {
    let account = account(acme, store).await?;
    let fail = |e: instant_acme::Error| format!("the CA at {}: {e}", acme.directory);
    let identifiers: Vec<Identifier> = acme.domains.iter().map(|d| Identifier::Dns(d.clone())).collect();
    let mut order = account
        .new_order(&NewOrder::new(&identifiers))
        .await
        .map_err(fail)?;
    let mut tokens = Vec::new();
    let mut authorizations = order.authorizations();
    while let Some(authz) = authorizations.next().await {
        let mut authz = authz.map_err(fail)?;
        match authz.status {
            AuthorizationStatus::Pending => {}
            AuthorizationStatus::Valid => continue,
            other => return Err(format!("an authorization is {other:?}")),
        }
        let mut challenge = authz
            .challenge(ChallengeType::Http01)
            .ok_or("the CA offers no HTTP-01 challenge")?;
        let answer = challenge.key_authorization().as_str().to_string();
        store
            .challenge_put(&challenge.token, &answer, now_ms())
            .await
            .map_err(|e| e.to_string())?;
        tokens.push(challenge.token.clone());
        challenge.set_ready().await.map_err(fail)?;
    }
    let retries = RetryPolicy::new().timeout(Duration::from_secs(120));
    let status = order.poll_ready(&retries).await;
    for token in &tokens {
        let _ = store.challenge_delete(token).await;
    }
    match status.map_err(fail)? {
        OrderStatus::Ready => {}
        other => {
            return Err(format!(
                "the CA did not validate the names ({other:?}): is port 80 of each name this server?"
            ));
        }
    }
    let key = order.finalize().await.map_err(fail)?;
    let chain = order.poll_certificate(&retries).await.map_err(fail)?;
    Ok((chain, key))
}
