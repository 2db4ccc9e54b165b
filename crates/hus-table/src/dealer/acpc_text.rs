//! A hand in the text of the Annual Computer Poker Competition's protocol (version 2.0.0),
//! written by the dealer side from its own records: the `MATCHSTATE` lines an ACPC program is
//! sent (reference §13) and the `STATE` lines of a match log.
//!
//! Positions are the protocol's for reverse-blind heads-up: position 0 is the big blind,
//! position 1 the button (small blind), who acts first before the flop. A raise is written
//! as the total the raiser has put in during the hand (`r<to>`); a check and a call are both
//! `c`.

use crate::cards::Card;
use crate::game::{Act, Chips, GameRecord, Player};

use crate::play::Deal;

/// The protocol position of a dealer seat (0 = the button): the big blind is position 0.
pub fn position_of_seat(seat: usize) -> usize {
    1 - seat
}

/// The acts of a record, round by round, in the protocol's text: `f`, `c` or `r<to>`.
/// The record may be either seat's: the acts are the same.
pub fn acts(record: &GameRecord) -> Vec<Vec<String>> {
    let idx = |p: Player| (p == Player::Villain) as usize;
    let mut spent = [Chips::ZERO; 2];
    for post in &record.posts {
        spent[idx(post.player)] += post.amount;
    }
    let mut out = Vec::with_capacity(record.rounds.len());
    for round in &record.rounds {
        let mut acts = Vec::with_capacity(round.actions.len());
        for a in &round.actions {
            let p = idx(a.player);
            let high = spent[0].max(spent[1]);
            acts.push(match a.act {
                Act::Fold => "f".to_string(),
                Act::Check | Act::Call => {
                    spent[p] = high;
                    "c".to_string()
                }
                Act::Raise | Act::Bet => {
                    spent[p] = high + a.amount;
                    format!("r{}", spent[p].0)
                }
            });
        }
        out.push(acts);
    }
    out
}

/// One view of a hand: what a `MATCHSTATE` line (or a log's `STATE` line) holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub hand: u64,
    /// The acts of each round reached, in the protocol's text.
    pub rounds: Vec<Vec<String>>,
    /// Each position's hole cards, when shown.
    pub hole: [Option<[Card; 2]>; 2],
    /// The board cards of each round after the first.
    pub board: Vec<Vec<Card>>,
}

impl View {
    /// `<hand>:<betting>:<cards>`, the part common to `MATCHSTATE` and `STATE` lines.
    pub fn text(&self) -> String {
        let betting: Vec<String> = self.rounds.iter().map(|r| r.concat()).collect();
        let cards = |c: &[Card]| c.iter().map(Card::to_string).collect::<String>();
        let hole = self
            .hole
            .map(|h| h.map_or(String::new(), |h| cards(&h)))
            .join("|");
        let mut s = format!("{}:{}:{hole}", self.hand, betting.join("/"));
        for b in &self.board {
            s.push('/');
            s.push_str(&cards(b));
        }
        s
    }

    /// The `MATCHSTATE` line sent to `position` (without the line end).
    pub fn matchstate(&self, position: usize) -> String {
        format!("MATCHSTATE:{position}:{}", self.text())
    }
}

/// The board cards of rounds 2 to `rounds`: the record's, then (for rounds it never
/// reached, dealt out to an all-in) the deal's.
fn board_of(record: &GameRecord, deal: Option<&Deal>, rounds: usize) -> Vec<Vec<Card>> {
    (1..rounds)
        .map(|r| match (record.rounds.get(r), deal) {
            (Some(round), _) => round.cards.clone(),
            (None, Some(d)) => [&d.board[0..3], &d.board[3..4], &d.board[4..5]][r - 1].to_vec(),
            (None, None) => Vec::new(),
        })
        .collect()
}

/// The hole cards by position: `seat`'s own (from its record), and the other's when shown.
fn hole_of(record: &GameRecord, other: Option<[Card; 2]>, seat: usize) -> [Option<[Card; 2]>; 2] {
    let mut hole = [None, None];
    hole[position_of_seat(seat)] = Some(record.hero_cards);
    hole[position_of_seat(1 - seat)] = other;
    hole
}

/// Every state of the hand so far as seat `seat` sees it: before any act, then after each
/// act (an act that closes a round shows the next round when the record has it), the last
/// being the state now. `hand` is the protocol's hand number.
pub fn states_so_far(record: &GameRecord, seat: usize, hand: u64) -> Vec<View> {
    let acts = acts(record);
    let hole = hole_of(record, None, seat);
    let view = |rounds: Vec<Vec<String>>| View {
        hand,
        board: board_of(record, None, rounds.len()),
        rounds,
        hole,
    };
    let mut out = vec![view(vec![Vec::new()])];
    for (r, round) in acts.iter().enumerate() {
        for k in 0..round.len() {
            let mut rounds = acts[..r].to_vec();
            rounds.push(round[..=k].to_vec());
            if k + 1 == round.len() && r + 1 < acts.len() {
                rounds.push(Vec::new());
            }
            out.push(view(rounds));
        }
    }
    out
}

