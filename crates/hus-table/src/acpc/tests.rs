//! The translation on every example of protocol.txt's two-player no-limit section, and on
//! hand-made states.

use super::*;
use crate::game::GameState;

/// Each `<-C` line of protocol.txt's no-limit section: the state the client answers, what it
/// owes then, the move it makes and the reply that move becomes.
const CLIENT_TURNS: [(&str, i64, Intent, &str); 9] = [
    ("MATCHSTATE:0:30:c:9s8h|", 0, Intent::Check, "c"),
    (
        "MATCHSTATE:0:30:cc/:9s8h|/8c8d5c",
        0,
        Intent::Raise(150.0),
        "r250",
    ),
    (
        "MATCHSTATE:0:30:cc/r250c/:9s8h|/8c8d5c/6s",
        0,
        Intent::Raise(250.0),
        "r500",
    ),
    (
        "MATCHSTATE:0:30:cc/r250c/r500c/:9s8h|/8c8d5c/6s/2d",
        0,
        Intent::Raise(750.0),
        "r1250",
    ),
    ("MATCHSTATE:1:31::|JdTc", 50, Intent::Raise(200.0), "r300"),
    ("MATCHSTATE:1:31:r300r900:|JdTc", 600, Intent::Call, "c"),
    (
        "MATCHSTATE:1:31:r300r900c/r1800:|JdTc/6dJc9c",
        900,
        Intent::Raise(1800.0),
        "r3600",
    ),
    (
        "MATCHSTATE:1:31:r300r900c/r1800r3600r9000:|JdTc/6dJc9c",
        5400,
        Intent::Call,
        "c",
    ),
    (
        "MATCHSTATE:1:31:r300r900c/r1800r3600r9000c/r20000:|JdTc/6dJc9c/Kh",
        11000,
        Intent::Call,
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
        assert_eq!(gs.derived().to_call, crate::game::Chips(to_call), "{line}");
        assert_eq!(reply(mv, &state, &game).unwrap(), reply_text, "{line}");
        // The action sent is the one the HUS table plays in the same state, raised to the
        // same total of the round.
        let progress = progress(&state, &game).unwrap();
        let (_, played) = answer(mv, &progress, state.position, &game);
        assert_eq!(played, crate::play::legal_in(gs.derived(), mv), "{line}");
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
    assert_eq!(r.posts[0].amount, Chips(50));
    assert_eq!(r.posts[1].player, Player::Hero);
    assert_eq!(
        (r.bb, r.sb, r.hero_stack),
        (Chips(100), Chips(50), Chips(20000))
    );
    assert_eq!(r.hero_cards, ["9s".parse().unwrap(), "8h".parse().unwrap()]);
    // The limp is a call of 50, the big blind's `c` a check; the flop bet to 250 is by 150.
    let pre = &r.rounds[0].actions;
    assert_eq!(
        (pre[0].player, pre[0].act, pre[0].amount),
        (Player::Villain, Act::Call, Chips(50))
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
        (Player::Hero, Act::Raise, Chips(150))
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
    assert_eq!(gs.derived().to_call, Chips(20000) - Chips(900));
    assert!(!gs.derived().hero_can_raise);
    assert_eq!(reply(Intent::Call, &s, &game).unwrap(), "c");
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
        ("MATCHSTATE:0:1::KdKd|", "the card Kd is dealt twice"),
        (
            "MATCHSTATE:0:1:cc/:AsKd|/Kd2c3c",
            "the card Kd is dealt twice",
        ),
        (
            "MATCHSTATE:0:1:cc/cc/cc/cc:AsKd|AsQd/2c3c4c/5c/6c",
            "the card As is dealt twice",
        ),
    ] {
        let e = parse(line).expect_err(line);
        assert!(e.0.contains(says), "{line}: {e}");
    }
}

#[test]
fn the_dealer_s_game_definition_reads_and_other_games_are_refused() {
    let standard = include_str!("../../../../tests/programs/holdem.nolimit.2p.reverse_blinds.game");
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
        (
            "stack = 20000 20000",
            "stack = 9007199254740993 9007199254740993",
            "`stack = 9007199254740993 9007199254740993`: at most 9007199254740992 chips",
        ),
        (
            "blind = 100 50",
            "blind = 18014398509481984 50",
            "`blind = 18014398509481984 50`: at most 9007199254740992 chips",
        ),
    ] {
        let text = standard.replace(from, to);
        let e = NoLimitGame::parse(&text).expect_err(says);
        assert!(e.0.contains(says), "{to}: {e}");
    }
}

