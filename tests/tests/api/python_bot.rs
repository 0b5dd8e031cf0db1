//! The Python bot of docs/bots.md, taken from the page itself and run with
//! `python3` (standard library only), plays a whole game against the
//! server as a bot account, through its API token.

use lodestone_tests::{PATIENCE, TestServer, each_backend, eventually, player_page, temp_dir};

use crate::bot_accounts::bot_account;

/// The one ```python block of docs/bots.md.
fn python_bot() -> String {
    let page = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/bots.md")).unwrap();
    let blocks: Vec<&str> = page.split("```python\n").skip(1).collect();
    assert_eq!(blocks.len(), 1, "one Python example in docs/bots.md");
    blocks[0].split("```").next().unwrap().to_string()
}

each_backend!(the_python_bot_of_the_docs_plays_a_game_to_the_end);
async fn the_python_bot_of_the_docs_plays_a_game_to_the_end() {
    let server = TestServer::start().await;
    let addr = server.addr();
    let (_, id, _, token) = bot_account(addr, "Pybot").await;
    let dir = temp_dir();
    let script = dir.join("bot.py");
    std::fs::write(&script, python_bot()).unwrap();
    let url = format!("ws://{addr}");
    let run = tokio::task::spawn_blocking(move || {
        std::process::Command::new("python3")
            .arg(&script)
            .arg(&url)
            .arg(&token)
            .output()
            .expect("python3 runs")
    });
    let output = tokio::time::timeout(PATIENCE * 6, run)
        .await
        .expect("the Python bot finishes its game")
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.starts_with("Pybot plays room "), "{stdout}");
    let result = stdout.lines().last().unwrap();
    assert!(
        result.starts_with("result: ") && result != "result: none",
        "a game played to its end: {stdout}"
    );
    // The game is the bot account's.
    let page = eventually!("a game on the bot's page", {
        let page = player_page(addr, &id).await;
        if page.recent.is_empty() {
            Err(page)
        } else {
            Ok(page)
        }
    });
    assert!(page.bot && page.account);
    assert_eq!(page.recent[0].game, "magneton");
}
