use super::*;
use crate::diag::SourceFile;
use crate::game::{GameState, Post, Round};

pub const THESIS: &str = include_str!("../../../../../tests/cases/game/thesis.xml");

/// `<init>` and `<posts>`: blinds 10/20, stacks 1500/2500, hero J♥3♣; the hero posts the
/// small blind unless `hero_bb`.
fn head(hero_bb: bool) -> String {
    let (sb, bb) = if hero_bb {
        ("Villain", "Hero")
    } else {
        ("Hero", "Villain")
    };
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<game>
  <init>
<BB>20</BB>
<SB>10</SB>
<heroStack>1500</heroStack>
<villainStack>2500</villainStack>
<heroCards>
  <card rank="J" color="Hearts"></card>
  <card rank="3" color="Clubs"></card>
</heroCards>
  </init>
  <posts>
<post player="{sb}" amount="10">SB</post>
<post player="{bb}" amount="20">BB</post>
  </posts>
"#
    )
}

/// A round: `cards` like `Qs Tc 8c`, `acts` like `H call 10; V raise 20` (no = 0, 1, ...).
pub fn round(tag: &str, cards: &str, acts: &str) -> String {
    let mut s = format!("  <{tag}>\n");
    if !cards.is_empty() {
        s.push_str("    <cards>\n");
        for c in cards.split_whitespace() {
            let (r, k) = c.split_at(c.len() - 1);
            s.push_str(&format!("      <card rank=\"{r}\" color=\"{k}\"></card>\n"));
        }
        s.push_str("    </cards>\n");
    }
    for (no, a) in acts
        .split(';')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .enumerate()
    {
        let w: Vec<&str> = a.split_whitespace().collect();
        let player = if w[0] == "H" { "Hero" } else { "Villain" };
        let amount = w.get(2).copied().unwrap_or("0");
        s.push_str(&format!(
            "    <action no=\"{no}\" player=\"{player}\" act=\"{}\" amount=\"{amount}\"></action>\n",
            w[1]
        ));
    }
    s.push_str(&format!("  </{tag}>\n"));
    s
}

fn game(rounds: &[String]) -> String {
    game_as(false, rounds)
}
fn game_as(hero_bb: bool, rounds: &[String]) -> String {
    format!("{}{}</game>\n", head(hero_bb), rounds.concat())
}
fn pre(acts: &str) -> String {
    round("preflop", "", acts)
}
fn flop(acts: &str) -> String {
    round("flop", "Qs Tc 8c", acts)
}
fn turn(acts: &str) -> String {
    round("turn", "2d", acts)
}

fn ok(xml: &str) -> (GameState, Vec<SourceDiagnostic>) {
    match GameState::from_xml(xml) {
        Ok(x) => x,
        Err(e) => panic!("expected a valid game, got {:#?}\n{xml}", e.diagnostics),
    }
}
fn errors(xml: &str) -> Vec<SourceDiagnostic> {
    match GameState::from_xml(xml) {
        Ok(_) => panic!("expected an invalid game:\n{xml}"),
        Err(e) => e.diagnostics,
    }
}
/// The line (1-based) of a diagnostic's span.
pub fn line(xml: &str, d: &SourceDiagnostic) -> usize {
    let span = d.span.clone().expect("a diagnostic with a span");
    SourceFile::new("g.xml", xml).line_col(span.start).0
}
/// The line of the first `needle` after the first `after`.
pub fn line_of(xml: &str, after: &str, needle: &str) -> usize {
    let a = xml.find(after).expect("marker");
    let i = a + xml[a..].find(needle).expect("needle");
    xml[..i].matches('\n').count() + 1
}
/// Exactly one error, with this code, on the line of `needle` (after `after`).
pub fn one_error(xml: &str, code: Code, after: &str, needle: &str) -> SourceDiagnostic {
    let errs = errors(xml);
    assert_eq!(errs.len(), 1, "{errs:#?}");
    let d = errs.into_iter().next().unwrap();
    assert_eq!(d.code, code, "{d:#?}");
    assert!(d.is_error());
    assert_eq!(line(xml, &d), line_of(xml, after, needle), "{d:#?}\n{xml}");
    d
}
fn c(name: &str) -> Constant {
    Constant::from_name(name).unwrap()
}
fn k(g: &GameState, name: &str) -> f64 {
    g.constant(&c(name)).unwrap()
}

