//! Ranges as a player studies them (reference §12.11-12.12): `hus equity` (range against
//! range, exact) and `hus range` (a range on a board, by hand category). Ranges are written
//! as in scripts (`QQ+ | AK | A5s-A2s`, commas also separate), with specific holdings
//! (`AhKh`) and weights (`AKo:0.5`).

use crate::cards::category::{Made, DRAWS};
use crate::cards::hole::HoleClass;
use crate::cards::hole::HoleClassSet;
use crate::cards::predicate::Predicate;
use crate::cards::query::{every_class, CardQuery, Notation, EVERY_HOLDING, EVERY_HOLDING_HABITS};
use crate::cards::range::{FilterWord, HandFilter, HandWord, Holding};
use crate::cards::{Card, CardSet};
use crate::diag::clip;
use crate::strength::preflop_dead;
use crate::strength::range_equity::{self, RangeEquity, Tally, Ticker};

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
    read_range(text, Notation::Hus).map(|r| r.holdings)
}

/// A range read in a notation, with what a player of other tools should be told about it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReadRange {
    pub holdings: Vec<Holding>,
    /// One line per `+` query that PokerStove reads otherwise (in the language's notation).
    pub warnings: Vec<String>,
}

/// [`parse_range`] in `notation`, warning about each `+` query whose PokerStove reading
/// differs (reference §12.11).
pub fn read_range(text: &str, notation: Notation) -> Result<ReadRange, RangeError> {
    let mut warnings = Vec::new();
    let mut weights = vec![0.0f64; 64 * 64];
    let items: Vec<&str> = text
        .split([',', '|'])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if items.is_empty() {
        return error(format!(
            "`{}` names no hand: write a range such as `QQ+ | AK`",
            clip(text)
        ));
    }
    for item in items {
        let (body, weight) = match item.split_once(':') {
            Some((b, w)) => (b.trim(), parse_weight(item, w.trim())?),
            None => (item, 1.0),
        };
        if notation == Notation::Hus {
            warnings.extend(plus_warning(body));
        }
        for (a, b) in item_holdings(body, notation)? {
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
    Ok(ReadRange {
        holdings: out,
        warnings,
    })
}

/// `plus-holds-higher` on the command line: what `K9s+` holds here and what PokerStove's
/// `K9s+` is, with both combo counts.
fn plus_warning(body: &str) -> Option<String> {
    let (stove, extra) = crate::cards::query::pokerstove_plus(body)?;
    let count = |set: &HoleClassSet| set.classes().map(|c| c.combos()).sum::<u32>();
    let all = CardQuery::parse(body).ok()?.classes;
    let names: Vec<String> = extra.classes().map(|c| c.name()).collect();
    let shown = if names.len() > 6 {
        format!("{}, ... ({} classes)", names[..6].join(", "), names.len())
    } else {
        names.join(", ")
    };
    Some(format!(
        "warning[plus-holds-higher]: `{body}` raises both cards: {} combos, {stove} and also {shown}; PokerStove and Equilab read `{body}` as {stove} ({} combos): write `{stove}`, or pass `--notation pokerstove`",
        count(&all),
        count(&all) - count(&extra)
    ))
}

/// The smallest weight above 0 a range holds: below it a share is not represented in full
/// (a subnormal float) or reads as 0, and the holdings would drop out unseen.
pub const MIN_WEIGHT: f64 = f64::MIN_POSITIVE;

fn parse_weight(item: &str, w: &str) -> Result<f64, RangeError> {
    let mantissa = w.split(['e', 'E']).next().unwrap_or(w);
    let written_nonzero = mantissa.bytes().any(|b| (b'1'..=b'9').contains(&b));
    match w.parse::<f64>() {
        Ok(x) if written_nonzero && (0.0..MIN_WEIGHT).contains(&x) => error(format!(
            "`{}`: the weight is below 2.2e-308, the smallest share a weight holds; write 0 to leave the holdings out",
            clip(item)
        )),
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => error(format!(
            "`{}`: a weight is a number from 0 to 1 (`AKo:0.5` is half of AKo's holdings)",
            clip(item)
        )),
    }
}

/// The holdings of one item: two specific cards (`AhKh`), a card query (`AKs`, `QQ+`) or
/// the word for every holding (`anyTwo`).
fn item_holdings(body: &str, notation: Notation) -> Result<Vec<(u32, u32)>, RangeError> {
    if body.eq_ignore_ascii_case(EVERY_HOLDING) {
        return Ok(crate::strength::versus::live_holdings(
            &every_class(),
            CardSet::EMPTY,
        ));
    }
    if EVERY_HOLDING_HABITS
        .iter()
        .any(|h| h.eq_ignore_ascii_case(body))
    {
        return error(format!(
            "`{}` is not a range here: every holding is `{EVERY_HOLDING}` (any two cards)",
            clip(body)
        ));
    }
    if let Ok(set) = body.parse::<CardSet>() {
        if set.len() == 2 {
            let mut c = set.cards().map(Card::index);
            let (a, b) = (c.next().unwrap_or(0), c.next().unwrap_or(0));
            return Ok(vec![(a.min(b), a.max(b))]);
        }
    }
    let classes = match CardQuery::parse_as(body, notation) {
        Ok(q) => q.classes,
        Err(_) if looks_like_name(body) => return error(unknown_name(body)),
        Err(_) => {
            return error(format!(
                "`{}` is neither a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), two cards (`AhKh`) nor `{EVERY_HOLDING}` (every holding)",
                clip(body)
            ))
        }
    };
    Ok(crate::strength::versus::live_holdings(
        &classes,
        CardSet::EMPTY,
    ))
}

/// A word no card query spells: a letter that is no rank, suit, `o` or `x` (`shovse`, not
/// `AKx`), so the range was meant to be a name.
fn looks_like_name(body: &str) -> bool {
    let mut chars = body.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && body
            .chars()
            .any(|c| c.is_ascii_alphabetic() && !"AKQJTakqjtshdcoxX".contains(c))
}

/// A name where a range stands, as a script reports one (reference §12.11): the command line
/// knows no DEFINEs, so the suggestion is the one word it reads.
fn unknown_name(name: &str) -> String {
    match crate::diag::did_you_mean(name, [EVERY_HOLDING]) {
        Some(s) => format!("unknown name `{}`; did you mean `{s}`?", clip(name)),
        None => format!(
            "unknown name `{}`: a range here is a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), two cards (`AhKh`) or `{EVERY_HOLDING}` (every holding); names of ranges are DEFINEd in scripts",
            clip(name)
        ),
    }
}

/// Cards written one after another (`Kh8s4d`, `Kh 8s 4d`); empty text is no card.
pub fn parse_cards(text: &str, what: &str) -> Result<CardSet, RangeError> {
    text.parse::<CardSet>().map_err(|e| RangeError {
        message: format!("{what} `{}`: {e}", clip(text)),
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
                    "`{}` is not a hand word a filter reads on the villain's cards (`pair`, `flushDraw`, `!overcards`; `+` after {})",
                    clip(raw),
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
    /// How card queries are read (`K9s+`).
    pub notation: Notation,
    /// Sample this many deals instead of counting exactly.
    pub sample: Option<u64>,
    /// The seed of the sample's generator.
    pub seed: u64,
}

/// How an equity was found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    /// Every run-out of every pair of holdings.
    Exact,
    /// Deals drawn at random: how many, the seed, the standard error of each equity, and
    /// whether it was asked for (`--sample`) or the exact count was above `MAX_EXACT`.
    Sampled {
        deals: u64,
        seed: u64,
        std_error: f64,
        asked: bool,
    },
}

/// The largest exact count (showdowns: run-outs x pairs of holdings); above it `hus equity`
/// samples [`DEFAULT_DEALS`] deals.
pub const MAX_EXACT: f64 = range_equity::MAX_WORK;

/// The most deals `--sample` takes (about eight minutes of one core).
pub const MAX_SAMPLE_DEALS: u64 = 1_000_000_000;

/// The deals sampled when the exact count is too large and `--sample` does not say.
pub const DEFAULT_DEALS: u64 = 1_000_000;

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
    pub method: Method,
    /// What a player of other tools should know about how the ranges were read.
    pub warnings: Vec<String>,
}

/// How far a count has gone: `done` of `all` boards counted, or deals drawn when sampling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub done: u64,
    pub all: u64,
    pub unit: CountUnit,
}

/// What a [`Counted`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CountUnit {
    Boards,
    Deals,
}

