"""hus.replay: a player's decisions in a dealer's log put to a bot in process, the report
`hus replay --json` prints, and its errors as hus.ReplayError with the kind of failure."""

import json
import pathlib
import re

import pytest

import hus

from conftest import EXAMPLES, run_hus

# Three hands of a dealer's log between alice and bob, and its SCORE line.
LOG = """\
STATE:0:r300c/cr600c/cc/r1200f:AsKd|7h2c/2d3d4d/5h/6s:600|-600:alice|bob
STATE:1:cr250c/cc/cc/cc:9h9c|QsJs/Td8d2s/Kc/3h:250|-250:bob|alice
STATE:2:r300f:2c7d|AhAc:-100|100:alice|bob
SCORE:250|-250:alice|bob
"""


@pytest.fixture
def log(tmp_path: pathlib.Path) -> pathlib.Path:
    path = tmp_path / "match.log"
    path.write_text(LOG)
    return path


def test_the_report_is_the_command_lines(log: pathlib.Path) -> None:
    tag = EXAMPLES / "tag.hus"
    got = hus.replay(hus.Bot.from_file(tag), log, player="alice", seed=3)
    done = run_hus("replay", str(tag), str(log), "--player", "alice", "--seed", "3", "--json")
    assert done.returncode == 0, done.stderr
    want = json.loads(done.stdout)
    want["bot"] = got["bot"]  # the name the bot was compiled with
    assert got == want
    assert (got["decisions"], got["same"], got["hands"]) == (11, 6, 3)
    assert got["agreement"] == 6 / 11


def test_tuned_values_play_in_the_replay(log: pathlib.Path) -> None:
    tune = EXAMPLES / "tag-tune.hus"
    low = hus.replay(hus.Bot.from_file(tune, values={"openSize": 2.0}), log, player="bob")
    done = run_hus("replay", str(tune), str(log), "--player", "bob", "--set", "openSize=2", "--json")
    assert done.returncode == 0, done.stderr
    assert low["rounds"] == json.loads(done.stdout)["rounds"]


def test_errors_are_replay_errors_with_their_kind(log: pathlib.Path, tmp_path: pathlib.Path) -> None:
    bot = hus.Bot.builtin("caller")
    with pytest.raises(hus.ReplayError, match="carol") as e:
        hus.replay(bot, log, player="carol")
    assert e.value.kind == "usage"
    with pytest.raises(hus.ReplayError, match="cannot read") as e:
        hus.replay(bot, tmp_path / "absent.log", player="alice")
    assert e.value.kind == "usage"
    bad = tmp_path / "bad.log"
    bad.write_text(LOG.replace("600|-600", "900|-900"))
    with pytest.raises(hus.ReplayError, match=re.escape("line 1: the values 900|-900")) as e:
        hus.replay(bot, bad, player="alice")
    assert e.value.kind == "log"
    assert isinstance(e.value, hus.HusError)
