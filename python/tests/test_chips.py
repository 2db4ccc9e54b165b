"""Amounts are exact: decimal stakes owe exactly nothing when the bets are level, a raise in
big blinds keeps its size at fractional stakes, ``chip=`` sets the size raises are rounded
to, and a state given Decimals reads back Decimals."""

import pickle
from decimal import Decimal

import pytest

import hus

RAISE_3BB = "PREFLOP\nRULE\n  THEN RAISE 3BB\nENDRULE\nENDPREFLOP\n"


def limped(sb, bb, **kw):
    return hus.GameState(
        small_blind=sb,
        big_blind=bb,
        hero_cards="AsKd",
        button="villain",
        actions=[("villain", "call")],
        **kw,
    )


def test_a_limp_at_decimal_stakes_leaves_exactly_nothing_to_call():
    s = limped(Decimal("0.15"), Decimal("0.45"))
    assert s.to_call == Decimal(0) and isinstance(s.to_call, Decimal)
    assert s.legal_actions == ["check", "raise"]
    assert s.pot == Decimal("0.90")
    assert 'act="call" amount="0.3"' in s.to_xml()
    # Floats are read as the decimals they print as: the same state.
    f = limped(0.15, 0.45)
    assert f.to_call == 0.0 and f.pot == 0.9 and f.legal_actions == s.legal_actions


def test_a_raise_in_big_blinds_is_exact_at_quarter_stakes():
    bot = hus.Bot.from_source(RAISE_3BB)
    s = hus.GameState(small_blind=0.25, big_blind=0.5, hero_cards="AsKd")
    d = bot.decide(s, seed=1)
    assert (d.action, d.amount, d.raise_to) == ("raise", 1.5, 2.0)
    assert s.chip == 0.01


def test_chip_sets_the_size_raises_are_rounded_to():
    bot = hus.Bot.from_source(RAISE_3BB)
    for chip in (1, Decimal("1"), "1", 1.0):
        s = hus.GameState(small_blind=0.25, big_blind=0.5, hero_cards="AsKd", chip=chip)
        assert bot.decide(s, seed=1).amount == 2.0
    d = hus.GameState(small_blind=1, big_blind=2, hero_cards="AsKd", chip=Decimal("0.5"))
    assert d.chip == Decimal("0.5")
    assert "<chip>0.5</chip>" in d.to_xml()


def test_decimal_states_read_back_decimals_and_pickle_so():
    s = hus.GameState(
        small_blind=Decimal("0.01"), big_blind=Decimal("0.02"), hero_cards="AsKd",
        hero_stack=Decimal("1.37"),
    )
    assert s.small_blind == Decimal("0.01") and isinstance(s.big_blind, Decimal)
    assert s.hero_starting_stack == Decimal("1.37")
    assert s.villain_starting_stack == Decimal("2")
    assert s.posts == [("hero", "SB", Decimal("0.01")), ("villain", "BB", Decimal("0.02"))]
    back = pickle.loads(pickle.dumps(s))
    assert isinstance(back.pot, Decimal) and back.pot == Decimal("0.03")
    assert isinstance(hus.GameState(small_blind=1, big_blind=2, hero_cards="AsKd").pot, float)


@pytest.mark.parametrize(
    "field, value, message",
    [
        ("small_blind", "abc", "not a decimal number of chips"),
        ("big_blind", True, "not a bool"),
        ("small_blind", Decimal("0.0000000001"), "more than 9 decimal places"),
        ("chip", Decimal("NaN"), "not a decimal number of chips"),
    ],
)
def test_amounts_that_are_not_exact_amounts_are_refused_by_field(field, value, message):
    kw = {"small_blind": 1, "big_blind": 2, "hero_cards": "AsKd", field: value}
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(**kw)
    assert message in str(e.value)
