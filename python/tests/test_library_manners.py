"""`hus` behaves like a Python library: Ctrl-C, bounded inputs, states readable back, one
unit for stakes, a version."""

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import hus

from conftest import EXAMPLES


def test_the_package_has_a_version():
    assert isinstance(hus.__version__, str) and hus.__version__.count(".") == 2


def test_a_state_reads_back_every_field_the_builder_takes():
    kwargs = dict(
        small_blind=10.0,
        big_blind=20.0,
        hero_cards="AcKd",
        hero_stack=1500.0,
        villain_stack=2500.0,
        button="villain",
        board="9h5s2d",
        actions=[
            ("villain", "raise", 60.0),
            ("hero", "raise", 180.0),
            ("villain", "call"),
            ("hero", "bet", 200.0),
            ("villain", "raise", 600.0),
        ],
        defines=[("tournamentStage", 2.0)],
        stats={"hands": 40, "VPIP": (30, 38), "Aggression": (3, 10, 12)},
    )
    s = hus.GameState(**kwargs)
    back = {k: getattr(s, k) for k in kwargs if k not in ("hero_stack", "villain_stack")}
    back.update(hero_stack=s.hero_starting_stack, villain_stack=s.villain_starting_stack)
    assert back == kwargs
    assert s.posts == [("villain", "SB", 10.0), ("hero", "BB", 20.0)]
    assert hus.GameState(**back) == s


def test_equal_states_hash_alike():
    a = hus.GameState(small_blind=10, big_blind=20, hero_cards="AcKd")
    b = hus.GameState.from_xml(a.to_xml())
    assert a == b and hash(a) == hash(b)
    assert {a: 1}[b] == 1


def test_an_endless_iterable_of_actions_is_refused():
    def endless():
        while True:
            yield ("hero", "call")

    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(small_blind=10, big_blind=20, hero_cards="AcKd", actions=endless())
    assert e.value.field == "actions"
    assert "at most 4096 acts" in str(e.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_is_not_read_as_a_script(tmp_path):
    fifo = tmp_path / "bot.hus"
    os.mkfifo(fifo)
    with pytest.raises(hus.ScriptError) as e:
        hus.Bot.from_file(fifo)
    d = e.value.diagnostics[0]
    assert d.code == "script-unreadable"
    assert "not a regular file" in d.message


def test_match_stakes_are_chips_with_stack_bb_as_the_command_line_gives_them():
    a, b = hus.Bot.builtin("equity"), hus.Bot.builtin("caller")
    chips = hus.match(a, b, hands=100, seed=3, small_blind=5, big_blind=10, stack=500)
    bbs = hus.match(a, b, hands=100, seed=3, small_blind=5, big_blind=10, stack_bb=50)
    default = hus.match(a, b, hands=100, seed=3, small_blind=5, big_blind=10)
    hundred = hus.match(a, b, hands=100, seed=3, small_blind=5, big_blind=10, stack=1000)
    assert chips == bbs
    assert default == hundred
    with pytest.raises(hus.MatchError, match="give one"):
        hus.match(a, b, hands=10, seed=3, stack=500, stack_bb=5)


@pytest.mark.parametrize("stack", [2**31, 2**40, 2**53 + 2])
def test_stacks_past_the_dealers_limit_are_refused_as_on_the_command_line(stack):
    a = hus.Bot.builtin("caller")
    with pytest.raises(hus.MatchError, match="stacks are at most 2147483647 chips"):
        hus.match(a, a, hands=10, seed=1, stack=stack)


def test_threads_zero_is_refused_and_none_is_one_per_core():
    a = hus.Bot.builtin("caller")
    with pytest.raises(hus.MatchError, match="threads: at least 1"):
        hus.match(a, a, hands=10, seed=1, threads=0)
    r = hus.match(a, a, hands=2000, seed=1, threads=None)
    assert r.threads >= 1 and r.hands == 2000


INTERRUPTED = textwrap.dedent(
    """
    import sys, time
    import hus
    a, b = hus.Bot.builtin("equity"), hus.Bot.builtin(sys.argv[1])
    print("ready", flush=True)
    try:
        hus.match(a, b, hands=10_000_000, seed=1)
    except KeyboardInterrupt as e:
        r = e.result
        print("interrupted", r.hands if r is not None else 0, flush=True)
    """
)


@pytest.mark.parametrize("opponent", ["caller", "exploit"])
def test_ctrl_c_stops_a_ten_million_hand_match(opponent):
    # The match would run for minutes; stopped, it ends in well under a second on an idle
    # machine (the bound below leaves room for a loaded one: no test depends on timing).
    # exploit reads statistics: its match is one chunk, stopped between hands.
    p = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, opponent],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert p.stdout.readline() == "ready\n"
    time.sleep(0.5)
    p.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, _ = p.communicate(timeout=30)
    waited = time.monotonic() - sent
    assert out.startswith("interrupted "), out
    assert 0 <= int(out.split()[1]) < 10_000_000
    assert waited < 20.0, waited


