//! Made hands, a few draws and the filter words, decided here from the reference's definitions
//! (§3's hand predicates, §12.10's ladder) on rank and suit counts and the `pokers` crate's
//! hand category (the rank's top four bits: 9 straight flush, 8 quads, 6 flush, 5 straight).

use super::{cards_of, eval, rank, suit};

/// §12.10's made-hand ladder, best first, in the words `hus range` prints.
pub const LADDER: [&str; 14] = [
    "straightFlush, !boardPlays",
    "poker, !deskPoker",
    "fullHouse, !boardPlays",
    "flush, !boardPlays",
    "straight, !boardPlays",
    "threeOfKind, !deskThreeOfKind",
    "twoPair, !deskTwoPair",
    "overPair",
    "topPair, topKicker",
    "topPair, !topKicker",
    "secondPair",
    "bottomPair",
    "pair, !deskPair",
    "no made hand",
];

fn counts(mask: u64) -> [u32; 13] {
    let mut n = [0; 13];
    for c in cards_of(mask) {
        n[rank(c) as usize] += 1;
    }
    n
}

fn suits(mask: u64) -> [u32; 4] {
    let mut n = [0; 4];
    for c in cards_of(mask) {
        n[suit(c) as usize] += 1;
    }
    n
}

/// The hole cards' ranks, high first.
fn hole_ranks(hole: u64) -> (u32, u32) {
    let cs = cards_of(hole);
    let (a, b) = (rank(cs[0]), rank(cs[1]));
    (a.max(b), a.min(b))
}

/// `boardPlays`: on the river the best hand of hole and board ranks as the board alone.
fn board_plays(hole: u64, board: u64) -> bool {
    board.count_ones() == 5 && eval(hole | board) == eval(board)
}

/// The holding's place on [`LADDER`] on this board (3 to 5 cards).
pub fn made(hole: u64, board: u64) -> usize {
    let all = hole | board;
    let category = eval(all) >> 12;
    let bp = board_plays(hole, board);
    let (n, nb) = (counts(all), counts(board));
    let at_least = |xs: &[u32; 13], k: u32| xs.iter().filter(|&&x| x >= k).count();
    let full = at_least(&n, 3) >= 1 && at_least(&n, 2) >= 2;
    let rungs = [
        category == 9 && !bp,
        category == 8 && at_least(&nb, 4) == 0,
        full && !bp,
        category == 6 && !bp,
        category == 5 && !bp,
        at_least(&n, 3) >= 1 && at_least(&nb, 3) == 0,
        at_least(&n, 2) >= 2 && at_least(&nb, 2) < 2,
    ];
    if let Some(i) = rungs.iter().position(|&x| x) {
        return i;
    }
    let (h, l) = hole_ranks(hole);
    // The board's distinct ranks, high first.
    let br: Vec<u32> = (0..13u32).rev().filter(|&x| nb[x as usize] > 0).collect();
    let pocket = h == l;
    if pocket && h > br[0] {
        return 7;
    }
    // Exactly one hole card of the rank, which the board holds once; not a pocket pair.
    let pairs_one = |x: u32| !pocket && (h == x || l == x) && nb[x as usize] == 1;
    if pairs_one(br[0]) {
        let kicker = if h == br[0] { l } else { h };
        let best = (0..13u32).rev().find(|&x| nb[x as usize] == 0);
        return if Some(kicker) == best { 8 } else { 9 };
    }
    if br.len() >= 2 && pairs_one(br[1]) {
        return 10;
    }
    let low = *br.last().unwrap();
    if low < br[0] && pairs_one(low) {
        return 11;
    }
    if at_least(&n, 2) >= 1 && at_least(&nb, 2) == 0 {
        return 12;
    }
    13
}

