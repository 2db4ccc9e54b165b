//! The heads-up no-limit betting model: replays the recorded actions, validates them
//! (spec 8 decisions) and derives every constant of spec 5.
//!
//! The replay keeps, per player, the stack at the start of the hand, the chips put in this
//! hand and in this round, and whether the player has acted in this round. A player *needs
//! to act* when they have chips behind and either owe chips or have not acted yet while the
//! other player can still bet; a round is finished when neither needs to act. Everything
//! else (whose turn, whether a round may follow, whether the hero can decide now) follows.

use super::xml::SourceSpans;
use super::{Act, ActionRecord, Constant, GameRecord, InvalidGame, Phase, Player, Stat};
use crate::cards::hole::HoleClass;
use crate::cards::CardSet;
use crate::diag::Code;
use crate::diag::{Diagnostic, Span};

/// One player's actions in one betting round (the history constants of spec 5).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RoundStats {
    /// The sum of raise and bet increments, as written.
    pub raise: f64,
    /// Raises and bets.
    pub raise_times: u32,
    pub call_times: u32,
    pub check_times: u32,
}

impl RoundStats {
    pub fn get(&self, stat: Stat) -> f64 {
        match stat {
            Stat::Raise => self.raise,
            Stat::RaiseTimes => self.raise_times as f64,
            Stat::CallTimes => self.call_times as f64,
            Stat::CheckTimes => self.check_times as f64,
        }
    }
}

/// What the betting model derives from a record.
#[derive(Clone, Debug, Default)]
pub struct Derived {
    pub board: CardSet,
    pub pot: f64,
    /// Chips behind now.
    pub hero_stack: f64,
    pub villain_stack: f64,
    pub to_call: f64,
    /// The smallest legal raise increment now: the larger of the big blind and the last
    /// bet or raise increment in this round.
    pub min_raise: f64,
    /// False when the villain is all in or `heroStack <= toCall`.
    pub hero_can_raise: bool,
    /// The villain checked, called, bet or raised in the current round (blinds do not count).
    pub villain_acted_this_round: bool,
    /// Chip size from `<init><chip>`, default 1.
    pub chip: f64,
    /// The current round: the last round present (preflop when there is none).
    pub phase: Phase,
    /// The hero posted the small blind: acts first before the flop, last after it.
    pub hero_is_button: bool,
    /// Per player (`[hero, villain]`) and round (`Phase as usize`).
    pub stats: [[RoundStats; 4]; 2],
}

fn pi(p: Player) -> usize {
    match p {
        Player::Hero => 0,
        Player::Villain => 1,
    }
}

impl Derived {
    /// A player's actions in a round (zeros for a round not reached).
    pub fn round_stats(&self, player: Player, phase: Phase) -> RoundStats {
        self.stats[pi(player)][phase as usize]
    }

    pub fn effective_stack(&self) -> f64 {
        self.hero_stack.min(self.villain_stack)
    }

    /// `toCall / (pot + toCall)`, 0 when nothing is owed.
    pub fn pot_odds(&self) -> f64 {
        if self.to_call > 0.0 {
            self.to_call / (self.pot + self.to_call)
        } else {
            0.0
        }
    }

    /// The value of a constant (spec 5). `None` for `random` and the hand-strength family
    /// (the evaluator computes those) and for an `<init>` name the record lacks.
    pub fn constant(&self, record: &GameRecord, c: &Constant) -> Option<f64> {
        Some(match c {
            Constant::Bb => record.bb,
            Constant::Sb => record.sb,
            Constant::Pot => self.pot,
            Constant::HeroStack | Constant::AllIn => self.hero_stack,
            Constant::VillainStack => self.villain_stack,
            Constant::EffectiveStack => self.effective_stack(),
            Constant::ToCall => self.to_call,
            Constant::PotOdds => self.pot_odds(),
            Constant::HandRank169 => {
                let [a, b] = record.hero_cards;
                HoleClass::of(a, b).handrank169() as f64
            }
            Constant::HandRank2652 => {
                let [a, b] = record.hero_cards;
                HoleClass::of(a, b).handrank2652() as f64
            }
            Constant::Random
            | Constant::HandStrength
            | Constant::Equity
            | Constant::Ppot
            | Constant::Npot
            | Constant::Ehs => return None,
            Constant::History {
                player,
                phase,
                stat,
            } => {
                let ph = phase.unwrap_or(self.phase);
                if ph > self.phase {
                    0.0
                } else {
                    self.round_stats(*player, ph).get(*stat)
                }
            }
            Constant::Init(name) => return init_value(record, name),
        })
    }
}

/// A child of `<init>` by name, case-insensitively.
fn init_value(record: &GameRecord, name: &str) -> Option<f64> {
    record
        .extras
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| *v)
}

/// Replays and validates a record; returns the derived state and the warnings.
pub fn derive(record: &GameRecord) -> Result<(Derived, Vec<Diagnostic>), InvalidGame> {
    derive_spanned(record, &SourceSpans::default())
}

// ---------------------------------------------------------------------------------------
// Chip arithmetic: amounts may be fractional (`<chip>0.01</chip>`), so equality is tolerant
// (one tolerance for all chip comparisons, in `super::chips`).

use super::chips::{less, more, same};
fn amt(x: f64) -> String {
    super::format_amount(x)
}

fn at(d: Diagnostic, span: Option<&Span>) -> Diagnostic {
    match span {
        Some(s) => d.at(s.clone()),
        None => d,
    }
}

fn describe(a: &ActionRecord) -> String {
    match a.act {
        Act::Check | Act::Fold => format!(
            "{} {}s (no={})",
            a.player.xml_name(),
            a.act.xml_name(),
            a.no
        ),
        _ => format!(
            "{} {}s {} (no={})",
            a.player.xml_name(),
            a.act.xml_name(),
            amt(a.amount),
            a.no
        ),
    }
}

/// The chips of both players during the replay: stacks, what each put in this hand and this
/// round, and who acted (named apart from the `USE TABLE` action tables).
struct Ledger {
    /// Stacks at the start of the hand, `[hero, villain]`.
    stack: [f64; 2],
    /// Chips put in this hand.
    total: [f64; 2],
    /// Chips put in this round.
    round_in: [f64; 2],
    acted: [bool; 2],
    last_actor: Option<Player>,
    /// The last bet or raise increment in this round (0 when none).
    last_incr: f64,
    bb: f64,
}

impl Ledger {
    fn behind(&self, p: Player) -> f64 {
        (self.stack[pi(p)] - self.total[pi(p)]).max(0.0)
    }
    fn all_in(&self, p: Player) -> bool {
        !more(self.behind(p), 0.0)
    }
    fn owed(&self, p: Player) -> f64 {
        (self.round_in[pi(p.other())] - self.round_in[pi(p)]).max(0.0)
    }
    /// The player has chips behind and owes chips, or has not acted yet in this round while
    /// the other player can still bet.
    fn needs_to_act(&self, p: Player) -> bool {
        !self.all_in(p)
            && (more(self.owed(p), 0.0) || (!self.acted[pi(p)] && !self.all_in(p.other())))
    }
    fn finished(&self) -> bool {
        !self.needs_to_act(Player::Hero) && !self.needs_to_act(Player::Villain)
    }
    fn put(&mut self, p: Player, x: f64) {
        self.total[pi(p)] += x;
        self.round_in[pi(p)] += x;
    }
    fn new_round(&mut self) {
        self.round_in = [0.0; 2];
        self.acted = [false; 2];
        self.last_actor = None;
        self.last_incr = 0.0;
    }
    fn min_raise(&self) -> f64 {
        self.bb.max(self.last_incr)
    }
    /// Who standard heads-up order has act first in this round, if that player needs to.
    fn standard_opener(&self, phase: Phase, button: Player) -> Option<Player> {
        let p = if phase == Phase::Preflop {
            button
        } else {
            button.other()
        };
        self.needs_to_act(p).then_some(p)
    }
    /// Why nothing more can be bet, when a player is all in.
    fn all_in_player(&self) -> Option<Player> {
        [Player::Hero, Player::Villain]
            .into_iter()
            .find(|p| self.all_in(*p))
    }
}