#[test]
fn thesis_example() {
    let (g, warnings) = ok(THESIS);
    let d = g.derived();
    assert_eq!(d.pot, Chips(220));
    assert_eq!(d.to_call, Chips(20));
    assert_eq!(d.hero_stack, Chips(1400));
    assert_eq!(d.villain_stack, Chips(2380));
    assert_eq!(g.phase(), Phase::Flop);
    assert_eq!(k(&g, "pot"), 220.0);
    assert_eq!(k(&g, "toCall"), 20.0);
    assert_eq!(k(&g, "heroStack"), 1400.0);
    assert_eq!(k(&g, "allIn"), 1400.0);
    assert_eq!(k(&g, "villainStack"), 2380.0);
    assert_eq!(k(&g, "effectiveStack"), 1400.0);
    assert_eq!(k(&g, "villainPreflopRaise"), 40.0);
    assert_eq!(k(&g, "villainPreflopRaiseTimes"), 2.0);
    assert_eq!(k(&g, "villainFlopRaiseTimes"), 1.0);
    assert_eq!(k(&g, "villainFlopRaise"), 20.0);
    assert_eq!(k(&g, "villainRaiseTimes"), 1.0);
    assert_eq!(k(&g, "villainPreflopCallTimes"), 0.0);
    assert_eq!(k(&g, "heroPreflopRaise"), 40.0);
    assert_eq!(k(&g, "heroPreflopCallTimes"), 2.0);
    assert_eq!(k(&g, "heroFlopCheckTimes"), 1.0);
    assert_eq!(k(&g, "heroCheckTimes"), 1.0);
    assert_eq!(k(&g, "villainTurnRaise"), 0.0);
    assert_eq!(k(&g, "bb"), 20.0);
    assert_eq!(k(&g, "SB"), 10.0);
    assert!((k(&g, "potOdds") - 20.0 / 240.0).abs() < 1e-12);
    assert_eq!(d.min_raise, Chips(20));
    assert!(d.hero_can_raise);
    assert!(d.villain_acted_this_round);
    assert!(d.hero_is_button);
    assert_eq!(d.chip, Chips(1));
    assert_eq!(d.board.len(), 3);
    assert_eq!(g.constant(&Constant::Random), None);
    assert_eq!(g.constant(&Constant::Equity), None);
    assert_eq!(g.constant(&Constant::Init("chip".into())), None);

    let codes: Vec<_> = warnings.iter().map(|w| w.code).collect();
    assert_eq!(
        codes,
        [Code::SmallRaise, Code::ButtonFirst],
        "{warnings:#?}"
    );
    assert!(warnings.iter().all(|w| !w.is_error()));
    assert_eq!(line(THESIS, &warnings[0]), 21);
    assert!(
        warnings[0].message.contains("minimum raise of 40"),
        "{}",
        warnings[0].message
    );
    assert_eq!(line(THESIS, &warnings[1]), 30);
}

#[test]
fn init_extras_and_chip() {
    let xml = THESIS.replace(
        "<BB>20</BB>",
        "<BB>20</BB>\n    <Chip>0.5</Chip>\n    <aggro>3</aggro>",
    );
    let (g, _) = ok(&xml);
    assert_eq!((g.derived().chip, g.derived().unit.places()), (Chips(5), 1));
    assert_eq!(g.constant(&Constant::Init("chip".into())), Some(0.5));
    assert_eq!(g.constant(&Constant::Init("aggro".into())), Some(3.0));
    assert_eq!(g.constant(&Constant::Init("AGGRO".into())), Some(3.0));
    assert_eq!(g.constant(&Constant::Init("nope".into())), None);
}

