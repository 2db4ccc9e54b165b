"""The package gives what the command line gives: diagnostics, decisions, states."""

import json
import re

import pytest

import hus
from conftest import EXAMPLES, ROOT, run_hus

SCRIPTS = sorted(EXAMPLES.glob("*.hus")) + sorted((EXAMPLES / "lib").glob("*.hus"))
GAMES = sorted((EXAMPLES / "games").glob("*.xml"))


def without_flag_advice(d: dict) -> dict:
    """The command adds advice naming its flags (`--define`) that the library leaves out."""
    d = dict(d)
    if d.get("help") and "--" in d["help"]:
        d["help"] = None
    return d


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
def test_diagnostics_equal_hus_check_json(script):
    rel = script.relative_to(ROOT)
    out = run_hus("check", "--format", "json", str(rel))
    cli = [without_flag_advice(json.loads(line)) for line in out.stdout.splitlines()]
    ours = [
        without_flag_advice(d.to_dict())
        for d in hus.check(script.read_text(), name=str(rel), base_dir=str(script.parent))
    ]
    assert ours == cli


def bot_of(game):
    """The script a game file is written for: its comment starts `<!-- NAME.hus:`."""
    found = re.search(r"<!-- (\S+\.hus):", game.read_text())
    assert found, f"{game} names no script"
    return EXAMPLES / found.group(1)


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
@pytest.mark.parametrize("seed", [1, 7, 2024])
def test_decisions_equal_hus_decide_json(game, seed):
    script = bot_of(game)
    out = run_hus("decide", "--json", "--seed", str(seed), str(script), str(game))
    assert out.returncode == 0, out.stderr
    cli = json.loads(out.stdout)
    d = hus.Bot.from_file(str(script)).decide(
        hus.GameState.from_xml(game.read_text()), seed=seed
    )
    assert d.action == cli["action"]
    assert d.amount == cli["amount"]
    assert d.rule == cli["rule"]["line"]
    assert d.matched == cli["matched"]
    assert [w.message for w in d.warnings] == cli["warnings"]
    assert d.seed == cli["seed"]
    assert (d.draw["choice"] if d.draw else None) == (
        cli["draw"]["choice"] if cli["draw"] else None
    )


@pytest.mark.parametrize("game", GAMES, ids=lambda p: p.name)
def test_a_state_reads_back_from_its_own_xml(game):
    state = hus.GameState.from_xml(game.read_text())
    again = hus.GameState.from_xml(state.to_xml())
    assert again == state
    assert (again.pot, again.to_call, again.legal_actions) == (
        state.pot,
        state.to_call,
        state.legal_actions,
    )


def test_a_built_state_equals_the_one_read_from_its_own_xml():
    built = hus.GameState(
        small_blind=10,
        big_blind=20,
        hero_cards="AcKd",
        hero_stack=2000,
        villain_stack=2000,
        board="9h5s2d",
        actions=[("hero", "raise", 60), ("villain", "call"), ("villain", "check")],
    )
    assert hus.GameState.from_xml(built.to_xml()) == built
    # The same hand as examples/games/flop-cbet.xml.
    assert built == hus.GameState.from_xml((EXAMPLES / "games" / "flop-cbet.xml").read_text())
    assert (built.phase, built.pot, built.to_call) == ("flop", 120, 0)
    assert built.legal_actions == ["check", "raise"]
    assert built.min_raise_to == 20


def test_a_match_equals_hus_match_json():
    out = run_hus(
        "match", "builtin:equity", "builtin:random", "--hands", "300", "--seed", "4",
        "--json", "--threads", "1",
    )
    assert out.returncode == 0, out.stderr
    cli = json.loads(out.stdout)
    r = hus.match(hus.Bot.builtin("equity"), hus.Bot.builtin("random"), hands=300, seed=4)
    assert (r.net_a, r.mbb_per_hand, list(r.ci95)) == (
        cli["net_chips"],
        cli["mbb_per_hand"],
        cli["ci95"],
    )
    assert r.bots[0]["actions"] == cli["bots"]["A"]["actions"]


STATS_CASE = ROOT / "tests" / "cases" / "decide"


def test_a_built_state_with_stats_equals_the_xml_one_and_decides_the_same():
    xml = (STATS_CASE / "games" / "stats-cbet.xml").read_text()
    hand = dict(
        small_blind=50,
        big_blind=100,
        hero_cards="Ah5d",
        hero_stack=10000,
        villain_stack=10000,
        board="Kh9h5h",
        actions=[("hero", "raise", 300), ("villain", "call"), ("villain", "check")],
    )
    stats = {"hands": 40, "VPIP": (30, 38), "FoldToCBet": (9, 12), "Aggression": (3, 10, 12)}
    built = hus.GameState(**hand, stats=stats)
    read = hus.GameState.from_xml(xml)
    assert built == read
    assert hus.GameState.from_xml(built.to_xml()) == built
    # A statistic may also be given as a dict of its attributes.
    as_dicts = {"hands": 40, "VPIP": {"times": 30, "chances": 38},
                "FoldToCBet": {"times": 9, "chances": 12},
                "Aggression": {"times": 3, "chances": 10, "hands": 12}}
    assert hus.GameState(**hand, stats=as_dicts) == read
    bot = hus.Bot.from_file(str(STATS_CASE / "stats-present" / "bot.hus"))
    ours, theirs = bot.decide(built, seed=3), bot.decide(read, seed=3)
    assert (ours.action, ours.raise_to, ours.rule) == (theirs.action, theirs.raise_to, theirs.rule)
    # The continuation-bet rule (the villain folded to 9 of 12) chose it, as `hus decide` does.
    assert (str(ours), ours.rule) == ("raise 300", 3)
    # Without the statistics that rule cannot hold.
    assert bot.decide(hus.GameState(**hand), seed=3).rule != 3
