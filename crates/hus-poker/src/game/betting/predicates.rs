//! The betting predicates (reference §3): the rows of the predicate table whose kind is
//! `betting`, evaluated here, on the betting state the game derives.

use super::Derived;
use crate::cards::predicate::{predicate_table, Predicate};
use crate::game::{Chips, Phase, Player};

/// Generates [`Derived::betting_predicate`] from the betting rows of the table.
macro_rules! betting_predicates {
    (@eval betting $eval:expr) => { Some($eval) };
    // A card row: the cards layer answers it.
    (@eval $kind:ident $eval:expr) => { None };
    ($(
        ($hole:ident, $board:ident, $all:ident; $d:ident)
        $($(#[$doc:meta])* $variant:ident $name:literal $kind:ident $needs:ident => $eval:expr;)*
    )*) => {
        impl Derived {
            /// Whether a betting predicate holds in this state; `None` for a predicate of the
            /// cards, which [`Predicate::on_cards`] answers.
            #[inline]
            #[allow(unused_variables)] // A card row leaves the state unread.
            pub fn betting_predicate(&self, p: Predicate) -> Option<bool> {
                match p {
                    $($(Predicate::$variant => {
                        let $d = self;
                        betting_predicates!(@eval $kind $eval)
                    })*)*
                }
            }
        }
    };
}

predicate_table!(betting_predicates);
