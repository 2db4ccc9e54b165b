use super::*;

fn eq(hero: &str, villain: &str, board: &str, dead: &str) -> EquityReport {
    equity(&EquityOptions {
        hero: hero.into(),
        villain: villain.into(),
        board: board.into(),
        dead: dead.into(),
        villain_with: None,
        ..EquityOptions::default()
    })
    .unwrap()
}

#[test]
fn ranges_read_queries_specific_holdings_and_weights() {
    let r = parse_range("QQ+, AhKh | AKo:0.5").unwrap();
    let total: f64 = r.iter().map(|h| h.weight).sum();
    assert_eq!(total, 18.0 + 1.0 + 12.0 * 0.5);
    // A holding named twice keeps its largest weight.
    let r = parse_range("AKs:0.25 | AhKh").unwrap();
    let total: f64 = r.iter().map(|h| h.weight).sum();
    assert_eq!(total, 1.0 + 3.0 * 0.25);
}

#[test]
fn bad_ranges_say_what_was_expected() {
    let e = parse_range("QQ+ | AKx").unwrap_err();
    assert_eq!(
        e.message,
        "`AKx` is neither a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), two cards (`AhKh`) nor `anyTwo` (every holding)"
    );
    // A name, as a script would name a DEFINEd range: an unknown name, with a suggestion
    // when one is near.
    let e = parse_range("AA | shovse").unwrap_err();
    assert_eq!(
        e.message,
        "unknown name `shovse`: a range here is a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), two cards (`AhKh`) or `anyTwo` (every holding); names of ranges are DEFINEd in scripts"
    );
    let e = parse_range("anyTow").unwrap_err();
    assert_eq!(e.message, "unknown name `anyTow`; did you mean `anyTwo`?");
    let e = parse_range("AK:2").unwrap_err();
    assert_eq!(
        e.message,
        "`AK:2`: a weight is a number from 0 to 1 (`AKo:0.5` is half of AKo's holdings)"
    );
    assert!(parse_range(" , ").is_err());
}

#[test]
fn aces_against_kings_on_the_flop() {
    // A♠A♦ against K♣K♥ on 7♠ 5♦ 2♣, 990 run-outs: the kings win with both kings (1) or
    // one king and neither ace nor king (2 x 41); with a king and an ace the aces' set wins.
    // Nothing ties.
    let r = eq("AsAd", "KcKh", "7s5d2c", "");
    let kings = 83.0 / 990.0;
    assert!((r.players[1].equity - kings).abs() < 1e-12);
    assert_eq!(r.boards, 990);
    assert_eq!(r.players[0].tie, 0.0);
}

#[test]
fn the_equity_text_and_json() {
    let r = eq("AsAd", "KcKh", "7s5d2c", "");
    let text = r.text();
    assert!(
        text.starts_with("board 7s 5d 2c, dead -: exact, 990 boards for each pair of holdings\n"),
        "{text}"
    );
    assert!(
        text.contains("hero            1   91.616%    0.000%   91.616%  AsAd\n"),
        "{text}"
    );
    let json: serde_json::Value = serde_json::from_str(&r.json()).unwrap();
    assert_eq!(json["players"][1]["classes"][0]["class"], "KK");
}

/// A preflop count with a dead card above the exact limit is sampled, never refused; one
/// below it is exact, by the table less the boards that hold the dead card.
#[test]
fn too_much_work_is_sampled_not_refused() {
    let dead: crate::cards::CardSet = "2c".parse().unwrap();
    let none = crate::cards::CardSet::EMPTY;
    assert_eq!(
        plan(600, 450, none, dead, None),
        (true, Some(DEFAULT_DEALS))
    );
    assert_eq!(plan(30, 40, none, dead, None), (true, None));
    assert_eq!(plan(30, 40, none, dead, Some(5000)), (true, Some(5000)));
    assert_eq!(plan(30, 40, none, none, None), (true, None));
}

