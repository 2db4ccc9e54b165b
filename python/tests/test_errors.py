"""Errors are typed exceptions carrying what went wrong and where."""

import pickle

import pytest

import hus


def test_a_script_error_carries_every_diagnostic():
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_source("PREFLOP\nRULE\n  AK\n  THEN RAISE\nENDRULE\n", name="bad.hus")
    ds = e.value.diagnostics
    assert [(d.code, d.line, d.column) for d in ds][0] == ("raise-without-amount", 4, 8)
    assert all(d.file == "bad.hus" for d in ds)
    assert isinstance(e.value, hus.HusError)


def test_an_unreadable_script_is_a_script_error():
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_file("/nonexistent/bot.hus")
    assert e.value.diagnostics[0].code == "script-unreadable"


def test_a_script_over_16_mib_is_a_script_error_wherever_it_comes_from():
    big = "#" * (17 << 20)
    message = "cannot read big.hus: it is larger than 16 MiB"
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_source(big, name="big.hus")
    assert [(d.code, d.message) for d in e.value.diagnostics] == [("script-unreadable", message)]
    with pytest.raises(hus.ScriptError):
        hus.Bot.from_source(big, name="big.hus", files={})
    bot = hus.Bot.builtin("caller")

    class Forged:
        """Pickles as the caller bot with the big source in place of its own."""

        def __reduce__(self):  # type: ignore[no-untyped-def]
            restore, args = bot.__reduce__()
            return restore, (args[0], big) + tuple(args[2:])

    data = pickle.dumps(Forged())
    with pytest.raises(hus.ScriptError):
        pickle.loads(data)
    checked = hus.check(big, name="big.hus")
    assert [(d.code, d.message) for d in checked] == [("script-unreadable", message)]
    with pytest.raises(ValueError, match="larger than 16 MiB"):
        hus.tunables(big)
    with pytest.raises(ValueError, match="larger than 16 MiB"):
        hus.set_values(big, {"x": 1.0})


@pytest.mark.parametrize(
    "kwargs, field",
    [
        (dict(hero_cards="AcXd"), "hero_cards"),
        (dict(hero_cards="AcKd", board="9h5s"), "board"),
        (dict(hero_cards="AcKd", actions=[("hero", "call")]), "actions"),
        (dict(hero_cards="AcKd", actions=[("nobody", "call")]), "actions"),
        (dict(hero_cards="AcKd", button="dealer"), "button"),
        (dict(hero_cards="AcKd", actions=[("hero", "raise")]), "actions"),
    ],
)
def test_a_bad_state_names_its_field(kwargs, field):
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(small_blind=10, big_blind=20, **kwargs)
    assert e.value.field == field


def test_bad_xml_is_a_game_state_error_with_diagnostics():
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState.from_xml("<game><init></init></game>")
    assert e.value.diagnostics and all(d.severity == "error" for d in e.value.diagnostics)


def test_no_rule_matched_is_a_decide_error():
    bot = hus.Bot.from_source("FLOP\nRULE\nTHEN CALL\nENDRULE\nENDFLOP\n")
    state = hus.GameState(small_blind=10, big_blind=20, hero_cards="As2d")
    with pytest.raises(hus.DecideError) as e:
        bot.decide(state, seed=1)
    assert e.value.kind == "no-rule-matched"
    assert e.value.diagnostic.code == "no-rule-matched"


def test_explain_gives_the_trace():
    bot = hus.Bot.builtin("caller")
    state = hus.GameState(small_blind=10, big_blind=20, hero_cards="As2d")
    d = bot.decide(state, seed=1, explain=True)
    assert d.action == "call" and d.explain and "line" in d.explain


def test_a_match_gives_mbb_interval_and_statistics():
    a, b = hus.Bot.builtin("equity"), hus.Bot.builtin("caller")
    r = hus.match(a, b, hands=2000, seed=11, threads=2)
    again = hus.match(a, b, hands=2000, seed=11, threads=1)
    assert (r.net_a, r.mbb_per_hand) == (again.net_a, again.mbb_per_hand)
    low, high = r.ci95
    assert low < r.mbb_per_hand < high
    assert r.bots[0]["decisions"] > 0 and set(r.bots[1]["actions"]) == {
        "preflop",
        "flop",
        "turn",
        "river",
    }
    with pytest.raises(hus.MatchError):
        hus.match(a, b, hands=10, seed=1, small_blind=0)


