//! Rules of one priority that match together with different actions.

use super::*;

/// What a THEN branch asks when it tests only the hole cards and predicates that hold
/// (`AK`, `topPair`, `QQ+, flushDraw`): the classes it allows and the predicates.
pub(super) struct Shape<'r> {
    classes: HoleClassSet,
    predicates: Vec<Predicate>,
    branch: &'r ir::Branch,
}

/// The shapes of a rule's THEN branches, when every branch has one and the rule gives an
/// action before the villain acts (a rule of VILLAIN reactions only never decides with a
/// THEN-only rule: they answer different moments of a round).
pub(super) fn rule_shapes(rule: &ir::Rule) -> Option<Vec<Shape<'_>>> {
    if rule.branches.is_empty() || matches!(rule.action.kind, ir::RuleActionKind::Nothing) {
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
pub(super) fn branch_shapes(b: &ir::Branch) -> Option<Vec<Shape<'_>>> {
    // A branch left empty by errors in its conditions says nothing.
    if b.conditions.is_empty() {
        return None;
    }
    expansions(&b.conditions, None)
        .iter()
        .map(|alt| shape_of(alt, b))
        .collect()
}

pub(super) fn shape_of<'r>(alt: &[Flat<'r>], b: &'r ir::Branch) -> Option<Shape<'r>> {
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
pub(super) fn defines_used(branch: &ir::Branch, ranges: &NamedIndex) -> Vec<(String, Span, bool)> {
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
pub(super) fn shape_implies(a: &Shape<'_>, b: &Shape<'_>) -> bool {
    let implied: Vec<Predicate> = a.predicates.iter().flat_map(|p| closure(*p)).collect();
    b.predicates.iter().all(|p| implied.contains(p))
}

/// Two rules' THEN branches that match together: the classes both allow, and the branch
/// whose predicates imply the other's (when there are predicates).
pub(super) fn shapes_overlap<'r>(
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
pub(super) const OVERLAP_WINDOW: usize = 64;

/// `overlapping-rules`: two rules in a common phase pool, at one priority, with different THEN
/// actions, one of whose branches (hole cards and predicates only) always holds with one of
/// the other's (`RULE AK` and `RULE AKs`; `RULE topPair` and `RULE pair`, as `topPair`
/// implies `pair`): for those hands one is picked at random (`hus match` counts such
/// tie-breaks).
pub(super) fn overlapping_rules(program: &Program, out: &mut Vec<SourceDiagnostic>) {
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
            let mut d = SourceDiagnostic::warning(
                    Code::OverlappingRules,
                    format!(
                        "this rule and the rule at line {} both match {what} at the same priority with different actions: one is picked at random",
                        s.line,
                    ),
                )
                .at(keyword)
                .also_about(s.span.clone())
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
