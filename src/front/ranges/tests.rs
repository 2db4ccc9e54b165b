use super::*;

fn eq(hero: &str, villain: &str, board: &str, dead: &str) -> EquityReport {
    equity(&EquityOptions {
        hero: hero.into(),
        villain: villain.into(),
        board: board.into(),
        dead: dead.into(),
        villain_with: None,
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
        "`AKx` is neither a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`) nor two cards (`AhKh`)"
    );
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

#[test]
fn too_much_work_is_refused_before_it_starts() {
    let e = equity(&EquityOptions {
        hero: "22+ | A2+ | K2+ | Q2+".into(),
        villain: "22+ | A2+ | K2+".into(),
        board: String::new(),
        dead: "2c".into(),
        villain_with: None,
    })
    .unwrap_err();
    assert!(
        e.message.contains("too many to count exactly here"),
        "{}",
        e.message
    );
}

#[test]
fn range_on_a_board_by_category() {
    let r = range_breakdown(&RangeOptions {
        range: "QQ+ | AK".into(),
        board: "Kh8s4d".into(),
        dead: String::new(),
        with: None,
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
        }
    })
    .unwrap();
    assert_eq!(narrowed.kept, 21.0);
    assert_eq!(narrowed.grid[HoleClass::parse("QQ").unwrap().index()], 0.0);
}
