//! `hus nash --script`: an equilibrium written as a HUS bot. The small blind pushes its
//! range all in and folds the rest, the big blind calls a raise with its range and folds the
//! rest; a class the equilibrium mixes gets a mixed strategy with its exact shares.

use super::{Equilibrium, Shares};
use crate::cards::hole::HoleClass;
use crate::front::ranges::grid::runs;
use crate::game::format_amount;

/// The script of `eq`; `command` is the command line that wrote it, quoted in its header.
pub fn write_script(eq: &Equilibrium, command: &str) -> String {
    let g = &eq.game;
    let mut s = format!(
        "// The heads-up push-or-fold equilibrium at {} big blinds (small blind {}bb{}),\n\
         // written by `{command}` (reference §12.16).\n\
         // As the small blind it pushes all in or folds; as the big blind it calls a push (any\n\
         // raise) or folds, and checks when nothing is owed. The small blind's value is\n\
         // {} mbb/hand; the equilibrium's gap {} mbb/hand. Play it at its depth:\n\
         //   hus match THIS_FILE OPPONENT --stack {}\n\n",
        format_amount(g.stack),
        format_amount(g.small_blind),
        if g.ante > 0.0 {
            format!(", ante {}bb", format_amount(g.ante))
        } else {
            String::new()
        },
        mbb_text(eq.value),
        gap_text(eq.gap),
        format_amount(g.stack),
    );
    let pushes = range_text(|i| eq.push[i] >= 1.0);
    let calls = range_text(|i| eq.call[i] >= 1.0);
    if !pushes.is_empty() {
        s.push_str(&format!("DEFINE pushes = {pushes}\n"));
    }
    if !calls.is_empty() {
        s.push_str(&format!("DEFINE calls = {calls}\n"));
    }
    s.push_str("\nPREFLOP\n");
    if !pushes.is_empty() {
        s.push_str("  RULE button, pushes\n    THEN RAISE allIn\n  ENDRULE\n\n");
    }
    for (class, x) in mixed(&eq.push) {
        s.push_str(&format!(
            "  RULE button, {class}\n    THEN {} RAISE allIn, {} FOLD\n  ENDRULE\n\n",
            weight(x),
            weight(1.0 - x)
        ));
    }
    // The big blind answers the push: the villain has acted, so through a reaction.
    if !calls.is_empty() {
        s.push_str(
            "  RULE !button, calls\n    VILLAIN facingRaise\n      THEN CALL\n    ENDVILLAIN\n  ENDRULE\n\n",
        );
    }
    for (class, x) in mixed(&eq.call) {
        s.push_str(&format!(
            "  RULE !button, {class}\n    VILLAIN facingRaise\n      THEN {} CALL, {} FOLD\n    ENDVILLAIN\n  ENDRULE\n\n",
            weight(x),
            weight(1.0 - x)
        ));
    }
    // Anything else (the small blind's fold, the big blind's answer to a limp, every later
    // street): fold when something is owed, check when nothing is.
    s.truncate(s.trim_end().len());
    s.push_str(
        "\nENDPREFLOP\n\nALWAYS\n  RULE PRIORITY -1 facingBet\n    THEN FOLD\n    VILLAIN\n      THEN FOLD\n    \
         ENDVILLAIN\n  ENDRULE\n\n  RULE PRIORITY -1 !facingBet\n    THEN CHECK\n    VILLAIN\n      \
         THEN CHECK\n    ENDVILLAIN\n  ENDRULE\nENDALWAYS\n",
    );
    s
}

/// The classes whose share is strictly between 0 and 1, with it.
fn mixed(shares: &Shares) -> impl Iterator<Item = (String, f64)> + '_ {
    shares
        .iter()
        .enumerate()
        .filter(|(_, &x)| x > 0.0 && x < 1.0)
        .map(|(i, &x)| (HoleClass::from_index(i).name(), x))
}

/// A weight with nine decimals at most.
fn weight(x: f64) -> String {
    let s = format!("{x:.9}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A value in big blinds as mbb with a sign and one decimal: `+45.4`, `-3.0`.
pub(crate) fn mbb_text(bb: f64) -> String {
    let m = (bb * 10_000.0).round() / 10.0;
    let m = if m == 0.0 { 0.0 } else { m };
    format!("{m:+.1}")
}

/// A gap in big blinds as mbb in scientific notation when below 0.001: `3e-14`.
pub(crate) fn gap_text(bb: f64) -> String {
    let m = (bb * 1000.0).max(0.0);
    if m == 0.0 {
        "0".into()
    } else if m < 0.001 {
        format!("{m:.0e}")
    } else {
        format!("{m:.3}")
    }
}

/// The classes `has` holds, as a range players write: `QQ+ | 55 | A2s-AKs | K9o-KQo | 76s`
/// (pairs first, then suited and offsuit by their high card, runs joined, higher first).
pub(crate) fn range_text(has: impl Fn(usize) -> bool) -> String {
    let ranks = "23456789TJQKA".as_bytes();
    let r = |x: usize| ranks[x] as char;
    let index = |high: usize, low: usize, suited: bool| {
        let (h, l) = (12 - high, 12 - low);
        if suited || high == low {
            h * 13 + l
        } else {
            l * 13 + h
        }
    };
    let mut parts = Vec::new();
    for (a, b) in runs(&(0..13).map(|x| has(index(x, x, false))).collect::<Vec<_>>())
        .into_iter()
        .rev()
    {
        parts.push(match (a, b) {
            (a, 12) if a < 12 => format!("{}{}+", r(a), r(a)),
            (a, b) if a == b => format!("{}{}", r(a), r(a)),
            (a, b) => format!("{}{}-{}{}", r(a), r(a), r(b), r(b)),
        });
    }
    for suited in [true, false] {
        let o = if suited { 's' } else { 'o' };
        for high in (1..13).rev() {
            let row: Vec<bool> = (0..high).map(|low| has(index(high, low, suited))).collect();
            for (a, b) in runs(&row).into_iter().rev() {
                parts.push(if a == b {
                    format!("{}{}{o}", r(high), r(a))
                } else {
                    format!("{}{}{o}-{}{}{o}", r(high), r(a), r(high), r(b))
                });
            }
        }
    }
    parts.join(" | ")
}
