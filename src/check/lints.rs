//! Lints: a pass after lowering that only warns. It looks for what is legal but almost
//! certainly not what the writer meant: conditions that are constant in their block, rules
//! that can never match or never be chosen, names and card queries written unusually.

use crate::cards::hole::{HoleClass, HoleClassSet};
use crate::cards::predicate::Predicate;
use crate::cards::query::{CardQuery, QueryNote};
use crate::cards::Rank;
use crate::diag::Code;
use crate::diag::{Diagnostic, SourceFile, Span};
use crate::game::{Constant, Phase};
use crate::ir::{self, BlockKind, CmpOp, Operand, Program, Test};
use crate::syntax::ast;

use super::lower::block_phase;
use super::names;

mod through;
use through::{Item, Via, Walker};

/// Every warning about a script; `program` is its lowering (partial when there were errors:
/// the lints still run so that warnings come with the errors). After a syntax error the
/// parser may have dropped a branch, making a rule look branch-less, so the lint that
/// depends on that (`shadowed-rule`) waits until the syntax is right.
pub fn lint(
    script: &ast::Script,
    program: &Program,
    source: &SourceFile,
    syntax_ok: bool,
    defines: &[String],
) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = no_rules(script, program, syntax_ok).into_iter().collect();
    out.extend(lint_tree(script));
    out.extend(lint_program(program, source, syntax_ok, defines));
    out
}

/// The warning about a script without rules: the first of [`lint`]'s output.
pub(crate) fn no_rules(
    script: &ast::Script,
    program: &Program,
    syntax_ok: bool,
) -> Option<Diagnostic> {
    // A file of DEFINEs alone is a library for INCLUDE, not a bot without rules.
    (syntax_ok && program.rules.is_empty() && script.defines.is_empty()).then(|| {
        Diagnostic::warning(Code::NoRules, "the script has no rules")
            .with_help("every decision would end with \"no rule matched\"; add a block such as `PREFLOP RULE ... ENDRULE ENDPREFLOP`")
    })
}

/// The lints of the syntax tree alone (names and card queries as written), which need no
/// lowering and may run beside it: the second part of [`lint`]'s output.
pub(crate) fn lint_tree(script: &ast::Script) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    spelling(script, &mut out);
    out
}

/// The lints of the lowered program: the rest of [`lint`]'s output, in its order. They fall
/// in two independent halves, run on two threads (their outputs joined in the same order, so
/// the result is the sequential one): a large script is re-checked on every edit in an
/// editor.
pub(crate) fn lint_program(
    program: &Program,
    source: &SourceFile,
    syntax_ok: bool,
    defines: &[String],
) -> Vec<Diagnostic> {
    let first = || {
        let mut out = Vec::new();
        let (mut walker, mut reported) = (Walker::default(), Default::default());
        for rule in &program.rules {
            constants_in_block(rule, &mut walker, &mut reported, &mut out);
        }
        externals(program, source, defines, &mut out);
        unsatisfiable_rules(program, &mut out);
        board_made_hands(program, source, &mut out);
        reactions_on_a_check(program, source, &mut out);
        unreachable_reactions(program, &mut out);
        out_of_range(program, source, &mut out);
        out
    };
    let second = || {
        let mut out = Vec::new();
        raises_of_nothing(program, source, &mut out);
        huge_raises(program, source, &mut out);
        zero_divisions_in_actions(program, source, &mut out);
        constant_comparisons(program, source, &mut out);
        overlapping_rules(program, &mut out);
        if syntax_ok {
            shadowed(program, &mut out);
        }
        out
    };
    let (mut out, rest) = if program.rules.len() >= 256 {
        rayon::join(first, second)
    } else {
        (first(), second())
    };
    out.extend(rest);
    out
}

// ---------------------------------------------------------------------------------------
// Spelling: names in an unusual case, card queries written unusually.

// A little over 100 lines: one walk over the tree collecting three kinds of spelling notes
// (name case, card-query forms, lone weights), reported in that order.
fn spelling(script: &ast::Script, out: &mut Vec<Diagnostic>) {
    // Only names in their right position: a wrong one is already an error.
    let mut name = |name: &str, span: Span, condition: bool| {
        let right = match names::meaning(name, &Default::default()) {
            names::Meaning::Predicate(_) => condition,
            names::Meaning::Constant(_) => !condition,
            _ => false,
        };
        if let Some(canonical) = names::unusual_case(name).filter(|_| right) {
            out.push(
                Diagnostic::warning(
                    Code::NameCase,
                    format!("`{name}` is usually written `{canonical}`"),
                )
                .at(span.clone())
                .with_help(format!(
                    "names ignore case, but `{canonical}` is the usual spelling"
                ))
                .with_replacement(span, canonical),
            );
        }
    };
    let mut notes = Vec::new();
    let mut lone_weights = Vec::new();
    let mut pluses = Vec::new();
    for block in &script.blocks {
        for rule in &block.rules {
            let branch_lists =
                std::iter::once(&rule.branches).chain(rule.reactions.iter().map(|r| &r.branches));
            for c in branch_lists.flatten().flat_map(|b| &b.conditions) {
                condition_spelling(c, false, &mut name, &mut notes, &mut pluses);
            }
            let actions =
                std::iter::once(&rule.action).chain(rule.reactions.iter().map(|r| &r.action));
            for a in actions {
                if let ast::ActionKind::Raise(items) | ast::ActionKind::RaiseTo(items) = &a.kind {
                    for item in items {
                        value_name(&item.amount, &mut name);
                    }
                    if let [ast::RaiseItem {
                        weight: Some((w, span)),
                        ..
                    }] = items.as_slice()
                    {
                        lone_weights.push((*w, span.clone()));
                    }
                }
            }
        }
    }
    // A DEFINE's body, once where written: a name there may be a condition or a number.
    for c in script
        .defines
        .iter()
        .flat_map(|d| &d.body)
        .flat_map(|b| &b.conditions)
    {
        condition_spelling(c, true, &mut name, &mut notes, &mut pluses);
    }
    for (w, span) in lone_weights {
        out.push(
            Diagnostic::warning(
                Code::LoneWeight,
                format!(
                    "`{}` is a weight, and this RAISE has one amount: the weight does nothing",
                    crate::game::format_amount(w)
                ),
            )
            .at(span)
            .with_label("a weight, not a factor")
            .with_help("a weight is an amount's chance in a list (`RAISE 1 2BB, 3 4BB`); drop it, or list more amounts"),
        );
    }
    out.extend(pluses);
    for (note, text, span) in notes {
        out.push(match note {
            QueryNote::LowCardFirst { canonical } => Diagnostic::warning(
                Code::QueryLowFirst,
                format!("`{text}` is written low card first"),
            )
            .at(span.clone())
            .with_help(format!(
                "it means the same as `{canonical}`; write the high card first"
            ))
            .with_replacement(span, canonical),
            QueryNote::OffsuitPair { canonical } => Diagnostic::warning(
                Code::QueryOffsuitPair,
                format!("`{text}`: the two cards of a pair are always of different suits"),
            )
            .at(span.clone())
            .with_help(format!(
                "it means the same as `{canonical}`; write `{canonical}`"
            ))
            .with_replacement(span, canonical),
        });
    }
}

/// The spelling notes of one condition (of a rule, or of a DEFINE's body when `defined`).
fn condition_spelling(
    c: &ast::Condition,
    defined: bool,
    name: &mut impl FnMut(&str, Span, bool),
    notes: &mut Vec<(QueryNote, String, Span)>,
    pluses: &mut Vec<Diagnostic>,
) {
    let mut query = |text: &str, span: &Span| {
        if let Ok(CardQuery {
            note: Some(note), ..
        }) = CardQuery::parse(text)
        {
            notes.push((note, text.to_string(), span.clone()));
        }
        pluses.extend(plus_holds_higher(text, span));
    };
    match &c.kind {
        ast::ConditionKind::Name {
            name: n, name_span, ..
        } => {
            // In a DEFINE's body a bare name may be a constant (an alias) as well.
            let condition = !defined
                || matches!(
                    names::meaning(n, &Default::default()),
                    names::Meaning::Predicate(_)
                );
            name(n, name_span.clone(), condition)
        }
        ast::ConditionKind::Query {
            text, text_span, ..
        } => query(text, text_span),
        ast::ConditionKind::Range(items) => {
            for item in items.iter().filter(|i| !i.is_name) {
                query(&item.text, &item.span);
            }
        }
        ast::ConditionKind::Compare { lhs, rhs, .. } => {
            value_name(lhs, name);
            value_name(rhs, name);
        }
        ast::ConditionKind::Value(v) => value_name(v, name),
        ast::ConditionKind::External(_) => {}
    }
}

