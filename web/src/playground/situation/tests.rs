use serde_json::Value;

use super::*;

/// Blinds `sb`/`bb`, both stacks 100 big blinds, the button holding AsKd and the big blind
/// 7h7c, and `streets` as (board cards, acts): an act is `call`, `check`, `fold` or
/// `raise 3` (to 3 big blinds).
fn at(sb: f64, bb: f64, streets: &[(&str, &[&str])]) -> Value {
    let cards = |t: &str| {
        (0..t.len() / 2)
            .map(|i| t[2 * i..2 * i + 2].to_string())
            .collect::<Vec<_>>()
    };
    let streets = streets
        .iter()
        .map(|(board, acts)| Street {
            cards: cards(board),
            acts: acts
                .iter()
                .map(|a| {
                    let mut words = a.split(' ');
                    PageAct {
                        act: words.next().unwrap_or_default().to_string(),
                        to: words.next().map(|x| x.parse().expect("a number")),
                    }
                })
                .collect(),
        })
        .collect();
    situation(&Situation {
        sb,
        bb,
        stacks: [100.0, 100.0],
        hole: [cards("AsKd"), cards("7h7c")],
        streets,
    })
}

fn hand(streets: &[(&str, &[&str])]) -> Value {
    at(10.0, 20.0, streets)
}

/// The game state of an answer, read back as `hus decide` reads it.
fn state(v: &Value) -> GameState {
    let xml = v["xml"].as_str().expect("a game state");
    GameState::from_xml(xml).expect("a valid game state").0
}

#[test]
fn the_button_opens_with_fold_call_or_raise_up_to_its_stack() {
    let v = hand(&[("", &[])]);
    assert_eq!(v["error"], Value::Null);
    assert_eq!(v["street"], "preflop");
    assert_eq!(v["toAct"], "button");
    assert_eq!(v["legal"], json!(["fold", "call", "raise"]));
    assert_eq!(
        (v["toCall"].clone(), v["minTo"].clone(), v["maxTo"].clone()),
        (json!(10.0), json!(40.0), json!(2000.0))
    );
    assert_eq!(v["pot"], json!(30.0));
    assert_eq!(
        (v["deal"].clone(), v["roundClosed"].clone()),
        (Value::Null, json!(false))
    );
    assert_eq!(v["hero"], "button");
    let s = state(&v);
    assert_eq!(s.derived().to_call, Chips(10));
    assert_eq!(s.hero_cards().map(|c| c.to_string()), ["As", "Kd"]);
}

#[test]
fn a_check_while_owing_is_refused_and_nothing_after_it_is_played() {
    let v = hand(&[("", &["check", "call"])]);
    assert_eq!(
        v["error"],
        json!({ "field": null, "street": 0, "act": 0,
                "message": "the button owes 10 chips: a check is not allowed" })
    );
    assert_eq!(v["toAct"], "button");
    assert_eq!(v["streets"][0]["acts"], json!([]));
}

#[test]
fn nothing_follows_a_fold() {
    let v = hand(&[("", &["fold", "call"])]);
    assert_eq!(v["error"]["act"], 1);
    assert_eq!(v["error"]["message"], "the hand is over: the button folded");
    assert_eq!(
        (v["handOver"].clone(), v["legal"].clone()),
        (json!(true), json!([]))
    );
    assert_eq!(
        (v["toAct"].clone(), v["deal"].clone()),
        (Value::Null, Value::Null)
    );
}

#[test]
fn a_raise_is_refused_above_the_stack_and_below_the_minimum() {
    let v = hand(&[("", &["raise 101"])]);
    assert_eq!(
        v["error"]["message"],
        "a raise to 2020 chips is not allowed: from 40 (the minimum raise) to 2000 (all in)"
    );
    let v = hand(&[("", &["raise 1.5"])]);
    assert_eq!(v["error"]["act"], 0);
    // All in is allowed; the big blind then may only call or fold.
    let v = hand(&[("", &["raise 100"])]);
    assert_eq!(v["error"], Value::Null);
    assert_eq!(
        v["streets"][0]["acts"][0],
        json!({ "seat": "button", "act": "raise", "to": 2000.0, "adds": 1990.0 })
    );
    assert_eq!(v["legal"], json!(["fold", "call"]));
    let v = hand(&[("", &["raise 100", "raise 100"])]);
    assert_eq!(
        v["error"]["message"],
        "the big blind cannot raise: the button is all in"
    );
    // A call of the all in ends the betting: no street is offered, nobody acts.
    let v = hand(&[("", &["raise 100", "call"])]);
    assert_eq!(
        (v["handOver"].clone(), v["deal"].clone()),
        (json!(true), Value::Null)
    );
}

