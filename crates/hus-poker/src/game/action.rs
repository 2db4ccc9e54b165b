//! What a player does: an [`Intent`] asks for an action, which the rules of reference §5 make
//! a legal [`Action`] in a state (`hus_lang::eval::make_legal`).

use super::{format_amount, Chips, Unit};

/// What a player asks for, before it is made legal: a rule's action, an external program's
/// answer, a bot's move at a table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Intent {
    Fold,
    Check,
    Call,
    /// A call when something is owed, a check otherwise (a table's `C`): never a change.
    CallOrCheck,
    /// Raise by this many chips above the call (before rounding to whole chips).
    Raise(f64),
    /// Everything behind (`RAISE allIn`, a table's `A`): capping it is never a change.
    AllIn,
}

/// What the hero does now, legal in the state it was decided in: the output of a decision
/// (`fold`, `check`, `call`, `raise N`), with both ways of writing a raise.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    Fold,
    Check,
    Call,
    /// `by`: chips above the call (what `hus decide` prints, reference §5); `to`: the total
    /// the hero's chips in this round come to, as poker software records a raise.
    Raise {
        by: f64,
        to: f64,
    },
}

impl Action {
    /// A raise by `by` chips above the call, its total for the round (`to`) counted from
    /// `called`, the hero's chips in the round once the call is in: the one place `to` is made.
    pub fn raise_after(unit: Unit, called: Chips, by: f64) -> Action {
        Action::Raise {
            by,
            to: unit.to_f64(called) + by,
        }
    }

    /// `fold`, `check`, `call`, `raise`.
    pub fn name(&self) -> &'static str {
        match self {
            Action::Fold => "fold",
            Action::Check => "check",
            Action::Call => "call",
            Action::Raise { .. } => "raise",
        }
    }
}

/// `fold`, `call`, `raise 60`: what `hus decide` prints.
impl std::fmt::Display for Action {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            Action::Raise { by, .. } => write_raise(f, by),
            other => f.write_str(other.name()),
        }
    }
}

/// `fold`, `raise 77`, as an action's program answers; `call or check`, `all in` for the
/// two a program cannot answer.
impl std::fmt::Display for Intent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match *self {
            Intent::Raise(by) => return write_raise(f, by),
            Intent::Fold => "fold",
            Intent::Check => "check",
            Intent::Call => "call",
            Intent::CallOrCheck => "call or check",
            Intent::AllIn => "all in",
        })
    }
}

/// `raise N` in the shortest form that reads back as the amount: exact for a raise made
/// legal (a whole number of the state's unit).
fn write_raise(f: &mut std::fmt::Formatter<'_>, by: f64) -> std::fmt::Result {
    if by.is_finite() && by.abs() < 1e15 {
        write!(f, "raise {by}")
    } else {
        write!(f, "raise {}", format_amount(by))
    }
}

/// Asking for an action already legal: made legal again, it stays the same (a raise by the
/// same chips), and an intent that differs from it was changed.
impl From<Action> for Intent {
    fn from(a: Action) -> Intent {
        match a {
            Action::Fold => Intent::Fold,
            Action::Check => Intent::Check,
            Action::Call => Intent::Call,
            Action::Raise { by, .. } => Intent::Raise(by),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raise_prints_its_increment() {
        let raise = |by| Action::Raise { by, to: 1000.0 };
        assert_eq!(raise(60.0).to_string(), "raise 60");
        assert_eq!(raise(0.3).to_string(), "raise 0.3");
        assert_eq!(raise(1.7e308).to_string(), "raise 1.7e308");
        assert_eq!(Action::Call.to_string(), "call");
        assert_eq!(Intent::from(raise(60.0)), Intent::Raise(60.0));
        assert_eq!(Intent::Raise(2.5).to_string(), "raise 2.5");
        assert_eq!(Intent::Fold.to_string(), "fold");
    }
}
