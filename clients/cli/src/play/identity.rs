//! Who the player is: a display name and, per server, the guest token
//! that gives back the same guest (and its seats) on the next visit. Kept
//! in a small JSON file under the user's config directory
//! (`$XDG_CONFIG_HOME/lodestone/identity.json`, usually
//! `~/.config/lodestone/identity.json`), readable by its owner only.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::words::Text;

/// The file's name in the config directory.
const FILE_NAME: &str = "identity.json";

/// The stored identity and where it lives.
#[derive(Debug)]
pub struct Identity {
    path: PathBuf,
    file: IdentityFile,
}

/// The file's contents.
#[derive(Debug, Default, Serialize, Deserialize)]
struct IdentityFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    /// Guest tokens by server (its WebSocket address).
    #[serde(default)]
    tokens: BTreeMap<String, String>,
}

impl Identity {
    /// `lodestone/identity.json` in the user's config directory.
    pub fn default_path() -> Option<PathBuf> {
        dirs::config_dir().map(|dir| dir.join("lodestone").join(FILE_NAME))
    }

    /// Reads the file at `path`; a missing file is an empty identity.
    pub fn load(path: &Path) -> Result<Identity, Text> {
        let problem = |id, e: String| {
            Text::new(id)
                .arg("file", path.display().to_string())
                .arg("error", e)
        };
        let file = match std::fs::read_to_string(path) {
            Ok(text) => {
                serde_json::from_str(&text).map_err(|e| problem("identity-not-one", e.to_string()))?
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => IdentityFile::default(),
            Err(e) => return Err(problem("identity-unreadable", e.to_string())),
        };
        Ok(Identity {
            path: path.to_path_buf(),
            file,
        })
    }

    pub fn name(&self) -> Option<&str> {
        self.file.name.as_deref()
    }

    pub fn set_name(&mut self, name: &str) {
        self.file.name = Some(name.to_string());
    }

    /// The guest token for `server`.
    pub fn token(&self, server: &str) -> Option<&str> {
        self.file.tokens.get(server).map(String::as_str)
    }

    /// Keeps (or, with `None`, forgets) the guest token for `server`.
    pub fn set_token(&mut self, server: &str, token: Option<&str>) {
        match token {
            Some(token) => self.file.tokens.insert(server.to_string(), token.to_string()),
            None => self.file.tokens.remove(server),
        };
    }

    /// Writes the file (creating its directory), replacing the old one in
    /// one step so a crash never leaves half a file; only its owner may
    /// read it, since a token is as good as a password.
    pub fn save(&self) -> Result<(), Text> {
        let fail = |e: std::io::Error| {
            Text::new("identity-unwritable")
                .arg("file", self.path.display().to_string())
                .arg("error", e.to_string())
        };
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(fail)?;
        }
        let text = serde_json::to_string_pretty(&self.file).expect("the identity serialises");
        let temp = self.path.with_extension("json.new");
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut out = options.open(&temp).map_err(fail)?;
        out.write_all(text.as_bytes()).map_err(fail)?;
        out.write_all(b"\n").map_err(fail)?;
        out.sync_all().map_err(fail)?;
        drop(out);
        std::fs::rename(&temp, &self.path).map_err(fail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_file(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("lodestone-identity-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir.join("nested").join(FILE_NAME)
    }

    #[test]
    fn keeps_the_name_and_a_token_per_server() {
        let path = temp_file("round-trip");
        let mut identity = Identity::load(&path).unwrap();
        assert_eq!(identity.name(), None);
        identity.set_name("Ann");
        identity.set_token("ws://a/ws", Some("t1"));
        identity.set_token("ws://b/ws", Some("t2"));
        identity.save().unwrap();
        let mut again = Identity::load(&path).unwrap();
        assert_eq!(again.name(), Some("Ann"));
        assert_eq!(again.token("ws://a/ws"), Some("t1"));
        assert_eq!(again.token("ws://c/ws"), None);
        again.set_token("ws://a/ws", None);
        again.save().unwrap();
        let third = Identity::load(&path).unwrap();
        assert_eq!(
            (third.token("ws://a/ws"), third.token("ws://b/ws")),
            (None, Some("t2"))
        );
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "only the owner reads the token");
        }
    }

    #[test]
    fn a_damaged_file_is_an_error_that_names_it() {
        let path = temp_file("damaged");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "{not json").unwrap();
        let error = Identity::load(&path)
            .unwrap_err()
            .show(&lodestone_i18n::Words::english());
        assert!(error.contains("is not an identity file"), "{error}");
        assert!(error.contains(&path.display().to_string()), "{error}");
    }
}
