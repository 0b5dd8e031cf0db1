//! The SQL migrations of `migrations/sqlite/`, embedded at build time.
//!
//! Each file is `<version>_<description>.sql`; add new ones to the list
//! below in version order.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationType, Migrator};
use sqlx::{AssertSqlSafe, SqlSafeStr};

const SQLITE: &[(i64, &str, &str)] = &[
    (
        1,
        "init",
        include_str!("../../../migrations/sqlite/0001_init.sql"),
    ),
    (
        2,
        "bots",
        include_str!("../../../migrations/sqlite/0002_bots.sql"),
    ),
];

/// The migrator for SQLite databases.
pub fn sqlite() -> Migrator {
    Migrator::with_migrations(
        SQLITE
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    AssertSqlSafe(sql).into_sql_str(),
                    false,
                )
            })
            .collect(),
    )
}
