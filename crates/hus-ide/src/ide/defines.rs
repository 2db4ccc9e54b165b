//! The script's DEFINEs (its own, then its included files') as the editor needs them: found by
//! name, each with what it is (a range, a number, a condition) and a range's classes, all
//! worked out once per analysis, so completion and hover stay linear in the number of
//! DEFINEs however they use one another.

use std::collections::HashMap;
use std::sync::Arc;

use crate::cards::hole::HoleClassSet;
use crate::cards::query::CardQuery;
use crate::diag::SourceFile;
use crate::game::Constant;
use crate::syntax::ast;

/// A DEFINE and its file (`None`: the script itself).
pub type DefineEntry = (ast::Define, Option<Arc<SourceFile>>);

/// Every DEFINE of a script and what each is.
#[derive(Debug, Default)]
pub struct Defines {
    /// The script's own, then its included files' in include order.
    pub list: Vec<DefineEntry>,
    /// The first DEFINE of each lower-cased name.
    by_name: HashMap<String, usize>,
    kinds: Vec<&'static str>,
    ranges: Vec<Option<HoleClassSet>>,
}

/// A DEFINE's range while the index is built.
#[derive(Clone, Copy, PartialEq)]
enum Seen {
    No,
    Busy,
    Done,
}

impl Defines {
    pub fn new(list: Vec<DefineEntry>) -> Defines {
        let mut by_name = HashMap::new();
        for (i, (d, _)) in list.iter().enumerate() {
            by_name.entry(d.name.to_ascii_lowercase()).or_insert(i);
        }
        let n = list.len();
        let mut index = Defines {
            list,
            by_name,
            kinds: vec!["a condition"; n],
            ranges: vec![None; n],
        };
        let mut seen = vec![Seen::No; n];
        for i in 0..n {
            index.range_of(i, 0, &mut seen);
        }
        let mut kinds_seen = vec![Seen::No; n];
        for i in 0..n {
            index.kind_of(i, 0, &mut kinds_seen);
        }
        index
    }

    /// The first DEFINE of `name` (case-insensitive).
    pub fn find(&self, name: &str) -> Option<&DefineEntry> {
        self.index(name).map(|i| &self.list[i])
    }

    fn index(&self, name: &str) -> Option<usize> {
        self.by_name.get(&name.to_ascii_lowercase()).copied()
    }

    /// "a range", "a narrowed range", "a filter", "a number", "a condition" or "a condition
    /// (also a filter)" (as the checker reads it), for the DEFINE of `name`.
    pub fn kind(&self, name: &str) -> &'static str {
        self.index(name).map_or("a condition", |i| self.kinds[i])
    }

    /// The classes of the range `name` DEFINEs, when it is one.
    pub fn range(&self, name: &str) -> Option<HoleClassSet> {
        self.index(name).and_then(|i| self.ranges[i])
    }

    /// Works out DEFINE `i`'s range once, through at most the checker's depth of others.
    fn range_of(&mut self, i: usize, depth: usize, seen: &mut [Seen]) -> Option<HoleClassSet> {
        match seen[i] {
            Seen::Done => return self.ranges[i],
            Seen::Busy => return None,
            Seen::No if depth > crate::limits::MAX_DEFINE_DEPTH => return None,
            Seen::No => {}
        }
        seen[i] = Seen::Busy;
        let items: Vec<(String, bool)> = match single(&self.list[i].0) {
            Some(ast::ConditionKind::Query {
                negated: false,
                text,
                ..
            }) => vec![(text.clone(), false)],
            Some(ast::ConditionKind::Name {
                negated: false,
                name,
                ..
            }) => vec![(name.clone(), true)],
            Some(ast::ConditionKind::Range(items)) => items
                .iter()
                .map(|it| (it.text.clone(), it.is_name))
                .collect(),
            _ => Vec::new(),
        };
        let mut all = (!items.is_empty()).then_some(HoleClassSet::EMPTY);
        for (text, is_name) in items {
            let classes = if is_name {
                self.index(&text)
                    .and_then(|j| self.range_of(j, depth + 1, seen))
            } else {
                CardQuery::parse(&text).ok().map(|q| q.classes)
            };
            all = match (all, classes) {
                (Some(a), Some(c)) => Some(a.union(&c)),
                _ => None,
            };
        }
        seen[i] = Seen::Done;
        self.ranges[i] = all;
        all
    }

    /// Works out DEFINE `i`'s kind once (after the ranges).
    fn kind_of(&mut self, i: usize, depth: usize, seen: &mut [Seen]) -> &'static str {
        match seen[i] {
            Seen::Done => return self.kinds[i],
            Seen::Busy => return "a condition",
            Seen::No if depth > crate::limits::MAX_DEFINE_DEPTH => return "a condition",
            Seen::No => {}
        }
        seen[i] = Seen::Busy;
        let kind = if self.ranges[i].is_some() {
            "a range"
        } else if self.is_filter(i, depth, seen) {
            "a filter"
        } else {
            let body = single(&self.list[i].0).cloned();
            match body.as_ref() {
                Some(ast::ConditionKind::Value(_)) => "a number",
                Some(ast::ConditionKind::Narrowed(_)) => "a narrowed range",
                Some(ast::ConditionKind::Range(items))
                    if items.iter().any(|it| {
                        it.is_name
                            && self.named_kind(&it.text, i, depth, seen) == "a narrowed range"
                    }) =>
                {
                    "a narrowed range"
                }
                Some(ast::ConditionKind::Range(items)) if items.iter().all(hand_word) => {
                    "a condition (also a filter)"
                }
                Some(ast::ConditionKind::Name {
                    negated: false,
                    name,
                    ..
                }) if Constant::from_name(name).is_some() => "a number",
                Some(ast::ConditionKind::Name {
                    negated: false,
                    name,
                    ..
                }) => match self.index(name) {
                    Some(j) if j != i => self.kind_of(j, depth + 1, seen),
                    _ => "a condition",
                },
                _ => "a condition",
            }
        };
        seen[i] = Seen::Done;
        self.kinds[i] = kind;
        kind
    }

    /// The kind of the DEFINE `name` names from inside DEFINE `i` ("" when none does).
    fn named_kind(
        &mut self,
        name: &str,
        i: usize,
        depth: usize,
        seen: &mut [Seen],
    ) -> &'static str {
        match self.index(name) {
            Some(j) if j != i => self.kind_of(j, depth + 1, seen),
            _ => "",
        }
    }

    /// Whether DEFINE `i` is a filter: a condition of its body holds `word+` or names a
    /// DEFINEd filter.
    fn is_filter(&mut self, i: usize, depth: usize, seen: &mut [Seen]) -> bool {
        let conditions: Vec<ast::Condition> = self.list[i]
            .0
            .body
            .iter()
            .flat_map(|b| b.conditions.iter().cloned())
            .collect();
        conditions
            .iter()
            .any(|c| self.has_filter_word(c, i, depth, seen))
    }

    fn has_filter_word(
        &mut self,
        c: &ast::Condition,
        i: usize,
        depth: usize,
        seen: &mut [Seen],
    ) -> bool {
        match &c.kind {
            ast::ConditionKind::OrBetter { .. } => true,
            ast::ConditionKind::Name { name, .. } => {
                self.named_kind(name, i, depth, seen) == "a filter"
            }
            ast::ConditionKind::Range(items) => items.iter().any(|it| match &it.condition {
                Some(c) => self.has_filter_word(c, i, depth, seen),
                None => it.is_name && self.named_kind(&it.text, i, depth, seen) == "a filter",
            }),
            _ => false,
        }
    }
}

