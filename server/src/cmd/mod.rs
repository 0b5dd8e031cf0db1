//! The commands of `lodestone-server`, one module each: `serve` (no
//! command; its flags in `flags`), `migrate` (`migrate-db`), `admin`, and
//! `backup` (`backup` and `restore`).

pub(crate) mod admin;
pub(crate) mod backup;
pub(crate) mod flags;
pub(crate) mod migrate;
pub(crate) mod serve;
