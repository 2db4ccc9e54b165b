//! The hand predicates of reference §3, computed with bit operations on card masks. Every
//! predicate is one row of the table `predicate_table!`: the enum, its names, kinds and needs,
//! its lookup by name and the evaluation of each predicate are generated from those rows.

use super::bits::Bits;
use super::{CardSet, Suit};

/// Every predicate, one row each, in the order of [`Predicate::ALL`]:
///
/// ```text
/// /// doc text
/// Variant "nameInScripts" kind needs => evaluation;
/// ```
///
/// `kind` says what the predicate asks about: `hero` (the hero's cards with the board),
/// `board` (the board alone) or `betting` (the betting state). `needs` says what it needs to
/// hold at all: `hole` (the hole cards, so any round), `board` (a board: never before the
/// flop) or `state` (the betting state). A card row's evaluation reads `hole`, `board` and
/// `all` (their union) and is compiled here; a betting row's reads `d`, the game's derived
/// betting state, and is compiled in the betting layer, which expands this table too
/// (`game::betting::predicates`). Adding a row is all it takes to add a predicate (the
/// tests below add three).
///
/// `predicate_table!(consumer)` hands a header naming those variables, then every row, to the
/// macro `consumer`; more rows may follow `consumer`, each group after a header of its own
/// (`(hole, board, all; d)`: macro hygiene keeps each group's variables its own).
macro_rules! predicate_table {
    ($then:ident $($more:tt)*) => {
        $then! {
            (hole, board, all; d)
            /// Some rank appears at least twice among hole and board (trips, two pair, a full house
            /// too). Like every made-hand predicate, it looks at hole and board together, so a pair on
            /// the board alone holds it: `!deskPair` (or `!boardPlays` on the river) asks for the
            /// hero's cards to take part.
            Pair "pair" hero hole => Counts::of(all).ge2 != 0;
            /// Some rank J-A appears at least twice (a pair on the board counts: hero predicates see
            /// hole and board together).
            HighPair "highPair" hero hole => Counts::of(all).ge2 & HIGH_RANKS != 0;
            /// Some rank 6-T appears at least twice.
            MidPair "midPair" hero hole => Counts::of(all).ge2 & MID_RANKS != 0;
            /// Some rank 2-5 appears at least twice.
            LowPair "lowPair" hero hole => Counts::of(all).ge2 & LOW_RANKS != 0;
            /// At least two ranks appear at least twice; four of a kind alone is one rank, so not two
            /// pair.
            TwoPair "twoPair" hero board => Counts::of(all).two_pair();
            /// Some rank appears at least three times (four of a kind too).
            ThreeOfKind "threeOfKind" hero board => Counts::of(all).ge3 != 0;
            /// A rank three times and another rank at least twice (two sets of trips count).
            FullHouse "fullHouse" hero board => Counts::of(all).full_house();
            /// Some rank appears four times (four of a kind).
            Poker "poker" hero board => Counts::of(all).ge4 != 0;
            /// Five consecutive ranks; A-2-3-4-5 counts, K-A-2-3-4 does not wrap.
            Straight "straight" hero board => is_straight(all.rank_mask());
            /// Five cards of one suit.
            Flush "flush" hero board => has_flush(all);
            /// Five consecutive ranks in one suit (the steel wheel A-5 too).
            StraightFlush "straightFlush" hero board => Suit::ALL.iter().any(|&s| is_straight(all.suit_mask(s)));
            /// T-J-Q-K-A in one suit.
            RoyalFlush "royalFlush" hero board => Suit::ALL.iter().any(|&s| all.suit_mask(s) & ROYAL == ROYAL);
            /// Four cards of a suit, at least one a hole card (a four-flush on the board alone is the
            /// board's); no flush yet, fewer than five board cards.
            FlushDraw "flushDraw" hero board => flush_draw(hole, board);
            /// Open-ended or gutshot (A-2-3-4 and J-Q-K-A included): a missing rank completes five
            /// consecutive ranks from four the hero holds, not all four on the board alone; no
            /// straight yet, fewer than five board cards. A hole card duplicating a board rank does
            /// not take part.
            StraightDraw "straightDraw" hero board => straight_draw(hole, board);
            /// Four consecutive ranks completable at both ends (2-3-4-5 up to T-J-Q-K), not all on the
            /// board alone; no straight yet, fewer than five board cards. A double gutshot is not
            /// open-ended.
            OpenEnded "openEnded" hero board => open_ended(hole, board);
            /// None of pair, straight, flush, flushDraw, straightDraw (the thesis' definition: AK before
            /// the flop is air).
            Air "air" hero hole => {
                !(Counts::of(all).ge2 != 0
                    || is_straight(all.rank_mask())
                    || has_flush(all)
                    || flush_draw(hole, board)
                    || straight_draw(hole, board))
            };
            /// At least three board cards, no two of one suit: so never on the river.
            Rainbow "rainbow" board board => {
                board.len() >= 3
                    && Suit::ALL.iter().all(|&s| {
                        let lane = board.suit_mask(s);
                        lane & lane.wrapping_sub(1) == 0
                    })
            };
            /// At least three board cards of one suit.
            Desk3SameColor "desk3SameColor" board board => suits_with_at_least(suit_lengths(board), 3) != 0;
            /// The board is not a straight and one more rank makes one from board cards alone. It
            /// describes the board, so unlike the hero's draws it can hold on the river.
            DeskStraightDraw "deskStraightDraw" board board => {
                let x = ace_low(board.rank_mask());
                straight_starts(x) == 0 && WINDOWS.iter().any(|&w| (x & w).count_ones() == 4)
            };
            /// The board is not a straight and holds four consecutive ranks completable at both ends;
            /// like `DeskStraightDraw`, also on the river.
            DeskOpenEnded "deskOpenEnded" board board => {
                let x = ace_low(board.rank_mask());
                straight_starts(x) == 0 && run4_starts(x) & OPEN_RUN_STARTS != 0
            };
            /// The board holds a rank at least twice.
            DeskPair "deskPair" board board => Counts::of(board).ge2 != 0;
            /// The board holds a rank J-A at least twice.
            DeskHighPair "deskHighPair" board board => Counts::of(board).ge2 & HIGH_RANKS != 0;
            /// The board holds a rank 6-T at least twice.
            DeskMidPair "deskMidPair" board board => Counts::of(board).ge2 & MID_RANKS != 0;
            /// The board holds a rank 2-5 at least twice.
            DeskLowPair "deskLowPair" board board => Counts::of(board).ge2 & LOW_RANKS != 0;
            /// The board holds two ranks at least twice each (four of a kind alone is not two pair).
            DeskTwoPair "deskTwoPair" board board => Counts::of(board).two_pair();
            /// The board holds a rank at least three times.
            DeskThreeOfKind "deskThreeOfKind" board board => Counts::of(board).ge3 != 0;
            /// The board alone is a straight (five consecutive ranks): river only.
            DeskStraight "deskStraight" board board => is_straight(board.rank_mask());
            /// The board alone is five cards of one suit: river only.
            DeskFlush "deskFlush" board board => has_flush(board);
            /// The board alone holds a rank three times and another twice: river only.
            DeskFullHouse "deskFullHouse" board board => Counts::of(board).full_house();
            /// The board alone holds a rank four times: turn and river.
            DeskPoker "deskPoker" board board => Counts::of(board).ge4 != 0;
            /// The board alone is a straight flush: river only.
            DeskStraightFlush "deskStraightFlush" board board => {
                Suit::ALL.iter().any(|&s| is_straight(board.suit_mask(s)))
            };
            /// On the river, the hero's best five cards are the board's five: the hole cards do not
            /// improve the hand, so both players hold at least it ("the board plays").
            // The best five of the hero's cards and the board are the board's five.
            BoardPlays "boardPlays" hero board => {
                board.len() == 5 && crate::cards::rank::best_five(all) == crate::cards::rank::best_five(board)
            };
            /// The hole cards are a pocket pair ranked above every board card; at least three board
            /// cards. Such a pair is also `Overcards`.
            OverPair "overPair" hero board => overcards(hole, board) && hole.rank_mask().count_ones() == 1;
            /// Exactly one hole card has the board's highest rank, which the board holds once (a pair,
            /// not trips); not a pocket pair; at least three board cards.
            TopPair "topPair" hero board => top_pair(hole, board);
            /// Exactly one hole card has the board's second-highest distinct rank, which the board
            /// holds once; not a pocket pair; at least three board cards.
            SecondPair "secondPair" hero board => {
                let b = board.rank_mask();
                pairs_board_rank(hole, board, high_bit(b & !high_bit(b)))
            };
            /// Exactly one hole card has the board's lowest rank, which the board holds once and which
            /// is below the board's highest rank; not a pocket pair; at least three board cards. On a
            /// board of two distinct ranks (K K 5) the lowest rank is also the second-highest, so
            /// pairing it is both `BottomPair` and `SecondPair`.
            BottomPair "bottomPair" hero board => {
                let b = board.rank_mask();
                let low = low_bit(b);
                low != high_bit(b) && pairs_board_rank(hole, board, low)
            };
            /// `TopPair`, and the other hole card has the highest rank not on the board (board K 7 2
            /// with A K: yes; board A 7 2 with A K: yes, the king is the best kicker; with A Q: no).
            // The top pair's rank is on the board, so the best kicker is the best rank off it.
            TopKicker "topKicker" hero board => {
                let top = high_bit(board.rank_mask());
                top_pair(hole, board)
                    && hole.rank_mask() & !top == high_bit(ALL_RANKS & !board.rank_mask())
            };
            /// `FlushDraw`, and the hero holds the card of the four-card suit whose rank is the highest
            /// of that suit not on the board.
            NutFlushDraw "nutFlushDraw" hero board => {
                flush_draw(hole, board)
                    && Suit::ALL.iter().any(|&s| {
                        all.suit_mask(s).count_ones() == 4
                            && hole.suit_mask(s) & high_bit(ALL_RANKS & !board.suit_mask(s)) != 0
                    })
            };
            /// Both hole cards rank above every board card; at least three board cards (a pocket pair
            /// above the board is also `OverPair`).
            Overcards "overcards" hero board => overcards(hole, board);
            /// On the flop only (exactly three board cards): some suit has exactly three cards among
            /// hole and board, at least one a hole card, and no suit has four or more.
            BackdoorFlushDraw "backdoorFlushDraw" hero board => {
                let lengths = suit_lengths(all);
                board.len() == 3
                    && suits_with_at_least(lengths, 4) == 0
                    && suits_with_at_least(lengths, 3) & suits_present(hole) != 0
            };
            /// At least three board cards, all of one suit.
            Monotone "monotone" board board => {
                board.len() >= 3
                    && Suit::ALL
                        .iter()
                        .any(|&s| board.suit_mask(s).count_ones() == board.len())
            };
            /// At least three board cards, and the board's most frequent suit has exactly two.
            TwoTone "twoTone" board board => {
                board.len() >= 3
                    && Suit::ALL
                        .iter()
                        .map(|&s| board.suit_mask(s).count_ones())
                        .max()
                        == Some(2)
            };
            /// At least three board cards of one suit: the plain-word name of `Desk3SameColor`.
            FlushPossible "flushPossible" board board => Predicate::Desk3SameColor.holds(hole, board);
            /// At least three board cards, and some five-rank window (A-2-3-4-5 included, the ace low
            /// and high) holds at least three distinct board ranks: two hole cards could make a
            /// straight.
            StraightPossible "straightPossible" board board => {
                let x = ace_low(board.rank_mask());
                board.len() >= 3 && WINDOWS.iter().any(|&w| (x & w).count_ones() >= 3)
            };
            /// The board holds a rank at least twice: an alias of `DeskPair`.
            PairedBoard "pairedBoard" board board => Predicate::DeskPair.holds(hole, board);
            /// Betting state, not cards: something is owed (`toCall > 0`).
            FacingBet "facingBet" betting state => d.to_call > Chips::ZERO;
            /// Betting state: the villain checked to the hero in this round (nothing is owed).
            CheckedTo "checkedTo" betting state => d.to_call == Chips::ZERO && d.round_stats(Player::Villain, d.phase).check_times > 0;
            /// Betting state: the hero acts last on the flop, turn and river (in heads-up, the hero is
            /// the dealer, on the button).
            InPosition "inPosition" betting state => d.hero_is_button;
            /// Betting state: an alias of `InPosition`.
            Button "button" betting state => d.hero_is_button;
            /// Betting state: the hero is the first to act in the current round.
            FirstToAct "firstToAct" betting state => d.hero_is_button == (d.phase == Phase::Preflop);
            /// Betting state: the hero made the last bet or raise of the hand so far, in this round or
            /// an earlier one.
            HeroAggressor "heroAggressor" betting state => d.last_aggressor == Some(Player::Hero);
            /// Betting state: the villain made the last bet or raise of the hand so far, in this round
            /// or an earlier one.
            VillainAggressor "villainAggressor" betting state => d.last_aggressor == Some(Player::Villain);
            /// A flush with a hole card in it, and the hero holds the highest card of its suit not on
            /// the board, which plays: no other holding makes a better flush.
            NutFlush "nutFlush" hero board => flush_holding(hole, board, 0);
            /// A flush with a hole card in it; the hero holds the second-highest card of its suit not
            /// on the board, which plays, and not the highest: only a holding with that card beats it.
            SecondNutFlush "secondNutFlush" hero board => flush_holding(hole, board, 1);
            /// A straight with a hole card in it, as high as any two cards make on this board (by
            /// ranks: the hero's own cards do not block it).
            NutStraight "nutStraight" hero board => straight_place(hole, board) == Some(StraightPlace::Nut);
            /// A straight with a hole card in it, of the second-highest top any two cards make on
            /// this board.
            SecondNutStraight "secondNutStraight" hero board => {
                straight_place(hole, board) == Some(StraightPlace::SecondNut)
            };
            /// A straight whose top card is the board's and whose hole cards extend the board's run
            /// downwards, when a higher straight is possible (the "ignorant end").
            LowEndStraight "lowEndStraight" hero board => low_end_straight(hole, board);
            /// Betting state: nobody bet or raised before the flop (the blinds do not count).
            LimpedPot "limpedPot" betting state => d.preflop_raises() == 0;
            /// Betting state: exactly one bet or raise before the flop.
            SingleRaisedPot "singleRaisedPot" betting state => d.preflop_raises() == 1;
            /// Betting state: exactly two bets or raises before the flop (a raise and a re-raise).
            ThreeBetPot "threeBetPot" betting state => d.preflop_raises() == 2;
            /// Betting state: three or more bets or raises before the flop.
            FourBetPot "fourBetPot" betting state => d.preflop_raises() >= 3;
            /// Two pair made with both hole cards, both pairs playing: each hole card pairs a
            /// different board rank the board holds once, and no pair on the board ranks above the
            /// lower of them (76 on 7 6 K K A is counterfeited: the kings and the ace play).
            HeroTwoPair "heroTwoPair" hero board => hero_two_pair(hole, board);
            /// Betting state: the villain bet or raised in this round and something is owed (the
            /// blinds do not count, so the small blind's first action before the flop is not one).
            FacingRaise "facingRaise" betting state => d.to_call > Chips::ZERO && d.round_stats(Player::Villain, d.phase).raise_times > 0;
            $($more)*
        }
    };
}
pub(crate) use predicate_table;

