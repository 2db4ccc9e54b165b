"""The PokerKit adapter is exact at any stakes and chip size, and refuses what hus does not
play (antes, a minimum bet other than the big blind, straddles, other games) by name."""

import math
import random
from decimal import Decimal

import pytest

pokerkit = pytest.importorskip("pokerkit")

import hus
import hus.pokerkit as hp
from pokerkit import NoLimitShortDeckHoldem, NoLimitTexasHoldem

from test_pokerkit import AUTOMATIONS, pk_legal, random_act


def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)


def agree(st):
    """Every betting number of the hus state equals PokerKit's (to float precision)."""
    me = st.actor_index
    hs = hp.state_of(st)
    pairs = [
        (hs.pot, st.total_pot_amount),
        (hs.to_call, st.checking_or_calling_amount),
        (hs.hero_stack, st.stacks[me]),
        (hs.villain_stack, st.stacks[1 - me]),
        (hs.min_raise_to, st.min_completion_betting_or_raising_to_amount),
        (hs.max_raise_to, st.max_completion_betting_or_raising_to_amount),
    ]
    return all(close(a, b) for a, b in pairs) and hs.legal_actions == pk_legal(st)


def stakes(rng):
    """Blinds and stacks in chips of 0.01 to 1000: ints, or Decimals for fractional chips
    (PokerKit's float arithmetic rounds: 0.06 - 0.02 is 0.039999999999999994 there)."""
    chip = rng.choice([Decimal("0.01"), Decimal("0.25"), 1, 5, 1000])
    sb_chips = rng.choice([1, 2, 5])
    bb_chips = sb_chips * rng.choice([1, 2, 3])
    stacks = [rng.choice([bb_chips * 100, rng.randint(bb_chips, bb_chips * 400)]) for _ in "ab"]
    kind = "decimal" if isinstance(chip, Decimal) else "int"
    as_number = {
        "int": lambda n: int(n * chip),
        "decimal": lambda n: n * chip,
    }[kind]
    blinds = (as_number(sb_chips), as_number(bb_chips))
    if rng.random() < 0.3:
        blinds = blinds[::-1]  # given big blind first: PokerKit does not reverse them
    return blinds, as_number(bb_chips), tuple(as_number(s) for s in stacks)


def test_2000_random_hands_at_any_stakes_agree_with_pokerkit_and_conserve_chips():
    rng = random.Random(44)
    bots = [hus.Bot.builtin(n) for n in ("equity", "raiser", "random")]
    hands = decisions = acted = 0
    for hand in range(2000):
        blinds, min_bet, stacks = stakes(rng)
        st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, blinds, min_bet, stacks, 2)
        k = 0
        while st.status:
            assert agree(st), (blinds, stacks, st.operations)
            decisions += 1
            if rng.random() < 0.5:
                random_act(st, rng)
            else:
                hp.act(bots[(hand + st.actor_index) % 3], st, seed=hand * 64 + k)
                acted += 1
            k += 1
        assert math.isclose(float(sum(st.stacks)), float(sum(stacks)), abs_tol=1e-9)
        hands += 1
    assert hands == 2000 and decisions > 4000 and acted > 2000


def test_a_raise_in_big_blinds_keeps_its_size_at_fractional_stakes():
    bot = hus.Bot.from_source("PREFLOP\nRULE\n  THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n")
    for blinds, stacks in [
        ((Decimal("0.01"), Decimal("0.02")), (Decimal("2"), Decimal("2"))),
        ((0.25, 0.5), (50.0, 50.0)),
        ((1000, 2000), (200000, 200000)),
    ]:
        st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, blinds, blinds[1], stacks, 2)
        d = hp.act(bot, st, seed=1)
        # The button calls 1 small blind more and raises 3 big blinds: to 4 big blinds.
        assert d.raise_to == pytest.approx(4 * float(blinds[1]))
        assert float(max(st.bets)) == pytest.approx(4 * float(blinds[1]))


def refused(st):
    with pytest.raises(hus.GameStateError) as e:
        hp.state_of(st)
    return e.value.field


def test_antes_min_bets_and_other_games_are_refused_by_name():
    def holdem(antes=0, blinds=(10, 20), min_bet=20, players=2):
        return NoLimitTexasHoldem.create_state(
            AUTOMATIONS, True, antes, blinds, min_bet, (1000,) * players, players
        )

    assert refused(holdem(antes=5)) == "antes"
    assert refused(holdem(min_bet=40)) == "min_bet"
    assert refused(holdem(players=3)) == "players"
    assert refused(holdem(blinds=(10, 20, 40), players=3)) == "players"
    short = NoLimitShortDeckHoldem.create_state(
        AUTOMATIONS, True, 0, (10, 20), 20, (1000, 1000), 2
    )
    assert refused(short) == "variant"


def test_blinds_given_big_first_seat_the_small_blind_on_the_button():
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (20, 10), 20, (1000, 1000), 2)
    hs = hp.state_of(st)
    assert (hs.to_call, hs.pot, hs.button) == (10, 30, "hero")
    assert agree(st)


PHH = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100, 100]
actions = [
  "d dh p1 {cards}",
  "d dh p2 7h2c",
  "p2 cbr 2.5",
  "p1 f",
]
"""


def test_a_phh_replay_reads_fractional_amounts_and_skips_unknown_cards():
    raiser = hus.Bot.from_source("PREFLOP\nRULE\n  THEN RAISE 1.5BB\nENDRULE\nENDPREFLOP\n")
    histories = [
        pokerkit.HandHistory.loads(PHH.format(cards="????")),
        pokerkit.HandHistory.loads(PHH.format(cards="AcAd")),
    ]
    report = hp.replay(raiser, histories, player=1)
    # p2 raised to 2.5: the bot calls 0.5 and raises 1.5 big blinds, to 2.5 too.
    assert (report.decisions, report.same_action, report.same_amount) == (2, 2, 2)
    assert report.skipped == []
    folder = hp.replay(hus.Bot.builtin("caller"), histories, player=0)
    assert folder.skipped == [(0, "the player's hole cards are unknown")]
    assert folder.decisions == 1


def test_stats_reach_the_bot_through_state_of_and_act():
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (10, 20), 20, (1000, 1000), 2)
    stats = {"hands": 40, "VPIP": (30, 38)}
    assert hp.state_of(st, stats=stats).stats == {"hands": 40, "VPIP": (30, 38)}
    bot = hus.Bot.from_source(
        "PREFLOP\nRULE\n  villainVPIP > 50\n  THEN RAISE 3BB\nENDRULE\n"
        "RULE PRIORITY -1\n  THEN CALL\nENDRULE\nENDPREFLOP\n"
    )
    assert hp.act(bot, st, seed=1, stats=stats).action == "raise"
