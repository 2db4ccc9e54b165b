//! The page's situation builder: blinds, stacks, hole cards and the hand street by street,
//! replayed through the betting machine ([`Betting`]) so that the page offers only the acts
//! the rules allow, and written as game-state XML from the point of view of the player to
//! act (the hero is whoever decides next). Amounts come in big blinds, so a bet follows a
//! change of the blinds, and go out in chips.

use serde::Deserialize;
use serde_json::{json, Value};

use hus_poker::cards::{Card, CardSet};
use hus_poker::game::betting::Betting;
use hus_poker::game::chips::{Chips, Unit};
use hus_poker::game::{Act, GameState, Phase, Play, Player};

/// The seats as the page names them: the button (it posts the small blind) and the big blind.
const SEATS: [&str; 2] = ["button", "bigBlind"];
/// The seats in a sentence.
const SEAT_WORDS: [&str; 2] = ["the button", "the big blind"];
/// The largest stack in chips (`hus match`'s limit).
const MAX_STACK_CHIPS: f64 = 2_147_483_647.0;

/// A situation as the page keeps it.
#[derive(Clone, Debug, Deserialize)]
pub struct Situation {
    /// The small blind, in chips.
    pub sb: f64,
    /// The big blind, in chips.
    pub bb: f64,
    /// The stacks at the start of the hand, in big blinds: `[button, big blind]`.
    pub stacks: [f64; 2],
    /// Each seat's hole cards picked so far (`"As"`): `[button, big blind]`.
    #[serde(default)]
    pub hole: [Vec<String>; 2],
    /// The streets dealt, the preflop first: each with its board cards and acts in order.
    pub streets: Vec<Street>,
}

/// One street: the board cards dealt on it (none before the flop) and its acts.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct Street {
    #[serde(default)]
    pub cards: Vec<String>,
    #[serde(default)]
    pub acts: Vec<PageAct>,
}

/// One act as the page stores it (the JSON of a situation); who makes it is whoever is to act.
#[derive(Clone, Debug, Deserialize)]
pub struct PageAct {
    /// `fold`, `check`, `call`, `bet` or `raise` (a bet and a raise are one move).
    pub act: String,
    /// A bet's or raise's total for the round (the player's chips in it), in big blinds.
    #[serde(default)]
    pub to: Option<f64>,
}

/// What is wrong with a situation: a field (`sb`, `bb`, `stacks`, `cards`), or an act or a
/// deal (`street`, and `act` for an act) that the rules do not allow; what comes after it is
/// not replayed.
#[derive(Debug, Default)]
struct Problem {
    field: Option<&'static str>,
    street: Option<usize>,
    act: Option<usize>,
    message: String,
}

impl Problem {
    fn field(field: &'static str, message: String) -> Problem {
        Problem {
            field: Some(field),
            message,
            ..Problem::default()
        }
    }
    fn json(&self) -> Value {
        json!({ "field": self.field, "street": self.street, "act": self.act,
                "message": self.message })
    }
}

/// The situation replayed: who is to act, what they may do (`legal`, `toCall`, `minTo` and
/// `maxTo` in chips), the pot and stacks, whether the round or the hand is over, the street
/// that may be dealt next, and the XML `hus decide` reads (from the seat `hero`'s point of
/// view), or `note` saying why there is none. `error` is what stopped the replay, if anything.
pub fn situation(s: &Situation) -> Value {
    match replay(s) {
        Ok(r) => r.answer(s),
        Err(p) => json!({ "error": p.json(), "legal": [], "streets": [] }),
    }
}

/// The seat of a player of the betting machine, whose `Hero` is the button.
fn seat(p: Player) -> usize {
    match p {
        Player::Hero => 0,
        Player::Villain => 1,
    }
}

/// An amount in big blinds as chips, to a millionth of a chip (so `66.67 bb` typed as 2000
/// chips at a big blind of 30 is 2000 chips again).
fn chips(bb_amount: f64, bb: f64) -> f64 {
    (bb_amount * bb * 1e6).round() / 1e6
}