#[test]
fn preflop_without_actions() {
    // Hero on the button (small blind): the hero acts first, owing the rest of the BB.
    let (g, w) = ok(&game(&[pre("")]));
    assert!(w.is_empty(), "{w:#?}");
    let d = g.derived();
    assert_eq!(
        (d.to_call, d.pot, d.min_raise),
        (Chips(10), Chips(30), Chips(20))
    );
    assert!(d.hero_can_raise && !d.villain_acted_this_round);
    // No round element at all: the same state.
    let (g2, w2) = ok(&game(&[]));
    assert!(w2.is_empty());
    assert_eq!(g2.derived().to_call, Chips(10));
    // Hero in the big blind: the villain should act first; tolerated with a warning.
    let xml = game_as(true, &[pre("")]);
    let (g, w) = ok(&xml);
    assert_eq!(w.len(), 1, "{w:#?}");
    assert_eq!(w[0].code, Code::BbFirst);
    assert_eq!(line(&xml, &w[0]), line_of(&xml, "", "<preflop>"));
    assert_eq!(g.derived().to_call, Chips(0));
    assert!(!g.derived().hero_is_button);
}

#[test]
fn big_blind_option_and_villain_acted() {
    // Villain limps from the button: the hero (big blind) has the option.
    let (g, w) = ok(&game_as(true, &[pre("V call 10")]));
    assert!(w.is_empty(), "{w:#?}");
    let d = g.derived();
    assert_eq!((d.to_call, d.pot), (Chips(0), Chips(40)));
    assert!(d.villain_acted_this_round);
    assert_eq!(k(&g, "villainCallTimes"), 1.0);
    // On the flop the villain's preflop actions do not count for this round.
    let (g, w) = ok(&game_as(true, &[pre("V call 10; H check"), flop("")]));
    assert!(w.is_empty(), "{w:#?}");
    assert!(!g.derived().villain_acted_this_round);
    assert_eq!(k(&g, "villainPreflopCallTimes"), 1.0);
    assert_eq!(k(&g, "villainCallTimes"), 0.0);
    assert_eq!(k(&g, "heroPreflopCheckTimes"), 1.0);
    // A villain check counts as acting.
    let (g, w) = ok(&game(&[pre("H call 10; V check"), flop("V check")]));
    assert!(w.is_empty(), "{w:#?}");
    assert!(g.derived().villain_acted_this_round);
    assert_eq!(k(&g, "villainCheckTimes"), 1.0);
    assert_eq!(k(&g, "villainPreflopCheckTimes"), 1.0);
}

#[test]
fn empty_postflop_round_on_the_button_warns() {
    let xml = game(&[pre("H call 10; V check"), flop("")]);
    let (g, w) = ok(&xml);
    assert_eq!(w.len(), 1, "{w:#?}");
    assert_eq!(w[0].code, Code::ButtonFirst);
    assert_eq!(line(&xml, &w[0]), line_of(&xml, "", "<flop>"));
    assert_eq!(g.derived().pot, Chips(40));
}

#[test]
fn min_raise() {
    // Before any raise: the big blind.
    let (g, _) = ok(&game(&[pre("H call 10; V check"), flop("V bet 60")]));
    assert_eq!(g.derived().min_raise, Chips(60));
    assert_eq!(g.derived().to_call, Chips(60));
    let (g, _) = ok(&game(&[pre("H call 10; V check"), flop("V bet 10")]));
    assert_eq!(g.derived().min_raise, Chips(20));
    // The last raise increment of this round, not of an earlier one.
    let (g, _) = ok(&game(&[pre("H raise 100; V call 100"), flop("V check")]));
    assert_eq!(g.derived().min_raise, Chips(20));
    let (g, w) = ok(&game(&[pre("H raise 100; V raise 300")]));
    assert!(w.is_empty(), "{w:#?}");
    assert_eq!(g.derived().min_raise, Chips(300));
    assert_eq!(g.derived().to_call, Chips(300));
    assert_eq!(g.derived().pot, Chips(120) + Chips(420));
    assert_eq!(k(&g, "villainRaise"), 300.0);
    // Bet counts as a raise.
    let (g, _) = ok(&game(&[
        pre("H call 10; V check"),
        flop("V bet 20; H raise 40; V raise 40"),
    ]));
    assert_eq!(k(&g, "villainFlopRaiseTimes"), 2.0);
    assert_eq!(k(&g, "villainFlopRaise"), 60.0);
    assert_eq!(k(&g, "heroRaiseTimes"), 1.0);
}