#[test]
fn range_on_a_board_by_category() {
    let r = range_breakdown(&RangeOptions {
        range: "QQ+ | AK".into(),
        board: "Kh8s4d".into(),
        dead: String::new(),
        with: None,
        ..RangeOptions::default()
    })
    .unwrap();
    // QQ 6, KK 3, AA 6, AK 12 (one king is on the board).
    assert_eq!(r.combos, 27.0);
    let made: std::collections::HashMap<_, _> = r.made.iter().cloned().collect();
    assert_eq!(made["threeOfKind, !deskThreeOfKind"], 3.0);
    assert_eq!(made["overPair"], 6.0);
    assert_eq!(made["topPair, topKicker"], 12.0);
    assert_eq!(made["pair, !deskPair"], 6.0);
    let narrowed = range_breakdown(&RangeOptions {
        with: Some("topPair+".into()),
        ..RangeOptions {
            range: "QQ+ | AK".into(),
            board: "Kh8s4d".into(),
            dead: String::new(),
            with: None,
            ..RangeOptions::default()
        }
    })
    .unwrap();
    assert_eq!(narrowed.kept, 21.0);
    assert_eq!(narrowed.grid[HoleClass::parse("QQ").unwrap().index()], 0.0);
}

/// The hero's weighted wins, ties and all by the definition: every pair of holdings that
/// share no card, every run-out of the cards left (dead cards never come), on `pokers`.
fn brute(hero: &[Holding], villain: &[Holding], board: CardSet, dead: CardSet) -> [f64; 3] {
    use crate::cards::DECK_MASK;
    let (mut w, mut t, mut all) = (0.0, 0.0, 0.0);
    for h in hero {
        for v in villain.iter().filter(|v| !v.set().intersects(h.set())) {
            let used = board.0 | dead.0 | h.set().0 | v.set().0;
            let rest: Vec<u32> = (0..64)
                .filter(|&i| DECK_MASK >> i & 1 == 1 && used >> i & 1 == 0)
                .collect();
            let weight = h.weight * v.weight;
            // The independent brute force's own card handling, on `pokers`.
            super::brute::subsets(&rest, 5 - board.len() as usize, 0, &mut |extra| {
                let a = super::brute::eval(board.0 | extra | h.set().0);
                let b = super::brute::eval(board.0 | extra | v.set().0);
                all += weight;
                match a.cmp(&b) {
                    std::cmp::Ordering::Greater => w += weight,
                    std::cmp::Ordering::Equal => t += weight,
                    std::cmp::Ordering::Less => {}
                }
            });
        }
    }
    [w, t, all]
}

/// One item of a spot's range, read by the test on its own: a class (`QQ`, `K9s`), the
/// PokerStove `+` of a non-pair (high card fixed, the kicker up to the card below it), or
/// every holding.
#[derive(Clone, Copy)]
enum Item {
    Class(HoleClass),
    StovePlus(HoleClass),
    AnyTwo,
}

impl Item {
    fn text(self) -> String {
        match self {
            Item::Class(c) => c.name(),
            Item::StovePlus(c) => format!("{}+", c.name()),
            Item::AnyTwo => "anyTwo".into(),
        }
    }

    fn holds(self, c: HoleClass) -> bool {
        match self {
            Item::Class(x) => x == c,
            Item::StovePlus(x) => {
                c.high == x.high && c.suited == x.suited && c.low >= x.low && c.low < c.high
            }
            Item::AnyTwo => true,
        }
    }
}

/// The holdings of weighted items that miss the known cards, each class at its largest
/// weight, as the test reads them.
fn brute_holdings(items: &[(Item, f64)], known: CardSet) -> Vec<Holding> {
    let mut out = Vec::new();
    crate::cards::range::each_holding(known, |a, b, class| {
        let w = items
            .iter()
            .filter(|(i, _)| i.holds(class))
            .map(|(_, w)| *w)
            .fold(0.0, f64::max);
        if w > 0.0 {
            out.push(Holding {
                cards: [a, b],
                weight: w,
            });
        }
    });
    out
}

fn range_text(items: &[(Item, f64)]) -> String {
    items
        .iter()
        .map(|(i, w)| {
            if *w == 1.0 {
                i.text()
            } else {
                format!("{}:{w}", i.text())
            }
        })
        .collect::<Vec<_>>()
        .join(" | ")
}