/// The warning for a round opened by the player standard order has act second.
fn opener_warning(
    phase: Phase,
    standard: Player,
    span: Option<&Span>,
    explicit: bool,
) -> Diagnostic {
    let other = standard.other();
    let (code, rule) = if phase == Phase::Preflop {
        (
            Code::BbFirst,
            "before the flop the button (the small blind) acts first",
        )
    } else {
        (
            Code::ButtonFirst,
            "after the flop the big blind acts first and the button last",
        )
    };
    let message = if explicit {
        format!(
            "{} opens the {} betting, but {rule}: {} should act first",
            other.xml_name(),
            phase.xml_tag(),
            standard.xml_name()
        )
    } else {
        format!(
            "no {} action yet: {rule}, so {} should act first; taking the hero to act",
            phase.xml_tag(),
            standard.xml_name()
        )
    };
    at(Diagnostic::warning(code, message), span)
        .with_label("out of the standard order")
        .with_help("accepted (spec 8 tolerates this); whose turn it is follows from the actions")
}

/// Checks the numbers of `<init>`.
fn check_init(r: &GameRecord, spans: &SourceSpans, errors: &mut Vec<Diagnostic>) {
    let fine = |v: f64, positive: bool| v.is_finite() && v >= 0.0 && (!positive || v > 0.0);
    // The usual case, without assembling the table of names and spans below.
    let all_fine = fine(r.bb, true)
        && fine(r.sb, true)
        && fine(r.hero_stack, false)
        && fine(r.villain_stack, false);
    let fields = [
        ("BB", r.bb, &spans.bb, true),
        ("SB", r.sb, &spans.sb, true),
        ("heroStack", r.hero_stack, &spans.hero_stack, false),
        ("villainStack", r.villain_stack, &spans.villain_stack, false),
    ];
    for (name, v, span, positive) in fields.into_iter().filter(|_| !all_fine) {
        if !fine(v, positive) {
            let want = if positive {
                "a positive number of chips"
            } else {
                "a number of chips, 0 or more"
            };
            errors.push(
                at(
                    Diagnostic::error(
                        Code::BadNumber,
                        format!("<{name}> is {}; expected {want}", amt(v)),
                    ),
                    span.as_ref().or(spans.init.as_ref()),
                )
                .with_label(format!("expected {want}")),
            );
        }
    }
    if let Some(chip) = init_value(r, "chip") {
        if !(chip.is_finite() && chip > 0.0) {
            errors.push(at(
                Diagnostic::error(
                    Code::BadNumber,
                    format!("<chip> is {}; expected a positive chip size", amt(chip)),
                ),
                spans.init.as_ref(),
            ));
        }
    }
}

/// Checks that no card is dealt twice and every round deals its number of cards; returns
/// the board.
fn check_cards(r: &GameRecord, spans: &SourceSpans, errors: &mut Vec<Diagnostic>) -> CardSet {
    // Every card in dealing order with its span, built only when a duplicate needs a
    // pointer to where the card was first dealt.
    let all = || {
        let hole = r
            .hero_cards
            .iter()
            .enumerate()
            .map(|(k, c)| (*c, spans.hero_cards[k].clone()));
        let board = r.rounds.iter().enumerate().flat_map(move |(ri, round)| {
            round.cards.iter().enumerate().map(move |(k, c)| {
                let s = spans
                    .round_cards
                    .get(ri)
                    .and_then(|v| v.get(k))
                    .cloned()
                    .or_else(|| round.span.clone());
                (*c, s)
            })
        });
        hole.chain(board)
    };
    let mut seen = CardSet::EMPTY;
    let mut board = CardSet::EMPTY;
    for round in &r.rounds {
        let want = match round.phase {
            Phase::Preflop => 0,
            Phase::Flop => 3,
            Phase::Turn | Phase::River => 1,
        };
        if round.cards.len() != want {
            let tag = round.phase.xml_tag();
            let message = if want == 0 {
                format!(
                    "<{tag}> deals no board cards, but {} are given",
                    round.cards.len()
                )
            } else {
                format!(
                    "<{tag}> deals {want} board card{}, but {} {} given",
                    if want == 1 { "" } else { "s" },
                    round.cards.len(),
                    if round.cards.len() == 1 { "is" } else { "are" }
                )
            };
            errors.push(
                at(
                    Diagnostic::error(Code::WrongCardCount, message),
                    round.span.as_ref(),
                )
                .with_label(format!("expected {want} card(s) in <cards>")),
            );
        }
        for c in &round.cards {
            board.insert(*c);
        }
    }
    let dealt = r
        .hero_cards
        .iter()
        .chain(r.rounds.iter().flat_map(|round| round.cards.iter()));
    for (k, &card) in dealt.enumerate() {
        if seen.contains(card) {
            let span = all().nth(k).and_then(|(_, s)| s);
            let first = all().take(k).find(|(c, _)| *c == card).and_then(|(_, s)| s);
            let mut d = at(
                Diagnostic::error(Code::CardTwice, format!("the card {card} is dealt twice")),
                span.as_ref(),
            )
            .with_label("already dealt");
            if let Some(f) = first {
                d = d.with_related(f, "first dealt here");
            }
            errors.push(d);
        }
        seen.insert(card);
    }
    board
}

/// Checks the blind posts; returns the button (who posted the small blind).
fn check_posts(
    r: &GameRecord,
    spans: &SourceSpans,
    errors: &mut Vec<Diagnostic>,
) -> Option<Player> {
    let mut sb: Option<&super::Post> = None;
    let mut bb: Option<&super::Post> = None;
    let mut ok = true;
    for p in &r.posts {
        // The exact spelling first: what a record built in code always has.
        let slot = if p.blind == "SB" || p.blind.trim().eq_ignore_ascii_case("SB") {
            &mut sb
        } else if p.blind == "BB" || p.blind.trim().eq_ignore_ascii_case("BB") {
            &mut bb
        } else {
            errors.push(
                at(
                    Diagnostic::error(
                        Code::BadPost,
                        format!("a post of `{}`: a post is SB or BB", p.blind),
                    ),
                    p.span.as_ref(),
                )
                .with_label("expected SB or BB as the text of <post>"),
            );
            ok = false;
            continue;
        };
        if let Some(first) = slot {
            let mut d = at(
                Diagnostic::error(Code::BadPost, format!("a second {} post", p.blind.trim())),
                p.span.as_ref(),
            );
            if let Some(s) = &first.span {
                d = d.with_related(s.clone(), "first posted here");
            }
            errors.push(d);
            ok = false;
        } else {
            *slot = Some(p);
        }
    }
    if !ok {
        return None;
    }
    let (Some(sb), Some(bb)) = (sb, bb) else {
        let which = match (sb, bb) {
            (None, None) => "the small and the big blind",
            (None, _) => "the small blind",
            _ => "the big blind",
        };
        errors.push(
            at(
                Diagnostic::error(Code::BadPost, format!("no post of {which}")),
                spans.posts.as_ref(),
            )
            .with_help(
                "<posts> holds <post player=\"Hero\" amount=\"10\">SB</post> and the villain's BB",
            ),
        );
        return None;
    };
    if sb.player == bb.player {
        errors.push(
            at(
                Diagnostic::error(
                    Code::BadPost,
                    format!("{} posts both blinds", sb.player.xml_name()),
                ),
                bb.span.as_ref(),
            )
            .with_help("heads-up, one player posts the small blind and the other the big blind"),
        );
        return None;
    }
    for (post, blind, name) in [(sb, r.sb, "SB"), (bb, r.bb, "BB")] {
        let stack = match post.player {
            Player::Hero => r.hero_stack,
            Player::Villain => r.villain_stack,
        };
        let a = post.amount;
        if !a.is_finite() || a < 0.0 {
            errors.push(
                at(
                    Diagnostic::error(Code::BadAmount, format!("a post of {} chips", amt(a))),
                    post.span.as_ref(),
                )
                .with_label("expected 0 or more chips"),
            );
        } else if more(a, stack) {
            errors.push(
                at(
                    Diagnostic::error(
                        Code::OverStack,
                        format!(
                            "{} posts {} but has only {} chips",
                            post.player.xml_name(),
                            amt(a),
                            amt(stack)
                        ),
                    ),
                    post.span.as_ref(),
                )
                .with_label("more than the player's stack"),
            );
        } else if !(same(a, blind) || (same(a, stack) && a < blind)) {
            errors.push(
                at(
                    Diagnostic::error(
                        Code::BadPost,
                        format!(
                            "the {name} post is {} but <{name}> is {}",
                            amt(a),
                            amt(blind)
                        ),
                    ),
                    post.span.as_ref(),
                )
                .with_label(format!("expected {}", amt(blind)))
                .with_help("a blind is posted in full unless it puts the player all in"),
            );
        }
    }
    Some(sb.player)
}

