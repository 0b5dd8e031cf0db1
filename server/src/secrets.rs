//! Tokens, salts, seeds and commitments: the server's randomness and
//! hashing, in one place.
//!
//! - A room core draws its secrets (invite, seed, salts) through the
//!   [`Secrets`] trait, so the server gives it the operating system's
//!   generator ([`OsSecrets`]) and a test a seeded one: a room core test is
//!   deterministic.
//! - A guest token is 256 random bits (hex); only its SHA-256 is stored.
//! - A secret action (a Magnet setup, a Magnetism magnet square) is
//!   committed to with a fresh 128-bit salt (hex); the salt is revealed
//!   when the game ends, so anyone can check the revealed action against
//!   the commitment sent when it was played. The formulas are a wire
//!   contract and live in the protocol crate (re-exported here).

use rand::{Rng, RngExt};

pub use lodestone_protocol::{commitment, sha256_hex};

/// `n` random bytes from the operating system's generator, as hex.
fn random_hex(n: usize) -> String {
    hex_from(&mut rand::rng(), n)
}

/// `n` bytes of `rng`, as hex.
fn hex_from(rng: &mut impl Rng, n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rng.fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Where a room's secrets come from: the invite code of a private room,
/// the seed of its chance draws and the salts of its commitments.
pub trait Secrets: Send + Sync + std::fmt::Debug {
    /// A new invite code (128 bits, hex).
    fn invite(&mut self) -> String;
    /// A new seed (256 bits, hex), secret until the game ends.
    fn seed(&mut self) -> String;
    /// A new commitment salt (128 bits, hex).
    fn salt(&mut self) -> String;
}

/// The server's secrets: the operating system's generator.
#[derive(Clone, Copy, Debug, Default)]
pub struct OsSecrets;

impl Secrets for OsSecrets {
    fn invite(&mut self) -> String {
        new_invite()
    }

    fn seed(&mut self) -> String {
        new_seed()
    }

    fn salt(&mut self) -> String {
        new_salt()
    }
}

/// Secrets from a seeded generator, for tests: the same seed gives the same
/// secrets in the same order.
#[cfg(test)]
#[derive(Clone, Debug)]
pub struct SeededSecrets(rand::rngs::SmallRng);

#[cfg(test)]
impl SeededSecrets {
    pub fn new(seed: u64) -> SeededSecrets {
        use rand::SeedableRng;
        SeededSecrets(rand::rngs::SmallRng::seed_from_u64(seed))
    }
}

#[cfg(test)]
impl Secrets for SeededSecrets {
    fn invite(&mut self) -> String {
        hex_from(&mut self.0, 16)
    }

    fn seed(&mut self) -> String {
        hex_from(&mut self.0, 32)
    }

    fn salt(&mut self) -> String {
        hex_from(&mut self.0, 16)
    }
}

/// A new guest token (256 bits).
fn new_token() -> String {
    random_hex(32)
}

/// A new commitment salt (128 bits).
pub fn new_salt() -> String {
    random_hex(16)
}

/// A new invite code for a private room (128 bits).
pub fn new_invite() -> String {
    random_hex(16)
}

/// A new RNG seed for a room (256 bits), secret until its game ends.
pub fn new_seed() -> String {
    random_hex(32)
}

/// A number for connection ids and such.
pub fn random_u64() -> u64 {
    rand::rng().random()
}

/// What is stored of a token.
fn token_hash(token: &str) -> String {
    sha256_hex(token)
}

/// A token that names a guest, as its holder sends it: the store keeps
/// only its hash ([`Token::hash`]), and no log shows it (`Debug` hides it).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A new token (256 bits).
    pub fn fresh() -> Token {
        Token(new_token())
    }

    /// The token a client sent.
    pub fn sent(text: String) -> Token {
        Token(text)
    }

    /// What is stored of it.
    pub fn hash(&self) -> String {
        token_hash(&self.0)
    }

    /// The token itself, to hand to its holder (once).
    pub fn reveal(self) -> String {
        self.0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_known_digests() {
        assert_eq!(new_token().len(), 64);
        let (mut a, mut b) = (SeededSecrets::new(1), SeededSecrets::new(1));
        assert_eq!((a.seed(), a.salt()), (b.seed(), b.salt()));
        assert_eq!(a.invite().len(), OsSecrets.invite().len());
        assert_eq!(new_salt().len(), 32);
        assert_eq!(new_seed().len(), 64);
        assert_ne!(new_token(), new_token());
        // printf '%s' f6fa…3953 | sha256sum (the token of docs/protocol.md)
        assert_eq!(
            token_hash("f6fa7762e5f40ec69a4167ce74816076b2780608afa3bc743d29b08ab40f3953"),
            "b04169945f79a14bf43f1b68ed99009682a27fe1d0be98328ad6871976de4c93"
        );
        // printf '%s' '00:magnet g4' | sha256sum
        assert_eq!(
            commitment("00", "magnet g4"),
            "7d8f49a8ef4fbdb5450dcf318cdeb47d56fd7542c6f0c5f1e671396e32bd5222"
        );
    }
}
