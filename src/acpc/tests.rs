//! The translation on every example of protocol.txt's two-player no-limit section, and on
//! hand-made states.

use super::*;
use crate::game::GameState;

/// Each `<-C` line of protocol.txt's no-limit section: the state the client answers, what it
/// owes then, the move it makes and the reply that move becomes.
const CLIENT_TURNS: [(&str, f64, Move, &str); 9] = [
    ("MATCHSTATE:0:30:c:9s8h|", 0.0, Move::Check, "c"),
    (
        "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c",
        0.0,
        Move::Raise(150.0),
        "r250",
    ),
    (
        "MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s",
        0.0,
        Move::Raise(250.0),
        "r500",
    ),
    (
        "MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d",
        0.0,
        Move::Raise(750.0),
        "r1250",
    ),
    ("MATCHSTATE:1:31::|JdTc", 50.0, Move::Raise(200.0), "r300"),
    ("MATCHSTATE:1:31:r300r900:|JdTc", 600.0, Move::Call, "c"),
    (
        "MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c",
        900.0,
        Move::Raise(1800.0),
        "r3600",
    ),
    (
        "MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c",
        5400.0,
        Move::Call,
        "c",
    ),
    (
        "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh",
        11000.0,
        Move::Call,
        "c",
    ),
];

#[test]
fn every_no_limit_example_of_the_protocol_is_a_valid_game_state_at_the_hero_s_turn() {
    let game = NoLimitGame::standard();
    for (line, to_call, mv, reply_text) in CLIENT_TURNS {
        let state = parse(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let record = to_record(&state, &game).unwrap_or_else(|e| panic!("{line}: {e}"));
        let (gs, warnings) = GameState::from_record(record)
            .unwrap_or_else(|e| panic!("{line}: {:?}", e.diagnostics));
        assert!(warnings.is_empty(), "{line}: {warnings:?}");
        assert_eq!(gs.derived().to_call, to_call, "{line}");
        assert_eq!(reply(mv, &state, &game).unwrap(), reply_text, "{line}");
    }
}

#[test]
fn positions_blinds_and_cards_translate() {
    let game = NoLimitGame::standard();
    let s = parse("MATCHSTATE:0:30:cc/r250:9s8h|/8c8d5c").unwrap();
    assert_eq!(s.position, 0);
    assert_eq!(s.hand, 30);
    assert_eq!(
        s.rounds,
        vec![
            vec![AcpcAction::Call, AcpcAction::Call],
            vec![AcpcAction::RaiseTo(250)]
        ]
    );
    let r = to_record(&s, &game).unwrap();
    // Position 0 is the big blind in the reverse-blind game: the villain posted the small one.
    assert_eq!(r.posts[0].player, Player::Villain);
    assert_eq!(r.posts[0].amount, 50.0);
    assert_eq!(r.posts[1].player, Player::Hero);
    assert_eq!((r.bb, r.sb, r.hero_stack), (100.0, 50.0, 20000.0));
    assert_eq!(r.hero_cards, ["9s".parse().unwrap(), "8h".parse().unwrap()]);
    // The limp is a call of 50, the big blind's `c` a check; the flop bet to 250 is by 150.
    let pre = &r.rounds[0].actions;
    assert_eq!(
        (pre[0].player, pre[0].act, pre[0].amount),
        (Player::Villain, Act::Call, 50.0)
    );
    assert_eq!((pre[1].player, pre[1].act), (Player::Hero, Act::Check));
    let flop = &r.rounds[1];
    assert_eq!(flop.cards.len(), 3);
    assert_eq!(
        (
            flop.actions[0].player,
            flop.actions[0].act,
            flop.actions[0].amount
        ),
        (Player::Hero, Act::Raise, 150.0)
    );
}

#[test]
fn hand_made_states_all_ins_folds_and_a_raise_war() {
    let game = NoLimitGame::standard();
    // A fold before the flop: the hand is over, so no decision (the validator says so).
    let s = parse("MATCHSTATE:0:7:f:AhKd|").unwrap();
    let r = to_record(&s, &game).unwrap();
    assert_eq!(r.rounds[0].actions[0].act, Act::Fold);
    assert!(GameState::from_record(r).is_err());
    // A raise war to the stack: the small blind opens, the hero re-raises to 900, the small
    // blind shoves: the hero must call 19,100 or fold.
    let s = parse("MATCHSTATE:0:8:r300r900r20000:AhKd|").unwrap();
    let r = to_record(&s, &game).unwrap();
    let (gs, _) = GameState::from_record(r).unwrap();
    assert_eq!(gs.derived().to_call, 20000.0 - 900.0);
    assert!(!gs.derived().hero_can_raise);
    assert_eq!(reply(Move::Call, &s, &game).unwrap(), "c");
    // A raise to more than the stack is refused.
    let s = parse("MATCHSTATE:0:9:r30000:AhKd|").unwrap();
    assert!(to_record(&s, &game).is_err());
}

#[test]
fn malformed_states_are_clear_errors() {
    for (line, says) in [
        ("MATCH:0:1::AhKd|", "expected `MATCHSTATE:`"),
        ("MATCHSTATE:2:1::AhKd|", "not 0 or 1"),
        ("MATCHSTATE:0:x::AhKd|", "hand number"),
        ("MATCHSTATE:0:1:cx:AhKd|", "expected f, c or r<size>"),
        ("MATCHSTATE:0:1:r:AhKd|", "needs its size"),
        ("MATCHSTATE:0:1::AhK|", "two-character cards"),
        ("MATCHSTATE:0:1::AhKd", "two hole-card sections"),
        ("MATCHSTATE:0:1:cc/:AhKd|/2c3c", "board cards"),
        ("MATCHSTATE:0:1::Zz2c|", "is not a card"),
        ("MATCHSTATE:0:1:", "four fields"),
    ] {
        let e = parse(line).expect_err(line);
        assert!(e.0.contains(says), "{line}: {e}");
    }
}

#[test]
fn the_dealer_s_game_definition_reads_and_other_games_are_refused() {
    let standard = include_str!("../../tests/programs/holdem.nolimit.2p.reverse_blinds.game");
    assert_eq!(NoLimitGame::parse(standard), Ok(NoLimitGame::standard()));
    for (from, to, says) in [
        ("nolimit", "limit", "only no-limit"),
        ("numPlayers = 2", "numPlayers = 3", "heads-up"),
        (
            "numBoardCards = 0 3 1 1",
            "numBoardCards = 0 3 1",
            "hold'em boards",
        ),
        (
            "stack = 20000 20000",
            "stack = 20000 100",
            "two equal stacks",
        ),
        ("blind = 100 50", "blind = 100", "a big and a small blind"),
        ("END GAMEDEF", "", "no `END GAMEDEF`"),
        ("numHoleCards = 2", "numHoleCards = x", "whole numbers"),
    ] {
        let text = standard.replace(from, to);
        let e = NoLimitGame::parse(&text).expect_err(says);
        assert!(e.0.contains(says), "{to}: {e}");
    }
}
