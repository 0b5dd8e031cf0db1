//! Accounts: what `register` and `login` check before the store is asked.
//! A password has 8 to 128 characters and is kept only as an argon2id
//! hash (the `argon2` crate's defaults, a PHC string with its own salt),
//! computed on a blocking thread; it never reaches a log (the protocol's
//! `Password` prints as `***`, and no error here carries it). An account's
//! name follows the guests' name rules (`names.rs`) and is unique without
//! regard to case (its key is its lower case). Logins are limited per
//! account name and per address (governor's GCRA; `--logins-per-account`,
//! `--logins-per-address`), counted before the password is checked.

use std::net::IpAddr;
use std::num::NonZeroU32;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use governor::clock::DefaultClock;
use governor::state::keyed::HashMapStateStore;
use governor::{Quota, RateLimiter};

/// The fewest characters a password may have.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most characters a password may have.
pub const MAX_PASSWORD_CHARS: usize = 128;

/// Whether `password` has an allowed length; the refusal is a sentence
/// for `bad-password` (it never quotes the password).
pub fn check_password(password: &str) -> Result<(), String> {
    let n = password.chars().count();
    if !(MIN_PASSWORD_CHARS..=MAX_PASSWORD_CHARS).contains(&n) {
        return Err(format!(
            "a password has {MIN_PASSWORD_CHARS} to {MAX_PASSWORD_CHARS} characters; this one has {n}"
        ));
    }
    Ok(())
}

/// The key an account's name is unique by: its lower case.
pub fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Hashes computed at once, at most: each takes argon2's 19 MiB and a
/// core for a while, so a burst of logins waits here rather than filling
/// the blocking threads and the memory.
static HASHING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(4);

/// The argon2id hash of `password` as a PHC string, computed on a
/// blocking thread.
pub async fn hash_password(password: String) -> Result<String, String> {
    let _permit = HASHING
        .acquire()
        .await
        .map_err(|_| "hashing is closed".to_string())?;
    tokio::task::spawn_blocking(move || {
        Argon2::default()
            .hash_password(password.as_bytes())
            .map(|hash| hash.to_string())
            .map_err(|e| format!("could not hash the password: {e}"))
    })
    .await
    .map_err(|_| "the password hashing thread failed".to_string())?
}

/// Whether `password` matches the PHC string `hash`, checked on a
/// blocking thread.
pub async fn verify_password(password: String, hash: String) -> bool {
    let Ok(_permit) = HASHING.acquire().await else {
        return false;
    };
    tokio::task::spawn_blocking(move || {
        PasswordHash::new(&hash).ok().is_some_and(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
    })
    .await
    .unwrap_or(false)
}

/// Checks the same work as a real login when no account has the name, so
/// a wrong name takes as long as a wrong password.
pub async fn verify_nothing(password: String) {
    let _ = hash_password(password).await;
}

/// Login attempts, limited per account name and per address (none: no
/// limit).
#[derive(Debug)]
pub struct Logins {
    /// The limits, per minute, for the refusal's sentence.
    pub per_account: u32,
    pub per_address: u32,
    by_name: Option<RateLimiter<String, HashMapStateStore<String>, DefaultClock>>,
    by_address: Option<RateLimiter<IpAddr, HashMapStateStore<IpAddr>, DefaultClock>>,
}

impl Logins {
    /// `per_account` logins a minute per account name and `per_address`
    /// per address (0: no limit).
    pub fn new(per_account: u32, per_address: u32) -> Logins {
        let per_minute = |n: u32| NonZeroU32::new(n).map(Quota::per_minute);
        Logins {
            per_account,
            per_address,
            by_name: per_minute(per_account).map(RateLimiter::hashmap),
            by_address: per_minute(per_address).map(RateLimiter::hashmap),
        }
    }

    /// Whether one more login for the name `key` from `address` is
    /// allowed now (and counts it).
    pub fn allow(&self, key: &str, address: IpAddr) -> bool {
        // Both are counted, so trying many names from one address and one
        // name from many addresses are each limited.
        let address_ok = self.by_address.as_ref().is_none_or(|l| {
            if l.len() > 100_000 {
                l.retain_recent();
            }
            l.check_key(&address).is_ok()
        });
        let name_ok = self.by_name.as_ref().is_none_or(|l| {
            if l.len() > 100_000 {
                l.retain_recent();
            }
            l.check_key(&key.to_string()).is_ok()
        });
        address_ok && name_ok
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_hash_checks_its_password_only() {
        let hash = hash_password("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password("correct horse".into(), hash.clone()).await);
        assert!(!verify_password("correct hors".into(), hash.clone()).await);
        assert!(!verify_password("x".into(), "not a hash".into()).await);
    }

    #[test]
    fn passwords_have_8_to_128_characters_and_names_ignore_case() {
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password(&"é".repeat(128)).is_ok());
        let long = "x".repeat(129);
        let refusal = check_password(&long).unwrap_err();
        assert!(!refusal.contains(&long));
        assert_eq!(name_key(" ÄnN "), "änn");
    }

    #[test]
    fn logins_are_limited_per_name_and_per_address() {
        let logins = Logins::new(5, 8);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..5 {
            assert!(logins.allow("ann", a));
        }
        assert!(
            !logins.allow("ann", b),
            "the name's limit holds from another address"
        );
        assert!(logins.allow("bob", b));
        for n in 0..3 {
            assert!(logins.allow(&format!("x{n}"), a));
        }
        assert!(
            !logins.allow("cy", a),
            "the address's limit holds for another name"
        );
        let off = Logins::new(0, 0);
        assert!((0..100).all(|_| off.allow("ann", a)));
    }
}