/// `plus-holds-higher`: `K9s+` holds K9s-KQs and also every higher first card (A9s+), as the
/// thesis defines `+`, where a player reading PokerStove's notation means K9s-KQs only.
fn plus_holds_higher(text: &str, span: &Span) -> Option<Diagnostic> {
    const RANKS: &[u8] = b"23456789TJQKA";
    let body = text.strip_suffix('+')?.as_bytes();
    let suffix = match body {
        [_, _] => "",
        [_, _, b's'] => "s",
        [_, _, b'o'] => "o",
        _ => return None,
    };
    let rank = |b: u8| RANKS.iter().position(|&r| r == b);
    let (a, b) = (rank(body[0])?, rank(body[1])?);
    let (high, low) = (a.max(b), a.min(b));
    // `KQ+` and `98s+` have no kicker span to read otherwise: PokerStove's reading is the one
    // class, which nobody writes with a `+`.
    if high == low || high == RANKS.len() - 1 || low + 1 == high {
        return None;
    }
    let r = |i: usize| RANKS[i] as char;
    let first = format!("{}{}{suffix}", r(high), r(low));
    let stove = format!("{first}-{}{}{suffix}", r(high), r(high - 1));
    Some(
        Diagnostic::warning(
            Code::PlusHoldsHigher,
            format!(
                "`{text}` also holds hands with a higher first card, such as {}{}{suffix}",
                r(high + 1),
                r(low)
            ),
        )
        .at(span.clone())
        .with_label("`+` raises both cards")
        .with_help(format!(
            "in HUS `+` raises both cards, as in the thesis; for PokerStove's `{first}+` ({first} up to the kicker below {}) write `{stove}`",
            r(high)
        ))
        .with_fix(format!("Replace with `{stove}` (first card {} only)", r(high)), span.clone(), stove),
    )
}

fn value_name(v: &ast::Value, f: &mut impl FnMut(&str, Span, bool)) {
    match &v.kind {
        ast::ValueKind::Name(n) => f(n, v.span.clone(), false),
        ast::ValueKind::Product {
            name, name_span, ..
        } => f(name, name_span.clone(), false),
        ast::ValueKind::Binary { lhs, rhs, .. } => {
            value_name(lhs, f);
            value_name(rhs, f);
        }
        ast::ValueKind::Negate(x) => value_name(x, f),
        ast::ValueKind::Number(_) | ast::ValueKind::External(_) | ast::ValueKind::Versus { .. } => {
        }
    }
}

// ---------------------------------------------------------------------------------------
// Conditions whose value is fixed by the block they are in.

/// Every condition of a rule: its branches' and its reactions'.
fn conditions(rule: &ir::Rule) -> impl Iterator<Item = &ir::Condition> {
    std::iter::once(&rule.branches)
        .chain(rule.reactions.iter().map(|r| &r.branches))
        .flatten()
        .flat_map(|b| &b.conditions)
}

/// The external module's check of every `external` command of the program: in the rules,
/// in their arithmetic, and in the DEFINEs (a DEFINE's command once, where written; an
/// INCLUDEd one's at its first use).
fn externals(
    program: &Program,
    source: &SourceFile,
    defines: &[String],
    out: &mut Vec<Diagnostic>,
) {
    let mut walker = Walker::default();
    let mut done = std::collections::HashSet::new();
    let mut one = |item: Item, via: &Via| {
        let cmd = match item {
            Item::Condition(ir::Condition {
                test: Test::External(e),
                ..
            })
            | Item::Operand(Operand::External(e)) => e,
            _ => return,
        };
        // A DEFINEd command is held at each use with the DEFINE's span: reported once.
        if via.use_span.is_some() || done.insert(cmd.span.clone()) {
            external(cmd, via.use_span.as_ref(), source, defines, out);
        }
    };
    for rule in &program.rules {
        walker.rule(rule, None, &mut one);
        for a in std::iter::once(&rule.action).chain(rule.reactions.iter().map(|r| &r.action)) {
            if let ir::ActionKind::External(e) = &a.kind {
                one(
                    Item::Operand(&Operand::External(e.clone())),
                    &Via::default(),
                );
            }
        }
    }
    walker.rest(program, &mut one);
}

/// The external module's own check of a command text (quotes, a missing program, words that
/// look like placeholders but are none), with its spans mapped from the command text (escapes
/// resolved) back into the script; one written in an INCLUDEd file is reported `at` its use.
/// An empty command is already a lowering error.
fn external(
    cmd: &ir::ExternalCommand,
    at: Option<&Span>,
    source: &SourceFile,
    defines: &[String],
    out: &mut Vec<Diagnostic>,
) {
    for mut d in crate::external::lint_command(&cmd.text, defines) {
        if d.code == Code::EmptyExternal {
            continue;
        }
        // An INCLUDEd DEFINE's number is held with the span of its use, a name.
        let written = source.text.get(cmd.span.clone()).unwrap_or("");
        let at = at.or_else(|| (!written.contains('"')).then_some(&cmd.span));
        d.span = match at {
            Some(at) => Some(at.clone()),
            None => d
                .span
                .map(|s| script_offset(source, cmd, s.start)..script_offset(source, cmd, s.end)),
        };
        out.push(d);
    }
}

/// The script byte offset of byte `offset` of a command's text: the text starts after the
/// opening quote, and each `\"` or `\\` escape is two script bytes for one text byte.
fn script_offset(source: &SourceFile, cmd: &ir::ExternalCommand, offset: usize) -> usize {
    let written = source.text.get(cmd.span.clone()).unwrap_or("");
    let Some(quote) = written.find('"') else {
        return cmd.span.start;
    };
    let mut script = cmd.span.start + quote + 1;
    let mut text = 0;
    let mut chars = written[quote + 1..].chars();
    while text < offset {
        match chars.next() {
            Some('\\') => {
                let escaped = chars.next().map_or(0, char::len_utf8);
                script += 1 + escaped;
                text += escaped.max(1);
            }
            Some(c) => {
                script += c.len_utf8();
                text += c.len_utf8();
            }
            None => break,
        }
    }
    script.min(cmd.span.end)
}

/// `board-predicate-preflop`, `later-round-constant`, `potential-always-zero` and
/// `range-strength-preflop`: conditions and numbers whose value the rule's round fixes,
/// written in the rule or in a DEFINE it uses (reported at the DEFINE, once per round, with
/// the rule pointed at).
fn constants_in_block(
    rule: &ir::Rule,
    walker: &mut Walker,
    reported: &mut std::collections::HashSet<(Option<Span>, Code, BlockKind)>,
    out: &mut Vec<Diagnostic>,
) {
    let Some(phase) = block_phase(rule.block) else {
        return;
    };
    let using = format!("a {} rule using", rule.block.keyword());
    walker.rule(rule, Some(rule.block), &mut |item, via| {
        let found = match item {
            Item::Condition(c) => board_predicate_preflop(c, phase, via),
            Item::Operand(o) => constant_in_round(o, rule.block, phase, via),
        };
        let Some(d) = found else {
            return;
        };
        // A DEFINEd constant is held at each use with its DEFINE's span: reported once a round.
        if !reported.insert((d.span.clone(), d.code, rule.block)) {
            return;
        }
        let d = match (via.define, &d.span) {
            (None, Some(at)) if !within(at, &rule.span) => {
                let keyword = rule.span.start..rule.span.start + "RULE".len().min(rule.span.len());
                d.with_related(keyword, format!("{using} this DEFINE"))
            }
            _ => via.point_at_rule(d, rule, &using),
        };
        out.push(d);
    });
}

