//! Accounts and identities: passwords and the limits on logins
//! (`passwords`), and the messages that say who a connection is —
//! `hello`, `register`, `login` (`requests`). `session/` hands them here and
//! keeps who its connection is from the answer.

mod passwords;
pub mod requests;

pub use passwords::{Logins, name_key, verify_password};