#[test]
fn raise_to_bounds_and_legal_acts() {
    // The hero put in 120, faces a raise to 420: a raise is to 720 at least, 1500 at most.
    let (g, _) = ok(&game(&[pre("H raise 100; V raise 300")]));
    let d = g.derived();
    assert_eq!(
        (d.min_raise_to(), d.max_raise_to()),
        (Some(Chips(720)), Some(Chips(1500)))
    );
    assert_eq!(d.legal_acts(), ["fold", "call", "raise"]);
    // Facing more than the 1380 behind: fold or call all in.
    let (g, _) = ok(&game(&[pre("H raise 100; V raise 1400")]));
    let d = g.derived();
    assert_eq!((d.min_raise_to(), d.max_raise_to()), (None, None));
    assert_eq!(d.legal_acts(), ["fold", "call"]);
    // Checked to on the flop: a bet is to the big blind at least.
    let (g, _) = ok(&game(&[pre("H call 10; V check"), flop("")]));
    let d = g.derived();
    assert_eq!(d.min_raise_to(), Some(Chips(20)));
    assert_eq!(d.legal_acts(), ["check", "raise"]);
}

#[test]
fn small_raise_warns_unless_all_in() {
    let xml = game(&[pre("H raise 100; V raise 50")]);
    let (_, w) = ok(&xml);
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].code, Code::SmallRaise);
    assert_eq!(line(&xml, &w[0]), line_of(&xml, "", "no=\"1\""));
    // A short all-in raise is legal: no warning.
    let xml = game(&[pre("H raise 1000; V raise 60")])
        .replace("<heroStack>1500", "<heroStack>2000")
        .replace("<villainStack>2500", "<villainStack>1080");
    let (g, w) = ok(&xml);
    assert!(w.is_empty(), "{w:#?}");
    assert_eq!(g.derived().villain_stack, Chips(0));
    assert_eq!(g.derived().to_call, Chips(60));
    assert!(!g.derived().hero_can_raise);
}

#[test]
fn all_in_and_hero_can_raise() {
    // The villain shoves over the hero's stack: toCall is capped at the hero's chips.
    let (g, _) = ok(&game(&[pre("H call 10; V raise 2480")]));
    let d = g.derived();
    assert_eq!(d.villain_stack, Chips(0));
    assert_eq!(d.hero_stack, Chips(1480));
    assert_eq!(d.to_call, Chips(1480));
    assert!(!d.hero_can_raise);
    assert_eq!(k(&g, "allIn"), 1480.0);
    assert_eq!(k(&g, "effectiveStack"), 0.0);
    // The hero could call but not raise: heroStack <= toCall.
    let (g, _) = ok(&game(&[pre("H call 10; V raise 1480")]));
    let d = g.derived();
    assert_eq!(
        (d.hero_stack, d.to_call, d.villain_stack),
        (Chips(1480), Chips(1480), Chips(1000))
    );
    assert!(!d.hero_can_raise);
    let (g, _) = ok(&game(&[pre("H call 10; V raise 1479")]));
    assert!(g.derived().hero_can_raise);
}

#[test]
fn all_in_call_for_less_is_not_a_mismatch() {
    // The villain's all-in call for less ends the betting: nothing left to decide.
    let xml =
        game(&[pre("H raise 1480; V call 480")]).replace("<villainStack>2500", "<villainStack>500");
    let d = one_error(&xml, Code::HandOver, "<preflop>", "no=\"1\"");
    assert!(d.message.contains("all in"), "{}", d.message);
}

// ---- one test per error kind ------------------------------------------------------

#[test]
fn error_card_twice() {
    let xml = game(&[pre("H call 10; V check"), round("flop", "Qs Jh 8c", "")]);
    let d = one_error(&xml, Code::CardTwice, "<flop>", "rank=\"J\"");
    assert!(d.message.contains("Jh"), "{}", d.message);
    assert_eq!(d.related.len(), 1);
    assert_eq!(
        SourceFile::new("g", xml.as_str())
            .line_col(d.related[0].0.start)
            .0,
        line_of(&xml, "<heroCards>", "rank=\"J\"")
    );
    // Twice on the board, and twice in the hand.
    let xml = game(&[
        pre("H call 10; V check"),
        flop("V check; H check"),
        round("turn", "Tc", ""),
    ]);
    one_error(&xml, Code::CardTwice, "<turn>", "<card ");
    let xml = game(&[]).replace("rank=\"3\" color=\"Clubs\"", "rank=\"j\" color=\"h\"");
    one_error(&xml, Code::CardTwice, "<heroCards>", "rank=\"j\"");
}

