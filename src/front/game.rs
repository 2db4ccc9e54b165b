//! Game states read from their XML (`hus decide`'s second file), with diagnostics located
//! in it.

use std::path::Path;

use crate::diag::SourceFile;
use crate::game::GameState;

use super::diagnostics::{locate_all, Diagnostic};

/// A game state that is not valid: every error, located in its XML.
#[derive(Clone, Debug)]
pub struct GameError {
    pub file: String,
    pub diagnostics: Vec<Diagnostic>,
}

/// The first error.
impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.diagnostics.first() {
            Some(d) => write!(f, "{d}"),
            None => write!(f, "{}: the game state is not valid", self.file),
        }
    }
}

impl std::error::Error for GameError {}

/// Reads a game state's XML (any readable file) of at most the size the language allows.
pub fn read_game(path: &Path) -> Result<String, crate::limits::ReadError> {
    crate::limits::read_text(path, crate::limits::MAX_GAME_BYTES, false)
}

/// The game state of an XML text named `name`, validated (reference §6), with its warnings
/// (tolerated irregularities) located in the text.
pub fn game_from_xml(name: &str, xml: &str) -> Result<(GameState, Vec<Diagnostic>), GameError> {
    let file = SourceFile::new(name, xml);
    match GameState::from_xml(xml) {
        Ok((state, warnings)) => Ok((state, locate_all(&file, &warnings))),
        Err(invalid) => Err(GameError {
            file: name.to_string(),
            diagnostics: locate_all(&file, &invalid.diagnostics),
        }),
    }
}
