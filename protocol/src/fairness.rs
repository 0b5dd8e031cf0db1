//! The formulas that let anyone check a room's secrets after the game:
//! the commitment to a secret action, the commitment to the room's seed,
//! and the random generator chance draws from (docs/protocol.md,
//! "Commitments"). The server uses these; so do `lodestone verify` and
//! the tests.

use rand::SeedableRng;
use rand::rngs::ChaCha20Rng;
use sha2::{Digest, Sha256};

/// Hex SHA-256 of `text`.
pub fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// The commitment to a secret action: hex SHA-256 of `<salt>:<action>`.
pub fn commitment(salt: &str, action: &str) -> String {
    sha256_hex(&format!("{salt}:{action}"))
}

/// The commitment to a room's seed, shown from the room's creation: hex
/// SHA-256 of the seed's text.
pub fn seed_commitment(seed: &str) -> String {
    sha256_hex(seed)
}

/// The generator chance draws from when `actions` actions have been
/// played: ChaCha20 keyed with the 32 bytes of SHA-256 of
/// `<seed>:<actions>` (stream 0, counter from 0), so every draw can be
/// redone from the seed.
pub fn chance_rng(seed: &str, actions: usize) -> ChaCha20Rng {
    let key: [u8; 32] = Sha256::digest(format!("{seed}:{actions}").as_bytes()).into();
    ChaCha20Rng::from_seed(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng;

    #[test]
    fn digests_are_the_documented_ones() {
        // printf '%s' '00:magnet g4' | sha256sum
        assert_eq!(
            commitment("00", "magnet g4"),
            "7d8f49a8ef4fbdb5450dcf318cdeb47d56fd7542c6f0c5f1e671396e32bd5222"
        );
        // The example of docs/protocol.md.
        assert_eq!(
            commitment("8c1f0e5b9a3d47e2b6f0c4d1a2e3f405", "magnet g4"),
            "f4f62235b5d97b54d5b2e88569e567c1cb60082b276c37c8e604265b9c215f93"
        );
        // printf '%s' abc | sha256sum
        assert_eq!(
            seed_commitment("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn the_generator_is_chacha20_keyed_by_the_hashed_seed() {
        // The key is SHA-256("abc:0"); the first keystream word of ChaCha20
        // (RFC 7539's block function with a 64-bit counter and nonce 0)
        // under that key, as a little-endian u32.
        let mut rng = chance_rng("abc", 0);
        let first = rng.next_u32();
        let mut again = chance_rng("abc", 0);
        assert_eq!(again.next_u32(), first);
        assert_ne!(chance_rng("abc", 1).next_u32(), first);
        assert_eq!(first, FIRST_WORD_ABC_0);
    }

    /// Word 0 of the ChaCha20 block (counter 0, nonce 0) under the key
    /// SHA-256("abc:0"), computed by a separate implementation of the
    /// RFC 7539 block function (checked on the RFC's all-zero test vector,
    /// whose first word is 0xade0b876). A change here would change every
    /// dealt setup of every stored game.
    const FIRST_WORD_ABC_0: u32 = 2_258_460_013;
}
