//! The villain's ranges as a player writes them (reference §12.3, §12.9): classes with
//! weights (`AKo:0.5`), narrowed holding by holding by hand words on the board
//! (`shoves WITH topPair+ | flushDraw`).

use std::sync::Arc;

use super::category::Made;
use super::hole::{HoleClass, HoleClassSet};
use super::predicate::Predicate;
use super::{Card, CardSet};

/// Calls `f` with every two-card holding that misses the `dead` cards, as card indexes
/// `a < b` in increasing order, and its class: the one walk over the 1,326 holdings that
/// ranges, strengths and reports share.
pub fn each_holding(dead: CardSet, mut f: impl FnMut(u32, u32, HoleClass)) {
    let live = |i: u32| Card::from_index(i).filter(|&c| !dead.contains(c));
    for a in 0..64u32 {
        let Some(ca) = live(a) else {
            continue;
        };
        for b in a + 1..64 {
            if let Some(cb) = live(b) {
                f(a, b, HoleClass::of(ca, cb));
            }
        }
    }
}

/// Hole-card classes with a weight each: 1 unless written otherwise; a class outside
/// `classes` has weight 0.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct WeightedRange {
    pub classes: HoleClassSet,
    /// `None`: every class of the range weighs 1.
    weights: Option<Arc<[f64; 169]>>,
}

impl WeightedRange {
    /// The classes, each of weight 1.
    pub fn plain(classes: HoleClassSet) -> WeightedRange {
        WeightedRange {
            classes,
            weights: None,
        }
    }

    /// The classes, each of weight `weight` (0 to 1); a weight of 0 leaves them out.
    pub fn weighted(classes: HoleClassSet, weight: f64) -> WeightedRange {
        if weight >= 1.0 {
            return WeightedRange::plain(classes);
        }
        if weight <= 0.0 {
            return WeightedRange::default();
        }
        let mut w = [0.0; 169];
        for c in classes.classes() {
            w[c.index()] = weight;
        }
        WeightedRange {
            classes,
            weights: Some(Arc::new(w)),
        }
    }

    /// Every weight times `w` (0 to 1): `premium:0.5` is half of each of premium's holdings.
    pub fn scaled(&self, w: f64) -> WeightedRange {
        if w >= 1.0 {
            return self.clone();
        }
        let mut out = WeightedRange::default();
        for c in self.classes.classes() {
            let mut one = HoleClassSet::EMPTY;
            one.insert(c);
            out = out.union(&WeightedRange::weighted(one, self.weight(c) * w));
        }
        out
    }

    /// The weight of a class (0 when it is not in the range).
    pub fn weight(&self, class: HoleClass) -> f64 {
        if !self.classes.contains(class) {
            return 0.0;
        }
        self.weights.as_ref().map_or(1.0, |w| w[class.index()])
    }

    /// Whether some class weighs less than 1.
    pub fn is_weighted(&self) -> bool {
        self.weights.is_some()
    }

    /// The union: each class at the larger of its two weights (a class written twice keeps
    /// the larger weight, so `|` still only adds).
    pub fn union(&self, other: &WeightedRange) -> WeightedRange {
        let classes = self.classes.union(&other.classes);
        if !self.is_weighted() && !other.is_weighted() {
            return WeightedRange::plain(classes);
        }
        let mut w = [0.0f64; 169];
        for c in classes.classes() {
            w[c.index()] = self.weight(c).max(other.weight(c));
        }
        let all_one = w.iter().all(|&x| x == 0.0 || x == 1.0);
        WeightedRange {
            classes,
            weights: (!all_one).then(|| Arc::new(w)),
        }
    }

    /// The range's holdings that miss every dead card, each with its weight, lowest card
    /// first as (card, card) bit indexes.
    pub fn holdings(&self, dead: CardSet) -> Vec<Holding> {
        let mut out = Vec::new();
        each_holding(dead, |a, b, class| {
            let weight = self.weight(class);
            if weight > 0.0 {
                out.push(Holding {
                    cards: [a, b],
                    weight,
                });
            }
        });
        out
    }

    /// The number of holdings, weighted, that miss the dead cards.
    pub fn combos(&self, dead: CardSet) -> f64 {
        self.holdings(dead).iter().map(|h| h.weight).sum()
    }
}

/// One two-card holding of a range, with its weight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Holding {
    /// Bit indexes of the two cards, lower first.
    pub cards: [u32; 2],
    pub weight: f64,
}

impl Holding {
    pub fn set(&self) -> CardSet {
        CardSet(1 << self.cards[0] | 1 << self.cards[1])
    }

    pub fn class(&self) -> HoleClass {
        let card = |i: u32| Card::from_index(i).expect("a holding's card");
        HoleClass::of(card(self.cards[0]), card(self.cards[1]))
    }
}

/// A hand word read on a villain holding: a predicate (`flushDraw`, `!pair`), or a made-hand
/// category and every better one (`topPair+`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HandWord {
    Predicate(Predicate),
    OrBetter(Made),
}

