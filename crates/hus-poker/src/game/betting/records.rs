//! Checks of a record that come before any betting (reference §6): the numbers of `<init>`,
//! the cards dealt, the blind posts and the order of the rounds.

use super::report::at;
use crate::cards::CardSet;
use crate::diag::{Code, SourceDiagnostic};
use crate::game::chips::{Chips, MAX_UNITS};
use crate::game::xml::SourceSpans;
use crate::game::{GameRecord, Phase, Player, Post};

/// Checks the numbers of `<init>` (each is a whole number of units: the reader and the
/// builder refuse what is not).
pub(super) fn check_init(r: &GameRecord, spans: &SourceSpans, errors: &mut Vec<SourceDiagnostic>) {
    let max = Chips(MAX_UNITS);
    let fine =
        |v: Chips, positive: bool| v >= Chips::ZERO && (!positive || v > Chips::ZERO) && v <= max;
    let fields = [
        ("BB", r.bb, &spans.bb, true),
        ("SB", r.sb, &spans.sb, true),
        ("heroStack", r.hero_stack, &spans.hero_stack, false),
        ("villainStack", r.villain_stack, &spans.villain_stack, false),
    ];
    let all_fine = fields.iter().all(|(_, v, _, positive)| fine(*v, *positive));
    let amt = |c: Chips| r.unit.format(c);
    for (name, v, span, positive) in fields.into_iter().filter(|_| !all_fine) {
        if !fine(v, positive) {
            let want = match (positive, v > max) {
                (_, true) => "at most 9007199254740992 units of the chip (2^53, counted exactly)",
                (true, false) => "a positive number of chips",
                (false, false) => "a number of chips, 0 or more",
            };
            errors.push(
                at(
                    SourceDiagnostic::error(
                        Code::BadNumber,
                        format!("<{name}> is {}; expected {want}", amt(v)),
                    ),
                    span.as_ref().or(spans.init.as_ref()),
                )
                .with_label(format!("expected {want}")),
            );
        }
    }
    if all_fine && r.sb > r.bb {
        errors.push(
            at(
                SourceDiagnostic::error(
                    Code::BadNumber,
                    format!(
                        "<SB> is {} but <BB> is {}: the small blind is at most the big blind",
                        amt(r.sb),
                        amt(r.bb)
                    ),
                ),
                spans.sb.as_ref().or(spans.init.as_ref()),
            )
            .with_label("more than the big blind"),
        );
    }
    if let Some(chip) = r.chip {
        if chip <= Chips::ZERO {
            errors.push(at(
                SourceDiagnostic::error(
                    Code::BadNumber,
                    format!("<chip> is {}; expected a positive chip size", amt(chip)),
                ),
                spans.init.as_ref(),
            ));
        }
    }
}

/// Checks that no card is dealt twice and every round deals its number of cards; returns
/// the board.
pub(super) fn check_cards(
    r: &GameRecord,
    spans: &SourceSpans,
    errors: &mut Vec<SourceDiagnostic>,
) -> CardSet {
    // Every card in dealing order with its span, built only when a duplicate needs a
    // pointer to where the card was first dealt.
    let all = || {
        let hole = r
            .hero_cards
            .iter()
            .enumerate()
            .map(|(k, c)| (*c, spans.hero_cards[k].clone()));
        let board = r.rounds.iter().enumerate().flat_map(move |(ri, round)| {
            round.cards.iter().enumerate().map(move |(k, c)| {
                let s = spans
                    .round_cards
                    .get(ri)
                    .and_then(|v| v.get(k))
                    .cloned()
                    .or_else(|| round.span.clone());
                (*c, s)
            })
        });
        hole.chain(board)
    };
    let mut seen = CardSet::EMPTY;
    let mut board = CardSet::EMPTY;
    for round in &r.rounds {
        let want = cards_dealt(round.phase);
        if round.cards.len() != want {
            let tag = round.phase.xml_tag();
            let message = if want == 0 {
                format!(
                    "<{tag}> deals no board cards, but {} are given",
                    round.cards.len()
                )
            } else {
                format!(
                    "<{tag}> deals {want} board card{}, but {} {} given",
                    if want == 1 { "" } else { "s" },
                    round.cards.len(),
                    if round.cards.len() == 1 { "is" } else { "are" }
                )
            };
            errors.push(
                at(
                    SourceDiagnostic::error(Code::WrongCardCount, message),
                    round.span.as_ref(),
                )
                .with_label(format!("expected {want} card(s) in <cards>")),
            );
        }
        for c in &round.cards {
            board.insert(*c);
        }
    }
    let dealt = r
        .hero_cards
        .iter()
        .chain(r.rounds.iter().flat_map(|round| round.cards.iter()));
    for (k, &card) in dealt.enumerate() {
        if seen.contains(card) {
            let span = all().nth(k).and_then(|(_, s)| s);
            let first = all().take(k).find(|(c, _)| *c == card).and_then(|(_, s)| s);
            let mut d = at(
                SourceDiagnostic::error(Code::CardTwice, format!("the card {card} is dealt twice")),
                span.as_ref(),
            )
            .with_label("already dealt");
            if let Some(f) = first {
                d = d.with_related(f, "first dealt here");
            }
            errors.push(d);
        }
        seen.insert(card);
    }
    board
}

/// How many board cards a round deals: 3 on the flop, 1 on the turn and river.
pub(super) fn cards_dealt(phase: Phase) -> usize {
    match phase {
        Phase::Preflop => 0,
        Phase::Flop => 3,
        Phase::Turn | Phase::River => 1,
    }
}

