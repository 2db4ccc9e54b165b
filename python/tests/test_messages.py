"""Messages about huge inputs: an exception quotes an input clipped to its first 60
characters (then an ellipsis), as every command of `hus` does, and writes a number short
(1e+300, not its 301 digits), whatever the size of what it was given."""

import pytest

import hus

HUGE = "x" * 2_000_000


def state(**changes):  # type: ignore[no-untyped-def]
    kwargs = dict(small_blind=1, big_blind=2, hero_cards="AcKd", hero_stack=200, villain_stack=200)
    kwargs.update(changes)
    return hus.GameState(**kwargs)


def test_a_huge_range_is_quoted_clipped():
    with pytest.raises(hus.RangeError) as e:
        hus.equity("Q" * 2_000_000, "KK")
    assert str(e.value) == (
        "`" + "Q" * 60 + "…` is neither a card query (`AK`, `Q8s+`, `JJ-`, `A2s-A5s`), "
        "two cards (`AhKh`) nor `anyTwo` (every holding)"
    )


def test_a_huge_name_in_a_script_is_quoted_clipped():
    source = "PREFLOP\n  RULE " + "ab" * 1_000_000 + "\n    THEN CALL\n  ENDRULE\nENDPREFLOP\n"
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_source(source)
    assert [d.message for d in e.value.diagnostics] == ["unknown name `" + "ab" * 30 + "…`"]
    assert len(str(e.value)) < 1000
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_source('INCLUDE "' + "y" * 1_000_000 + '.hus"\n')
    assert [d.message for d in e.value.diagnostics if d.code == "include-missing"] == [
        "cannot read the included file `" + "y" * 60 + "…`: File name too long"
    ]
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_file(HUGE)
    assert [d.message for d in e.value.diagnostics] == [
        "cannot read " + "x" * 60 + "…: File name too long"
    ]
    with pytest.raises(ValueError) as v:
        hus.Bot.from_source("PREFLOP\n", name=HUGE)
    assert str(v.value) == (
        "name `" + "x" * 60 + "…` is 2000000 bytes, more than the 4096 a file name may have"
    )


def test_huge_game_state_fields_are_quoted_clipped():
    with pytest.raises(hus.GameStateError) as e:
        state(actions=[(HUGE, "call")])
    assert str(e.value) == (
        'actions: a player is "hero" or "villain", not "' + "x" * 60 + '…"'
    )
    with pytest.raises(hus.GameStateError) as e:
        state(stats={HUGE + "!": (1, 2)})
    assert str(e.value) == "stats: '" + "x" * 59 + "… is no statistic's name"
    with pytest.raises(hus.GameStateError) as e:
        state(stats={"hands": "9" * 2_000_000})
    assert str(e.value) == "stats[hands]: a count is a whole number, not '" + "9" * 59 + "…"
    with pytest.raises(hus.GameStateError) as e:
        state(posts=[("hero", HUGE, 1)])
    assert len(str(e.value)) < 200, str(e.value)[:300]
    with pytest.raises(hus.GameStateError) as e:
        state(hero_stack="9" * 2_000_000)
    assert str(e.value) == "hero_stack: `" + "9" * 60 + "…` is not a decimal number of chips"


def test_huge_and_tiny_amounts_are_written_short():
    with pytest.raises(hus.GameStateError) as e:
        state(small_blind=1e300, big_blind=2e300)
    assert str(e.value) == "small_blind: 1e300 is not a number of chips"
    with pytest.raises(hus.MatchError) as e:
        hus.match(hus.Bot.builtin("caller"), hus.Bot.builtin("caller"), hands=2, seed=1,
                  small_blind=1e-300)
    assert str(e.value) == (
        "small_blind: 1e-300 is not a whole number of chips; the dealer plays whole chips "
        "(scale the stakes up: 0.5/1 is 50/100)"
    )