/// `board-predicate-preflop` for one condition.
fn board_predicate_preflop(c: &ir::Condition, phase: Phase, via: &Via) -> Option<Diagnostic> {
    let Test::Predicate { predicate, negated } = &c.test else {
        return None;
    };
    if phase != Phase::Preflop || !predicate.needs_board() {
        return None;
    }
    let (bang, always) = if *negated {
        ("!", "true")
    } else {
        ("", "false")
    };
    Some(
        Diagnostic::warning(
            Code::BoardPredicatePreflop,
            format!(
                "`{bang}{}` is always {always} before the flop: there is no board yet",
                predicate.name()
            ),
        )
        .at(via.at(&c.span))
        .with_help("move the condition to a FLOP, TURN or RIVER rule"),
    )
}

/// `later-round-constant`, `potential-always-zero` and `range-strength-preflop` for one
/// number.
fn constant_in_round(o: &Operand, block: BlockKind, phase: Phase, via: &Via) -> Option<Diagnostic> {
    if let (Operand::Versus { measure, span, .. }, Phase::Preflop) = (o, phase) {
        return Some(range_strength_preflop(*measure, via.at(span)));
    }
    let Operand::Constant { constant, span, .. } = o else {
        return None;
    };
    let block = block.keyword();
    match constant {
        Constant::History {
            phase: Some(round),
            player,
            stat,
        } if *round > phase => {
            let current = Constant::History {
                player: *player,
                phase: None,
                stat: *stat,
            };
            Some(
                Diagnostic::warning(
                    Code::LaterRoundConstant,
                    format!(
                        "`{}` is always 0 in a {block} rule: the {} comes after the {}",
                        constant.name(),
                        round.xml_tag(),
                        phase.xml_tag()
                    ),
                )
                .at(via.at(span))
                .with_help(format!(
                    "for this round write `{}`; or move the rule to a {} block",
                    current.name(),
                    round.keyword()
                )),
            )
        }
        Constant::Ppot | Constant::Npot if matches!(phase, Phase::Preflop | Phase::River) => {
            let (why, instead) = if phase == Phase::River {
                ("no cards are to come on the river", "handStrength")
            } else {
                ("it is only computed after the flop", "equity")
            };
            Some(
                Diagnostic::warning(
                    Code::PotentialAlwaysZero,
                    format!("`{}` is always 0 in a {block} rule: {why}", constant.name()),
                )
                .at(via.at(span))
                .with_help(format!("`{instead}` measures the hand in this round")),
            )
        }
        _ => None,
    }
}

/// `range-strength-preflop`: `equityVs(RANGE)` and its family are undefined before the flop
/// (reference §12.8), so a comparison with one there never holds.
fn range_strength_preflop(measure: ir::VsMeasure, span: Span) -> Diagnostic {
    let (word, instead) = match measure {
        ir::VsMeasure::Equity | ir::VsMeasure::HandStrength => (
            if measure == ir::VsMeasure::Equity { "equityVs" } else { "handStrengthVs" },
            "before the flop compare the hole cards (`QQ+ | AKs`), `equity` or `handRank169` instead",
        ),
        ir::VsMeasure::Ppot => ("ppotVs", "there is no potential before the flop: compare the hole cards (`QQ+ | AKs`) instead"),
        ir::VsMeasure::Npot => ("npotVs", "there is no potential before the flop: compare the hole cards (`QQ+ | AKs`) instead"),
    };
    Diagnostic::warning(
        Code::RangeStrengthPreflop,
        format!("`{word}` is undefined before the flop: in a PREFLOP rule a comparison with it never holds and a raise by it is a call"),
    )
    .at(span)
    .with_label("always undefined here")
    .with_help(format!("{instead}; or move the condition to a FLOP, TURN or RIVER rule"))
}

// ---------------------------------------------------------------------------------------
// Branches that can never hold.

/// Predicates another one implies (`highPair` implies `pair`): the direct ones; the lint
/// closes them transitively.
fn implies(p: Predicate) -> &'static [Predicate] {
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
        NutFlushDraw => &[FlushDraw],
        PairedBoard => &[DeskPair],
        Button => &[InPosition],
        InPosition => &[Button],
        _ => &[],
    }
}

