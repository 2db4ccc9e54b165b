//! Rules that are never chosen: another, always giving an action, wins over them.

use super::*;

/// Whether `s` gives an action whenever `r` could: `s` has no branch, and either it has a
/// VILLAIN reaction with no branch (so it acts after the villain acted too), or `r` has no
/// reactions (so `r` gives nothing once the villain acted anyway).
pub(super) fn covers(s: &ir::Rule, r: &ir::Rule) -> bool {
    s.branches.is_empty()
        && !matches!(s.action.kind, ir::RuleActionKind::Nothing)
        && (r.reactions.is_empty() || s.reactions.iter().any(|x| x.branches.is_empty()))
}

/// The rules that always give an action (no branch), grouped so that finding what covers a
/// rule costs a few lookups instead of a pass over every rule: by the phase pools a rule is
/// in (a mask of 4 bits) and by what its reactions cover (see [`covers`]).
pub(super) struct Coverers {
    /// Per group, the two strongest rules: highest priority first, then first in the file.
    best: Vec<[Option<usize>; 2]>,
}

/// What a branch-less rule's reactions cover: 0 = a reaction without a branch (it covers
/// every rule), 1 = no reactions, 2 = only reactions with branches.
pub(super) fn cover_kind(s: &ir::Rule) -> usize {
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
                || matches!(s.action.kind, ir::RuleActionKind::Nothing)
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
pub(super) fn shadowed(program: &Program, out: &mut Vec<SourceDiagnostic>) {
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
pub(super) fn shadow_warning(
    program: &Program,
    ri: usize,
    si: usize,
    phases: &[Phase],
) -> SourceDiagnostic {
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
        SourceDiagnostic::warning(
            Code::ShadowedRule,
            format!(
                "{when}this rule is never chosen: the rule at line {} always gives an action at a higher priority",
                s.line
            ),
        )
        .with_help(format!("give this rule a PRIORITY above {}, or add a condition to the rule at line {}", s.priority, s.line))
    } else {
        SourceDiagnostic::warning(
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
    fn shadowed_quadratic(program: &Program, out: &mut Vec<SourceDiagnostic>) {
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
