//! Every name a script can use, with its exact meaning: the source of `hus names`, of the
//! reference's section 11 (docs/language.md, checked against this table by a test), and of
//! what editors show on hover.

use crate::cards::predicate::Predicate;
use crate::game::{Constant, Phase, Player, Stat};

/// What kind of word an entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WordKind {
    Predicate,
    Constant,
    /// A pattern standing for many constants (`villain<Phase><Stat>`).
    Family,
    Action,
    /// A structural keyword outside the rules (`DEFINE`, `INCLUDE`).
    Keyword,
    TableCell,
    /// An `act` of the game-state XML.
    Act,
    /// A word of the ranges `hus equity` and `hus range` read (`anyTwo`).
    RangeWord,
}

impl WordKind {
    pub fn word(self) -> &'static str {
        match self {
            WordKind::Predicate => "predicate",
            WordKind::Constant => "constant",
            WordKind::Family => "constant family",
            WordKind::Action => "action",
            WordKind::Keyword => "keyword",
            WordKind::TableCell => "table cell",
            WordKind::Act => "game-state act",
            WordKind::RangeWord => "range word",
        }
    }
}

/// One name and what it means.
#[derive(Clone, Copy, Debug)]
pub struct GlossaryEntry {
    pub name: &'static str,
    pub kind: WordKind,
    /// One line.
    pub meaning: &'static str,
    /// The exact definition: formula, range and units, the rounds where it can hold.
    pub definition: &'static str,
    pub example: &'static str,
    /// The thesis' name or definition where it differs; empty when it is the same.
    pub thesis: &'static str,
}

const fn e(
    name: &'static str,
    kind: WordKind,
    meaning: &'static str,
    definition: &'static str,
    example: &'static str,
    thesis: &'static str,
) -> GlossaryEntry {
    GlossaryEntry {
        name,
        kind,
        meaning,
        definition,
        example,
        thesis,
    }
}

use WordKind::{Act, Action, Constant as C, Family, Keyword, Predicate as P, TableCell};