/// A state of the standard game with the hero in position 0 (the big blind).
fn at(betting: &str, board: &str) -> Progress {
    let line = format!("MATCHSTATE:0:1:{betting}:AhKd|{board}");
    let state = parse(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
    progress(&state, &NoLimitGame::standard()).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn refused(betting: &str, board: &str) -> String {
    let line = format!("MATCHSTATE:0:1:{betting}:AhKd|{board}");
    let state = parse(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
    progress(&state, &NoLimitGame::standard())
        .expect_err(&line)
        .0
}

#[test]
fn turns_and_round_ends_follow_the_dealer() {
    // The small blind (position 1) opens; a limp hands the turn to the big blind.
    let p = at("", "");
    assert_eq!(
        (p.to_act, p.round, p.raise_to),
        (Some(1), 0, Some((200, 20000)))
    );
    let p = at("c", "");
    assert_eq!((p.to_act, p.spent), (Some(0), [100, 100]));
    // The big blind's check closes the round; it acts first after the flop.
    let p = at("cc/", "/2c3d4h");
    assert_eq!(
        (p.to_act, p.round, p.raise_to),
        (Some(0), 1, Some((200, 20000)))
    );
    // A round that closed must be followed by `/`, and a round cannot start early.
    assert!(refused("cc", "").contains("the dealer is in round 2"));
    assert!(refused("cc/c/", "/2c3d4h/5s").contains("before the betting of round 2"));
    assert!(refused("cc/ccc", "/2c3d4h").contains("after the betting of the round closed"));
    // No fold when nothing is owed.
    assert!(refused("cf", "").contains("a fold when nothing is owed"));
    let p = at("f", "");
    assert_eq!((p.to_act, p.folded, p.showdown()), (None, Some(1), false));
}

#[test]
fn raise_sizes_follow_the_dealer() {
    // A raise to 300 is one of 200: the next must be to at least 500.
    assert_eq!(at("r300", "").raise_to, Some((500, 20000)));
    assert!(refused("r150", "").contains("outside the allowed 200 to 20000"));
    assert!(refused("r300r400", "").contains("outside the allowed 500 to 20000"));
    // After the flop the smallest bet is the big blind on top of what was put in.
    assert_eq!(at("r300c/", "/2c3d4h").raise_to, Some((400, 20000)));
    // Facing an all-in: only a call or a fold.
    let p = at("r20000", "");
    assert_eq!((p.to_act, p.raise_to), (Some(0), None));
    assert!(refused("r20000r20000", "").contains("only a call"));
    // All in and called: the cards are dealt out and the hand is over at the river.
    let p = at("r20000c///", "/2c3d4h/5s/9h");
    assert_eq!((p.to_act, p.round, p.showdown()), (None, 3, true));
    // The dealer's room for acts: after 63 acts a raise would leave no room for the call.
    let war: String = (0..63).map(|k| format!("r{}", 200 + 100 * k)).collect();
    assert_eq!(at(&war, "").raise_to, None);
    let war: String = (0..62).map(|k| format!("r{}", 200 + 100 * k)).collect();
    assert_eq!(at(&war, "").raise_to, Some((6400, 20000)));
}

#[test]
fn a_game_s_raise_limit_is_kept() {
    let standard = include_str!("../../../../tests/programs/holdem.nolimit.2p.reverse_blinds.game");
    let text = standard.replace("END GAMEDEF", "maxRaises = 2 4 4 4\nEND GAMEDEF");
    let game = NoLimitGame::parse(&text).unwrap();
    assert_eq!(game.max_raises, [2, 4, 4, 4]);
    let state = parse("MATCHSTATE:1:1:r300r900:|AhKd").unwrap();
    assert_eq!(progress(&state, &game).unwrap().raise_to, None);
    assert_eq!(reply(Intent::Raise(5000.0), &state, &game).unwrap(), "c");
}

#[test]
fn moves_are_made_legal_before_they_are_sent() {
    let game = NoLimitGame::standard();
    let turn = |betting: &str, mv: Intent| {
        let state = parse(&format!("MATCHSTATE:0:1:{betting}:AhKd|")).unwrap();
        reply(mv, &state, &game).unwrap()
    };
    // No fold when checking is free; a raise below the minimum is the minimum; above the
    // stack, all in.
    assert_eq!(turn("c", Intent::Fold), "c");
    assert_eq!(turn("c", Intent::Raise(10.0)), "r200");
    assert_eq!(turn("c", Intent::Raise(1e9)), "r20000");
    assert_eq!(turn("r300", Intent::Raise(250.4)), "r550");
    assert_eq!(turn("r20000", Intent::Raise(100.0)), "c");
    assert_eq!(turn("r300", Intent::Fold), "f");
    // Not this seat's turn: no reply.
    let state = parse("MATCHSTATE:0:1::AhKd|").unwrap();
    assert!(reply(Intent::Call, &state, &game).is_err());
}

#[test]
fn outcomes_of_folds_showdowns_and_splits() {
    let out = |line: &str| {
        let s = parse(line).unwrap();
        let p = progress(&s, &NoLimitGame::standard()).unwrap();
        outcome(&s, &p).unwrap()
    };
    assert_eq!(out("MATCHSTATE:0:1:f:AhKd|"), [50, -50]);
    assert_eq!(out("MATCHSTATE:0:1:r300f:AhKd|"), [-100, 100]);
    // Aces make the wheel; kings a pair.
    assert_eq!(
        out("MATCHSTATE:0:1:cc/cc/cc/cc:KsKd|AsAd/2c3d4h/5s/9h"),
        [-100, 100]
    );
    // The board plays for both: a split.
    assert_eq!(
        out("MATCHSTATE:0:1:r20000c///:2s3d|2h3c/AcKcQc/Jc/Tc"),
        [0, 0]
    );
    // A showdown without the other player's cards cannot be settled.
    let s = parse("MATCHSTATE:0:1:cc/cc/cc/cc:KsKd|/2c3d4h/5s/9h").unwrap();
    let p = progress(&s, &NoLimitGame::standard()).unwrap();
    assert!(outcome(&s, &p).is_err());
}

/// A dealer's side of a connection, scripted: what it sends, and what it got back.
struct Scripted {
    input: std::io::Cursor<Vec<u8>>,
    output: Vec<u8>,
}

impl std::io::Read for Scripted {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.input.read(buf)
    }
}

impl std::io::Write for Scripted {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.output.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn caller_seat() -> seat::Seat {
    let bot = crate::dealer::load_bot(
        "builtin:caller",
        &crate::external::ExternalPolicy::default(),
        &[],
        &[],
    )
    .unwrap();
    seat::Seat::new(
        bot.bot,
        seat::SeatConfig {
            game: NoLimitGame::standard(),
            seed: 1,
            external_budget: std::time::Duration::from_secs(1),
            histories: None,
        },
    )
}

#[test]
fn a_seat_answers_its_turns_only_and_counts_the_hands() {
    let sent = [
        "# a comment the dealer may send",
        "MATCHSTATE:1:0::|AsAd",
        "MATCHSTATE:1:0:c:|AsAd",
        "MATCHSTATE:1:0:cc/:|AsAd/2c3d4h",
        "MATCHSTATE:1:0:cc/c:|AsAd/2c3d4h",
        "MATCHSTATE:1:0:cc/cc/:|AsAd/2c3d4h/5s",
        "MATCHSTATE:1:0:cc/cc/c:|AsAd/2c3d4h/5s",
        "MATCHSTATE:1:0:cc/cc/cc/:|AsAd/2c3d4h/5s/9h",
        "MATCHSTATE:1:0:cc/cc/cc/c:|AsAd/2c3d4h/5s/9h",
        "MATCHSTATE:1:0:cc/cc/cc/cc:KsKd|AsAd/2c3d4h/5s/9h",
        "MATCHSTATE:0:1::QsQd|",
        "MATCHSTATE:0:1:f:QsQd|",
    ];
    let mut dealer = Scripted {
        input: std::io::Cursor::new(sent.join("\r\n").into_bytes()),
        output: Vec::new(),
    };
    let summary = client::play(&mut dealer, caller_seat()).unwrap();
    let replies = String::from_utf8(dealer.output).unwrap();
    assert_eq!(
        replies,
        "VERSION:2.0.0\r\n\
         MATCHSTATE:1:0::|AsAd:c\r\n\
         MATCHSTATE:1:0:cc/c:|AsAd/2c3d4h:c\r\n\
         MATCHSTATE:1:0:cc/cc/c:|AsAd/2c3d4h/5s:c\r\n\
         MATCHSTATE:1:0:cc/cc/cc/c:|AsAd/2c3d4h/5s/9h:c\r\n"
    );
    // The wheel beats kings (+100), then the small blind folds to the seat (+50).
    assert_eq!((summary.hands, summary.net_chips), (2, 150));
    assert_eq!(summary.stats.decisions, 4);
    assert_eq!(
        (summary.stats.showdowns, summary.stats.showdowns_won),
        (1, 1)
    );
    assert_eq!(summary.stats.actions[0].call, 1);
    assert_eq!(summary.stats.actions[3].check, 1);
}

#[test]
fn a_dealer_that_changes_or_invents_the_seat_s_acts_is_refused() {
    for (lines, says) in [
        // The seat (the button, first to act) called; the dealer says it raised.
        (
            &["MATCHSTATE:1:0::|AsAd", "MATCHSTATE:1:0:r400:|AsAd"][..],
            "as `r400`, but it sent `c`",
        ),
        // It called; the dealer says it folded.
        (
            &["MATCHSTATE:1:0::|AsAd", "MATCHSTATE:1:0:f:|AsAd"][..],
            "as `f`, but it sent `c`",
        ),
        // An act of the seat's it was never asked for.
        (
            &["MATCHSTATE:1:0:c:|AsAd"][..],
            "acting 1 times, but it was asked 0 times",
        ),
    ] {
        let mut seat = caller_seat();
        let mut result = Ok(None);
        for l in lines {
            result = seat.on_line(l);
            if result.is_err() {
                break;
            }
        }
        let e = result.expect_err(says);
        assert!(matches!(e, seat::SeatError::Protocol { .. }), "{e:?}");
        assert!(e.to_string().contains(says), "{lines:?}: {e}");
    }
    // The dealer turning the seat's act into a call is its right.
    let mut seat = caller_seat();
    seat.on_line("MATCHSTATE:1:0::|AsAd").unwrap();
    seat.on_line("MATCHSTATE:1:0:cc/:|AsAd/2c3d4h").unwrap();
}

#[test]
fn a_state_that_contradicts_the_last_one_is_refused() {
    for (lines, says) in [
        (
            &["MATCHSTATE:1:0::|AsAd", "MATCHSTATE:1:0:c:|KsKd"][..],
            "hole cards changed",
        ),
        (
            &["MATCHSTATE:0:0:r300:AsAd|", "MATCHSTATE:0:0:r400r900:AsAd|"][..],
            "does not continue",
        ),
        (
            &["MATCHSTATE:1:0::|AsAd", "MATCHSTATE:1:1::|AsAd"][..],
            "starts before hand 0 is over",
        ),
        (
            &["MATCHSTATE:0:3:f:AsAd|", "MATCHSTATE:0:2::AsAd|"][..],
            "hands go up",
        ),
        (
            &["MATCHSTATE:0:0:f:AsAd|", "MATCHSTATE:0:0:fc:AsAd|"][..],
            "after it was over",
        ),
        (
            &["MATCHSTATE:1:0::|AsAd", "MATCHSTATE:0:0:c:AsAd|"][..],
            "position changed",
        ),
        (
            &[
                "MATCHSTATE:0:0:c:AsAd|",
                "MATCHSTATE:0:0:cc/:AsAd|/2c3d4h",
                "MATCHSTATE:0:0:cc/c:AsAd|/2c3d5h",
            ][..],
            "board of hand 0 changed",
        ),
    ] {
        let mut seat = caller_seat();
        let mut result = Ok(None);
        for l in lines {
            result = seat.on_line(l);
            if result.is_err() {
                break;
            }
        }
        let e = result.expect_err(says).to_string();
        assert!(e.contains(says), "{lines:?}: {e}");
        assert!(e.contains(lines[lines.len() - 1]), "names the line: {e}");
    }
    // The connection ends in the middle of a hand.
    let mut seat = caller_seat();
    seat.on_line("MATCHSTATE:0:4:c:AsAd|").unwrap();
    let e = seat.finish().expect_err("cut off");
    // A dropped connection (`hus acpc` exit 7), not a bad line.
    assert!(
        matches!(e, seat::SeatError::Dropped { hand: Some(4) }),
        "{e:?}"
    );
    assert!(e.to_string().contains("hand 4"), "{e}");
    // A dealer that closes before any hand played no match either.
    let e = caller_seat().finish().expect_err("nothing played");
    assert!(
        matches!(e, seat::SeatError::Dropped { hand: None }),
        "{e:?}"
    );
}

#[test]
fn a_dealer_log_reads_and_its_errors_name_the_line() {
    let game = NoLimitGame::standard();
    let text = "# name/game/hands/seed m x 2 7\n\
                STATE:0:r300c/cr800f:5cJd|KdAh/8sQs2c:-300|300:Bob|Alice\n\
                STATE:1:cc/cc/cc/cc:KsKd|AsAd/2c3d4h/5s/9h:-100|100:Alice|Bob\n\
                SCORE:200|-200:Alice|Bob\n";
    let l = log::read(text, &game).unwrap();
    assert_eq!(l.hands.len(), 2);
    assert_eq!(l.hands[1].line, 3);
    assert_eq!(l.hands[0].names, ["Bob".to_string(), "Alice".to_string()]);
    assert_eq!(l.hands[0].seen_by(1).hole[0], None);
    let score = l.score.unwrap();
    assert_eq!(score.values[1], ("Bob".to_string(), -200.0));
    for (bad, line, says) in [
        (
            text.replace("-300|300", "-300|200"),
            2,
            "not what hand 0 gives",
        ),
        (
            text.replace("STATE:1:", "STATUS:1:"),
            3,
            "expected `STATE:`",
        ),
        (
            text.replace("cc/cc/cc/cc:", "cc/cc/cc/c:"),
            3,
            "not finished",
        ),
        (text.replace("STATE:1:", "STATE:0:"), 3, "hands go up"),
        (
            format!("{text}STATE:2:f:2c2d|3c3d:50|-50:A|B\n"),
            5,
            "after the SCORE",
        ),
        (
            text.replace(":Alice|Bob\nSCORE", ":Alice\nSCORE"),
            3,
            "two names",
        ),
        (
            text.replace("SCORE:200|-200", "SCORE:250|-250"),
            4,
            "hands add up to 200",
        ),
        (
            text.replace("SCORE:200|-200:Alice|Bob", "SCORE:200|-200:Alice|Carol"),
            4,
            "Carol's hands add up to 0",
        ),
        (
            text.replace("KsKd|AsAd", "KsKd|AsKd"),
            3,
            "the card Kd is dealt twice",
        ),
        (
            text.replace(":Alice|Bob\nSCORE", ":Bob|Bob\nSCORE"),
            3,
            "both seats are named `Bob`",
        ),
    ] {
        let e = log::read(&bad, &game).expect_err(says);
        assert_eq!(e.line, line, "{says}: {e}");
        assert!(e.message.contains(says), "{e}");
    }
}

#[test]
fn a_log_without_a_score_reads_and_sums_each_player() {
    let game = NoLimitGame::standard();
    let text = "STATE:0:r200c/cc/cc/r400c:AhTd|Jd7d/2sTh3s/2h/Qc:400|-400:Hit|Slum\n\
                STATE:1:r200f:3d7c|Jd6h:-100|100:Slum|Hit\n";
    let l = log::read(text, &game).unwrap();
    assert_eq!(l.score, None);
    assert_eq!(l.expected_value_hands(), 0);
    let players = l.players();
    let by = |n: &str| players.iter().find(|p| p.name == n).unwrap().clone();
    assert_eq!(
        (by("Hit").hands, by("Hit").net, by("Hit").showdowns),
        (2, 500, 1)
    );
    assert_eq!((by("Slum").net, by("Slum").showdowns), (-500, 1));
}

#[test]
fn an_all_in_hand_reported_at_its_expected_value_reads_with_its_run_out() {
    let game = NoLimitGame::standard();
    // All in on the flop, called; the cards give the big blind (position 0) all 20,000.
    let text =
        "STATE:0:r300c/r600r20000c//:KsKd|2c7h/Kh5d9c/3h/4s:18181.818182|-18181.818182:A|B\n\
                SCORE:18181.818182|-18181.818182:A|B\n";
    let l = log::read(text, &game).unwrap();
    assert_eq!(l.expected_value_hands(), 1);
    assert_eq!(l.hands[0].values, [20000.0, -20000.0]);
    assert_eq!(l.hands[0].reported, Some([18181.818182, -18181.818182]));
    assert_eq!(l.players()[0].net, 20000);
    // Not an all-in before the river, or not a value the hand can have: an error.
    for (bad, says) in [
        (
            "STATE:0:r300c/r600c/cc/cc:KsKd|2c7h/Kh5d9c/3h/4s:300.5|-300.5:A|B\n",
            "not what hand 0 gives (600|-600)",
        ),
        (
            "STATE:0:r300c/r600r20000c//:KsKd|2c7h/Kh5d9c/3h/4s:18181|-18000:A|B\n",
            "nor an all-in expected value",
        ),
        (
            "STATE:0:r300c/r600r20000c//:KsKd|2c7h/Kh5d9c/3h/4s:20001|-20001:A|B\n",
            "nor an all-in expected value",
        ),
    ] {
        let e = log::read(bad, &game).expect_err(says);
        assert!(e.message.contains(says), "{e}");
    }
}

#[test]
fn a_log_s_messages_quote_long_names_and_numbers_short() {
    let game = NoLimitGame::standard();
    let long = "N".repeat(100_000);
    let big = format!("1{}", "0".repeat(308));
    for (text, says) in [
        (
            format!("STATE:0:r200f:3d7c|Jd6h:-100|100:{long}|{long}\n"),
            format!(
                "both seats are named `{}…`: a log names two different players",
                "N".repeat(60)
            ),
        ),
        (
            format!("STATE:0:r200f:3d7c|Jd6h:{big}|-{big}:A|B\n"),
            "the values 1e308|-1e308 are not what hand 0 gives (-100|100)".to_string(),
        ),
        (
            format!("STATE:0:r200f:3d7c|Jd6h:-100|100:A|B\nSCORE:{big}|-100:A|B\n"),
            "the score gives A 1e308, but A's hands add up to -100".to_string(),
        ),
        (
            format!("STATE:0:r200f:3d7c|Jd6h:-100|100:A|B\nSCORE:x{long}|-100:A|B\n"),
            format!("`x{}…` is not a number", "N".repeat(59)),
        ),
    ] {
        let e = log::read(&text, &game).expect_err(&says);
        assert_eq!(e.message, says);
    }
}

#[test]
fn players_are_summed_in_order_of_appearance_however_many_there_are() {
    let game = NoLimitGame::standard();
    let text: String = (0..2000)
        .map(|i| format!("STATE:{i}:r200f:3d7c|Jd6h:-100|100:P{i}|Q{i}\n"))
        .collect();
    let l = log::read(&text, &game).unwrap();
    let players = l.players();
    assert_eq!(players.len(), 4000);
    assert_eq!((players[0].name.as_str(), players[0].net), ("P0", -100));
    assert_eq!(
        (players[3999].name.as_str(), players[3999].net),
        ("Q1999", 100)
    );
    let huds = l.huds(&game).unwrap();
    assert_eq!(huds.len(), 4000);
    assert_eq!(huds[2].0, "P1");
}

#[test]
fn a_log_played_at_other_stacks_says_which_stacks_fit_it() {
    // An all-in at 10,000 chips (a `hus match --log` hand at 100 big blinds) read in the
    // standard game of 20,000: the dealt-out board reads as an unclosed round.
    let hand = "STATE:0:r300r10000c///:KsKd|2c7h/Kh5d9c/3h/4s:10000|-10000:A|B\n";
    let e = log::read(hand, &NoLimitGame::standard()).expect_err("other stacks");
    assert_eq!(
        e.message,
        "round 3 starts before the betting of round 2 is closed (this game's stacks are 20000 \
         chips; the hand fits stacks of 10000: give the game definition the log was played in, \
         with `stack = 10000 10000`)"
    );
    let game = NoLimitGame {
        stack: 10_000,
        ..NoLimitGame::standard()
    };
    assert_eq!(log::read(hand, &game).unwrap().hands.len(), 1);
    // A log that is wrong whatever the stacks gets no such note.
    let e = log::read(
        "STATE:0:r300c/cr900///:KsKd|2c7h/Kh5d9c/3h/4s:300|-300:A|B\n",
        &game,
    )
    .expect_err("unclosed");
    assert!(!e.message.contains("stacks"), "{e}");
}
