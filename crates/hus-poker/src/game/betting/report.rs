//! The betting machine's [`Violation`]s and [`Tolerated`] irregularities as diagnostics: the
//! one place their codes, messages, labels and spans are written (reference §6).

use super::machine::{Over, Tolerated, Violation};
use crate::diag::{Code, SourceDiagnostic, Span};
use crate::game::{Act, ActionRecord, Chips, Phase, Player, Unit};

/// An amount as the messages write it: exactly, in chips.
fn amt(u: Unit, c: Chips) -> String {
    u.format(c)
}

/// Points a diagnostic at a span when there is one (records built in code have none).
pub(super) fn at(d: SourceDiagnostic, span: Option<&Span>) -> SourceDiagnostic {
    match span {
        Some(s) => d.at(s.clone()),
        None => d,
    }
}

/// `Hero calls 20 (no=1)`: an act as the messages quote it.
fn describe(u: Unit, a: &ActionRecord) -> String {
    match a.act {
        Act::Check | Act::Fold => format!(
            "{} {}s (no={})",
            a.player.xml_name(),
            a.act.xml_name(),
            a.no
        ),
        _ => format!(
            "{} {}s {} (no={})",
            a.player.xml_name(),
            a.act.xml_name(),
            amt(u, a.amount),
            a.no
        ),
    }
}

/// Adds the fold that ended the hand as related information.
fn with_fold(d: SourceDiagnostic, fold: Option<&ActionRecord>) -> SourceDiagnostic {
    match fold.and_then(|f| f.span.clone()) {
        Some(s) => d.with_related(s, "the fold"),
        None => d,
    }
}

fn folder(fold: Option<&ActionRecord>, over: Over) -> &'static str {
    match (fold, over) {
        (Some(f), _) => f.player.xml_name(),
        (None, Over::Folded(p) | Over::AllIn(p)) => p.xml_name(),
    }
}

/// A violation of the act `a`; `previous` is the act before it in the round, `fold` the act
/// that ended the hand.
pub(super) fn act_violation(
    u: Unit,
    v: &Violation,
    a: &ActionRecord,
    previous: Option<&ActionRecord>,
    fold: Option<&ActionRecord>,
) -> SourceDiagnostic {
    match *v {
        Violation::HandOver { .. }
        | Violation::RoundFinished { .. }
        | Violation::ActedTwice { .. }
        | Violation::NothingToDecide { .. } => turn_violation(u, v, a, previous, fold),
        // Violations of a round or of the decision, not of an act.
        Violation::RoundUnfinished { .. }
        | Violation::PlayerAllIn { .. }
        | Violation::NotTheirTurn { .. } => unreachable_place(&format!("{v:?}"), a.span.as_ref()),
        _ => amount_violation(u, v, a),
    }
}

