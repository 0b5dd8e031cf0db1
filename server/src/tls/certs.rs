//! The certificate the HTTPS listener shows, swapped while the server runs
//! (a renewal, a reloaded file) without dropping a connection: new
//! handshakes get the new one. And reading certificates: PEM into what
//! rustls serves, and a certificate's validity (when to renew).

use std::path::Path;
use std::sync::{Arc, RwLock};

use rustls::crypto::CryptoProvider;
use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};

/// The crypto the server's TLS uses (ring: no C build beyond it).
pub fn provider() -> Arc<CryptoProvider> {
    Arc::new(rustls::crypto::ring::default_provider())
}

/// The certificate in use, shown for every name the client asks for.
#[derive(Debug, Default)]
pub struct CertSlot {
    current: RwLock<Option<Arc<CertifiedKey>>>,
}

impl CertSlot {
    /// Shows `cert` from the next handshake on.
    pub fn set(&self, cert: CertifiedKey) {
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some(Arc::new(cert));
    }

    /// Whether there is a certificate to show.
    pub fn is_set(&self) -> bool {
        self.current.read().unwrap_or_else(|e| e.into_inner()).is_some()
    }
}

impl ResolvesServerCert for CertSlot {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        // No certificate yet (the first order is under way): the handshake
        // fails, and the client tries again later.
        self.current.read().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

/// A certificate chain and its private key, from PEM text.
pub fn from_pem(chain: &[u8], key: &[u8]) -> Result<CertifiedKey, String> {
    let certs = CertificateDer::pem_slice_iter(chain)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| format!("the certificate is not PEM: {e}"))?;
    if certs.is_empty() {
        return Err("there is no certificate in it".into());
    }
    let key = PrivateKeyDer::from_pem_slice(key).map_err(|e| format!("the private key is not PEM: {e}"))?;
    CertifiedKey::from_der(certs, key, &provider()).map_err(|e| format!("the key does not fit: {e}"))
}

/// The certificate chain of `cert` and the key of `key`, from files.
pub fn from_files(cert: &Path, key: &Path) -> Result<CertifiedKey, String> {
    let chain = std::fs::read(cert).map_err(|e| format!("could not read {}: {e}", cert.display()))?;
    let secret = std::fs::read(key).map_err(|e| format!("could not read {}: {e}", key.display()))?;
    from_pem(&chain, &secret).map_err(|e| format!("{} and {}: {e}", cert.display(), key.display()))
}

/// When a certificate (DER) is valid: from and until, in unix seconds.
pub fn validity(cert: &[u8]) -> Option<(i64, i64)> {
    // Certificate ::= SEQUENCE { tbsCertificate SEQUENCE { [0] version
    // (optional), serial INTEGER, signature SEQUENCE, issuer SEQUENCE,
    // validity SEQUENCE { notBefore Time, notAfter Time }, ... }, ... }
    let (_, certificate, _) = der(cert)?;
    let (_, mut tbs, _) = der(certificate)?;
    let (tag, _, rest) = der(tbs)?;
    if tag == 0xa0 {
        tbs = rest;
    }
    for _ in 0..3 {
        tbs = der(tbs)?.2;
    }
    let (_, validity, _) = der(tbs)?;
    let (from_tag, from, rest) = der(validity)?;
    let (until_tag, until, _) = der(rest)?;
    Some((time(from_tag, from)?, time(until_tag, until)?))
}

/// One DER element of `bytes`: its tag, its contents, what follows it.
fn der(bytes: &[u8]) -> Option<(u8, &[u8], &[u8])> {
    let (&tag, rest) = bytes.split_first()?;
    let (&first, rest) = rest.split_first()?;
    let (len, rest) = if first < 0x80 {
        (usize::from(first), rest)
    } else {
        let n = usize::from(first & 0x7f);
        if n == 0 || n > 4 || rest.len() < n {
            return None;
        }
        let len = rest[..n]
            .iter()
            .fold(0usize, |acc, &b| (acc << 8) | usize::from(b));
        (len, &rest[n..])
    };
    (rest.len() >= len).then(|| (tag, &rest[..len], &rest[len..]))
}

/// A UTCTime (tag 0x17, `YYMMDDHHMMSSZ`) or GeneralizedTime (0x18,
/// `YYYYMMDDHHMMSSZ`) in unix seconds.
fn time(tag: u8, text: &[u8]) -> Option<i64> {
    let text = std::str::from_utf8(text).ok()?.strip_suffix('Z')?;
    let (year, rest) = match tag {
        0x17 => {
            let yy: i64 = text.get(..2)?.parse().ok()?;
            (if yy >= 50 { 1900 + yy } else { 2000 + yy }, text.get(2..)?)
        }
        0x18 => (text.get(..4)?.parse().ok()?, text.get(4..)?),
        _ => return None,
    };
    let field = |i: usize| -> Option<i64> { rest.get(i..i + 2)?.parse().ok() };
    let (month, day, hour, minute, second) = (field(0)?, field(2)?, field(4)?, field(6)?, field(8)?);
    // Days from 1970-01-01 to the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    Some(days * 86_400 + hour * 3600 + minute * 60 + second)
}

/// Whether a certificate valid from `from` until `until` (unix seconds)
/// should be renewed at `now`: in the last third of its life (30 days
/// before the end of a 90-day certificate), or once it has ended.
pub fn due(from: i64, until: i64, now: i64) -> bool {
    now >= until - (until - from) / 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn validity_is_read_from_the_certificate() {
        let mut params = rcgen::CertificateParams::new(vec!["games.example".to_string()]).unwrap();
        params.not_before = rcgen::date_time_ymd(2026, 11, 28);
        params.not_after = rcgen::date_time_ymd(2027, 2, 26);
        let key = rcgen::KeyPair::generate().unwrap();
        let cert = params.self_signed(&key).unwrap();
        let (from, until) = validity(cert.der()).unwrap();
        assert_eq!(from, 1_795_824_000);
        assert_eq!(until - from, 90 * 86_400);
        assert!(!due(from, until, from + 59 * 86_400));
        assert!(due(from, until, from + 61 * 86_400));
        // The chain and key load, and one that does not fit is refused.
        assert!(from_pem(cert.pem().as_bytes(), key.serialize_pem().as_bytes()).is_ok());
        let other = rcgen::KeyPair::generate().unwrap();
        assert!(from_pem(cert.pem().as_bytes(), other.serialize_pem().as_bytes()).is_err());
        assert!(validity(b"\x30\x03\x02").is_none());
    }

    #[test]
    fn both_kinds_of_time_are_read() {
        assert_eq!(time(0x17, b"700101000000Z"), Some(0));
        assert_eq!(time(0x18, b"20000229120000Z"), Some(951_825_600));
        assert_eq!(time(0x17, b"491231235959Z"), Some(2_524_607_999));
        assert_eq!(time(0x17, b"nonsense"), None);
    }
}