/// What a predicate asks about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PredicateKind {
    /// The hero's cards together with the board.
    Hero,
    /// The board alone.
    Board,
    /// The betting state, not cards.
    Betting,
}

/// What a predicate needs to hold at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Needs {
    /// The hole cards: it can hold in any round.
    Hole,
    /// A board: it never holds before the flop.
    Board,
    /// The betting state.
    State,
}

/// Defines [`Predicate`], its set type and its questions from the rows of [`predicate_table`].
macro_rules! define_predicates {
    (@kind hero) => { PredicateKind::Hero };
    (@kind board) => { PredicateKind::Board };
    (@kind betting) => { PredicateKind::Betting };
    (@needs hole) => { Needs::Hole };
    (@needs board) => { Needs::Board };
    (@needs state) => { Needs::State };
    // A betting row is no question about cards: the betting layer answers it.
    (@cards betting $eval:expr) => { None };
    (@cards $kind:ident $eval:expr) => { Some($eval) };
    ($(
        ($hole:ident, $board:ident, $all:ident; $d:ident)
        $($(#[$doc:meta])* $variant:ident $name:literal $kind:ident $needs:ident => $eval:expr;)*
    )*) => {
        /// A named yes/no question about the hero's cards, the board or the betting state.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Predicate {
            $($($(#[$doc])* $variant,)*)*
        }

        /// A set of predicates, one bit each, in as many words as the table needs.
        pub type PredicateSet = Bits<{ Predicate::ALL.len().div_ceil(64) }>;

        impl Predicate {
            /// Every predicate, in the table's order.
            pub const ALL: [Predicate; [$($($name,)*)*].len()] = [$($(Predicate::$variant,)*)*];

            /// The canonical spelling (`flushDraw`).
            pub const fn name(self) -> &'static str {
                match self { $($(Predicate::$variant => $name,)*)* }
            }

            /// What the predicate asks about.
            pub const fn kind(self) -> PredicateKind {
                match self { $($(Predicate::$variant => define_predicates!(@kind $kind),)*)* }
            }

            /// What the predicate needs to hold at all.
            pub const fn needs(self) -> Needs {
                match self { $($(Predicate::$variant => define_predicates!(@needs $needs),)*)* }
            }

            /// Whether the predicate holds for the hero's hole cards and the board (reference
            /// §3); `None` for a betting predicate, which the betting state answers.
            ///
            /// Hero predicates look at `hole | board` and say whether those cards *contain* the
            /// combination (`pair` holds for trips too); `desk*` and `rainbow` look at the board
            /// alone. "The river not dealt" means the board has fewer than five cards.
            /// Everything is computed on the four 13-bit suit lanes; no card list is built or
            /// sorted.
            #[inline]
            #[allow(unused_variables)] // Each row reads the variables it needs.
            pub fn on_cards(self, hole: CardSet, board: CardSet) -> Option<bool> {
                let all = hole.union(board);
                match self {
                    $($(Predicate::$variant => {
                        let ($hole, $board, $all) = (hole, board, all);
                        define_predicates!(@cards $kind $eval)
                    })*)*
                }
            }

            /// True for the predicates that need a board to be true at all (all `desk*`,
            /// `rainbow`, the board textures, the made hands and draws that need five or more
            /// cards, and the pairs with a board rank): they are always false before the flop,
            /// which `check` warns about in PREFLOP rules.
            pub fn needs_board(self) -> bool {
                matches!(self.needs(), Needs::Board)
            }

            /// Predicates of the betting state (`facingBet`, `checkedTo`, position and
            /// aggressor): the evaluator answers them from the game state.
            pub fn is_betting(self) -> bool {
                matches!(self.kind(), PredicateKind::Betting)
            }

            /// Whether the predicate holds for the hero's hole cards and the board, as
            /// [`Self::on_cards`] says; false for a betting predicate, which cards alone never
            /// make hold.
            #[inline]
            pub fn holds(self, hole: CardSet, board: CardSet) -> bool {
                self.on_cards(hole, board) == Some(true)
            }

            /// Looks a predicate up by name, case-insensitively (reference §1): a binary search
            /// of a table sorted by the hash of the folded name, built at compile time, so the
            /// first lookup builds nothing.
            pub fn from_name(name: &str) -> Option<Predicate> {
                /// Every predicate by the [`folded_hash`] of its name, sorted by hash (the
                /// hashes are distinct: checked here at compile time).
                static BY_FOLDED_HASH: [(u64, Predicate); Predicate::ALL.len()] = {
                    let mut t = [(0u64, Predicate::ALL[0]); Predicate::ALL.len()];
                    let mut i = 0;
                    while i < t.len() {
                        let p = Predicate::ALL[i];
                        t[i] = (folded_hash(p.name().as_bytes()), p);
                        i += 1;
                    }
                    sort_by_hash(&mut t);
                    t
                };
                let hash = folded_hash(name.as_bytes());
                let i = BY_FOLDED_HASH
                    .binary_search_by_key(&hash, |&(h, _)| h)
                    .ok()?;
                let p = BY_FOLDED_HASH[i].1;
                p.name().eq_ignore_ascii_case(name).then_some(p)
            }
        }
    };
}

predicate_table!(define_predicates);

/// The card predicates a few bit operations on shared masks answer, the ones scripts use
/// most: a decision computes them all at its first ([`batched`]).
pub const BATCHED: [Predicate; 28] = [
    Predicate::Pair,
    Predicate::HighPair,
    Predicate::MidPair,
    Predicate::LowPair,
    Predicate::TwoPair,
    Predicate::ThreeOfKind,
    Predicate::FullHouse,
    Predicate::Poker,
    Predicate::Straight,
    Predicate::Flush,
    Predicate::FlushDraw,
    Predicate::OpenEnded,
    Predicate::DeskPair,
    Predicate::DeskHighPair,
    Predicate::DeskMidPair,
    Predicate::DeskLowPair,
    Predicate::DeskTwoPair,
    Predicate::DeskThreeOfKind,
    Predicate::DeskStraight,
    Predicate::DeskFlush,
    Predicate::DeskFullHouse,
    Predicate::DeskPoker,
    Predicate::Desk3SameColor,
    Predicate::FlushPossible,
    Predicate::PairedBoard,
    Predicate::OverPair,
    Predicate::TopPair,
    Predicate::Overcards,
];

/// The predicates of [`BATCHED`] as a set.
pub const BATCHED_MASK: PredicateSet = {
    let mut m = PredicateSet::EMPTY;
    let mut i = 0;
    while i < BATCHED.len() {
        m = m.with(BATCHED[i] as usize);
        i += 1;
    }
    m
};

/// Which predicates of [`BATCHED`] hold, each as [`Predicate::holds`]
/// says, from masks computed once for all of them: a decision that asks several pays for
/// the masks once, and no count of bits costs a `popcnt` (which older processors lack).
pub fn batched(hole: CardSet, board: CardSet) -> PredicateSet {
    use Predicate::*;
    let all = hole.union(board);
    let (n, desk) = (Counts::of(all), Counts::of(board));
    let (desk_ranks, hole_ranks) = (board.rank_mask(), hole.rank_mask());
    let ranks = desk_ranks | hole_ranks;
    let (lengths, desk_lengths) = (suit_lengths(all), suit_lengths(board));
    // The board's cards: the sum of its suit lengths, in the top lane. (`&` below, not `&&`:
    // every operand is a few bit operations, cheaper than a branch.)
    let board_len = desk_lengths.wrapping_mul(0x0001_0001_0001_0001) >> 48;
    let (flop, before_river) = (board_len >= 3, board_len < 5);
    let (x, desk_x) = (ace_low(ranks), ace_low(desk_ranks));
    let straight = straight_starts(x) != 0;
    let four_or_more = suits_with_at_least(lengths, 4);
    let five_or_more = suits_with_at_least(lengths, 5);
    let overcards = flop & (low_bit(hole_ranks) > desk_ranks);
    let top = high_bit(desk_ranks);
    let flush_draw = before_river & (five_or_more == 0) & (four_or_more & lanes_held(hole) != 0);
    let open_ended =
        before_river & !straight & (run4_starts(x) & !run4_starts(desk_x) & OPEN_RUN_STARTS != 0);
    let three_suited = suits_with_at_least(desk_lengths, 3) != 0;
    // As `pairs_board_rank` with the board's highest rank.
    let top_pair = flop
        & exactly_two(hole_ranks)
        & (desk_ranks & top != 0)
        & (hole_ranks & top != 0)
        & (desk.ge2 & top == 0);
    bit(Pair, n.ge2 != 0)
        | bit(HighPair, n.ge2 & HIGH_RANKS != 0)
        | bit(MidPair, n.ge2 & MID_RANKS != 0)
        | bit(LowPair, n.ge2 & LOW_RANKS != 0)
        | bit(TwoPair, two_or_more(n.ge2))
        | bit(ThreeOfKind, n.ge3 != 0)
        | bit(FullHouse, (n.ge3 != 0) & two_or_more(n.ge2))
        | bit(Poker, n.ge4 != 0)
        | bit(Straight, straight)
        | bit(Flush, five_or_more != 0)
        | bit(FlushDraw, flush_draw)
        | bit(OpenEnded, open_ended)
        | bit(DeskPair, desk.ge2 != 0)
        | bit(DeskHighPair, desk.ge2 & HIGH_RANKS != 0)
        | bit(DeskMidPair, desk.ge2 & MID_RANKS != 0)
        | bit(DeskLowPair, desk.ge2 & LOW_RANKS != 0)
        | bit(DeskTwoPair, two_or_more(desk.ge2))
        | bit(DeskThreeOfKind, desk.ge3 != 0)
        | bit(DeskStraight, straight_starts(desk_x) != 0)
        | bit(DeskFlush, suits_with_at_least(desk_lengths, 5) != 0)
        | bit(DeskFullHouse, (desk.ge3 != 0) & two_or_more(desk.ge2))
        | bit(DeskPoker, desk.ge4 != 0)
        | bit(Desk3SameColor, three_suited)
        | bit(FlushPossible, three_suited)
        | bit(PairedBoard, desk.ge2 != 0)
        // Overcards, with both hole cards of one rank (a single bit).
        | bit(OverPair, overcards & !two_or_more(hole_ranks))
        | bit(TopPair, top_pair)
        | bit(Overcards, overcards)
}

/// The set of `p` alone when it holds, else the empty set.
#[inline(always)]
fn bit(p: Predicate, holds: bool) -> PredicateSet {
    PredicateSet::EMPTY.with_if(p as usize, holds)
}

/// At least two bits of a mask are set.
fn two_or_more(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Exactly two bits of a mask are set.
fn exactly_two(m: u16) -> bool {
    let rest = m & m.wrapping_sub(1);
    rest != 0 && !two_or_more(rest)
}

/// Ranks J-A (bits 9-12), the ranks of `highPair`.
const HIGH_RANKS: u16 = 0x1E00;
/// Ranks 6-T (bits 4-8), the ranks of `midPair`.
const MID_RANKS: u16 = 0x01F0;
/// Ranks 2-5 (bits 0-3), the ranks of `lowPair`.
const LOW_RANKS: u16 = 0x000F;
/// T-J-Q-K-A of one suit.
const ROYAL: u16 = 0x1F00;
/// Every rank, 2-A.
const ALL_RANKS: u16 = 0x1FFF;

/// The highest set bit of a mask alone (0 for 0): the highest rank of a rank mask.
fn high_bit(m: u16) -> u16 {
    if m == 0 {
        0
    } else {
        1 << (15 - m.leading_zeros())
    }
}

/// The lowest set bit of a mask alone (0 for 0): the lowest rank of a rank mask.
fn low_bit(m: u16) -> u16 {
    m & m.wrapping_neg()
}

/// The ten five-rank windows of the ace-low form (see [`ace_low`]): A-5 up to T-A.
const WINDOWS: [u16; 10] = {
    let mut w = [0u16; 10];
    let mut i = 0;
    while i < 10 {
        w[i] = 0x1F << i;
        i += 1;
    }
    w
};

/// Starts (in the ace-low form) of the four-rank runs that a rank at either end would
/// complete: 2-3-4-5 (bit 1) up to T-J-Q-K (bit 9). A-2-3-4 (bit 0) and J-Q-K-A (bit 10)
/// can be completed at one end only.
const OPEN_RUN_STARTS: u16 = 0x03FE;

/// Per-rank counts of a card set as masks: bit r of `geN` is set when rank r appears at
/// least N times. Computed from the four suit lanes by ANDs and ORs.
#[derive(Clone, Copy, Debug)]
struct Counts {
    ge2: u16,
    ge3: u16,
    ge4: u16,
}

impl Counts {
    #[inline(always)]
    fn of(set: CardSet) -> Counts {
        let [h, d, c, s] = Suit::ALL.map(|suit| set.suit_mask(suit));
        Counts {
            ge2: (h & d) | (c & s) | ((h | d) & (c | s)),
            ge3: (h & d & (c | s)) | (c & s & (h | d)),
            ge4: h & d & c & s,
        }
    }

    /// At least two ranks appear at least twice. Four of a kind alone is one rank, so it
    /// is not two pair.
    fn two_pair(self) -> bool {
        self.ge2.count_ones() >= 2
    }

    /// A rank three times and another at least twice (two sets of trips count).
    fn full_house(self) -> bool {
        self.ge3 != 0 && self.ge2.count_ones() >= 2
    }
}

/// The 14-bit "ace also low" form of a rank mask: bit 0 is the ace as a one, bit r + 1 is
/// rank r (so bit 13 is the ace as high).
fn ace_low(ranks: u16) -> u16 {
    (ranks << 1) | ((ranks >> 12) & 1)
}

/// Bit i set when bits i..i+5 of an ace-low mask are all present (a straight starts there).
fn straight_starts(x: u16) -> u16 {
    x & (x >> 1) & (x >> 2) & (x >> 3) & (x >> 4)
}

/// Bit i set when bits i..i+4 of an ace-low mask are all present (four in a row).
fn run4_starts(x: u16) -> u16 {
    x & (x >> 1) & (x >> 2) & (x >> 3)
}

/// Five consecutive ranks (A-2-3-4-5 included) in a 13-bit rank mask.
#[inline]
fn is_straight(ranks: u16) -> bool {
    straight_starts(ace_low(ranks)) != 0
}

/// Five or more cards of one suit.
#[inline]
fn has_flush(set: CardSet) -> bool {
    suits_with_at_least(suit_lengths(set), 5) != 0
}

/// Each suit's number of cards in its 16-bit lane of a [`CardSet`] (as [`CardSet::suit_mask`]
/// lays the suits out): one bit count for all four suits, where `count_ones` per suit costs
/// a dozen instructions each on processors without `popcnt`.
#[inline]
fn suit_lengths(set: CardSet) -> u64 {
    let x = set.0;
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    (x + (x >> 8)) & 0x00FF_00FF_00FF_00FF
}

/// The top bit of each 16-bit lane.
const LANE_TOPS: u64 = 0x8000_8000_8000_8000;

/// The top bit of each lane of [`suit_lengths`] that counts `n` or more (n <= 13): the
/// lane's count with its top bit set, less `n`, keeps the top bit exactly then (no lane
/// borrows from the next).
#[inline]
fn suits_with_at_least(lengths: u64, n: u64) -> u64 {
    ((lengths | LANE_TOPS) - n * 0x0001_0001_0001_0001) & LANE_TOPS
}

/// The top bit of each lane of a card set that holds a card.
#[inline]
fn suits_present(set: CardSet) -> u64 {
    suits_with_at_least(suit_lengths(set), 1)
}

/// [`suits_present`] without counting: a lane's low 15 bits plus 0x7FFF carry into its top
/// bit exactly when one is set (never out of the lane), and the lane's own top bit is kept.
fn lanes_held(set: CardSet) -> u64 {
    const LOW: u64 = !LANE_TOPS;
    (((set.0 & LOW) + LOW) | set.0) & LANE_TOPS
}

/// Whether the river is still to come (fewer than five board cards).
fn before_river(board: CardSet) -> bool {
    board.len() < 5
}

/// `flushDraw`: four cards of a suit among hole and board, at least one of them a hole card
/// (a four-flush on the board alone is not the hero's draw), no flush yet, river not dealt.
#[inline]
fn flush_draw(hole: CardSet, board: CardSet) -> bool {
    let lengths = suit_lengths(hole.union(board));
    let four_or_more = suits_with_at_least(lengths, 4);
    let five_or_more = suits_with_at_least(lengths, 5);
    before_river(board) && five_or_more == 0 && four_or_more & suits_present(hole) != 0
}

/// `overcards`: at least three board cards, and the lower hole rank is above every board
/// rank (as masks: its bit alone is a larger number than all board bits together).
fn overcards(hole: CardSet, board: CardSet) -> bool {
    board.len() >= 3 && low_bit(hole.rank_mask()) > board.rank_mask()
}

/// Exactly one hole card has the board rank `rank` (one bit), which the board holds once
/// (a pair, not trips); the hole cards are not a pocket pair; at least three board cards.
fn pairs_board_rank(hole: CardSet, board: CardSet, rank: u16) -> bool {
    let h = hole.rank_mask();
    board.len() >= 3
        && h.count_ones() == 2
        && board.rank_mask() & rank != 0
        && h & rank != 0
        && Counts::of(board).ge2 & rank == 0
}

/// `heroTwoPair`: each hole card pairs a board rank held once, and no board pair ranks above
/// the lower of the two, so both of the hero's pairs are in the best two pair.
fn hero_two_pair(hole: CardSet, board: CardSet) -> bool {
    let h = hole.rank_mask();
    let desk = Counts::of(board);
    board.len() >= 3
        && h.count_ones() == 2
        && board.rank_mask() & h == h
        && desk.ge2 & h == 0
        && desk.ge2 < low_bit(h)
}

/// `topPair`: a hole card pairs the board's highest rank, held once by the board.
fn top_pair(hole: CardSet, board: CardSet) -> bool {
    pairs_board_rank(hole, board, high_bit(board.rank_mask()))
}

/// `straightDraw`: some five-rank window holds four of the hero's ranks, not all four on the
/// board alone, so the missing rank (open end or gutshot) would make the hero a straight the
/// board could not make with it. No straight yet, river not dealt.
#[inline]
fn straight_draw(hole: CardSet, board: CardSet) -> bool {
    let all = ace_low(hole.union(board).rank_mask());
    let desk = ace_low(board.rank_mask());
    before_river(board)
        && straight_starts(all) == 0
        && WINDOWS
            .iter()
            .any(|&w| (all & w).count_ones() == 4 && all & !desk & w != 0)
}

/// `openEnded`: the hero holds four consecutive ranks that a rank at either end completes
/// (not A-2-3-4 nor J-Q-K-A), not all four on the board alone; no straight yet, river not
/// dealt. Broken runs such as the double gutshot 5-7-8-9-J are not open-ended.
#[inline]
fn open_ended(hole: CardSet, board: CardSet) -> bool {
    let all = ace_low(hole.union(board).rank_mask());
    let desk = ace_low(board.rank_mask());
    before_river(board)
        && straight_starts(all) == 0
        && run4_starts(all) & !run4_starts(desk) & OPEN_RUN_STARTS != 0
}

/// `nutFlush` (`place` 0) and `secondNutFlush` (1): the hero has a flush in a suit the
/// board holds three or more of, and holds the suit's `place`-th highest card off the board
/// (not a higher one), and that card is among the five best of the suit. A better flush
/// needs a higher card of the suit off the board, so the holder of the highest has the nuts.
fn flush_holding(hole: CardSet, board: CardSet, place: u32) -> bool {
    let all = hole.union(board);
    Suit::ALL.iter().any(|&s| {
        let lane = all.suit_mask(s);
        if lane.count_ones() < 5 || board.suit_mask(s).count_ones() < 3 {
            return false;
        }
        let mut off = ALL_RANKS & !board.suit_mask(s);
        for _ in 0..place {
            if hole.suit_mask(s) & high_bit(off) != 0 {
                return false;
            }
            off &= !high_bit(off);
        }
        let card = high_bit(off);
        hole.suit_mask(s) & card != 0 && top_five(lane) & card != 0
    })
}

/// The five highest ranks of a mask.
fn top_five(mut m: u16) -> u16 {
    while m.count_ones() > 5 {
        m &= m - 1;
    }
    m
}

/// Where the hero's straight ranks among the straights two cards can make on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StraightPlace {
    Nut,
    SecondNut,
    Lower,
}

/// Starts (ace-low form) of the best straights two hole cards of any ranks can make with
/// this board: for each five-rank window holding three or more board ranks, the highest
/// straight once its missing ranks are added (filling 8-Q on 8 9 J K also makes 9-K, so no
/// holding's best straight tops at the queen).
fn makeable_starts(board: CardSet) -> u16 {
    let ranks = board.rank_mask();
    let x = ace_low(ranks);
    let mut starts = 0;
    for w in WINDOWS {
        if (x & w).count_ones() >= 3 {
            // The window in 13-bit rank form: bit k of the ace-low form is rank k - 1, bit 0
            // the ace.
            let window_ranks = ((w >> 1) & ALL_RANKS) | ((w & 1) << 12);
            starts |= high_bit(straight_starts(ace_low(ranks | window_ranks)));
        }
    }
    starts
}

/// The start (ace-low form) of the hero's highest straight, when a hole card takes part in it
/// (the board alone does not hold its five ranks).
fn hero_straight_start(hole: CardSet, board: CardSet) -> Option<u16> {
    let starts = straight_starts(ace_low(hole.union(board).rank_mask()));
    let top = high_bit(starts);
    let window = WINDOWS[top.checked_ilog2()? as usize];
    (ace_low(board.rank_mask()) & window != window).then_some(top)
}

/// The place of the hero's straight (see [`StraightPlace`]); `None` without one.
fn straight_place(hole: CardSet, board: CardSet) -> Option<StraightPlace> {
    let mine = hero_straight_start(hole, board)?;
    let makeable = makeable_starts(board);
    let nut = high_bit(makeable);
    Some(if mine == nut {
        StraightPlace::Nut
    } else if mine == high_bit(makeable & !nut) {
        StraightPlace::SecondNut
    } else {
        StraightPlace::Lower
    })
}

/// `lowEndStraight`: the hero's straight tops out with a board rank (the hole cards add its
/// low end) and is not the nut straight.
fn low_end_straight(hole: CardSet, board: CardSet) -> bool {
    let Some(start) = hero_straight_start(hole, board) else {
        return false;
    };
    let top_card = start << 4;
    ace_low(board.rank_mask()) & top_card != 0 && start != high_bit(makeable_starts(board))
}

/// FNV-1a over the ASCII-lower-cased bytes of a name: equal for spellings that differ only
/// in case.
const fn folded_hash(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < bytes.len() {
        h = (h ^ bytes[i].to_ascii_lowercase() as u64).wrapping_mul(0x0100_0000_01b3);
        i += 1;
    }
    h
}

/// Sorts a table of predicates by the hash of their names (an insertion sort: a const
/// context has no `sort`), and stops the build when two names share a hash.
const fn sort_by_hash<P: Copy, const N: usize>(t: &mut [(u64, P); N]) {
    let mut i = 1;
    while i < N {
        let mut j = i;
        while j > 0 && t[j - 1].0 > t[j].0 {
            let x = t[j - 1];
            t[j - 1] = t[j];
            t[j] = x;
            j -= 1;
        }
        i += 1;
    }
    let mut i = 1;
    while i < N {
        assert!(t[i - 1].0 != t[i].0, "two predicate names share a hash");
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::{Card, Rank};
    use proptest::prelude::*;
    use Predicate::*;

    fn cards(text: &str) -> CardSet {
        text.parse().unwrap()
    }

    /// Asserts that exactly `expected` of the card predicates hold (the betting ones never do
    /// here).
    fn check(hole: &str, board: &str, expected: &[Predicate]) {
        let (h, b) = (cards(hole), cards(board));
        let got: Vec<Predicate> = Predicate::ALL
            .into_iter()
            .filter(|p| p.holds(h, b))
            .collect();
        let mut want = expected.to_vec();
        want.sort_by_key(|p| Predicate::ALL.iter().position(|q| q == p));
        assert_eq!(got, want, "hole {hole}, board {board}");
        // The reference agrees on the hand-picked cases too.
        for p in Predicate::ALL {
            assert_eq!(
                p.holds(h, b),
                reference(p, h, b),
                "{} on {hole} | {board}",
                p.name()
            );
        }
    }

    #[test]
    fn preflop() {
        check("Ah As", "", &[Pair, HighPair]);
        check("5c 5d", "", &[Pair, LowPair]);
        check("Ah Kh", "", &[Air]);
        check("Tc 9c", "", &[Air]);
    }

    #[test]
    fn flop_draws() {
        check(
            "Ah Kh",
            "Qh Jh 2c",
            &[FlushDraw, StraightDraw, NutFlushDraw, Overcards, TwoTone],
        );
        check(
            "9c 8d",
            "7h 6s 2d",
            &[StraightDraw, OpenEnded, Rainbow, Overcards],
        );
        // Gutshot and double gutshot: draws, not open-ended.
        check("9c 5d", "7h 6s 2d", &[StraightDraw, Rainbow]);
        check("9c 7d", "5h Js 8h", &[StraightDraw, TwoTone]);
        // A pocket pair that fills the run takes part.
        check(
            "8c 8d",
            "9h 7s 6d",
            &[
                Pair,
                MidPair,
                StraightDraw,
                OpenEnded,
                Rainbow,
                StraightPossible,
            ],
        );
        // A made straight with four hearts: a flush draw, no straight draw; the highest
        // straight on 5 6 7.
        check(
            "9h 8h",
            "7h 6h 5c",
            &[
                Straight,
                FlushDraw,
                Overcards,
                TwoTone,
                StraightPossible,
                NutStraight,
            ],
        );
    }

    #[test]
    fn one_enders_are_draws_but_not_open_ended() {
        check("Ah 2c", "3d 4s 9h", &[StraightDraw, Rainbow]);
        check("Ac Kd", "Qh Js 4h", &[StraightDraw, Overcards, TwoTone]);
        // 2-3-4-5 is open at both ends (the ace and the six).
        check("2c 3d", "4h 5s 9h", &[StraightDraw, OpenEnded, TwoTone]);
        // T-J-Q-K too (the nine and the ace).
        check("Tc Jd", "Qh Ks 3h", &[StraightDraw, OpenEnded, TwoTone]);
    }

    #[test]
    fn wheels() {
        // The wheel on 3 4 5 is at the low end: 6 7 and 2 6 make higher straights.
        check(
            "Ah 2c",
            "3d 4s 5h",
            &[Straight, Rainbow, StraightPossible, LowEndStraight],
        );
        check(
            "Ah 2h",
            "3h 4h 5h 9c Kd",
            &[
                Straight,
                Flush,
                StraightFlush,
                Desk3SameColor,
                FlushPossible,
                StraightPossible,
                NutFlush,
                LowEndStraight,
            ],
        );
        // K-A-2-3-4 does not wrap.
        check(
            "Kh Ac",
            "2d 3s 4h 9c 8d",
            &[Air, Overcards, TwoTone, StraightPossible],
        );
    }

    #[test]
    fn flop_made_hands() {
        check(
            "Ah Kd",
            "7c 7d 2s",
            &[
                Pair,
                MidPair,
                DeskPair,
                DeskMidPair,
                Rainbow,
                Overcards,
                PairedBoard,
            ],
        );
        check(
            "7h 7s",
            "7c 2d 2h",
            &[
                Pair,
                MidPair,
                LowPair,
                TwoPair,
                ThreeOfKind,
                FullHouse,
                DeskPair,
                DeskLowPair,
                Rainbow,
                PairedBoard,
            ],
        );
    }

    #[test]
    fn board_only_draws_are_not_the_heros() {
        check(
            "Ah Ad",
            "5c 6s 7h 8d",
            &[
                Pair,
                HighPair,
                Rainbow,
                DeskStraightDraw,
                DeskOpenEnded,
                OverPair,
                Overcards,
                StraightPossible,
            ],
        );
        check(
            "As Kd",
            "2h 5h 9h Jh",
            &[Air, Desk3SameColor, Overcards, Monotone, FlushPossible],
        );
        // The hero's nine is already on the board: the four-straight is the board's.
        check(
            "9c 2d",
            "9h 8s 7d 6c",
            &[
                Pair,
                MidPair,
                Rainbow,
                DeskStraightDraw,
                DeskOpenEnded,
                TopPair,
                StraightPossible,
            ],
        );
        // A board gutshot.
        check(
            "2c 2d",
            "5c 6s 8h 9d",
            &[Pair, LowPair, Rainbow, DeskStraightDraw, StraightPossible],
        );
    }

    #[test]
    fn turn() {
        check(
            "Ah 2s",
            "Kh 7h 3h 9c",
            &[FlushDraw, Desk3SameColor, NutFlushDraw, FlushPossible],
        );
        check(
            "Ah Kd",
            "8c 8d Jh Js",
            &[
                Pair,
                HighPair,
                MidPair,
                TwoPair,
                DeskPair,
                DeskHighPair,
                DeskMidPair,
                DeskTwoPair,
                Rainbow,
                Overcards,
                PairedBoard,
            ],
        );
    }

    #[test]
    fn four_of_a_kind_on_the_board() {
        // One rank four times is not two pair; four suits on the turn is a rainbow.
        check(
            "Ah Kd",
            "9c 9d 9h 9s",
            &[
                Pair,
                MidPair,
                ThreeOfKind,
                Poker,
                DeskPair,
                DeskMidPair,
                DeskThreeOfKind,
                DeskPoker,
                Rainbow,
                Overcards,
                PairedBoard,
            ],
        );
        check(
            "Ah Kd",
            "9c 9d 9h 9s Ks",
            &[
                Pair,
                HighPair,
                MidPair,
                TwoPair,
                ThreeOfKind,
                FullHouse,
                Poker,
                DeskPair,
                DeskMidPair,
                DeskThreeOfKind,
                DeskPoker,
                TopPair,
                TopKicker,
                TwoTone,
                PairedBoard,
            ],
        );
    }

    #[test]
    fn river() {
        check(
            "Ah Kh",
            "Qh Jh Th 2c 3d",
            &[
                Straight,
                Flush,
                StraightFlush,
                RoyalFlush,
                Desk3SameColor,
                Overcards,
                FlushPossible,
                StraightPossible,
                NutFlush,
                NutStraight,
            ],
        );
        // Draws end on the river.
        check(
            "9c 8d",
            "7h 6s 2d Kc Kh",
            &[Pair, HighPair, DeskPair, DeskHighPair, TwoTone, PairedBoard],
        );
        check("Ah 2h", "Kh 7h 3c 9c 4d", &[Air, TwoTone, StraightPossible]);
        check("9c 8d", "2h 3s 5d Jc Kh", &[Air, TwoTone, StraightPossible]);
        // A straight on the board is not a board draw.
        // The board's straight plays: the hero's pair does not improve it.
        check(
            "2c 2d",
            "5h 6s 7d 8c 9h",
            &[
                Pair,
                LowPair,
                Straight,
                DeskStraight,
                BoardPlays,
                TwoTone,
                StraightPossible,
            ],
        );
        // A ten makes a higher straight: the hero's cards play.
        check(
            "Tc 2d",
            "5h 6s 7d 8c 9h",
            &[
                Straight,
                DeskStraight,
                TwoTone,
                StraightPossible,
                SecondNutStraight,
            ],
        );
        // Five hearts on the board, the ace of hearts in hand: a better flush.
        check(
            "Ah 2c",
            "Kh 9h 6h 4h 3h",
            &[
                Flush,
                Desk3SameColor,
                DeskFlush,
                Monotone,
                FlushPossible,
                StraightPossible,
                NutFlush,
            ],
        );
        check(
            "2c 3d",
            "Kh 9h 6h 4h Ah",
            &[
                Flush,
                Desk3SameColor,
                DeskFlush,
                BoardPlays,
                Monotone,
                FlushPossible,
            ],
        );
        // Board draws still count on the river (they describe the board, not a chance).
        check(
            "Ac Ad",
            "5h 6s 7d 8c Kh",
            &[
                Pair,
                HighPair,
                DeskStraightDraw,
                DeskOpenEnded,
                OverPair,
                Overcards,
                TwoTone,
                StraightPossible,
            ],
        );
        check(
            "7h 7s",
            "7c 2d 2h 2s Kd",
            &[
                Pair,
                MidPair,
                LowPair,
                TwoPair,
                ThreeOfKind,
                FullHouse,
                DeskPair,
                DeskLowPair,
                DeskThreeOfKind,
                TwoTone,
                PairedBoard,
            ],
        );
    }

    #[test]
    fn over_pair() {
        // A pocket pair above a flop.
        check(
            "Qh Qd",
            "Jc 7s 2h",
            &[Pair, HighPair, Rainbow, OverPair, Overcards],
        );
        // A set is not an overpair.
        check("Jh Jd", "Jc 7s 2h", &[Pair, HighPair, ThreeOfKind, Rainbow]);
        // Below the top card.
        check("Th Td", "Jc 7s 2h", &[Pair, MidPair, Rainbow]);
        // Turn, paired board.
        check(
            "Ah Ad",
            "Kc Ks 7d 2c",
            &[
                Pair,
                HighPair,
                TwoPair,
                DeskPair,
                DeskHighPair,
                OverPair,
                Overcards,
                TwoTone,
                PairedBoard,
            ],
        );
        // River.
        check(
            "Kh Kd",
            "Qc Js 7d 4c 2h",
            &[Pair, HighPair, OverPair, Overcards, TwoTone],
        );
        // An ace on the river.
        check(
            "Kh Kd",
            "Ac Js 7d 4c 2h",
            &[Pair, HighPair, TwoTone, StraightPossible],
        );
    }

    #[test]
    fn hero_two_pair_is_not_counterfeited() {
        let holds = |hole: &str, board: &str| HeroTwoPair.holds(cards(hole), cards(board));
        // The board's kings and the ace play: the sixes do not.
        assert!(!holds("7h 6d", "7d 6c Kh Kc Ad"));
        assert!(TwoPair.holds(cards("7h 6d"), cards("7d 6c Kh Kc Ad")));
        // A lower board pair leaves both of the hero's pairs playing.
        assert!(holds("7h 6d", "7d 6c 2h 2c Ad"));
        assert!(holds("7h 6d", "7d 6c Kh"));
        // One hole card, a pocket pair, or trips is not it.
        assert!(!holds("Ah 7d", "7d Ac Kh Kc"));
        assert!(!holds("8h 8d", "8c Kh Kc"));
        assert!(!holds("7h 6d", "7d 7c 6h"));
    }

    #[test]
    fn top_pair() {
        // Top pair, the ace the best kicker.
        check(
            "Ah Kd",
            "Kc 7s 2h",
            &[Pair, HighPair, Rainbow, TopPair, TopKicker],
        );
        // The ace on the board: the king is the best kicker.
        check(
            "Ah Kd",
            "Ac 7s 2h",
            &[Pair, HighPair, Rainbow, TopPair, TopKicker],
        );
        // The king is missing: no top kicker.
        check("Ah Qd", "Ac 7s 2h", &[Pair, HighPair, Rainbow, TopPair]);
        // A set, not top pair.
        check("Kh Kd", "Kc 7s 2h", &[Pair, HighPair, ThreeOfKind, Rainbow]);
        // Trips, not top pair.
        check(
            "Ah Kd",
            "Kc Ks 2h",
            &[
                Pair,
                HighPair,
                ThreeOfKind,
                Rainbow,
                DeskPair,
                DeskHighPair,
                PairedBoard,
            ],
        );
        // Turn: top and second pair.
        check(
            "Kh 9d",
            "Kc 7s 2h 9c",
            &[
                Pair,
                HighPair,
                MidPair,
                TwoPair,
                TopPair,
                SecondPair,
                TwoTone,
                HeroTwoPair,
            ],
        );
        // River: the king is on the board, the queen is the best kicker.
        check(
            "Ah Kd",
            "Kc 7s 2h Ac 5d",
            &[
                Pair,
                HighPair,
                TwoPair,
                TopPair,
                SecondPair,
                TwoTone,
                StraightPossible,
                HeroTwoPair,
            ],
        );
        // River second pair.
        check(
            "Qh Ts",
            "Kc Qs 7d 4c 2h",
            &[Pair, HighPair, SecondPair, TwoTone],
        );
    }

    #[test]
    fn bottom_pair() {
        // Bottom pair.
        check("5d 4c", "Kc 9s 5h", &[Pair, LowPair, Rainbow, BottomPair]);
        // Two board ranks: bottom and second pair.
        check(
            "5d 4c",
            "Kc Ks 5h",
            &[
                Pair,
                HighPair,
                LowPair,
                TwoPair,
                Rainbow,
                DeskPair,
                DeskHighPair,
                SecondPair,
                BottomPair,
                PairedBoard,
            ],
        );
        // Trips.
        check(
            "Kd 8c",
            "Kc Ks 9h",
            &[
                Pair,
                HighPair,
                ThreeOfKind,
                Rainbow,
                DeskPair,
                DeskHighPair,
                PairedBoard,
            ],
        );
        // A pocket pair makes a set.
        check("5d 5c", "Kc 9s 5h", &[Pair, LowPair, ThreeOfKind, Rainbow]);
        // Turn bottom pair.
        check(
            "3d Ac",
            "Kc 9s 5h 3h",
            &[Pair, LowPair, BottomPair, TwoTone],
        );
        // Turn: the five is paired on the board, trips.
        check(
            "5d Ac",
            "Kc 9s 5h 5s",
            &[
                Pair,
                LowPair,
                ThreeOfKind,
                DeskPair,
                DeskLowPair,
                TwoTone,
                PairedBoard,
            ],
        );
        // River bottom pair.
        check(
            "2d Qc",
            "Kc 9s 5h 3h 2s",
            &[Pair, LowPair, BottomPair, TwoTone, StraightPossible],
        );
        // One board rank.
        check(
            "Ks 2c",
            "Kc Kd Kh",
            &[
                Pair,
                HighPair,
                ThreeOfKind,
                Poker,
                Rainbow,
                DeskPair,
                DeskHighPair,
                DeskThreeOfKind,
                PairedBoard,
            ],
        );
    }

    #[test]
    fn overcards_and_draws() {
        // One overcard.
        check("Ah Td", "Qc 7s 2h", &[Air, Rainbow]);
        // Nut flush draw.
        check("Ah 5h", "Kh 9h 2c", &[FlushDraw, NutFlushDraw, TwoTone]);
        // The king is the nuts with the ace on the board.
        check("Kh 5h", "Ah 9h 2c", &[FlushDraw, NutFlushDraw, TwoTone]);
        // The king is missing.
        check("Qh 5h", "Ah 9h 2c", &[FlushDraw, TwoTone]);
        // Turn, one card of the suit.
        check(
            "Kd 3c",
            "Ad 8d 4d 2s",
            &[
                FlushDraw,
                StraightDraw,
                Desk3SameColor,
                NutFlushDraw,
                FlushPossible,
                StraightPossible,
            ],
        );
        // River: no draw.
        check("Ah 5h", "Kh 9h 2c 3s 7d", &[Air, TwoTone]);
        // Backdoor with two suited hole cards.
        check("Ah 5h", "Kh 9c 2d", &[Air, Rainbow, BackdoorFlushDraw]);
        // Backdoor with one.
        check("Ah 5c", "Kh 9h 2d", &[Air, BackdoorFlushDraw, TwoTone]);
        // The board's three hearts are not the hero's.
        check(
            "Ac 5d",
            "Kh 9h 2h",
            &[Air, Desk3SameColor, Monotone, FlushPossible],
        );
        // Turn: no backdoor.
        check("Ah 5h", "Kh 9c 2d 3s", &[StraightDraw, Rainbow]);
    }

    #[test]
    fn board_textures() {
        // Monotone flop.
        check(
            "Ah Kd",
            "9c 7c 2c",
            &[Air, Desk3SameColor, Overcards, Monotone, FlushPossible],
        );
        // Monotone turn.
        check(
            "Ah Kd",
            "9c 7c 2c 4c",
            &[Air, Desk3SameColor, Overcards, Monotone, FlushPossible],
        );
        // Three of a suit on the turn.
        check(
            "Ah Kd",
            "9c 7c 2c 4d",
            &[Air, Desk3SameColor, Overcards, FlushPossible],
        );
        // Two-tone flop.
        check("Ah Kd", "9c 7c 2d", &[Air, Overcards, TwoTone]);
        // Two-tone turn.
        check("Ah Kd", "9c 7c 2d 4d", &[Air, Overcards, TwoTone]);
        // Straight possible.
        check(
            "Ah Kd",
            "Qc Ts 9h",
            &[StraightDraw, Rainbow, Overcards, StraightPossible],
        );
        // Two ranks of a window.
        check("Ah Kd", "Qc Ts 2h", &[StraightDraw, Rainbow, Overcards]);
        // The wheel window.
        check(
            "Kh Kd",
            "Ac 3s 5h",
            &[Pair, HighPair, Rainbow, StraightPossible],
        );
        // No wrap.
        check("Qh Qd", "Kc Ac 2s", &[Pair, HighPair, TwoTone]);
        // Turn, no window of three.
        check("Ah Kd", "Qc 8s 4h 2d", &[Air, Rainbow, Overcards]);
        // River, 2-4-6.
        check(
            "Ah Kd",
            "Qc 8s 4h 2d 6c",
            &[Air, Overcards, TwoTone, StraightPossible],
        );
    }

    // ---- A straightforward card-list reference for the property test. ----

    /// Rank values 1..=14 a card list holds: the ace is both 1 and 14.
    fn values(cs: &[Card]) -> [bool; 15] {
        let mut v = [false; 15];
        for c in cs {
            v[c.rank.0 as usize + 2] = true;
            if c.rank == Rank::ACE {
                v[1] = true;
            }
        }
        v
    }

    /// Five consecutive values starting at `low` (1..=10) are all held.
    fn run(v: &[bool; 15], low: usize, len: usize) -> bool {
        (low..low + len).all(|x| v[x])
    }

    fn ref_straight(cs: &[Card]) -> bool {
        let v = values(cs);
        (1..=10).any(|low| run(&v, low, 5))
    }

    fn rank_count(cs: &[Card], r: u8) -> usize {
        cs.iter().filter(|c| c.rank.0 == r).count()
    }

    fn suit_count(cs: &[Card], s: Suit) -> usize {
        cs.iter().filter(|c| c.suit == s).count()
    }

    /// Some rank in `ranks` appears at least twice.
    fn ref_pair_in(cs: &[Card], ranks: std::ops::RangeInclusive<u8>) -> bool {
        ranks.into_iter().any(|r| rank_count(cs, r) >= 2)
    }

    fn ranks_with(cs: &[Card], n: usize) -> usize {
        (0..13).filter(|&r| rank_count(cs, r) >= n).count()
    }

    /// The five best ranks (high to low) of suit `s` among `cs`, when there are five.
    fn flush_ranks(cs: &[Card], s: Suit) -> Option<Vec<u8>> {
        let mut r: Vec<u8> = cs
            .iter()
            .filter(|c| c.suit == s)
            .map(|c| c.rank.0)
            .collect();
        r.sort_unstable_by(|a, b| b.cmp(a));
        r.truncate(5);
        (r.len() == 5).then_some(r)
    }

    /// By brute force over every villain holding: 0 when none makes a better flush than the
    /// hero's, 1 when all that do share one card; `None` without a flush a hole card plays in.
    fn ref_flush_place(h: &[Card], b: &[Card]) -> Option<usize> {
        let s = *Suit::ALL.iter().find(|&&s| suit_count(b, s) >= 3)?;
        let all: Vec<Card> = h.iter().chain(b).copied().collect();
        let mine = flush_ranks(&all, s)?;
        if !h.iter().any(|c| c.suit == s && mine.contains(&c.rank.0)) {
            return None;
        }
        let rest: Vec<Card> = CardSet::DECK.cards().filter(|c| !all.contains(c)).collect();
        let mut beaters: Vec<[Card; 2]> = Vec::new();
        for i in 0..rest.len() {
            for j in i + 1..rest.len() {
                let theirs: Vec<Card> = b.iter().copied().chain([rest[i], rest[j]]).collect();
                if flush_ranks(&theirs, s).is_some_and(|t| t > mine) {
                    beaters.push([rest[i], rest[j]]);
                }
            }
        }
        if beaters.is_empty() {
            return Some(0);
        }
        let shared = rest
            .iter()
            .any(|c| beaters.iter().all(|pair| pair.contains(c)));
        shared.then_some(1).or(Some(2))
    }

    /// The highest straight's top (1-14, the ace low as 1) in a `values` array.
    fn ref_top(v: &[bool; 15]) -> Option<usize> {
        (1..=10)
            .rev()
            .find(|&low| run(v, low, 5))
            .map(|low| low + 4)
    }

    /// By brute force over every two ranks: the place of the hero's straight among the tops
    /// two cards can make on the board (0 the highest) and its top; `None` without a straight
    /// a hole card takes part in.
    fn ref_straight_place(h: &[Card], b: &[Card]) -> Option<(usize, usize)> {
        let all: Vec<Card> = h.iter().chain(b).copied().collect();
        let top = ref_top(&values(&all))?;
        if run(&values(b), top - 4, 5) {
            return None;
        }
        let mut tops = std::collections::BTreeSet::new();
        for r1 in 0..13u8 {
            for r2 in 0..13u8 {
                let extra = [r1, r2].map(|r| Card::new(Rank(r), Suit::ALL[0]));
                let cs: Vec<Card> = b.iter().copied().chain(extra).collect();
                if b.len() >= 3 {
                    tops.extend(ref_top(&values(&cs)));
                }
            }
        }
        let place = tops.iter().rev().position(|&t| t == top)?;
        Some((place, top))
    }

    fn ref_flush(cs: &[Card]) -> bool {
        Suit::ALL.iter().any(|&s| suit_count(cs, s) >= 5)
    }

    fn ref_straight_flush(cs: &[Card]) -> bool {
        Suit::ALL.iter().any(|&s| {
            let suited: Vec<Card> = cs.iter().copied().filter(|c| c.suit == s).collect();
            ref_straight(&suited)
        })
    }

    fn ref_royal(cs: &[Card]) -> bool {
        Suit::ALL
            .iter()
            .any(|&s| (8..13).all(|r| cs.contains(&Card::new(Rank(r), s))))
    }

    /// Every rank value added to `held` that gives a straight, as the set of straights
    /// (lowest values) it makes.
    fn straights_with_added(cs: &[Card], added: Rank) -> Vec<usize> {
        let mut more = cs.to_vec();
        more.push(Card::new(added, Suit::Hearts));
        let v = values(&more);
        (1..=10).filter(|&low| run(&v, low, 5)).collect()
    }

    /// Brute force: add every rank; a draw when the hero then has a straight that the board
    /// with the same rank does not have.
    fn ref_straight_draw(hole: &[Card], board: &[Card]) -> bool {
        let all: Vec<Card> = hole.iter().chain(board).copied().collect();
        board.len() < 5
            && !ref_straight(&all)
            && Rank::all().any(|r| {
                let hero = straights_with_added(&all, r);
                let desk = straights_with_added(board, r);
                hero.iter().any(|s| !desk.contains(s))
            })
    }

    fn ref_open_ended(hole: &[Card], board: &[Card]) -> bool {
        let all: Vec<Card> = hole.iter().chain(board).copied().collect();
        let (v, vb) = (values(&all), values(board));
        // Runs of four whose neighbours below and above are both values 1..=14.
        board.len() < 5
            && !ref_straight(&all)
            && (2..=10).any(|low| run(&v, low, 4) && !run(&vb, low, 4))
    }

    fn ref_flush_draw(hole: &[Card], board: &[Card]) -> bool {
        let all: Vec<Card> = hole.iter().chain(board).copied().collect();
        board.len() < 5
            && !ref_flush(&all)
            && Suit::ALL
                .iter()
                .any(|&s| suit_count(&all, s) == 4 && suit_count(hole, s) >= 1)
    }

    fn ref_desk_straight_draw(board: &[Card]) -> bool {
        !ref_straight(board) && Rank::all().any(|r| !straights_with_added(board, r).is_empty())
    }

    fn ref_desk_open_ended(board: &[Card]) -> bool {
        let v = values(board);
        !ref_straight(board) && (2..=10).any(|low| run(&v, low, 4))
    }

    fn ref_rainbow(board: &[Card]) -> bool {
        board.len() >= 3
            && (0..board.len())
                .all(|i| (i + 1..board.len()).all(|j| board[i].suit != board[j].suit))
    }

    /// The board's distinct ranks, highest first.
    fn distinct_ranks(board: &[Card]) -> Vec<u8> {
        let mut d: Vec<u8> = board.iter().map(|c| c.rank.0).collect();
        d.sort_unstable_by(|a, b| b.cmp(a));
        d.dedup();
        d
    }

    /// Exactly one hole card of rank `r`, once on the board, no pocket pair, flop on.
    fn ref_pairs_rank(hole: &[Card], board: &[Card], r: Option<u8>) -> bool {
        r.is_some_and(|r| {
            board.len() >= 3
                && hole[0].rank != hole[1].rank
                && rank_count(hole, r) == 1
                && rank_count(board, r) == 1
        })
    }

    fn ref_top_pair(hole: &[Card], board: &[Card]) -> bool {
        ref_pairs_rank(hole, board, distinct_ranks(board).first().copied())
    }

    fn ref_overcards(hole: &[Card], board: &[Card]) -> bool {
        board.len() >= 3
            && hole
                .iter()
                .all(|h| board.iter().all(|b| h.rank.0 > b.rank.0))
    }

    fn reference(p: Predicate, hole: CardSet, board: CardSet) -> bool {
        let h: Vec<Card> = hole.cards().collect();
        let b: Vec<Card> = board.cards().collect();
        let a: Vec<Card> = h.iter().chain(&b).copied().collect();
        match p {
            Pair => ref_pair_in(&a, 0..=12),
            HighPair => ref_pair_in(&a, 9..=12),
            MidPair => ref_pair_in(&a, 4..=8),
            LowPair => ref_pair_in(&a, 0..=3),
            TwoPair => ranks_with(&a, 2) >= 2,
            ThreeOfKind => ranks_with(&a, 3) >= 1,
            FullHouse => (0..13).any(|r| {
                rank_count(&a, r) >= 3 && (0..13).any(|o| o != r && rank_count(&a, o) >= 2)
            }),
            Poker => ranks_with(&a, 4) >= 1,
            Straight => ref_straight(&a),
            Flush => ref_flush(&a),
            StraightFlush => ref_straight_flush(&a),
            RoyalFlush => ref_royal(&a),
            FlushDraw => ref_flush_draw(&h, &b),
            StraightDraw => ref_straight_draw(&h, &b),
            OpenEnded => ref_open_ended(&h, &b),
            Air => {
                !(ref_pair_in(&a, 0..=12)
                    || ref_straight(&a)
                    || ref_flush(&a)
                    || ref_flush_draw(&h, &b)
                    || ref_straight_draw(&h, &b))
            }
            Rainbow => ref_rainbow(&b),
            Desk3SameColor => Suit::ALL.iter().any(|&s| suit_count(&b, s) >= 3),
            DeskStraightDraw => ref_desk_straight_draw(&b),
            DeskOpenEnded => ref_desk_open_ended(&b),
            DeskPair => ref_pair_in(&b, 0..=12),
            DeskHighPair => ref_pair_in(&b, 9..=12),
            DeskMidPair => ref_pair_in(&b, 4..=8),
            DeskLowPair => ref_pair_in(&b, 0..=3),
            DeskTwoPair => ranks_with(&b, 2) >= 2,
            DeskThreeOfKind => ranks_with(&b, 3) >= 1,
            DeskStraight => ref_straight(&b),
            DeskFlush => ref_flush(&b),
            DeskFullHouse => (0..13).any(|r| {
                rank_count(&b, r) >= 3 && (0..13).any(|q| q != r && rank_count(&b, q) >= 2)
            }),
            DeskPoker => ranks_with(&b, 4) >= 1,
            DeskStraightFlush => ref_straight_flush(&b),
            OverPair => ref_overcards(&h, &b) && h[0].rank == h[1].rank,
            TopPair => ref_top_pair(&h, &b),
            SecondPair => ref_pairs_rank(&h, &b, distinct_ranks(&b).get(1).copied()),
            BottomPair => {
                let d = distinct_ranks(&b);
                d.len() >= 2 && ref_pairs_rank(&h, &b, d.last().copied())
            }
            TopKicker => {
                ref_top_pair(&h, &b) && {
                    let top = distinct_ranks(&b)[0];
                    let kicker = h.iter().find(|c| c.rank.0 != top).unwrap().rank.0;
                    let best = (0..13).rev().find(|&r| rank_count(&b, r) == 0);
                    Some(kicker) == best
                }
            }
            NutFlushDraw => {
                ref_flush_draw(&h, &b)
                    && Suit::ALL.iter().any(|&s| {
                        suit_count(&a, s) == 4 && {
                            let nut = (0..13)
                                .rev()
                                .map(|r| Card::new(Rank(r), s))
                                .find(|c| !b.contains(c));
                            nut.is_some_and(|c| h.contains(&c))
                        }
                    })
            }
            Overcards => ref_overcards(&h, &b),
            BackdoorFlushDraw => {
                b.len() == 3
                    && Suit::ALL.iter().all(|&s| suit_count(&a, s) < 4)
                    && Suit::ALL
                        .iter()
                        .any(|&s| suit_count(&a, s) == 3 && suit_count(&h, s) >= 1)
            }
            Monotone => b.len() >= 3 && b.iter().all(|c| c.suit == b[0].suit),
            TwoTone => {
                b.len() >= 3 && Suit::ALL.iter().map(|&s| suit_count(&b, s)).max() == Some(2)
            }
            FlushPossible => Suit::ALL.iter().any(|&s| suit_count(&b, s) >= 3),
            StraightPossible => {
                let v = values(&b);
                b.len() >= 3 && (1..=10).any(|low| (low..low + 5).filter(|&x| v[x]).count() >= 3)
            }
            PairedBoard => ref_pair_in(&b, 0..=12),
            FacingBet | CheckedTo | InPosition | Button | FirstToAct | HeroAggressor
            | VillainAggressor | LimpedPot | SingleRaisedPot | ThreeBetPot | FourBetPot
            | FacingRaise => false,
            // Both hole ranks distinct and on the board once each, and every board pair lower.
            HeroTwoPair => {
                let (x, y) = (h[0].rank.0, h[1].rank.0);
                b.len() >= 3
                    && x != y
                    && rank_count(&b, x) == 1
                    && rank_count(&b, y) == 1
                    && (0..13).all(|r| rank_count(&b, r) < 2 || r < x.min(y))
            }
            NutFlush => ref_flush_place(&h, &b) == Some(0),
            SecondNutFlush => ref_flush_place(&h, &b) == Some(1),
            NutStraight => ref_straight_place(&h, &b).is_some_and(|(place, _)| place == 0),
            SecondNutStraight => ref_straight_place(&h, &b).is_some_and(|(place, _)| place == 1),
            LowEndStraight => {
                ref_straight_place(&h, &b).is_some_and(|(place, top)| place > 0 && values(&b)[top])
            }
            // By brute force: no five cards holding a hole card rank above the board's five.
            BoardPlays => {
                b.len() == 5 && {
                    let board_rank = crate::strength::evaluate(b.iter().copied().collect());
                    let all: Vec<Card> = a.clone();
                    let mut best = board_rank;
                    for i in 0..all.len() {
                        for j in i + 1..all.len() {
                            let five: CardSet = all
                                .iter()
                                .enumerate()
                                .filter(|(k, _)| *k != i && *k != j)
                                .map(|(_, c)| *c)
                                .collect();
                            best = best.max(crate::strength::evaluate(five));
                        }
                    }
                    best == board_rank
                }
            }
        }
    }

    /// A deal from `deck`: two hole cards and a preflop, flop, turn or river board.
    fn deal_from(deck: Vec<Card>) -> impl Strategy<Value = (CardSet, CardSet)> {
        (
            Just(deck).prop_shuffle(),
            prop::sample::select(vec![0usize, 3, 4, 5]),
        )
            .prop_map(|(d, n)| {
                let hole: CardSet = d[..2].iter().copied().collect();
                let board: CardSet = d[2..2 + n].iter().copied().collect();
                (hole, board)
            })
    }

    fn full_deck() -> Vec<Card> {
        CardSet::DECK.cards().collect()
    }

    /// Deals from a small deck (a few ranks around a random point, two or three suits), so
    /// straights, flushes, straight flushes and draws are common.
    fn dense_deal() -> impl Strategy<Value = (CardSet, CardSet)> {
        (0u8..13, 5u8..=7, 2usize..=3).prop_flat_map(|(start, width, suits)| {
            let deck: Vec<Card> = (0..width)
                .flat_map(|k| {
                    let rank = Rank((start + k) % 13);
                    Suit::ALL[..suits].iter().map(move |&s| Card::new(rank, s))
                })
                .collect();
            deal_from(deck)
        })
    }

    fn agrees((hole, board): (CardSet, CardSet)) -> Result<(), TestCaseError> {
        let batch = batched(hole, board);
        prop_assert!(batch.iter().all(|i| BATCHED_MASK.contains(i)));
        for p in BATCHED {
            let bit = batch.contains(p as usize);
            prop_assert_eq!(
                bit,
                p.holds(hole, board),
                "{} on {:?} | {:?}",
                p.name(),
                hole,
                board
            );
        }
        for p in Predicate::ALL {
            let (h, b): (Vec<Card>, Vec<Card>) = (hole.cards().collect(), board.cards().collect());
            prop_assert_eq!(
                p.holds(hole, board),
                reference(p, hole, board),
                "{} on hole {:?} board {:?}",
                p.name(),
                h.iter().map(|c| c.to_string()).collect::<Vec<_>>(),
                b.iter().map(|c| c.to_string()).collect::<Vec<_>>()
            );
        }
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(20_000))]

        #[test]
        fn bit_masks_agree_with_card_lists(deal in deal_from(full_deck())) {
            agrees(deal)?;
        }

        #[test]
        fn bit_masks_agree_with_card_lists_on_dense_decks(deal in dense_deal()) {
            agrees(deal)?;
        }
    }

    #[test]
    fn lanes_held_are_the_suits_present() {
        for x in [
            0,
            1,
            0x1FFF,
            0x8000,
            0xFFFF,
            0x0001_0000_8000_0000,
            0xFFFF_0000_FFFF_0000,
            0x8000_4000_2000_1000,
            u64::MAX,
        ] {
            assert_eq!(lanes_held(CardSet(x)), suits_present(CardSet(x)), "{x:#x}");
        }
    }

    #[test]
    fn board_predicates_are_false_before_the_flop() {
        let board_preds = [
            Rainbow,
            Desk3SameColor,
            DeskStraightDraw,
            DeskOpenEnded,
            DeskPair,
            DeskHighPair,
            DeskMidPair,
            DeskLowPair,
            DeskTwoPair,
            DeskThreeOfKind,
        ];
        for a in CardSet::DECK.cards() {
            for b in CardSet::DECK.cards().filter(|&b| b != a) {
                let hole: CardSet = [a, b].into_iter().collect();
                for p in Predicate::ALL {
                    let holds = p.holds(hole, CardSet::EMPTY);
                    if board_preds.contains(&p) || p.needs_board() {
                        assert!(!holds, "{} preflop", p.name());
                    }
                    assert_eq!(holds, reference(p, hole, CardSet::EMPTY));
                }
            }
        }
    }

    #[test]
    fn aliases_agree_and_betting_predicates_are_not_cards() {
        for (hole, board) in [
            ("Ah Kd", "9c 7c 2c"),
            ("Ah Kd", "Kc Ks 2h"),
            ("2c 3d", "Kh 9h 6h 4h Ah"),
            ("7h 7s", "7c 2d 2h 2s Kd"),
            ("Ah Kd", ""),
        ] {
            let (h, b) = (cards(hole), cards(board));
            assert_eq!(FlushPossible.holds(h, b), Desk3SameColor.holds(h, b));
            assert_eq!(PairedBoard.holds(h, b), DeskPair.holds(h, b));
        }
        for p in [
            InPosition,
            Button,
            FirstToAct,
            HeroAggressor,
            VillainAggressor,
        ] {
            assert!(p.is_betting() && !p.needs_board(), "{}", p.name());
            assert!(!p.holds(cards("Ah Kd"), cards("Kc 7s 2h")));
        }
    }

    /// The predicates of `among` that hold.
    fn which(hole: &str, board: &str, among: &[Predicate]) -> Vec<Predicate> {
        let (h, b) = (cards(hole), cards(board));
        let got: Vec<Predicate> = among.iter().copied().filter(|p| p.holds(h, b)).collect();
        for &p in among {
            assert_eq!(
                p.holds(h, b),
                reference(p, h, b),
                "{} on {hole} | {board}",
                p.name()
            );
        }
        got
    }

    #[test]
    fn nut_and_second_nut_flushes_by_the_highest_cards_off_the_board() {
        let f = |hole, board| which(hole, board, &[Flush, NutFlush, SecondNutFlush]);
        // Three spades without the ace: the ace makes the nuts, the queen (the king is on the
        // board) the second nuts, the jack neither.
        assert_eq!(f("As 2s", "Ks 9s 4s"), [Flush, NutFlush]);
        assert_eq!(f("Qs 2s", "Ks 9s 4s"), [Flush, SecondNutFlush]);
        assert_eq!(f("Js Ts", "Ks 9s 4s"), [Flush]);
        // The ace on the board: the king is the nut card.
        assert_eq!(f("Ks 3s", "As 9s 4s 2d"), [Flush, NutFlush]);
        // Four spades on the board: one card is enough, the other is any.
        assert_eq!(f("As 3d", "Ks Qs 9s 4s 7h"), [Flush, NutFlush]);
        assert_eq!(f("Js 3d", "Ks Qs 9s 4s 7h"), [Flush, SecondNutFlush]);
        // The hero's spade does not play on a royal board: the board's flush, nobody's nuts.
        assert_eq!(f("9s 2d", "As Ks Qs Js Ts"), [Flush]);
        // A flush draw is not a flush.
        assert_eq!(f("As 2s", "Ks 9s 4d"), []);
    }

    #[test]
    fn nut_second_nut_and_low_end_straights_by_the_board() {
        let s = |hole, board| {
            which(
                hole,
                board,
                &[Straight, NutStraight, SecondNutStraight, LowEndStraight],
            )
        };
        // 8 9 T: Q J tops at the queen, 7 J at the jack, 6 7 is the low end under a ten.
        assert_eq!(s("Qc Jd", "8c 9d Th"), [Straight, NutStraight]);
        assert_eq!(s("7c Jd", "8c 9d Th"), [Straight, SecondNutStraight]);
        assert_eq!(s("6c 7d", "8c 9d Th"), [Straight, LowEndStraight]);
        // 5 6 7: 8 9 is the nuts, 4 8 the second, 3 4 the low end.
        assert_eq!(s("8c 9d", "5c 6d 7h"), [Straight, NutStraight]);
        assert_eq!(s("4c 8d", "5c 6d 7h"), [Straight, SecondNutStraight]);
        assert_eq!(s("3c 4d", "5c 6d 7h"), [Straight, LowEndStraight]);
        // The wheel under a 3 4 5 board is the low end (6 7 and 2 6 are higher).
        assert_eq!(s("Ac 2d", "3c 4d 5h"), [Straight, LowEndStraight]);
        // A straight on the board alone is nobody's; a king on top of it is second to the ace.
        assert_eq!(s("2c 3d", "8c 9d Th Jc Qd"), [Straight]);
        assert_eq!(s("Kc 2d", "8c 9d Th Jc Qd"), [Straight, SecondNutStraight]);
        assert_eq!(s("Ac Kd", "Tc Jd Qh 2c 3d"), [Straight, NutStraight]);
    }

    /// The table with three more rows: a hero word, a board word and a betting word. Each
    /// is a predicate by that alone (a name to look up, a kind, what it needs, an evaluation
    /// or, for the betting word, none on cards), and the 66 predicates need a second word in
    /// their sets.
    mod grown {
        use super::super::*;

        predicate_table!(define_predicates
            (hole, board, all; d)
            /// Test word: the hero holds two suited cards.
            HeroSuited "heroSuited" hero hole => hole.suit_mask(Suit::ALL[0]).count_ones() == 2
                || Suit::ALL[1..].iter().any(|&s| hole.suit_mask(s).count_ones() == 2);
            /// Test word: the board has exactly four cards.
            DeskTurn "deskTurn" board board => board.len() == 4;
            /// Test word: a betting row (never evaluated on cards).
            VillainLimped "villainLimped" betting state => d.villain_limped;
        );
    }

    #[test]
    fn a_row_is_all_a_predicate_takes_and_sets_grow_with_the_table() {
        use grown::{Predicate as G, PredicateSet as GSet};
        assert_eq!(G::ALL.len(), Predicate::ALL.len() + 3);
        assert!(G::ALL.len() > 64 && GSet::CAPACITY >= G::ALL.len());
        // The old rows are unchanged, in order.
        for (g, p) in G::ALL.iter().zip(Predicate::ALL) {
            assert_eq!(
                (g.name(), g.kind(), g.needs()),
                (p.name(), p.kind(), p.needs())
            );
        }
        let (hole, board) = (cards("Ah Kh"), cards("9c 7c 2d 3s"));
        assert_eq!(G::from_name("HEROSUITED"), Some(G::HeroSuited));
        assert_eq!(G::HeroSuited.kind(), PredicateKind::Hero);
        assert_eq!(G::HeroSuited.on_cards(hole, board), Some(true));
        assert_eq!(G::HeroSuited.on_cards(cards("Ah Kd"), board), Some(false));
        assert_eq!(G::from_name("deskTurn"), Some(G::DeskTurn));
        assert!(G::DeskTurn.needs_board() && G::DeskTurn.holds(hole, board));
        assert_eq!(G::from_name("villainLimped"), Some(G::VillainLimped));
        assert!(G::VillainLimped.is_betting());
        assert_eq!(G::VillainLimped.on_cards(hole, board), None);
        // Every predicate has its own bit, past the first word too.
        let mut set = GSet::EMPTY;
        for g in G::ALL {
            assert!(!set.contains(g as usize), "{}", g.name());
            set.insert(g as usize);
        }
        assert_eq!(set.iter().count(), G::ALL.len());
    }

    #[test]
    fn kinds_and_needs_of_the_table() {
        let of = |kind| {
            Predicate::ALL
                .into_iter()
                .filter(|p| p.kind() == kind)
                .count()
        };
        assert_eq!(
            (
                of(PredicateKind::Hero),
                of(PredicateKind::Board),
                of(PredicateKind::Betting)
            ),
            (31, 20, 12)
        );
        for p in Predicate::ALL {
            assert_eq!(p.is_betting(), p.needs() == Needs::State, "{}", p.name());
            assert_eq!(
                p.is_betting(),
                p.on_cards(CardSet::EMPTY, CardSet::EMPTY).is_none()
            );
        }
    }

    #[test]
    fn names_round_trip() {
        for p in Predicate::ALL {
            assert_eq!(Predicate::from_name(p.name()), Some(p));
            assert_eq!(Predicate::from_name(&p.name().to_uppercase()), Some(p));
        }
        assert_eq!(Predicate::from_name("flushdraw"), Some(FlushDraw));
        assert_eq!(Predicate::from_name("flush_draw"), None);
    }
}
