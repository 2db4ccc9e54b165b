"""hus.tune on Optuna: a toy bot whose best threshold is known from a grid over the same
seeds, found again by TPE with a fixed sampler seed, reproducibly; the hold-out in the
output; tunables and set_values; the exploit objective (minimised, on a fake LBR and, once
LBR is built, on hus.exploit); the imitate objective on a 2017 log when ../shared is there."""

import importlib
import json
import pathlib
import shutil
from typing import Any, Callable, Dict, List, Mapping, Tuple

import pytest

import hus
from hus.tune import HOLDOUT_OFFSET, Engine, Measure, TuneResult, _paired, main, play_chunk

from conftest import CALL_THRESHOLD_TOY as TOY, ROOT, needs_lbr, run_hus

#: The module hus.tune (the package's attribute of that name is the function).
TUNE = importlib.import_module("hus.tune")

optuna = pytest.importorskip("optuna")

HANDS = 300
SEED = 7


@pytest.fixture
def toy(tmp_path: pathlib.Path) -> str:
    path = tmp_path / "toy.hus"
    path.write_text(TOY)
    return str(path)


def test_tunables_and_set_values() -> None:
    assert hus.tunables(TOY) == [
        {"name": "callAt", "default": 0.9, "low": 0.0, "high": 1.0, "unit": None, "integer": False}
    ]
    out = hus.set_values(TOY, {"callat": 0.45})
    assert out == TOY.replace("callAt = 0.9 TUNE", "callAt = 0.45 TUNE")
    with pytest.raises(ValueError, match="outside its TUNE range 0..1"):
        hus.set_values(TOY, {"callAt": 1.5})


def test_a_value_plays_and_a_wrong_one_is_a_script_error(toy: str) -> None:
    raiser = hus.Bot.builtin("raiser")
    low = hus.match(hus.Bot.from_file(toy, values={"callAt": 0.0}), raiser, hands=50, seed=1)
    default = hus.match(hus.Bot.from_file(toy), raiser, hands=50, seed=1)
    assert low.mbb_per_hand != default.mbb_per_hand
    with pytest.raises(hus.ScriptError, match="no DEFINE `nope`"):
        hus.Bot.from_file(toy, values={"nope": 1.0})


def _against_raiser(bot: hus.Bot, hands: int, seed: int) -> float:
    """The toy's mbb/hand against builtin:raiser as the tuner plays it: a gauntlet chunk."""
    r = hus.tournament([bot, "builtin:raiser"], hands=hands, seed=seed, chunk_hands=hands, gauntlet=[0])
    return float(r.crosstable[0][1] or 0.0)


def _grid_best(toy: str) -> float:
    """The objective's best over a grid of 21 thresholds, on the seeds the tuner uses."""
    return max(
        _against_raiser(hus.Bot.from_file(toy, values={"callAt": i / 20}), HANDS, SEED)
        for i in range(21)
    )


def test_a_chunk_is_a_gauntlet_equal_to_matches_on_its_pairing_seeds(toy: str) -> None:
    bot = hus.Bot.from_file(toy, values={"callAt": 0.3})
    field = [hus.Bot.builtin("raiser"), hus.Bot.builtin("equity")]
    got = play_chunk([bot, *field], 200, SEED, Engine("local", threads=2))
    plan = hus.Tournament([bot, *field], hands=200, seed=SEED, chunk_hands=200, gauntlet=[0])
    want = []
    for _, j, seed in plan.pairings():
        r = hus.match(bot, field[j - 1], hands=200, seed=seed, duplicate=True)
        assert r.ci95 is not None
        want.append((r.mbb_per_hand, (r.ci95[1] - r.ci95[0]) / 2))
    assert [x for p in got for x in p] == pytest.approx([x for p in want for x in p], rel=1e-12)
    assert got[0] != got[1]
    # The same seeds whatever the tuned bot's values: the field's deals are common.
    other = hus.Tournament([hus.Bot.from_file(toy), *field], hands=200, seed=SEED, chunk_hands=200, gauntlet=[0])
    assert other.pairings() == plan.pairings()


def test_the_paired_difference_is_the_difference_of_the_means() -> None:
    # Two duplicate deals: tuned wins 100 and 300 chips more per deal (big blind 100).
    mean, half = _paired([50, 50, 200, 100], [0, 0, 0, 0])
    assert mean == 1000 / 100 * (100 + 300) / 4
    assert half == pytest.approx(1.96 * (1000 / 100 / 2) * 141.4213562 / 2 ** 0.5, rel=1e-6)
    assert _paired([10, -10], [0, 0]) == (0.0, 0.0)


