//! The incremental validation against the full one, on many random hands: mostly legal play
//! (the path the dealer takes), with now and then a wrong player, amount, act, `no`, round or
//! card, and records that are invalid from the start.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::GrowingState;
use crate::cards::{Card, Rank, Suit};
use crate::game::betting::Betting;
use crate::game::{
    Act, ActionRecord, Chips, GameRecord, GameState, Phase, Player, Post, Round, Unit,
};

/// A shuffled deck.
fn deck(rng: &mut ChaCha8Rng) -> Vec<Card> {
    let mut d: Vec<Card> = (0..52)
        .map(|i| Card::new(Rank((i % 13) as u8), Suit::ALL[i / 13]))
        .collect();
    for i in 0..d.len() {
        let j = rng.random_range(i..d.len());
        d.swap(i, j);
    }
    d
}

/// A record at the start of a hand (blinds posted, no round), invalid now and then.
fn start(rng: &mut ChaCha8Rng, deck: &mut Vec<Card>) -> (GameRecord, Player) {
    // Amounts in tenths of a chip: blinds of 2, 100 and 0.5.
    let bb = [20, 1000, 5][rng.random_range(0..3)];
    let sb = if rng.random_bool(0.9) { bb / 2 } else { bb };
    let stack = |rng: &mut ChaCha8Rng| match rng.random_range(0..10) {
        0 => Chips(sb / 2),
        1 => Chips(bb * 3),
        _ => Chips(bb * rng.random_range(5..200)),
    };
    let (bb, sb) = (Chips(bb), Chips(sb));
    let (hero_stack, villain_stack) = (stack(rng), stack(rng));
    let button = if rng.random_bool(0.5) {
        Player::Hero
    } else {
        Player::Villain
    };
    let stack_of = |p: Player| {
        if p == Player::Hero {
            hero_stack
        } else {
            villain_stack
        }
    };
    let mut hero_cards = [deck.pop().unwrap(), deck.pop().unwrap()];
    if rng.random_ratio(1, 50) {
        hero_cards[1] = hero_cards[0];
    }
    let mut extras = Vec::new();
    let mut chip = None;
    match rng.random_range(0..20) {
        0 => chip = Some(Chips(5)),
        1 => chip = Some(Chips(-10)),
        2 => extras.push(("level".to_string(), 3.0)),
        _ => {}
    }
    let mut posts = vec![
        Post {
            player: button,
            amount: sb.min(stack_of(button)),
            blind: "SB".into(),
            span: None,
        },
        Post {
            player: button.other(),
            amount: bb.min(stack_of(button.other())),
            blind: "BB".into(),
            span: None,
        },
    ];
    if rng.random_ratio(1, 50) {
        posts[1].amount += Chips(1);
    }
    let record = GameRecord {
        unit: Unit::new(1).unwrap(),
        chip,
        bb,
        sb: if rng.random_ratio(1, 50) { bb + bb } else { sb },
        hero_stack,
        villain_stack,
        hero_cards,
        extras,
        posts,
        rounds: Vec::new(),
        stats: None,
    };
    (record, button)
}

/// The next round, its cards mostly right.
fn next_round(rng: &mut ChaCha8Rng, deck: &mut Vec<Card>, phase: Phase) -> Round {
    let phase = if rng.random_ratio(1, 40) {
        Phase::ALL[rng.random_range(0..4)]
    } else {
        phase
    };
    let mut n = [0, 3, 1, 1][phase as usize];
    if rng.random_ratio(1, 40) {
        n = rng.random_range(0..4);
    }
    let mut cards: Vec<Card> = (0..n).map(|_| deck.pop().unwrap()).collect();
    if !cards.is_empty() && rng.random_ratio(1, 40) {
        cards[0] = Card::new(
            Rank(rng.random_range(0..13)),
            Suit::ALL[rng.random_range(0..4)],
        );
    }
    Round {
        phase,
        cards,
        actions: Vec::new(),
        span: None,
    }
}

