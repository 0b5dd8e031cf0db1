//! What several protocol tests read: the JSON examples of
//! docs/protocol.md.

use serde_json::Value;

/// Every message of the ```json blocks of docs/protocol.md, in order. A
/// block holds one message per line (a sequence) or one message.
pub fn doc_examples() -> Vec<Value> {
    let doc = include_str!("../../../docs/protocol.md");
    let mut out = Vec::new();
    for block in doc.split("```json").skip(1) {
        let body = block.split("```").next().unwrap();
        let lines: Vec<&str> = body.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if lines
            .iter()
            .all(|l| l.starts_with('{') && l.ends_with('}') && serde_json::from_str::<Value>(l).is_ok())
        {
            out.extend(lines.iter().map(|l| serde_json::from_str::<Value>(l).unwrap()));
        } else {
            out.push(serde_json::from_str(body).unwrap_or_else(|e| panic!("not JSON: {e}\n{body}")));
        }
    }
    out
}