/// `hus equity`'s printed percentages (win, tie, equity of each player) equal the brute
/// force's on a spot; false when `hus equity` refuses it (no holding left).
fn agrees(
    hero: &[(Item, f64)],
    villain: &[(Item, f64)],
    board: CardSet,
    dead: CardSet,
    with: Option<&str>,
) -> bool {
    let text = |s: CardSet| crate::front::range_report::cards_text(s).replace(['-', ' '], "");
    let report = equity(&EquityOptions {
        hero: range_text(hero),
        villain: range_text(villain),
        board: text(board),
        dead: text(dead),
        villain_with: with.map(str::to_string),
        notation: Notation::PokerStove,
        ..EquityOptions::default()
    });
    let Ok(report) = report else { return false };
    assert_eq!(report.method, Method::Exact);
    let known = board.union(dead);
    let mut v = brute_holdings(villain, known);
    if let Some(words) = with {
        let f = parse_filter(words).unwrap();
        v.retain(|h| f.holds(h.set(), board));
    }
    let [win, tie, all] = brute(&brute_holdings(hero, known), &v, board, dead);
    let pct = |x: f64| format!("{:.3}", 100.0 * x);
    let spot = format!(
        "{} v {} on {board:?} dead {dead:?}",
        range_text(hero),
        range_text(villain)
    );
    let p = &report.players;
    assert_eq!(pct(p[0].win), pct(win / all), "{spot}");
    assert_eq!(pct(p[0].tie), pct(tie / all), "{spot}");
    assert_eq!(pct(p[0].equity), pct((win + tie / 2.0) / all), "{spot}");
    assert_eq!(
        pct(p[1].equity),
        pct((all - win - tie / 2.0) / all),
        "{spot}"
    );
    true
}

fn class(name: &str) -> HoleClass {
    HoleClass::all().find(|c| c.name() == name).unwrap()
}

/// Dead cards before the flop (by the table less the boards holding them), PokerStove's `+`,
/// `anyTwo`, weights and a filter, each against the brute force: every printed digit equal.
#[test]
fn equity_with_dead_cards_and_new_notations_agrees_with_a_brute_force() {
    let c = |s: &str| s.parse::<CardSet>().unwrap();
    assert!(agrees(
        &[(Item::Class(class("AKs")), 1.0)],
        &[
            (Item::Class(class("QQ")), 0.5),
            (Item::Class(class("72s")), 1.0)
        ],
        CardSet::EMPTY,
        c("KdKcKs9h"),
        None,
    ));
    assert!(agrees(
        &[(Item::StovePlus(class("K9s")), 1.0)],
        &[(Item::AnyTwo, 0.5), (Item::Class(class("88")), 1.0)],
        c("Kh8s4d2c"),
        c("3d"),
        Some("pair+ | flushDraw"),
    ));
}

/// 100 random spots, half before the flop with dead cards: weights, dead cards, filters,
/// PokerStove's `+` and `anyTwo`. Slow in a debug build: `cargo test --release --lib --
/// --ignored hus_equity_with_dead_cards_and_notations_agrees_on_100_spots`.
#[test]
#[ignore]
fn hus_equity_with_dead_cards_and_notations_agrees_on_100_spots() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(55);
    let all: Vec<HoleClass> = HoleClass::all().collect();
    // Before the flop each pair of holdings is 1.5 million boards: small classes only.
    let small: Vec<HoleClass> = all.iter().copied().filter(|c| c.combos() <= 6).collect();
    let mut agreed = 0;
    for spot in 0..100 {
        let preflop = spot < 50;
        let pick = |rng: &mut rand_chacha::ChaCha8Rng| -> Vec<(Item, f64)> {
            let n = if preflop { 1 } else { rng.random_range(1..4) };
            (0..n)
                .map(|_| {
                    let pool = if preflop { &small } else { &all };
                    let c = pool[rng.random_range(0..pool.len())];
                    let item = match rng.random_range(0..6) {
                        0 if !preflop => Item::AnyTwo,
                        1 if !c.is_pair() && !preflop => Item::StovePlus(c),
                        _ => Item::Class(c),
                    };
                    let w = [1.0, 1.0, 0.5, 0.25][rng.random_range(0..4)];
                    (item, w)
                })
                .collect()
        };
        let (h, v) = (pick(&mut rng), pick(&mut rng));
        let mut deck: Vec<u32> = (0..64)
            .filter(|&i| crate::cards::DECK_MASK >> i & 1 == 1)
            .collect();
        let mut deal = |n: usize, rng: &mut rand_chacha::ChaCha8Rng| {
            (0..n).fold(CardSet::EMPTY, |s, _| {
                s.union(CardSet(
                    1 << deck.swap_remove(rng.random_range(0..deck.len())),
                ))
            })
        };
        let board = deal(
            if preflop {
                0
            } else {
                [3, 4, 5][rng.random_range(0..3)]
            },
            &mut rng,
        );
        let dead = deal(
            rng.random_range(if preflop { 1..4 } else { 0..3 }),
            &mut rng,
        );
        let with = ["pair+", "flushDraw | topPair+", "!pair"][rng.random_range(0..3)];
        let with = (!preflop && rng.random_range(0..2) == 0).then_some(with);
        agreed += usize::from(agrees(&h, &v, board, dead, with));
    }
    assert!(agreed >= 80, "only {agreed} spots had holdings left");
}

