//! The bodies of an account's HTTP settings (`/api/account/...`,
//! docs/api.md): whether the account is a bot, and a bot account's API
//! tokens, which its program says `hello` with instead of a password.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// The most API tokens one account may hold.
pub const MAX_API_TOKENS: usize = 10;
/// The most characters an API token's label may have.
pub const MAX_TOKEN_LABEL_CHARS: usize = 64;

/// `GET /api/account`: the caller's guest, whether it is an account and a
/// bot account, and a bot account's API tokens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AccountInfo {
    pub id: String,
    pub name: String,
    /// Whether the guest is an account (with a name and a password).
    pub account: bool,
    /// Whether the account is a bot account (for good).
    pub bot: bool,
    /// The API tokens of a bot account, oldest first (the tokens
    /// themselves are shown only when made).
    pub tokens: Vec<ApiTokenInfo>,
}

/// One API token as the settings list it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ApiTokenInfo {
    /// Names the token to revoke it.
    pub id: String,
    /// What the owner called it (`my bot on the laptop`).
    pub label: String,
    /// Unix milliseconds.
    pub created_at: u64,
}

/// `POST /api/account/tokens`: the new token's label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct NewTokenRequest {
    /// 1 to 64 characters, no control characters.
    pub label: String,
}

/// The answer to `POST /api/account/tokens`: the token, shown this once
/// (the server keeps only its hash), and its line in the list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct NewApiToken {
    /// Say `hello` with it (`{"type": "hello", "protocol": 1, "token": ...}`).
    pub token: String,
    #[serde(flatten)]
    pub info: ApiTokenInfo,
}