INTERRUPTED_TOURNAMENT = textwrap.dedent(
    """
    import hus

    def progress(done, total):
        if done == 1:
            print("first chunk", total, flush=True)

    try:
        hus.tournament(
            ["builtin:caller", "builtin:raiser", "builtin:random"],
            hands=100_000_000, seed=1, threads=2, progress=progress,
        )
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    """
)


def test_ctrl_c_stops_a_local_tournament_of_thirty_thousand_chunks():
    # Three pairings of 100 million hands would run for hours. The signal is sent once the
    # first chunk has ended (the progress function says so), so the tournament is running;
    # stopped, it ends as soon as the two chunks being played do (a chunk of 10,000 hands
    # takes milliseconds: the bound leaves room for a loaded machine, no test depends on
    # timing).
    p = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED_TOURNAMENT],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert p.stdout.readline() == "first chunk 30000\n"
    p.send_signal(signal.SIGINT)
    sent = time.monotonic()
    out, _ = p.communicate(timeout=60)
    waited = time.monotonic() - sent
    assert out == "interrupted\n", out
    assert p.returncode == 0
    assert waited < 20.0, waited


def test_an_error_names_the_keyword_and_the_acts_index():
    with pytest.raises(hus.GameStateError) as e:
        hus.GameState(
            small_blind=10,
            big_blind=20,
            hero_cards="AcKd",
            actions=[("hero", "call"), ("villain", "raise")],
        )
    assert e.value.field == "actions"
    assert str(e.value).startswith("actions[1]:")


# The options' rules are the library's, one function each: the binary and Python accept and
# refuse the same values (the C interface's test, capi/tests/fuzz.rs, takes the same
# timeouts).
@pytest.mark.parametrize("seconds", ["0.0005", "0.001", "5", "86400", "86400.5", "-1", "nan", "inf"])
def test_the_external_timeout_is_refused_alike_by_the_binary_and_python(seconds: str) -> None:
    from conftest import run_hus

    cli = run_hus("decide", f"--external-timeout={seconds}", "examples/tag.hus",
                  "examples/games/preflop-open.xml")
    try:
        hus.Bot.from_file(str(EXAMPLES / "tag.hus"), external_timeout=float(seconds))
        python = None
    except ValueError as e:
        python = str(e)
    assert (cli.returncode == 0) == (python is None), (cli.stderr, python)
    if python is not None:
        assert cli.returncode == 2
        rule = python.removeprefix("external_timeout ")
        assert cli.stderr.strip() == f"error: --external-timeout {rule}"


@pytest.mark.parametrize(
    "sb, bb, stack", [(1, 1, 1), (50, 100, 10_000), (0, 100, 10_000), (100, 50, 10_000),
                      (50, 100, 99), (50, 100, 2**31 - 1), (50, 100, 2**31)],
)
def test_stakes_are_refused_alike_by_the_binary_and_python(sb: int, bb: int, stack: int) -> None:
    from conftest import run_hus

    a = hus.Bot.builtin("caller")
    cli = run_hus("match", "builtin:caller", "builtin:caller", "--hands", "2", "--seed", "1",
                  "--blinds", f"{sb}/{bb}", "--stack-chips", str(stack))
    try:
        hus.match(a, a, hands=2, seed=1, small_blind=sb, big_blind=bb, stack=stack)
        python = None
    except hus.MatchError as e:
        python = str(e)
    assert (cli.returncode == 0) == (python is None), (cli.stderr, python)
    if python is not None:
        # The command line names its flags; the refusal and its exit code are the same.
        assert cli.returncode == 2


