"""hus's amounts are PokerKit's exact values (no ulp apart) over random hands at any stakes:
int, Decimal and float, chips of 0.01 to 1000, odd stacks and opponents betting off the
chip grid; a float state is either exact (every amount the float nearest the value of the
same hand played in Decimals) or refused with a typed error, and refused only when a float
is not exact on the chip unit or PokerKit's float arithmetic has an amount wrong. The hand
count is ``HUS_DIFFERENTIAL_HANDS`` (600 by default, a few seconds; 5000 for the full run)."""

import math
import os
import random
from decimal import Decimal

import pytest

pokerkit = pytest.importorskip("pokerkit")

import hus
import hus.pokerkit as hp
from pokerkit import CheckingOrCalling, CompletionBettingOrRaisingTo, Folding, NoLimitTexasHoldem

from test_pokerkit import AUTOMATIONS, pk_legal

HANDS = int(os.environ.get("HUS_DIFFERENTIAL_HANDS", "600"))


def stakes(rng, kind):
    """Blinds, min bet, stacks and the finest decimal PokerKit's amounts may take here."""
    chip = {
        "int": rng.choice([1, 5, 1000]),
        "decimal": rng.choice([Decimal(s) for s in ("0.01", "0.25", "0.05", "1", "1000")]),
        # Binary fractions, which PokerKit's float arithmetic adds exactly, and decimals,
        # which it may not.
        "float": rng.choice([0.25, 0.5, 1.0, 0.125, 0.1, 0.05, 0.01]),
    }[kind]
    sb = rng.choice([1, 2, 3, 5])
    bb = sb * rng.choice([1, 2, 3])
    stacks = [rng.choice([bb * 100, rng.randint(1, bb * 400) + rng.randint(0, 3)]) for _ in "ab"]
    number = {
        "int": lambda n: int(n * chip),
        "decimal": lambda n: n * chip,
        # The float a program would write for the decimal, not float arithmetic's residue.
        "float": lambda n: float(Decimal(n) * Decimal(repr(chip))),
    }[kind]
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
    if kind == "decimal":
        to = low + Decimal(chip) / 10
    else:  # an eighth of a chip: exact when the chip is a binary fraction, off its unit
        to = low + chip / 8
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


def mirror(twin, st, done):
    """Plays on the Decimal twin the acts ``st`` made since its first ``done`` operations."""
    for op in st.operations[done:]:
        if isinstance(op, CompletionBettingOrRaisingTo):
            twin.complete_bet_or_raise_to(Decimal(repr(op.amount)))
        elif isinstance(op, CheckingOrCalling):
            twin.check_or_call()
        elif isinstance(op, Folding):
            twin.fold()


def exact_values(st):
    """The amounts a state's hero sees, as PokerKit has them."""
    me = st.actor_index
    return [
        st.total_pot_amount, st.checking_or_calling_amount, st.stacks[me], st.stacks[1 - me],
        st.bets[me], st.min_completion_betting_or_raising_to_amount,
        st.max_completion_betting_or_raising_to_amount,
    ]


def refusal_is_due(st, twin, unit):
    """A float state is refused rightly: an amount of its acts is finer than the chip unit,
    or one of PokerKit's float amounts is not the float nearest the exact value."""
    off_unit = any(
        isinstance(op, CompletionBettingOrRaisingTo)
        and Decimal(repr(op.amount)) % unit != 0 for op in st.operations
    )
    try:
        theirs = exact_values(st)
    except ValueError:  # PokerKit's float arithmetic failing outright
        return True
    wrong = any(
        (f is None) != (d is None) or (f is not None and f != float(d))
        for f, d in zip(theirs, exact_values(twin))
    )
    return off_unit or wrong


def step(st, hs, rng, chip, kind, bots, hand, k):
    """One act: off the chip grid, a fold or call, or a hus bot's through hp.act."""
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
        after = sum(st.stacks) + st.total_pot_amount
        # In floats the sum itself rounds: whether PokerKit's amounts are still exact is the
        # next state's question.
        assert after == before if kind != "float" else math.isclose(after, before, rel_tol=1e-12)


