//! `hus match --log FILE`: the match in the competition dealer's log format, which
//! `hus replay` reads. One line per hand,
//! `STATE:<hand>:<betting>:<both hands>/<board>:<value>|<value>:<name>|<name>`, values and
//! names by protocol position (position 0 is the big blind), hands numbered from 0; then
//! `SCORE:<total>|<total>:<name A>|<name B>`.

use std::io::Write;
use std::sync::{Arc, Mutex};

use super::acpc_text::final_state;
use super::hand::HandOutcome;
use crate::game::GameRecord;
use crate::play::Deal;

/// Where a match's log goes, and the two players' names in it (A's, B's).
#[derive(Clone)]
pub struct HandLog {
    names: [String; 2],
    out: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl std::fmt::Debug for HandLog {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HandLog")
            .field("names", &self.names)
            .finish()
    }
}

/// A player's name as the log can hold it: letters, digits, `_`, `-` and `.` (anything
/// else becomes `_`), at most 60 characters, never empty.
pub fn log_name(name: &str) -> String {
    let clean: String = name
        .chars()
        .take(60)
        .map(|c| {
            if c.is_ascii_alphanumeric() || "_-.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    if clean.is_empty() {
        "player".into()
    } else {
        clean
    }
}

impl HandLog {
    /// A log written to `out`, with A's and B's names (made log-safe, and told apart with
    /// `-A` and `-B` when they are the same).
    pub fn new(names: [&str; 2], out: Box<dyn Write + Send>) -> HandLog {
        let mut names = names.map(log_name);
        if names[0] == names[1] {
            names[0].push_str("-A");
            names[1].push_str("-B");
        }
        HandLog {
            names,
            out: Arc::new(Mutex::new(out)),
        }
    }

    /// A's and B's names in the log.
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The `STATE` line of hand `h` (from 0) whose button was bot `button`, from the
    /// button's record.
    pub fn state_line(
        &self,
        h: u64,
        button: usize,
        button_record: &GameRecord,
        deal: &Deal,
        outcome: &HandOutcome,
    ) -> String {
        let view = final_state(button_record, deal, 0, h, outcome.showdown, true);
        // Position 0 is the big blind: the bot that is not the button.
        let by_position = [1 - button, button];
        format!(
            "STATE:{}:{}|{}:{}|{}",
            view.text(),
            outcome.net[by_position[0]],
            outcome.net[by_position[1]],
            self.names[by_position[0]],
            self.names[by_position[1]]
        )
    }

    /// Appends lines to the log.
    pub fn write(&self, lines: &[String]) -> Result<(), String> {
        let mut out = self
            .out
            .lock()
            .map_err(|_| "the log is unusable".to_string())?;
        for l in lines {
            writeln!(out, "{l}").map_err(|e| format!("cannot write the log: {e}"))?;
        }
        Ok(())
    }

    /// Ends the log with the `SCORE` line (A's and B's totals) and flushes it.
    pub fn finish(&self, net_a: i64) -> Result<(), String> {
        let line = format!(
            "SCORE:{}|{}:{}|{}",
            net_a, -net_a, self.names[0], self.names[1]
        );
        self.write(&[line])?;
        self.flush()
    }

    /// Writes what is buffered (a match that stopped keeps its hands).
    pub fn flush(&self) -> Result<(), String> {
        let mut out = self
            .out
            .lock()
            .map_err(|_| "the log is unusable".to_string())?;
        out.flush()
            .map_err(|e| format!("cannot write the log: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_safe_for_the_log_and_told_apart() {
        let log = HandLog::new(
            ["examples/tag.hus", "examples/tag.hus"],
            Box::new(Vec::new()),
        );
        assert_eq!(log.names(), &["examples_tag.hus-A", "examples_tag.hus-B"]);
        assert_eq!(log_name("a|b:c"), "a_b_c");
        assert_eq!(log_name(""), "player");
    }
}