/// Chips as the betting machine counts them: millionths, the finest amount the page keeps.
fn units(chips: f64) -> Chips {
    Chips((chips * 1e6).round() as i64)
}

/// The unit the betting machine counts: a millionth of a chip.
const MILLIONTHS: Unit = Unit::MILLIONTH;

/// The betting machine's millionths as chips, for the page.
fn chips_of(c: Chips) -> f64 {
    MILLIONTHS.to_f64(c)
}

/// The board cards each street deals.
const DEALT: [usize; 4] = [0, 3, 1, 1];

/// A hand replayed up to its end or to its first problem.
struct Replay {
    betting: Betting,
    stacks: [f64; 2],
    hole: [Vec<Card>; 2],
    /// The board cards of the streets replayed.
    board: Vec<Card>,
    /// The acts replayed, by street, as the answer shows them.
    shown: Vec<(Vec<Card>, Vec<Value>)>,
    /// The acts replayed, as the game builder takes them.
    plays: Vec<(usize, Play)>,
    last_actor: Option<usize>,
    error: Option<Problem>,
}

fn replay(s: &Situation) -> Result<Replay, Problem> {
    check_fields(s)?;
    let (hole, streets) = read_cards(s)?;
    let stacks = s.stacks.map(|x| chips(x, s.bb));
    let mut r = Replay {
        betting: Betting::new(
            stacks.map(units),
            [units(s.sb), units(s.bb)],
            units(s.bb),
            Player::Hero,
        ),
        stacks,
        hole,
        board: Vec::new(),
        shown: Vec::new(),
        plays: Vec::new(),
        last_actor: None,
        error: None,
    };
    for (k, street) in s.streets.iter().enumerate() {
        if let Err(message) = r.deal(k, &streets[k]) {
            r.error = Some(Problem {
                street: Some(k),
                message,
                ..Problem::default()
            });
            break;
        }
        for (j, m) in street.acts.iter().enumerate() {
            let missing = DEALT[k] - streets[k].len();
            let played = if missing > 0 {
                let phase = Phase::ALL[k].xml_tag();
                Err(format!(
                    "an act on the {phase} before its cards are all picked ({missing} more)"
                ))
            } else {
                r.act(m, s.bb)
            };
            if let Err(message) = played {
                r.error = Some(Problem {
                    street: Some(k),
                    act: Some(j),
                    message,
                    ..Problem::default()
                });
                return Ok(r);
            }
        }
    }
    Ok(r)
}

/// The blinds and stacks: positive chips, the small blind at most the big blind, each stack
/// more than the big blind and at most `hus match`'s largest.
fn check_fields(s: &Situation) -> Result<(), Problem> {
    let positive = |x: f64| x.is_finite() && x > 0.0;
    if !positive(s.sb) || s.sb > MAX_STACK_CHIPS {
        return Err(Problem::field(
            "sb",
            format!(
                "the small blind ({}) is not a number of chips above 0",
                s.sb
            ),
        ));
    }
    if !positive(s.bb) || s.bb < s.sb || s.bb > MAX_STACK_CHIPS {
        return Err(Problem::field(
            "bb",
            format!(
                "the big blind ({}) is not a number of chips, at least the small blind ({})",
                s.bb, s.sb
            ),
        ));
    }
    for (i, &x) in s.stacks.iter().enumerate() {
        let c = chips(x, s.bb);
        if !(x.is_finite() && x > 1.0 && c <= MAX_STACK_CHIPS) {
            return Err(Problem::field(
                "stacks",
                format!(
                    "{}'s stack ({x} bb) is not more than the big blind and at most {MAX_STACK_CHIPS} chips",
                    SEAT_WORDS[i]
                ),
            ));
        }
    }
    if s.streets.len() > 4 {
        return Err(Problem::field("cards", "a hand has four streets".into()));
    }
    Ok(())
}