/// The next act: mostly a legal one by the player to act, sometimes anything.
fn next_act(rng: &mut ChaCha8Rng, b: &Betting, no: i64) -> ActionRecord {
    let mut player = b.to_act().unwrap_or(Player::Hero);
    let to_call = b.to_call(player);
    let behind = b.behind(player);
    let (mut act, mut amount) = if to_call > crate::game::Chips::ZERO {
        match rng.random_range(0..10) {
            0 => (Act::Fold, Chips::ZERO),
            1..=5 => (Act::Call, to_call),
            _ => (Act::Raise, raise(rng, b, player)),
        }
    } else {
        match rng.random_range(0..10) {
            0..=5 => (Act::Check, Chips::ZERO),
            6 => (Act::Bet, raise(rng, b, player)),
            _ => (Act::Raise, raise(rng, b, player)),
        }
    };
    if !b.can_raise(player) && matches!(act, Act::Raise | Act::Bet) {
        (act, amount) = (Act::Call, to_call);
    }
    let mut no = no;
    match rng.random_range(0..60) {
        0 => player = player.other(),
        1 => amount += Chips(1),
        2 => amount = behind - to_call + Chips(1),
        3 => act = [Act::Check, Act::Call, Act::Raise, Act::Bet, Act::Fold][rng.random_range(0..5)],
        4 => no -= 1,
        5 => no += 3,
        6 => amount += Chips(1),
        7 => amount = Chips(-1),
        _ => {}
    }
    crate::game::betting::tests::action(no, player, act, amount)
}

/// A raise increment from the minimum to all in.
fn raise(rng: &mut ChaCha8Rng, b: &Betting, p: Player) -> Chips {
    let most = b.behind(p) - b.to_call(p);
    let least = b.min_raise().min(most);
    match rng.random_range(0..4) {
        0 => most,
        1 => least,
        _ if most > least => Chips(rng.random_range(least.0..=most.0)),
        _ => least,
    }
}

/// Both validations of the record now, which must agree exactly.
fn compare(g: &mut GrowingState) -> bool {
    let full = GameState::from_record(g.record().clone());
    match (g.decide(), full) {
        (Ok((state, warnings)), Ok((expected, expected_warnings))) => {
            assert_eq!(state.derived(), expected.derived());
            assert_eq!(state.record(), expected.record());
            assert_eq!(warnings, expected_warnings);
            assert!(state.xml.is_none());
            true
        }
        (Err(e), Err(expected)) => {
            assert_eq!(e.diagnostics, expected.diagnostics);
            false
        }
        (got, expected) => panic!(
            "incremental {:?} but full {:?} for {:?}",
            got.map(|s| s.1),
            expected.map(|s| s.1),
            g.record()
        ),
    }
}

/// The other seat's state through `g`'s validation against its own full validation.
fn compare_mirroring(other: &mut GrowingState, g: &GrowingState) {
    let full = GameState::from_record(other.record().clone());
    match (other.decide_mirroring(g), full) {
        (Ok((state, warnings)), Ok((expected, expected_warnings))) => {
            assert_eq!(state.derived(), expected.derived());
            assert_eq!(warnings, expected_warnings);
        }
        (Err(e), Err(expected)) => assert_eq!(e.diagnostics, expected.diagnostics),
        (got, expected) => panic!(
            "mirrored {:?} but full {:?} for {:?}",
            got.map(|s| s.1),
            expected.map(|s| s.1),
            other.record()
        ),
    }
}

/// `record` seen from the other seat, which holds `cards`.
fn mirror(record: &GameRecord, cards: [Card; 2]) -> GameRecord {
    let mut m = record.clone();
    m.hero_cards = cards;
    std::mem::swap(&mut m.hero_stack, &mut m.villain_stack);
    for p in &mut m.posts {
        p.player = p.player.other();
    }
    for a in m.rounds.iter_mut().flat_map(|r| &mut r.actions) {
        a.player = a.player.other();
    }
    m
}

/// The betting machine of a record at the start of a hand, to play legal acts from.
fn shadow_of(record: &GameRecord) -> Betting {
    let posted = |p: Player| record.posts.iter().find(|x| x.player == p).unwrap().amount;
    let button = record.posts[0].player;
    Betting::new(
        [record.hero_stack, record.villain_stack],
        [posted(Player::Hero), posted(Player::Villain)],
        record.bb,
        button,
    )
}