fn round_order(prev: Option<Phase>, phase: Phase) -> Option<String> {
    // The in-order cases first, before any name is looked up: this runs for every round of
    // every decision a match validates.
    match prev {
        None if phase == Phase::Preflop => return None,
        Some(p) if p.next() == Some(phase) => return None,
        _ => {}
    }
    let tag = phase.xml_tag();
    match prev {
        None if phase == Phase::Preflop => None,
        None => Some(format!(
            "<{tag}> without a <preflop> before it: rounds go preflop, flop, turn, river"
        )),
        Some(p) if p.next() == Some(phase) => None,
        Some(p) if p == phase => Some(format!("a second <{tag}>")),
        Some(p) if p > phase => Some(format!(
            "<{tag}> after <{}>: rounds go preflop, flop, turn, river",
            p.xml_tag()
        )),
        Some(p) => {
            let missing = p.next().map_or("?", |m| m.xml_tag());
            Some(format!(
                "<{tag}> after <{}>: <{missing}> is missing",
                p.xml_tag()
            ))
        }
    }
}

/// [`derive()`] for a record read from XML: messages point into the file.
pub fn derive_spanned(
    r: &GameRecord,
    spans: &SourceSpans,
) -> Result<(Derived, Vec<Diagnostic>), InvalidGame> {
    let mut errors = Vec::new();
    let mut warnings = Vec::new();
    check_init(r, spans, &mut errors);
    if !errors.is_empty() {
        return Err(InvalidGame {
            diagnostics: errors,
        });
    }
    let board = check_cards(r, spans, &mut errors);
    let Some(button) = check_posts(r, spans, &mut errors) else {
        return Err(InvalidGame {
            diagnostics: errors,
        });
    };

    let mut t = Ledger {
        stack: [r.hero_stack, r.villain_stack],
        total: [0.0; 2],
        round_in: [0.0; 2],
        acted: [false; 2],
        last_actor: None,
        last_incr: 0.0,
        bb: r.bb,
    };
    for p in &r.posts {
        let x = p.amount.max(0.0).min(t.behind(p.player));
        t.put(p.player, x);
    }

    let mut stats = [[RoundStats::default(); 4]; 2];
    let mut phase = Phase::Preflop;
    let mut folded: Option<&ActionRecord> = None;
    let mut last: Option<&ActionRecord> = None;
    let mut villain_acted = false;
    let mut stopped = false;
    let mut round_span: Option<&Span> = spans.posts.as_ref();
    let mut prev_phase: Option<Phase> = None;
    // Errors before this round: an unfinished round after an error in it is noise.
    let mut errors_before_round = errors.len();

    'rounds: for round in &r.rounds {
        let prev_round_clean = errors.len() == errors_before_round;
        let order_error = round_order(prev_phase, round.phase);
        let order_ok = order_error.is_none();
        if let Some(m) = order_error {
            errors.push(
                at(Diagnostic::error(Code::RoundOrder, m), round.span.as_ref())
                    .with_label("out of order"),
            );
        }
        let opens_new = prev_phase.is_some() || round.phase != Phase::Preflop;
        if opens_new {
            if let Some(f) = folded {
                let mut d = at(
                    Diagnostic::error(
                        Code::HandOver,
                        format!(
                            "<{}> after the hand is over: {} folded",
                            round.phase.xml_tag(),
                            f.player.xml_name()
                        ),
                    ),
                    round.span.as_ref(),
                );
                if let Some(s) = &f.span {
                    d = d.with_related(s.clone(), "the fold");
                }
                errors.push(d);
                stopped = true;
                break 'rounds;
            }
            if order_ok && prev_round_clean && !t.finished() {
                let who = if t.needs_to_act(Player::Hero) {
                    Player::Hero
                } else {
                    Player::Villain
                };
                let owed = t.owed(who);
                let why = if more(owed, 0.0) {
                    format!("{} still owes {}", who.xml_name(), amt(owed))
                } else {
                    format!("{} has not acted yet", who.xml_name())
                };
                let prev_tag = prev_phase.unwrap_or(Phase::Preflop).xml_tag();
                let mut d = at(
                    Diagnostic::error(
                        Code::RoundUnfinished,
                        format!(
                            "<{}> comes before the <{prev_tag}> betting is finished: {why}",
                            round.phase.xml_tag()
                        ),
                    ),
                    round.span.as_ref(),
                )
                .with_label("too early");
                if let Some(s) = last
                    .and_then(|a| a.span.clone())
                    .or_else(|| round_span.cloned())
                {
                    d = d.with_related(s, format!("the <{prev_tag}> betting stops here"));
                }
                errors.push(d);
            }
            t.new_round();
        }
        prev_phase = Some(round.phase);
        phase = round.phase;
        errors_before_round = errors.len();
        round_span = round.span.as_ref();
        last = None;
        villain_acted = false;

        // Actions in `no` order (as read); a record built in code may need sorting.
        let acts = &round.actions;
        let sorted = acts.windows(2).all(|w| w[0].no <= w[1].no);
        let order: Option<Vec<usize>> = (!sorted).then(|| {
            let mut o: Vec<usize> = (0..acts.len()).collect();
            o.sort_by_key(|&i| acts[i].no);
            o
        });
        for k in 0..acts.len() {
            let a = &acts[order.as_ref().map_or(k, |o| o[k])];
            let p = a.player;
            let ps = &mut stats[pi(p)][round.phase as usize];
            if let Some(prev) = last {
                if prev.no == a.no {
                    let mut d = at(
                        Diagnostic::error(
                            Code::DuplicateNo,
                            format!("two actions with no={} in <{}>", a.no, phase.xml_tag()),
                        ),
                        a.span.as_ref(),
                    )
                    .with_label("the same `no` as an earlier action")
                    .with_help("`no` orders the actions of a round: 0, 1, 2, ...");
                    if let Some(s) = &prev.span {
                        d = d.with_related(s.clone(), "first used here");
                    }
                    errors.push(d);
                }
            }
            if let Some(f) = folded {
                let mut d = at(
                    Diagnostic::error(
                        Code::HandOver,
                        format!(
                            "{} after the hand is over: {} folded",
                            describe(a),
                            f.player.xml_name()
                        ),
                    ),
                    a.span.as_ref(),
                );
                if let Some(s) = &f.span {
                    d = d.with_related(s.clone(), "the fold");
                }
                errors.push(d);
                stopped = true;
                break 'rounds;
            }
            if t.finished() {
                let d = match t.all_in_player() {
                    Some(q) => Diagnostic::error(
                        Code::HandOver,
                        format!(
                            "{}, but no more betting is possible: {} is all in",
                            describe(a),
                            q.xml_name()
                        ),
                    ),
                    None => Diagnostic::error(
                        Code::RoundFinished,
                        format!(
                            "{}, but the {} betting is already finished",
                            describe(a),
                            phase.xml_tag()
                        ),
                    )
                    .with_help(match phase.next() {
                        Some(n) => format!("the next action belongs in <{}>", n.xml_tag()),
                        None => "the river betting is over: the hand goes to showdown".into(),
                    }),
                };
                let mut d = at(d, a.span.as_ref()).with_label("nothing is left to bet here");
                if let Some(s) = last.and_then(|l| l.span.clone()) {
                    d = d.with_related(s, "this closed the betting");
                }
                errors.push(d);
                stopped = true;
                break 'rounds;
            }
            if t.last_actor == Some(p) {
                let mut d = at(
                    Diagnostic::error(
                        Code::ActedTwice,
                        format!("{} acts twice in a row", p.xml_name()),
                    ),
                    a.span.as_ref(),
                )
                .with_label(format!("expected {} to act", p.other().xml_name()));
                if let Some(s) = last.and_then(|l| l.span.clone()) {
                    d = d.with_related(s, "the previous action");
                }
                errors.push(d);
            } else if !t.needs_to_act(p) {
                let why = if t.all_in(p) {
                    format!("{} is all in", p.xml_name())
                } else {
                    format!(
                        "{} owes nothing and {} is all in",
                        p.xml_name(),
                        p.other().xml_name()
                    )
                };
                errors.push(
                    at(
                        Diagnostic::error(
                            Code::OutOfTurn,
                            format!("{}, but {why}: there is nothing to decide", describe(a)),
                        ),
                        a.span.as_ref(),
                    )
                    .with_label("cannot act"),
                );
                last = Some(a);
                continue;
            } else if t.last_actor.is_none() {
                if let Some(std) = t.standard_opener(phase, button) {
                    if std != p {
                        warnings.push(opener_warning(phase, std, a.span.as_ref(), true));
                    }
                }
            }

            let behind = t.behind(p);
            let owed = t.owed(p);
            if !a.amount.is_finite() || a.amount < 0.0 {
                errors.push(
                    at(
                        Diagnostic::error(
                            Code::BadAmount,
                            format!("{}: a negative amount", describe(a)),
                        ),
                        a.span.as_ref(),
                    )
                    .with_label("expected 0 or more chips"),
                );
                t.last_actor = Some(p);
                t.acted[pi(p)] = true;
                last = Some(a);
                continue;
            }
            match a.act {
                Act::Check | Act::Fold => {
                    if a.amount != 0.0 {
                        errors.push(
                            at(
                                Diagnostic::error(
                                    Code::BadAmount,
                                    format!(
                                        "{} with amount {}: a {} adds no chips",
                                        describe(a),
                                        amt(a.amount),
                                        a.act.xml_name()
                                    ),
                                ),
                                a.span.as_ref(),
                            )
                            .with_label("expected amount=\"0\""),
                        );
                    }
                    if a.act == Act::Check {
                        if more(owed, 0.0) {
                            errors.push(
                                at(
                                    Diagnostic::error(
                                        Code::CheckOwed,
                                        format!(
                                            "{} but owes {}",
                                            describe(a),
                                            amt(owed.min(behind))
                                        ),
                                    ),
                                    a.span.as_ref(),
                                )
                                .with_label("expected call, raise or fold"),
                            );
                        }
                        ps.check_times += 1;
                    } else {
                        folded = Some(a);
                    }
                }
                Act::Call => {
                    if more(a.amount, behind) {
                        errors.push(over_stack(a, a.amount, behind));
                    } else if !(same(a.amount, owed) || (same(a.amount, behind) && a.amount < owed))
                    {
                        errors.push(
                            at(
                                Diagnostic::error(
                                    Code::CallMismatch,
                                    format!("{} but owes {}", describe(a), amt(owed)),
                                ),
                                a.span.as_ref(),
                            )
                            .with_label(format!("expected amount=\"{}\"", amt(owed.min(behind))))
                            .with_help("a call's amount is the chips it adds: what the player owes, or all they have left"),
                        );
                    }
                    t.put(p, a.amount.min(behind));
                    ps.call_times += 1;
                }
                Act::Raise | Act::Bet => {
                    let add = owed + a.amount;
                    if a.amount <= 0.0 {
                        errors.push(
                            at(
                                Diagnostic::error(
                                    Code::BadAmount,
                                    format!(
                                        "{}: a {} adds a positive increment",
                                        describe(a),
                                        a.act.xml_name()
                                    ),
                                ),
                                a.span.as_ref(),
                            )
                            .with_label("expected the increment above the call, more than 0"),
                        );
                    } else if t.all_in(p.other()) {
                        errors.push(
                            at(
                                Diagnostic::error(
                                    Code::CannotRaise,
                                    format!(
                                        "{}, but {} is all in: only call or fold are possible",
                                        describe(a),
                                        p.other().xml_name()
                                    ),
                                ),
                                a.span.as_ref(),
                            )
                            .with_label("expected call or fold"),
                        );
                    } else if more(add, behind) {
                        errors.push(over_stack(a, add, behind));
                    } else if less(a.amount, t.min_raise()) && !same(add, behind) {
                        let why = if more(t.last_incr, t.bb) {
                            "the last raise"
                        } else {
                            "the big blind"
                        };
                        warnings.push(
                            at(
                                Diagnostic::warning(
                                    Code::SmallRaise,
                                    format!(
                                        "{}: less than the minimum raise of {} ({why})",
                                        describe(a),
                                        amt(t.min_raise())
                                    ),
                                ),
                                a.span.as_ref(),
                            )
                            .with_label("a raise below the minimum")
                            .with_help("accepted (spec 8 tolerates this)"),
                        );
                    }
                    t.put(p, add.min(behind));
                    t.last_incr = a.amount;
                    ps.raise += a.amount;
                    ps.raise_times += 1;
                }
            }
            t.acted[pi(p)] = true;
            t.last_actor = Some(p);
            if p == Player::Villain && a.act != Act::Fold {
                villain_acted = true;
            }
            last = Some(a);
        }
    }

    if errors.is_empty() && !stopped {
        end_state(
            &t,
            phase,
            button,
            folded,
            last,
            round_span,
            &mut errors,
            &mut warnings,
        );
    }
    if !errors.is_empty() {
        return Err(InvalidGame {
            diagnostics: errors,
        });
    }

    let hero_stack = t.behind(Player::Hero);
    let to_call = t.owed(Player::Hero).min(hero_stack);
    let chip = init_value(r, "chip").unwrap_or(1.0);
    Ok((
        Derived {
            board,
            pot: t.total[0] + t.total[1],
            hero_stack,
            villain_stack: t.behind(Player::Villain),
            to_call,
            min_raise: t.min_raise(),
            hero_can_raise: !t.all_in(Player::Villain) && more(hero_stack, to_call),
            villain_acted_this_round: villain_acted,
            chip,
            phase,
            hero_is_button: button == Player::Hero,
            stats,
        },
        warnings,
    ))
}

