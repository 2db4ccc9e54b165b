"""hus's amounts are PokerKit's exact values (no ulp apart) over random hands at any stakes:
int, Decimal and float, chips of 0.01 to 1000, odd stacks and opponents betting off the
chip grid; a float state that is not exact is refused with a typed error. The hand count is
``HUS_DIFFERENTIAL_HANDS`` (600 by default, a few seconds; 5000 for the full run)."""

import os
import random
from decimal import Decimal

import pytest

pokerkit = pytest.importorskip("pokerkit")

import hus
import hus.pokerkit as hp
from pokerkit import NoLimitTexasHoldem

from test_pokerkit import AUTOMATIONS, pk_legal

HANDS = int(os.environ.get("HUS_DIFFERENTIAL_HANDS", "600"))


def stakes(rng, kind):
    """Blinds, min bet, stacks and the finest decimal PokerKit's amounts may take here."""
    chip = {
        "int": rng.choice([1, 5, 1000]),
        "decimal": rng.choice([Decimal(s) for s in ("0.01", "0.25", "0.05", "1", "1000")]),
        # Floats that are exact decimals: binary fractions.
        "float": rng.choice([0.25, 0.5, 1.0, 0.125]),
    }[kind]
    sb = rng.choice([1, 2, 3, 5])
    bb = sb * rng.choice([1, 2, 3])
    stacks = [rng.choice([bb * 100, rng.randint(1, bb * 400) + rng.randint(0, 3)]) for _ in "ab"]
    number = (lambda n: n * chip) if kind != "int" else (lambda n: int(n * chip))
    blinds = (number(sb), number(bb))
    if rng.random() < 0.3:
        blinds = blinds[::-1]  # big blind first: PokerKit does not reverse them
    return blinds, number(bb), tuple(number(s) for s in stacks), chip


def off_grid(st, rng, chip, kind):
    """A raise to an amount off the chip grid (a tenth of a chip more), when one is legal."""
    low = st.min_completion_betting_or_raising_to_amount
    top = st.max_completion_betting_or_raising_to_amount
    if kind == "int" or low is None or top is None:
        return None
    to = low + (Decimal(chip) / 10 if kind == "decimal" else chip / 8)
    return to if to < top else None


def expect_type(value, kind):
    want = Decimal if kind == "decimal" else float
    return value is None or isinstance(value, want)


def same(hs, st, kind):
    """Every amount of the hus state is PokerKit's value exactly, of the state's type."""
    me = st.actor_index
    pairs = [
        (hs.pot, st.total_pot_amount),
        (hs.to_call, st.checking_or_calling_amount),
        (hs.hero_stack, st.stacks[me]),
        (hs.villain_stack, st.stacks[1 - me]),
        (hs.hero_in_round, st.bets[me]),
        (hs.min_raise_to, st.min_completion_betting_or_raising_to_amount),
        (hs.max_raise_to, st.max_completion_betting_or_raising_to_amount),
    ]
    for ours, theirs in pairs:
        assert expect_type(ours, kind), (ours, kind)
        assert (ours is None and theirs is None) or Decimal(ours) == Decimal(theirs), pairs
    assert hs.legal_actions == pk_legal(st)


def play(rng, bots, hand, kind):
    blinds, min_bet, stacks, chip = stakes(rng, kind)
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, blinds, min_bet, stacks, 2)
    k = 0
    while st.status:
        hs = hp.state_of(st)
        same(hs, st, kind)
        pick = rng.random()
        to = off_grid(st, rng, chip, kind) if pick < 0.15 else None
        if to is not None:
            st.complete_bet_or_raise_to(to)
        elif pick < 0.45 and st.can_fold():
            st.fold() if rng.random() < 0.2 else st.check_or_call()
        else:
            before = sum(st.stacks) + st.total_pot_amount
            d = hp.act(bots[(hand + k) % len(bots)], st, seed=hand * 64 + k)
            assert d.action in hs.legal_actions or (d.action == "check" and "fold" not in hs.legal_actions)
            assert sum(st.stacks) + st.total_pot_amount == before
        k += 1
    assert sum(st.stacks) == sum(stacks)
    return k


@pytest.mark.parametrize("kind", ["int", "decimal", "float"])
def test_random_hands_equal_pokerkits_exact_values(kind):
    rng = random.Random({"int": 1, "decimal": 2, "float": 3}[kind])
    bots = [hus.Bot.builtin(n) for n in ("equity", "raiser", "random")]
    decisions = sum(play(rng, bots, hand, kind) for hand in range(HANDS // 3 + 1))
    assert decisions > HANDS // 3


def test_a_limp_at_decimal_stakes_owes_exactly_nothing():
    st = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (Decimal("0.15"), Decimal("0.45")), Decimal("0.45"),
        (Decimal("45"), Decimal("45")), 2,
    )
    st.check_or_call()
    hs = hp.state_of(st)
    assert hs.to_call == Decimal(0) and isinstance(hs.to_call, Decimal)
    assert hs.legal_actions == ["check", "raise"]
    assert 'amount="0.3"' in hs.to_xml()


def test_a_float_state_that_is_not_exact_is_refused():
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (0.1, 0.2), 0.2, (20.0, 20.0), 2)
    with pytest.raises(hus.GameStateError) as e:
        hp.state_of(st)
    assert e.value.field == "blinds_or_straddles"
    assert "not exactly a decimal" in str(e.value)


def test_act_returns_the_decision_as_applied():
    # The villain raises off the chip grid: the bot's raise is rounded to the chip.
    st = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (Decimal("0.05"), Decimal("0.1")), Decimal("0.1"),
        (Decimal("100"), Decimal("100")), 2,
    )
    st.complete_bet_or_raise_to(Decimal("0.375"))
    bot = hus.Bot.from_source("PREFLOP\nRULE\n  THEN RAISE 3 pot\n  VILLAIN\n    THEN RAISE 3 pot\n  ENDVILLAIN\nENDRULE\nENDPREFLOP\n")
    d = hp.act(bot, st, seed=1)
    assert d.action == "raise"
    assert Decimal(repr(d.raise_to)) == max(st.bets)
    assert Decimal(repr(d.raise_to)) % Decimal("0.01") == 0
    assert d.made_legal
    assert any("was applied as a raise to" in w.message for w in d.warnings)