/// The final state of a finished hand for seat `seat` (or, with `all_cards`, the log's view
/// with both hands): both hands are shown at a showdown, and a hand whose betting ended all
/// in before the river shows every round and the whole board, as the dealer deals it out.
pub fn final_state(
    record: &GameRecord,
    deal: &Deal,
    seat: usize,
    hand: u64,
    showdown: bool,
    all_cards: bool,
) -> View {
    let mut rounds = acts(record);
    if showdown {
        rounds.resize(4, Vec::new());
    }
    View {
        hand,
        board: board_of(record, Some(deal), rounds.len()),
        hole: hole_of(
            record,
            (showdown || all_cards).then_some(deal.hole[1 - seat]),
            seat,
        ),
        rounds,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{ActionRecord, Phase, Post, Round};

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    fn deal() -> Deal {
        Deal {
            hole: [[card("Ah"), card("Kh")], [card("Qd"), card("Qc")]],
            board: ["2c", "3d", "4h", "5s", "6d"].map(card),
        }
    }

    /// The button's record: it raises to 300, the big blind calls, then bets 400 on the flop
    /// and the button goes all in.
    fn record() -> GameRecord {
        let act = |no, player, act, amount| ActionRecord {
            no,
            player,
            act,
            amount,
            span: None,
        };
        let post = |player, amount: i64, blind: &str| Post {
            player,
            amount: Chips(amount),
            blind: blind.into(),
            span: None,
        };
        GameRecord {
            bb: Chips(100),
            sb: Chips(50),
            unit: crate::game::Unit::WHOLE,
            chip: None,
            hero_stack: Chips(10_000),
            villain_stack: Chips(10_000),
            hero_cards: deal().hole[0],
            extras: Vec::new(),
            posts: vec![
                post(Player::Hero, 50, "SB"),
                post(Player::Villain, 100, "BB"),
            ],
            rounds: vec![
                Round {
                    phase: Phase::Preflop,
                    cards: vec![],
                    actions: vec![
                        act(0, Player::Hero, Act::Raise, Chips(200)),
                        act(1, Player::Villain, Act::Call, Chips(200)),
                    ],
                    span: None,
                },
                Round {
                    phase: Phase::Flop,
                    cards: deal().board[..3].to_vec(),
                    actions: vec![
                        act(0, Player::Villain, Act::Bet, Chips(400)),
                        act(1, Player::Hero, Act::Raise, Chips(9300)),
                        act(2, Player::Villain, Act::Call, Chips(9300)),
                    ],
                    span: None,
                },
            ],
            stats: None,
        }
    }

    #[test]
    fn raises_are_written_as_the_total_put_in_during_the_hand() {
        assert_eq!(
            acts(&record()),
            [vec!["r300", "c"], vec!["r700", "r10000", "c"]]
        );
    }

    #[test]
    fn every_state_so_far_is_sent_and_a_closing_call_shows_the_next_round() {
        let mut r = record();
        r.rounds[1].actions.truncate(1);
        let lines: Vec<String> = states_so_far(&r, 0, 7)
            .iter()
            .map(|v| v.matchstate(1))
            .collect();
        assert_eq!(
            lines,
            [
                "MATCHSTATE:1:7::|AhKh",
                "MATCHSTATE:1:7:r300:|AhKh",
                "MATCHSTATE:1:7:r300c/:|AhKh/2c3d4h",
                "MATCHSTATE:1:7:r300c/r700:|AhKh/2c3d4h",
            ]
        );
    }

    #[test]
    fn an_all_in_before_the_river_is_dealt_out_in_the_final_state() {
        let v = final_state(&record(), &deal(), 0, 7, true, false);
        assert_eq!(
            v.matchstate(1),
            "MATCHSTATE:1:7:r300c/r700r10000c//:QdQc|AhKh/2c3d4h/5s/6d"
        );
    }

    #[test]
    fn a_fold_shows_only_the_seat_s_own_cards_but_the_log_shows_both() {
        let mut r = record();
        r.rounds[1].actions[2].act = Act::Fold;
        r.rounds[1].actions[2].amount = Chips(0);
        let seen = final_state(&r, &deal(), 0, 3, false, false);
        assert_eq!(seen.text(), "3:r300c/r700r10000f:|AhKh/2c3d4h");
        let logged = final_state(&r, &deal(), 0, 3, false, true);
        assert_eq!(logged.text(), "3:r300c/r700r10000f:QdQc|AhKh/2c3d4h");
    }
}