/// An act at a moment it cannot be made: after the hand or the round is over, twice in a row,
/// or by a player with nothing to decide.
// Long on purpose: one arm per violation, each message written out where it can be read.
fn turn_violation(
    u: Unit,
    v: &Violation,
    a: &ActionRecord,
    previous: Option<&ActionRecord>,
    fold: Option<&ActionRecord>,
) -> SourceDiagnostic {
    let span = a.span.as_ref();
    let previous_span = previous.and_then(|l| l.span.clone());
    let closed = |d: SourceDiagnostic| {
        let d = at(d, span).with_label("nothing is left to bet here");
        match previous_span.clone() {
            Some(s) => d.with_related(s, "this closed the betting"),
            None => d,
        }
    };
    match *v {
        Violation::HandOver {
            over: over @ Over::Folded(_),
            ..
        } => with_fold(
            at(
                SourceDiagnostic::error(
                    Code::HandOver,
                    format!(
                        "{} after the hand is over: {} folded",
                        describe(u, a),
                        folder(fold, over)
                    ),
                ),
                span,
            ),
            fold,
        ),
        Violation::HandOver {
            over: Over::AllIn(q),
            ..
        } => closed(SourceDiagnostic::error(
            Code::HandOver,
            format!(
                "{}, but no more betting is possible: {} is all in",
                describe(u, a),
                q.xml_name()
            ),
        )),
        Violation::RoundFinished { phase } => closed(
            SourceDiagnostic::error(
                Code::RoundFinished,
                format!(
                    "{}, but the {} betting is already finished",
                    describe(u, a),
                    phase.xml_tag()
                ),
            )
            .with_help(match phase.next() {
                Some(n) => format!("the next action belongs in <{}>", n.xml_tag()),
                None => "the river betting is over: the hand goes to showdown".into(),
            }),
        ),
        Violation::ActedTwice { player } => {
            let d = at(
                SourceDiagnostic::error(
                    Code::ActedTwice,
                    format!("{} acts twice in a row", player.xml_name()),
                ),
                span,
            )
            .with_label(format!("expected {} to act", player.other().xml_name()));
            match previous_span {
                Some(s) => d.with_related(s, "the previous action"),
                None => d,
            }
        }
        Violation::NothingToDecide { player, all_in } => {
            let why = if all_in == player {
                format!("{} is all in", player.xml_name())
            } else {
                format!(
                    "{} owes nothing and {} is all in",
                    player.xml_name(),
                    all_in.xml_name()
                )
            };
            at(
                SourceDiagnostic::error(
                    Code::OutOfTurn,
                    format!("{}, but {why}: there is nothing to decide", describe(u, a)),
                ),
                span,
            )
            .with_label("cannot act")
        }
        _ => unreachable_place(&format!("{v:?}"), span),
    }
}

/// An act whose amount or kind the betting does not allow: negative, on a check or fold, a
/// check or call that does not match what is owed, more than the stack, a raise too small.
// Long on purpose: one arm per violation, each message written out where it can be read.
fn amount_violation(u: Unit, v: &Violation, a: &ActionRecord) -> SourceDiagnostic {
    let span = a.span.as_ref();
    match *v {
        Violation::NegativeAmount => at(
            SourceDiagnostic::error(
                Code::BadAmount,
                format!("{}: a negative amount", describe(u, a)),
            ),
            span,
        )
        .with_label("expected 0 or more chips"),
        Violation::AmountOnNoChipAct => at(
            SourceDiagnostic::error(
                Code::BadAmount,
                format!(
                    "{} with amount {}: a {} adds no chips",
                    describe(u, a),
                    amt(u, a.amount),
                    a.act.xml_name()
                ),
            ),
            span,
        )
        .with_label("expected amount=\"0\""),
        Violation::CheckOwed { owes } => at(
            SourceDiagnostic::error(
                Code::CheckOwed,
                format!("{} but owes {}", describe(u, a), amt(u, owes)),
            ),
            span,
        )
        .with_label("expected call, raise or fold"),
        Violation::CallMismatch { owes, expected } => at(
            SourceDiagnostic::error(
                Code::CallMismatch,
                format!("{} but owes {}", describe(u, a), amt(u, owes)),
            ),
            span,
        )
        .with_label(format!("expected amount=\"{}\"", amt(u, expected)))
        .with_help(
            "a call's amount is the chips it adds: what the player owes, or all they have left",
        ),
        Violation::OverStack { adds, behind } => {
            let what = if a.act == Act::Call {
                format!("{} calls {}", a.player.xml_name(), amt(u, adds))
            } else {
                format!(
                    "{} {}s {} (adding {} with the call)",
                    a.player.xml_name(),
                    a.act.xml_name(),
                    amt(u, a.amount),
                    amt(u, adds)
                )
            };
            at(
                SourceDiagnostic::error(
                    Code::OverStack,
                    format!("{what} but has only {} behind", amt(u, behind)),
                ),
                span,
            )
            .with_label("more chips than the player has")
        }
        Violation::NoIncrement => at(
            SourceDiagnostic::error(
                Code::BadAmount,
                format!(
                    "{}: a {} adds a positive increment",
                    describe(u, a),
                    a.act.xml_name()
                ),
            ),
            span,
        )
        .with_label("expected the increment above the call, more than 0"),
        Violation::CannotRaise { all_in } => at(
            SourceDiagnostic::error(
                Code::CannotRaise,
                format!(
                    "{}, but {} is all in: only call or fold are possible",
                    describe(u, a),
                    all_in.xml_name()
                ),
            ),
            span,
        )
        .with_label("expected call or fold"),
        _ => unreachable_place(&format!("{v:?}"), span),
    }
}