/// The hole cards and each street's board cards: cards, each used once, at most two a seat
/// and as many a street as it deals.
#[allow(clippy::type_complexity)]
fn read_cards(s: &Situation) -> Result<([Vec<Card>; 2], Vec<Vec<Card>>), Problem> {
    let mut used = CardSet::default();
    let mut read = |texts: &[String], most: usize, whose: &str| -> Result<Vec<Card>, Problem> {
        if texts.len() > most {
            let m = format!("{whose} has {} cards, at most {most}", texts.len());
            return Err(Problem::field("cards", m));
        }
        let mut out = Vec::new();
        for t in texts {
            let c: Card = t
                .parse()
                .map_err(|e| Problem::field("cards", format!("{whose}: {e}")))?;
            if used.contains(c) {
                return Err(Problem::field("cards", format!("{c} is picked twice")));
            }
            used.insert(c);
            out.push(c);
        }
        Ok(out)
    };
    let hole = [
        read(&s.hole[0], 2, SEAT_WORDS[0])?,
        read(&s.hole[1], 2, SEAT_WORDS[1])?,
    ];
    let streets = s
        .streets
        .iter()
        .enumerate()
        .map(|(k, st)| {
            read(
                &st.cards,
                DEALT[k],
                &format!("the {}", Phase::ALL[k].xml_tag()),
            )
        })
        .collect::<Result<_, _>>()?;
    Ok((hole, streets))
}

impl Replay {
    /// Opens street `k` with its cards: after the preflop only when the previous round's
    /// betting is closed, its cards all dealt, and more can be bet.
    fn deal(&mut self, k: usize, cards: &[Card]) -> Result<(), String> {
        let phase = Phase::ALL[k];
        if k > 0 {
            if let Some(why) = self.not_dealable() {
                return Err(format!("the {} is dealt while {why}", phase.xml_tag()));
            }
            let (before, _) = self.shown.last().expect("the preflop was replayed");
            if before.len() < DEALT[k - 1] {
                return Err(format!(
                    "the {} is dealt before the {}'s cards are all picked",
                    phase.xml_tag(),
                    Phase::ALL[k - 1].xml_tag()
                ));
            }
            // The previous round is closed and nobody folded: the machine opens it cleanly.
            let _ = self.betting.start_round(phase);
        }
        self.board.extend_from_slice(cards);
        self.shown.push((cards.to_vec(), Vec::new()));
        Ok(())
    }

    /// Why the next street cannot be dealt now, if it cannot.
    fn not_dealable(&self) -> Option<String> {
        let b = &self.betting;
        let phase = b.phase().xml_tag();
        if let Some(p) = b.to_act() {
            return Some(format!("{} is to act in the {phase}", SEAT_WORDS[seat(p)]));
        }
        self.why_over()
    }

    /// Why nothing more is bet in this hand, if it is over: a fold, a player all in, or
    /// the river's betting closed.
    fn why_over(&self) -> Option<String> {
        let b = &self.betting;
        if let Some(p) = b.folded() {
            return Some(format!("the hand is over: {} folded", SEAT_WORDS[seat(p)]));
        }
        if b.to_act().is_some() {
            return None;
        }
        if let Some(p) = [Player::Hero, Player::Villain]
            .into_iter()
            .find(|p| b.all_in(*p))
        {
            return Some(format!(
                "the hand is over: {} is all in and nothing more is bet",
                SEAT_WORDS[seat(p)]
            ));
        }
        (b.phase() == Phase::River)
            .then(|| "the hand is over: the river's betting is closed".to_string())
    }

