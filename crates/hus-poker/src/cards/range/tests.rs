use super::*;
use crate::cards::query::CardQuery;

fn cards(s: &str) -> CardSet {
    s.parse().expect("cards")
}

fn classes(q: &str) -> HoleClassSet {
    CardQuery::parse(q).expect("a query").classes
}

#[test]
fn a_class_written_twice_keeps_its_larger_weight() {
    let r =
        WeightedRange::weighted(classes("KK"), 0.5).union(&WeightedRange::plain(classes("QQ+")));
    let kk = HoleClass::parse("KK").unwrap();
    assert_eq!(r.weight(kk), 1.0);
    assert!(!r.is_weighted());
    let r =
        WeightedRange::weighted(classes("AKo"), 0.25).union(&WeightedRange::plain(classes("AKs")));
    assert_eq!(r.weight(HoleClass::parse("AKo").unwrap()), 0.25);
    assert_eq!(r.weight(HoleClass::parse("AKs").unwrap()), 1.0);
    assert_eq!(r.combos(CardSet::EMPTY), 4.0 + 12.0 * 0.25);
}

#[test]
fn a_weight_of_zero_leaves_the_class_out() {
    let r = WeightedRange::weighted(classes("AKo"), 0.0);
    assert!(r.holdings(CardSet::EMPTY).is_empty());
}

#[test]
fn holdings_miss_the_dead_cards() {
    // AKs with the ace of spades dead: three holdings left.
    let r = WeightedRange::plain(classes("AKs"));
    assert_eq!(r.holdings(cards("As")).len(), 3);
    assert_eq!(r.holdings(CardSet::EMPTY).len(), 4);
}

#[test]
fn a_filter_narrows_holding_by_holding() {
    // Kings and AK on K84: `topPair+` keeps AK (top pair) and KK (a set), not QQ.
    let board = cards("Kh8s4d");
    let filter = HandFilter {
        alternatives: vec![vec![FilterWord {
            word: HandWord::OrBetter(Made::TopPair),
            negated: false,
        }]],
    };
    let v = VillainRange {
        range: WeightedRange::plain(classes("QQ+").union(&classes("AK"))),
        filter: Some(Arc::new(filter)),
        also: Vec::new(),
    };
    let live = v.live(cards("AcKc"), board);
    let names: std::collections::BTreeSet<String> = live.iter().map(|h| h.class().name()).collect();
    assert_eq!(
        names.into_iter().collect::<Vec<_>>(),
        ["AA", "AKo", "AKs", "KK"]
    );
    // AA: 3 holdings (the hero's Ac gone); KK: Kh on the board and Kc in the hero's hand
    // leave one; AK: the aces other than Ac with the kings other than Kh, Kc: 3 x 2 = 6
    // (2 suited, 4 offsuit).
    assert_eq!(live.len(), 3 + 1 + 6);
}

#[test]
fn a_negated_predicate_in_a_filter() {
    let board = cards("Kh8h4d");
    let filter = HandFilter {
        alternatives: vec![vec![FilterWord {
            word: HandWord::Predicate(Predicate::FlushDraw),
            negated: true,
        }]],
    };
    assert!(!filter.holds(cards("AhTh"), board));
    assert!(filter.holds(cards("AcTh"), board));
}

/// `v WITH topPair+ | v:0.3 WITH flushDraw`: value whole, a share of the draws, and a holding
/// both parts keep at the larger weight, as a class written twice.
#[test]
fn a_union_of_narrowed_parts_keeps_each_holding_at_its_largest_weight() {
    let board = cards("Kd8h4h");
    let word = |word| {
        Arc::new(HandFilter {
            alternatives: vec![vec![FilterWord {
                word,
                negated: false,
            }]],
        })
    };
    let v = || WeightedRange::plain(classes("AK").union(&classes("QJs")));
    let value = VillainRange {
        filter: Some(word(HandWord::OrBetter(Made::TopPair))),
        ..VillainRange::weighted(v())
    };
    let draws = VillainRange {
        filter: Some(word(HandWord::Predicate(Predicate::FlushDraw))),
        ..VillainRange::weighted(v().scaled(0.3))
    };
    let both = value.union(&draws);
    assert!(both.is_narrowed() && !both.is_plain());
    let weight = |hole: &str| {
        let set = cards(hole);
        let live = both.live(cards("2c3c"), board);
        live.iter().find(|h| h.set() == set).map(|h| h.weight)
    };
    assert_eq!(weight("AsKs"), Some(1.0)); // top pair
    assert_eq!(weight("QhJh"), Some(0.3)); // a flush draw
    assert_eq!(weight("AhKh"), Some(1.0)); // top pair and a flush draw: the larger weight
    assert_eq!(weight("QsJs"), None); // neither
                                      // One holding each, in the order of one range's holdings.
    let live = both.live(cards("2c3c"), board);
    assert!(live.windows(2).all(|w| w[0].cards < w[1].cards));
    // A part's weight multiplies, and narrowing again narrows every part.
    let half = both.scaled(0.5);
    assert_eq!(half.also.len(), 1);
    let none = both.narrowed(&HandFilter {
        alternatives: vec![vec![FilterWord {
            word: HandWord::Predicate(Predicate::FlushDraw),
            negated: true,
        }]],
    });
    assert!(none
        .live(cards("2c3c"), board)
        .iter()
        .all(|h| !Predicate::FlushDraw.holds(h.set(), board)));
}