/// Predicates that cannot hold together with `p` (reference §3's definitions).
fn excludes(p: Predicate) -> &'static [Predicate] {
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
fn closure(p: Predicate) -> Vec<Predicate> {
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
fn preflop_classes(p: Predicate) -> Option<HoleClassSet> {
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

fn complement(s: &HoleClassSet) -> HoleClassSet {
    s.complement()
}

fn cmp_holds(a: f64, op: CmpOp, b: f64) -> bool {
    op.holds(a, b)
}

/// A condition of a branch with the DEFINEs it uses spelled out, and the name of the
/// INCLUDEd DEFINE it comes from (whose text is in another file).
type Flat<'a> = (&'a ir::Condition, Option<&'a str>);

/// How many alternatives a branch's DEFINEs are spelled out to, at most; past it a DEFINE is
/// left as one condition the lints do not look into.
const MAX_EXPANSIONS: usize = 16;

/// The condition lists a branch stands for once each DEFINEd condition it uses (not negated)
/// is replaced by one of its branches: every lint that looks at conditions sees through names.
fn expansions<'a>(conds: &'a [ir::Condition], included: Option<&'a str>) -> Vec<Vec<Flat<'a>>> {
    let mut budget = MAX_SPELLED_OUT;
    expand(conds, included, &mut budget)
        .unwrap_or_else(|| vec![conds.iter().map(|c| (c, included)).collect()])
}

/// How many conditions spelling out one branch's DEFINEs may produce in all (a DEFINE
/// doubling another 40 times stays a few steps, not 2^40).
const MAX_SPELLED_OUT: usize = 256;

/// The alternatives, or `None` once `budget` conditions have been produced.
fn expand<'a>(
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
fn branch_never_holds(
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

fn within(inner: &Span, outer: &Span) -> bool {
    inner.start >= outer.start && inner.end <= outer.end
}

/// A condition's text for a message: the script's, or for one from an INCLUDEd DEFINE (whose
/// text is in another file) what it tests and the DEFINE's name.
fn flat_text(source: &SourceFile, f: &Flat<'_>) -> String {
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
fn never_holds(
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
fn unsatisfiable_rules(program: &Program, out: &mut Vec<Diagnostic>) {
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
                Diagnostic::warning(
                    Code::UnsatisfiableRule,
                    format!("this rule can never match: {}", reason(0)),
                )
                .at(keyword)
                .with_related(rule.branches[0].span.clone(), "this branch never holds")
            } else {
                Diagnostic::warning(
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

fn branch_warnings(
    branches: &[ir::Branch],
    reasons: &[Option<(String, Vec<Span>)>],
    out: &mut Vec<Diagnostic>,
) {
    for (b, r) in branches.iter().zip(reasons) {
        if let Some((r, defined)) = r {
            let mut d = Diagnostic::warning(
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
fn board_counterpart(p: Predicate) -> Option<(Predicate, &'static [BlockKind])> {
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
fn board_made_hands(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    let bets = |a: &ir::Action| matches!(a.kind, ir::ActionKind::Raise(_));
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

/// The `board-made-hand` warnings of one branch of a betting rule, its DEFINEs spelled out
/// (`alt`): at the condition, and for one inside a DEFINE, pointing at the rule as well.
fn board_made_in(
    alt: &[Flat<'_>],
    rule: &ir::Rule,
    branch: &ir::Branch,
    source: &SourceFile,
) -> Vec<Diagnostic> {
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
        let mut d = Diagnostic::warning(
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

// ---------------------------------------------------------------------------------------
// Unreachable reactions, comparisons outside a constant's range, raises of nothing, and rules
// of one priority that overlap with different actions.

/// `unreachable-reaction`: reactions after one with no condition, which always answers first.
fn unreachable_reactions(program: &Program, out: &mut Vec<Diagnostic>) {
    for rule in &program.rules {
        let Some(k) = rule.reactions.iter().position(|r| r.branches.is_empty()) else {
            continue;
        };
        let catch_all = &rule.reactions[k];
        for later in &rule.reactions[k + 1..] {
            let keyword =
                later.span.start..later.span.start + "VILLAIN".len().min(later.span.len());
            out.push(
                Diagnostic::warning(
                    Code::UnreachableReaction,
                    format!(
                        "this reaction is never reached: the reaction at line {} has no condition and answers first",
                        catch_all.line
                    ),
                )
                .at(keyword)
                .with_label("never reached")
                .with_related(
                    catch_all.span.start..catch_all.span.start + "VILLAIN".len(),
                    "always holds",
                )
                .with_help("reactions are tried in order: move the catch-all reaction last"),
            );
        }
    }
}

/// The values a constant can take (before its factor), when they are bounded.
fn constant_range(c: &Constant) -> Option<(f64, f64, &'static str)> {
    Some(match c {
        Constant::Equity
        | Constant::HandStrength
        | Constant::Ppot
        | Constant::Npot
        | Constant::Ehs
        | Constant::PotOdds
        | Constant::Random => (0.0, 1.0, "between 0 and 1"),
        Constant::HandRank169 => (1.0, 169.0, "between 1 and 169"),
        Constant::HandRank2652 => (1.0, 2652.0, "between 1 and 2652"),
        Constant::Opponent(s) if s.is_percentage() => (0.0, 100.0, "from 0 to 100 (a percentage)"),
        Constant::Init(_) => return None,
        _ => (0.0, f64::INFINITY, "0 or more"),
    })
}

/// `out-of-range`: a comparison of a constant with a number that never holds, or always
/// holds, because of the constant's range (`equity > 1.5`, `handRank169 > 200`). A DEFINE's
/// comparisons are checked once, where written (an INCLUDEd one's at its first use), and a
/// DEFINEd number compared (`villainFoldToCBet > foldy`) is pointed at in its DEFINE.
fn out_of_range(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    let named = NamedIndex::new(program, false);
    let mut walker = Walker::default();
    for rule in &program.rules {
        walker.rule(rule, None, &mut |item, via| {
            if let Item::Condition(c) = item {
                let d = range_warning(c, via, source, &named);
                out.extend(d.map(|d| via.point_at_rule(d, rule, "a rule using")));
            }
        });
    }
    walker.rest(program, &mut |item, via| {
        if let Item::Condition(c) = item {
            out.extend(range_warning(c, via, source, &named));
        }
    });
}

/// The `out-of-range` warning of one comparison, if any.
fn range_warning(
    c: &ir::Condition,
    via: &Via,
    source: &SourceFile,
    named: &NamedIndex,
) -> Option<Diagnostic> {
    let Test::Compare { lhs, op, rhs } = &c.test else {
        return None;
    };
    let (constant, factor, n, op) = match (lhs, rhs) {
        (
            Operand::Constant {
                constant, factor, ..
            },
            Operand::Number(n),
        ) => (constant, *factor, *n, *op),
        (
            Operand::Number(n),
            Operand::Constant {
                constant, factor, ..
            },
        ) => (constant, *factor, *n, op.flipped()),
        _ => return None,
    };
    let (lo, hi, words) = constant_range(constant)?;
    if factor <= 0.0 {
        return None;
    }
    let (lo, hi) = (lo * factor, hi * factor);
    let (never, always) = match op {
        CmpOp::Gt => (hi <= n, lo > n),
        CmpOp::Ge => (hi < n, lo >= n),
        CmpOp::Lt => (lo >= n, hi < n),
        CmpOp::Le => (lo > n, hi <= n),
        CmpOp::Eq => (n < lo || n > hi, false),
        CmpOp::Ne => (false, n < lo || n > hi),
    };
    let name = constant.name();
    // A comparison inside an INCLUDEd DEFINE is written in another file: said, not quoted.
    let text = match (&via.use_span, via.define) {
        (Some(_), Some(define)) => format!(
            "`{name} {} {}` (in `{define}`)",
            op.symbol(),
            crate::game::format_amount(n)
        ),
        _ => format!("`{}`", source.text.get(c.span.clone()).unwrap_or("")),
    };
    let meant = (factor == 1.0).then(|| meant_number(constant, n)).flatten();
    let at = via.at(&c.span);
    let d = if never || always {
        Diagnostic::warning(
            Code::OutOfRange,
            format!(
                "{text} {} holds: `{name}` is {words}",
                if never { "never" } else { "always" }
            ),
        )
        .at(at)
        .with_label(if never { "never true" } else { "always true" })
    } else if meant.is_some() {
        Diagnostic::warning(
            Code::OutOfRange,
            format!("{text} compares a percentage with a fraction: `{name}` is {words}"),
        )
        .at(at)
        .with_label("a fraction of one percent")
    } else {
        return None;
    };
    let Some((why, m)) = meant else {
        return Some(d.with_help(format!("compare `{name}` with a value {words}")));
    };
    let m = crate::game::format_amount(m);
    if via.use_span.is_some() {
        return Some(d.with_help(format!("{why}: did you mean {m}?")));
    }
    let right = matches!(rhs, Operand::Number(_));
    if let Some(at) = number_span(source, &c.span, n, right) {
        return Some(
            d.with_help(format!("{why}: did you mean {m}?"))
                .with_replacement(at, m),
        );
    }
    // The number is a DEFINE's: the fix goes there.
    let mut d = d;
    let mut help = format!("{why}: did you mean {m}?");
    let mut fix = None;
    for u in named.within(&c.span) {
        match &u.body {
            Some(body) => {
                d = d.with_related(body.clone(), format!("`{}` is DEFINEd here", u.name));
                if fix.is_none() {
                    fix = number_span(source, body, n, true);
                    if fix.is_some() {
                        help = format!("{why}: did you mean {m}? (in the DEFINE of `{}`)", u.name);
                    }
                }
            }
            None => {
                help = format!(
                    "{why}: did you mean {m}? (`{}` is DEFINEd in an INCLUDEd file)",
                    u.name
                )
            }
        }
    }
    let d = d.with_help(help);
    Some(match fix {
        Some(at) => d.with_replacement(at, m),
        None => d,
    })
}

/// The uses of DEFINEd numbers or ranges the program holds as values ([`Program::named_uses`]),
/// sorted by place, to find those inside a span.
struct NamedIndex<'p> {
    uses: Vec<&'p ir::NamedUse>,
}

impl<'p> NamedIndex<'p> {
    /// The uses of numbers, or (`ranges`) of ranges.
    fn new(program: &'p Program, ranges: bool) -> Self {
        let mut uses: Vec<&ir::NamedUse> = program
            .named_uses
            .iter()
            .filter(|u| u.range == ranges)
            .collect();
        uses.sort_by_key(|u| (u.used_at.start, u.used_at.end));
        NamedIndex { uses }
    }

    /// `d` with each DEFINEd number used inside `span` pointed at in its DEFINE.
    fn point_at_defines(&self, mut d: Diagnostic, span: &Span) -> Diagnostic {
        for u in self.within(span) {
            if let Some(body) = &u.body {
                d = d.with_related(body.clone(), format!("`{}` is DEFINEd here", u.name));
            }
        }
        d
    }

    /// The uses written inside `span`, in order.
    fn within<'s>(&'s self, span: &'s Span) -> impl Iterator<Item = &'p ir::NamedUse> + 's {
        let first = self.uses.partition_point(|u| u.used_at.start < span.start);
        self.uses[first..]
            .iter()
            .take_while(|u| u.used_at.start < span.end)
            .filter(|u| within(&u.used_at, span))
            .copied()
    }
}

/// The number a comparison of `constant` with `n` most likely meant when the writer mixed
/// up percentages and fractions (`villainFoldToCBet > 0.55` for 55, `equity > 60` for 0.6),
/// with the rule of thumb to say.
fn meant_number(constant: &Constant, n: f64) -> Option<(&'static str, f64)> {
    let round = |x: f64| (x * 1e9).round() / 1e9;
    match constant_range(constant)? {
        (_, hi, _) if hi == 100.0 && n > 0.0 && n < 1.0 => {
            Some(("statistics are percentages", round(n * 100.0)))
        }
        // `equity > 1.5` may mean anything; `equity > 60` is a percentage.
        (_, hi, _) if hi == 1.0 && (5.0..=100.0).contains(&n) => {
            Some(("probabilities are between 0 and 1", round(n / 100.0)))
        }
        _ => None,
    }
}

/// Where the number `n` is written in a comparison (its last number when it is on the
/// right, its first when on the left), for a fix that replaces it.
fn number_span(source: &SourceFile, cond: &Span, n: f64, right: bool) -> Option<Span> {
    let text = source.text.get(cond.clone())?;
    let mut words = Vec::new();
    let mut start = None;
    for (i, ch) in text
        .char_indices()
        .chain(std::iter::once((text.len(), ' ')))
    {
        let part = ch.is_ascii_digit() || ch == '.';
        match (part, start) {
            (true, None) => start = Some(i),
            (false, Some(st)) => {
                words.push(st..i);
                start = None;
            }
            _ => {}
        }
    }
    let found = |w: &Span| text[w.clone()].parse::<f64>().ok() == Some(n);
    let w = if right {
        words.into_iter().rev().find(found)
    } else {
        words.into_iter().find(found)
    }?;
    Some(cond.start + w.start..cond.start + w.end)
}

/// `constant-comparison`: a comparison of two numbers known before the game that always
/// holds (one that never holds makes its rule unsatisfiable, reported as such), and
/// `undefined-value` for a division by a zero known before the game; through DEFINEs too (a
/// DEFINEd number is pointed at, a DEFINE's own comparisons and divisions are reported where
/// written, once).
fn constant_comparisons(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    let named = NamedIndex::new(program, false);
    for rule in &program.rules {
        for c in conditions(rule) {
            let Test::Compare { lhs, op, rhs } = &c.test else {
                continue;
            };
            if let Some(span) = zero_division(lhs).or_else(|| zero_division(rhs)) {
                let text = source.text.get(span.clone()).unwrap_or("");
                let d = Diagnostic::warning(
                    Code::UndefinedValue,
                    format!("`{text}` divides by zero: the comparison never holds"),
                )
                .at(span.clone())
                .with_label("always undefined");
                out.push(named.point_at_defines(d, span));
                continue;
            }
            if let Some(d) = always_holds(c, lhs, *op, rhs, &Via::default(), source) {
                out.push(named.point_at_defines(d, &c.span));
            }
        }
    }
    // What the DEFINEs hold, reported where written.
    let mut walker = Walker::default();
    let mut inside = |item: Item, via: &Via, rule: Option<&ir::Rule>| {
        if via.define.is_none() {
            return;
        }
        let d = match item {
            Item::Condition(
                c @ ir::Condition {
                    test: Test::Compare { lhs, op, rhs },
                    ..
                },
            ) => always_holds(c, lhs, *op, rhs, via, source),
            Item::Operand(o) => defined_zero_division(o, via, source),
            _ => None,
        };
        out.extend(d.map(|d| match rule {
            Some(rule) => via.point_at_rule(d, rule, "a rule using"),
            None => d,
        }));
    };
    for rule in &program.rules {
        walker.rule(rule, None, &mut |item, via| inside(item, via, Some(rule)));
    }
    walker.rest(program, &mut |item, via| inside(item, via, None));
}

/// `constant-comparison` for one comparison of two numbers that always holds.
fn always_holds(
    c: &ir::Condition,
    lhs: &Operand,
    op: CmpOp,
    rhs: &Operand,
    via: &Via,
    source: &SourceFile,
) -> Option<Diagnostic> {
    let (l, r) = (lhs.number()?, rhs.number()?);
    if !op.holds(l, r) {
        return None;
    }
    let amount = crate::game::format_amount;
    let text = match (&via.use_span, via.define) {
        (Some(_), Some(define)) => format!(
            "`{} {} {}` (in `{define}`)",
            amount(l),
            op.symbol(),
            amount(r)
        ),
        _ => format!("`{}`", source.text.get(c.span.clone()).unwrap_or("")),
    };
    Some(
        Diagnostic::warning(
            Code::ConstantComparison,
            format!("{text} always holds: both sides are numbers known before the game"),
        )
        .at(via.at(&c.span))
        .with_label("always true")
        .with_help("compare a constant of the game (`pot`, `toCall`, ...), or drop the condition"),
    )
}

/// `undefined-value` for a division by zero written in a DEFINE: wherever the DEFINE is used,
/// a comparison with it never holds and a raise by it is a call.
fn defined_zero_division(o: &Operand, via: &Via, source: &SourceFile) -> Option<Diagnostic> {
    let Operand::Binary {
        op: ir::ArithOp::Div,
        rhs,
        span,
        ..
    } = o
    else {
        return None;
    };
    if rhs.number() != Some(0.0) {
        return None;
    }
    let define = via.define.unwrap_or_default();
    let text = match via.use_span {
        Some(_) => format!("the INCLUDEd `{define}`"),
        None => format!("`{}`", source.text.get(span.clone()).unwrap_or("")),
    };
    Some(
        Diagnostic::warning(
            Code::UndefinedValue,
            format!("{text} divides by zero: wherever `{define}` is used, a comparison with it never holds and a raise by it is a call"),
        )
        .at(via.at(span))
        .with_label("always undefined")
        .with_help("divide by a value that is not 0 (`pot / 2`)"),
    )
}

/// `raise-nothing`: a RAISE amount that is 0 (`RAISE 0 BB`), which becomes the minimum raise.
fn raises_of_nothing(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    let named = NamedIndex::new(program, false);
    let actions = program
        .rules
        .iter()
        .flat_map(|r| std::iter::once(&r.action).chain(r.reactions.iter().map(|x| &x.action)));
    for a in actions {
        let ir::ActionKind::Raise(items) = &a.kind else {
            continue;
        };
        let zero = items
            .iter()
            .any(|i| scaled(&i.amount).is_some_and(|(x, _)| x == 0.0));
        if zero {
            let text = source.text.get(a.span.clone()).unwrap_or("RAISE");
            let text = text.strip_prefix("THEN").unwrap_or(text).trim();
            let d = Diagnostic::warning(
                Code::RaiseNothing,
                format!("`{text}` raises by 0: it is made the minimum raise"),
            )
            .at(a.span.clone())
            .with_label("an amount of 0")
            .with_help("give the amount you mean (`RAISE 2BB`), or `CALL`/`CHECK`");
            out.push(named.point_at_defines(d, &a.span));
        }
    }
}

/// Every amount of every RAISE and RAISETO of the program (mixed strategies' included), with
/// its action's span.
fn raise_amounts(program: &Program) -> Vec<(&Span, &Operand)> {
    fn action<'a>(a: &'a ir::Action, out: &mut Vec<(&'a Span, &'a Operand)>) {
        match &a.kind {
            ir::ActionKind::Raise(items) | ir::ActionKind::RaiseTo(items) => {
                out.extend(items.iter().map(|w| (&a.span, &w.amount)))
            }
            ir::ActionKind::Mixed(items) => items.iter().for_each(|w| action(&w.action, out)),
            _ => {}
        }
    }
    let mut out = Vec::new();
    for r in &program.rules {
        action(&r.action, &mut out);
        r.reactions.iter().for_each(|x| action(&x.action, &mut out));
    }
    out
}

/// A raise of more pots than this warns: past it, the raise is all in at any stack a
/// heads-up game is played with.
const HUGE_POTS: f64 = 10.0;
/// A raise of more big blinds than this warns (the competition's stacks are 200).
const HUGE_BIG_BLINDS: f64 = 1000.0;

/// `huge-raise`: an amount of more than 10 pots, 1,000 big blinds or the largest stack a
/// match can have (`RAISE 50 pot`, what `RAISE 50% pot` becomes when the `%` is dropped).
fn huge_raises(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    let amount = crate::game::format_amount;
    let named = NamedIndex::new(program, false);
    for (action_span, op) in raise_amounts(program) {
        let what = match scaled(op) {
            Some((
                factor,
                Some(Constant::Pot | Constant::PotAfterCall | Constant::PotBeforeBet),
            )) if factor > HUGE_POTS => format!("{} pots", amount(factor)),
            Some((factor, Some(Constant::Bb))) if factor > HUGE_BIG_BLINDS => {
                format!("{} big blinds", amount(factor))
            }
            Some((n, None)) if n > crate::limits::MAX_STACK_CHIPS as f64 => {
                format!("{} chips, more than any stack", amount(n))
            }
            _ => continue,
        };
        let text = source.text.get(action_span.clone()).unwrap_or("");
        let text = text.strip_prefix("THEN").unwrap_or(text).trim();
        let d = Diagnostic::warning(
            Code::HugeRaise,
            format!("`{text}` puts in {what}: it is all in at any usual stack"),
        )
        .at(action_span.clone())
        .with_label("more than 10 pots or 1,000 big blinds")
        .with_help("a share of the pot is a fraction (`RAISE 0.5 pot` is half the pot); write `RAISE allIn` if all in is meant");
        out.push(point_at_defined(named.point_at_defines(d, action_span), op));
    }
}

/// An amount as a multiple of one constant (`50 * pot`, `big pot` through DEFINEs: 50 and
/// `pot`) or a plain number (with no constant), when it is one.
fn scaled(op: &Operand) -> Option<(f64, Option<&Constant>)> {
    match op {
        Operand::Number(n) => Some((*n, None)),
        Operand::Constant {
            factor, constant, ..
        } => Some((*factor, Some(constant))),
        Operand::Negate(x) => scaled(x).map(|(f, k)| (-f, k)),
        Operand::Defined { number, .. } => scaled(&number.value),
        Operand::Binary { op, lhs, rhs, .. } => match (op, scaled(lhs)?, scaled(rhs)?) {
            (ir::ArithOp::Mul, (a, None), (b, k)) | (ir::ArithOp::Mul, (a, k), (b, None)) => {
                Some((a * b, k))
            }
            (ir::ArithOp::Div, (a, k), (b, None)) if b != 0.0 => Some((a / b, k)),
            _ => None,
        },
        _ => None,
    }
}

/// `d` with each computed DEFINEd number of the script inside `op` pointed at in its DEFINE.
fn point_at_defined(mut d: Diagnostic, op: &Operand) -> Diagnostic {
    let mut found = Vec::new();
    op.leaves(&mut |leaf| {
        if let Operand::Defined { name, number, .. } = leaf {
            if let (false, Operand::Binary { span, .. }) = (number.included, &number.value) {
                found.push((name.clone(), span.clone()));
            }
        }
    });
    for (name, span) in found {
        d = d.with_related(span, format!("`{name}` is DEFINEd here"));
    }
    d
}

/// `undefined-value` for a raise amount divided by a literal zero: the raise is always a
/// call (a check when nothing is owed).
fn zero_divisions_in_actions(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    let named = NamedIndex::new(program, false);
    for (_, amount) in raise_amounts(program) {
        if let Some(span) = zero_division(amount) {
            let text = source.text.get(span.clone()).unwrap_or("");
            let d = Diagnostic::warning(
                    Code::UndefinedValue,
                    format!("`{text}` divides by zero: the raise is always a call (a check when nothing is owed)"),
                )
            .at(span.clone())
            .with_label("always undefined")
            .with_help("divide by a value that is not 0 (`pot / 2`)");
            out.push(named.point_at_defines(d, span));
        }
    }
}

/// The first division by a literal zero inside a value.
fn zero_division(op: &Operand) -> Option<&Span> {
    match op {
        Operand::Binary {
            op: ir::ArithOp::Div,
            rhs,
            span,
            ..
        } if rhs.number() == Some(0.0) => Some(span),
        Operand::Binary { lhs, rhs, .. } => zero_division(lhs).or_else(|| zero_division(rhs)),
        Operand::Negate(x) => zero_division(x),
        _ => None,
    }
}

/// What a THEN branch asks when it tests only the hole cards and predicates that hold
/// (`AK`, `topPair`, `QQ+, flushDraw`): the classes it allows and the predicates.
struct Shape<'r> {
    classes: HoleClassSet,
    predicates: Vec<Predicate>,
    branch: &'r ir::Branch,
}

/// The shapes of a rule's THEN branches, when every branch has one and the rule gives an
/// action before the villain acts (a rule of VILLAIN reactions only never decides with a
/// THEN-only rule: they answer different moments of a round).
fn rule_shapes(rule: &ir::Rule) -> Option<Vec<Shape<'_>>> {
    if rule.branches.is_empty() || matches!(rule.action.kind, ir::ActionKind::Nothing) {
        return None;
    }
    let mut out = Vec::new();
    for b in &rule.branches {
        out.extend(branch_shapes(b)?);
    }
    Some(out)
}

/// The shapes of one branch, one for each way its DEFINEs can hold (see [`expansions`]), as
/// if the DEFINEs were written out.
fn branch_shapes(b: &ir::Branch) -> Option<Vec<Shape<'_>>> {
    // A branch left empty by errors in its conditions says nothing.
    if b.conditions.is_empty() {
        return None;
    }
    expansions(&b.conditions, None)
        .iter()
        .map(|alt| shape_of(alt, b))
        .collect()
}

fn shape_of<'r>(alt: &[Flat<'r>], b: &'r ir::Branch) -> Option<Shape<'r>> {
    let mut shape = Shape {
        classes: HoleClassSet::ALL,
        predicates: Vec::new(),
        branch: b,
    };
    for (c, _) in alt {
        match &c.test {
            Test::Cards { classes, negated } => {
                let allowed = if *negated {
                    complement(classes)
                } else {
                    *classes
                };
                shape.classes = shape.classes.intersection(&allowed);
            }
            Test::Predicate {
                predicate,
                negated: false,
            } => shape.predicates.push(*predicate),
            _ => return None,
        }
    }
    Some(shape)
}

/// The DEFINEs a branch uses, each with the place to point at: its body when it is the
/// script's, else its use (for one from an INCLUDEd file).
fn defines_used(branch: &ir::Branch, ranges: &NamedIndex) -> Vec<(String, Span, bool)> {
    let mut out = Vec::new();
    for c in &branch.conditions {
        let Test::All { name, branches, .. } = &c.test else {
            continue;
        };
        let spans = branches.iter().flatten().map(|c| &c.span);
        let body = spans
            .clone()
            .map(|s| s.start)
            .min()
            .zip(spans.map(|s| s.end).max());
        out.push(match body {
            Some((start, end)) if !branches.included => (name.clone(), start..end, true),
            _ => (name.clone(), c.span.clone(), false),
        });
    }
    for u in ranges.within(&branch.span) {
        out.push(match &u.body {
            Some(body) => (u.name.clone(), body.clone(), true),
            None => (u.name.clone(), u.used_at.clone(), false),
        });
    }
    out
}

/// Whether `a` holding means `b` holds too, for the hands both allow: each of `b`'s
/// predicates is one of `a`'s or implied by one (`topPair` implies `pair`).
fn shape_implies(a: &Shape<'_>, b: &Shape<'_>) -> bool {
    let implied: Vec<Predicate> = a.predicates.iter().flat_map(|p| closure(*p)).collect();
    b.predicates.iter().all(|p| implied.contains(p))
}

/// Two rules' THEN branches that match together: the classes both allow, and the branch
/// whose predicates imply the other's (when there are predicates).
fn shapes_overlap<'r>(
    rs: &[Shape<'r>],
    ss: &[Shape<'r>],
) -> Option<(HoleClassSet, Option<&'r ir::Branch>, [&'r ir::Branch; 2])> {
    for a in rs {
        for b in ss {
            let both = a.classes.intersection(&b.classes);
            if both.is_empty() {
                continue;
            }
            let stronger = if shape_implies(a, b) {
                a
            } else if shape_implies(b, a) {
                b
            } else {
                continue;
            };
            let with_predicates = !stronger.predicates.is_empty();
            return Some((
                both,
                with_predicates.then_some(stronger.branch),
                [a.branch, b.branch],
            ));
        }
    }
    None
}

/// How many earlier rules of the same priority each rule is compared with (so that a script
/// of many card-only rules stays linear).
const OVERLAP_WINDOW: usize = 64;

/// `overlapping-rules`: two rules in a common phase pool, at one priority, with different THEN
/// actions, one of whose branches (hole cards and predicates only) always holds with one of
/// the other's (`RULE AK` and `RULE AKs`; `RULE topPair` and `RULE pair`, as `topPair`
/// implies `pair`): for those hands one is picked at random (`hus match` counts such
/// tie-breaks).
fn overlapping_rules(program: &Program, out: &mut Vec<Diagnostic>) {
    let rules = &program.rules;
    let mut masks = vec![0usize; rules.len()];
    for p in Phase::ALL {
        for &i in &program.candidates[p as usize] {
            masks[i] |= 1 << p as usize;
        }
    }
    let text = |sp: &Span| {
        program
            .source
            .text
            .get(sp.clone())
            .unwrap_or("")
            .trim()
            .to_string()
    };
    let ranges = NamedIndex::new(program, true);
    let mut seen: std::collections::HashMap<i64, Vec<(usize, Vec<Shape>)>> = Default::default();
    for (ri, r) in rules.iter().enumerate() {
        let Some(shapes) = rule_shapes(r) else {
            continue;
        };
        let earlier = seen.entry(r.priority).or_default();
        for (si, other) in earlier.iter().rev().take(OVERLAP_WINDOW) {
            let s = &rules[*si];
            if masks[ri] & masks[*si] == 0 || text(&r.action.span) == text(&s.action.span) {
                continue;
            }
            let Some((both, stronger, pair)) = shapes_overlap(&shapes, other) else {
                continue;
            };
            let what = match stronger {
                Some(b) => format!("whenever `{}` holds", text(&b.span)),
                None => {
                    let example = HoleClass::all()
                        .find(|c| both.contains(*c))
                        .map(|c| c.name());
                    format!(
                        "{} hole-card class{} (such as {})",
                        both.len(),
                        if both.len() == 1 { "" } else { "es" },
                        example.unwrap_or_default()
                    )
                }
            };
            let keyword = r.span.start..r.span.start + "RULE".len().min(r.span.len());
            let mut d = Diagnostic::warning(
                    Code::OverlappingRules,
                    format!(
                        "this rule and the rule at line {} both match {what} at the same priority with different actions: one is picked at random",
                        s.line,
                    ),
                )
                .at(keyword)
                .with_label("overlaps")
                .with_related(s.span.start..s.span.start + "RULE".len(), "the other rule")
                .with_help("give the rule meant to win a higher PRIORITY, or make the conditions exclusive");
            let mut named: Vec<(String, Span)> = Vec::new();
            for (name, span, in_script) in pair.iter().flat_map(|b| defines_used(b, &ranges)) {
                if !named.iter().any(|(n, _)| *n == name) {
                    let label = match in_script {
                        true => format!("`{name}` is DEFINEd here"),
                        false => format!("`{name}`, from an INCLUDEd file"),
                    };
                    d = d.with_related(span.clone(), label);
                    named.push((name, span));
                }
            }
            out.push(d);
            break;
        }
        earlier.push((ri, shapes));
    }
}

// ---------------------------------------------------------------------------------------
// Reactions that also answer a check.

/// `reaction-on-check`: a VILLAIN reaction comparing `potOdds` or `toCall` so that it holds
/// when they are 0, which they are after the villain checked: `VILLAIN ppot >= potOdds`,
/// `THEN CALL` turns into a check that pre-empts lower-priority bets.
fn reactions_on_a_check(program: &Program, source: &SourceFile, out: &mut Vec<Diagnostic>) {
    // A DEFINE's comparison is reported once, at its first reaction.
    let mut reported = std::collections::HashSet::new();
    for rule in &program.rules {
        // Once a reaction catches every check, the ones after it never see one.
        let mut checks_caught = false;
        for reaction in &rule.reactions {
            if checks_caught {
                break;
            }
            checks_caught =
                reaction.branches.is_empty() || reaction.branches.iter().any(catches_checks);
            reaction_on_a_check(reaction, source, &mut reported, out);
        }
    }
}

/// Whether a reaction branch holds after every check of the villain: it asks for nothing
/// but a check (`checkedTo`, `!facingBet`, `toCall == 0`, `villainRaiseTimes == 0`).
fn catches_checks(branch: &ir::Branch) -> bool {
    expansions(&branch.conditions, None)
        .iter()
        .any(|alt| alt.iter().all(|(c, _)| catches_check(c)))
}

/// Whether one condition holds after every check of the villain.
fn catches_check(c: &ir::Condition) -> bool {
    match &c.test {
        Test::Predicate {
            predicate: Predicate::CheckedTo,
            negated: false,
        }
        | Test::Predicate {
            predicate: Predicate::FacingBet,
            negated: true,
        } => true,
        Test::Compare {
            lhs: Operand::Constant {
                constant, factor, ..
            },
            op: CmpOp::Eq,
            rhs: Operand::Number(n),
        } => {
            *n == 0.0
                && *factor != 0.0
                && matches!(
                    constant,
                    Constant::ToCall
                        | Constant::PotOdds
                        | Constant::History {
                            player: crate::game::Player::Villain,
                            phase: None,
                            stat: crate::game::Stat::RaiseTimes | crate::game::Stat::Raise,
                        }
                )
        }
        _ => false,
    }
}

/// One reaction's branches: see [`reactions_on_a_check`].
fn reaction_on_a_check(
    reaction: &ir::Reaction,
    source: &SourceFile,
    reported: &mut std::collections::HashSet<Span>,
    out: &mut Vec<Diagnostic>,
) {
    let owed_constant = |o: &Operand| match o {
        Operand::Constant {
            constant: c @ (Constant::PotOdds | Constant::ToCall),
            factor,
            ..
        } if *factor > 0.0 => Some(c.clone()),
        _ => None,
    };
    let alts = reaction.branches.iter().flat_map(|b| {
        expansions(&b.conditions, None)
            .into_iter()
            .map(move |alt| (b, alt))
    });
    {
        for (branch, alt) in alts {
            let mut found = None;
            let mut excluded = false;
            for &(c, included) in &alt {
                match &c.test {
                    Test::Predicate { predicate, .. } if predicate.is_betting() => excluded = true,
                    Test::Compare { lhs, op, rhs } => {
                        let (constant, other, left) = match (owed_constant(lhs), owed_constant(rhs))
                        {
                            (Some(k), _) => (k, rhs, true),
                            (None, Some(k)) => (k, lhs, false),
                            (None, None) => continue,
                        };
                        let at_zero = match other {
                            // Against a number: whether it holds at 0.
                            Operand::Number(n) => {
                                if left {
                                    op.holds(0.0, *n)
                                } else {
                                    op.holds(*n, 0.0)
                                }
                            }
                            // Against another (non-negative) value: `0 <= x` holds.
                            _ => matches!(
                                (left, op),
                                (true, CmpOp::Lt | CmpOp::Le) | (false, CmpOp::Gt | CmpOp::Ge)
                            ),
                        };
                        if !at_zero {
                            excluded = true;
                        } else if found.is_none() {
                            // One from an INCLUDEd DEFINE is reported at the branch using it.
                            let span = match included {
                                Some(_) => branch.span.clone(),
                                None => c.span.clone(),
                            };
                            found = Some((span, constant, included));
                        }
                    }
                    _ => {}
                }
            }
            let Some((span, constant, included)) = found.filter(|_| !excluded) else {
                continue;
            };
            if !reported.insert(span.clone()) {
                continue;
            }
            let name = if constant == Constant::PotOdds {
                "potOdds"
            } else {
                "toCall"
            };
            let text = included.unwrap_or_else(|| source.text.get(span.clone()).unwrap_or(name));
            let mut d = Diagnostic::warning(
                Code::ReactionOnCheck,
                format!("`{text}` also holds after the villain checked (`{name}` is 0 then)"),
            )
            .at(span.clone())
            .with_label("holds when nothing is owed")
            .with_help(
                "add `facingBet` to answer only a bet (or `checkedTo` to answer only a check)",
            );
            if !within(&span, &branch.span) {
                d = d.with_related(branch.span.clone(), "a reaction using this DEFINE");
            }
            out.push(d);
        }
    }
}

// ---------------------------------------------------------------------------------------
// Rules that are never chosen.

/// Whether `s` gives an action whenever `r` could: `s` has no branch, and either it has a
/// VILLAIN reaction with no branch (so it acts after the villain acted too), or `r` has no
/// reactions (so `r` gives nothing once the villain acted anyway).
fn covers(s: &ir::Rule, r: &ir::Rule) -> bool {
    s.branches.is_empty()
        && !matches!(s.action.kind, ir::ActionKind::Nothing)
        && (r.reactions.is_empty() || s.reactions.iter().any(|x| x.branches.is_empty()))
}

/// The rules that always give an action (no branch), grouped so that finding what covers a
/// rule costs a few lookups instead of a pass over every rule: by the phase pools a rule is
/// in (a mask of 4 bits) and by what its reactions cover (see [`covers`]).
struct Coverers {
    /// Per group, the two strongest rules: highest priority first, then first in the file.
    best: Vec<[Option<usize>; 2]>,
}

/// What a branch-less rule's reactions cover: 0 = a reaction without a branch (it covers
/// every rule), 1 = no reactions, 2 = only reactions with branches.
fn cover_kind(s: &ir::Rule) -> usize {
    if s.reactions.iter().any(|x| x.branches.is_empty()) {
        0
    } else if s.reactions.is_empty() {
        1
    } else {
        2
    }
}

impl Coverers {
    fn new(program: &Program, masks: &[usize]) -> Coverers {
        let rules = &program.rules;
        let mut best = vec![[None; 2]; 16 * 3];
        let stronger = |a: usize, b: usize| {
            (rules[a].priority, std::cmp::Reverse(a)) > (rules[b].priority, std::cmp::Reverse(b))
        };
        for (si, s) in rules.iter().enumerate() {
            if !s.branches.is_empty()
                || masks[si] == 0
                || matches!(s.action.kind, ir::ActionKind::Nothing)
            {
                continue;
            }
            let slot = &mut best[masks[si] * 3 + cover_kind(s)];
            match *slot {
                [None, _] => slot[0] = Some(si),
                [Some(b), _] if stronger(si, b) => *slot = [Some(si), Some(b)],
                [Some(_), None] => slot[1] = Some(si),
                [Some(_), Some(c)] if stronger(si, c) => slot[1] = Some(si),
                _ => {}
            }
        }
        Coverers { best }
    }
}

// Near-linear in the rules: each rule looks at the strongest rule of each of 48 groups.
fn shadowed(program: &Program, out: &mut Vec<Diagnostic>) {
    let rules = &program.rules;
    // The phase pools each rule is in, as a bit mask.
    let mut masks = vec![0usize; rules.len()];
    for p in Phase::ALL {
        for &i in &program.candidates[p as usize] {
            masks[i] |= 1 << p as usize;
        }
    }
    let coverers = Coverers::new(program, &masks);
    for (ri, r) in rules.iter().enumerate() {
        // The strongest rule that covers r in some pool they share: higher priority first,
        // then the first in file order.
        let mut best: Option<usize> = None;
        for (group, pair) in coverers.best.iter().enumerate() {
            let (mask, kind) = (group / 3, group % 3);
            if mask & masks[ri] == 0 || (kind != 0 && !r.reactions.is_empty()) {
                continue;
            }
            // The group's strongest rule other than r itself.
            let Some(si) = pair.iter().flatten().copied().find(|&si| si != ri) else {
                continue;
            };
            let s = &rules[si];
            if s.priority < r.priority {
                continue;
            }
            // Two rules that cover each other at one priority: report once, on the later
            // (every other rule of the group at this priority comes later still).
            if s.priority == r.priority && covers(r, s) && si > ri {
                continue;
            }
            let better = match best {
                None => true,
                Some(bi) => {
                    (s.priority, std::cmp::Reverse(si))
                        > (rules[bi].priority, std::cmp::Reverse(bi))
                }
            };
            if better {
                best = Some(si);
            }
        }
        let best = best.map(|si| {
            let shared: Vec<Phase> = Phase::ALL
                .into_iter()
                .filter(|&p| masks[ri] & masks[si] & (1 << p as usize) != 0)
                .collect();
            (si, shared)
        });
        let Some((si, phases)) = best else { continue };
        out.push(shadow_warning(program, ri, si, &phases));
    }
}

/// The warning that rule `ri` is shadowed by rule `si`, which covers it in `phases`.
fn shadow_warning(program: &Program, ri: usize, si: usize, phases: &[Phase]) -> Diagnostic {
    let (r, s) = (&program.rules[ri], &program.rules[si]);
    let keyword = r.span.start..r.span.start + "RULE".len().min(r.span.len());
    let s_keyword = s.span.start..s.span.start + "RULE".len().min(s.span.len());
    let when = if r.block == BlockKind::Always && s.block != BlockKind::Always {
        format!(
            "in {}, ",
            phases
                .iter()
                .map(|p| p.keyword())
                .collect::<Vec<_>>()
                .join(" and ")
        )
    } else {
        String::new()
    };
    let d = if s.priority > r.priority {
        Diagnostic::warning(
            Code::ShadowedRule,
            format!(
                "{when}this rule is never chosen: the rule at line {} always gives an action at a higher priority",
                s.line
            ),
        )
        .with_help(format!("give this rule a PRIORITY above {}, or add a condition to the rule at line {}", s.priority, s.line))
    } else {
        Diagnostic::warning(
            Code::ShadowedRule,
            format!(
                "{when}this rule never decides alone: the rule at line {} always gives an action at the same priority, so one of the two is picked at random",
                s.line
            ),
        )
        .with_help(format!("to make the rule at line {} a fallback, give it a lower priority: `RULE PRIORITY -1`", s.line))
    };
    d.at(keyword)
        .with_label("shadowed")
        .with_related(s_keyword, "this rule always gives an action")
        .with_fix(
            format!("Remove the rule at line {}", r.line),
            program.source.whole_lines(&r.span),
            "",
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};

    /// The first, quadratic form of the lint's choice of the shadowing rule (its warning
    /// written by the same [`shadow_warning`]): the near-linear one must choose the same.
    fn shadowed_quadratic(program: &Program, out: &mut Vec<Diagnostic>) {
        let rules = &program.rules;
        for (ri, r) in rules.iter().enumerate() {
            // The strongest rule that covers r in some pool they share: higher priority first,
            // then the first in file order.
            let mut best: Option<(usize, Vec<Phase>)> = None;
            for (si, s) in rules.iter().enumerate() {
                if si == ri || !covers(s, r) || s.priority < r.priority {
                    continue;
                }
                // Two rules that cover each other at one priority: report once, on the later.
                if s.priority == r.priority && covers(r, s) && si > ri {
                    continue;
                }
                let shared: Vec<Phase> = Phase::ALL
                    .into_iter()
                    .filter(|&p| {
                        program.candidates[p as usize].contains(&ri)
                            && program.candidates[p as usize].contains(&si)
                    })
                    .collect();
                if shared.is_empty() {
                    continue;
                }
                let better = match &best {
                    None => true,
                    Some((bi, _)) => s.priority > rules[*bi].priority,
                };
                if better {
                    best = Some((si, shared));
                }
            }
            let Some((si, phases)) = best else { continue };
            out.push(shadow_warning(program, ri, si, &phases));
        }
    }

    #[test]
    fn shadowed_agrees_with_the_quadratic_definition() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let blocks = ["PREFLOP", "FLOP", "TURN", "RIVER", "ALWAYS"];
        let mut warned = 0;
        for _ in 0..300 {
            let mut text = String::new();
            for _ in 0..rng.random_range(1..4u32) {
                let b = blocks[rng.random_range(0..5u32) as usize];
                text.push_str(&format!("{b}\n"));
                for _ in 0..rng.random_range(1..6u32) {
                    let prio = rng.random_range(0..3u32);
                    let cond = if rng.random_bool(0.5) {
                        " pot > 10"
                    } else {
                        ""
                    };
                    text.push_str(&format!("RULE PRIORITY {prio}{cond}\n  THEN CALL\n"));
                    match rng.random_range(0..3u32) {
                        0 => {}
                        1 => text.push_str("  VILLAIN\n    THEN FOLD\n  ENDVILLAIN\n"),
                        _ => text.push_str("  VILLAIN toCall > 5\n    THEN FOLD\n  ENDVILLAIN\n"),
                    }
                    text.push_str("ENDRULE\n");
                }
                text.push_str(&format!("END{b}\n"));
            }
            let file = SourceFile::new("t.hus", text.as_str());
            let checked = crate::check::check(&file, &Default::default());
            let Some(program) = checked.program else {
                panic!("{text}\n{:#?}", checked.diagnostics)
            };
            let (mut fast, mut slow) = (Vec::new(), Vec::new());
            shadowed(&program, &mut fast);
            shadowed_quadratic(&program, &mut slow);
            // Each warning's fix removes its rule.
            for d in &fast {
                assert_eq!(d.fixes.len(), 1, "{text}");
                assert!(text[d.fixes[0].span.clone()].starts_with("RULE"), "{text}");
                assert!(
                    text[d.fixes[0].span.clone()].ends_with("ENDRULE\n"),
                    "{text}"
                );
            }
            assert_eq!(fast, slow, "{text}");
            warned += usize::from(!fast.is_empty());
        }
        assert!(warned > 100, "only {warned} scripts had a shadowed rule");
    }
}