/// A violation reported where the machine never returns it (the replay asked the wrong
/// question): said plainly rather than panicking.
fn unreachable_place(what: &str, span: Option<&Span>) -> SourceDiagnostic {
    at(
        SourceDiagnostic::error(
            Code::HandOver,
            format!("the betting is invalid here ({what})"),
        ),
        span,
    )
}

/// A violation of a new round `phase` (at `round_span`): the hand was over, or the previous
/// round (`previous`) was not finished; `stopped_at` is where its betting stopped.
pub(super) fn round_violation(
    u: Unit,
    v: &Violation,
    phase: Phase,
    round_span: Option<&Span>,
    previous: Phase,
    stopped_at: Option<Span>,
    fold: Option<&ActionRecord>,
) -> SourceDiagnostic {
    match *v {
        Violation::HandOver { over, .. } => with_fold(
            at(
                SourceDiagnostic::error(
                    Code::HandOver,
                    format!(
                        "<{}> after the hand is over: {} folded",
                        phase.xml_tag(),
                        folder(fold, over)
                    ),
                ),
                round_span,
            ),
            fold,
        ),
        Violation::RoundUnfinished { player, owes } => {
            let why = if owes > Chips::ZERO {
                format!("{} still owes {}", player.xml_name(), amt(u, owes))
            } else {
                format!("{} has not acted yet", player.xml_name())
            };
            let prev_tag = previous.xml_tag();
            let d = at(
                SourceDiagnostic::error(
                    Code::RoundUnfinished,
                    format!(
                        "<{}> comes before the <{prev_tag}> betting is finished: {why}",
                        phase.xml_tag()
                    ),
                ),
                round_span,
            )
            .with_label("too early");
            match stopped_at {
                Some(s) => d.with_related(s, format!("the <{prev_tag}> betting stops here")),
                None => d,
            }
        }
        _ => unreachable_place(&format!("{v:?}"), round_span),
    }
}