fn over_stack(a: &ActionRecord, add: f64, behind: f64) -> Diagnostic {
    let what = if a.act == Act::Call {
        format!("{} calls {}", a.player.xml_name(), amt(add))
    } else {
        format!(
            "{} {}s {} (adding {} with the call)",
            a.player.xml_name(),
            a.act.xml_name(),
            amt(a.amount),
            amt(add)
        )
    };
    at(
        Diagnostic::error(
            Code::OverStack,
            format!("{what} but has only {} behind", amt(behind)),
        ),
        a.span.as_ref(),
    )
    .with_label("more chips than the player has")
}

/// Whether the hero can decide now, after the last recorded action.
#[allow(clippy::too_many_arguments)]
fn end_state(
    t: &Ledger,
    phase: Phase,
    button: Player,
    folded: Option<&ActionRecord>,
    last: Option<&ActionRecord>,
    round_span: Option<&Span>,
    errors: &mut Vec<Diagnostic>,
    warnings: &mut Vec<Diagnostic>,
) {
    let here = last.and_then(|a| a.span.as_ref()).or(round_span);
    if let Some(f) = folded {
        errors.push(
            at(
                Diagnostic::error(
                    Code::HandOver,
                    format!("the hand is over: {} folded", f.player.xml_name()),
                ),
                f.span.as_ref(),
            )
            .with_label("nothing is left to decide after a fold"),
        );
    } else if t.all_in(Player::Hero) {
        errors.push(
            at(
                Diagnostic::error(
                    Code::HandOver,
                    "the hero is all in: nothing is left to decide",
                ),
                here,
            )
            .with_label("the hero has no chips behind"),
        );
    } else if t.finished() {
        let d = if let Some(q) = t.all_in_player() {
            Diagnostic::error(
                Code::HandOver,
                format!(
                    "the hand is over: {} is all in and the betting is closed",
                    q.xml_name()
                ),
            )
        } else if let Some(next) = phase.next() {
            Diagnostic::error(
                Code::RoundFinished,
                format!(
                    "the {} betting is finished; the hero decides again once the {} is dealt",
                    phase.xml_tag(),
                    next.xml_tag()
                ),
            )
            .with_help(format!("add <{}> with its <cards>", next.xml_tag()))
        } else {
            Diagnostic::error(
                Code::HandOver,
                "the hand is over: the river betting is finished (showdown)",
            )
        };
        errors.push(at(d, here).with_label("the betting closed here"));
    } else if !t.needs_to_act(Player::Hero) {
        errors.push(
            at(
                Diagnostic::error(
                    Code::NotHeroTurn,
                    "it is the villain's turn, not the hero's: the hero acted last",
                ),
                here,
            )
            .with_label("the villain is to answer this"),
        );
    } else if t.last_actor.is_none() {
        if let Some(std) = t.standard_opener(phase, button) {
            if std != Player::Hero {
                warnings.push(opener_warning(phase, std, round_span, false));
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::diag::SourceFile;
    use crate::game::{GameState, Post, Round};

    pub(crate) const THESIS: &str = include_str!("../../tests/cases/game/thesis.xml");

    /// `<init>` and `<posts>`: blinds 10/20, stacks 1500/2500, hero J♥3♣; the hero posts the
    /// small blind unless `hero_bb`.
    fn head(hero_bb: bool) -> String {
        let (sb, bb) = if hero_bb {
            ("Villain", "Hero")
        } else {
            ("Hero", "Villain")
        };
        format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<game>
  <init>
    <BB>20</BB>
    <SB>10</SB>
    <heroStack>1500</heroStack>
    <villainStack>2500</villainStack>
    <heroCards>
      <card rank="J" color="Hearts"></card>
      <card rank="3" color="Clubs"></card>
    </heroCards>
  </init>
  <posts>
    <post player="{sb}" amount="10">SB</post>
    <post player="{bb}" amount="20">BB</post>
  </posts>
"#
        )
    }

    /// A round: `cards` like `Qs Tc 8c`, `acts` like `H call 10; V raise 20` (no = 0, 1, ...).
    pub(crate) fn round(tag: &str, cards: &str, acts: &str) -> String {
        let mut s = format!("  <{tag}>\n");
        if !cards.is_empty() {
            s.push_str("    <cards>\n");
            for c in cards.split_whitespace() {
                let (r, k) = c.split_at(c.len() - 1);
                s.push_str(&format!("      <card rank=\"{r}\" color=\"{k}\"></card>\n"));
            }
            s.push_str("    </cards>\n");
        }
        for (no, a) in acts
            .split(';')
            .map(str::trim)
            .filter(|a| !a.is_empty())
            .enumerate()
        {
            let w: Vec<&str> = a.split_whitespace().collect();
            let player = if w[0] == "H" { "Hero" } else { "Villain" };
            let amount = w.get(2).copied().unwrap_or("0");
            s.push_str(&format!(
                "    <action no=\"{no}\" player=\"{player}\" act=\"{}\" amount=\"{amount}\"></action>\n",
                w[1]
            ));
        }
        s.push_str(&format!("  </{tag}>\n"));
        s
    }

    fn game(rounds: &[String]) -> String {
        game_as(false, rounds)
    }
    fn game_as(hero_bb: bool, rounds: &[String]) -> String {
        format!("{}{}</game>\n", head(hero_bb), rounds.concat())
    }
    fn pre(acts: &str) -> String {
        round("preflop", "", acts)
    }
    fn flop(acts: &str) -> String {
        round("flop", "Qs Tc 8c", acts)
    }
    fn turn(acts: &str) -> String {
        round("turn", "2d", acts)
    }

    fn ok(xml: &str) -> (GameState, Vec<Diagnostic>) {
        match GameState::from_xml(xml) {
            Ok(x) => x,
            Err(e) => panic!("expected a valid game, got {:#?}\n{xml}", e.diagnostics),
        }
    }
    fn errors(xml: &str) -> Vec<Diagnostic> {
        match GameState::from_xml(xml) {
            Ok(_) => panic!("expected an invalid game:\n{xml}"),
            Err(e) => e.diagnostics,
        }
    }
    /// The line (1-based) of a diagnostic's span.
    pub(crate) fn line(xml: &str, d: &Diagnostic) -> usize {
        let span = d.span.clone().expect("a diagnostic with a span");
        SourceFile::new("g.xml", xml).line_col(span.start).0
    }
    /// The line of the first `needle` after the first `after`.
    pub(crate) fn line_of(xml: &str, after: &str, needle: &str) -> usize {
        let a = xml.find(after).expect("marker");
        let i = a + xml[a..].find(needle).expect("needle");
        xml[..i].matches('\n').count() + 1
    }
    /// Exactly one error, with this code, on the line of `needle` (after `after`).
    pub(crate) fn one_error(xml: &str, code: Code, after: &str, needle: &str) -> Diagnostic {
        let errs = errors(xml);
        assert_eq!(errs.len(), 1, "{errs:#?}");
        let d = errs.into_iter().next().unwrap();
        assert_eq!(d.code, code, "{d:#?}");
        assert!(d.is_error());
        assert_eq!(line(xml, &d), line_of(xml, after, needle), "{d:#?}\n{xml}");
        d
    }
    fn c(name: &str) -> Constant {
        Constant::from_name(name).unwrap()
    }
    fn k(g: &GameState, name: &str) -> f64 {
        g.constant(&c(name)).unwrap()
    }

    #[test]
    fn thesis_example() {
        let (g, warnings) = ok(THESIS);
        let d = g.derived();
        assert_eq!(d.pot, 220.0);
        assert_eq!(d.to_call, 20.0);
        assert_eq!(d.hero_stack, 1400.0);
        assert_eq!(d.villain_stack, 2380.0);
        assert_eq!(g.phase(), Phase::Flop);
        assert_eq!(k(&g, "pot"), 220.0);
        assert_eq!(k(&g, "toCall"), 20.0);
        assert_eq!(k(&g, "heroStack"), 1400.0);
        assert_eq!(k(&g, "allIn"), 1400.0);
        assert_eq!(k(&g, "villainStack"), 2380.0);
        assert_eq!(k(&g, "effectiveStack"), 1400.0);
        assert_eq!(k(&g, "villainPreflopRaise"), 40.0);
        assert_eq!(k(&g, "villainPreflopRaiseTimes"), 2.0);
        assert_eq!(k(&g, "villainFlopRaiseTimes"), 1.0);
        assert_eq!(k(&g, "villainFlopRaise"), 20.0);
        assert_eq!(k(&g, "villainRaiseTimes"), 1.0);
        assert_eq!(k(&g, "villainPreflopCallTimes"), 0.0);
        assert_eq!(k(&g, "heroPreflopRaise"), 40.0);
        assert_eq!(k(&g, "heroPreflopCallTimes"), 2.0);
        assert_eq!(k(&g, "heroFlopCheckTimes"), 1.0);
        assert_eq!(k(&g, "heroCheckTimes"), 1.0);
        assert_eq!(k(&g, "villainTurnRaise"), 0.0);
        assert_eq!(k(&g, "bb"), 20.0);
        assert_eq!(k(&g, "SB"), 10.0);
        assert!((k(&g, "potOdds") - 20.0 / 240.0).abs() < 1e-12);
        assert_eq!(d.min_raise, 20.0);
        assert!(d.hero_can_raise);
        assert!(d.villain_acted_this_round);
        assert!(d.hero_is_button);
        assert_eq!(d.chip, 1.0);
        assert_eq!(d.board.len(), 3);
        assert_eq!(g.constant(&Constant::Random), None);
        assert_eq!(g.constant(&Constant::Equity), None);
        assert_eq!(g.constant(&Constant::Init("chip".into())), None);

        let codes: Vec<_> = warnings.iter().map(|w| w.code).collect();
        assert_eq!(
            codes,
            [Code::SmallRaise, Code::ButtonFirst],
            "{warnings:#?}"
        );
        assert!(warnings.iter().all(|w| !w.is_error()));
        assert_eq!(line(THESIS, &warnings[0]), 21);
        assert!(
            warnings[0].message.contains("minimum raise of 40"),
            "{}",
            warnings[0].message
        );
        assert_eq!(line(THESIS, &warnings[1]), 30);
    }

    #[test]
    fn init_extras_and_chip() {
        let xml = THESIS.replace(
            "<BB>20</BB>",
            "<BB>20</BB>\n    <Chip>0.5</Chip>\n    <aggro>3</aggro>",
        );
        let (g, _) = ok(&xml);
        assert_eq!(g.derived().chip, 0.5);
        assert_eq!(g.constant(&Constant::Init("aggro".into())), Some(3.0));
        assert_eq!(g.constant(&Constant::Init("AGGRO".into())), Some(3.0));
        assert_eq!(g.constant(&Constant::Init("nope".into())), None);
    }

    #[test]
    fn preflop_without_actions() {
        // Hero on the button (small blind): the hero acts first, owing the rest of the BB.
        let (g, w) = ok(&game(&[pre("")]));
        assert!(w.is_empty(), "{w:#?}");
        let d = g.derived();
        assert_eq!((d.to_call, d.pot, d.min_raise), (10.0, 30.0, 20.0));
        assert!(d.hero_can_raise && !d.villain_acted_this_round);
        // No round element at all: the same state.
        let (g2, w2) = ok(&game(&[]));
        assert!(w2.is_empty());
        assert_eq!(g2.derived().to_call, 10.0);
        // Hero in the big blind: the villain should act first; tolerated with a warning.
        let xml = game_as(true, &[pre("")]);
        let (g, w) = ok(&xml);
        assert_eq!(w.len(), 1, "{w:#?}");
        assert_eq!(w[0].code, Code::BbFirst);
        assert_eq!(line(&xml, &w[0]), line_of(&xml, "", "<preflop>"));
        assert_eq!(g.derived().to_call, 0.0);
        assert!(!g.derived().hero_is_button);
    }

    #[test]
    fn big_blind_option_and_villain_acted() {
        // Villain limps from the button: the hero (big blind) has the option.
        let (g, w) = ok(&game_as(true, &[pre("V call 10")]));
        assert!(w.is_empty(), "{w:#?}");
        let d = g.derived();
        assert_eq!((d.to_call, d.pot), (0.0, 40.0));
        assert!(d.villain_acted_this_round);
        assert_eq!(k(&g, "villainCallTimes"), 1.0);
        // On the flop the villain's preflop actions do not count for this round.
        let (g, w) = ok(&game_as(true, &[pre("V call 10; H check"), flop("")]));
        assert!(w.is_empty(), "{w:#?}");
        assert!(!g.derived().villain_acted_this_round);
        assert_eq!(k(&g, "villainPreflopCallTimes"), 1.0);
        assert_eq!(k(&g, "villainCallTimes"), 0.0);
        assert_eq!(k(&g, "heroPreflopCheckTimes"), 1.0);
        // A villain check counts as acting.
        let (g, w) = ok(&game(&[pre("H call 10; V check"), flop("V check")]));
        assert!(w.is_empty(), "{w:#?}");
        assert!(g.derived().villain_acted_this_round);
        assert_eq!(k(&g, "villainCheckTimes"), 1.0);
        assert_eq!(k(&g, "villainPreflopCheckTimes"), 1.0);
    }

    #[test]
    fn empty_postflop_round_on_the_button_warns() {
        let xml = game(&[pre("H call 10; V check"), flop("")]);
        let (g, w) = ok(&xml);
        assert_eq!(w.len(), 1, "{w:#?}");
        assert_eq!(w[0].code, Code::ButtonFirst);
        assert_eq!(line(&xml, &w[0]), line_of(&xml, "", "<flop>"));
        assert_eq!(g.derived().pot, 40.0);
    }

    #[test]
    fn min_raise() {
        // Before any raise: the big blind.
        let (g, _) = ok(&game(&[pre("H call 10; V check"), flop("V bet 60")]));
        assert_eq!(g.derived().min_raise, 60.0);
        assert_eq!(g.derived().to_call, 60.0);
        let (g, _) = ok(&game(&[pre("H call 10; V check"), flop("V bet 10")]));
        assert_eq!(g.derived().min_raise, 20.0);
        // The last raise increment of this round, not of an earlier one.
        let (g, _) = ok(&game(&[pre("H raise 100; V call 100"), flop("V check")]));
        assert_eq!(g.derived().min_raise, 20.0);
        let (g, w) = ok(&game(&[pre("H raise 100; V raise 300")]));
        assert!(w.is_empty(), "{w:#?}");
        assert_eq!(g.derived().min_raise, 300.0);
        assert_eq!(g.derived().to_call, 300.0);
        assert_eq!(g.derived().pot, 120.0 + 420.0);
        assert_eq!(k(&g, "villainRaise"), 300.0);
        // Bet counts as a raise.
        let (g, _) = ok(&game(&[
            pre("H call 10; V check"),
            flop("V bet 20; H raise 40; V raise 40"),
        ]));
        assert_eq!(k(&g, "villainFlopRaiseTimes"), 2.0);
        assert_eq!(k(&g, "villainFlopRaise"), 60.0);
        assert_eq!(k(&g, "heroRaiseTimes"), 1.0);
    }

    #[test]
    fn small_raise_warns_unless_all_in() {
        let xml = game(&[pre("H raise 100; V raise 50")]);
        let (_, w) = ok(&xml);
        assert_eq!(w.len(), 1);
        assert_eq!(w[0].code, Code::SmallRaise);
        assert_eq!(line(&xml, &w[0]), line_of(&xml, "", "no=\"1\""));
        // A short all-in raise is legal: no warning.
        let xml = game(&[pre("H raise 1000; V raise 60")])
            .replace("<heroStack>1500", "<heroStack>2000")
            .replace("<villainStack>2500", "<villainStack>1080");
        let (g, w) = ok(&xml);
        assert!(w.is_empty(), "{w:#?}");
        assert_eq!(g.derived().villain_stack, 0.0);
        assert_eq!(g.derived().to_call, 60.0);
        assert!(!g.derived().hero_can_raise);
    }

    #[test]
    fn all_in_and_hero_can_raise() {
        // The villain shoves over the hero's stack: toCall is capped at the hero's chips.
        let (g, _) = ok(&game(&[pre("H call 10; V raise 2480")]));
        let d = g.derived();
        assert_eq!(d.villain_stack, 0.0);
        assert_eq!(d.hero_stack, 1480.0);
        assert_eq!(d.to_call, 1480.0);
        assert!(!d.hero_can_raise);
        assert_eq!(k(&g, "allIn"), 1480.0);
        assert_eq!(k(&g, "effectiveStack"), 0.0);
        // The hero could call but not raise: heroStack <= toCall.
        let (g, _) = ok(&game(&[pre("H call 10; V raise 1480")]));
        let d = g.derived();
        assert_eq!(
            (d.hero_stack, d.to_call, d.villain_stack),
            (1480.0, 1480.0, 1000.0)
        );
        assert!(!d.hero_can_raise);
        let (g, _) = ok(&game(&[pre("H call 10; V raise 1479")]));
        assert!(g.derived().hero_can_raise);
    }

    #[test]
    fn all_in_call_for_less_is_not_a_mismatch() {
        // The villain's all-in call for less ends the betting: nothing left to decide.
        let xml = game(&[pre("H raise 1480; V call 480")])
            .replace("<villainStack>2500", "<villainStack>500");
        let d = one_error(&xml, Code::HandOver, "<preflop>", "no=\"1\"");
        assert!(d.message.contains("all in"), "{}", d.message);
    }

    // ---- one test per error kind ------------------------------------------------------

    #[test]
    fn error_card_twice() {
        let xml = game(&[pre("H call 10; V check"), round("flop", "Qs Jh 8c", "")]);
        let d = one_error(&xml, Code::CardTwice, "<flop>", "rank=\"J\"");
        assert!(d.message.contains("Jh"), "{}", d.message);
        assert_eq!(d.related.len(), 1);
        assert_eq!(
            SourceFile::new("g", xml.as_str())
                .line_col(d.related[0].0.start)
                .0,
            line_of(&xml, "<heroCards>", "rank=\"J\"")
        );
        // Twice on the board, and twice in the hand.
        let xml = game(&[
            pre("H call 10; V check"),
            flop("V check; H check"),
            round("turn", "Tc", ""),
        ]);
        one_error(&xml, Code::CardTwice, "<turn>", "<card ");
        let xml = game(&[]).replace("rank=\"3\" color=\"Clubs\"", "rank=\"j\" color=\"h\"");
        one_error(&xml, Code::CardTwice, "<heroCards>", "rank=\"j\"");
    }

    #[test]
    fn error_wrong_card_count() {
        let xml = game(&[pre("H call 10; V check"), round("flop", "Qs Tc", "")]);
        let d = one_error(&xml, Code::WrongCardCount, "", "<flop>");
        assert!(d.message.contains("3 board cards, but 2"), "{}", d.message);
        let xml = game(&[
            pre("H call 10; V check"),
            flop("V check; H check"),
            round("turn", "2d 3d", ""),
        ]);
        one_error(&xml, Code::WrongCardCount, "", "<turn>");
        let xml = game(&[round("preflop", "2d", "")]);
        one_error(&xml, Code::WrongCardCount, "", "<preflop>");
    }

    #[test]
    fn error_round_order() {
        let xml = game(&[pre("H call 10; V check"), turn("")]);
        let d = one_error(&xml, Code::RoundOrder, "", "<turn>");
        assert!(d.message.contains("<flop> is missing"), "{}", d.message);
        let xml = game(&[
            pre("H call 10; V check"),
            flop("V check; H check"),
            round("flop", "2d 3d 4d", ""),
        ]);
        let errs = errors(&xml);
        assert_eq!(
            errs.iter().filter(|d| d.code == Code::RoundOrder).count(),
            1,
            "{errs:#?}"
        );
        let xml = game(&[flop("")]);
        let d = one_error(&xml, Code::RoundOrder, "", "<flop>");
        assert!(d.message.contains("without a <preflop>"), "{}", d.message);
    }

    #[test]
    fn error_round_unfinished() {
        // The big blind has not used its option.
        let xml = game(&[pre("H call 10"), flop("")]);
        let d = one_error(&xml, Code::RoundUnfinished, "", "<flop>");
        assert!(d.message.contains("Villain has not acted"), "{}", d.message);
        // A bet not answered.
        let xml = game(&[pre("H call 10; V check"), flop("V bet 20"), turn("")]);
        let d = one_error(&xml, Code::RoundUnfinished, "", "<turn>");
        assert!(d.message.contains("Hero still owes 20"), "{}", d.message);
    }

    #[test]
    fn error_duplicate_no() {
        let xml = game(&[pre("H call 10; V check")]).replace(
            "no=\"1\" player=\"Villain\" act=\"check\"",
            "no=\"0\" player=\"Villain\" act=\"check\"",
        );
        let errs = errors(&xml);
        let d = errs
            .iter()
            .find(|d| d.code == Code::DuplicateNo)
            .expect("a duplicate-no error");
        assert_eq!(line(&xml, d), line_of(&xml, "", "act=\"check\""));
        assert!(d.message.contains("no=0"));
    }

    #[test]
    fn error_acted_twice() {
        let xml = game(&[pre("H call 10; V check"), flop("V check; V bet 20")]);
        let d = one_error(&xml, Code::ActedTwice, "<flop>", "no=\"1\"");
        assert!(d.message.contains("Villain acts twice"), "{}", d.message);
    }

    #[test]
    fn error_check_owed() {
        let xml = game(&[pre("H check")]);
        let d = one_error(&xml, Code::CheckOwed, "<preflop>", "no=\"0\"");
        assert!(d.message.contains("owes 10"), "{}", d.message);
    }

    #[test]
    fn error_call_mismatch() {
        let xml = game(&[pre("H call 20")]);
        let d = one_error(&xml, Code::CallMismatch, "<preflop>", "no=\"0\"");
        assert!(d.message.contains("owes 10"), "{}", d.message);
    }

    #[test]
    fn error_over_stack() {
        let xml = game(&[pre("H raise 1500")]);
        let d = one_error(&xml, Code::OverStack, "<preflop>", "no=\"0\"");
        assert!(d.message.contains("only 1490 behind"), "{}", d.message);
        let xml = game(&[]).replace("<heroStack>1500", "<heroStack>5");
        one_error(&xml, Code::OverStack, "<posts>", "player=\"Hero\"");
    }

    #[test]
    fn error_bad_amount() {
        let xml = game(&[pre("H call -10")]);
        let errs = errors(&xml);
        assert_eq!(errs[0].code, Code::BadAmount, "{errs:#?}");
        assert_eq!(line(&xml, &errs[0]), line_of(&xml, "<preflop>", "no=\"0\""));
        let xml = game(&[pre("H call ten")]);
        let d = one_error(&xml, Code::BadAmount, "<preflop>", "no=\"0\"");
        assert_eq!(&xml[d.span.clone().unwrap()], "ten");
        let xml = game(&[pre("H call 10; V check 5")]);
        one_error(&xml, Code::BadAmount, "<preflop>", "no=\"1\"");
    }

    #[test]
    fn error_hand_over() {
        // A fold ends the hand.
        let xml = game(&[pre("H raise 40; V fold")]);
        let d = one_error(&xml, Code::HandOver, "<preflop>", "no=\"1\"");
        assert!(d.message.contains("Villain folded"), "{}", d.message);
        // An action after a fold.
        let xml = game(&[pre("H fold; V check")]);
        one_error(&xml, Code::HandOver, "<preflop>", "no=\"1\"");
        // A round after a fold.
        let xml = game(&[pre("H call 10; V raise 20; H fold"), flop("")]);
        one_error(&xml, Code::HandOver, "", "<flop>");
        // The river betting is over.
        let xml = game(&[
            pre("H call 10; V check"),
            flop("V check; H check"),
            turn("V check; H check"),
            round("river", "5d", "V check; H check"),
        ]);
        let d = one_error(&xml, Code::HandOver, "<river>", "no=\"1\"");
        assert!(d.message.contains("showdown"), "{}", d.message);
        // All in and called: nothing left to decide on later streets.
        let xml = game(&[pre("H raise 1480; V call 1480"), flop("")]);
        one_error(&xml, Code::HandOver, "", "<flop>");
        let xml = game(&[pre("H raise 1480; V call 1480"), flop("V check")]);
        one_error(&xml, Code::HandOver, "<flop>", "no=\"0\"");
    }

    #[test]
    fn error_round_finished() {
        let xml = game(&[pre("H call 10; V check")]);
        let d = one_error(&xml, Code::RoundFinished, "<preflop>", "no=\"1\"");
        assert!(d.message.contains("flop is dealt"), "{}", d.message);
        let xml = game(&[pre("H call 10; V check; H check")]);
        one_error(&xml, Code::RoundFinished, "<preflop>", "no=\"2\"");
    }

    #[test]
    fn error_not_hero_turn() {
        let xml = game(&[pre("H call 10; V check"), flop("V check; H bet 20")]);
        let d = one_error(&xml, Code::NotHeroTurn, "<flop>", "no=\"1\"");
        assert!(d.message.contains("villain's turn"), "{}", d.message);
    }

    #[test]
    fn error_cannot_raise_against_all_in() {
        let xml = game(&[pre("H raise 2000; V raise 480; H raise 100")])
            .replace("<heroStack>1500", "<heroStack>5000");
        one_error(&xml, Code::CannotRaise, "<preflop>", "no=\"2\"");
    }

    #[test]
    fn error_bad_post() {
        let xml = game(&[]).replace(">BB</post>", ">SB</post>");
        one_error(&xml, Code::BadPost, "", "player=\"Villain\"");
        let xml = game(&[]).replace("amount=\"20\">BB", "amount=\"30\">BB");
        let d = one_error(&xml, Code::BadPost, "", "player=\"Villain\"");
        assert!(d.message.contains("<BB> is 20"), "{}", d.message);
        let xml = game(&[]).replace("player=\"Villain\" amount", "player=\"Hero\" amount");
        one_error(&xml, Code::BadPost, "", "amount=\"20\"");
    }

    #[test]
    fn error_bad_number_range() {
        let xml = game(&[]).replace("<BB>20</BB>", "<BB>0</BB>");
        one_error(&xml, Code::BadNumber, "", "<BB>");
        let xml = game(&[]).replace("<villainStack>2500", "<villainStack>-1");
        one_error(&xml, Code::BadNumber, "", "<villainStack>");
    }

    #[test]
    fn several_errors_are_all_reported() {
        let xml = game(&[pre("H call 20; H check; V raise 9999")]);
        let codes: Vec<_> = errors(&xml).iter().map(|d| d.code).collect();
        assert_eq!(
            codes,
            [Code::CallMismatch, Code::ActedTwice, Code::OverStack]
        );
    }

    // ---- records built in code (the dealer's way in) -----------------------------------

    fn card(s: &str) -> crate::cards::Card {
        s.parse().unwrap()
    }
    fn action(no: i64, player: Player, act: Act, amount: f64) -> ActionRecord {
        ActionRecord {
            no,
            player,
            act,
            amount,
            span: None,
        }
    }
    pub(crate) fn record() -> GameRecord {
        GameRecord {
            bb: 2.0,
            sb: 1.0,
            hero_stack: 200.0,
            villain_stack: 200.0,
            hero_cards: [card("As"), card("Kd")],
            extras: vec![],
            posts: vec![
                Post {
                    player: Player::Villain,
                    amount: 1.0,
                    blind: "SB".into(),
                    span: None,
                },
                Post {
                    player: Player::Hero,
                    amount: 2.0,
                    blind: "BB".into(),
                    span: None,
                },
            ],
            rounds: vec![Round {
                phase: Phase::Preflop,
                cards: vec![],
                actions: vec![action(0, Player::Villain, Act::Raise, 4.0)],
                span: None,
            }],
        }
    }

    #[test]
    fn from_record_valid() {
        let (g, w) = GameState::from_record(record()).unwrap();
        assert!(w.is_empty());
        let d = g.derived();
        assert_eq!((d.pot, d.to_call, d.min_raise), (8.0, 4.0, 4.0));
        assert_eq!((d.hero_stack, d.villain_stack), (198.0, 194.0));
        assert!(d.villain_acted_this_round && !d.hero_is_button);
        // A♠K♦ is the class AKo.
        assert_eq!(g.constant(&c("handRank2652")), Some(136.0));
        let aa = HoleClass::parse("AA").unwrap().handrank169() as f64;
        let ako = HoleClass::parse("AKo").unwrap().handrank169() as f64;
        assert_eq!(g.constant(&c("handRank169")), Some(ako));
        assert!(aa < ako);
        // The flop, hero first (big blind), actions given out of order.
        let mut r = record();
        r.rounds[0]
            .actions
            .push(action(1, Player::Hero, Act::Call, 4.0));
        r.rounds.push(Round {
            phase: Phase::Flop,
            cards: vec![card("2c"), card("7h"), card("Ks")],
            actions: vec![
                action(1, Player::Villain, Act::Bet, 6.0),
                action(0, Player::Hero, Act::Check, 0.0),
            ],
            span: None,
        });
        let (g, w) = GameState::from_record(r).unwrap();
        assert!(w.is_empty(), "{w:#?}");
        assert_eq!((g.derived().pot, g.derived().to_call), (18.0, 6.0));
        assert_eq!(g.phase(), Phase::Flop);
        assert!(g.xml().contains("<flop>"));
    }

    #[test]
    fn from_record_invalid() {
        let mut r = record();
        r.rounds[0]
            .actions
            .push(action(1, Player::Hero, Act::Fold, 0.0));
        let e = GameState::from_record(r).unwrap_err();
        assert_eq!(e.diagnostics[0].code, Code::HandOver);
        assert_eq!(e.diagnostics[0].span, None);

        let mut r = record();
        r.hero_cards[1] = r.hero_cards[0];
        let e = GameState::from_record(r).unwrap_err();
        assert_eq!(e.diagnostics[0].code, Code::CardTwice);

        let mut r = record();
        r.rounds[0].actions[0].amount = f64::NAN;
        let e = GameState::from_record(r).unwrap_err();
        assert_eq!(e.diagnostics[0].code, Code::BadAmount);

        let mut r = record();
        r.posts.pop();
        let e = GameState::from_record(r).unwrap_err();
        assert_eq!(e.diagnostics[0].code, Code::BadPost);

        let mut r = record();
        r.rounds[0].actions[0].player = Player::Hero;
        let e = GameState::from_record(r).unwrap_err();
        assert_eq!(e.diagnostics[0].code, Code::NotHeroTurn);
    }
}
