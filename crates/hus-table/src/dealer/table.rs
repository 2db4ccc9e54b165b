//! A table you can step: heads-up hands dealt with `hus match`'s rules and seeds, where the
//! caller acts for both seats one act at a time (an embedder's own bots, a human, a search).
//! It drives the same `HandInPlay` as the dealer's one-call path, so a hand stepped here
//! with the decisions a match would take is that match's hand, chip for chip.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::hand::{HandBuffers, HandInPlay, HandSetup, Stakes};
use super::{deal_on, stats::BotStats, ChaCha8Stream, Deal, MatchError};
use crate::game::opponent::HandMemo;
use crate::game::{Action, Ending, GameState, Intent, OpponentStats};
use crate::play::seeds::seeds_on;

/// How a [`Table`] deals: `hus match`'s seed, stakes, duplicate dealing and `<init>` values.
#[derive(Clone, Debug)]
pub struct TableOptions {
    pub seed: u64,
    pub stakes: Stakes,
    /// Each deal is dealt twice with the players' seats swapped (hands 2k+1 and 2k+2).
    pub duplicate: bool,
    /// `<init>` constants of every game state.
    pub init: Vec<(String, f64)>,
    /// Give every game state each player's statistics of the other (reference §12.7), kept
    /// from hand to hand as a match keeps them for bots that read them.
    pub stats: bool,
}

impl TableOptions {
    /// `hus match`'s defaults: blinds 50/100, stacks of 10,000, not duplicate.
    pub fn new(seed: u64) -> TableOptions {
        TableOptions {
            seed,
            stakes: super::MatchConfig::new(0, seed).stakes,
            duplicate: false,
            init: Vec::new(),
            stats: false,
        }
    }
}

/// How one hand ended, for players A (index 0) and B (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandResult {
    /// The hand's number, from 1.
    pub hand: u64,
    /// The player on the button (0 = A, 1 = B): A in odd hands, B in even ones.
    pub button: usize,
    /// Chips won (positive) or lost; the two sum to 0.
    pub net: [i64; 2],
    pub showdown: bool,
}

/// What an act did: the move played (the one asked, made legal as the dealer makes every
/// move legal) and, when it ended the hand, the hand's result (the table then deals the next).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Acted {
    pub played: Action,
    pub ended: Option<HandResult>,
}

/// Heads-up hands dealt one after the other, each waiting for the caller's acts. Hand `h`
/// (from 1) is dealt as `hus match` deals it with the same seed: the deck of
/// [`super::deal_for`]`(seed, key)`, A on the button in odd hands, and the decision seeds a
/// match would give each decision ([`Table::decision_seed`]).
pub struct Table {
    options: TableOptions,
    key_of_seed: [u8; 32],
    /// The hand in play, counted from 0.
    index: u64,
    deal: Deal,
    seeds: ChaCha8Stream,
    decision_seed: u64,
    buffers: HandBuffers,
    play: HandInPlay,
    /// Indexed by player: what each has seen of the other (with [`TableOptions::stats`]).
    opponents: Option<[OpponentStats; 2]>,
    /// With `opponents`: both HUDs counted from one walk of the button's record, as in
    /// `hus match`.
    hud_memo: Option<HandMemo>,
    /// Showdowns counted by the settlement (not shown).
    showdowns: [BotStats; 2],
}

impl Table {
    /// A table with its first hand dealt. Refuses the stakes `hus match` refuses, and a small
    /// blind as large as the stack (nobody could ever act).
    pub fn new(options: TableOptions) -> Result<Table, MatchError> {
        Table::starting_at(options, 0)
    }

