//! Why a request was refused, a leaf every part of a room may name.

use lodestone_protocol::{Code, Detail, RequestId, ServerMessage, error_with};

/// Why a request was refused: a stable code, a sentence, and the values
/// the sentence says (`detail`) when every language should say them too.
/// Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: Code,
    pub message: String,
    pub detail: Option<Detail>,
}

impl Refusal {
    pub fn new(code: impl Into<Code>, message: impl Into<String>) -> Refusal {
        Refusal {
            code: code.into(),
            message: message.into(),
            detail: None,
        }
    }

    /// A refusal with its details, its sentence said from them in English
    /// (`server.ftl`, `said.rs`).
    pub fn detailed(code: impl Into<Code>, detail: Detail) -> Refusal {
        Refusal {
            code: code.into(),
            message: crate::said::english(&detail),
            detail: Some(detail),
        }
    }

    /// The `error` frame answering request `id` (`None`: no request).
    pub fn into_error(self, id: Option<RequestId>) -> ServerMessage {
        error_with(id, self.code, self.message, self.detail)
    }
}

/// A refusal without details, from its code and sentence.
impl From<(Code, String)> for Refusal {
    fn from((code, message): (Code, String)) -> Refusal {
        Refusal::new(code, message)
    }
}