#[test]
fn error_wrong_card_count() {
    let xml = game(&[pre("H call 10; V check"), round("flop", "Qs Tc", "")]);
    let d = one_error(&xml, Code::WrongCardCount, "", "<flop>");
    assert!(d.message.contains("3 board cards, but 2"), "{}", d.message);
    let xml = game(&[
        pre("H call 10; V check"),
        flop("V check; H check"),
        round("turn", "2d 3d", ""),
    ]);
    one_error(&xml, Code::WrongCardCount, "", "<turn>");
    let xml = game(&[round("preflop", "2d", "")]);
    one_error(&xml, Code::WrongCardCount, "", "<preflop>");
}

#[test]
fn error_round_order() {
    let xml = game(&[pre("H call 10; V check"), turn("")]);
    let d = one_error(&xml, Code::RoundOrder, "", "<turn>");
    assert!(d.message.contains("<flop> is missing"), "{}", d.message);
    let xml = game(&[
        pre("H call 10; V check"),
        flop("V check; H check"),
        round("flop", "2d 3d 4d", ""),
    ]);
    let errs = errors(&xml);
    assert_eq!(
        errs.iter().filter(|d| d.code == Code::RoundOrder).count(),
        1,
        "{errs:#?}"
    );
    let xml = game(&[flop("")]);
    let d = one_error(&xml, Code::RoundOrder, "", "<flop>");
    assert!(d.message.contains("without a <preflop>"), "{}", d.message);
}

#[test]
fn error_round_unfinished() {
    // The big blind has not used its option.
    let xml = game(&[pre("H call 10"), flop("")]);
    let d = one_error(&xml, Code::RoundUnfinished, "", "<flop>");
    assert!(d.message.contains("Villain has not acted"), "{}", d.message);
    // A bet not answered.
    let xml = game(&[pre("H call 10; V check"), flop("V bet 20"), turn("")]);
    let d = one_error(&xml, Code::RoundUnfinished, "", "<turn>");
    assert!(d.message.contains("Hero still owes 20"), "{}", d.message);
}

#[test]
fn error_duplicate_no() {
    let xml = game(&[pre("H call 10; V check")]).replace(
        "no=\"1\" player=\"Villain\" act=\"check\"",
        "no=\"0\" player=\"Villain\" act=\"check\"",
    );
    let errs = errors(&xml);
    let d = errs
        .iter()
        .find(|d| d.code == Code::DuplicateNo)
        .expect("a duplicate-no error");
    assert_eq!(line(&xml, d), line_of(&xml, "", "act=\"check\""));
    assert!(d.message.contains("no=0"));
}

#[test]
fn error_acted_twice() {
    let xml = game(&[pre("H call 10; V check"), flop("V check; V bet 20")]);
    let d = one_error(&xml, Code::ActedTwice, "<flop>", "no=\"1\"");
    assert!(d.message.contains("Villain acts twice"), "{}", d.message);
}

#[test]
fn error_check_owed() {
    let xml = game(&[pre("H check")]);
    let d = one_error(&xml, Code::CheckOwed, "<preflop>", "no=\"0\"");
    assert!(d.message.contains("owes 10"), "{}", d.message);
}

#[test]
fn error_call_mismatch() {
    let xml = game(&[pre("H call 20")]);
    let d = one_error(&xml, Code::CallMismatch, "<preflop>", "no=\"0\"");
    assert!(d.message.contains("owes 10"), "{}", d.message);
}

#[test]
fn error_over_stack() {
    let xml = game(&[pre("H raise 1500")]);
    let d = one_error(&xml, Code::OverStack, "<preflop>", "no=\"0\"");
    assert!(d.message.contains("only 1490 behind"), "{}", d.message);
    let xml = game(&[]).replace("<heroStack>1500", "<heroStack>5");
    one_error(&xml, Code::OverStack, "<posts>", "player=\"Hero\"");
}

