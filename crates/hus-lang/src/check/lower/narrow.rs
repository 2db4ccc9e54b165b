//! Ranges narrowed by the board and the filters that narrow them (reference §12.9), as
//! strength words and DEFINEs write them: `r WITH topPair+ | r:0.3 WITH flushDraw`,
//! `WITH bets`, `DEFINE bets = pair+ | flushDraw`.

use crate::cards::category::Made;
use crate::cards::predicate::Predicate;
use crate::cards::range::{FilterWord, HandFilter, HandWord, VillainRange};
use crate::diag::{Code, SourceDiagnostic};
use crate::ir::{self, Test};
use crate::syntax::ast;

use super::{DefineState, Lowered, Lowerer};

impl Lowerer<'_> {
    /// A range and its `WITH`s as one villain range. Each `WITH` narrows the ranges before
    /// it; a range item after a filter's hand words (a card query, a weighted item, a DEFINEd
    /// range) starts the next part, narrowed by the next `WITH` or by nothing:
    /// `r WITH topPair+ | r:0.3 WITH flushDraw`, `r WITH topPair+ | AK:0.5`. The parts are
    /// joined as `|` joins ranges.
    pub(super) fn narrowing(&mut self, n: &ast::Narrowing) -> Option<VillainRange> {
        let mut range = n.range.clone();
        let mut parts: Vec<VillainRange> = Vec::new();
        let mut ok = true;
        for (with_span, alternatives) in &n.withs {
            let end = self.filter_end(alternatives);
            let (words, next) = alternatives.split_at(end);
            if range.is_empty() {
                ok = false;
                self.push(
                    SourceDiagnostic::error(Code::FilterWord, "this `WITH` narrows no range")
                        .at(with_span.clone())
                        .with_label("the words before it are a filter, not a range")
                        .with_help("join the words of one filter with `,` (`r WITH topPair+, !flushDraw`), or write a range before the `WITH`: `r WITH topPair+ | r:0.3 WITH flushDraw`"),
                );
            } else if words.is_empty() {
                ok = false;
                self.range_before_words(&next[0][0]);
            } else {
                match self.villain_part(&range, Some(words)) {
                    Some(p) => parts.push(p),
                    None => ok = false,
                }
            }
            range = Vec::new();
            for words in next {
                match self.range_word(words, &next[0]) {
                    Some(item) => range.push(item),
                    None => ok = false,
                }
            }
        }
        if !range.is_empty() {
            match self.villain_part(&range, None) {
                Some(p) => parts.push(p),
                None => ok = false,
            }
        }
        if !ok {
            return None;
        }
        parts.into_iter().reduce(|a, b| a.union(&b))
    }

    /// Where a `WITH`'s hand words end: the first alternative that is a range item.
    fn filter_end(&mut self, alternatives: &[Vec<ast::WithWord>]) -> usize {
        alternatives
            .iter()
            .position(|words| matches!(words.as_slice(), [w] if self.starts_range(w)))
            .unwrap_or(alternatives.len())
    }

    /// Whether a word after `WITH` is a range item: a card query, a weighted item or a
    /// DEFINEd range or narrowed range.
    fn starts_range(&mut self, w: &ast::WithWord) -> bool {
        if w.negated || w.or_better {
            return false;
        }
        if w.is_query || w.weight.is_some() {
            return true;
        }
        matches!(
            self.peek(&w.name, &w.name_span),
            Some(Lowered::Range(_) | Lowered::Narrowed(_))
        )
    }

    /// What the DEFINE `name` is, to choose how to read a word, lowering it if need be;
    /// `None` when no DEFINE has the name, or when lowering it now would be a cycle or too
    /// deep (the use that follows reports it, once).
    fn peek(&mut self, name: &str, span: &crate::diag::Span) -> Option<Lowered> {
        let i = self.define_index(name)?;
        match self.defines[i].state {
            DefineState::Busy => None,
            DefineState::Pending if self.depth >= crate::limits::MAX_DEFINE_DEPTH => None,
            _ => Some(self.resolve(i, span.clone())),
        }
    }

    /// An alternative after the ranges that follow a filter: one range item, or an error.
    fn range_word(
        &mut self,
        words: &[ast::WithWord],
        first_range: &[ast::WithWord],
    ) -> Option<ast::RangeItem> {
        if let [w] = words {
            if self.starts_range(w) {
                return w.as_range_item();
            }
        }
        let w = &words[0];
        let after = first_range
            .first()
            .map_or(String::new(), |r| self.text(&(r.span.clone())));
        self.fail(
            SourceDiagnostic::error(
                Code::FilterWord,
                format!(
                    "`{}` stands among the ranges after a filter, where only ranges may",
                    self.text(&(w.span.start..words[words.len() - 1].span.end))
                ),
            )
            .at(w.span.clone())
            .with_label("not a range")
            .with_help(format!(
                "a filter's hand words come first; from the range `{after}` on, up to the next `WITH`, everything is one range: move the hand words before `{after}`, or give the ranges their own `WITH`"
            )),
        )
    }

    /// `r WITH AK`: a range where the filter's first hand word should be.
    fn range_before_words(&mut self, w: &ast::WithWord) {
        let text = self.text(&w.span);
        self.push(
            SourceDiagnostic::error(
                Code::FilterWord,
                format!("`{text}` is a range, where a `WITH` filter's hand words start"),
            )
            .at(w.span.clone())
            .with_label("not a hand word")
            .with_help(format!(
                "write the range before `WITH` to narrow it too (`r | {text} WITH topPair+`), or after the hand words to join it whole (`r WITH topPair+ | {text}`)"
            )),
        );
    }

    /// One part: the range items (DEFINEd narrowed ranges among them), narrowed by `words`.
    fn villain_part(
        &mut self,
        range: &[ast::RangeItem],
        words: Option<&[Vec<ast::WithWord>]>,
    ) -> Option<VillainRange> {
        let base = self.villain_items(range);
        let filter = words.map(|w| self.filter(w));
        match filter {
            Some(f) => Some(base?.narrowed(&f?)),
            None => base,
        }
    }

    /// A union of range items as a villain range: its card queries and DEFINEd ranges one
    /// part, each DEFINEd narrowed range (maybe weighted) its own parts.
    pub(super) fn villain_items(&mut self, items: &[ast::RangeItem]) -> Option<VillainRange> {
        let mut plain = Vec::new();
        let mut out: Option<VillainRange> = None;
        let mut ok = true;
        for item in items {
            match self.narrowed_name(item) {
                Some(Some(v)) => out = Some(out.map_or(v.clone(), |o| o.union(&v))),
                Some(None) => ok = false,
                None => plain.push(item.clone()),
            }
        }
        if !plain.is_empty() {
            match self.range(&plain) {
                Some(r) => {
                    let v = VillainRange::weighted(r);
                    out = Some(out.map_or(v.clone(), |o| v.union(&o)));
                }
                None => ok = false,
            }
        }
        if ok {
            out
        } else {
            None
        }
    }

    /// Whether a union names a DEFINEd narrowed range (so it is one too).
    pub(super) fn names_narrowed(&mut self, items: &[ast::RangeItem]) -> bool {
        items.iter().any(|item| {
            item.is_name
                && matches!(
                    self.peek(&item.text, &item.span),
                    Some(Lowered::Narrowed(_))
                )
        })
    }

    /// `rb` or `rb:0.5`, when `rb` is a DEFINEd narrowed range: that range, weighed;
    /// `Some(None)` after an error; `None` when the item is anything else.
    fn narrowed_name(&mut self, item: &ast::RangeItem) -> Option<Option<VillainRange>> {
        let i = item.is_name.then(|| self.define_index(&item.text))??;
        if matches!(self.defines[i].state, DefineState::Busy) {
            return None;
        }
        let Lowered::Narrowed(v) = self.use_define(i, item.span.clone()) else {
            return None;
        };
        Some(match &item.weight {
            Some((w, span)) => self.weight(*w, span.clone()).map(|w| v.scaled(w)),
            None => Some(v),
        })
    }

    /// `WITH topPair+ | flushDraw`: each word a predicate about the cards, `+` only after the
    /// first word of a made-hand category, or a DEFINEd filter.
    pub(super) fn filter(&mut self, alternatives: &[Vec<ast::WithWord>]) -> Option<HandFilter> {
        let mut out = Vec::new();
        let mut ok = true;
        for words in alternatives {
            // The alternative's words joined: a DEFINEd filter brings its own alternatives.
            let mut all = HandFilter {
                alternatives: vec![Vec::new()],
            };
            for w in words {
                match self.word_filter(w) {
                    Some(f) => all = all.and(&f),
                    None => ok = false,
                }
            }
            out.extend(all.alternatives);
        }
        ok.then_some(HandFilter { alternatives: out })
    }

    /// One word of a filter: a hand word, or a DEFINEd filter's alternatives.
    fn word_filter(&mut self, w: &ast::WithWord) -> Option<HandFilter> {
        match self.filter_name(w) {
            Some(f) => f,
            None => self.filter_word(w).map(|word| HandFilter {
                alternatives: vec![vec![word]],
            }),
        }
    }

    /// Whether a DEFINE's body is a filter: it holds `word+`, or names a DEFINEd filter.
    pub(super) fn is_filter_body(&mut self, branches: &[ast::Branch]) -> bool {
        branches
            .iter()
            .flat_map(|b| &b.conditions)
            .any(|c| self.has_filter_word(c))
    }

    fn has_filter_word(&mut self, c: &ast::Condition) -> bool {
        match &c.kind {
            ast::ConditionKind::OrBetter { name, .. } => !self.is_value_name(name),
            ast::ConditionKind::Name {
                name, name_span, ..
            } => self.names_filter(name, name_span),
            ast::ConditionKind::Range(items) => items.iter().any(|item| match &item.condition {
                Some(c) => self.has_filter_word(c),
                None => item.is_name && self.names_filter(&item.text, &item.span),
            }),
            _ => false,
        }
    }

    /// A constant or a DEFINEd name: `pot +` is a sum missing its second value, not `word+`.
    fn is_value_name(&self, name: &str) -> bool {
        self.define_index(name).is_some()
            || matches!(
                super::names::meaning(name, self.options),
                super::names::Meaning::Constant(_) | super::names::Meaning::Defined(_)
            )
    }

    fn names_filter(&mut self, name: &str, span: &crate::diag::Span) -> bool {
        matches!(self.peek(name, span), Some(Lowered::Filter(_)))
    }

    /// A filter DEFINE's body (`pair+ | flushDraw`, one branch a line): each branch one
    /// alternative, its conditions all holding.
    pub(super) fn filter_body(&mut self, branches: &[ast::Branch]) -> Lowered {
        let mut out = Vec::new();
        let mut ok = true;
        for b in branches {
            let mut all = HandFilter {
                alternatives: vec![Vec::new()],
            };
            for c in &b.conditions {
                match self.condition_filter(c) {
                    Some(f) => all = all.and(&f),
                    None => ok = false,
                }
            }
            out.extend(all.alternatives);
        }
        match ok {
            true => Lowered::Filter(HandFilter { alternatives: out }),
            false => Lowered::Failed,
        }
    }

    /// A condition of a filter DEFINE as a filter: a hand word, `word+`, a DEFINEd filter or
    /// a union of them.
    fn condition_filter(&mut self, c: &ast::Condition) -> Option<HandFilter> {
        let word = |name: &str, name_span: &crate::diag::Span, negated, or_better| ast::WithWord {
            name: name.to_string(),
            name_span: name_span.clone(),
            negated,
            or_better,
            span: match (negated, or_better) {
                (false, false) => name_span.clone(),
                _ => c.span.clone(),
            },
            is_query: false,
            weight: None,
        };
        match &c.kind {
            ast::ConditionKind::Name {
                negated,
                name,
                name_span,
            } => self.word_filter(&word(name, name_span, *negated, false)),
            ast::ConditionKind::OrBetter { name, name_span } => {
                self.word_filter(&word(name, name_span, false, true))
            }
            ast::ConditionKind::Range(items) => {
                let mut out = Vec::new();
                let mut ok = true;
                for item in items {
                    let f = match &item.condition {
                        Some(c) => self.condition_filter(c),
                        None if item.is_name && item.weight.is_none() => {
                            self.word_filter(&word(&item.text, &item.span, false, false))
                        }
                        None => self.not_a_hand_word(&item.span),
                    };
                    match f {
                        Some(f) => out.extend(f.alternatives),
                        None => ok = false,
                    }
                }
                ok.then_some(HandFilter { alternatives: out })
            }
            _ => self.not_a_hand_word(&c.span),
        }
    }

    fn not_a_hand_word(&mut self, span: &crate::diag::Span) -> Option<HandFilter> {
        let text = self.text(span);
        self.fail(
            SourceDiagnostic::error(
                Code::FilterWord,
                format!("`{text}` is not a hand word, in a DEFINE that is a filter"),
            )
            .at(span.clone())
            .with_label("not read on the villain's cards")
            .with_help("a DEFINE with `word+` (or a DEFINEd filter) is a filter for `WITH`: it holds hand words alone (`DEFINE bets = pair+ | flushDraw, !overcards`)"),
        )
    }

    /// A filter word that names a DEFINE (`WITH bets`): a DEFINEd filter, or a DEFINEd
    /// condition's branches as alternatives when each of its conditions is a hand word;
    /// `Some(None)` after an error; `None` when the word names no DEFINE.
    fn filter_name(&mut self, w: &ast::WithWord) -> Option<Option<HandFilter>> {
        let i = self.define_index(&w.name)?;
        let lowered = self.use_define(i, w.name_span.clone());
        let plain = !w.negated && !w.or_better;
        let words = match &lowered {
            Lowered::Condition(branches) if plain => hand_words(branches),
            Lowered::Filter(f) if plain => Some(f.alternatives.clone()),
            Lowered::Failed => return Some(None),
            _ => None,
        };
        if let Some(alternatives) = words {
            return Some(Some(HandFilter { alternatives }));
        }
        let message = match (&lowered, plain) {
            (Lowered::Condition(_) | Lowered::Filter(_), false) => format!(
                "`{}` is DEFINEd: a `WITH` filter takes it as it is, without `!` or `+`",
                w.name
            ),
            (Lowered::Condition(_), true) => format!(
                "`{}` is a condition that reads more than the cards, not a filter of hand words",
                w.name
            ),
            _ => format!(
                "`{}` is {}, not a filter of hand words",
                w.name,
                lowered.word()
            ),
        };
        let mut d = SourceDiagnostic::error(Code::FilterWord, message)
        .at(w.span.clone())
        .with_label("not read on the villain's cards")
        .with_help(format!(
            "a `WITH` filter takes hand words or a DEFINE of them alone (`DEFINE bets = topPair+ | flushDraw`); `{}` is DEFINEd as `{}`",
            self.defines[i].define.name,
            self.define_text(i)
        ));
        if let Lowered::Range(_) | Lowered::Narrowed(_) = lowered {
            d = d.with_help(format!(
                "a range after a filter's hand words joins the union whole; here `{}` is joined to other words with `,`, `!` or `+`",
                w.name
            ));
        }
        self.push(d);
        Some(None)
    }

    fn filter_word(&mut self, w: &ast::WithWord) -> Option<FilterWord> {
        let word = if w.or_better {
            Made::or_better(&w.name).map(HandWord::OrBetter)
        } else if w.is_query {
            None
        } else {
            Predicate::from_name(&w.name)
                .filter(|p| !p.is_betting())
                .map(HandWord::Predicate)
        };
        if let Some(word) = word {
            return Some(FilterWord {
                word,
                negated: w.negated,
            });
        }
        let name = &w.name;
        let d = SourceDiagnostic::error(Code::FilterWord, filter_word_message(w, name))
            .at(w.span.clone())
            .with_label("not read on the villain's cards");
        let d = if w.or_better {
            d.with_help(format!(
                "`+` follows the first word of a made hand: {}",
                Made::OR_BETTER_WORDS
            ))
        } else {
            d.with_help("a filter reads the villain's cards with the hand words: `pair`, `topPair+`, `flushDraw`, `!overcards`")
        };
        self.fail(d)
    }

    /// `topPair+` where a condition stands (a rule's line, a DEFINEd condition).
    pub(super) fn or_better_condition(
        &mut self,
        name: &str,
        span: crate::diag::Span,
    ) -> Option<Test> {
        if self.is_value_name(name) {
            return self.fail(
                SourceDiagnostic::error(Code::UnexpectedToken, "`+` with no value after it")
                    .at(span.end - 1..span.end)
                    .with_label("a sum needs a second value")
                    .with_help(format!(
                        "finish the sum (`{name} + 1BB`), or remove the `+`"
                    )),
            );
        }
        self.fail(
            SourceDiagnostic::error(
                Code::FilterWord,
                format!("`{name}+` reads a villain's cards: it stands in a filter, not as a condition"),
            )
            .at(span)
            .with_label("a filter's word, after `WITH` or in a filter DEFINE")
            .with_help(format!(
                "narrow a range with it (`equityVs(r WITH {name}+)`) or name a filter (`DEFINE bets = {name}+ | flushDraw`); for the hero's own hand write the made hands: `topPair | overPair | heroTwoPair`"
            )),
        )
    }
}