/// Whether a union item is a hand word a `WITH` filter reads (`pair`, `flushDraw`).
fn hand_word(item: &ast::RangeItem) -> bool {
    item.is_name
        && item.weight.is_none()
        && crate::cards::predicate::Predicate::from_name(&item.text)
            .is_some_and(|p| !p.is_betting())
}

/// A one-line, one-condition DEFINE's condition.
fn single(d: &ast::Define) -> Option<&ast::ConditionKind> {
    let [branch] = d.body.as_slice() else {
        return None;
    };
    let [one] = branch.conditions.as_slice() else {
        return None;
    };
    Some(&one.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index(text: &str) -> Defines {
        let (script, _) = crate::syntax::parse(text);
        Defines::new(script.defines.into_iter().map(|d| (d, None)).collect())
    }

    #[test]
    fn narrowed_ranges_and_filters_are_told_apart() {
        let d = index("DEFINE r = QQ+\nDEFINE rb = r WITH topPair+\nDEFINE bets = pair | flushDraw\nDEFINE c = pair | facingBet\nDEFINE f = pair+ | flushDraw\nDEFINE g = f, !overcards\nDEFINE rv = rb | r:0.3 WITH flushDraw\nDEFINE both = rb | AK\n");
        assert_eq!(d.kind("rb"), "a narrowed range");
        assert_eq!(d.kind("f"), "a filter");
        assert_eq!(d.kind("g"), "a filter");
        assert_eq!(d.kind("rv"), "a narrowed range");
        assert_eq!(d.kind("both"), "a narrowed range");
        assert_eq!(d.range("rb"), None);
        assert_eq!(d.kind("bets"), "a condition (also a filter)");
        assert_eq!(d.kind("c"), "a condition");
    }

    #[test]
    fn kinds_and_ranges_follow_other_defines() {
        let d = index("DEFINE a = QQ+\nDEFINE b = a | AK\nDEFINE c = b\nDEFINE n = pot / 2\nDEFINE m = n\nDEFINE x = flushDraw, a\n");
        assert_eq!(d.kind("C"), "a range");
        assert_eq!(d.range("c").unwrap().len(), d.range("b").unwrap().len());
        assert_eq!(d.kind("m"), "a number");
        assert_eq!(d.kind("x"), "a condition");
        assert_eq!(d.range("x"), None);
    }

    #[test]
    fn doubling_ranges_are_worked_out_once_each() {
        // 2^200 paths through the ranges, 200 DEFINEs: finishes only if each is done once.
        let mut text = String::from("DEFINE r0 = AA\n");
        for i in 1..200 {
            text.push_str(&format!("DEFINE r{i} = r{} | r{}\n", i - 1, i - 1));
        }
        let d = index(&text);
        assert_eq!(d.kind("r10"), "a range");
        assert_eq!(d.range("r10").unwrap().len(), 1);
        assert_eq!(d.range("r199").unwrap().len(), 1);
    }
}
