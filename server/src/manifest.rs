//! The web app manifest (`/manifest.webmanifest`) in the page's language:
//! `clients/web/manifest.webmanifest` with its `name`, `short_name` and
//! `description` from the browser's catalogue (`web-manifest-*` of
//! `web.ftl`) and its `lang`. The language is the page's, when it names
//! it (`?lang=fr`, set by `src/i18n.js` on the page's manifest link), else
//! the request's `Accept-Language`, else English.

use std::collections::HashMap;
use std::sync::OnceLock;

use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::Response;
use lodestone_i18n::{LANGUAGES, Words};
use serde_json::Value;

/// The manifest as the client's files hold it (English).
const TEMPLATE: &str = include_str!("../../clients/web/manifest.webmanifest");

/// The manifest in `words`' language.
pub fn manifest(words: &Words) -> Value {
    // The template is the client's own file, checked by a test to parse.
    let mut manifest: Value =
        serde_json::from_str(TEMPLATE).unwrap_or_else(|_| Value::Object(Default::default()));
    if let Value::Object(fields) = &mut manifest {
        for (field, id) in [
            ("name", "web-manifest-name"),
            ("short_name", "web-manifest-short-name"),
            ("description", "web-manifest-description"),
        ] {
            fields.insert(field.into(), Value::String(words.get(id)));
        }
        fields.insert("lang".into(), Value::String(words.lang()));
    }
    manifest
}

/// Each language's manifest bytes and strong ETag, made once.
fn served() -> &'static [(String, Vec<u8>, String)] {
    static SERVED: OnceLock<Vec<(String, Vec<u8>, String)>> = OnceLock::new();
    SERVED.get_or_init(|| {
        LANGUAGES
            .iter()
            .map(|lang| {
                let words = Words::for_tag(lang);
                let mut body = serde_json::to_vec_pretty(&manifest(&words)).unwrap_or_default();
                body.push(b'\n');
                let etag = crate::etag::strong_etag(&body);
                (words.lang(), body, etag)
            })
            .collect()
    })
}

/// Answers `GET /manifest.webmanifest`.
pub async fn serve(Query(query): Query<HashMap<String, String>>, headers: HeaderMap) -> Response {
    let named = query
        .get("lang")
        .filter(|tag| LANGUAGES.iter().any(|l| l.eq_ignore_ascii_case(tag)));
    let words = named.map_or_else(
        || crate::sentences::http_words(&headers),
        |tag| Words::for_tag(tag),
    );
    let all = served();
    let (_, body, etag) = all
        .iter()
        .find(|(lang, _, _)| *lang == words.lang())
        .unwrap_or(&all[0]);
    crate::etag::revalidated(
        &headers,
        etag,
        Some("Accept-Language"),
        "application/manifest+json",
        body.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_english_manifest_is_the_clients_file_with_its_language() {
        let mut file: Value = serde_json::from_str(TEMPLATE).expect("the client's manifest parses");
        file["lang"] = Value::String("en".into());
        assert_eq!(manifest(&Words::english()), file);
        let french = manifest(&Words::for_tag("fr"));
        assert_eq!(french["lang"], "fr");
        assert_ne!(french["description"], file["description"]);
        assert_eq!(french["icons"], file["icons"]);
    }
}