/// Plays a random hand into `g` (at the start of a hand), comparing every state with the full
/// validation: (accepted, rejected, accepted along the incremental path). With `other` (the
/// other seat's mirroring record of the same hand), its states are compared as well.
fn play(
    rng: &mut ChaCha8Rng,
    deck: &mut Vec<Card>,
    g: &mut GrowingState,
    mut shadow: Betting,
    mut other: Option<&mut GrowingState>,
) -> (usize, usize, usize) {
    let (mut accepted, mut rejected, mut incremental) = (0, 0, 0);
    let mut phase = Some(Phase::Preflop);
    let mut no = 0;
    for _ in 0..rng.random_range(1..16) {
        let open = g.record().rounds.is_empty() || shadow.to_act().is_none();
        if open {
            let Some(p) = phase else { break };
            let round = next_round(rng, deck, p);
            if p != Phase::Preflop {
                let _ = shadow.start_round(p);
            }
            phase = p.next();
            no = 0;
            if let Some(o) = other.as_deref_mut() {
                o.push_round(round.clone());
            }
            g.push_round(round);
        } else {
            let a = next_act(rng, &shadow, no);
            let _ = shadow.apply(a.player, a.act, a.amount);
            no = a.no + 1;
            if let Some(o) = other.as_deref_mut() {
                let mirrored = ActionRecord {
                    player: a.player.other(),
                    ..a.clone()
                };
                assert!(o.push_action(mirrored, None));
            }
            assert!(g.push_action(a, None));
        }
        if let Some(o) = other.as_deref_mut() {
            compare_mirroring(o, g);
        }
        let followed = g.check.is_some();
        if compare(g) {
            accepted += 1;
            incremental += followed as usize;
        } else {
            rejected += 1;
        }
    }
    (accepted, rejected, incremental)
}

#[test]
fn every_state_is_the_full_validations() {
    let mut rng = ChaCha8Rng::seed_from_u64(16);
    let (mut accepted, mut rejected, mut incremental) = (0, 0, 0);
    for _ in 0..3000 {
        let mut deck = deck(&mut rng);
        let (record, _) = start(&mut rng, &mut deck);
        let shadow = shadow_of(&record);
        let mut g = GrowingState::new(record);
        if rng.random_ratio(1, 10) {
            // A record reused for another hand, as the dealer does.
            g.edit(|r| r.hero_stack += Chips(1));
        }
        let (a, r, i) = play(&mut rng, &mut deck, &mut g, shadow, None);
        accepted += a;
        rejected += r;
        incremental += i;
    }
    // Both outcomes, the states accepted mostly along the incremental path.
    assert!(
        accepted > 3000 && rejected > 3000,
        "{accepted} / {rejected}"
    );
    assert!(
        incremental * 4 > accepted * 3,
        "{incremental} of {accepted}"
    );
}

#[test]
fn the_other_seat_decides_through_this_seats_validation() {
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let mut mirrored = 0;
    for _ in 0..3000 {
        let mut deck = deck(&mut rng);
        let (record, _) = start(&mut rng, &mut deck);
        let cards = [deck.pop().unwrap(), deck.pop().unwrap()];
        let mut other = GrowingState::mirroring(mirror(&record, cards));
        let shadow = shadow_of(&record);
        let mut g = GrowingState::new(record);
        let (_, _, i) = play(&mut rng, &mut deck, &mut g, shadow, Some(&mut other));
        mirrored += i;
    }
    // Most of the hands' states were along the incremental path, so through the mirror.
    assert!(mirrored > 3000, "{mirrored}");
}

#[test]
fn a_restarted_hand_is_validated_as_a_new_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..300 {
        let mut deck = deck(&mut rng);
        let (record, _) = start(&mut rng, &mut deck);
        let shadow = shadow_of(&record);
        let mut g = GrowingState::new(record);
        for _ in 0..10 {
            let mut deck = self::deck(&mut rng);
            let mut cards = [deck.pop().unwrap(), deck.pop().unwrap()];
            if rng.random_ratio(1, 20) {
                cards[1] = cards[0];
            }
            let mut spare = Vec::new();
            g.restart(cards, &mut spare);
            assert!(g.record().rounds.is_empty());
            assert_eq!(g.record().hero_cards, cards);
            assert!(spare
                .iter()
                .all(|r| r.cards.is_empty() && r.actions.is_empty()));
            compare(&mut g);
            let (a, r, _) = play(&mut rng, &mut deck, &mut g, shadow, None);
            accepted += a;
            rejected += r;
        }
    }
    assert!(
        accepted > 1000 && rejected > 1000,
        "{accepted} / {rejected}"
    );
}

#[test]
fn an_act_without_a_round_is_not_added() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut deck = deck(&mut rng);
    let (record, _) = start(&mut rng, &mut deck);
    let mut g = GrowingState::new(record);
    let a = crate::game::betting::tests::action(0, Player::Hero, Act::Call, Chips(1));
    assert!(!g.push_action(a, None));
    assert!(g.record().rounds.is_empty());
}