#[test]
fn error_bad_amount() {
    let xml = game(&[pre("H call -10")]);
    let errs = errors(&xml);
    assert_eq!(errs[0].code, Code::BadAmount, "{errs:#?}");
    assert_eq!(line(&xml, &errs[0]), line_of(&xml, "<preflop>", "no=\"0\""));
    let xml = game(&[pre("H call ten")]);
    let d = one_error(&xml, Code::BadAmount, "<preflop>", "no=\"0\"");
    assert_eq!(&xml[d.span.clone().unwrap()], "ten");
    let xml = game(&[pre("H call 10; V check 5")]);
    one_error(&xml, Code::BadAmount, "<preflop>", "no=\"1\"");
}

#[test]
fn error_hand_over() {
    // A fold ends the hand.
    let xml = game(&[pre("H raise 40; V fold")]);
    let d = one_error(&xml, Code::HandOver, "<preflop>", "no=\"1\"");
    assert!(d.message.contains("Villain folded"), "{}", d.message);
    // An action after a fold.
    let xml = game(&[pre("H fold; V check")]);
    one_error(&xml, Code::HandOver, "<preflop>", "no=\"1\"");
    // A round after a fold.
    let xml = game(&[pre("H call 10; V raise 20; H fold"), flop("")]);
    one_error(&xml, Code::HandOver, "", "<flop>");
    // The river betting is over.
    let xml = game(&[
        pre("H call 10; V check"),
        flop("V check; H check"),
        turn("V check; H check"),
        round("river", "5d", "V check; H check"),
    ]);
    let d = one_error(&xml, Code::HandOver, "<river>", "no=\"1\"");
    assert!(d.message.contains("showdown"), "{}", d.message);
    // All in and called: nothing left to decide on later streets.
    let xml = game(&[pre("H raise 1480; V call 1480"), flop("")]);
    one_error(&xml, Code::HandOver, "", "<flop>");
    let xml = game(&[pre("H raise 1480; V call 1480"), flop("V check")]);
    one_error(&xml, Code::HandOver, "<flop>", "no=\"0\"");
}

#[test]
fn error_round_finished() {
    let xml = game(&[pre("H call 10; V check")]);
    let d = one_error(&xml, Code::RoundFinished, "<preflop>", "no=\"1\"");
    assert!(d.message.contains("flop is dealt"), "{}", d.message);
    let xml = game(&[pre("H call 10; V check; H check")]);
    one_error(&xml, Code::RoundFinished, "<preflop>", "no=\"2\"");
}

#[test]
fn error_not_hero_turn() {
    let xml = game(&[pre("H call 10; V check"), flop("V check; H bet 20")]);
    let d = one_error(&xml, Code::NotHeroTurn, "<flop>", "no=\"1\"");
    assert!(d.message.contains("villain's turn"), "{}", d.message);
}

#[test]
fn error_cannot_raise_against_all_in() {
    let xml = game(&[pre("H raise 2000; V raise 480; H raise 100")])
        .replace("<heroStack>1500", "<heroStack>5000");
    one_error(&xml, Code::CannotRaise, "<preflop>", "no=\"2\"");
}

#[test]
fn error_bad_post() {
    let xml = game(&[]).replace(">BB</post>", ">SB</post>");
    one_error(&xml, Code::BadPost, "", "player=\"Villain\"");
    let xml = game(&[]).replace("amount=\"20\">BB", "amount=\"30\">BB");
    let d = one_error(&xml, Code::BadPost, "", "player=\"Villain\"");
    assert!(d.message.contains("<BB> is 20"), "{}", d.message);
    let xml = game(&[]).replace("player=\"Villain\" amount", "player=\"Hero\" amount");
    one_error(&xml, Code::BadPost, "", "amount=\"20\"");
}

#[test]
fn error_bad_number_range() {
    let xml = game(&[]).replace("<BB>20</BB>", "<BB>0</BB>");
    one_error(&xml, Code::BadNumber, "", "<BB>");
    let xml = game(&[]).replace("<villainStack>2500", "<villainStack>-1");
    one_error(&xml, Code::BadNumber, "", "<villainStack>");
}

#[test]
fn several_errors_are_all_reported() {
    let xml = game(&[pre("H call 20; H check; V raise 9999")]);
    let codes: Vec<_> = errors(&xml).iter().map(|d| d.code).collect();
    assert_eq!(
        codes,
        [Code::CallMismatch, Code::ActedTwice, Code::OverStack]
    );
}