impl CountUnit {
    /// The plural noun: `boards`, `deals`.
    pub fn word(self) -> &'static str {
        match self {
            CountUnit::Boards => "boards",
            CountUnit::Deals => "deals",
        }
    }
}

/// Range against range, exact over every run-out (reference §12.11).
pub fn equity(options: &EquityOptions) -> Result<EquityReport, RangeError> {
    equity_counted(options, &mut |_| {})
}

/// [`equity`], telling `progress` how far the count has gone every
/// [`Ticker::EVERY`] boards (or deals).
pub fn equity_counted(
    options: &EquityOptions,
    progress: &mut dyn FnMut(Counted),
) -> Result<EquityReport, RangeError> {
    if let Some(n) = options.sample {
        if !(1..=MAX_SAMPLE_DEALS).contains(&n) {
            return error(format!(
                "--sample takes 1 to {MAX_SAMPLE_DEALS} deals, not {n}"
            ));
        }
    }
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
    let mut warnings = Vec::new();
    let mut live = |text: &str, who: &str| -> Result<Vec<Holding>, RangeError> {
        let read = read_range(text, options.notation)?;
        // The same query on both sides is told once.
        for w in read.warnings {
            if !warnings.contains(&w) {
                warnings.push(w);
            }
        }
        live_holdings(read.holdings, known, text, who)
    };
    let hero = live(&options.hero, "the hero's range")?;
    let mut villain = live(&options.villain, "the villain's range")?;
    if let Some(words) = &options.villain_with {
        let filter = parse_filter(words)?;
        villain.retain(|h| filter.holds(h.set(), board));
        if villain.is_empty() {
            return error(format!(
                "no holding of the villain's range `{}` has `{}` on this board",
                clip(&options.villain),
                clip(words)
            ));
        }
    }
    if !hero
        .iter()
        .any(|h| villain.iter().any(|v| !h.set().intersects(v.set())))
    {
        return error("no holding of one range can be dealt with a holding of the other: they share every card".into());
    }
    let (counted, method) = count(&hero, &villain, board, dead, options, progress);
    Ok(EquityReport {
        board,
        dead,
        boards: runouts(52 - known.len() as u64 - 4, 5 - board.len() as u64),
        players: [
            side(&options.hero, &hero, &counted.hero),
            side(&options.villain, &villain, &counted.villain),
        ],
        method,
        warnings,
    })
}