/// A DEFINEd condition as filter alternatives, when every condition of every branch is a hand
/// word (a predicate about the cards, maybe negated, or another such DEFINE); `None` otherwise.
fn hand_words(branches: &[Vec<ir::Condition>]) -> Option<Vec<Vec<FilterWord>>> {
    let mut out = Vec::new();
    for branch in branches {
        let mut all = HandFilter {
            alternatives: vec![Vec::new()],
        };
        for c in branch {
            let f = match &c.test {
                Test::Predicate { predicate, negated } if !predicate.is_betting() => {
                    vec![vec![FilterWord {
                        word: HandWord::Predicate(*predicate),
                        negated: *negated,
                    }]]
                }
                Test::All {
                    branches,
                    negated: false,
                    ..
                } => hand_words(branches)?,
                _ => return None,
            };
            all = all.and(&HandFilter { alternatives: f });
        }
        out.extend(all.alternatives);
    }
    Some(out)
}

/// Why a `WITH` word is refused.
fn filter_word_message(w: &ast::WithWord, name: &str) -> String {
    if w.is_query {
        return format!("`{name}` is a card query, not a hand word a `WITH` filter can read");
    }
    match Predicate::from_name(name) {
        Some(p) if p.is_betting() => {
            format!("`{name}` is about the betting, not the villain's cards: a `WITH` filter reads each holding")
        }
        Some(_) => format!("`{name}+`: `+` follows a made hand (`topPair+`), not `{name}`"),
        None if w.or_better => format!("`{name}+` is not a made hand and the ones above it"),
        None => format!("`{name}` is not a hand word a `WITH` filter can read"),
    }
}
