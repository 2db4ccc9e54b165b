//! Numbers: comparisons outside a constant's range or of two numbers, divisions by zero,
//! raises of nothing or of more than any stack.

use super::*;

/// The values a constant can take (before its factor), when they are bounded.
pub(super) fn constant_range(c: &Constant) -> Option<(f64, f64, &'static str)> {
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
pub(super) fn out_of_range(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
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
pub(super) fn range_warning(
    c: &ir::Condition,
    via: &Via,
    source: &SourceFile,
    named: &NamedIndex,
) -> Option<SourceDiagnostic> {
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
        SourceDiagnostic::warning(
            Code::OutOfRange,
            format!(
                "{text} {} holds: `{name}` is {words}",
                if never { "never" } else { "always" }
            ),
        )
        .at(at)
        .with_label(if never { "never true" } else { "always true" })
    } else if meant.is_some() {
        SourceDiagnostic::warning(
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

/// The number a comparison of `constant` with `n` most likely meant when the writer mixed
/// up percentages and fractions (`villainFoldToCBet > 0.55` for 55, `equity > 60` for 0.6),
/// with the rule of thumb to say.
pub(super) fn meant_number(constant: &Constant, n: f64) -> Option<(&'static str, f64)> {
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
pub(super) fn number_span(source: &SourceFile, cond: &Span, n: f64, right: bool) -> Option<Span> {
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
pub(super) fn constant_comparisons(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    let named = NamedIndex::new(program, false);
    for rule in &program.rules {
        for c in conditions(rule) {
            let Test::Compare { lhs, op, rhs } = &c.test else {
                continue;
            };
            if let Some(span) = zero_division(lhs).or_else(|| zero_division(rhs)) {
                let text = source.text.get(span.clone()).unwrap_or("");
                let d = SourceDiagnostic::warning(
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
pub(super) fn always_holds(
    c: &ir::Condition,
    lhs: &Operand,
    op: CmpOp,
    rhs: &Operand,
    via: &Via,
    source: &SourceFile,
) -> Option<SourceDiagnostic> {
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
        SourceDiagnostic::warning(
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
pub(super) fn defined_zero_division(
    o: &Operand,
    via: &Via,
    source: &SourceFile,
) -> Option<SourceDiagnostic> {
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
        SourceDiagnostic::warning(
            Code::UndefinedValue,
            format!("{text} divides by zero: wherever `{define}` is used, a comparison with it never holds and a raise by it is a call"),
        )
        .at(via.at(span))
        .with_label("always undefined")
        .with_help("divide by a value that is not 0 (`pot / 2`)"),
    )
}

/// `raise-nothing`: a RAISE amount that is 0 (`RAISE 0 BB`), which becomes the minimum raise.
pub(super) fn raises_of_nothing(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    let named = NamedIndex::new(program, false);
    let actions = program
        .rules
        .iter()
        .flat_map(|r| std::iter::once(&r.action).chain(r.reactions.iter().map(|x| &x.action)));
    for a in actions {
        let ir::RuleActionKind::Raise(items) = &a.kind else {
            continue;
        };
        let zero = items
            .iter()
            .any(|i| scaled(&i.amount).is_some_and(|(x, _)| x == 0.0));
        if zero {
            let text = source.text.get(a.span.clone()).unwrap_or("RAISE");
            let text = text.strip_prefix("THEN").unwrap_or(text).trim();
            let d = SourceDiagnostic::warning(
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
pub(super) fn raise_amounts(program: &Program) -> Vec<(&Span, &Operand)> {
    fn action<'a>(a: &'a ir::RuleAction, out: &mut Vec<(&'a Span, &'a Operand)>) {
        match &a.kind {
            ir::RuleActionKind::Raise(items) | ir::RuleActionKind::RaiseTo(items) => {
                out.extend(items.iter().map(|w| (&a.span, &w.amount)))
            }
            ir::RuleActionKind::Mixed(items) => items.iter().for_each(|w| action(&w.action, out)),
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
pub(super) const HUGE_POTS: f64 = 10.0;
/// A raise of more big blinds than this warns (the competition's stacks are 200).
pub(super) const HUGE_BIG_BLINDS: f64 = 1000.0;

/// `huge-raise`: an amount of more than 10 pots, 1,000 big blinds or the largest stack a
/// match can have (`RAISE 50 pot`, what `RAISE 50% pot` becomes when the `%` is dropped).
pub(super) fn huge_raises(program: &Program, source: &SourceFile, out: &mut Vec<SourceDiagnostic>) {
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
        // `RAISE 50% pot` is already an error that gives the fraction meant.
        if text.contains('%') {
            continue;
        }
        let text = text.strip_prefix("THEN").unwrap_or(text).trim();
        let d = SourceDiagnostic::warning(
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
pub(super) fn scaled(op: &Operand) -> Option<(f64, Option<&Constant>)> {
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
pub(super) fn point_at_defined(mut d: SourceDiagnostic, op: &Operand) -> SourceDiagnostic {
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
pub(super) fn zero_divisions_in_actions(
    program: &Program,
    source: &SourceFile,
    out: &mut Vec<SourceDiagnostic>,
) {
    let named = NamedIndex::new(program, false);
    for (_, amount) in raise_amounts(program) {
        if let Some(span) = zero_division(amount) {
            let text = source.text.get(span.clone()).unwrap_or("");
            let d = SourceDiagnostic::warning(
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
pub(super) fn zero_division(op: &Operand) -> Option<&Span> {
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