/// The holdings none of the known cards (board and dead) take; a range they leave empty is
/// refused, by `hus equity` and `hus range` alike, as nothing can be counted on it.
/// `whose` names the range in the message (`the hero's range`).
fn live_holdings(
    holdings: Vec<Holding>,
    known: CardSet,
    text: &str,
    whose: &str,
) -> Result<Vec<Holding>, RangeError> {
    let left: Vec<Holding> = holdings
        .into_iter()
        .filter(|h| !h.set().intersects(known))
        .collect();
    if left.is_empty() {
        return error(format!(
            "{whose} `{}` has no holding the known cards leave",
            clip(text)
        ));
    }
    Ok(left)
}

/// How to count: whether before the flop by the table less the boards holding a dead card,
/// and the deals to sample instead of an exact count (asked for, or above [`MAX_EXACT`]).
fn plan(
    h: usize,
    v: usize,
    board: CardSet,
    dead: CardSet,
    sample: Option<u64>,
) -> (bool, Option<u64>) {
    let corrected = board.is_empty() && preflop_dead::cheaper(h, v, dead);
    let work = if corrected {
        preflop_dead::work(h, v, dead)
    } else {
        range_equity::work(h, v, board, dead)
    };
    let deals = match sample {
        Some(n) => Some(n),
        None => (work > MAX_EXACT).then_some(DEFAULT_DEALS),
    };
    (corrected, deals)
}

