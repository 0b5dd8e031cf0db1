//! Fuzz target: any text as a client message. Reading it never panics;
//! a message that reads writes back to text that reads as the same message,
//! and a refusal is an `error` the server can send as is.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lodestone_protocol::{ServerMessage, parse_client_message};

fuzz_target!(|text: &str| {
    match parse_client_message(text) {
        Ok(message) => {
            let again = serde_json::to_string(&message).expect("a message serialises");
            assert_eq!(parse_client_message(&again).ok(), Some(message), "{again}");
        }
        Err(reply) => {
            assert!(matches!(reply, ServerMessage::Error { .. }), "{reply:?}");
            serde_json::to_string(&reply).expect("an error serialises");
        }
    }
});