/// A filter that keeps nothing, and a next card that every kept holding holds, leave 0
/// combos, printed `0` (an empty float sum is -0, which printed `-0 kept`).
#[test]
fn nothing_kept_is_zero_combos_not_minus_zero() {
    let none = range_breakdown(&RangeOptions {
        range: "33:0.75".into(),
        board: "7s9sAs".into(),
        dead: "3h9h".into(),
        with: Some("topPair+".into()),
        next_card: true,
        ..RangeOptions::default()
    })
    .unwrap();
    assert!(none.kept == 0.0 && none.kept.is_sign_positive());
    let text = none.text();
    assert!(
        text.starts_with("board As 9s 7s, dead 9h 3h: 2.25 combos, 0 kept\n"),
        "{text}"
    );
    assert!(!text.contains(" -0 "), "{text}");
    let one = range_breakdown(&RangeOptions {
        range: "AhKh".into(),
        board: "7s9s2s".into(),
        next_card: true,
        ..RangeOptions::default()
    })
    .unwrap();
    let ah = one
        .next
        .iter()
        .find(|n| n.card.to_string() == "Ah")
        .unwrap();
    assert!(ah.combos == 0.0 && ah.combos.is_sign_positive());
}

/// Every telling of a count, in order.
fn told(run: impl FnOnce(&mut dyn FnMut(Counted))) -> Vec<Counted> {
    let mut seen = Vec::new();
    run(&mut |c| seen.push(c));
    seen
}

#[test]
fn an_equity_count_tells_the_boards_it_has_counted() {
    let options = EquityOptions {
        hero: "AKs".into(),
        villain: "QQ | JJ".into(),
        board: "2c7d".into(),
        ..EquityOptions::default()
    };
    // Two board cards are not a board: the flop's run-outs are counted from three.
    assert!(equity_counted(&options, &mut |_| {}).is_err());
    let options = EquityOptions {
        board: "2c7d9h".into(),
        ..options
    };
    let mut report = None;
    let seen = told(|p| report = Some(equity_counted(&options, p).unwrap()));
    // C(49, 2) = 1,176 turn and river run-outs: one telling, after 1,024 of them.
    let all = 1176;
    assert_eq!(
        seen,
        [Counted {
            done: 1024,
            all,
            unit: CountUnit::Boards
        }]
    );
    assert_eq!(report, Some(equity(&options).unwrap()));
}

#[test]
fn a_preflop_count_with_dead_cards_tells_every_terms_boards() {
    let options = EquityOptions {
        hero: "AA".into(),
        villain: "KK".into(),
        dead: "2c".into(),
        ..EquityOptions::default()
    };
    let seen = told(|p| {
        equity_counted(&options, p).unwrap();
    });
    // One term: the boards holding 2c, C(51, 4) = 249,900 of them.
    let all = 249_900;
    assert_eq!(seen.len() as u64, all / 1024);
    assert!(seen
        .iter()
        .enumerate()
        .all(|(i, c)| c.done == (i as u64 + 1) * 1024 && c.all == all));
}

#[test]
fn a_sampled_count_tells_the_deals_drawn() {
    let options = EquityOptions {
        hero: "AA".into(),
        villain: "KK".into(),
        sample: Some(3000),
        ..EquityOptions::default()
    };
    let seen = told(|p| {
        equity_counted(&options, p).unwrap();
    });
    let deals = |done| Counted {
        done,
        all: 3000,
        unit: CountUnit::Deals,
    };
    assert_eq!(seen, [deals(1024), deals(2048)]);
}

#[test]
fn a_range_with_the_next_card_tells_each_board() {
    let options = RangeOptions {
        range: "AA".into(),
        board: "Kh8s4d2c".into(),
        next_card: true,
        ..RangeOptions::default()
    };
    let mut report = None;
    let seen = told(|p| report = Some(range_breakdown_counted(&options, p).unwrap()));
    // The turn board, then the 48 rivers.
    let boards: Vec<u64> = seen.iter().map(|c| c.done).collect();
    assert_eq!(boards, (1..=49).collect::<Vec<u64>>());
    assert!(seen
        .iter()
        .all(|c| c.all == 49 && c.unit == CountUnit::Boards));
    assert_eq!(report, Some(range_breakdown(&options).unwrap()));
    let without = RangeOptions {
        next_card: false,
        ..options
    };
    assert!(told(|p| {
        range_breakdown_counted(&without, p).unwrap();
    })
    .is_empty());
}
