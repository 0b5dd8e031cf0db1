//! Health: whether the server can still keep games, for `/healthz` and
//! `/readyz`.

use std::time::Duration;

use crate::store::Store;

/// How long the storage check may take before storage counts as failed.
const PATIENCE: Duration = Duration::from_secs(3);

/// `Ok` while storage works: its writer runs and the database answers in
/// time; otherwise a sentence saying what is wrong.
pub async fn storage(store: &Store) -> Result<(), String> {
    match tokio::time::timeout(PATIENCE, store.check()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err(format!(
            "the database did not answer within {} s",
            PATIENCE.as_secs()
        )),
    }
}
