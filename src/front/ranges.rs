//! Ranges as a player studies them (reference §12.11-12.12): `hus equity` (range against
//! range, exact) and `hus range` (a range on a board, by hand category). Ranges are written
//! as in scripts (`QQ+ | AK | A5s-A2s`, commas also separate), with specific holdings
//! (`AhKh`) and weights (`AKo:0.5`).

use crate::cards::category::{Made, DRAWS};
use crate::cards::hole::HoleClass;
use crate::cards::predicate::Predicate;
use crate::cards::query::CardQuery;
use crate::cards::range::{FilterWord, HandFilter, HandWord, Holding};
use crate::cards::{Card, CardSet};
use crate::strength::range_equity::{self, RangeEquity, Tally};

/// A range, a board or a filter that cannot be read, or a count too large to enumerate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeError {
    pub message: String,
}

impl std::fmt::Display for RangeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RangeError {}

fn error<T>(message: String) -> Result<T, RangeError> {
    Err(RangeError { message })
}

/// A range as written, read into weighted holdings (every holding of the deck; the known
/// cards are taken away later). A holding named twice keeps its largest weight.
pub fn parse_range(text: &str) -> Result<Vec<Holding>, RangeError> {
    let mut weights = vec![0.0f64; 64 * 64];
    let items: Vec<&str> = text
        .split([',', '|'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return error(format!(
            "`{text}` names no hand: write a range such as `QQ+ | AK`"
        ));
    }
    for item in items {
        let (body, weight) = match item.split_once(':') {
            Some((b, w)) => (b.trim(), parse_weight(item, w.trim())?),
            None => (item, 1.0),
        };
        for (a, b) in item_holdings(body)? {
            let slot = &mut weights[(a * 64 + b) as usize];
            *slot = slot.max(weight);
        }
    }
    let mut out = Vec::new();
    for a in 0..64u32 {
        for b in a + 1..64 {
            let w = weights[(a * 64 + b) as usize];
            if w > 0.0 {
                out.push(Holding {
                    cards: [a, b],
                    weight: w,
                });
            }
        }
    }
    Ok(out)
}

fn parse_weight(item: &str, w: &str) -> Result<f64, RangeError> {
    match w.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => error(format!(
            "`{item}`: a weight is a number from 0 to 1 (`AKo:0.5` is half of AKo's holdings)"
        )),
    }
}

/// The holdings of one item: two specific cards (`AhKh`) or a card query (`AKs`, `QQ+`).
fn item_holdings(body: &str) -> Result<Vec<(u32, u32)>, RangeError> {
    if let Ok(set) = body.parse::<CardSet>() {
        if set.len() == 2 {
            let mut c = set.cards().map(Card::index);
            let (a, b) = (c.next().unwrap_or(0), c.next().unwrap_or(0));
            return Ok(vec![(a.min(b), a.max(b))]);
        }
    }
    let classes = match CardQuery::parse(body) {
        Ok(q) => q.classes,
        Err(_) => {
            return error(format!(
                "`{body}` is neither a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`) nor two cards (`AhKh`)"
            ))
        }
    };
    Ok(crate::strength::versus::live_holdings(
        &classes,
        CardSet::EMPTY,
    ))
}

/// Cards written one after another (`Kh8s4d`, `Kh 8s 4d`); empty text is no card.
pub fn parse_cards(text: &str, what: &str) -> Result<CardSet, RangeError> {
    text.parse::<CardSet>().map_err(|e| RangeError {
        message: format!("{what} `{text}`: {e}"),
    })
}

/// `topPair+ | flushDraw, !pair`: alternatives of hand words, as after `WITH` in a script.
pub fn parse_filter(text: &str) -> Result<HandFilter, RangeError> {
    let mut alternatives = Vec::new();
    for alt in text.split('|') {
        let mut words = Vec::new();
        for raw in alt.split(',').map(str::trim) {
            let (negated, rest) = match raw.strip_prefix('!') {
                Some(r) => (true, r.trim()),
                None => (false, raw),
            };
            let (name, plus) = match rest.strip_suffix('+') {
                Some(n) => (n.trim(), true),
                None => (rest, false),
            };
            let word = if plus {
                Made::or_better(name).map(HandWord::OrBetter)
            } else {
                Predicate::from_name(name)
                    .filter(|p| !p.is_betting())
                    .map(HandWord::Predicate)
            };
            let Some(word) = word else {
                return error(format!(
                    "`{raw}` is not a hand word a filter reads on the villain's cards (`pair`, `flushDraw`, `!overcards`; `+` after {})",
                    Made::OR_BETTER_WORDS
                ));
            };
            words.push(FilterWord { word, negated });
        }
        alternatives.push(words);
    }
    Ok(HandFilter { alternatives })
}

