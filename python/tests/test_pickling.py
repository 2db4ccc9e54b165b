"""Every object and exception of `hus` pickles and crosses process boundaries with its fields."""

import concurrent.futures
import multiprocessing
import os
import pickle
import shutil

import pytest

import hus

from conftest import EXAMPLES

STATE = dict(
    small_blind=10,
    big_blind=20,
    hero_cards="AcKd",
    board="9h5s2d",
    actions=[("hero", "raise", 60), ("villain", "call"), ("villain", "bet", 40)],
    defines=[("tournamentStage", 2)],
    stats={"hands": 40, "VPIP": (30, 38), "Aggression": (3, 10, 12)},
)


def roundtrip(obj):
    return pickle.loads(pickle.dumps(obj))


def test_a_state_pickles_equal_and_hashes_alike():
    state = hus.GameState(**STATE)
    again = roundtrip(state)
    assert again == state
    assert hash(again) == hash(state)
    assert again.to_xml() == state.to_xml()
    assert len({state, again}) == 1


def test_a_decision_pickles_with_every_field():
    bot = hus.Bot.from_file(EXAMPLES / "tag.hus")
    d = bot.decide(hus.GameState(small_blind=10, big_blind=20, hero_cards="AcKd"), seed=3)
    again = roundtrip(d)
    assert again == d
    assert (again.action, again.raise_to, again.rule, again.seed) == (
        d.action,
        d.raise_to,
        d.rule,
        d.seed,
    )


def test_diagnostics_and_fixes_pickle():
    ds = hus.check("PREFLOP\nRULE\n  AK\n  THEN RAISE\nENDRULE\n")
    assert ds
    assert roundtrip(ds) == ds
    assert [d.to_dict() for d in roundtrip(ds)] == [d.to_dict() for d in ds]


def test_a_match_result_pickles():
    a, b = hus.Bot.builtin("equity"), hus.Bot.builtin("caller")
    r = hus.match(a, b, hands=200, seed=5, keep_hands=True)
    again = roundtrip(r)
    assert again == r
    assert again.bots == r.bots and again.hand_results == r.hand_results


def test_a_bot_pickles_with_its_tables_and_includes(tmp_path):
    # tag.hus reads tag-open.tsv: the unpickled bot needs neither file.
    source = (EXAMPLES / "tag.hus").read_text()
    (tmp_path / "tag.hus").write_text('INCLUDE "lib/d.hus"\n' + source)
    shutil.copy(EXAMPLES / "tag-open.tsv", tmp_path / "tag-open.tsv")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "d.hus").write_text("DEFINE rockets = AA\n")
    bot = hus.Bot.from_file(tmp_path / "tag.hus")
    assert sorted(bot.files) == ["lib/d.hus", "tag-open.tsv"]
    data = pickle.dumps(bot)
    shutil.rmtree(tmp_path)
    again = pickle.loads(data)
    assert again.name == bot.name and again.source == bot.source and again.files == bot.files
    for cards in ["AcKd", "7h2c", "QsQd", "Ts9s"]:
        state = hus.GameState(small_blind=10, big_blind=20, hero_cards=cards)
        assert again.decide(state, seed=1) == bot.decide(state, seed=1)


def errors():
    """One exception of every kind, raised by hus itself."""
    out = []
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_source("PREFLOP\nRULE\n  AK\n  THEN RAISE\nENDRULE\n", name="bad.hus")
    out.append(e.value)
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(small_blind=10, big_blind=20, hero_cards="AcXd")
    out.append(e.value)
    bot = hus.Bot.from_source("FLOP\nRULE\nTHEN CALL\nENDRULE\nENDFLOP\n")
    with pytest.raises(hus.DecideError) as e:
        bot.decide(hus.GameState(small_blind=10, big_blind=20, hero_cards="AcKd"))
    out.append(e.value)
    with pytest.raises(hus.MatchError) as e:
        hus.match(bot, bot, hands=3, seed=1, duplicate=True)
    out.append(e.value)
    with pytest.raises(hus.ExploitError) as e:
        hus.Exploit(bot, hands=2, preflop="raise")
    assert e.value.kind == "usage"
    out.append(e.value)
    return out


def fields(e):
    return {k: v for k, v in vars(e).items()}


def test_every_exception_pickles_as_hus_with_its_fields():
    for e in errors():
        assert type(e).__module__ == "hus"
        again = roundtrip(e)
        assert type(again) is type(e)
        assert str(again) == str(e)
        assert fields(again) == fields(e)
    assert roundtrip(hus.InternalError("x")).args == ("x",)


def raise_script_error(source):
    hus.Bot.from_source(source, name="worker.hus")


def play(job):
    a, b, seed = job
    return hus.match(a, b, hands=300, seed=seed)


def decide_all(bot, states):
    return [bot.decide(s, seed=7) for s in states]


def round_robin_jobs():
    bots = [hus.Bot.builtin(n) for n in ("equity", "caller", "raiser")]
    bots.append(hus.Bot.from_file(EXAMPLES / "tag.hus"))
    return [
        (a, b, 100 * i + j)
        for i, a in enumerate(bots)
        for j, b in enumerate(bots)
        if i < j
    ]


def test_a_four_process_round_robin_equals_the_sequential_run():
    jobs = round_robin_jobs()
    sequential = [play(j) for j in jobs]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(4, mp_context=context) as pool:
        parallel = list(pool.map(play, jobs))
    assert parallel == sequential


def test_an_error_in_a_worker_reaches_the_parent_typed():
    context = multiprocessing.get_context("spawn")
    with context.Pool(2) as pool:
        with pytest.raises(hus.ScriptError) as e:
            pool.apply(raise_script_error, ("PREFLOP\nRULE\n  AK\n  THEN RAISE\nENDRULE\n",))
    assert e.value.diagnostics[0].code == "raise-without-amount"
    assert e.value.diagnostics[0].file == "worker.hus"


def test_bots_and_states_go_to_a_worker_and_decisions_come_back():
    bot = hus.Bot.from_file(EXAMPLES / "tag.hus")
    states = [
        hus.GameState(small_blind=10, big_blind=20, hero_cards=c)
        for c in ("AcKd", "7h2c", "QsQd")
    ]
    context = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(2, mp_context=context) as pool:
        remote = pool.submit(decide_all, bot, states).result()
    assert remote == decide_all(bot, states)
    assert os.getpid()  # the parent still holds its own bot
