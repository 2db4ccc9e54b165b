"""hus.tournament in process: the crosstable is `hus.match(duplicate=True)` of every pairing
with the pairing's seed, chunks merge in any order, and bad arguments are refused."""

from __future__ import annotations

import json
import pickle
import random
import subprocess
import sys
from typing import Any

import pytest

import hus

from conftest import EXAMPLES, four_bots, run_hus

SETTINGS: dict[str, Any] = dict(hands=600, seed=46, chunk_hands=200)


def test_import_hus_does_not_import_ray() -> None:
    code = "import sys, hus; hus.tournament; print('ray' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout == "False\n"


def test_the_crosstable_is_each_pairings_duplicate_match() -> None:
    bots = four_bots()
    result = hus.tournament(bots, **SETTINGS)
    plan = hus.Tournament(bots, **SETTINGS)
    assert len(plan.pairings()) == 6
    for (a, b, seed), (pa, pb, played) in zip(plan.pairings(), result.pairings):
        match = hus.match(bots[a], bots[b], hands=600, seed=seed, duplicate=True)
        assert (pa, pb) == (a, b)
        assert (played.hands, played.seed, played.net_a) == (600, seed, match.net_a)
        assert result.crosstable[a][b] == match.mbb_per_hand
        assert result.crosstable[b][a] == -match.mbb_per_hand
        assert result.intervals[a][b] == match.ci95
        assert result.crosstable[a][a] is None


def test_the_pairings_seeds_are_hus_match_seeds() -> None:
    """The JSON report names each pairing's seed; `hus match --duplicate --seed` with it
    gives the same chips."""
    bots = four_bots()[:2]
    result = hus.tournament(bots, **SETTINGS)
    (a, b, match) = result.pairings[0]
    out = run_hus(
        "match", str(EXAMPLES / "tag.hus"), "builtin:caller", "--hands", "600",
        "--seed", str(match.seed), "--duplicate", "--json",
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["net_chips"] == match.net_a


def test_chunks_merge_in_any_order_and_a_repeated_chunk_counts_once() -> None:
    plan = hus.Tournament(four_bots(), **SETTINGS)
    jobs = plan.jobs()
    assert len(jobs) == 6 * 3
    results = [hus.run_chunk(plan, job) for job in jobs]
    shuffled = results + results[:5]
    random.Random(1).shuffle(shuffled)
    assert plan.merge(shuffled) == plan.merge(results)
    assert plan.merge(results).json() == hus.tournament(four_bots(), **SETTINGS).json()
    with pytest.raises(hus.MatchError, match="missing"):
        plan.merge(results[1:])


def test_the_result_does_not_depend_on_threads() -> None:
    one = hus.tournament(four_bots(), threads=1, **SETTINGS)
    assert one == hus.tournament(four_bots(), threads=2, **SETTINGS)
    assert str(one) == one.text()
    assert one.svg().startswith("<svg")
    assert [r["rank"] for r in one.ranking][0] == 1
    assert sorted(r["bot"] for r in one.ranking) == [0, 1, 2, 3]


def test_a_tournament_pickles_with_its_bots_and_options() -> None:
    plan = hus.Tournament(four_bots(), **SETTINGS)
    again = pickle.loads(pickle.dumps(plan))
    assert again.jobs() == plan.jobs()
    assert again.names == plan.names
    assert hus.run_chunk(again, plan.jobs()[4]) == hus.run_chunk(plan, plan.jobs()[4])


def test_bots_may_be_named() -> None:
    named = hus.tournament([str(EXAMPLES / "tag.hus"), "builtin:caller"], **SETTINGS)
    assert named == hus.tournament(four_bots()[:2], **SETTINGS)


def test_the_progress_line(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        import tqdm  # noqa: F401
    except ImportError:
        hus.tournament(four_bots()[:2], progress=True, **SETTINGS)
        assert capsys.readouterr().err.endswith("\rtournament: 3/3 chunks\n")
    else:
        pytest.skip("tqdm is installed: the bar is tqdm's")


def test_a_progress_function_hears_of_every_chunk_and_draws_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    heard: list[tuple[int, int]] = []
    hus.tournament(
        four_bots()[:3], threads=2, progress=lambda d, t: heard.append((d, t)), **SETTINGS
    )
    assert heard == [(d, 9) for d in range(1, 10)]
    assert capsys.readouterr().err == ""
    with pytest.raises(TypeError, match="progress: True, False, None or a function, not 'yes'"):
        hus.tournament(four_bots()[:2], progress="yes", **SETTINGS)  # type: ignore[arg-type]


class _Stop(Exception):
    pass


def test_what_a_progress_function_raises_ends_the_tournament() -> None:
    def stop(done: int, total: int) -> None:
        raise _Stop(done, total)

    with pytest.raises(_Stop) as e:
        hus.tournament(four_bots(), threads=2, progress=stop, **SETTINGS)
    assert e.value.args == (1, 18)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        (dict(engine="spark"), ValueError, "engine: one of 'local', 'ray', not 'spark'"),
        (dict(threads=0), ValueError, "threads: at least 1"),
        (dict(address="auto"), ValueError, 'address: only with engine="ray"'),
        (dict(engine="ray", threads=2), ValueError, "threads: only with engine"),
        (dict(max_retries=-1), ValueError, "max_retries: 0 or more"),
        (dict(hands=601), hus.MatchError, "must be even"),
        (dict(chunk_hands=0), hus.MatchError, "a chunk holds at least one hand"),
        (dict(gauntlet=[7]), hus.MatchError, "challenger 7 is not one of the 4 bots"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], error: type, message: str) -> None:
    settings = {**SETTINGS, **kwargs}
    with pytest.raises(error) as e:
        hus.tournament(four_bots(), **settings)
    assert message in str(e.value)


def test_a_bot_that_is_not_one() -> None:
    with pytest.raises(TypeError, match=r"bots\[1\]: a hus.Bot, 'builtin:NAME'"):
        hus.tournament([four_bots()[0], 42], **SETTINGS)  # type: ignore[list-item]


def test_a_bad_job() -> None:
    plan = hus.Tournament(four_bots(), **SETTINGS)
    with pytest.raises(hus.MatchError, match="job: not a chunk job"):
        hus.run_chunk(plan, "{}")


def test_the_report_is_hus_tournaments() -> None:
    names = ["builtin:caller", "builtin:equity", "builtin:raiser"]
    result = hus.tournament(names, **SETTINGS)
    out = run_hus(
        "tournament", *names, "--hands", "600", "--seed", "46", "--chunk", "200", "--json"
    )
    assert out.returncode == 0, out.stderr
    assert json.loads(result.json()) == json.loads(out.stdout)
