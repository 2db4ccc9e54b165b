//! Game states read from their XML (`hus decide`'s second file), with diagnostics located
//! in it.

use std::path::Path;

use crate::diag::SourceFile;
use crate::game::{Act, Chips, GameRecord, GameState, Play, Player};

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

/// The acts of a hand as a [`GameState::builder`] takes them: bets and raises as the total
/// the player's chips in the round come to (the record holds the increment above the call).
pub fn plays_of(record: &GameRecord) -> Vec<(Player, Play)> {
    let seat = |p: Player| usize::from(p == Player::Villain);
    let mut put_in = [Chips::ZERO; 2];
    for p in &record.posts {
        put_in[seat(p.player)] += p.amount;
    }
    let mut plays = Vec::new();
    for (k, round) in record.rounds.iter().enumerate() {
        if k > 0 {
            put_in = [Chips::ZERO; 2];
        }
        for a in &round.actions {
            let (me, other) = (seat(a.player), 1 - seat(a.player));
            let play = match a.act {
                Act::Fold => Play::Fold,
                Act::Check => Play::Check,
                Act::Call => {
                    put_in[me] += a.amount;
                    Play::Call
                }
                Act::Bet | Act::Raise => {
                    put_in[me] = put_in[other] + a.amount;
                    match a.act {
                        Act::Bet => Play::BetTo(record.unit.decimal(put_in[me])),
                        _ => Play::RaiseTo(record.unit.decimal(put_in[me])),
                    }
                }
            };
            plays.push((a.player, play));
        }
    }
    plays
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_acts_read_back_as_built() {
        let plays = vec![
            (Player::Hero, Play::RaiseTo(60.into())),
            (Player::Villain, Play::RaiseTo(180.into())),
            (Player::Hero, Play::Call),
            (Player::Villain, Play::BetTo(200.into())),
            (Player::Hero, Play::RaiseTo(600.into())),
        ];
        let mut b = GameState::builder(10.0, 20.0)
            .hero_cards("AsAd")
            .board("9h5s2d");
        for &(p, play) in &plays {
            b = b.play(p, play);
        }
        let record = b.record().unwrap();
        assert_eq!(plays_of(&record), plays);
    }
}