def test_hands_past_the_limit_are_refused_alike_by_the_binary_and_python() -> None:
    from conftest import run_hus

    a = hus.Bot.builtin("caller")
    too_many = 10**12 + 1
    cli = run_hus("match", "builtin:caller", "builtin:caller", "--hands", str(too_many), "--seed", "1")
    with pytest.raises(hus.MatchError) as e:
        hus.match(a, a, hands=too_many, seed=1)
    assert cli.returncode == 2
    assert str(e.value) in cli.stderr


def test_a_tournament_result_and_a_table_pickle() -> None:
    import pickle

    r = hus.tournament(["builtin:caller", "builtin:raiser"], hands=20, seed=1)
    again = pickle.loads(pickle.dumps(r))
    assert again == r and again.crosstable == r.crosstable
    table = hus.Table(seed=3, keep_hands=True)
    for act in ("call", ("raise", 400), "call", "check"):
        table.act(act)
    copy = pickle.loads(pickle.dumps(table))
    assert (copy.hand, copy.to_act, copy.hand_results) == (table.hand, table.to_act, table.hand_results)
    assert copy.state == table.state
    # Both go on alike.
    assert copy.act("fold") == table.act("fold")
    assert copy.state == table.state


def test_bad_settings_raise_a_match_error_whose_result_is_none() -> None:
    a = hus.Bot.builtin("caller")
    with pytest.raises(hus.MatchError) as e:
        hus.match(a, a, hands=10, seed=1, threads=0)
    assert e.value.result is None


def test_a_match_result_s_bots_are_read_only() -> None:
    a = hus.Bot.builtin("caller")
    r = hus.match(a, a, hands=10, seed=1)
    assert isinstance(r.bots, tuple) and len(r.bots) == 2
    with pytest.raises(TypeError):
        r.bots[0]["decisions"] = 0  # type: ignore[index]
    with pytest.raises(TypeError):
        r.bots[0]["actions"]["preflop"]["fold"] = 0  # type: ignore[index]
    assert r.bots[0]["decisions"] > 0


def test_match_is_named_match_with_its_defaults_in_its_signature() -> None:
    import inspect

    assert hus.match.__name__ == "match" and hus.play_match is hus.match
    sig = str(inspect.signature(hus.match))
    assert "threads=1" in sig and "Ellipsis" not in sig and "small_blind=50" in sig


@pytest.mark.parametrize(
    "name, value, says",
    [("x", float("nan"), "NaN is no finite number"), ("<a>", 1.0, "a word of letters"),
     ("BB", 1.0, "one of <init>'s own elements"), ("heroStack", 1.0, "one of <init>'s own elements")],
)
def test_defines_the_xml_could_not_hold_are_refused(name: str, value: float, says: str) -> None:
    with pytest.raises(hus.GameStateError, match=says):
        hus.GameState(small_blind=1, big_blind=2, hero_cards="AcKd", defines=[(name, value)])


def test_a_table_refuses_a_raise_to_less_than_a_call_and_reads_words_in_any_case() -> None:
    table = hus.Table(seed=3)
    with pytest.raises(ValueError, match=r'\("raise", -5\): a bet or raise gives the total raised to, above the 100'):
        table.act(("raise", -5))
    assert table.act("FOLD") is not None  # a fold in any case, as the XML's act reads it


def test_a_ten_written_10_is_refused_with_a_clear_error() -> None:
    with pytest.raises(hus.GameStateError, match="`10c`: a ten is written `T`"):
        hus.GameState(small_blind=1, big_blind=2, hero_cards="10cKd")


def test_a_stack_past_every_integer_says_it_is_above_the_limit() -> None:
    a = hus.Bot.builtin("caller")
    with pytest.raises(hus.MatchError, match="stack: 1e30 chips is above the limit"):
        hus.match(a, a, hands=10, seed=1, stack=10**30)
