"""hus against PokerKit: the same betting model at every decision, and bots playing
whole hands inside PokerKit."""

import random

import pytest

pokerkit = pytest.importorskip("pokerkit")

import hus
import hus.pokerkit as hp
from pokerkit import Automation, NoLimitTexasHoldem

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def new_hand(stacks, blinds=(50, 100)):
    return NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, blinds, blinds[1], tuple(stacks), 2
    )


def pk_legal(st):
    out = []
    if st.can_fold():
        out.append("fold")
    if st.can_check_or_call():
        out.append("call" if st.checking_or_calling_amount else "check")
    if st.can_complete_bet_or_raise_to():
        out.append("raise")
    order = ["fold", "check", "call", "raise"]
    return sorted(out, key=order.index)


def random_act(st, rng):
    choices = ["call"]
    if st.can_fold():
        choices.append("fold")
    if st.can_complete_bet_or_raise_to():
        choices += ["min", "pot", "allin"]
    pick = rng.choice(choices)
    if pick == "fold":
        st.fold()
    elif pick == "call":
        st.check_or_call()
    else:
        low = st.min_completion_betting_or_raising_to_amount
        top = st.max_completion_betting_or_raising_to_amount
        me = st.actor_index
        pot_raise = st.bets[me] + st.checking_or_calling_amount * 2 + st.total_pot_amount
        to = {"min": low, "allin": top, "pot": max(low, min(top, pot_raise))}[pick]
        st.complete_bet_or_raise_to(to)


def test_the_hus_state_equals_pokerkits_at_every_decision_of_2000_random_hands():
    rng = random.Random(20261125)
    decisions = 0
    for _ in range(2000):
        stacks = [rng.choice([300, 1000, 10000, rng.randint(150, 20000)]) for _ in range(2)]
        st = new_hand(stacks)
        while st.status:
            me = st.actor_index
            hs = hp.state_of(st)
            assert hs.pot == st.total_pot_amount
            assert hs.to_call == st.checking_or_calling_amount
            assert hs.hero_stack == st.stacks[me]
            assert hs.villain_stack == st.stacks[1 - me]
            assert hs.legal_actions == pk_legal(st)
            assert hs.min_raise_to == st.min_completion_betting_or_raising_to_amount
            assert hs.max_raise_to == st.max_completion_betting_or_raising_to_amount
            decisions += 1
            random_act(st, rng)
    assert decisions > 4000


def test_10000_hands_of_two_bots_inside_pokerkit_conserve_chips():
    a, b = hus.Bot.builtin("equity"), hus.Bot.builtin("random")
    total = 0
    for hand in range(10000):
        # Seats alternate, as `hus match` alternates the button.
        bots = (a, b) if hand % 2 == 0 else (b, a)
        st = new_hand((10000, 10000))
        k = 0
        while st.status:
            hp.act(bots[st.actor_index], st, seed=hand * 64 + k)
            k += 1
        assert sum(st.stacks) == 20000
        net_a = st.stacks[0 if hand % 2 == 0 else 1] - 10000
        total += net_a
    # The equity bot beats the random one.
    assert total > 0


def test_a_phh_hand_history_replays_through_a_bot():
    text = """variant = "NT"
ante_trimming_status = true
antes = [0, 0]
blinds_or_straddles = [50, 100]
min_bet = 100
starting_stacks = [10000, 10000]
actions = [
  "d dh p1 AcAd",
  "d dh p2 7h2c",
  "p2 cbr 300",
  "p1 cbr 900",
  "p2 f",
]
"""
    hh = pokerkit.HandHistory.loads(text)
    report = hp.replay(hus.Bot.builtin("equity"), [hh], player=1)
    # p2 (the button, 72o) raised to 300, then folded to the re-raise; the equity bot
    # calls both times (its equity beats the pot odds).
    assert report.decisions == 2 and report.same_action == 0
    assert [(d.bot, d.player) for d in report.disagreements] == [
        ("call", "p2 cbr 300"),
        ("call", "p2 f"),
    ]
    # p1 (AA) re-raised: the bot raises too, by another amount.
    aces = hp.replay(hus.Bot.builtin("equity"), [hh], player=0)
    assert (aces.decisions, aces.same_action, aces.same_amount) == (1, 1, 0)


def check_state(st):
    """The hus state of the player to act equals PokerKit's."""
    me = st.actor_index
    hs = hp.state_of(st)
    assert hs.pot == st.total_pot_amount
    assert hs.to_call == st.checking_or_calling_amount
    assert (hs.hero_stack, hs.villain_stack) == (st.stacks[me], st.stacks[1 - me])
    assert hs.legal_actions == pk_legal(st)
    assert hs.min_raise_to == st.min_completion_betting_or_raising_to_amount
    assert hs.max_raise_to == st.max_completion_betting_or_raising_to_amount
    return hs


def test_a_big_blind_posted_short_is_all_in_and_the_button_may_only_fold_or_call():
    # Player 0 posts the big blind: 60 chips, all it has.
    st = new_hand((60, 10000))
    hs = check_state(st)
    assert (hs.pot, hs.to_call, hs.legal_actions) == (110, 10, ["fold", "call"])
    d = hp.act(hus.Bot.builtin("caller"), st, seed=1)
    assert d.action == "call"
    assert not st.status and sum(st.stacks) == 10060


def test_a_small_blind_posted_short_leaves_nobody_to_act():
    # Player 1 (the button) has 30 chips, less than the small blind: all in on the post.
    st = new_hand((10000, 30))
    assert st.actor_index is None
    with pytest.raises(hus.GameStateError):
        hp.state_of(st)
    assert sum(st.stacks) == 10030


def test_hands_with_stacks_around_the_blinds_agree_with_pokerkit_and_play_to_the_end():
    rng = random.Random(31)
    bots = (hus.Bot.builtin("random"), hus.Bot.builtin("raiser"))
    decisions = 0
    for hand in range(500):
        stacks = [rng.randint(1, 250) for _ in range(2)]
        st = new_hand(stacks)
        while st.status:
            check_state(st)
            hp.act(bots[st.actor_index], st, seed=hand)
            decisions += 1
        assert sum(st.stacks) == sum(stacks)
    assert decisions > 300


def _phh(antes="[0, 0]", min_bet=100, cards="AcAd"):
    return pokerkit.HandHistory.loads(
        f"""variant = "NT"
ante_trimming_status = true
antes = {antes}
blinds_or_straddles = [50, 100]
min_bet = {min_bet}
starting_stacks = [10000, 10000]
actions = [
  "d dh p1 {cards}",
  "d dh p2 7h2c",
  "p2 cbr 300",
  "p1 cbr 900",
  "p2 f",
]
"""
    )


def test_a_replay_skips_the_hands_hus_cannot_play_and_counts_them_by_reason():
    hands = [_phh(), _phh(antes="[10, 10]"), _phh(cards="????"), _phh(min_bet=200), _phh()]
    report = hp.replay(hus.Bot.builtin("equity"), hands, player=0)
    # Hands 0 and 4 are played (one decision each); the others are skipped with the reason.
    assert report.decisions == 2
    assert [n for n, _ in report.skipped] == [1, 2, 3]
    assert report.skipped_reasons == {"antes": 1, "cards": 1, "min_bet": 1}
    assert "antes" in report.skipped[0][1]
