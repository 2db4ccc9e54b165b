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