def test_the_toy_converges_to_the_grids_best_reproducibly(toy: str, tmp_path: pathlib.Path) -> None:
    def run(out: str) -> TuneResult:
        return hus.tune(
            toy, field=["builtin:raiser"], trials=20, hands=HANDS, chunks=1, seed=SEED,
            sampler_seed=3, out_dir=out,
        )

    first = run(str(tmp_path / "a"))
    # Within 20 trials TPE reaches the grid's best to 5 % of its value.
    grid = _grid_best(toy)
    assert first.best_value >= grid - 0.05 * abs(grid), (first.best_value, grid)
    # The defaults (callAt 0.9) lose; the hold-out on fresh seeds says by how much.
    assert first.holdout_best.mean > first.holdout_default.mean
    # The paired difference over the same deals is the difference of the two means.
    diff = first.holdout_difference
    assert diff is not None
    assert diff.mean == pytest.approx(first.holdout_best.mean - first.holdout_default.mean, abs=1e-9)
    assert diff.low < diff.mean < diff.high
    second = run(str(tmp_path / "b"))
    assert [t["value"] for t in first.trials] == [t["value"] for t in second.trials]
    assert first.best_values == second.best_values
    out = tmp_path / "a"
    report = json.loads((out / "report.json").read_text())
    assert report["holdout_best"]["mean"] == first.holdout_best.mean
    assert report["holdout_default"]["low"] <= report["holdout_default"]["mean"]
    assert report["holdout_difference"]["mean"] == diff.mean
    tuned = (out / "toy.hus").read_text()
    assert tuned == hus.set_values(TOY, first.best_values)
    assert "// the default folds almost everything" in tuned
    assert (out / "trials.csv").read_text().splitlines()[0] == "number,state,value,callAt"
    assert (out / "search.svg").read_text().startswith("<svg")


def test_a_range_written_in_integers_is_tuned_in_whole_numbers(tmp_path: pathlib.Path) -> None:
    # The same toy with its threshold as a count: percent of equity, 0..100.
    toy = tmp_path / "count.hus"
    toy.write_text(TOY.replace("callAt = 0.9 TUNE 0..1", "callPct = 90 TUNE 0..100").replace(
        "equity >= callAt", "equity * 100 >= callPct"))
    assert hus.tunables(toy.read_text())[0]["integer"] is True
    r = hus.tune(str(toy), field=["builtin:raiser"], trials=6, hands=100, chunks=1, seed=SEED, sampler_seed=1)
    values = [t["callPct"] for t in r.trials]
    assert values[0] == 90 and all(isinstance(v, int) and 0 <= v <= 100 for v in values), values
    assert isinstance(r.best_values["callPct"], int)
    assert r.tuned_script == hus.set_values(toy.read_text(), r.best_values)
    assert hus.tunables(r.tuned_script)[0]["integer"] is True
    with pytest.raises(ValueError, match="not a whole number"):
        hus.set_values(toy.read_text(), {"callPct": 45.5})


SHARED = ROOT.parent / "shared" / "data" / "acpc2017"


def test_imitate_fits_on_one_half_and_measures_on_the_other(tmp_path: pathlib.Path) -> None:
    if not (SHARED / "Intermission.PokerCNN.1.0.log").exists():
        pytest.skip(f"{SHARED} is absent: the 2017 logs live beside the repository")
    tag = ROOT / "examples" / "tag-tune.hus"
    log = SHARED / "Intermission.PokerCNN.1.0.log"
    r = hus.tune(str(tag), objective="imitate", log=str(log), player="PokerCNN_2pn_2017", trials=3)
    # The search's best is on the fitted half; the hold-out on the other, defaults first.
    assert 0 < r.holdout_default.mean < 100
    assert 0 < r.holdout_best.mean < 100
    assert r.trials[0]["value"] is not None


Call = Tuple[Dict[str, float], int, int, str, Dict[str, Any]]


