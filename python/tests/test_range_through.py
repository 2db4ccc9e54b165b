"""`hus.range_through` gives the ranges `hus chart --show-range --json` prints, from a spot
in the chart notation or from a game state."""

import json
import subprocess

import pytest

import hus

from conftest import EXAMPLES, hus_command

TAG = str(EXAMPLES / "tag.hus")
SPOT = "BTN 4bb, BB call, BB bet 50%"


def chart_ranges():
    out = subprocess.run(
        [hus_command(), "chart", TAG, "--spot", SPOT, "--board", "Kh8s4d", "--show-range", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)["ranges"]


def test_the_ranges_of_a_spot_equal_the_command_line():
    bot = hus.Bot.from_file(TAG)
    ranges = chart_ranges()
    for player in ("hero", "villain"):
        got = hus.range_through(bot, SPOT, player=player, board="Kh8s4d")
        assert got == ranges[player]["holdings"]
        by_class = hus.range_through(bot, SPOT, player=player, board="Kh8s4d", by_class=True)
        assert by_class == ranges[player]["classes"]
    # The villain called an open and bet half the pot with JJ and KQs.
    assert sorted(hus.range_through(bot, SPOT, player="villain", board="Kh8s4d", by_class=True)) == [
        "JJ",
        "KQs",
    ]


def test_a_game_state_leaves_the_hero_cards_out_of_the_villain_range():
    bot = hus.Bot.from_file(TAG)
    state = hus.GameState(
        small_blind=50,
        big_blind=100,
        hero_cards="JsJh",
        button="villain",
        actions=[("villain", "raise", 400)],
    )
    villain = hus.range_through(bot, state, player="villain")
    spot = hus.range_through(bot, "BTN 4bb", player="villain")
    assert "AsKs" in villain
    assert not any("Js" in h or "Jh" in h for h in villain)
    assert {h: w for h, w in spot.items() if "Js" not in h and "Jh" not in h} == villain
    # Nobody narrowed the hero's range: every holding.
    assert len(hus.range_through(bot, state)) == 1326


def test_bad_input_is_a_clear_error():
    bot = hus.Bot.from_file(TAG)
    with pytest.raises(hus.GameStateError, match="spot: `BB 3bb`"):
        hus.range_through(bot, "BB 3bb")
    with pytest.raises(hus.GameStateError, match="a player is"):
        hus.range_through(bot, "BTN 4bb", player="button")
    with pytest.raises(TypeError, match="spot"):
        hus.range_through(bot, 42)  # type: ignore[arg-type]
