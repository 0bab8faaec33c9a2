//! Passwords and session tokens. Hashing is slow on purpose: call it on a
//! blocking thread.

use std::sync::OnceLock;

use argon2::password_hash::{PasswordHasher, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordVerifier, Version};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use rand_core::RngCore;
use sha2::{Digest, Sha256};

/// argon2id with 32 MiB and 3 passes: about 70 ms a hash on a 2-core x86
/// server, a few hundred on a Raspberry Pi. Stored hashes carry their own
/// parameters, so changing these later keeps old passwords working.
fn hasher() -> Argon2<'static> {
    let params = Params::new(32 * 1024, 3, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// An argon2id hash in PHC string form.
pub fn hash_password(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            hasher()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Spends the time of one verification against a hash no password matches,
/// so that an unknown email answers as slowly as a wrong password.
pub fn verify_nothing(password: &str) {
    let _ = verify_password(password, dummy_hash());
}

/// Makes the hash `verify_nothing` checks against, so that the first unknown
/// email of a run is not slowed by making it. The server calls it at start.
pub fn prepare_dummy_hash() {
    dummy_hash();
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_password("no account has this password").expect("hashing works"))
}

/// A new bearer token: 32 random bytes, base64url. Only its hash is stored.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// A new invite code: 12 random bytes, base64url (16 characters), short
/// enough to read out and long enough not to be guessed.
pub fn new_invite_code() -> String {
    let mut bytes = [0u8; 12];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the sessions table keeps of a token.
pub fn token_hash(token: &str) -> Vec<u8> {
    Sha256::digest(token.as_bytes()).to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_salted_and_verify() {
        let first = hash_password("correct horse").unwrap();
        let second = hash_password("correct horse").unwrap();
        assert!(
            first.starts_with("$argon2id$v=19$m=32768,t=3,p=1$"),
            "{first}"
        );
        assert_ne!(first, second, "each hash has its own salt");
        assert!(verify_password("correct horse", &first));
        assert!(!verify_password("wrong horse", &first));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_random_43_character_base64url() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(
            a.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        );
        assert_eq!(token_hash(&a).len(), 32);
        assert_eq!(token_hash(&a), token_hash(&a));
        assert_ne!(token_hash(&a), token_hash(&b));
    }
}
