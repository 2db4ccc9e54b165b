//! Branches that can never hold, and made hands the board can make alone: both spell
//! DEFINEs out (see [`expansions`]).

use super::*;

/// Predicates another one implies (`highPair` implies `pair`): the direct ones; the lint
/// closes them transitively.
pub(super) fn implies(p: Predicate) -> &'static [Predicate] {
    use Predicate::*;
    match p {
        HighPair | MidPair | LowPair | TwoPair | ThreeOfKind => &[Pair],
        FullHouse => &[ThreeOfKind, TwoPair],
        Poker => &[ThreeOfKind],
        StraightFlush => &[Straight, Flush],
        RoyalFlush => &[StraightFlush],
        DeskHighPair | DeskMidPair | DeskLowPair => &[DeskPair],
        DeskPair => &[Pair],
        DeskTwoPair => &[DeskPair, TwoPair],
        DeskThreeOfKind => &[DeskPair, ThreeOfKind],
        OverPair | TopPair | SecondPair | BottomPair => &[Pair],
        TopKicker => &[TopPair],
        HeroTwoPair => &[TwoPair],
        FacingRaise => &[FacingBet],
        NutFlushDraw => &[FlushDraw],
        PairedBoard => &[DeskPair],
        Button => &[InPosition],
        InPosition => &[Button],
        _ => &[],
    }
}

/// Predicates that cannot hold together with `p` (reference §3's definitions).
pub(super) fn excludes(p: Predicate) -> &'static [Predicate] {
    use Predicate::*;
    match p {
        Air => &[Pair, Straight, Flush, FlushDraw, StraightDraw],
        Flush => &[FlushDraw, BackdoorFlushDraw],
        FlushDraw => &[BackdoorFlushDraw],
        Monotone => &[TwoTone, Rainbow],
        TwoTone => &[Rainbow],
        HeroAggressor => &[VillainAggressor],
        Straight => &[StraightDraw, OpenEnded],
        _ => &[],
    }
}

/// `p` and everything it implies.
pub(super) fn closure(p: Predicate) -> Vec<Predicate> {
    let mut out = vec![p];
    let mut i = 0;
    while i < out.len() {
        for q in implies(out[i]) {
            if !out.contains(q) {
                out.push(*q);
            }
        }
        i += 1;
    }
    out
}

/// The hole-card classes a pair predicate allows before the flop, when the hole cards are
/// all the hero has (`None` for predicates that look at more).
pub(super) fn preflop_classes(p: Predicate) -> Option<HoleClassSet> {
    let pairs = |lo: Rank, hi: Rank| -> HoleClassSet {
        HoleClass::all()
            .filter(|c| c.is_pair() && c.high >= lo && c.high <= hi)
            .collect()
    };
    match p {
        Predicate::Pair => Some(pairs(Rank::TWO, Rank::ACE)),
        Predicate::HighPair => Some(pairs(Rank::JACK, Rank::ACE)),
        Predicate::MidPair => Some(pairs(Rank::SIX, Rank::TEN)),
        Predicate::LowPair => Some(pairs(Rank::TWO, Rank::FIVE)),
        Predicate::Air => Some(HoleClass::all().filter(|c| !c.is_pair()).collect()),
        _ => None,
    }
}

pub(super) fn complement(s: &HoleClassSet) -> HoleClassSet {
    s.complement()
}

pub(super) fn cmp_holds(a: f64, op: CmpOp, b: f64) -> bool {
    op.holds(a, b)
}

/// A condition of a branch with the DEFINEs it uses spelled out, and the name of the
/// INCLUDEd DEFINE it comes from (whose text is in another file).
pub(super) type Flat<'a> = (&'a ir::Condition, Option<&'a str>);

/// How many alternatives a branch's DEFINEs are spelled out to, at most; past it a DEFINE is
/// left as one condition the lints do not look into.
pub(super) const MAX_EXPANSIONS: usize = 16;