    /// A table whose first hand is hand `index + 1` of the match (a chunk of a longer run,
    /// dealt as the match deals it); statistics of the opponent start empty there.
    pub fn starting_at(options: TableOptions, index: u64) -> Result<Table, MatchError> {
        super::check_stakes(options.stakes)?;
        if options.stakes.sb >= options.stakes.stack {
            return Err(MatchError::Config(format!(
                "the small blind must be below the stack, or nobody ever acts (got {}, stack {})",
                options.stakes.sb, options.stakes.stack
            )));
        }
        let key_of_seed = ChaCha8Rng::seed_from_u64(options.seed).get_seed();
        let opponents = options.stats.then(Default::default);
        let hud_memo = options.stats.then(HandMemo::default);
        let mut buffers = HandBuffers::default();
        let key = if options.duplicate { index / 2 } else { index };
        let deal = deal_on(&key_of_seed, key);
        let mut seeds = seeds_on(&key_of_seed, key);
        let setup = setup_of(&options, &deal, index, opponents);
        let play = HandInPlay::start(&setup, &mut buffers)?;
        let decision_seed = seeds.next_u64();
        Ok(Table {
            options,
            key_of_seed,
            index,
            deal,
            seeds,
            decision_seed,
            buffers,
            play,
            opponents,
            hud_memo,
            showdowns: Default::default(),
        })
    }

    /// The options the table deals with.
    pub fn options(&self) -> &TableOptions {
        &self.options
    }

    /// The hand in play's number, from 1.
    pub fn hand(&self) -> u64 {
        self.index + 1
    }

    /// The player (0 = A, 1 = B) on the button in the hand in play.
    pub fn button(&self) -> usize {
        (self.index % 2) as usize
    }

    /// The cards of the hand in play: `hole[0]` the button's, `hole[1]` the big blind's.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The player (0 = A, 1 = B) whose turn it is.
    pub fn to_act(&self) -> usize {
        let seat = self.seat();
        if seat == 0 {
            self.button()
        } else {
            1 - self.button()
        }
    }

    /// The seat to act: 0 = the button. A hand in play always has one (a finished hand is
    /// replaced by the next at once).
    fn seat(&self) -> usize {
        self.play.to_act().unwrap_or(0)
    }

    /// The seed `hus match` gives the decision to take now (a bot deciding with it decides
    /// as it would in the match).
    pub fn decision_seed(&self) -> u64 {
        self.decision_seed
    }

    /// The game state of the player to act, as the dealer gives it to a bot: that player is
    /// Hero.
    pub fn state(&mut self) -> Result<&GameState, MatchError> {
        let (hand, decision) = (self.hand(), self.play.acts());
        let seat = self.seat();
        match self.buffers.decide(seat) {
            Ok(_) => {}
            Err(e) => {
                return Err(MatchError::InvalidState {
                    hand,
                    decision,
                    xml: crate::game::xml::write(self.buffers.record(seat)),
                    diagnostics: e.diagnostics,
                })
            }
        }
        // Decided above: the state is up to date.
        Ok(self.buffers.state(seat))
    }

    /// The record of player `player` (0 = A, 1 = B) in the hand in play, from its seat (it
    /// is Hero), as the dealer keeps it: every act so far, and its statistics of the other.
    pub fn record(&self, player: usize) -> &crate::game::GameRecord {
        let seat = (player != self.button()) as usize;
        self.buffers.record(seat)
    }

    /// Plays `mv` (a raise is by how much beyond the call) for the player to act, made legal
    /// as the dealer makes every move legal. When it ends the hand, the next is dealt.
    pub fn act(&mut self, mv: Intent) -> Result<Acted, MatchError> {
        let played = self.play.legal(mv);
        self.play.apply(played, &mut self.buffers, &self.deal)?;
        if self.play.to_act().is_some() {
            self.decision_seed = self.seeds.next_u64();
            return Ok(Acted {
                played,
                ended: None,
            });
        }
        let ended = self.end_hand()?;
        self.deal_next()?;
        Ok(Acted {
            played,
            ended: Some(ended),
        })
    }

    /// Settles the finished hand and updates the players' statistics.
    fn end_hand(&mut self) -> Result<HandResult, MatchError> {
        let button = self.button();
        let setup = setup_of(&self.options, &self.deal, self.index, self.opponents);
        let out = self
            .play
            .finish(&self.buffers, &setup, &mut self.showdowns)?;
        if let (Some([a, b]), Some(memo)) = (&mut self.opponents, &mut self.hud_memo) {
            // Counted at once: a bot may read them at its next decision.
            let end = Ending::from_net(out.showdown, out.net[button]);
            memo.observe([a, b], button, self.buffers.record(0), end, true);
        }
        Ok(HandResult {
            hand: self.hand(),
            button,
            net: out.net,
            showdown: out.showdown,
        })
    }