/// The tallies, exactly when the count is at most [`MAX_EXACT`] showdowns and no sample is
/// asked for: from the matchup table before the flop (less the boards that hold a dead card,
/// when that is cheaper than counting the others), else every run-out.
fn count(
    hero: &[Holding],
    villain: &[Holding],
    board: CardSet,
    dead: CardSet,
    options: &EquityOptions,
    progress: &mut dyn FnMut(Counted),
) -> (RangeEquity, Method) {
    let (corrected, deals) = plan(hero.len(), villain.len(), board, dead, options.sample);
    let (all, unit) = match deals {
        Some(n) => (n, CountUnit::Deals),
        None if corrected => (preflop_dead::boards(dead), CountUnit::Boards),
        None => (range_equity::boards(board, dead), CountUnit::Boards),
    };
    let mut told = |done| progress(Counted { done, all, unit });
    let mut ticker = Ticker::new(&mut told);
    if let Some(deals) = deals {
        let s = sample::sample(hero, villain, board, dead, deals, options.seed, &mut ticker);
        let method = Method::Sampled {
            deals: s.deals,
            seed: options.seed,
            std_error: s.std_error,
            asked: options.sample.is_some(),
        };
        return (s.tallies, method);
    }
    let counted = if corrected {
        preflop_dead::with_dead_ticked(hero, villain, dead, &mut ticker)
    } else {
        range_equity::enumerate_ticked(hero, villain, board, dead, &mut ticker)
    };
    (counted, Method::Exact)
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
        combos: combos_of(holdings),
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
    /// How card queries are read (`K9s+`).
    pub notation: Notation,
    /// Also show every card that can come next (a turn or a river).
    pub next_card: bool,
}

/// One card that can come next, for `hus range --next-card`: the kept holdings it leaves, by
/// made hand on the new board, and their equity.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCard {
    pub card: Card,
    /// The kept holdings that miss the card, weighted.
    pub combos: f64,
    /// Their combos in each made-hand category on the new board, in [`Made::ALL`]'s order.
    pub made: Vec<f64>,
    /// Their mean equity against a random hand on the new board (the language's `equity`).
    pub equity: f64,
}

/// `hus range`'s answer: the range's holdings on the board by category.
#[derive(Clone, Debug, PartialEq)]
pub struct RangeReport {
    /// The range and the filter as given, for headings.
    pub range: String,
    pub with: Option<String>,
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
    /// The whole range's combos (before the filter) per made-hand category and per draw, in
    /// the order of `made` and `draws`: each over `combos` is the category's hit rate.
    pub made_all: Vec<f64>,
    pub draws_all: Vec<f64>,
    /// With `next_card`: the kept range's mean equity against a random hand now, and every
    /// card that can come, in card order.
    pub equity: Option<f64>,
    pub next: Vec<NextCard>,
    /// What a player of other tools should know about how the range was read.
    pub warnings: Vec<String>,
}

/// A range on a board, by category (reference §12.12).
pub fn range_breakdown(options: &RangeOptions) -> Result<RangeReport, RangeError> {
    range_breakdown_counted(options, &mut |_| {})
}

