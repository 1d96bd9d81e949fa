//! Reading and writing files with errors that name them: text, bytes and JSON.

use std::path::Path;

use serde::{de::DeserializeOwned, Serialize};

use crate::error::{Error, Result};

/// The text of `path`.
pub fn read_text(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).map_err(|source| Error::io(path, source))
}

/// The bytes of `path`.
pub fn read_bytes(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|source| Error::io(path, source))
}

/// Writes `contents` to `path`, creating its directory.
pub fn write(path: &Path, contents: impl AsRef<[u8]>) -> Result<()> {
    if let Some(directory) = path
        .parent()
        .filter(|parent| !parent.as_os_str().is_empty())
    {
        std::fs::create_dir_all(directory).map_err(|source| Error::io(directory, source))?;
    }
    std::fs::write(path, contents).map_err(|source| Error::io(path, source))
}

/// Parses the JSON file `path`.
pub fn read_json<T: DeserializeOwned>(path: &Path) -> Result<T> {
    serde_json::from_str(&read_text(path)?).map_err(|source| Error::json(path, source))
}

/// Writes `value` to `path` as pretty JSON with a final newline.
pub fn write_json<T: Serialize>(path: &Path, value: &T) -> Result<()> {
    let mut text =
        serde_json::to_string_pretty(value).map_err(|source| Error::json(path, source))?;
    text.push('\n');
    write(path, text)
}

/// Sets the executable bits of `path`.
pub fn make_executable(path: &Path) -> Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|error| Error::io(path, error))
}