    /// Plays `m` for the player to act, when the rules allow it.
    fn act(&mut self, m: &PageAct, bb: f64) -> Result<(), String> {
        let b = &self.betting;
        let Some(p) = b.to_act() else {
            return Err(self.why_over().unwrap_or_else(|| {
                let phase = b.phase();
                let next = phase.next().map_or("", |n| n.xml_tag());
                format!(
                    "the {}'s betting is closed: deal the {next}",
                    phase.xml_tag()
                )
            }));
        };
        let who = SEAT_WORDS[seat(p)];
        let legal = b.legal_acts(p);
        let high = b.round_in(p).max(b.round_in(p.other()));
        let owed = b.to_call(p);
        let (act, amount, play) = match m.act.as_str() {
            "fold" if legal.contains(&"fold") => (Act::Fold, Chips::ZERO, Play::Fold),
            "fold" => return Err(format!("{who} owes nothing: a fold is not offered (check)")),
            "check" if legal.contains(&"check") => (Act::Check, Chips::ZERO, Play::Check),
            "check" => {
                let owed = hus_poker::game::format_amount(chips_of(owed));
                return Err(format!("{who} owes {owed} chips: a check is not allowed"));
            }
            "call" if legal.contains(&"call") => (Act::Call, owed, Play::Call),
            "call" => return Err(format!("{who} owes nothing: there is nothing to call")),
            "bet" | "raise" => {
                let to = self.raise_to(p, m.to, bb)?;
                let (act, play) = if high > Chips::ZERO {
                    (Act::Raise, Play::RaiseTo(MILLIONTHS.decimal(to)))
                } else {
                    (Act::Bet, Play::BetTo(MILLIONTHS.decimal(to)))
                };
                (act, to - high, play)
            }
            other => {
                return Err(format!(
                    "`{other}` is no act: fold, check, call, bet or raise"
                ))
            }
        };
        let before = self.betting.round_in(p);
        match self.betting.apply(p, act, amount) {
            Ok(None) => {}
            Ok(Some(t)) => return Err(format!("{who}'s {} is irregular: {t:?}", act.xml_name())),
            Err(v) => return Err(format!("{who}'s {} is not allowed: {v:?}", act.xml_name())),
        }
        let after = self.betting.round_in(p);
        let to = matches!(act, Act::Bet | Act::Raise).then_some(chips_of(after));
        let (_, shown) = self.shown.last_mut().expect("a street is open");
        shown.push(
            json!({ "seat": SEATS[seat(p)], "act": act.xml_name(), "to": to,
                           "adds": chips_of(after - before) }),
        );
        self.plays.push((seat(p), play));
        self.last_actor = Some(seat(p));
        Ok(())
    }

    /// A bet's or raise's total in chips, when it is one the player may make now: from the
    /// minimum raise (or all in, when that is less) to all in.
    fn raise_to(&self, p: Player, to_bb: Option<f64>, bb: f64) -> Result<Chips, String> {
        let who = SEAT_WORDS[seat(p)];
        let Some((min, max)) = self.betting.raise_to_bounds(p) else {
            return Err(if self.betting.all_in(p.other()) {
                format!("{who} cannot raise: {} is all in", SEAT_WORDS[1 - seat(p)])
            } else {
                format!("{who} cannot raise: the call takes every chip {who} has")
            });
        };
        let Some(to) = to_bb.filter(|x| x.is_finite()).map(|x| units(chips(x, bb))) else {
            return Err("a bet or raise needs the total it comes to".into());
        };
        if to < min || to > max {
            let fmt = |c: Chips| hus_poker::game::format_amount(chips_of(c));
            return Err(format!(
                "a raise to {} chips is not allowed: from {} (the minimum raise) to {} (all in)",
                fmt(to),
                fmt(min),
                fmt(max)
            ));
        }
        Ok(to)
    }