/// Checks the blind posts; returns the button (who posted the small blind).
pub(super) fn check_posts(
    r: &GameRecord,
    spans: &SourceSpans,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<Player> {
    let (sb, bb) = find_posts(r, spans, errors)?;
    if sb.player == bb.player {
        errors.push(
            at(
                SourceDiagnostic::error(
                    Code::BadPost,
                    format!("{} posts both blinds", sb.player.xml_name()),
                ),
                bb.span.as_ref(),
            )
            .with_help("heads-up, one player posts the small blind and the other the big blind"),
        );
        return None;
    }
    check_post_amounts(r, [sb, bb], errors);
    Some(sb.player)
}

/// The SB and the BB post: exactly one of each, nothing else.
fn find_posts<'r>(
    r: &'r GameRecord,
    spans: &SourceSpans,
    errors: &mut Vec<SourceDiagnostic>,
) -> Option<(&'r Post, &'r Post)> {
    let mut sb: Option<&Post> = None;
    let mut bb: Option<&Post> = None;
    let mut ok = true;
    for p in &r.posts {
        // The exact spelling first: what a record built in code always has.
        let slot = if p.blind == "SB" || p.blind.trim().eq_ignore_ascii_case("SB") {
            &mut sb
        } else if p.blind == "BB" || p.blind.trim().eq_ignore_ascii_case("BB") {
            &mut bb
        } else {
            errors.push(
                at(
                    SourceDiagnostic::error(
                        Code::BadPost,
                        format!(
                            "a post of `{}`: a post is SB or BB",
                            crate::diag::clip(&p.blind)
                        ),
                    ),
                    p.span.as_ref(),
                )
                .with_label("expected SB or BB as the text of <post>"),
            );
            ok = false;
            continue;
        };
        if let Some(first) = slot {
            let mut d = at(
                SourceDiagnostic::error(Code::BadPost, format!("a second {} post", p.blind.trim())),
                p.span.as_ref(),
            );
            if let Some(s) = &first.span {
                d = d.with_related(s.clone(), "first posted here");
            }
            errors.push(d);
            ok = false;
        } else {
            *slot = Some(p);
        }
    }
    if !ok {
        return None;
    }
    match (sb, bb) {
        (Some(sb), Some(bb)) => Some((sb, bb)),
        _ => {
            let which = match (sb, bb) {
                (None, None) => "the small and the big blind",
                (None, _) => "the small blind",
                _ => "the big blind",
            };
            errors.push(
                at(
                    SourceDiagnostic::error(Code::BadPost, format!("no post of {which}")),
                    spans.posts.as_ref(),
                )
                .with_help(
                    "<posts> holds <post player=\"Hero\" amount=\"10\">SB</post> and the villain's BB",
                ),
            );
            None
        }
    }
}

/// Each blind is posted in full, or is all the player has.
fn check_post_amounts(r: &GameRecord, [sb, bb]: [&Post; 2], errors: &mut Vec<SourceDiagnostic>) {
    for (post, blind, name) in [(sb, r.sb, "SB"), (bb, r.bb, "BB")] {
        let stack = match post.player {
            Player::Hero => r.hero_stack,
            Player::Villain => r.villain_stack,
        };
        let amt = |c: Chips| r.unit.format(c);
        let a = post.amount;
        if a < Chips::ZERO {
            errors.push(
                at(
                    SourceDiagnostic::error(Code::BadAmount, format!("a post of {} chips", amt(a))),
                    post.span.as_ref(),
                )
                .with_label("expected 0 or more chips"),
            );
        } else if a > stack {
            errors.push(
                at(
                    SourceDiagnostic::error(
                        Code::OverStack,
                        format!(
                            "{} posts {} but has only {} chips",
                            post.player.xml_name(),
                            amt(a),
                            amt(stack)
                        ),
                    ),
                    post.span.as_ref(),
                )
                .with_label("more than the player's stack"),
            );
        } else if !(a == blind || (a == stack && a < blind)) {
            errors.push(
                at(
                    SourceDiagnostic::error(
                        Code::BadPost,
                        format!(
                            "the {name} post is {} but <{name}> is {}",
                            amt(a),
                            amt(blind)
                        ),
                    ),
                    post.span.as_ref(),
                )
                .with_label(format!("expected {}", amt(blind)))
                .with_help("a blind is posted in full unless it puts the player all in"),
            );
        }
    }
}

pub(super) fn round_order(prev: Option<Phase>, phase: Phase) -> Option<String> {
    // The in-order cases first, before any name is looked up: this runs for every round of
    // every decision a match validates.
    match prev {
        None if phase == Phase::Preflop => return None,
        Some(p) if p.next() == Some(phase) => return None,
        _ => {}
    }
    let tag = phase.xml_tag();
    match prev {
        None if phase == Phase::Preflop => None,
        None => Some(format!(
            "<{tag}> without a <preflop> before it: rounds go preflop, flop, turn, river"
        )),
        Some(p) if p.next() == Some(phase) => None,
        Some(p) if p == phase => Some(format!("a second <{tag}>")),
        Some(p) if p > phase => Some(format!(
            "<{tag}> after <{}>: rounds go preflop, flop, turn, river",
            p.xml_tag()
        )),
        Some(p) => {
            let missing = p.next().map_or("?", |m| m.xml_tag());
            Some(format!(
                "<{tag}> after <{}>: <{missing}> is missing",
                p.xml_tag()
            ))
        }
    }
}