    /// Deals the next hand.
    fn deal_next(&mut self) -> Result<(), MatchError> {
        self.index += 1;
        let key = if self.options.duplicate {
            self.index / 2
        } else {
            self.index
        };
        self.deal = deal_on(&self.key_of_seed, key);
        self.seeds = seeds_on(&self.key_of_seed, key);
        let setup = setup_of(&self.options, &self.deal, self.index, self.opponents);
        self.play = HandInPlay::start(&setup, &mut self.buffers)?;
        self.decision_seed = self.seeds.next_u64();
        Ok(())
    }
}

/// What hand `index` (from 0) is.
fn setup_of<'a>(
    options: &'a TableOptions,
    deal: &'a Deal,
    index: u64,
    opponents: Option<[OpponentStats; 2]>,
) -> HandSetup<'a> {
    HandSetup {
        button: (index % 2) as usize,
        stakes: options.stakes,
        deal,
        hand: index + 1,
        init: &options.init,
        opponents,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dealer::tests::Chaos;
    use crate::dealer::{play_match, BotDecision, Decider, DecisionRng, MatchConfig};
    use crate::game::Chips;

    /// Calls everything.
    struct Caller;
    impl Decider for Caller {
        fn decide(&self, _: &GameState, _: &mut DecisionRng) -> Result<BotDecision, String> {
            Ok(BotDecision::plain(Intent::Call))
        }
    }

    /// A's chips hand by hand when the caller steps a table deciding with `bots`.
    fn stepped(bots: [&dyn Decider; 2], options: TableOptions, hands: u64) -> Vec<i64> {
        let mut table = Table::new(options).unwrap();
        let mut results = Vec::new();
        while (results.len() as u64) < hands {
            let player = table.to_act();
            let mut rng = DecisionRng::new(table.decision_seed());
            let state = table.state().unwrap();
            let mv = bots[player].decide(state, &mut rng).unwrap().mv;
            if let Some(end) = table.act(mv).unwrap().ended {
                assert_eq!(end.net[0] + end.net[1], 0);
                assert_eq!(end.hand, results.len() as u64 + 1);
                results.push(end.net[0]);
            }
        }
        results
    }

    fn matched(bots: [&dyn Decider; 2], options: &TableOptions, hands: u64) -> Vec<i64> {
        let mut cfg = MatchConfig::new(hands, options.seed);
        cfg.stakes = options.stakes;
        cfg.duplicate = options.duplicate;
        cfg.keep_hands = true;
        play_match(bots, &cfg, None).unwrap().hand_results.unwrap()
    }

    #[test]
    fn a_stepped_table_is_the_match_hand_by_hand() {
        for duplicate in [false, true] {
            let mut options = TableOptions::new(17);
            options.duplicate = duplicate;
            options.stakes = Stakes {
                sb: 1,
                bb: 2,
                stack: 60,
            };
            let bots: [&dyn Decider; 2] = [&Chaos, &Caller];
            let want = matched(bots, &options, 600);
            assert_eq!(stepped(bots, options, 600), want);
        }
    }

    #[test]
    fn acts_are_made_legal_and_the_blinds_alternate() {
        let mut table = Table::new(TableOptions::new(3)).unwrap();
        assert_eq!((table.hand(), table.button(), table.to_act()), (1, 0, 0));
        // A (button, small blind) checks while owing 50: that is a fold.
        let acted = table.act(Intent::Check).unwrap();
        assert_eq!(acted.played, Action::Fold);
        let end = acted.ended.unwrap();
        assert_eq!((end.net, end.showdown, end.button), ([-50, 50], false, 0));
        assert_eq!((table.hand(), table.button(), table.to_act()), (2, 1, 1));
        // A raise below the minimum is raised to it.
        assert_eq!(
            table.act(Intent::Raise(1.0)).unwrap().played,
            Action::Raise {
                by: 100.0,
                to: 200.0
            }
        );
        assert_eq!(table.to_act(), 0);
        assert_eq!(table.state().unwrap().derived().to_call, Chips(100));
    }

    #[test]
    fn stakes_nobody_can_act_at_are_refused() {
        let mut options = TableOptions::new(1);
        options.stakes = Stakes {
            sb: 10,
            bb: 10,
            stack: 10,
        };
        assert!(matches!(Table::new(options), Err(MatchError::Config(_))));
    }
}