/// One word of a filter, negated or not.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FilterWord {
    pub word: HandWord,
    pub negated: bool,
}

/// `WITH a, b | c`: holds for a holding when every word of some alternative holds for its
/// cards on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct HandFilter {
    pub alternatives: Vec<Vec<FilterWord>>,
}

impl HandFilter {
    /// Both filters at once: every alternative of one joined with every one of the other.
    pub fn and(&self, other: &HandFilter) -> HandFilter {
        let mut alternatives = Vec::new();
        for a in &self.alternatives {
            for b in &other.alternatives {
                alternatives.push(a.iter().chain(b).copied().collect());
            }
        }
        HandFilter { alternatives }
    }

    pub fn holds(&self, hole: CardSet, board: CardSet) -> bool {
        self.alternatives
            .iter()
            .any(|all| all.iter().all(|w| w.holds(hole, board)))
    }
}

impl FilterWord {
    fn holds(&self, hole: CardSet, board: CardSet) -> bool {
        let yes = match self.word {
            HandWord::Predicate(p) => p.holds(hole, board),
            HandWord::OrBetter(m) => Made::of(hole, board) <= m,
        };
        yes != self.negated
    }
}

/// A villain range as `equityVs(...)` reads it: weighted classes, narrowed by a filter, and
/// maybe more such parts joined by `|` (`value | bluffs:0.3`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct VillainRange {
    pub range: WeightedRange,
    pub filter: Option<Arc<HandFilter>>,
    /// The other parts of a union, each with its own filter and none of its own `also`: a
    /// holding weighs the most any part that keeps it gives it, as a class written twice
    /// keeps its larger weight.
    pub also: Vec<VillainRange>,
}

impl VillainRange {
    pub fn plain(classes: HoleClassSet) -> VillainRange {
        VillainRange::weighted(WeightedRange::plain(classes))
    }

    /// Weighted classes, not narrowed.
    pub fn weighted(range: WeightedRange) -> VillainRange {
        VillainRange {
            range,
            filter: None,
            also: Vec::new(),
        }
    }

    /// Every class of every part, each of weight 1 and not narrowed: a plain range.
    pub fn is_plain(&self) -> bool {
        self.filter.is_none() && !self.range.is_weighted() && self.also.is_empty()
    }

    /// Whether some part is narrowed by a filter.
    pub fn is_narrowed(&self) -> bool {
        self.parts().any(|p| p.filter.is_some())
    }

    /// The parts, this one first.
    fn parts(&self) -> impl Iterator<Item = &VillainRange> {
        std::iter::once(self).chain(&self.also)
    }

    /// `a | b`: the parts of both, those with the same filter joined into one.
    pub fn union(&self, other: &VillainRange) -> VillainRange {
        let mut parts: Vec<VillainRange> = Vec::new();
        for p in self.parts().chain(other.parts()) {
            match parts.iter_mut().find(|q| q.filter == p.filter) {
                Some(q) => q.range = q.range.union(&p.range),
                None => parts.push(VillainRange {
                    also: Vec::new(),
                    ..p.clone()
                }),
            }
        }
        let mut first = parts.remove(0);
        first.also = parts;
        first
    }

    /// Every part's weights times `w` (0 to 1): `value:0.5`.
    pub fn scaled(&self, w: f64) -> VillainRange {
        self.map(|p| VillainRange {
            range: p.range.scaled(w),
            ..p.clone()
        })
    }

    /// Every part narrowed again by `f`: a holding is kept when both filters keep it.
    pub fn narrowed(&self, f: &HandFilter) -> VillainRange {
        self.map(|p| VillainRange {
            filter: Some(Arc::new(match &p.filter {
                Some(outer) => outer.and(f),
                None => f.clone(),
            })),
            ..p.clone()
        })
    }

    fn map(&self, f: impl Fn(&VillainRange) -> VillainRange) -> VillainRange {
        let mut first = f(self);
        first.also = self.also.iter().map(f).collect();
        first
    }

    /// The holdings the known cards leave (and the filter keeps, read on `board`), weighted,
    /// lowest cards first.
    pub fn live(&self, dead: CardSet, board: CardSet) -> Vec<Holding> {
        let mut out = self.part_live(dead, board);
        if self.also.is_empty() {
            return out;
        }
        for part in &self.also {
            out.extend(part.part_live(dead, board));
        }
        // One holding per cards, at the largest weight a part gives it, in the order of one
        // range's holdings.
        out.sort_by(|a, b| a.cards.cmp(&b.cards).then(b.weight.total_cmp(&a.weight)));
        out.dedup_by(|later, first| later.cards == first.cards);
        out
    }

    fn part_live(&self, dead: CardSet, board: CardSet) -> Vec<Holding> {
        let mut out = self.range.holdings(dead.union(board));
        if let Some(f) = &self.filter {
            out.retain(|h| f.holds(h.set(), board));
        }
        out
    }
}

#[cfg(test)]
mod tests;