    /// The answer object of [`situation`].
    fn answer(&self, s: &Situation) -> Value {
        let b = &self.betting;
        let to_act = b.to_act();
        let over = self.why_over();
        let round_closed = to_act.is_none() && b.folded().is_none();
        let street = self.shown.len().max(1) - 1;
        let missing = DEALT[street] - self.shown.last().map_or(0, |(c, _)| c.len());
        let deal = (round_closed && over.is_none() && missing == 0 && self.error.is_none())
            .then(|| Phase::ALL[street].next().map(Phase::xml_tag))
            .flatten();
        let (legal, to_call, bounds) = match to_act {
            Some(p) if missing == 0 => {
                let aggressive = if b.round_in(p).max(b.round_in(p.other())) > Chips::ZERO {
                    "raise"
                } else {
                    "bet"
                };
                let legal: Vec<&str> = b
                    .legal_acts(p)
                    .iter()
                    .map(|a| if *a == "raise" { aggressive } else { a })
                    .collect();
                (legal, b.to_call(p), b.raise_to_bounds(p))
            }
            _ => (Vec::new(), Chips::ZERO, None),
        };
        let (hero, xml, note) = self.xml(s, to_act, missing);
        let streets: Vec<Value> = self
            .shown
            .iter()
            .enumerate()
            .map(|(k, (cards, acts))| {
                let cards: Vec<String> = cards.iter().map(Card::to_string).collect();
                json!({ "name": Phase::ALL[k].xml_tag(), "cards": cards, "acts": acts })
            })
            .collect();
        let [hs, vs] = [Player::Hero, Player::Villain];
        json!({
            "error": self.error.as_ref().map(Problem::json),
            "street": Phase::ALL[street].xml_tag(),
            "streets": streets,
            "missing": missing,
            "pot": chips_of(b.pot()),
            "stacks": [chips_of(b.behind(hs)), chips_of(b.behind(vs))],
            "inRound": [chips_of(b.round_in(hs)), chips_of(b.round_in(vs))],
            "toAct": to_act.map(|p| SEATS[seat(p)]),
            "legal": legal,
            "toCall": chips_of(to_call),
            "minTo": bounds.map(|(min, _)| chips_of(min)),
            "maxTo": bounds.map(|(_, max)| chips_of(max)),
            "roundClosed": round_closed,
            "handOver": over.is_some(),
            "over": over,
            "deal": deal,
            "hero": hero.map(|h| SEATS[h]),
            "xml": xml,
            "note": note,
        })
    }

    /// The game-state XML from the point of view of the player to act (when nobody is, of
    /// the last player who acted): that seat is its hero. `None`, with the reason, when a
    /// street's cards or the hero's are not all picked.
    fn xml(
        &self,
        s: &Situation,
        to_act: Option<Player>,
        missing: usize,
    ) -> (Option<usize>, Option<String>, Option<String>) {
        let h = to_act.map(seat).or(self.last_actor).unwrap_or(0);
        if missing > 0 {
            let street = Phase::ALL[self.shown.len() - 1].xml_tag();
            let note = format!("pick the {street}'s cards ({missing} more) for the game state");
            return (Some(h), None, Some(note));
        }
        if self.hole[h].len() < 2 {
            let note = format!(
                "pick {}'s two cards: the game state is written for the player to act",
                SEAT_WORDS[h]
            );
            return (Some(h), None, Some(note));
        }
        let me = |seat: usize| {
            if seat == h {
                Player::Hero
            } else {
                Player::Villain
            }
        };
        let text = |cards: &[Card]| cards.iter().map(Card::to_string).collect::<String>();
        let mut g = GameState::builder(s.sb, s.bb)
            .stacks(self.stacks[h], self.stacks[1 - h])
            .button(me(0))
            .hero_cards(&text(&self.hole[h]))
            .board(&text(&self.board));
        for &(seat, play) in &self.plays {
            g = g.play(me(seat), play);
        }
        match g.record() {
            Ok(record) => (Some(h), Some(hus_poker::game::xml::write(&record)), None),
            Err(e) => (Some(h), None, Some(e.to_string())),
        }
    }
}

#[cfg(test)]
mod tests;