/// The condition lists a branch stands for once each DEFINEd condition it uses (not negated)
/// is replaced by one of its branches: every lint that looks at conditions sees through names.
pub(super) fn expansions<'a>(
    conds: &'a [ir::Condition],
    included: Option<&'a str>,
) -> Vec<Vec<Flat<'a>>> {
    let mut budget = MAX_SPELLED_OUT;
    expand(conds, included, &mut budget)
        .unwrap_or_else(|| vec![conds.iter().map(|c| (c, included)).collect()])
}

/// How many conditions spelling out one branch's DEFINEs may produce in all (a DEFINE
/// doubling another 40 times stays a few steps, not 2^40).
pub(super) const MAX_SPELLED_OUT: usize = 256;

/// The alternatives, or `None` once `budget` conditions have been produced.
pub(super) fn expand<'a>(
    conds: &'a [ir::Condition],
    included: Option<&'a str>,
    budget: &mut usize,
) -> Option<Vec<Vec<Flat<'a>>>> {
    let mut out: Vec<Vec<Flat<'a>>> = vec![Vec::new()];
    for c in conds {
        let alternatives = match &c.test {
            Test::All {
                name,
                branches,
                negated: false,
            } => {
                let inner = if branches.included {
                    Some(name.as_str())
                } else {
                    included
                };
                let mut alts: Vec<Vec<Flat<'a>>> = Vec::new();
                for b in branches.iter() {
                    alts.extend(expand(b, inner, budget)?);
                }
                Some(alts).filter(|a| !a.is_empty() && out.len() * a.len() <= MAX_EXPANSIONS)
            }
            _ => None,
        };
        match alternatives {
            Some(alts) => {
                let size: usize = out.iter().map(Vec::len).sum::<usize>() * alts.len()
                    + alts.iter().map(Vec::len).sum::<usize>() * out.len();
                *budget = budget.checked_sub(size)?;
                out = out
                    .iter()
                    .flat_map(|o| {
                        alts.iter().map(move |a| {
                            let mut v = o.clone();
                            v.extend(a.iter().copied());
                            v
                        })
                    })
                    .collect();
            }
            None => {
                *budget = budget.checked_sub(out.len())?;
                out.iter_mut().for_each(|o| o.push((c, included)));
            }
        }
    }
    Some(out)
}

