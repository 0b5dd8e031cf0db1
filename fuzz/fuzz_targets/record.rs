//! Fuzz target: any text as a game record. Reading and replaying never
//! panic: a bad record is an error that says what is wrong.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lodestone_rules::Record;

fuzz_target!(|text: &str| {
    if let Ok(record) = Record::parse(text) {
        let _ = record.replay();
    }
});