// ---- records built in code (the dealer's way in) -----------------------------------

fn card(s: &str) -> crate::cards::Card {
    s.parse().unwrap()
}
/// A record's act without a source span (also used by the growing-state tests).
pub fn action(no: i64, player: Player, act: Act, amount: Chips) -> ActionRecord {
    ActionRecord {
        no,
        player,
        act,
        amount,
        span: None,
    }
}
pub fn record() -> GameRecord {
    GameRecord {
        unit: crate::game::Unit::WHOLE,
        chip: None,
        bb: Chips(2),
        sb: Chips(1),
        hero_stack: Chips(200),
        villain_stack: Chips(200),
        hero_cards: [card("As"), card("Kd")],
        extras: vec![],
        stats: None,
        posts: vec![
            Post {
                player: Player::Villain,
                amount: Chips(1),
                blind: "SB".into(),
                span: None,
            },
            Post {
                player: Player::Hero,
                amount: Chips(2),
                blind: "BB".into(),
                span: None,
            },
        ],
        rounds: vec![Round {
            phase: Phase::Preflop,
            cards: vec![],
            actions: vec![action(0, Player::Villain, Act::Raise, Chips(4))],
            span: None,
        }],
    }
}

#[test]
fn from_record_valid() {
    let (g, w) = GameState::from_record(record()).unwrap();
    assert!(w.is_empty());
    let d = g.derived();
    assert_eq!(
        (d.pot, d.to_call, d.min_raise),
        (Chips(8), Chips(4), Chips(4))
    );
    assert_eq!((d.hero_stack, d.villain_stack), (Chips(198), Chips(194)));
    assert!(d.villain_acted_this_round && !d.hero_is_button);
    // A♠K♦ is the class AKo.
    assert_eq!(g.constant(&c("handRank2652")), Some(136.0));
    let aa = HoleClass::parse("AA").unwrap().handrank169() as f64;
    let ako = HoleClass::parse("AKo").unwrap().handrank169() as f64;
    assert_eq!(g.constant(&c("handRank169")), Some(ako));
    assert!(aa < ako);
    // The flop, hero first (big blind), actions given out of order.
    let mut r = record();
    r.rounds[0]
        .actions
        .push(action(1, Player::Hero, Act::Call, Chips(4)));
    r.rounds.push(Round {
        phase: Phase::Flop,
        cards: vec![card("2c"), card("7h"), card("Ks")],
        actions: vec![
            action(1, Player::Villain, Act::Bet, Chips(6)),
            action(0, Player::Hero, Act::Check, Chips(0)),
        ],
        span: None,
    });
    let (g, w) = GameState::from_record(r).unwrap();
    assert!(w.is_empty(), "{w:#?}");
    assert_eq!(
        (g.derived().pot, g.derived().to_call),
        (Chips(18), Chips(6))
    );
    assert_eq!(g.phase(), Phase::Flop);
    assert!(g.xml().contains("<flop>"));
}

#[test]
fn from_record_invalid() {
    let mut r = record();
    r.rounds[0]
        .actions
        .push(action(1, Player::Hero, Act::Fold, Chips(0)));
    let e = GameState::from_record(r).unwrap_err();
    assert_eq!(e.diagnostics[0].code, Code::HandOver);
    assert_eq!(e.diagnostics[0].span, None);

    let mut r = record();
    r.hero_cards[1] = r.hero_cards[0];
    let e = GameState::from_record(r).unwrap_err();
    assert_eq!(e.diagnostics[0].code, Code::CardTwice);

    let mut r = record();
    r.rounds[0].actions[0].amount = Chips(-1);
    let e = GameState::from_record(r).unwrap_err();
    assert_eq!(e.diagnostics[0].code, Code::BadAmount);

    let mut r = record();
    r.posts.pop();
    let e = GameState::from_record(r).unwrap_err();
    assert_eq!(e.diagnostics[0].code, Code::BadPost);

    let mut r = record();
    r.rounds[0].actions[0].player = Player::Hero;
    let e = GameState::from_record(r).unwrap_err();
    assert_eq!(e.diagnostics[0].code, Code::NotHeroTurn);
}