/// `flushDraw`: on a flop or turn, four cards of a suit with a hole card of it, no flush.
pub fn flush_draw(hole: u64, board: u64) -> Option<u32> {
    let (s, sh) = (suits(hole | board), suits(hole));
    if board.count_ones() > 4 || s.iter().any(|&x| x >= 5) {
        return None;
    }
    (0..4u32).find(|&x| s[x as usize] == 4 && sh[x as usize] > 0)
}

/// `nutFlushDraw`: a flush draw holding the suit's highest card not on the board.
pub fn nut_flush_draw(hole: u64, board: u64) -> bool {
    flush_draw(hole, board).is_some_and(|s| {
        let top = (0..13u32)
            .rev()
            .map(|r| super::card(r, s))
            .find(|&c| board >> c & 1 == 0);
        top.is_some_and(|c| hole >> c & 1 == 1)
    })
}

/// `backdoorFlushDraw`: on a flop, a suit three times with a hole card of it, none four times.
pub fn backdoor_flush_draw(hole: u64, board: u64) -> bool {
    let (s, sh) = (suits(hole | board), suits(hole));
    board.count_ones() == 3 && s.iter().all(|&x| x < 4) && (0..4).any(|x| s[x] == 3 && sh[x] > 0)
}

/// `overcards`: both hole cards above every board card.
pub fn overcards(hole: u64, board: u64) -> bool {
    let top = cards_of(board).into_iter().map(rank).max().unwrap_or(0);
    hole_ranks(hole).1 > top
}

/// One word of a filter, negated or not.
fn word(w: &str, hole: u64, board: u64) -> bool {
    let (neg, w) = match w.strip_prefix('!') {
        Some(x) => (true, x),
        None => (false, w),
    };
    let holds = match w.strip_suffix('+') {
        Some(base) => {
            let rung = match base {
                "pair" => 12,
                "bottomPair" => 11,
                "secondPair" => 10,
                "topPair" => 9,
                "overPair" => 7,
                "twoPair" => 6,
                "threeOfKind" => 5,
                "straight" => 4,
                "flush" => 3,
                _ => panic!("no `{base}+` here"),
            };
            made(hole, board) <= rung
        }
        None => match w {
            "pair" => counts(hole | board).iter().any(|&x| x >= 2),
            "deskPair" => counts(board).iter().any(|&x| x >= 2),
            "flushDraw" => flush_draw(hole, board).is_some(),
            "nutFlushDraw" => nut_flush_draw(hole, board),
            "overcards" => overcards(hole, board),
            "overPair" => hole_ranks(hole).0 == hole_ranks(hole).1 && overcards(hole, board),
            _ => panic!("no `{w}` here"),
        },
    };
    holds != neg
}

/// A filter as written after `WITH`: alternatives joined by `|`, words by `,`.
pub fn filter(text: &str, hole: u64, board: u64) -> bool {
    text.split('|')
        .any(|alt| alt.split(',').all(|w| word(w.trim(), hole, board)))
}

#[test]
fn the_ladder_on_the_reference_examples() {
    let m = |h: &str, b: &str| {
        let set = |s: &str| s.parse::<crate::cards::CardSet>().unwrap().0;
        LADDER[made(set(h), set(b))]
    };
    assert_eq!(m("AcKd", "Kh8s4d"), "topPair, topKicker");
    assert_eq!(m("KcQd", "Kh8s4d"), "topPair, !topKicker");
    assert_eq!(m("AsAd", "Kh8s4d"), "overPair");
    assert_eq!(m("8c8d", "Kh8s4d"), "threeOfKind, !deskThreeOfKind");
    assert_eq!(m("9c8d", "Kh8s4d"), "secondPair");
    assert_eq!(m("4c2d", "Kh8s4d"), "bottomPair");
    assert_eq!(m("6c6d", "Kh8s4d"), "pair, !deskPair");
    assert_eq!(m("AcQd", "KhKs4d"), "no made hand");
    assert_eq!(m("AhKc", "2h5h9hJhQh"), "flush, !boardPlays");
    assert_ne!(m("AcKc", "2h5h9hJhQh"), "flush, !boardPlays");
}
