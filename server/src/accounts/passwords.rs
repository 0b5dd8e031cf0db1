//! Passwords and logins: what `register` and `login` check before the store is asked.
//! A password has 8 to 128 characters and is kept only as an argon2id
//! hash (the `argon2` crate's defaults, a PHC string with its own salt),
//! computed on a blocking thread, two at most at once, each in working
//! memory of its own that is given back to the operating system when it
//! is done (see [`working_memory`]), so a burst of logins costs at most
//! two hashes' memory and leaves none behind; it never reaches a log (the protocol's
//! `Password` prints as `***`, and no error here carries it). An account's
//! name follows the guests' name rules (`names.rs`) and is unique without
//! regard to case, invisible or compatibility characters (its key:
//! `names::name_key`). Logins are limited per
//! account name and per address (governor's GCRA; `--logins-per-account`,
//! `--logins-per-address`), counted before the password is checked.

use std::net::IpAddr;
use std::num::NonZeroU32;

use argon2::password_hash::phc::{Output, ParamsString, PasswordHash, Salt};
use argon2::{Algorithm, Argon2, Block, Params, Version};
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

/// The key an account's name is unique by (`names.rs`): compatibility
/// forms folded, invisible characters removed, case ignored.
pub fn name_key(name: &str) -> String {
    crate::names::name_key(name)
}

/// The key accounts made before the folding had: the lower case (an
/// account is looked up by it too when its name is not found by its key).
pub fn old_name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// Hashes computed at once, at most: each takes argon2's 19 MiB and a
/// core for a while, so a burst of logins waits here rather than filling
/// the blocking threads and the memory.
static HASHING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(2);

/// Blocks (1 KiB each) a working memory reserves: over glibc's largest
/// dynamic mmap threshold (32 MiB on 64-bit systems), so the allocator
/// maps it on its own and unmaps it when it is freed. A smaller block
/// (argon2's 19 MiB) is mapped the first time, but once one is freed glibc
/// raises its threshold and serves the next from its heap, which it keeps:
/// after a burst of logins the server held their memory for good. Only the
/// blocks the hash uses are ever touched (resident); the rest of the
/// reservation costs address space only.
const RESERVED_BLOCKS: usize = 33 * 1024;

/// Working memory of `blocks` blocks for one hash (see
/// [`RESERVED_BLOCKS`]).
fn working_memory(blocks: usize) -> Vec<Block> {
    let mut memory = Vec::with_capacity(blocks.max(RESERVED_BLOCKS));
    memory.resize(blocks, Block::new());
    memory
}

/// Runs `work` on a blocking thread once a hashing place is free.
async fn hashing<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let _permit = HASHING.acquire().await.ok()?;
    tokio::task::spawn_blocking(work).await.ok()
}

/// The argon2id hash (the crate's default parameters) of `password` with
/// a fresh salt, as a PHC string.
fn hash_now(password: &[u8]) -> Result<String, String> {
    let params = Params::default();
    let argon2 = Argon2::new(Algorithm::Argon2id, Version::V0x13, params.clone());
    let mut salt = [0u8; 16];
    rand::fill(&mut salt);
    let salt = Salt::new(&salt).map_err(|e| e.to_string())?;
    let mut out = vec![0u8; params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN)];
    argon2
        .hash_password_into_with_memory(
            password,
            salt.as_ref(),
            &mut out,
            working_memory(params.block_count()),
        )
        .map_err(|e| format!("could not hash the password: {e}"))?;
    let hash = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params).map_err(|e| e.to_string())?,
        salt: Some(salt),
        hash: Some(Output::new(&out).map_err(|e| e.to_string())?),
    };
    Ok(hash.to_string())
}

/// Whether `password` matches the PHC string `hash` (compared in constant
/// time).
fn verify_now(password: &[u8], hash: &str) -> bool {
    let Ok(parsed) = PasswordHash::new(hash) else {
        return false;
    };
    let (Ok(algorithm), Ok(params), Some(salt), Some(expected)) = (
        Algorithm::try_from(parsed.algorithm.as_str()),
        Params::try_from(&parsed),
        parsed.salt.as_ref(),
        parsed.hash.as_ref(),
    ) else {
        return false;
    };
    let version = parsed
        .version
        .and_then(|v| Version::try_from(v).ok())
        .unwrap_or_default();
    let mut out = vec![0u8; expected.len()];
    let blocks = params.block_count();
    let hashed = Argon2::new(algorithm, version, params).hash_password_into_with_memory(
        password,
        salt.as_ref(),
        &mut out,
        working_memory(blocks),
    );
    hashed.is_ok() && Output::new(&out).is_ok_and(|out| out == *expected)
}

/// The argon2id hash of `password` as a PHC string, computed on a
/// blocking thread.
pub async fn hash_password(password: String) -> Result<String, String> {
    hashing(move || hash_now(password.as_bytes()))
        .await
        .unwrap_or_else(|| Err("the password hashing thread failed".to_string()))
}

/// Whether `password` matches the PHC string `hash`, checked on a
/// blocking thread.
pub async fn verify_password(password: String, hash: String) -> bool {
    hashing(move || verify_now(password.as_bytes(), &hash))
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
    fn hashes_of_the_crate_itself_verify_and_ours_verify_with_it() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let theirs = Argon2::default()
            .hash_password(b"tr0ub4dor&3")
            .unwrap()
            .to_string();
        assert!(verify_now(b"tr0ub4dor&3", &theirs));
        assert!(!verify_now(b"tr0ub4dor&4", &theirs));
        let ours = hash_now(b"tr0ub4dor&3").unwrap();
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(Argon2::default().verify_password(b"tr0ub4dor&3", &parsed).is_ok());
        assert!(
            Argon2::default()
                .verify_password(b"tr0ub4dor&4", &parsed)
                .is_err()
        );
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