/// Every entry, in the reference's order.
pub const ENTRIES: &[GlossaryEntry] = &[
    // Predicates: the hero's cards with the board.
    e("pair", P, "some rank appears at least twice among hole and board cards",
      "Hole and board together contain a pair (trips, two pair, a full house count). A pair on the board alone holds it: add `!deskPair` for the hero's own pair. Any round.",
      "RULE pair, !deskPair", ""),
    e("highPair", P, "a pair of jacks or better among hole and board",
      "Some rank J, Q, K or A appears at least twice among hole and board. Any round.",
      "RULE highPair, !deskHighPair", ""),
    e("midPair", P, "a pair of sixes to tens among hole and board",
      "Some rank 6-T appears at least twice among hole and board. Any round.", "RULE midPair", ""),
    e("lowPair", P, "a pair of twos to fives among hole and board",
      "Some rank 2-5 appears at least twice among hole and board. Any round.", "RULE lowPair", ""),
    e("twoPair", P, "two different ranks paired among hole and board",
      "At least two ranks appear at least twice (four of a kind alone is one rank, not two pair). Flop on.",
      "RULE twoPair, !deskPair", ""),
    e("threeOfKind", P, "some rank three times among hole and board",
      "Some rank appears at least three times (four of a kind too). Flop on.",
      "RULE threeOfKind, !deskThreeOfKind", ""),
    e("fullHouse", P, "a rank three times and another at least twice",
      "Among hole and board, a rank three times and another at least twice (two sets of trips count). Flop on; the board alone can be one on the river: `!deskFullHouse` or `!boardPlays`.",
      "RULE fullHouse, !boardPlays", ""),
    e("poker", P, "four of a kind among hole and board",
      "Some rank appears four times among hole and board. Flop on; from the turn the board alone can hold it: `!deskPoker`.",
      "RULE poker, !deskPoker", "thesis name for four of a kind"),
    e("straight", P, "five consecutive ranks among hole and board",
      "Five consecutive ranks (A-2-3-4-5 counts, K-A-2-3-4 does not wrap). Flop on; on the river the board alone can be one: `!deskStraight` or `!boardPlays`.",
      "RULE straight, !boardPlays", ""),
    e("flush", P, "five cards of one suit among hole and board",
      "Five cards of one suit among hole and board. Flop on; on the river the board alone can be one: `!deskFlush` or `!boardPlays`.",
      "RULE flush, !boardPlays", ""),
    e("straightFlush", P, "five consecutive ranks in one suit",
      "Five consecutive ranks in one suit (the steel wheel A-5 too). Flop on.",
      "RULE straightFlush, !deskStraightFlush", ""),
    e("royalFlush", P, "T-J-Q-K-A in one suit", "T, J, Q, K and A of one suit among hole and board. Flop on.",
      "RULE royalFlush", ""),
    e("flushDraw", P, "four cards of a suit, at least one in the hero's hand, no flush yet",
      "Four cards of one suit among hole and board with at least one hole card of that suit; no flush yet; flop and turn only (never on the river).",
      "RULE flushDraw", ""),
    e("straightDraw", P, "one rank away from a straight the hero's cards take part in",
      "Open-ended or gutshot: some five-rank window holds four of the hero's ranks, not all four on the board, so one rank completes a straight; no straight yet; flop and turn only. A hole card repeating a board rank does not take part.",
      "RULE straightDraw", ""),
    e("openEnded", P, "four consecutive ranks open at both ends, the hero's cards taking part",
      "Four consecutive ranks completable at either end (2-3-4-5 up to T-J-Q-K), not all on the board; no straight yet; flop and turn only. A double gutshot is a `straightDraw`, not `openEnded`.",
      "RULE openEnded", ""),
    e("air", P, "nothing: no pair, straight, flush or draw",
      "None of `pair`, `straight`, `flush`, `flushDraw`, `straightDraw`. Any round; A-K before the flop is air.",
      "RULE air", ""),
    e("rainbow", P, "at least three board cards, no two of a suit",
      "The board has at least three cards and no two of one suit: flop and turn only.", "RULE rainbow", ""),
    e("desk3SameColor", P, "at least three board cards of one suit",
      "The board alone holds three or more cards of one suit. Flop on.", "RULE desk3SameColor", ""),
    e("deskStraightDraw", P, "one rank makes the board alone a straight",
      "The board is not a straight and one more rank makes one from board cards alone. Flop on, the river too.",
      "RULE deskStraightDraw", ""),
    e("deskOpenEnded", P, "the board holds four consecutive ranks open at both ends",
      "The board is not a straight and holds four consecutive ranks completable at both ends. Flop on.",
      "RULE deskOpenEnded", ""),
    e("deskPair", P, "the board alone holds a pair", "The board holds some rank at least twice. Flop on.",
      "RULE pair, !deskPair", ""),
    e("deskHighPair", P, "the board alone holds a pair of jacks or better",
      "The board holds a rank J-A at least twice. Flop on.", "RULE highPair, !deskHighPair", ""),
    e("deskMidPair", P, "the board alone holds a pair of sixes to tens",
      "The board holds a rank 6-T at least twice. Flop on.", "RULE deskMidPair", ""),
    e("deskLowPair", P, "the board alone holds a pair of twos to fives",
      "The board holds a rank 2-5 at least twice. Flop on.", "RULE deskLowPair", ""),
    e("deskTwoPair", P, "the board alone holds two pairs",
      "The board holds two ranks at least twice each. Turn on.", "RULE twoPair, !deskTwoPair", ""),
    e("deskThreeOfKind", P, "the board alone holds three of a kind",
      "The board holds a rank at least three times. Flop on.", "RULE threeOfKind, !deskThreeOfKind", ""),
    e("deskStraight", P, "the board alone is a straight",
      "The five board cards are five consecutive ranks. River only.", "RULE straight, !deskStraight", "not in the thesis"),
    e("deskFlush", P, "the board alone is a flush",
      "The five board cards are of one suit. River only.", "RULE flush, !deskFlush", "not in the thesis"),
    e("deskFullHouse", P, "the board alone is a full house",
      "The board holds a rank three times and another twice. River only.", "RULE fullHouse, !deskFullHouse", "not in the thesis"),
    e("deskPoker", P, "the board alone holds four of a kind",
      "The board holds a rank four times. Turn and river.", "RULE poker, !deskPoker", "not in the thesis"),
    e("deskStraightFlush", P, "the board alone is a straight flush",
      "The five board cards are a straight in one suit. River only.", "RULE straightFlush, !deskStraightFlush", "not in the thesis"),
    e("boardPlays", P, "the hero's best five cards are the board's five",
      "On the river, the best hand of hole and board ranks exactly as the board alone: the hole cards improve nothing, so both players hold at least that hand. False before the river.",
      "RULE flush, !boardPlays", "not in the thesis"),
    e("overPair", P, "a pocket pair above every board card",
      "The hole cards are a pocket pair ranked above every board card, with at least three board cards; such a pair is also `overcards`. Flop on.",
      "RULE overPair", "not in the thesis"),
    e("topPair", P, "one hole card pairs the board's highest rank",
      "Exactly one hole card has the board's highest rank, which the board holds once (a pair, not trips); not a pocket pair. Flop on.",
      "RULE topPair, topKicker", "not in the thesis"),
    e("secondPair", P, "one hole card pairs the board's second-highest rank",
      "Exactly one hole card has the board's second-highest distinct rank, which the board holds once; not a pocket pair. Flop on.",
      "RULE secondPair, !topPair", "not in the thesis"),
    e("bottomPair", P, "one hole card pairs the board's lowest rank",
      "Exactly one hole card has the board's lowest rank, which the board holds once and which is below its highest rank; not a pocket pair. On a board of two distinct ranks (K K 5) pairing the lowest is also `secondPair`. Flop on.",
      "RULE bottomPair, !secondPair", "not in the thesis"),
    e("topKicker", P, "top pair with the best kicker",
      "`topPair`, and the other hole card has the highest rank not on the board (board K 7 2 with A K: yes; board A 7 2 with A K: yes; with A Q: no). Flop on.",
      "RULE topPair, topKicker", "not in the thesis"),
    e("nutFlushDraw", P, "a flush draw to the best flush",
      "`flushDraw`, and the hero holds the card of the four-card suit whose rank is the highest of that suit not on the board. Flop and turn only.",
      "RULE nutFlushDraw", "not in the thesis"),
    e("overcards", P, "both hole cards above every board card",
      "Both hole cards rank above every board card, with at least three board cards (a pocket pair above the board is also `overPair`). Flop on.",
      "RULE overcards, !deskPair", "not in the thesis"),
    e("backdoorFlushDraw", P, "three cards of a suit on the flop, the hero's cards taking part",
      "Exactly three board cards; some suit has exactly three cards among hole and board, at least one a hole card; no suit has four or more. Flop only.",
      "RULE backdoorFlushDraw, straightDraw", "not in the thesis"),
    e("monotone", P, "every board card of one suit",
      "At least three board cards, all of one suit. Flop on.", "RULE monotone", "not in the thesis"),
    e("twoTone", P, "the board's most frequent suit has two cards",
      "At least three board cards, and the board's most frequent suit has exactly two. Flop on.",
      "RULE twoTone", "not in the thesis"),
    e("flushPossible", P, "at least three board cards of one suit",
      "The same as `desk3SameColor`, in plain words: the board holds three or more cards of one suit, so a flush is possible. Flop on.",
      "RULE flushPossible", "not in the thesis"),
    e("straightPossible", P, "two hole cards could make a straight with the board",
      "At least three board cards, and some five-rank window (A-2-3-4-5 included, the ace low and high) holds at least three distinct board ranks. Flop on.",
      "RULE straightPossible", "not in the thesis"),
    e("pairedBoard", P, "the board alone holds a pair",
      "The same as `deskPair`: the board holds some rank at least twice. Flop on.",
      "RULE pair, !pairedBoard", "not in the thesis"),
    e("facingBet", P, "something is owed: the villain bet or raised",
      "`toCall > 0`. Any round; before the flop the big blind counts as a bet, so the small blind's first action is `facingBet` (`facingRaise` leaves the blinds out).", "VILLAIN facingBet, equity >= potOdds", "not in the thesis"),
    e("checkedTo", P, "the villain checked to the hero in this round",
      "The villain checked in the current round and nothing is owed now. Any round.",
      "VILLAIN checkedTo", "not in the thesis"),
    e("inPosition", P, "the hero acts last after the flop",
      "The hero acts last on the flop, turn and river: in heads-up, the hero is the dealer, on the button. Any round (before the flop the button acts first).",
      "RULE inPosition, checkedTo", "not in the thesis"),
    e("button", P, "the hero is the dealer", "The same as `inPosition`. Any round.",
      "RULE button", "not in the thesis"),
    e("firstToAct", P, "the hero acts first in the current round",
      "The hero is the first to act in the current round. Any round.",
      "RULE firstToAct", "not in the thesis"),
    e("heroAggressor", P, "the hero made the last bet or raise of the hand",
      "The last bet or raise of the hand so far, in this round or an earlier one, was the hero's. Any round.",
      "RULE heroAggressor, !facingBet", "not in the thesis"),
    e("villainAggressor", P, "the villain made the last bet or raise of the hand",
      "The last bet or raise of the hand so far, in this round or an earlier one, was the villain's. Any round.",
      "RULE villainAggressor", "not in the thesis"),
    e("nutFlush", P, "the best flush possible on this board",
      "A flush in the suit the board holds three or more of, with a hole card in it: the hero holds the highest card of that suit not on the board, and it is among the flush's five best cards, so no other holding makes a better flush (a straight flush or a full house can still beat it). Flop on.",
      "RULE nutFlush", "not in the thesis"),
    e("secondNutFlush", P, "the second-best flush possible on this board",
      "As `nutFlush`, with the second-highest card of the suit not on the board instead of the highest (which the hero does not hold): only a holding with that highest card makes a better flush. Flop on.",
      "RULE secondNutFlush, villainRaiseTimes < 2", "not in the thesis"),
    e("nutStraight", P, "the highest straight possible on this board",
      "A straight with a hole card in it, whose top card is as high as any two cards can make on this board (by ranks: the hero's cards do not count as blocking it; a flush can still beat it). Flop on.",
      "RULE nutStraight, !flushPossible", "not in the thesis"),
    e("secondNutStraight", P, "the second-highest straight possible on this board",
      "A straight with a hole card in it whose top card is the second-highest any two cards can make on this board (board 8 9 T: 7 J makes the second-nut straight, Q J the nuts). Flop on.",
      "RULE secondNutStraight", "not in the thesis"),
    e("lowEndStraight", P, "a straight made at the low end of the board's run",
      "The hero's straight has its top card on the board and the hole cards below it (\"the ignorant end\": board 7 8 9 with 5 6), and a higher straight is possible: a single card beats it (T, or T J). Flop on.",
      "RULE lowEndStraight, facingBet", "not in the thesis"),
    e("limpedPot", P, "nobody raised before the flop",
      "No bet or raise before the flop so far (the blinds do not count): after the flop, a limped pot. Any round; before the flop, the betting so far.",
      "RULE limpedPot, topPair", "not in the thesis"),
    e("singleRaisedPot", P, "one raise before the flop",
      "Exactly one bet or raise before the flop, by either player: a single-raised pot. Any round; before the flop, the betting so far.",
      "RULE singleRaisedPot, heroAggressor", "not in the thesis"),
    e("threeBetPot", P, "a raise and a re-raise before the flop",
      "Exactly two bets or raises before the flop, by both players together: a 3-bet pot. Any round; before the flop, the betting so far.",
      "RULE threeBetPot, overPair", "not in the thesis"),
    e("fourBetPot", P, "three or more raises before the flop",
      "Three or more bets or raises before the flop: a 4-bet pot, or more. Any round; before the flop, the betting so far.",
      "RULE fourBetPot, !overPair", "not in the thesis"),
    e("heroTwoPair", P, "two pair made with both hole cards, both pairs playing",
      "Each hole card pairs a different board rank that the board holds once, and no pair on the board ranks above the lower of the two: the hero's best two pair is the hero's own. 76 on 7 6 K K A is `twoPair` but not `heroTwoPair` (counterfeited: the kings and the ace play); on 7 6 2 2 A it is both. A pocket pair, or one hole card with a board pair, is not. Flop on.",
      "RULE heroTwoPair", "not in the thesis"),
    e("facingRaise", P, "the villain bet or raised in this round",
      "Something is owed and the villain bet or raised in the current round; the blinds do not count, so the small blind's first action before the flop is `facingBet` but not `facingRaise`. Any round.",
      "VILLAIN facingRaise, equity >= potOdds", "not in the thesis"),
    // Constants.
    e("bb", C, "the big blind, in chips", "`<init><BB>`. Chips, above 0.", "RAISE 3 bb", ""),
    e("sb", C, "the small blind, in chips", "`<init><SB>`. Chips, above 0, at most `bb`.", "RAISE 2 sb", ""),
    e("pot", C, "every chip in the middle now", "Both players' chips put in this hand, the blinds and any unmatched bet included. Chips.",
      "RAISE 0.5 pot", ""),
    e("heroStack", C, "the hero's chips behind now", "Stack at the start of the hand minus everything the hero put in. Chips, 0 or more.",
      "heroStack > 20 bb", ""),
    e("villainStack", C, "the villain's chips behind now", "Stack at the start of the hand minus everything the villain put in. Chips.",
      "villainStack < pot", ""),
    e("allIn", C, "the hero's chips behind: as an amount, everything", "Equal to `heroStack`; `RAISE allIn` is an all-in that is never reported as changed.",
      "RAISE allIn", ""),
    e("effectiveStack", C, "the smaller of the two stacks behind", "`min(heroStack, villainStack)`. Chips.",
      "effectiveStack < 10 bb", "not in the thesis"),
    e("startingEffectiveStackBB", C, "how deep the hand is: the smaller stack when it began, in big blinds", "`min` of `<heroStack>` and `<villainStack>` of `<init>` (the stacks before the blinds) / `bb`. Big blinds, not chips: `startingEffectiveStackBB <= 25` reads \"25 big blinds deep or less\".",
      "startingEffectiveStackBB <= 25", "not in the thesis"),
    e("toCall", C, "what a call adds now", "What the villain put in this round minus what the hero put in, capped at `heroStack`; 0 when nothing is owed. Chips.",
      "toCall <= 3 bb", ""),
    e("potOdds", C, "the share of the final pot a call pays: the equity a call needs",
      "`toCall / (winnablePot + toCall)`, where the winnable pot is the hero's chips in plus the villain's, the villain's capped at the hero's chips in + `heroStack` (the rest of a covering bet goes back). 0 when nothing is owed. Between 0 and 1.",
      "VILLAIN facingBet, equity >= potOdds", "the thesis divides by the whole pot"),
    e("handRank169", C, "the rank of the hero's hole-card class, 1 (AA) to 169",
      "The position of the class (pair, suited or offsuit ranks) in the heads-up hand-rank table, 1 = best. Any round; it describes the hole cards only.",
      "handRank169 <= 20", ""),
    e("handRank2652", C, "ordered deals as good as the hero's class or better, 1 to 2652",
      "The number of ordered two-card deals in the classes ranked at or above the hero's (each combination counted twice); 2652 = 52 x 51. Any round.",
      "handRank2652 <= 265", ""),
    e("random", C, "a uniform random number for this decision", "Drawn once per decision from the seeded generator, in [0, 1).",
      "random < 0.3", ""),
    e("handStrength", C, "the share of villain hands the hero beats now",
      "(wins + ties/2) / all over every villain holding, with the board as it is; before the flop the same as `equity`. Between 0 and 1.",
      "handStrength > 0.8", "Billings' HS"),
    e("equity", C, "the chance of winning at showdown against a random hand",
      "Exact over every villain holding and every run-out of the board (ties count half); before the flop from the 169-class table, on the flop from the exact table of (hole, flop) classes (the same value, read instead of counted). Between 0 and 1.",
      "equity >= 0.6", ""),
    e("ppot", C, "the chance that a hand behind now ends ahead",
      "Billings' positive potential over the cards to come; 0 before the flop and on the river. Between 0 and 1.",
      "ppot > 0.2", "Billings' PPot"),
    e("npot", C, "the chance that a hand ahead now ends behind",
      "Billings' negative potential over the cards to come; 0 before the flop and on the river. Between 0 and 1.",
      "npot < 0.2", "Billings' NPot"),
    e("ehs", C, "effective hand strength", "`handStrength + (1 - handStrength) x ppot`: Billings et al.'s optimistic effective hand strength, the chance of being ahead now or of drawing ahead. The form with `(1 - npot)` is left out: counted over every run-out it equals `equity`. Between 0 and 1.",
      "ehs > 0.7", "Billings' EHS"),
    e("equityVs", C, "the chance of winning at showdown against a range: `equityVs(QQ+ | AK)`",
      "As `equity`, against the villain holdings of the range in parentheses (card queries and DEFINEd ranges joined by `|`) that the hero's cards and the board leave, each counted once, over every run-out (before the flop, every board). Between 0 and 1. Undefined when the known cards leave no holding of the range.",
      "equityVs(QQ+ | AK) > potOdds", "not in the thesis"),
    e("handStrengthVs", C, "the share of a range's holdings the hero beats now: `handStrengthVs(premium)`",
      "As `handStrength`, against the holdings of the range that the known cards leave; before the flop the same as `equityVs`. Between 0 and 1. Undefined when no holding of the range is left.",
      "handStrengthVs(TT+ | AQ+) > 0.5", "not in the thesis"),
    e("ppotVs", C, "the chance that a hand behind a range's holding now ends ahead",
      "As `ppot`, against the holdings of the range that the known cards leave; 0 before the flop and on the river. Between 0 and 1. Undefined when no holding of the range is left.",
      "ppotVs(QQ+) > 0.2", "not in the thesis"),
    e("npotVs", C, "the chance that a hand ahead of a range's holding now ends behind",
      "As `npot`, against the holdings of the range that the known cards leave; 0 before the flop and on the river. Between 0 and 1. Undefined when no holding of the range is left.",
      "npotVs(99-) < 0.2", "not in the thesis"),
    e("potAfterCall", C, "the pot once the hero has called", "`pot + toCall`. Chips. `RAISE potAfterCall` is a pot-sized raise, `RAISE 0.5 potAfterCall` a half-pot one.",
      "RAISE 0.75 potAfterCall", "not in the thesis"),
    e("potBeforeBet", C, "the pot before the villain's bet or raise the hero faces",
      "`pot` minus the chips the villain's last act of this round added when it was a bet or raise; `pot` when the villain's last act this round was none, a check or a call. Chips.",
      "villainLastRaise > 0.7 potBeforeBet", "not in the thesis"),
    e("spr", C, "stack-to-pot ratio", "`effectiveStack / pot`: the chips still to be played for over the chips in the middle now. A number, 0 or more.",
      "spr < 3", "not in the thesis"),
    e("boardHigh", C, "the board's highest rank as a number", "2 to 14 (J = 11, Q = 12, K = 13, A = 14); 0 before the flop.",
      "boardHigh <= 10", "not in the thesis"),
    e("raisesThisRound", C, "bets and raises in the current round, both players", "`heroRaiseTimes + villainRaiseTimes`: the blinds do not count. A count.",
      "raisesThisRound >= 2", "not in the thesis"),
    e("villainHands", C, "hands the villain's statistics rest on", "Hands observed: every hand of the match so far (`hus match`), or `<stats hands>` of the game state. Unknown without `<stats>`: a comparison with it does not hold. A count.",
      "villainHands >= 50", "not in the thesis"),
    e("villainVPIP", C, "how often the villain puts chips in voluntarily before the flop, in %", "100 x hands in which the villain called or raised before the flop / hands in which the villain acted before the flop (a blind or a check is not voluntary). Undefined (the comparison does not hold) with no such hand or without `<stats>`. 0 to 100.",
      "villainVPIP > 80, villainVPIPHands >= 30", "not in the thesis"),
    e("villainVPIPHands", C, "the hands `villainVPIP` rests on", "The number of hands in which the villain acted before the flop: require enough of them before trusting `villainVPIP`. Unknown without `<stats>`. A count.",
      "villainVPIPHands >= 20", "not in the thesis"),
    e("villainPFR", C, "how often the villain raises before the flop, in %", "100 x hands in which the villain bet or raised before the flop / hands in which the villain acted before the flop. 0 to 100; undefined as `villainVPIP`.",
      "villainPFR < 10", "not in the thesis"),
    e("villainPFRHands", C, "the hands `villainPFR` rests on", "The number of hands in which the villain acted before the flop: require enough of them before trusting `villainPFR`. Unknown without `<stats>`. A count.",
      "villainPFRHands >= 20", "not in the thesis"),
    e("villainThreeBet", C, "how often the villain re-raises a first raise before the flop, in %", "100 x hands in which the villain, facing the hero's first raise of the hand before the flop, raised / hands in which the villain faced it. 0 to 100; undefined with no such hand.",
      "villainThreeBet > 20", "not in the thesis"),
    e("villainThreeBetHands", C, "the hands `villainThreeBet` rests on", "The number of hands in which the villain faced the hero's first raise before the flop: require enough of them before trusting `villainThreeBet`. Unknown without `<stats>`. A count.",
      "villainThreeBetHands >= 20", "not in the thesis"),
    e("villainFoldToThreeBet", C, "how often the villain folds when their first raise is re-raised, in %", "100 x hands in which the villain folded to the hero's re-raise of the villain's first raise before the flop / hands in which the villain faced one. 0 to 100; undefined with no such hand.",
      "villainFoldToThreeBet > 60", "not in the thesis"),
    e("villainFoldToThreeBetHands", C, "the hands `villainFoldToThreeBet` rests on", "The number of hands in which the villain's first raise was re-raised: require enough of them before trusting `villainFoldToThreeBet`. Unknown without `<stats>`. A count.",
      "villainFoldToThreeBetHands >= 20", "not in the thesis"),
    e("villainCBet", C, "how often the villain continuation-bets, in %", "100 x hands in which the villain, the last raiser before the flop, bet the flop at their first act with nothing bet before it / hands with that chance. 0 to 100; undefined with no such hand.",
      "villainCBet > 70", "not in the thesis"),
    e("villainCBetHands", C, "the hands `villainCBet` rests on", "The number of hands in which the villain could continuation-bet: require enough of them before trusting `villainCBet`. Unknown without `<stats>`. A count.",
      "villainCBetHands >= 20", "not in the thesis"),
    e("villainFoldToCBet", C, "how often the villain folds to the hero's continuation bet, in %", "100 x hands in which the villain folded to the hero's flop bet, made as the last raiser before the flop with nothing bet before it / hands in which the villain faced one. 0 to 100; undefined with no such hand.",
      "villainFoldToCBet >= 55, villainFoldToCBetHands >= 10", "not in the thesis"),
    e("villainFoldToCBetHands", C, "the hands `villainFoldToCBet` rests on", "The number of hands in which the villain faced the hero's continuation bet: require enough of them before trusting `villainFoldToCBet`. Unknown without `<stats>`. A count.",
      "villainFoldToCBetHands >= 20", "not in the thesis"),
    e("villainAggression", C, "the villain's aggression factor after the flop", "(the villain's bets + raises) / the villain's calls, on the flop, turn and river of all hands observed. 0 or more; undefined with no call.",
      "villainAggression < 0.5", "not in the thesis"),
    e("villainAggressionHands", C, "the hands `villainAggression` rests on", "The number of hands in which the villain bet, raised or called after the flop: require enough of them before trusting `villainAggression`. Unknown without `<stats>`. A count.",
      "villainAggressionHands >= 20", "not in the thesis"),
    e("villainWTSD", C, "how often the villain goes to showdown after seeing the flop, in %", "100 x hands that reached a showdown / hands in which the villain saw the flop. 0 to 100; undefined with no such hand.",
      "villainWTSD > 40", "not in the thesis"),
    e("villainWTSDHands", C, "the hands `villainWTSD` rests on", "The number of hands in which the villain saw the flop: require enough of them before trusting `villainWTSD`. Unknown without `<stats>`. A count.",
      "villainWTSDHands >= 20", "not in the thesis"),
    e("villainLimp", C, "how often the villain only calls the big blind when first to act before the flop, in %", "100 x hands in which the villain, first to act before the flop (the small blind, facing only the blinds), called / hands in which the villain acted first before the flop. 0 to 100; undefined with no such hand.",
      "villainLimp > 50", "not in the thesis"),
    e("villainLimpHands", C, "the hands `villainLimp` rests on", "The number of hands in which the villain acted first before the flop: require enough of them before trusting `villainLimp`. Unknown without `<stats>`. A count.",
      "villainLimpHands >= 20", "not in the thesis"),
    e("villainCheckRaise", C, "how often the villain check-raises after the flop, in %", "100 x hands in which the villain, after checking in a round after the flop, raised the bet that followed in that round / hands in which the villain checked and then faced a bet in the same round after the flop. 0 to 100; undefined with no such hand.",
      "villainCheckRaise > 25", "not in the thesis"),
    e("villainCheckRaiseHands", C, "the hands `villainCheckRaise` rests on", "The number of hands in which the villain checked and then faced a bet in the same round after the flop: require enough of them before trusting `villainCheckRaise`. Unknown without `<stats>`. A count.",
      "villainCheckRaiseHands >= 20", "not in the thesis"),
    e("villainFoldToTurnBet", C, "how often the villain folds to a bet on the turn, in %", "100 x hands in which the villain folded to the first bet or raise of the hero they faced on the turn / hands in which the villain faced one. 0 to 100; undefined with no such hand.",
      "villainFoldToTurnBet > 60, villainFoldToTurnBetHands >= 10", "not in the thesis"),
    e("villainFoldToTurnBetHands", C, "the hands `villainFoldToTurnBet` rests on", "The number of hands in which the villain faced a bet or raise of the hero on the turn: require enough of them before trusting `villainFoldToTurnBet`. Unknown without `<stats>`. A count.",
      "villainFoldToTurnBetHands >= 10", "not in the thesis"),
    e("villainFoldToRiverBet", C, "how often the villain folds to a bet on the river, in %", "100 x hands in which the villain folded to the first bet or raise of the hero they faced on the river / hands in which the villain faced one. 0 to 100; undefined with no such hand.",
      "villainFoldToRiverBet < 30, villainFoldToRiverBetHands >= 10", "not in the thesis"),
    e("villainFoldToRiverBetHands", C, "the hands `villainFoldToRiverBet` rests on", "The number of hands in which the villain faced a bet or raise of the hero on the river: require enough of them before trusting `villainFoldToRiverBet`. Unknown without `<stats>`. A count.",
      "villainFoldToRiverBetHands >= 10", "not in the thesis"),
    e("villainWonAtShowdown", C, "how often the villain wins at showdown (W$SD), in %", "100 x showdowns at which the villain won or split the pot / showdowns the villain reached (a split counts as won, as tracking software counts it). A low value with a high `villainWTSD` is a player who calls too far. 0 to 100; undefined with no showdown.",
      "villainWonAtShowdown < 45, villainWonAtShowdownHands >= 20", "not in the thesis"),
    e("villainWonAtShowdownHands", C, "the hands `villainWonAtShowdown` rests on", "The number of showdowns the villain reached: require enough of them before trusting `villainWonAtShowdown`. Unknown without `<stats>`. A count.",
      "villainWonAtShowdownHands >= 20", "not in the thesis"),
    e("villainWWSF", C, "how often the villain wins the pot after seeing the flop (WWSF), in %", "100 x hands in which the villain won or split the pot, by the hero's fold or at a showdown / hands in which the villain saw the flop. 0 to 100; undefined with no such hand.",
      "villainWWSF > 55", "not in the thesis"),
    e("villainWWSFHands", C, "the hands `villainWWSF` rests on", "The number of hands in which the villain saw the flop: require enough of them before trusting `villainWWSF`. Unknown without `<stats>`. A count.",
      "villainWWSFHands >= 20", "not in the thesis"),
    e("villainFlopAggression", C, "the villain's aggression factor on the flop", "(the villain's bets + raises) / the villain's calls on the flop, over all hands observed, as `villainAggression` for one round. 0 or more; undefined with no call.",
      "villainFlopAggression > 3", "not in the thesis"),
    e("villainFlopAggressionHands", C, "the hands `villainFlopAggression` rests on", "The number of hands in which the villain bet, raised or called on the flop: require enough of them before trusting `villainFlopAggression`. Unknown without `<stats>`. A count.",
      "villainFlopAggressionHands >= 20", "not in the thesis"),
    e("villainTurnAggression", C, "the villain's aggression factor on the turn", "(the villain's bets + raises) / the villain's calls on the turn, over all hands observed, as `villainAggression` for one round. 0 or more; undefined with no call.",
      "villainTurnAggression > 3", "not in the thesis"),
    e("villainTurnAggressionHands", C, "the hands `villainTurnAggression` rests on", "The number of hands in which the villain bet, raised or called on the turn: require enough of them before trusting `villainTurnAggression`. Unknown without `<stats>`. A count.",
      "villainTurnAggressionHands >= 20", "not in the thesis"),
    e("villainRiverAggression", C, "the villain's aggression factor on the river", "(the villain's bets + raises) / the villain's calls on the river, over all hands observed, as `villainAggression` for one round. 0 or more; undefined with no call.",
      "villainRiverAggression > 3", "not in the thesis"),
    e("villainRiverAggressionHands", C, "the hands `villainRiverAggression` rests on", "The number of hands in which the villain bet, raised or called on the river: require enough of them before trusting `villainRiverAggression`. Unknown without `<stats>`. A count.",
      "villainRiverAggressionHands >= 20", "not in the thesis"),
    e("villain<Stat>", Family, "the villain's actions in the current round",
      "`<Stat>` is one of `Raise` (the sum of the villain's bet and raise increments this round: in a raise war the total, not the last), `LastRaise` (the increment of the last one: the raise *by*), `LastRaiseTo` (the villain's total in the round after it: the raise *to*), `LastRaisePot` (the increment as a fraction of the pot it went into: the pot before the act plus the part of it that called), `RaiseTimes`, `CallTimes`, `CheckTimes` (counts). Chips, a fraction or counts; 0 when none.",
      "villainRaise <= 4 bb, villainRaiseTimes == 1", ""),
    e("hero<Stat>", Family, "the hero's actions in the current round", "As `villain<Stat>`, for the hero.",
      "heroRaiseTimes == 0", ""),
    e("villain<Phase><Stat>", Family, "the villain's actions in one round",
      "`<Phase>` is `Preflop`, `Flop`, `Turn` or `River`, `<Stat>` as in `villain<Stat>`; a round not reached yet is 0.",
      "villainPreflopRaiseTimes >= 2", ""),
    e("hero<Phase><Stat>", Family, "the hero's actions in one round", "As `villain<Phase><Stat>`, for the hero.",
      "heroFlopRaise > 0", ""),
    // Words of the command line's ranges.
    e("anyTwo", WordKind::RangeWord, "every holding: any two cards",
      "In a range of `hus equity` and `hus range`, the 1,326 holdings (169 classes), as Equilab's and Flopzilla's `random`; joins other items and takes a weight like a card query (`anyTwo:0.5`). `random`, `any2` and `any` are not ranges and name it (reference §12.11).",
      "hus equity AKs anyTwo", "not in the thesis"),
    // Keywords outside the rules.
    e("DEFINE", Keyword, "name a condition, a number or a range",
      "`DEFINE name = body` at the top level: one value is a number (`DEFINE big = 3BB`), card queries and DEFINEd ranges joined by `|` a range (`DEFINE premium = QQ+ | AK`), a range, `WITH` and hand words a narrowed range for the strength words (`DEFINE value = shoves WITH topPair+`, or parts joined: `v WITH topPair+ | v:0.3 WITH flushDraw`), hand words with `word+` a filter for `WITH` only (`DEFINE bets = pair+ | flushDraw`), anything else a condition (`DEFINE strongDraw = flushDraw, ppot > 0.3`, `DEFINE good = topPair | overPair`; one of hand words alone is also a filter for `WITH`); `DEFINE name` then one branch a line up to `ENDDEFINE` for a condition that holds when one line holds. Usable in every block (reference §12.2).",
      "DEFINE premium = QQ+ | AKs | AKo", "not in the thesis"),
    e("ENDDEFINE", Keyword, "closes a DEFINE of several lines", "Each line between `DEFINE name` and `ENDDEFINE` is a branch (OR); commas inside a line are AND (reference §12.2).",
      "ENDDEFINE", "not in the thesis"),
    e("TUNE", Keyword, "the range a tuner may search for a DEFINEd number",
      "`DEFINE name = default TUNE low..high` after a number: the default plays (`hus decide`, `hus match`); `--set name=VALUE` (`hus decide`, `match`, `replay`, `acpc`) and `python -m hus tune` try other values inside the range, in the default's unit. `hus check` refuses an empty or reversed range, bounds in another unit and a default outside the range (reference §12.2).",
      "DEFINE openSize = 2.5BB TUNE 2BB..4BB", "not in the thesis"),
    e("INCLUDE", Keyword, "use the DEFINEs of another file",
      "`INCLUDE \"file.hus\"` at the top level reads the file relative to the including file; it may hold only DEFINEs and INCLUDEs. Missing files and cycles are errors showing the include chain (reference §12.4).",
      "INCLUDE \"lib/hands.hus\"", "not in the thesis"),
    // Actions.
    e("FOLD", Action, "give up the hand", "When nothing is owed it is made a check (with a warning).", "THEN FOLD", ""),
    e("CHECK", Action, "put nothing in", "When something is owed it is made a fold (with a warning).", "THEN CHECK", ""),
    e("CALL", Action, "match what is owed", "Adds `toCall`; when nothing is owed it is made a check (with a warning).", "THEN CALL", ""),
    e("RAISE", Action, "raise by an amount above the call",
      "`RAISE x` adds `toCall + x`; a list `w1 a1, w2 a2` picks an amount with probability proportional to the weights (reference §5); made legal: at least the minimum raise, at most all in.",
      "THEN RAISE 0.5 pot", ""),
    e("RAISETO", Action, "raise to a total for the round",
      "`RAISETO x` makes the hero's chips in this round `x`: a raise by `x` minus the villain's chips in this round (`villainRaise` and the blinds included); made legal like `RAISE`. Takes the same weighted lists.",
      "THEN RAISETO 3 villainLastRaiseTo", "not in the thesis"),
    e("mixed strategy", Action, "weights over actions, one drawn",
      "`THEN w1 action1, w2 action2, ...`: each action a `FOLD`, `CHECK`, `CALL`, `RAISE x` or `RAISETO x` with one amount, drawn with probability proportional to the weights (above 0) by the decision's seeded generator; in rules and VILLAIN reactions (reference §12.6).",
      "THEN 0.7 CALL, 0.3 RAISE 3BB", "not in the thesis"),
    e("USE TABLE", Action, "act as a 13x13 preflop table says for the hero's class", "Reference §5, action tables.",
      "THEN USE TABLE open.tsv", ""),
    e("external", Action, "run a program and use its number or action", "Reference §8.", "THEN external \"bin/decide wholeGame\"", ""),
    e("DO", Action, "an action whether or not the villain acted in the round",
      "Written where `THEN` goes: `DO action` gives the action when the hero acts first in the round, as `THEN` does, and after the villain acted, when none of the rule's VILLAIN reactions holds (as a last reaction with no condition). Takes every action `THEN` takes (reference §4).",
      "DO CALL", "not in the thesis"),
    // Table cells.
    e("F", TableCell, "fold", "As `FOLD`.", "F", ""),
    e("C", TableCell, "call, or check when nothing is owed", "Never reported as changed.", "C", ""),
    e("X", TableCell, "check", "As `CHECK`.", "X", ""),
    e("A", TableCell, "all in", "As `RAISE allIn`.", "A", ""),
    e("R<x>", TableCell, "raise by x big blinds", "x > 0, as `RAISE x bb`.", "R2.5", ""),
    // Game-state acts.
    e("check", Act, "the player put nothing in", "`amount` 0 or absent.", "<action no=\"0\" player=\"Hero\" act=\"check\"/>", ""),
    e("call", Act, "the player matched what was owed", "`amount` is the chips it adds: what was owed, or all the player had.", "act=\"call\" amount=\"20\"", ""),
    e("raise", Act, "the player raised", "`amount` is the increment above the call.", "act=\"raise\" amount=\"40\"", ""),
    e("bet", Act, "the same as raise", "`bet` and `raise` mean the same, owed or not.", "act=\"bet\" amount=\"40\"", ""),
    e("fold", Act, "the player gave up", "The hand is over.", "act=\"fold\"", ""),
];

