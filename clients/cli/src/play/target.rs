//! Where `lodestone play` connects: the server's WebSocket and HTTP
//! addresses read from the URL the user gives, and the room an invite link
//! names (the browser's `…/#/room/<id>?invite=<code>` links work as they
//! are).

use url::Url;

use super::words::Text;

/// A server to play on, and the room to open first, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The WebSocket address: `ws://host:port/ws` (or `wss://` behind TLS).
    pub ws: String,
    /// The HTTP base address, without a trailing slash: `http://host:port`.
    pub http: String,
    /// The room of an invite link.
    pub room: Option<RoomLink>,
}

/// A room and the invite code a private room needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoomLink {
    pub room: String,
    pub invite: Option<String>,
}

impl Target {
    /// Reads `http://host:port`, `ws://host:port[/ws]`, `https://…`,
    /// `wss://…`, a bare `host:port`, or a room link
    /// (`http://host:port/#/room/ID?invite=CODE`). A path before `/ws` is
    /// kept (a server behind a proxy under a prefix).
    pub fn parse(text: &str) -> Result<Target, Text> {
        let text = text.trim();
        if text.is_empty() {
            return Err(Text::new("url-empty"));
        }
        let with_scheme = if text.contains("://") {
            text.to_string()
        } else {
            format!("http://{text}")
        };
        let url = Url::parse(&with_scheme).map_err(|e| {
            Text::new("url-bad")
                .arg("url", text.to_string())
                .arg("error", e.to_string())
        })?;
        let (http_scheme, ws_scheme) = match url.scheme() {
            "http" | "ws" => ("http", "ws"),
            "https" | "wss" => ("https", "wss"),
            other => {
                return Err(Text::new("url-scheme")
                    .arg("url", text.to_string())
                    .arg("scheme", other.to_string()));
            }
        };
        let host = match url.host() {
            Some(host) => host.to_string(),
            None => {
                return Err(Text::new("url-no-host").arg("url", text.to_string()));
            }
        };
        if !url.username().is_empty() || url.password().is_some() {
            return Err(Text::new("url-password").arg("url", text.to_string()));
        }
        let port = url.port().map(|p| format!(":{p}")).unwrap_or_default();
        // The path up to the WebSocket endpoint: `/`, `/ws`, `/games/`, `/games/ws`.
        let mut prefix = url.path().trim_end_matches('/').to_string();
        if let Some(stripped) = prefix.strip_suffix("/ws") {
            prefix = stripped.to_string();
        }
        let base = format!("{host}{port}{prefix}");
        let room = match url.fragment() {
            Some(fragment) if !fragment.is_empty() => Some(
                RoomLink::from_fragment(fragment)
                    .ok_or_else(|| Text::new("url-not-room-link").arg("url", text.to_string()))?,
            ),
            _ => None,
        };
        Ok(Target {
            ws: format!("{ws_scheme}://{base}/ws"),
            http: format!("{http_scheme}://{base}"),
            room,
        })
    }

    /// The link others can open to reach `room` (in a browser, or with
    /// `lodestone play LINK`).
    pub fn room_link(&self, room: &str, invite: Option<&str>) -> String {
        match invite {
            Some(code) => format!("{}/#/room/{room}?invite={code}", self.http),
            None => format!("{}/#/room/{room}", self.http),
        }
    }
}

impl RoomLink {
    /// `/room/ID` or `/room/ID?invite=CODE` (the part of a link after `#`).
    fn from_fragment(fragment: &str) -> Option<RoomLink> {
        let rest = fragment.trim_start_matches('/').strip_prefix("room/")?;
        let (room, query) = rest.split_once('?').unwrap_or((rest, ""));
        let invite = query
            .split('&')
            .find_map(|pair| pair.strip_prefix("invite="))
            .filter(|code| !code.is_empty())
            .map(str::to_string);
        valid_id(room).then(|| RoomLink {
            room: room.to_string(),
            invite,
        })
    }

