//! Accounts: what `register` and `login` check before the store is asked.
//! A password has 8 to 128 characters and is kept only as an argon2id
//! hash (the `argon2` crate's defaults, a PHC string with its own salt),
//! computed on a blocking thread; it never reaches a log (the protocol's
//! `Password` prints as `***`, and no error here carries it). An account's
//! name follows the guests' name rules (`names.rs`) and is unique without
//! regard to case (its key is its lower case). Logins are limited per
//! account name and per address (governor's GCRA), counted before the
//! password is checked.

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
/// Logins a minute for one account name.
pub const LOGINS_PER_NAME_MINUTE: u32 = 5;
/// Logins a minute from one address.
pub const LOGINS_PER_ADDRESS_MINUTE: u32 = 20;

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

/// Login attempts, limited per account name and per address.
#[derive(Debug)]
pub struct Logins {
    by_name: RateLimiter<String, HashMapStateStore<String>, DefaultClock>,
    by_address: RateLimiter<IpAddr, HashMapStateStore<IpAddr>, DefaultClock>,
}

impl Default for Logins {
    fn default() -> Logins {
        let per_minute = |n: u32| Quota::per_minute(NonZeroU32::new(n).expect("a positive rate"));
        Logins {
            by_name: RateLimiter::hashmap(per_minute(LOGINS_PER_NAME_MINUTE)),
            by_address: RateLimiter::hashmap(per_minute(LOGINS_PER_ADDRESS_MINUTE)),
        }
    }
}

impl Logins {
    /// Whether one more login for the name `key` from `address` is
    /// allowed now (and counts it).
    pub fn allow(&self, key: &str, address: IpAddr) -> bool {
        // Both are counted, so trying many names from one address and one
        // name from many addresses are each limited.
        let address_ok = self.by_address.check_key(&address).is_ok();
        let name_ok = self.by_name.check_key(&key.to_string()).is_ok();
        if self.by_name.len() > 100_000 {
            self.by_name.retain_recent();
            self.by_address.retain_recent();
        }
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
        let logins = Logins::default();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        for _ in 0..LOGINS_PER_NAME_MINUTE {
            assert!(logins.allow("ann", a));
        }
        assert!(
            !logins.allow("ann", b),
            "the name's limit holds from another address"
        );
        assert!(logins.allow("bob", b));
    }
}