/// The entry for a name the checker accepts (case-insensitively), with the family member's
/// own reading when the name is one (`villainFlopRaise`).
pub fn lookup(name: &str) -> Option<(&'static GlossaryEntry, Option<String>)> {
    if let Some(entry) = ENTRIES.iter().find(|e| e.name.eq_ignore_ascii_case(name)) {
        return Some((entry, None));
    }
    match Constant::from_name(name)? {
        Constant::History {
            player,
            phase,
            stat,
        } => {
            let family = match (player, phase) {
                (Player::Villain, None) => "villain<Stat>",
                (Player::Hero, None) => "hero<Stat>",
                (Player::Villain, Some(_)) => "villain<Phase><Stat>",
                (Player::Hero, Some(_)) => "hero<Phase><Stat>",
            };
            let entry = ENTRIES.iter().find(|e| e.name == family)?;
            let who = if player == Player::Villain {
                "the villain's"
            } else {
                "the hero's"
            };
            let round = phase.map_or("the current round".to_string(), |p: Phase| {
                format!("the {}", p.xml_tag())
            });
            let what = match stat {
                Stat::Raise => "bet and raise increments, summed",
                Stat::LastRaise => "last bet or raise increment",
                Stat::RaiseTimes => "bets and raises, counted",
                Stat::CallTimes => "calls, counted",
                Stat::CheckTimes => "checks, counted",
                Stat::LastRaiseTo => "total in the round after the last bet or raise",
                Stat::LastRaisePot => {
                    "last bet or raise increment as a fraction of the pot it went into"
                }
            };
            Some((entry, Some(format!("{who} {what} in {round}"))))
        }
        _ => None,
    }
}