/// What `hus equity` is asked: two ranges, the board so far and dead cards.
#[derive(Clone, Debug, Default)]
pub struct EquityOptions {
    pub hero: String,
    pub villain: String,
    pub board: String,
    pub dead: String,
    /// `topPair+ | flushDraw`: keep only the villain's holdings these words hold for on the
    /// board, as `WITH` in a script.
    pub villain_with: Option<String>,
}

/// One side's result, overall and by hole-card class.
#[derive(Clone, Debug, PartialEq)]
pub struct SideEquity {
    pub range: String,
    /// The holdings the board and the dead cards leave, weighted.
    pub combos: f64,
    pub win: f64,
    pub tie: f64,
    pub equity: f64,
    /// By class, in the 13x13 table's order: (class, combos, win, tie, equity).
    pub classes: Vec<(String, f64, f64, f64, f64)>,
}

/// `hus equity`'s answer.
#[derive(Clone, Debug, PartialEq)]
pub struct EquityReport {
    pub board: CardSet,
    pub dead: CardSet,
    /// Run-outs counted for each pair of holdings.
    pub boards: u64,
    pub players: [SideEquity; 2],
}

/// Range against range, exact over every run-out (reference §12.11).
pub fn equity(options: &EquityOptions) -> Result<EquityReport, RangeError> {
    let board = parse_cards(&options.board, "the board")?;
    let dead = parse_cards(&options.dead, "the dead cards")?;
    if !matches!(board.len(), 0 | 3 | 4 | 5) {
        return error(format!(
            "the board has {} cards: give 0, 3, 4 or 5",
            board.len()
        ));
    }
    if board.intersects(dead) {
        return error("a card is both on the board and dead".into());
    }
    let known = board.union(dead);
    let live = |text: &str, who: &str| -> Result<Vec<Holding>, RangeError> {
        let all = parse_range(text)?;
        let left: Vec<Holding> = all
            .into_iter()
            .filter(|h| !h.set().intersects(known))
            .collect();
        if left.is_empty() {
            return error(format!(
                "the {who}'s range `{text}` has no holding the known cards leave"
            ));
        }
        Ok(left)
    };
    let hero = live(&options.hero, "hero")?;
    let mut villain = live(&options.villain, "villain")?;
    if let Some(words) = &options.villain_with {
        let filter = parse_filter(words)?;
        villain.retain(|h| filter.holds(h.set(), board));
        if villain.is_empty() {
            return error(format!(
                "no holding of the villain's range `{}` has `{words}` on this board",
                options.villain
            ));
        }
    }
    let from_table = board.is_empty() && dead.is_empty();
    let work = range_equity::work(hero.len(), villain.len(), board, dead);
    if !from_table && work > range_equity::MAX_WORK {
        return error(format!(
            "{} holdings against {} over every board is {work:.1e} showdowns, too many to count exactly here: give the flop, or narrower ranges",
            hero.len(),
            villain.len()
        ));
    }
    let counted = if from_table {
        range_equity::preflop(&hero, &villain)
    } else {
        range_equity::enumerate(&hero, &villain, board, dead)
    };
    if RangeEquity::total(&counted.hero, &hero).all == 0.0 {
        return error("no holding of one range can be dealt with a holding of the other: they share every card".into());
    }
    Ok(EquityReport {
        board,
        dead,
        boards: runouts(52 - known.len() as u64 - 4, 5 - board.len() as u64),
        players: [
            side(&options.hero, &hero, &counted.hero),
            side(&options.villain, &villain, &counted.villain),
        ],
    })
}