/// Why a branch can never hold, whichever branch of its DEFINEs is taken (the reason of
/// the first), and the spans of the DEFINEs' conditions in the script that it names.
pub(super) fn branch_never_holds(
    branch: &ir::Branch,
    block: BlockKind,
    text: &dyn Fn(&Flat<'_>) -> String,
) -> Option<(String, Vec<Span>)> {
    let alts = expansions(&branch.conditions, None);
    let mut first = None;
    for alt in &alts {
        let reason = never_holds(alt, block, text)?;
        first.get_or_insert_with(|| {
            let defined = alt
                .iter()
                .filter(|(c, inc)| inc.is_none() && !within(&c.span, &branch.span))
                .map(|(c, _)| c.span.clone())
                .collect();
            (reason, defined)
        });
    }
    first
}

/// A condition's text for a message: the script's, or for one from an INCLUDEd DEFINE (whose
/// text is in another file) what it tests and the DEFINE's name.
pub(super) fn flat_text(source: &SourceFile, f: &Flat<'_>) -> String {
    match f.1 {
        None => source
            .text
            .get(f.0.span.clone())
            .unwrap_or("")
            .trim()
            .to_string(),
        Some(name) => match &f.0.test {
            Test::Predicate { predicate, negated } => {
                format!("{}{}", if *negated { "!" } else { "" }, predicate.name())
            }
            _ => name.to_string(),
        },
    }
}

/// Why a branch (its conditions with the DEFINEs it uses spelled out, see [`expansions`])
/// can never hold, or `None` when it may. `text` gives a condition's text (for messages).
pub(super) fn never_holds(
    conds: &[Flat<'_>],
    block: BlockKind,
    text: &dyn Fn(&Flat<'_>) -> String,
) -> Option<String> {
    let preflop = block == BlockKind::Preflop;
    let river = block == BlockKind::River;
    // The hole cards every card condition (and, before the flop, pair predicate) allows.
    let mut cards: Option<(HoleClassSet, Vec<&Flat>)> = None;
    let mut positive: Vec<(Predicate, &Flat)> = Vec::new();
    let mut negative: Vec<(Predicate, &Flat)> = Vec::new();
    for f in conds {
        let c = f.0;
        let allowed = match &c.test {
            Test::Cards { classes, negated } => Some(if *negated {
                complement(classes)
            } else {
                *classes
            }),
            Test::Predicate { predicate, negated } => {
                if river
                    && !negated
                    && matches!(
                        predicate,
                        Predicate::FlushDraw
                            | Predicate::StraightDraw
                            | Predicate::OpenEnded
                            | Predicate::Rainbow
                            | Predicate::NutFlushDraw
                            | Predicate::BackdoorFlushDraw
                    )
                {
                    return Some(format!("`{}` never holds on the river", text(f)));
                }
                match preflop_classes(*predicate).filter(|_| preflop) {
                    Some(s) => Some(if *negated { complement(&s) } else { s }),
                    None => {
                        if *negated {
                            negative.push((*predicate, f))
                        } else {
                            positive.push((*predicate, f))
                        }
                        None
                    }
                }
            }
            Test::Compare {
                lhs: Operand::Number(a),
                op,
                rhs: Operand::Number(b),
            } => {
                if !cmp_holds(*a, *op, *b) {
                    return Some(format!("`{}` is never true", text(f)));
                }
                None
            }
            _ => None,
        };
        if let Some(allowed) = allowed {
            let (set, written) = cards.get_or_insert_with(|| (HoleClassSet::ALL, Vec::new()));
            *set = set.intersection(&allowed);
            written.push(f);
        }
    }
    if let Some((set, written)) = &cards {
        if set.is_empty() {
            let mut written: Vec<String> =
                written.iter().map(|s| format!("`{}`", text(s))).collect();
            // Two conditions of one INCLUDEd DEFINE are both named by the DEFINE.
            written.dedup();
            return Some(if written.len() == 1 {
                format!("no hole cards match {}", written[0])
            } else {
                format!("no hole cards match all of {}", written.join(", "))
            });
        }
    }
    for (p, pc) in &positive {
        let implied = closure(*p);
        if let Some((_, nc)) = negative.iter().find(|(n, _)| implied.contains(n)) {
            return Some(format!(
                "`{}` and `{}` cannot both hold",
                text(pc),
                text(nc)
            ));
        }
        for (q, qc) in &positive {
            let q_implied = closure(*q);
            if implied
                .iter()
                .any(|a| excludes(*a).iter().any(|b| q_implied.contains(b)))
            {
                return Some(format!(
                    "`{}` and `{}` cannot both hold",
                    text(pc),
                    text(qc)
                ));
            }
        }
    }
    None
}

/// The unsatisfiable-branch lint over every rule, with the source for messages. A condition
/// of a DEFINE that makes the rule fail is pointed at too.
pub(super) fn unsatisfiable_rules(program: &Program, out: &mut Vec<SourceDiagnostic>) {
    let source = &program.source;
    let text = |f: &Flat<'_>| flat_text(source, f);
    for rule in &program.rules {
        let reasons: Vec<Option<(String, Vec<Span>)>> = rule
            .branches
            .iter()
            .map(|b| branch_never_holds(b, rule.block, &text))
            .collect();
        let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
        if !reasons.is_empty() && reasons.iter().all(Option::is_some) {
            let reason = |k: usize| reasons[k].as_ref().map_or("", |r| r.0.as_str());
            let mut d = if reasons.len() == 1 {
                SourceDiagnostic::warning(
                    Code::UnsatisfiableRule,
                    format!("this rule can never match: {}", reason(0)),
                )
                .at(keyword)
                .with_related(rule.branches[0].span.clone(), "this branch never holds")
            } else {
                SourceDiagnostic::warning(
                    Code::UnsatisfiableRule,
                    format!(
                        "this rule can never match: none of its {} branches can hold",
                        reasons.len()
                    ),
                )
                .at(keyword)
            };
            if reasons.len() > 1 {
                for (k, b) in rule.branches.iter().enumerate() {
                    d = d.with_related(b.span.clone(), reason(k).to_string());
                }
            }
            for span in reasons.iter().flatten().flat_map(|r| &r.1) {
                d = d.with_related(span.clone(), "in the DEFINE");
            }
            out.push(
                d.with_label("never matches")
                    .with_help("remove the rule, or fix its conditions")
                    .with_fix(
                        format!("Remove the rule at line {}", rule.line),
                        source.whole_lines(&rule.span),
                        "",
                    ),
            );
        } else {
            branch_warnings(&rule.branches, &reasons, out);
        }
        for reaction in &rule.reactions {
            let reasons: Vec<Option<(String, Vec<Span>)>> = reaction
                .branches
                .iter()
                .map(|b| branch_never_holds(b, rule.block, &text))
                .collect();
            branch_warnings(&reaction.branches, &reasons, out);
        }
    }
}

pub(super) fn branch_warnings(
    branches: &[ir::Branch],
    reasons: &[Option<(String, Vec<Span>)>],
    out: &mut Vec<SourceDiagnostic>,
) {
    for (b, r) in branches.iter().zip(reasons) {
        if let Some((r, defined)) = r {
            let mut d = SourceDiagnostic::warning(
                Code::UnsatisfiableBranch,
                format!("this branch can never hold: {r}"),
            )
            .at(b.span.clone())
            .with_label("never holds")
            .with_help("remove the branch, or fix its conditions");
            for span in defined {
                d = d.with_related(span.clone(), "in the DEFINE");
            }
            out.push(d);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Made hands the board can make alone.

/// A made hand the board alone can be, its board-only counterpart, and the rounds where the
/// board alone can make it.
pub(super) fn board_counterpart(p: Predicate) -> Option<(Predicate, &'static [BlockKind])> {
    const RIVER: &[BlockKind] = &[BlockKind::River, BlockKind::Always];
    const TURN_ON: &[BlockKind] = &[BlockKind::Turn, BlockKind::River, BlockKind::Always];
    Some(match p {
        Predicate::Straight => (Predicate::DeskStraight, RIVER),
        Predicate::Flush => (Predicate::DeskFlush, RIVER),
        Predicate::FullHouse => (Predicate::DeskFullHouse, RIVER),
        Predicate::Poker => (Predicate::DeskPoker, TURN_ON),
        Predicate::StraightFlush | Predicate::RoyalFlush => (Predicate::DeskStraightFlush, RIVER),
        _ => return None,
    })
}

/// `board-made-hand`: a branch that bets on `flush` (`straight`, ...) in a round where the board
/// alone can be that hand, without `!deskFlush` or `!boardPlays` beside it: on a five-heart
/// river it raises 2c3d.
pub(super) fn board_made_hands(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    let bets = |a: &ir::RuleAction| matches!(a.kind, ir::RuleActionKind::Raise(_));
    // A DEFINE's condition is reported once, at the first betting rule using it.
    let mut reported = std::collections::HashSet::new();
    for rule in &program.rules {
        let thens = std::iter::once((&rule.branches, &rule.action));
        let reactions = rule.reactions.iter().map(|r| (&r.branches, &r.action));
        for (branches, action) in thens.chain(reactions) {
            if !bets(action) {
                continue;
            }
            for branch in branches {
                for alt in expansions(&branch.conditions, None) {
                    for d in board_made_in(&alt, rule, branch, source) {
                        if reported.insert((d.span.clone(), d.message.clone())) {
                            out.push(d);
                        }
                    }
                }
            }
        }
    }
}

/// `counterfeit-two-pair`: a betting branch with `twoPair, !deskTwoPair` and no guard that
/// also stops a counterfeit (`heroTwoPair`, `!deskPair`, `!pairedBoard`): 76 on 7 6 K K A
/// holds it, yet the board's kings and ace play and the sixes do not.
pub(super) fn counterfeit_two_pairs(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    let mut reported = std::collections::HashSet::new();
    for rule in &program.rules {
        let thens = std::iter::once((&rule.branches, &rule.action));
        let reactions = rule.reactions.iter().map(|r| (&r.branches, &r.action));
        for (branches, action) in thens.chain(reactions) {
            if !matches!(action.kind, ir::RuleActionKind::Raise(_))
                || rule.block == BlockKind::Preflop
            {
                continue;
            }
            for branch in branches {
                for alt in expansions(&branch.conditions, None) {
                    let Some(d) = counterfeit_in(&alt, rule, branch, source) else {
                        continue;
                    };
                    if reported.insert(d.span.clone()) {
                        out.push(d);
                    }
                }
            }
        }
    }
}

/// The `counterfeit-two-pair` warning of one branch, its DEFINEs spelled out (`alt`).
fn counterfeit_in(
    alt: &[Flat<'_>],
    rule: &ir::Rule,
    branch: &ir::Branch,
    source: &SourceFile,
) -> Option<SourceDiagnostic> {
    let has = |q: Predicate, neg: bool| {
        alt.iter().any(
            |(c, _)| matches!(c.test, Test::Predicate { predicate, negated } if predicate == q && negated == neg),
        )
    };
    let guarded = has(Predicate::HeroTwoPair, false)
        || has(Predicate::DeskPair, true)
        || has(Predicate::PairedBoard, true);
    if guarded || !has(Predicate::TwoPair, false) || !has(Predicate::DeskTwoPair, true) {
        return None;
    }
    let f = alt.iter().find(|(c, _)| {
        matches!(
            c.test,
            Test::Predicate {
                predicate: Predicate::TwoPair,
                negated: false
            }
        )
    })?;
    let (c, included) = *f;
    let name = flat_text(source, f);
    let at = match included {
        Some(_) => branch.span.clone(),
        None => c.span.clone(),
    };
    let mut d = SourceDiagnostic::warning(
        Code::CounterfeitTwoPair,
        format!("`{name}` with `!deskTwoPair` still holds when a board pair counterfeits the hero's two pair (76 on 7 6 K K A)"),
    )
    .at(at)
    .with_label("can be counterfeited")
    .with_help("write `heroTwoPair` (both of its pairs the hero's own), or add `!deskPair`");
    if included.is_some() || !within(&c.span, &branch.span) {
        let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
        d = d.with_related(keyword, "a rule that bets with this DEFINE");
    }
    Some(d)
}

/// The `board-made-hand` warnings of one branch of a betting rule, its DEFINEs spelled out
/// (`alt`): at the condition, and for one inside a DEFINE, pointing at the rule as well.
pub(super) fn board_made_in(
    alt: &[Flat<'_>],
    rule: &ir::Rule,
    branch: &ir::Branch,
    source: &SourceFile,
) -> Vec<SourceDiagnostic> {
    let negated = |q: Predicate| {
        alt.iter().any(
            |(c, _)| matches!(c.test, Test::Predicate { predicate, negated: true } if predicate == q),
        )
    };
    let mut out = Vec::new();
    for f in alt {
        let (c, included) = *f;
        let Test::Predicate {
            predicate,
            negated: false,
        } = c.test
        else {
            continue;
        };
        let Some((desk, blocks)) = board_counterpart(predicate) else {
            continue;
        };
        if !blocks.contains(&rule.block) || negated(desk) || negated(Predicate::BoardPlays) {
            continue;
        }
        let name = flat_text(source, f);
        let hand = match predicate {
            Predicate::Straight => "a straight",
            Predicate::Flush => "a flush",
            Predicate::FullHouse => "a full house",
            Predicate::Poker => "four of a kind",
            _ => "a straight flush",
        };
        let at = match included {
            Some(_) => branch.span.clone(),
            None => c.span.clone(),
        };
        let mut d = SourceDiagnostic::warning(
            Code::BoardMadeHand,
            format!("`{name}` also holds when the board alone is {hand}: this rule bets a hand both players hold"),
        )
        .at(at)
        .with_label("the board alone can make this")
        .with_help(format!(
            "add `!{}` (the board is not one), or `!boardPlays` (the hero's cards improve the board)",
            desk.name()
        ));
        if included.is_some() || !within(&c.span, &branch.span) {
            let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
            d = d.with_related(keyword, "a rule that bets with this DEFINE");
        }
        out.push(d);
    }
    out
}
