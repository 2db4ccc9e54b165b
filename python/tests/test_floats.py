"""One rule for float amounts in both entry points (docs/python.md, "Floats"): a float is
read as its shortest decimal and taken when that decimal is exact on the chip unit (the
finest decimal of the blinds, stacks and chip), else hus.GameStateError naming the field;
a PokerKit float state is also refused when PokerKit's own float arithmetic has an amount
wrong. The same cases go through hus.GameState and hus.pokerkit.state_of."""

import math
from decimal import Decimal

import pytest

import hus

pokerkit = pytest.importorskip("pokerkit")

import hus.pokerkit as hp
from pokerkit import NoLimitTexasHoldem

from test_pokerkit import AUTOMATIONS

#: (small blind, big blind, stacks, the button's raise to, what is refused: None, or the
#: field of hus.GameState and of state_of and the value the message names).
CASES = [
    (0.25, 0.5, 50.0, 1.75, None),
    (0.25, 0.5, 50.0, 1.5, None),
    (1.0, 2.0, 200.0, 7.0, None),
    # Float arithmetic's residue: 3 * 1.1 is 3.3000000000000003, no chip's multiple.
    (0.25, 0.5, 50.0, 3 * 1.1, ("actions", "operations", "3.3000000000000003")),
    # Finer than the chip unit of the blinds and stacks (0.01).
    (0.25, 0.5, 50.0, 1.125, ("actions", "operations", "1.125")),
    (1.0, 2.0, 200.0, 6.5, ("actions", "operations", "6.5")),
    (0.1 + 0.2, 0.6, 60.0, 1.8, ("small_blind", "blinds_or_straddles", "0.30000000000000004")),
    (0.25, 0.5, 50.0 + 1e-10, 1.5, ("hero_stack", "starting_stacks", "50.0000000001")),
    (0.25, 0.5, math.inf, 1.5, ("hero_stack", "starting_stacks", "inf is not a number of chips")),
]


def of_game_state(sb, bb, stack, to):
    return hus.GameState(
        small_blind=sb, big_blind=bb, hero_stack=stack, villain_stack=stack, hero_cards="AsKd",
        button="villain", actions=[("villain", "raise", to)],
    )


def of_pokerkit(sb, bb, stack, to):
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (sb, bb), bb, (stack, stack), 2)
    st.complete_bet_or_raise_to(to)
    return hp.state_of(st)


@pytest.mark.parametrize("sb, bb, stack, to, refused", CASES)
def test_a_float_is_taken_when_exact_on_the_chip_unit(sb, bb, stack, to, refused):
    for k, build in enumerate((of_game_state, of_pokerkit)):
        if refused is None:
            hs = build(sb, bb, stack, to)
            assert hs.to_call == to - bb
            assert Decimal(repr(hs.pot)) == Decimal(repr(to)) + Decimal(repr(bb))
            continue
        with pytest.raises(hus.GameStateError) as e:
            build(sb, bb, stack, to)
        assert e.value.field == refused[k], (build.__name__, str(e.value))
        assert refused[2] in str(e.value)


def test_the_message_names_the_value_and_the_unit():
    with pytest.raises(hus.GameStateError) as e:
        of_game_state(0.25, 0.5, 50.0, 1.125)
    assert str(e.value) == (
        "actions[0]: the float 1.125 is not exact on the chip unit 0.01 (the finest decimal of "
        "the blinds, stacks and chip): give the amount as an int, a Decimal or a str"
    )
    with pytest.raises(hus.GameStateError) as e:
        of_game_state(0.25, 0.5, 50.0, 3 * 1.1)
    assert str(e.value) == (
        "actions[0]: the float 3.3000000000000003 is not exact on any chip unit (at most 9 "
        "decimal places): give the amount as an int, a Decimal or a str"
    )
    with pytest.raises(hus.GameStateError, match=r"small_blind: the float 1e-300 is not exact on any"):
        hus.GameState(small_blind=1e-300, big_blind=1, hero_cards="AsKd")


def test_a_finer_chip_admits_finer_floats():
    # chip= is part of the unit: 1.125 is on 0.001.
    hs = hus.GameState(
        small_blind=0.25, big_blind=0.5, hero_cards="AsKd", button="villain", chip=0.001,
        actions=[("villain", "raise", 1.125)],
    )
    assert hs.to_call == 0.625


def test_a_limp_in_floats_is_exact_in_hus_and_refused_from_pokerkit_s_arithmetic():
    # hus counts 0.15 + 0.3 as 0.45 exactly; PokerKit's floats make it 0.44999999999999996.
    hs = hus.GameState(small_blind=0.15, big_blind=0.45, hero_cards="AsKd", button="villain",
                       actions=[("villain", "call")])
    assert hs.to_call == 0 and hs.legal_actions == ["check", "raise"]
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (0.15, 0.45), 0.45, (45.0, 45.0), 2)
    st.check_or_call()
    assert st.checking_or_calling_amount == pytest.approx(5.55e-17, rel=0.01)
    with pytest.raises(hus.GameStateError) as e:
        hp.state_of(st)
    assert e.value.field == "stacks"
    assert "PokerKit's float arithmetic gives" in str(e.value)
    # The same hand in Decimals is exact.
    st = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (Decimal("0.15"), Decimal("0.45")), Decimal("0.45"),
        (Decimal(45), Decimal(45)), 2,
    )
    st.check_or_call()
    assert hp.state_of(st).to_call == 0
