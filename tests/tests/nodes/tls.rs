//! HTTPS with several nodes (issue 31): nodes with the same `--tls-domain`
//! share one ACME account and one certificate through the database. The
//! first node orders it from pebble; a second node started later shows the
//! same certificate at once, without an order or an account of its own.

use std::process::Command;

use lodestone_tests::tls::{HttpsServer, Pebble, free_port};
use lodestone_tests::{database_url, temp_dir};

use crate::harness::SERVER;
use crate::node_test;

fn node(name: &str, dir: &std::path::Path, database: &str, pebble: &Pebble, plain_port: u16) -> HttpsServer {
    let mut command = Command::new(SERVER);
    command
        .args(["--bind", "127.0.0.1:0", "--database", database, "--node", name])
        .args([
            "--tls-domain",
            "localhost",
            "--acme-directory",
            &pebble.directory,
            "--acme-ca",
        ])
        .arg(&pebble.ca)
        .args(["--https-bind", "127.0.0.1:0", "--http-bind"])
        .arg(format!("127.0.0.1:{plain_port}"))
        .arg("--state-dir")
        .arg(dir.join(name))
        .current_dir(dir)
        .env("RUST_LOG", "warn");
    HttpsServer::start(command)
}

node_test!(nodes_share_one_certificate_and_one_account);
async fn nodes_share_one_certificate_and_one_account() {
    let dir = temp_dir();
    let database = database_url(&dir);
    // Pebble validates on the first node's port 80 stand-in.
    let plain_port = free_port();
    let pebble = Pebble::start(&dir, plain_port);
    let a = node("a", &dir, &database, &pebble, plain_port);
    let root = pebble.root().await;
    let leaf = a.certified(&root).await;
    let b = node("b", &dir, &database, &pebble, free_port());
    assert_eq!(b.certified(&root).await, leaf, "node b shows another certificate");
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&database).await.unwrap();
    let accounts: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM tls_state WHERE key LIKE 'acme-account:%'")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(accounts, 1);
    // Both answer over HTTPS, and the certificate's copy is each node's.
    assert!(dir.join("a/tls/certificate.pem").exists() && dir.join("b/tls/certificate.pem").exists());
}