/// One entry as `hus names NAME` prints it (and editors show on hover).
pub fn render(entry: &GlossaryEntry, member: Option<&str>, written: &str) -> String {
    let mut s = format!("{} ({})", written, entry.kind.word());
    if let Some(m) = member {
        s.push_str(&format!(": {m}\n  one of {}", entry.name));
    }
    s.push_str(&format!(
        "\n  {}\n  {}\n  Example: {}\n",
        entry.meaning, entry.definition, entry.example
    ));
    if !entry.thesis.is_empty() {
        s.push_str(&format!("  Thesis: {}\n", entry.thesis));
    }
    s
}

/// The reference's section 11 (between its markers in docs/language.md).
pub fn reference_section() -> String {
    let mut s = String::new();
    let groups = [
        (WordKind::Predicate, "Predicates"),
        (WordKind::Constant, "Constants"),
        (WordKind::Family, "Constant families"),
        (WordKind::Action, "Actions"),
        (WordKind::Keyword, "Keywords outside the rules"),
        (WordKind::TableCell, "Action-table cells"),
        (WordKind::Act, "Game-state acts"),
        (
            WordKind::RangeWord,
            "Range words of `hus equity` and `hus range`",
        ),
    ];
    for (kind, title) in groups {
        s.push_str(&format!("\n### {title}\n\n"));
        for e in ENTRIES.iter().filter(|e| e.kind == kind) {
            s.push_str(&format!(
                "- **`{}`**: {}. {} Example: `{}`.{}\n",
                e.name,
                e.meaning,
                e.definition,
                e.example,
                if e.thesis.is_empty() {
                    String::new()
                } else {
                    format!(" Thesis: {}.", e.thesis)
                }
            ));
        }
    }
    s
}