@pytest.mark.parametrize(
    "stats, message",
    [
        (
            {"hands": 4, "VPIP": (5, 3)},
            "invalid game state: <VPIP>: `times` (5) is more than `chances` (3)",
        ),
        (
            {"hands": 4, "VIPP": (1, 3)},
            "invalid game state: unknown element <VIPP> in <stats>",
        ),
        (
            {"VPIP": (1, 3)},
            "invalid game state: <stats> is missing the `hands` attribute (a whole number, 0 or more)",
        ),
        (
            {"hands": -1},
            "invalid game state: the `hands` of <stats> must be a whole number, 0 or more, found `-1`",
        ),
        ({"hands": 4, "VPIP": (1.5, 3)}, "stats[VPIP]: a count is a whole number, not 1.5"),
        ({"hands": 4, "VPIP": (1,)}, "stats[VPIP]: a statistic is (times, chances) or (times, chances, hands)"),
        ({"hands": 4, "<x>": (1, 2)}, "stats: '<x>' is no statistic's name"),
        ([1, 2], 'stats: a dict of "hands" and one entry per statistic'),
    ],
)
def test_bad_stats_are_a_game_state_error_as_in_xml(stats, message):
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(small_blind=1, big_blind=2, hero_cards="AsKd", stats=stats)
    assert e.value.field == "stats"
    assert str(e.value) == message


@pytest.mark.parametrize(
    "kwargs, field, message",
    [
        (dict(small_blind=-1), "small_blind", "small_blind: -1 is not a positive number of chips"),
        (dict(big_blind=float("nan")), "big_blind", "big_blind: NaN is not a number of chips"),
        (dict(small_blind=20, big_blind=10), "small_blind", "small_blind: 20 is above big_blind (10)"),
        (dict(hero_stack=-1), "hero_stack", "hero_stack: -1 is not a number of chips, 0 or more"),
        (dict(posts=[("hero", "SB", -3)]), "posts", "posts[0]: -3 is not a number of chips"),
        (
            dict(actions=[("hero", "raise", -5)]),
            "actions",
            "actions[0]: a raise to -5 is not above the 20 already bet in the round",
        ),
        (
            dict(actions=[("hero", "call"), ("villain", "raise", 10)]),
            "actions",
            "actions[1]: a raise to 10 is not above the 20 already bet",
        ),
    ],
)
def test_errors_speak_in_the_callers_terms(kwargs, field, message):
    given = dict(small_blind=10, big_blind=20, hero_cards="AcKd")
    given.update(kwargs)
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(**given)
    assert e.value.field == field
    assert message in str(e.value)
    for xml_word in ("<SB>", "<BB>", "<heroStack>", "raises -", "<builder>"):
        assert xml_word not in str(e.value)
    assert all(d.file == "hus.GameState(...)" for d in e.value.diagnostics)


# The seed rule of the binary's --seed (hus::seed): the same words from every call taking one.
SEED_RULE = "seed must be a whole number from 0 to 18446744073709551615 (2^64 - 1)"


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_outside_the_rule_is_the_binary_s_error(seed: int) -> None:
    bot = hus.Bot.builtin("caller")
    state = hus.GameState(small_blind=10, big_blind=20, hero_cards="AsKd")
    calls = [
        lambda: bot.decide(state, seed=seed),
        lambda: hus.match(bot, bot, hands=2, seed=seed),
        lambda: hus.Table(seed=seed),
    ]
    for call in calls:
        with pytest.raises(ValueError) as e:
            call()
        assert str(e.value) == SEED_RULE


def test_a_seed_that_is_no_int_is_a_type_error() -> None:
    with pytest.raises(TypeError) as e:
        hus.Table(seed=True)
    assert "seed: a whole number, not True" in str(e.value)