#[test]
fn a_street_is_dealt_only_when_the_betting_before_it_is_closed() {
    let v = hand(&[("", &["call"])]);
    assert_eq!(
        (v["toAct"].clone(), v["deal"].clone()),
        (json!("bigBlind"), Value::Null)
    );
    assert_eq!(v["legal"], json!(["check", "raise"]));
    let v = hand(&[("", &["call"]), ("Kh8s4d", &[])]);
    assert_eq!(v["error"]["street"], 1);
    assert_eq!(
        v["error"]["message"],
        "the flop is dealt while the big blind is to act in the preflop"
    );
    let v = hand(&[("", &["call", "check"])]);
    assert_eq!(
        (v["roundClosed"].clone(), v["deal"].clone()),
        (json!(true), json!("flop"))
    );
    assert_eq!(
        (v["toAct"].clone(), v["legal"].clone()),
        (Value::Null, json!([]))
    );
    // A flop being picked: no acts, no game state, until its three cards are there.
    let v = hand(&[("", &["call", "check"]), ("Kh8s", &[])]);
    assert_eq!(
        (v["street"].clone(), v["missing"].clone()),
        (json!("flop"), json!(1))
    );
    assert_eq!(
        (v["legal"].clone(), v["xml"].clone()),
        (json!([]), Value::Null)
    );
    let v = hand(&[("", &["call", "check"]), ("Kh8s", &["check"])]);
    assert_eq!(v["error"]["street"], 1);
    let v = hand(&[("", &["call", "check"]), ("Kh8s4d", &[])]);
    assert_eq!(
        (v["toAct"].clone(), v["legal"].clone()),
        (json!("bigBlind"), json!(["check", "bet"]))
    );
    assert_eq!(state(&v).phase(), Phase::Flop);
    // The turn comes after the flop's betting, one card.
    let v = hand(&[
        ("", &["call", "check"]),
        ("Kh8s4d", &["check", "check"]),
        ("2c", &[]),
    ]);
    assert_eq!(
        (v["street"].clone(), v["toAct"].clone()),
        (json!("turn"), json!("bigBlind"))
    );
    assert_eq!(state(&v).board_cards().len(), 4);
}

#[test]
fn the_game_state_is_written_for_the_player_to_act() {
    let v = hand(&[("", &["raise 3"])]);
    assert_eq!(v["hero"], "bigBlind");
    let s = state(&v);
    assert_eq!(s.hero_cards().map(|c| c.to_string()), ["7h", "7c"]);
    assert_eq!(s.derived().to_call, Chips(40));
    assert_eq!(s.derived().min_raise_to(), Some(Chips(100)));
    assert_eq!(
        (v["minTo"].clone(), v["maxTo"].clone()),
        (json!(100.0), json!(2000.0))
    );
    // Without the big blind's cards there is no game state, and the page is told why.
    let mut sit: Situation = serde_json::from_value(json!({
        "sb": 10, "bb": 20, "stacks": [100, 100], "hole": [["As", "Kd"], []],
        "streets": [{ "acts": [{ "act": "raise", "to": 3 }] }],
    }))
    .expect("a situation");
    let v = situation(&sit);
    assert_eq!(v["xml"], Value::Null);
    assert_eq!(
        v["note"],
        "pick the big blind's two cards: the game state is written for the player to act"
    );
    sit.hole[1] = vec!["7h".into(), "7c".into()];
    assert_eq!(situation(&sit)["hero"], "bigBlind");
}

#[test]
fn bets_are_kept_in_big_blinds_and_follow_the_blinds() {
    let small = hand(&[("", &["raise 3", "call"]), ("Kh8s4d", &["bet 2.5"])]);
    let big = at(
        50.0,
        100.0,
        &[("", &["raise 3", "call"]), ("Kh8s4d", &["bet 2.5"])],
    );
    assert_eq!(small["streets"][0]["acts"][0]["to"], json!(60.0));
    assert_eq!(big["streets"][0]["acts"][0]["to"], json!(300.0));
    assert_eq!(
        big["streets"][1]["acts"][0],
        json!({ "seat": "bigBlind", "act": "bet", "to": 250.0, "adds": 250.0 })
    );
    assert_eq!(big["pot"], json!(850.0));
    assert_eq!(state(&big).derived().to_call, Chips(250));
}

#[test]
fn bad_fields_and_cards_are_named() {
    let v = at(0.0, 20.0, &[("", &[])]);
    assert_eq!(v["error"]["field"], "sb");
    let v = at(30.0, 20.0, &[("", &[])]);
    assert_eq!(v["error"]["field"], "bb");
    let v = hand(&[("", &["call", "check"]), ("AsKh4d", &[])]);
    assert_eq!(
        v["error"],
        json!({ "field": "cards", "street": null, "act": null, "message": "As is picked twice" })
    );
    let v = hand(&[("", &["raise"])]);
    assert_eq!(
        v["error"]["message"],
        "a bet or raise needs the total it comes to"
    );
}

#[test]
fn a_stack_typed_in_chips_comes_back_as_those_chips() {
    let sit: Situation = serde_json::from_value(json!({
        "sb": 15, "bb": 30, "stacks": [2000.0 / 30.0, 100], "hole": [["As", "Kd"], []],
        "streets": [{ "acts": [] }],
    }))
    .expect("a situation");
    let v = situation(&sit);
    assert_eq!(state(&v).record().hero_stack, Chips(2000));
    assert_eq!(v["maxTo"], json!(2000.0));
}
