//! Tokens, salts, seeds and commitments: the server's randomness and
//! hashing, in one place.
//!
//! - A guest token is 256 random bits (hex); only its SHA-256 is stored.
//! - A secret action (a Magnet setup, a Magnetism magnet square) is
//!   committed to as `SHA-256("<salt>:<action>")` with a fresh 128-bit salt
//!   (hex); the salt is revealed when the game ends, so anyone can check the
//!   revealed action against the commitment sent when it was played.

use rand::{Rng, RngExt};
use sha2::{Digest, Sha256};

/// `n` random bytes from the operating system's generator, as hex.
fn random_hex(n: usize) -> String {
    let mut bytes = vec![0u8; n];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// A new guest token (256 bits).
pub fn new_token() -> String {
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

/// Hex SHA-256 of `text`.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// What is stored of a token.
pub fn token_hash(token: &str) -> String {
    sha256_hex(token)
}

/// The commitment to a secret action.
pub fn commitment(salt: &str, action: &str) -> String {
    sha256_hex(&format!("{salt}:{action}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_known_digest() {
        assert_eq!(new_token().len(), 64);
        assert_eq!(new_salt().len(), 32);
        assert_ne!(new_token(), new_token());
        // printf '%s' '00:magnet g4' | sha256sum
        assert_eq!(commitment("00", "magnet g4"), sha256_hex("00:magnet g4"));
        assert_eq!(
            sha256_hex("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}