def play(rng, bots, hand, kind, counts):
    blinds, min_bet, stacks, chip = stakes(rng, kind)
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, blinds, min_bet, stacks, 2)
    twin = None
    if kind == "float":
        dec = lambda x: Decimal(repr(x))
        twin = NoLimitTexasHoldem.create_state(
            AUTOMATIONS, True, 0, tuple(map(dec, blinds)), dec(min_bet), tuple(map(dec, stacks)), 2
        )
        unit = min(Decimal(repr(x)).normalize().as_tuple().exponent for x in (*blinds, *stacks))
        unit = Decimal(1).scaleb(min(unit, 0))
    refused = False
    k = 0
    while st.status:
        done = len(st.operations)
        try:
            hs = hp.state_of(st)
        except hus.GameStateError:
            assert kind == "float" and refusal_is_due(st, twin, unit), st.operations
            counts["refused"] += 1
            # The hand ends here: PokerKit's float arithmetic may fail further on (a
            # negative pot of -1.1e-16).
            refused = True
            break
        same(hs, st, kind)
        if twin is not None:
            counts["exact"] += 1
            assert [None if x is None else Decimal(repr(x)) for x in exact_values(st)] == exact_values(twin)
        try:
            step(st, hs, rng, chip, kind, bots, hand, k)
        except ValueError as e:
            # PokerKit's own float arithmetic may fail on a legal act (a pot of -1.1e-16
            # "is negative"): the hand ends there, hus had nothing wrong.
            assert kind == "float" and "is negative" in str(e), e
            counts["pokerkit failed"] = counts.get("pokerkit failed", 0) + 1
            refused = True
            break
        if twin is not None:
            mirror(twin, st, done)
        k += 1
    if kind != "float":
        assert sum(st.stacks) == sum(stacks)
    elif not refused:
        assert math.isclose(sum(st.stacks), sum(stacks), rel_tol=1e-12)
    return k


@pytest.mark.parametrize("kind", ["int", "decimal", "float"])
def test_random_hands_equal_pokerkits_exact_values(kind):
    rng = random.Random({"int": 1, "decimal": 2, "float": 3}[kind])
    bots = [hus.Bot.builtin(n) for n in ("equity", "raiser", "random")]
    counts = {"exact": 0, "refused": 0}
    decisions = sum(play(rng, bots, hand, kind, counts) for hand in range(HANDS // 3 + 1))
    assert decisions > HANDS // 3
    if kind == "float":
        # Both outcomes occur: exact float states and states PokerKit's floats got wrong.
        assert counts["exact"] > HANDS // 3 and counts["refused"] > 10, counts


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


def test_a_float_state_that_pokerkit_added_wrong_is_refused():
    # The floats 0.1 and 0.2 are read as 0.1 and 0.2; PokerKit's pot is their float sum.
    st = NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (0.1, 0.2), 0.2, (20.0, 20.0), 2)
    assert st.total_pot_amount == 0.30000000000000004
    with pytest.raises(hus.GameStateError) as e:
        hp.state_of(st)
    assert e.value.field == "total_pot_amount"
    assert str(e.value) == (
        "total_pot_amount: PokerKit's float arithmetic gives 0.30000000000000004 where the "
        "exact amount is 0.3: give the state's amounts as int or Decimal"
    )


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


def test_a_copied_or_pickled_state_converts_as_the_original():
    import copy
    import pickle

    st = NoLimitTexasHoldem.create_state(
        AUTOMATIONS, True, 0, (Decimal("0.05"), Decimal("0.1")), Decimal("0.1"),
        (Decimal("10"), Decimal("10")), 2,
    )
    st.complete_bet_or_raise_to(Decimal("0.3"))
    hs = hp.state_of(st)  # the hand is now kept on the state
    for other in (copy.copy(st), copy.deepcopy(st), pickle.loads(pickle.dumps(st))):
        assert hp.state_of(other) == hs
        assert hp.state_of(other).to_call == Decimal("0.2")
