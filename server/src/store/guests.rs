//! Guest identity in the store: a new guest (a person, who gets a token,
//! or a computer player, whose token nobody holds) and the guest a token
//! names. Callers give and get typed values ([`Token`], [`GuestRow`]); the
//! hashing and the rows are the store's.

use lodestone_rules::bot::Level;

use super::handle::Store;
use super::types::{GuestRow, Op, StoreError};
use crate::secrets::Token;

impl Store {
    /// Stores a new person called `name` at `now` (Unix milliseconds):
    /// the guest and the token that names it from now on.
    pub async fn new_guest(&self, name: String, now: u64) -> Result<(GuestRow, Token), StoreError> {
        let id = uuid::Uuid::new_v4().to_string();
        let token = Token::fresh();
        self.create_guest(id.clone(), name.clone(), &token, now, None)
            .await?;
        Ok((GuestRow { id, name, bot: None }, token))
    }

    /// Stores the computer player `id` called `name`, of `level`, at
    /// `now`: nobody holds its token, only the server plays as it.
    pub async fn new_bot(&self, id: String, name: String, level: Level, now: u64) -> Result<(), StoreError> {
        self.create_guest(id, name, &Token::fresh(), now, Some(level))
            .await
    }

    /// Stores a guest through the writer.
    async fn create_guest(
        &self,
        id: String,
        name: String,
        token: &Token,
        created_at: u64,
        bot: Option<Level>,
    ) -> Result<(), StoreError> {
        let token_hash = token.hash();
        self.write(vec![Op::CreateGuest {
            id,
            name,
            token_hash,
            created_at,
            bot,
        }])
        .await
    }

    /// The guest `token` names: its first token (`guests`), a device's
    /// token of an account, or a bot account's API token.
    pub async fn guest_by_token(&self, token: &Token) -> Result<Option<GuestRow>, StoreError> {
        let hash = token.hash();
        if let Some(guest) = self.guest_by_token_hash(&hash).await? {
            return Ok(Some(guest));
        }
        match self.guest_by_device_token(&hash).await? {
            Some(guest) => Ok(Some(guest)),
            None => self.guest_by_api_token(&hash).await,
        }
    }

    /// Whether `token` is a bot account's API token (not a device's).
    pub async fn is_api_token(&self, token: &Token) -> Result<bool, StoreError> {
        Ok(self.guest_by_api_token(&token.hash()).await?.is_some())
    }

    /// Adds a device of the account `guest_id` at `now`: the token that
    /// names it from now on.
    pub async fn new_device_token(&self, guest_id: &str, now: i64) -> Result<Token, StoreError> {
        let token = Token::fresh();
        self.add_device_token(guest_id, &token.hash(), now).await?;
        Ok(token)
    }
}