    /// What a person types to open a room: a room link, or a room id and
    /// (for a private room) its invite code, separated by a space.
    pub fn read(text: &str) -> Result<RoomLink, Text> {
        let text = text.trim();
        if let Some(at) = text.find("#/room/") {
            return RoomLink::from_fragment(&text[at + 1..]).ok_or_else(|| Text::new("join-no-room"));
        }
        let mut words = text.split_whitespace();
        let room = words.next().ok_or(Text::new("join-empty"))?;
        let invite = words.next().map(str::to_string);
        if words.next().is_some() {
            return Err(Text::new("join-too-many"));
        }
        if !valid_id(room) {
            return Err(Text::new("join-not-an-id").arg("room", room.to_string()));
        }
        Ok(RoomLink {
            room: room.to_string(),
            invite,
        })
    }
}

/// Room ids are UUIDs; anything of letters, digits and dashes is sent
/// as is (the server says if there is no such room).
fn valid_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

#[cfg(test)]
mod tests {
    use super::*;
    use lodestone_i18n::Words;

    #[test]
    fn reads_every_form_of_server_address() {
        for (text, ws, http) in [
            (
                "http://127.0.0.1:8080",
                "ws://127.0.0.1:8080/ws",
                "http://127.0.0.1:8080",
            ),
            (
                "ws://127.0.0.1:8080/ws",
                "ws://127.0.0.1:8080/ws",
                "http://127.0.0.1:8080",
            ),
            (
                "127.0.0.1:9000",
                "ws://127.0.0.1:9000/ws",
                "http://127.0.0.1:9000",
            ),
            (
                "https://games.example.org/",
                "wss://games.example.org/ws",
                "https://games.example.org",
            ),
            (
                "wss://games.example.org/lodestone/ws",
                "wss://games.example.org/lodestone/ws",
                "https://games.example.org/lodestone",
            ),
            ("http://[::1]:8080", "ws://[::1]:8080/ws", "http://[::1]:8080"),
        ] {
            let target = Target::parse(text).unwrap();
            assert_eq!((target.ws.as_str(), target.http.as_str()), (ws, http), "{text}");
            assert_eq!(target.room, None);
        }
    }

    #[test]
    fn reads_an_invite_link() {
        let target = Target::parse("http://127.0.0.1:8080/#/room/fe7b84ed-9516?invite=0f3a9c").unwrap();
        assert_eq!(
            target.room,
            Some(RoomLink {
                room: "fe7b84ed-9516".into(),
                invite: Some("0f3a9c".into())
            })
        );
        assert_eq!(
            target.room_link("fe7b84ed-9516", Some("0f3a9c")),
            "http://127.0.0.1:8080/#/room/fe7b84ed-9516?invite=0f3a9c"
        );
        let public = Target::parse("http://127.0.0.1:8080/#/room/abc").unwrap();
        assert_eq!(public.room.unwrap().invite, None);
    }

    #[test]
    fn says_what_is_wrong_with_a_bad_address() {
        for (text, part) in [
            ("", "empty"),
            ("ftp://127.0.0.1:21", "ftp:// is not one of"),
            ("http://", "not a URL"),
            ("http://127.0.0.1:99999", "not a URL"),
            ("http://127.0.0.1:8080/#/lobby", "not a room link"),
            ("http://ann:secret@127.0.0.1:8080", "password"),
        ] {
            let error = Target::parse(text).unwrap_err().show(&Words::english());
            assert!(error.contains(part), "{text}: {error}");
        }
    }

    #[test]
    fn reads_what_a_person_types_to_open_a_room() {
        assert_eq!(
            RoomLink::read(" abc-123 f00d ").unwrap(),
            RoomLink {
                room: "abc-123".into(),
                invite: Some("f00d".into())
            }
        );
        assert_eq!(
            RoomLink::read("http://x:1/#/room/abc?invite=99")
                .unwrap()
                .invite
                .as_deref(),
            Some("99")
        );
        assert!(RoomLink::read("").is_err());
        assert!(RoomLink::read("not a room").is_err());
        let error = RoomLink::read("zz!").unwrap_err();
        assert!(error.show(&Words::english()).contains("not a room id"));
        assert_eq!(
            error.show(&Words::for_tag("de")),
            "\"zz!\" ist keine Raumkennung (Raumkennungen sehen aus wie 7c9e6679-7425-40de-944b-e07fc1f90ae7)."
        );
    }
}