def fake_lbr(calls: List[Call]) -> Callable[..., Measure]:
    """A stand-in for LBR's measure: lowest at callAt 0.3, plus a little of the seed (so the
    chunks and the hold-out differ); it notes every call."""

    def lbr(path: str, values: Dict[str, float], hands: int, seed: int, engine: Engine,
            keywords: Mapping[str, Any]) -> Measure:
        calls.append((dict(values), hands, seed, engine.name, dict(keywords)))
        v = 1000 * (values.get("callAt", 0.9) - 0.3) ** 2 + seed % 7
        return Measure(v, v - 5, v + 5)

    return lbr


def test_the_exploit_objective_minimises_lbrs_win_rate(
    toy: str, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: List[Call] = []
    monkeypatch.setattr(TUNE, "_lbr", fake_lbr(calls))
    r = hus.tune(
        toy, objective="exploit", trials=12, hands=40, chunks=2, seed=SEED, sampler_seed=3,
        holdout_hands=60, out_dir=str(tmp_path / "out"), lbr={"bet_sizes": [0.5, 1.0]},
    )
    # The first trial is the defaults: the mean of its two chunks, seeds SEED and SEED + 1000.
    assert r.trials[0]["callAt"] == 0.9
    assert r.trials[0]["value"] == pytest.approx(360 + (SEED % 7 + (SEED + 1000) % 7) / 2)
    assert calls[0] == ({"callAt": 0.9}, 40, SEED, "local", {"bet_sizes": [0.5, 1.0]})
    assert calls[1][2] == SEED + 1000
    # Lower is better: the best trial is the lowest, and the search went towards 0.3.
    done = [t for t in r.trials if t["state"] == "COMPLETE"]
    best = min(done, key=lambda t: t["value"])
    assert r.best_value == best["value"]
    assert r.best_values == {"callAt": best["callAt"]}
    assert abs(best["callAt"] - 0.3) < abs(0.9 - 0.3)
    # The hold-out: the best values, then the defaults, on the same fresh seed.
    fresh = SEED + HOLDOUT_OFFSET
    assert calls[-2:] == [
        (r.best_values, 60, fresh, "local", {"bet_sizes": [0.5, 1.0]}),
        ({}, 60, fresh, "local", {"bet_sizes": [0.5, 1.0]}),
    ]
    assert r.holdout_default.mean == pytest.approx(360 + fresh % 7)
    assert r.holdout_best.mean < r.holdout_default.mean
    assert r.holdout_difference is None
    report = json.loads((tmp_path / "out" / "report.json").read_text())
    assert (report["objective"], report["unit"], report["direction"]) == (
        "exploit", "LBR mbb/hand", "minimize"
    )
    assert report["holdout_best"]["mean"] == r.holdout_best.mean
    assert report["holdout_difference"] is None
    assert (tmp_path / "out" / "toy.hus").read_text() == hus.set_values(TOY, r.best_values)


def test_the_best_so_far_line_follows_the_direction() -> None:
    trials = [{"number": i, "value": v} for i, v in enumerate([5.0, 3.0, 4.0])]
    lowest = TUNE.search_svg(trials, [], "LBR mbb/hand", minimize=True)
    highest = TUNE.search_svg(trials, [], "mbb/hand")
    # Points at x = 40, 150, 260; y from 190 (3.0) to 50 (5.0).
    assert '<polyline points="40.0,50.0 150.0,190.0 260.0,190.0"' in lowest
    assert '<polyline points="40.0,50.0 150.0,50.0 260.0,50.0"' in highest


def test_the_exploit_objective_from_the_command_line(
    toy: str, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    calls: List[Call] = []
    monkeypatch.setattr(TUNE, "_lbr", fake_lbr(calls))
    out = tmp_path / "out"
    code = main([
        toy, "--objective", "exploit", "--trials", "3", "--hands", "20", "--chunks", "1",
        "--seed", str(SEED), "--bet-sizes", "0.5,1", "--preflop", "best", "--out", str(out),
    ])
    assert code == 0
    assert calls[0][4] == {"bet_sizes": [0.5, 1.0], "preflop": "best"}
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].startswith("hold-out, tuned:   ") and lines[1].endswith(" LBR mbb/hand")
    assert json.loads((out / "report.json").read_text())["direction"] == "minimize"


def test_lbrs_settings_are_for_the_exploit_objective(toy: str) -> None:
    with pytest.raises(ValueError, match="lbr: only with the exploit objective"):
        hus.tune(toy, lbr={"preflop": "best"}, trials=1)
    with pytest.raises(SystemExit) as e:
        main([toy, "--bet-sizes", "1"])
    assert e.value.code == 2
    with pytest.raises(SystemExit) as e:
        main([toy, "--objective", "exploit", "--bet-sizes", "half"])
    assert e.value.code == 2


@needs_lbr
def test_each_exploit_trial_is_hus_exploit_with_its_values(toy: str) -> None:
    # Two trials (the defaults, then one drawn) of a few hands: LBR is the slow part.
    r = hus.tune(
        toy, objective="exploit", trials=2, hands=8, chunks=1, seed=SEED, sampler_seed=1,
        holdout_hands=8, threads=1,
    )
    assert len(r.trials) == 2 and r.trials[0]["callAt"] != r.trials[1]["callAt"]
    for t in r.trials:
        bot = hus.Bot.from_file(toy, values={"callAt": t["callAt"]})
        assert t["value"] == hus.exploit(bot, hands=8, seed=SEED).mbb_per_hand
    assert r.best_value == min(t["value"] for t in r.trials)
    fresh = hus.exploit(hus.Bot.from_file(toy), hands=8, seed=SEED + HOLDOUT_OFFSET)
    assert (r.holdout_default.mean, r.holdout_default.low, r.holdout_default.high) == (
        fresh.mbb_per_hand, *fresh.interval
    )


def _resumable(tmp_path: pathlib.Path, **over: Any) -> Dict[str, Any]:
    """The keywords of a small study kept in SQLite (no pruning: every trial completes)."""
    storage = f"sqlite:///{tmp_path / 'study.db'}"
    common: Dict[str, Any] = dict(
        field=["builtin:raiser"], hands=60, chunks=1, seed=SEED, storage=storage,
        study_name="toy", prune=False, holdout_hands=20,
    )
    return {**common, **over}


#: The trials of the stored study the resume tests start from.
STORED = 3


@pytest.fixture(scope="module")
def stored_study(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A study of STORED trials of the toy in SQLite, run once for the module; each test
    resumes a copy of it."""
    where = tmp_path_factory.mktemp("stored")
    (where / "toy.hus").write_text(TOY)
    hus.tune(str(where / "toy.hus"), trials=STORED, **_resumable(where))
    return where / "study.db"


@pytest.fixture
def resumable(stored_study: pathlib.Path, tmp_path: pathlib.Path) -> pathlib.Path:
    """This test's copy of the stored study, in tmp_path."""
    shutil.copy(stored_study, tmp_path / "study.db")
    return tmp_path


def test_a_resumed_study_goes_on_with_new_values(toy: str, resumable: pathlib.Path) -> None:
    stored = optuna.load_study(study_name="toy", storage=_resumable(resumable)["storage"])
    first = [round(t.params["callAt"], 4) for t in stored.trials]
    again = hus.tune(toy, trials=2 * STORED, **_resumable(resumable))
    values = [t["callAt"] for t in again.trials]
    assert len(values) == 2 * STORED and values[:STORED] == first
    # The resumed trials draw new values, not the first run's again.
    assert not set(values[STORED:]) & set(first), values
    study = optuna.load_study(study_name="toy", storage=_resumable(resumable)["storage"])
    settings = study.user_attrs["hus_settings"]
    assert (settings["objective"], settings["hands"], settings["field"]) == ("win", 60, ["builtin:raiser"])


@pytest.mark.parametrize(
    "change, says",
    [
        ({"hands": 80}, "hands 60 (now 80)"),
        ({"seed": SEED + 1}, f"seed {SEED} (now {SEED + 1})"),
        ({"field": ["builtin:caller"]}, 'field ["builtin:raiser"] (now ["builtin:caller"])'),
        ({"objective": "exploit", "field": ["builtin:raiser"]}, 'objective "win" (now "exploit")'),
    ],
)
def test_a_study_resumed_with_other_settings_is_refused(
    toy: str, resumable: pathlib.Path, change: Dict[str, Any], says: str
) -> None:
    with pytest.raises(ValueError, match="was run with other settings") as e:
        hus.tune(toy, trials=4, **_resumable(resumable, **change))
    assert says in str(e.value)


def test_a_changed_script_is_another_setting_and_force_keeps_the_best_apart(
    toy: str, resumable: pathlib.Path
) -> None:
    path = pathlib.Path(toy)
    path.write_text(path.read_text().replace("PRIORITY -1", "PRIORITY -2"))
    with pytest.raises(ValueError, match="bot_source hash"):
        hus.tune(toy, trials=5, **_resumable(resumable))
    forced = hus.tune(toy, trials=2, force_resume=True, **_resumable(resumable, hands=80))
    # Only the new settings' trials, their own defaults first, and their own best.
    assert [t["number"] for t in forced.trials] == [STORED, STORED + 1]
    assert forced.trials[0]["callAt"] == 0.9
    assert forced.best_value == max(t["value"] for t in forced.trials)


def test_the_out_directory_loads_as_written_and_re_measures_the_hold_out(tmp_path: pathlib.Path) -> None:
    src = tmp_path / "src"
    (src / "lib").mkdir(parents=True)
    (src / "lib" / "floor.hus").write_text("DEFINE floor = 0.05\n")
    (src / "toy.hus").write_text('INCLUDE "lib/floor.hus"\n' + TOY.replace(
        "ALWAYS\n", "ALWAYS\n  RULE equity < floor\n    DO FOLD\n  ENDRULE\n", 1))
    out = tmp_path / "out"
    r = hus.tune(str(src / "toy.hus"), field=["builtin:raiser"], trials=3, hands=60, chunks=1,
                 seed=SEED, holdout_hands=40, out_dir=str(out))
    assert (out / "lib" / "floor.hus").read_text() == "DEFINE floor = 0.05\n"
    tuned = hus.Bot.from_file(str(out / "toy.hus"))
    assert tuned.source == r.tuned_script
    # The hold-out again, by hus.match on the tuned script read from --out.
    plan = hus.Tournament([tuned, hus.Bot.builtin("raiser")], hands=40, seed=SEED + HOLDOUT_OFFSET,
                          duplicate=True, chunk_hands=40, gauntlet=[0])
    [(_, _, seed)] = plan.pairings()
    again = hus.match(tuned, hus.Bot.builtin("raiser"), hands=40, seed=seed, duplicate=True)
    assert again.mbb_per_hand == r.holdout_best.mean


def test_the_tuned_script_s_tables_go_to_out_beside_it(tmp_path: pathlib.Path) -> None:
    bot = ROOT / "examples" / "tag-tune.hus"
    tuned = hus.set_values(bot.read_text(), {"openSize": 4})
    TUNE.write_script(tuned, str(bot), tmp_path / "o")
    table = (ROOT / "examples" / "tag-open.tsv").read_text()
    assert (tmp_path / "o" / "tag-open.tsv").read_text() == table
    assert hus.Bot.from_file(str(tmp_path / "o" / "tag-tune.hus")).source == tuned


def test_the_agreement_interval_is_wilson_s() -> None:
    low, high = TUNE.wilson(50, 50)
    assert high == 1.0 and 0.92 < low < 0.93
    assert TUNE.wilson(0, 50)[0] == 0.0
    assert TUNE.wilson(25, 50) == pytest.approx((0.3664, 0.6336), abs=1e-4)


def test_imitate_reads_a_hus_match_log_at_100_big_blinds_given_its_game(
    toy: str, tmp_path: pathlib.Path
) -> None:
    log = tmp_path / "m.log"
    done = run_hus("match", "builtin:equity", "builtin:raiser", "--hands", "40", "--seed", "3",
                   "--log", str(log))
    assert done.returncode == 0, done.stderr
    assert ":r10000" in log.read_text() or "r10000" in log.read_text()
    with pytest.raises(hus.ReplayError, match=r"the hand fits stacks of 10000: .*`stack = 10000 10000`"):
        hus.tune(toy, objective="imitate", log=str(log), player="builtin_equity", trials=2)
    game = tmp_path / "100bb.game"
    game.write_text(
        "GAMEDEF\nnolimit\nnumPlayers = 2\nnumRounds = 4\nstack = 10000 10000\nblind = 100 50\n"
        "firstPlayer = 2 1 1 1\nnumSuits = 4\nnumRanks = 13\nnumHoleCards = 2\n"
        "numBoardCards = 0 3 1 1\nEND GAMEDEF\n"
    )
    r = hus.tune(toy, objective="imitate", log=str(log), player="builtin_equity", trials=2,
                 game=str(game))
    assert 0 <= r.holdout_default.low <= r.holdout_default.mean <= r.holdout_default.high <= 100
    assert main([toy, "--objective", "imitate", "--log", str(log), "--player", "builtin_equity",
                 "--trials", "2", "--game", str(game), "--out", str(tmp_path / "out")]) == 0
