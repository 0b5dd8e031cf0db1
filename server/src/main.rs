//! `lodestone-server`: not built yet; says so and exits with an error.

fn main() -> std::process::ExitCode {
    eprintln!(
        "lodestone-server: the server is not built yet; `lodestone replay` and `lodestone perft` work today"
    );
    std::process::ExitCode::FAILURE
}