/// Every predicate and constant name the checker accepts, for the test that the reference
/// lists them all.
pub fn checker_names() -> Vec<String> {
    Predicate::ALL
        .iter()
        .map(|p| p.name().to_string())
        .chain(Constant::all_names())
        .chain(crate::ir::VsMeasure::ALL.iter().map(|(n, _)| n.to_string()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_the_checker_accepts_has_an_entry_and_back() {
        for name in checker_names() {
            assert!(lookup(&name).is_some(), "`{name}` is not in the glossary");
        }
        for e in ENTRIES
            .iter()
            .filter(|e| matches!(e.kind, WordKind::Predicate | WordKind::Constant))
        {
            let known = Predicate::from_name(e.name).is_some()
                || Constant::from_name(e.name).is_some()
                || crate::ir::VsMeasure::from_name(e.name).is_some();
            assert!(
                known,
                "the glossary lists `{}`, which the checker does not know",
                e.name
            );
        }
        // Each family names members the checker knows.
        for stat in [
            "Raise",
            "LastRaise",
            "RaiseTimes",
            "CallTimes",
            "CheckTimes",
            "LastRaiseTo",
            "LastRaisePot",
        ] {
            for p in ["villain", "hero"] {
                assert!(Constant::from_name(&format!("{p}{stat}")).is_some());
                assert!(Constant::from_name(&format!("{p}River{stat}")).is_some());
            }
        }
    }
}