/// C(n, k): the run-outs of k cards from n.
fn runouts(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

fn side(text: &str, holdings: &[Holding], tallies: &[Tally]) -> SideEquity {
    let total = RangeEquity::total(tallies, holdings);
    let mut by_class: Vec<(usize, f64, Tally)> = Vec::new();
    for (h, t) in holdings.iter().zip(tallies) {
        let i = h.class().index();
        let scaled = Tally {
            wins: t.wins * h.weight,
            ties: t.ties * h.weight,
            all: t.all * h.weight,
        };
        match by_class.iter_mut().find(|(c, ..)| *c == i) {
            Some((_, combos, tally)) => {
                *combos += h.weight;
                tally.add(&scaled);
            }
            None => by_class.push((i, h.weight, scaled)),
        }
    }
    by_class.sort_by_key(|(i, ..)| *i);
    let share = |x: f64, all: f64| if all > 0.0 { x / all } else { 0.0 };
    SideEquity {
        range: text.to_string(),
        combos: holdings.iter().map(|h| h.weight).sum(),
        win: share(total.wins, total.all),
        tie: share(total.ties, total.all),
        equity: total.equity(),
        classes: by_class
            .into_iter()
            .filter(|(.., t)| t.all > 0.0)
            .map(|(i, combos, t)| {
                let name = HoleClass::from_index(i).name();
                (
                    name,
                    combos,
                    share(t.wins, t.all),
                    share(t.ties, t.all),
                    t.equity(),
                )
            })
            .collect(),
    }
}

/// What `hus range` is asked: a range, the board, dead cards, and a filter.
#[derive(Clone, Debug, Default)]
pub struct RangeOptions {
    pub range: String,
    pub board: String,
    pub dead: String,
    /// `topPair+ | flushDraw`: keep only the holdings it holds for.
    pub with: Option<String>,
}

/// `hus range`'s answer: the range's holdings on the board by category.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeReport {
    pub board: CardSet,
    pub dead: CardSet,
    /// The holdings the known cards leave, weighted, before the filter.
    pub combos: f64,
    /// The holdings the filter keeps (all of them without one).
    pub kept: f64,
    /// Made-hand categories, best first: (the category's words, combos).
    pub made: Vec<(&'static str, f64)>,
    /// Draws and shapes (several may hold for a holding): (words, combos).
    pub draws: Vec<(&'static str, f64)>,
    /// Combos kept per class, in the 13x13 table's order (`index = row * 13 + column`).
    pub grid: Vec<f64>,
}

/// A range on a board, by category (reference §12.12).
pub fn range_breakdown(options: &RangeOptions) -> Result<RangeReport, RangeError> {
    let board = parse_cards(&options.board, "the board")?;
    let dead = parse_cards(&options.dead, "the dead cards")?;
    if !matches!(board.len(), 3..=5) {
        return error(format!(
            "the board has {} cards: categories are read on a flop, turn or river (3 to 5 cards)",
            board.len()
        ));
    }
    if board.intersects(dead) {
        return error("a card is both on the board and dead".into());
    }
    let filter = options.with.as_deref().map(parse_filter).transpose()?;
    let known = board.union(dead);
    let live: Vec<Holding> = parse_range(&options.range)?
        .into_iter()
        .filter(|h| !h.set().intersects(known))
        .collect();
    let combos = live.iter().map(|h| h.weight).sum();
    let kept: Vec<&Holding> = live
        .iter()
        .filter(|h| filter.as_ref().is_none_or(|f| f.holds(h.set(), board)))
        .collect();
    let mut made: Vec<(&'static str, f64)> = Made::ALL.iter().map(|m| (m.words(), 0.0)).collect();
    let mut draws: Vec<(&'static str, f64)> = DRAWS.iter().map(|d| (d.words, 0.0)).collect();
    let mut grid = vec![0.0; 169];
    for h in &kept {
        let m = Made::of(h.set(), board);
        made[Made::ALL.iter().position(|x| *x == m).unwrap_or(0)].1 += h.weight;
        for (d, slot) in DRAWS.iter().zip(draws.iter_mut()) {
            if d.holds(h.set(), board) {
                slot.1 += h.weight;
            }
        }
        grid[h.class().index()] += h.weight;
    }
    Ok(RangeReport {
        board,
        dead,
        combos,
        kept: kept.iter().map(|h| h.weight).sum(),
        made,
        draws,
        grid,
    })
}

#[cfg(test)]
mod tests;
