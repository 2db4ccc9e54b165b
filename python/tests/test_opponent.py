"""A Python function plays in `hus.match` as a hus bot does: the same bot written in Python
and in HUS wins the same chips hand by hand."""

import pytest

import hus

SCRIPT = """PREFLOP
RULE
  22+
  THEN RAISE 3BB
  VILLAIN
    THEN RAISE 3BB
  ENDVILLAIN
ENDRULE
ENDPREFLOP
ALWAYS
RULE PRIORITY -1
  THEN CALL
  VILLAIN
    THEN CALL
  ENDVILLAIN
ENDRULE
ENDALWAYS
"""


def pairs_raise(state):
    """SCRIPT, in Python: raise 3 big blinds above the call with a pair before the flop,
    else call (a check when nothing is owed)."""
    cards = state.hero_cards
    if state.phase == "preflop" and cards[0] == cards[2] and "raise" in state.legal_actions:
        return ("raise", state.hero_in_round + state.to_call + 3 * state.big_blind)
    return "call" if state.to_call else "check"


def test_a_python_opponent_equals_the_same_bot_written_in_hus():
    hero = hus.Bot.builtin("equity")
    script = hus.Bot.from_source(SCRIPT, name="pairs.hus")
    for seed in (1, 2):
        as_hus = hus.match(hero, script, hands=400, seed=seed, keep_hands=True)
        as_python = hus.match(hero, pairs_raise, hands=400, seed=seed, keep_hands=True)
        assert as_python.hand_results == as_hus.hand_results
        assert as_python.net_a == as_hus.net_a
        assert as_python.bots[0] == as_hus.bots[0]
        assert as_python.bots[1]["actions"] == as_hus.bots[1]["actions"]
        assert as_python.bots[1]["showdowns_won"] == as_hus.bots[1]["showdowns_won"]


def test_a_decision_is_an_answer_too():
    script = hus.Bot.from_source(SCRIPT, name="pairs.hus")
    hero = hus.Bot.builtin("raiser")
    by_decision = hus.match(hero, lambda s: script.decide(s, seed=0), hands=200, seed=4)
    by_hus = hus.match(hero, script, hands=200, seed=4)
    assert by_decision.net_a == by_hus.net_a


def test_what_the_opponent_raises_reaches_the_caller_with_the_hands_played():
    def fails_in_hand_ten(state, seen=[]):
        seen.append(1)
        if len(seen) > 30:
            raise RuntimeError("tired")
        return "call" if state.to_call else "check"

    with pytest.raises(RuntimeError, match="tired") as e:
        hus.match(hus.Bot.builtin("caller"), fails_in_hand_ten, hands=100, seed=1)
    assert 0 < e.value.result.hands < 100


def test_a_bad_answer_is_a_value_error():
    with pytest.raises(ValueError, match="an opponent answers"):
        hus.match(hus.Bot.builtin("caller"), lambda s: "shove", hands=10, seed=1)
    with pytest.raises(TypeError, match="b: a hus.Bot or a callable"):
        hus.match(hus.Bot.builtin("caller"), 42, hands=10, seed=1)