/// Why the hero cannot decide at the end of the record; `here` is the last act (or round),
/// `fold` the fold that ended the hand.
pub(super) fn decision_violation(
    v: &Violation,
    here: Option<&Span>,
    fold: Option<&ActionRecord>,
) -> SourceDiagnostic {
    let closed = |d: SourceDiagnostic| at(d, here).with_label("the betting closed here");
    match *v {
        Violation::HandOver {
            over: over @ Over::Folded(_),
            ..
        } => at(
            SourceDiagnostic::error(
                Code::HandOver,
                format!("the hand is over: {} folded", folder(fold, over)),
            ),
            fold.and_then(|f| f.span.as_ref()),
        )
        .with_label("nothing is left to decide after a fold"),
        Violation::PlayerAllIn { player } => at(
            SourceDiagnostic::error(
                Code::HandOver,
                format!(
                    "the {} is all in: nothing is left to decide",
                    player.xml_name().to_lowercase()
                ),
            ),
            here,
        )
        .with_label(format!(
            "the {} has no chips behind",
            player.xml_name().to_lowercase()
        )),
        Violation::HandOver {
            over: Over::AllIn(q),
            ..
        } => closed(SourceDiagnostic::error(
            Code::HandOver,
            format!(
                "the hand is over: {} is all in and the betting is closed",
                q.xml_name()
            ),
        )),
        Violation::RoundFinished { phase } => closed(match phase.next() {
            Some(next) => SourceDiagnostic::error(
                Code::RoundFinished,
                format!(
                    "the {} betting is finished; the hero decides again once the {} is dealt",
                    phase.xml_tag(),
                    next.xml_tag()
                ),
            )
            .with_help(format!("add <{}> with its <cards>", next.xml_tag())),
            None => SourceDiagnostic::error(
                Code::HandOver,
                "the hand is over: the river betting is finished (showdown)",
            ),
        }),
        Violation::NotTheirTurn { player } => at(
            SourceDiagnostic::error(
                Code::NotHeroTurn,
                format!(
                    "it is the {}'s turn, not the {}'s: the {} acted last",
                    player.other().xml_name().to_lowercase(),
                    player.xml_name().to_lowercase(),
                    player.xml_name().to_lowercase()
                ),
            ),
            here,
        )
        .with_label(format!(
            "the {} is to answer this",
            player.other().xml_name().to_lowercase()
        )),
        _ => unreachable_place(&format!("{v:?}"), here),
    }
}

/// A tolerated irregularity of the act `a` as a warning.
pub(super) fn tolerated_act(u: Unit, t: &Tolerated, a: &ActionRecord) -> SourceDiagnostic {
    match *t {
        Tolerated::OutOfOrder { phase, standard } => out_of_order(phase, standard, Some(a), None),
        Tolerated::SmallRaise {
            min_raise,
            by_last_raise,
        } => {
            let why = if by_last_raise {
                "the last raise"
            } else {
                "the big blind"
            };
            at(
                SourceDiagnostic::warning(
                    Code::SmallRaise,
                    format!(
                        "{}: less than the minimum raise of {} ({why})",
                        describe(u, a),
                        amt(u, min_raise)
                    ),
                ),
                a.span.as_ref(),
            )
            .with_label("a raise below the minimum")
            .with_help("accepted (reference §6 tolerates this)")
        }
    }
}

/// A tolerated irregularity of the decision itself (the hero to open a round no one has
/// acted in, out of the standard order) as a warning at `round_span`.
pub(super) fn tolerated_decision(t: &Tolerated, round_span: Option<&Span>) -> SourceDiagnostic {
    match *t {
        Tolerated::OutOfOrder { phase, standard } => {
            out_of_order(phase, standard, None, round_span)
        }
        Tolerated::SmallRaise { .. } => unreachable_place(&format!("{t:?}"), round_span),
    }
}

/// The warning for a round opened by the player standard order has act second: by the act
/// `a`, or (no act yet) by the decision being asked for.
fn out_of_order(
    phase: Phase,
    standard: Player,
    a: Option<&ActionRecord>,
    round_span: Option<&Span>,
) -> SourceDiagnostic {
    let other = standard.other();
    let (code, rule) = if phase == Phase::Preflop {
        (
            Code::BbFirst,
            "before the flop the button (the small blind) acts first",
        )
    } else {
        (
            Code::ButtonFirst,
            "after the flop the big blind acts first and the button last",
        )
    };
    let message = if a.is_some() {
        format!(
            "{} opens the {} betting, but {rule}: {} should act first",
            other.xml_name(),
            phase.xml_tag(),
            standard.xml_name()
        )
    } else {
        format!(
            "no {} action yet: {rule}, so {} should act first; taking the {} to act",
            phase.xml_tag(),
            standard.xml_name(),
            other.xml_name().to_lowercase()
        )
    };
    at(
        SourceDiagnostic::warning(code, message),
        a.map_or(round_span, |a| a.span.as_ref()),
    )
    .with_label("out of the standard order")
    .with_help("accepted (reference §6 tolerates this); whose turn it is follows from the actions")
}