/// [`range_breakdown`], telling `progress` after each board it reads the equity on (with
/// `next_card`: the board, then each card that can come; else nothing).
pub fn range_breakdown_counted(
    options: &RangeOptions,
    progress: &mut dyn FnMut(Counted),
) -> Result<RangeReport, RangeError> {
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
    if options.next_card && board.len() == 5 {
        return error("`--next-card` needs a flop or a turn: no card comes after the river".into());
    }
    let filter = options.with.as_deref().map(parse_filter).transpose()?;
    let known = board.union(dead);
    let read = read_range(&options.range, options.notation)?;
    let live = live_holdings(read.holdings, known, &options.range, "the range")?;
    let combos = combos_of(&live);
    let kept: Vec<Holding> = live
        .iter()
        .filter(|h| filter.as_ref().is_none_or(|f| f.holds(h.set(), board)))
        .copied()
        .collect();
    let (made, draws) = categories(&kept, board);
    let (made_all, draws_all) = categories(&live, board);
    let mut grid = vec![0.0; 169];
    for h in &kept {
        grid[h.class().index()] += h.weight;
    }
    let (equity, next) = if options.next_card {
        let all = 1 + 52 - known.len() as u64;
        let mut told = |done| {
            progress(Counted {
                done,
                all,
                unit: CountUnit::Boards,
            })
        };
        let now = mean_equity(&kept, board);
        told(1);
        (Some(now), next_cards(&kept, known, board, &mut told))
    } else {
        (None, Vec::new())
    };
    Ok(RangeReport {
        range: options.range.clone(),
        with: options.with.clone(),
        board,
        dead,
        combos,
        kept: combos_of(&kept),
        made,
        draws,
        grid,
        made_all: made_all.iter().map(|x| x.1).collect(),
        draws_all: draws_all.iter().map(|x| x.1).collect(),
        equity,
        next,
        warnings: read.warnings,
    })
}

/// The holdings' combos, weighted: 0 (not the -0 an empty float sum gives, which prints as
/// `-0`) for none.
fn combos_of(holdings: &[Holding]) -> f64 {
    holdings.iter().fold(0.0, |a, h| a + h.weight)
}

type Counts = Vec<(&'static str, f64)>;

/// The holdings' combos by made hand (each once) and by draw (each that holds).
fn categories(holdings: &[Holding], board: CardSet) -> (Counts, Counts) {
    let mut made: Counts = Made::ALL.iter().map(|m| (m.words(), 0.0)).collect();
    let mut draws: Counts = DRAWS.iter().map(|d| (d.words, 0.0)).collect();
    for h in holdings {
        let m = Made::of(h.set(), board);
        made[Made::ALL.iter().position(|x| *x == m).unwrap_or(0)].1 += h.weight;
        for (d, slot) in DRAWS.iter().zip(draws.iter_mut()) {
            if d.holds(h.set(), board) {
                slot.1 += h.weight;
            }
        }
    }
    (made, draws)
}

/// The holdings' weighted mean of `equity` (against a random hand, exact) on the board; 0
/// for no holding.
fn mean_equity(holdings: &[Holding], board: CardSet) -> f64 {
    let w = combos_of(holdings);
    let sum: f64 = holdings
        .iter()
        .map(|h| h.weight * crate::strength::equity(h.set(), board))
        .sum();
    if w > 0.0 {
        sum / w
    } else {
        0.0
    }
}

/// Every card that can come after `board` (none of the known cards), with the kept holdings
/// it leaves by made hand and their equity on the new board.
/// `told(n)` after each, `n` counting the board before them.
fn next_cards(
    kept: &[Holding],
    known: CardSet,
    board: CardSet,
    told: &mut dyn FnMut(u64),
) -> Vec<NextCard> {
    let mut out = Vec::new();
    for i in 0..64u32 {
        let Some(card) = Card::from_index(i).filter(|c| !known.contains(*c)) else {
            continue;
        };
        let next = board.union(card.set());
        let left: Vec<Holding> = kept
            .iter()
            .filter(|h| !h.set().contains(card))
            .copied()
            .collect();
        let (made, _) = categories(&left, next);
        out.push(NextCard {
            card,
            combos: combos_of(&left),
            made: made.iter().map(|x| x.1).collect(),
            equity: mean_equity(&left, next),
        });
        told(out.len() as u64 + 1);
    }
    out
}

pub(crate) mod grid;
mod sample;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod brute;
