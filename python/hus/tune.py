"""``hus.tune``: fit a script's tunable DEFINEs (``DEFINE x = 2.5BB TUNE 2BB..4BB``) on Optuna.

Objectives: ``"win"`` (mean mbb/hand against a field, duplicate matches on the same seeds for
every trial), ``"exploit"`` (Local Best Response's mbb/hand against the bot, minimised: a bot
hard to beat) and ``"imitate"`` (agreement with a player of a dealer's log, fitted on one half
of its hands and measured on the other). Optuna is the optional extra ``[tune]``; it is
imported only when a study runs, so ``import hus`` stays light.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import math
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, field as dc_field
from pathlib import Path
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple

from ._exploit import exploit
from ._hus import Bot, HusError, Tournament, replay, set_values, tunables
from ._hus import match as play_match
from ._tournament import tournament

#: The field a bot is tuned against when none is given: every built-in but ``random``.
DEFAULT_FIELD = ("builtin:caller", "builtin:raiser", "builtin:equity", "builtin:bluffer")

OBJECTIVES = ("win", "imitate", "exploit")

#: What each objective measures, and whether a study maximises it.
UNITS = {"win": "mbb/hand", "imitate": "% agreement", "exploit": "LBR mbb/hand"}
DIRECTIONS: Dict[str, Literal["maximize", "minimize"]] = {
    "win": "maximize", "imitate": "maximize", "exploit": "minimize",
}

#: Hold-out seeds start here, far from the tuning seeds (which start at the study's seed).
HOLDOUT_OFFSET = 1_000_000


@dataclass
class Measure:
    """A result with its 95 % interval (mbb/hand for ``win``, agreement in % for ``imitate``,
    LBR's mbb/hand against the bot for ``exploit``)."""

    mean: float
    low: float
    high: float

    def text(self) -> str:
        return f"{self.mean:+.1f} [{self.low:+.1f}, {self.high:+.1f}]"


@dataclass
class TuneResult:
    """What a study found: the best values, and both the best and the defaults re-measured
    on fresh seeds (``holdout``), each with its 95 % interval, and their paired difference."""

    best_values: Dict[str, float]
    default_values: Dict[str, float]
    best_value: float
    holdout_best: Measure
    holdout_default: Measure
    #: *win*: tuned minus default on the hold-out, paired over the same duplicate deals
    #: (None for *imitate* and *exploit*: LBR gives chunks, not hands, to pair).
    holdout_difference: Optional[Measure] = None
    trials: List[Dict[str, Any]] = dc_field(default_factory=list)
    tuned_script: str = ""


def _bot(path: str, values: Dict[str, float]) -> Bot:
    if path.startswith("builtin:"):
        return Bot.builtin(path[len("builtin:") :])
    return Bot.from_file(path, values=values)


@dataclass
class Engine:
    """Where the *win* and *exploit* objectives' hands run: the engine of ``hus.tournament``
    and ``hus.exploit`` (``"local"`` threads in this process, or ``"ray"`` tasks on the
    cluster at ``address``)."""

    name: str = "local"
    address: Optional[str] = None
    threads: Optional[int] = None


def _field_bots(path: str, values: Dict[str, float], field: Sequence[str]) -> List[Bot]:
    """The tuned bot first (number 0, the gauntlet's challenger), then the field."""
    return [_bot(path, values), *(_bot(o, {}) for o in field)]


def play_chunk(bots: Sequence[Bot], hands: int, seed: int, engine: Engine) -> List[Tuple[float, float]]:
    """One chunk of the *win* objective: a gauntlet of ``bots[0]`` against the rest, duplicate,
    each pairing one tournament chunk (so it equals ``hus.match`` on the pairing's seed);
    bot 0's mbb/hand against each and the half-width of its 95 % interval. The pairings'
    seeds come from ``seed`` and the bots' numbers alone: the same deals for every trial."""
    r = tournament(
        bots, hands=hands, seed=seed, duplicate=True, chunk_hands=hands, gauntlet=[0],
        engine=engine.name, address=engine.address, threads=engine.threads, progress=False,
    )
    out = []
    for j in range(1, len(bots)):
        ci = r.intervals[0][j]
        out.append((float(r.crosstable[0][j] or 0.0), 0.0 if ci is None else (ci[1] - ci[0]) / 2))
    return out


def _combine(results: Sequence[Tuple[float, float]]) -> Measure:
    """The mean over the field, its half-width from the opponents' independent halves."""
    mean = sum(m for m, _ in results) / len(results)
    half = math.sqrt(sum(h * h for _, h in results)) / len(results)
    return Measure(mean, mean - half, mean + half)


def _win(path: str, values: Dict[str, float], field: Sequence[str], hands: int, seed: int, engine: Engine) -> Measure:
    """Mean mbb/hand against every bot of the field, by the tournament engine."""
    return _combine(play_chunk(_field_bots(path, values, field), hands, seed, engine))


@dataclass
class Holdout:
    """The hold-out: tuned and default values on the same fresh deals, and the tuned-minus-
    default difference paired deal by deal."""

    best: Measure
    default: Measure
    difference: Optional[Measure]


def _holdout_win(
    path: str, best: Dict[str, float], field: Sequence[str], hands: int, seed: int, engine: Engine
) -> Holdout:
    """Both value sets against the field on the tournament's pairing seeds (the deals
    ``play_chunk`` would deal), played by ``hus.match`` keeping every hand, so that the
    difference is paired over the same duplicate deals: per deal (its two hands, seats
    swapped) tuned minus default, its mean and 95 % normal interval, averaged over the field."""
    tuned, default = _field_bots(path, best, field), _field_bots(path, {}, field)
    plan = Tournament(tuned, hands=hands, seed=seed, duplicate=True, chunk_hands=hands, gauntlet=[0])
    per_bot: Tuple[List[Tuple[float, float]], List[Tuple[float, float]]] = ([], [])
    diffs: List[Tuple[float, float]] = []
    for _, j, pair_seed in plan.pairings():
        hands_of = []
        for side, bots in enumerate((tuned, default)):
            r = play_match(bots[0], bots[j], hands=hands, seed=pair_seed, duplicate=True,
                           threads=engine.threads, keep_hands=True)
            half = 0.0 if r.ci95 is None else (r.ci95[1] - r.ci95[0]) / 2
            per_bot[side].append((r.mbb_per_hand, half))
            hands_of.append(r.hand_results or [])
        diffs.append(_paired(hands_of[0], hands_of[1]))
    return Holdout(_combine(per_bot[0]), _combine(per_bot[1]), _combine(diffs))


def _paired(a: Sequence[int], b: Sequence[int], big_blind: int = 100) -> Tuple[float, float]:
    """Mean mbb/hand of ``a`` minus ``b`` over duplicate deals (hands 2k and 2k+1) and the
    half-width of its 95 % interval (normal: a hold-out has hundreds of deals)."""
    scale = 1000 / big_blind / 2
    u = [(a[i] + a[i + 1] - b[i] - b[i + 1]) * scale for i in range(0, len(a) - 1, 2)]
    if len(u) < 2:
        return (u[0] if u else 0.0), 0.0
    mean = sum(u) / len(u)
    var = sum((x - mean) ** 2 for x in u) / (len(u) - 1)
    return mean, 1.96 * math.sqrt(var / len(u))


def _lbr(
    path: str, values: Dict[str, float], hands: int, seed: int, engine: Engine,
    lbr: Mapping[str, Any],
) -> Measure:
    """LBR's mbb/hand against the bot with ``values`` and its 95 % interval: ``hus.exploit``
    on ``hands`` duplicate hands from ``seed`` (the same deals for every trial), with the
    keywords ``lbr`` (``bet_sizes``, ``preflop``, ``chunk_hands``, ...)."""
    r = exploit(
        _bot(path, values), hands=hands, seed=seed, engine=engine.name, address=engine.address,
        threads=engine.threads, progress=False, **lbr,
    )
    return Measure(r.mbb_per_hand, r.interval[0], r.interval[1])


def split_log(log: str, out_dir: str) -> Tuple[str, str]:
    """The log's hands cut in two files: even-numbered hands (fit) and odd ones (measure)."""
    halves: Tuple[List[str], List[str]] = ([], [])
    for line in Path(log).read_text().splitlines():
        if line.startswith("STATE:"):
            halves[int(line.split(":")[1]) % 2].append(line)
    paths = []
    for name, lines in zip(("fit.log", "measure.log"), halves):
        p = os.path.join(out_dir, name)
        Path(p).write_text("\n".join(lines) + "\n")
        paths.append(p)
    return paths[0], paths[1]


def _imitate(
    path: str, values: Dict[str, float], log: str, player: str, game: Optional[str] = None
) -> Measure:
    """Agreement (in %) of the bot with the player's decisions in the log (``hus.replay`` in
    the dealer's ``game``, the standard one without), with its Wilson 95 % interval."""
    report = replay(_bot(path, values), log, player=player, game=game)
    n = int(report["decisions"])
    same = float(report["agreement"]) * n if n else 0.0
    low, high = wilson(same, n)
    return Measure(same / n * 100 if n else 0.0, low * 100, high * 100)


def wilson(successes: float, n: int, z: float = 1.96) -> Tuple[float, float]:
    """The Wilson score interval of a proportion: inside [0, 1] and not empty at 0 or 100 %
    (the normal interval is [100, 100] when every decision agrees)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(centre - half, 0.0), min(centre + half, 1.0)


def _suggest(trial: Any, params: Sequence[Mapping[str, Any]]) -> Dict[str, float]:
    """A trial's values: whole numbers for a count (``integer``, Optuna's ``suggest_int``),
    else uniform in the range, rounded to the 4 decimals the tuned script writes."""
    return {
        p["name"]: trial.suggest_int(p["name"], int(p["low"]), int(p["high"]))
        if p.get("integer")
        else round(trial.suggest_float(p["name"], p["low"], p["high"]), 4)
        for p in params
    }


def tune(
    bot: str,
    *,
    objective: str = "win",
    field: Sequence[str] = DEFAULT_FIELD,
    trials: int = 30,
    hands: int = 1000,
    chunks: int = 2,
    seed: int = 1,
    holdout_hands: Optional[int] = None,
    log: Optional[str] = None,
    player: Optional[str] = None,
    sampler_seed: int = 0,
    storage: Optional[str] = None,
    study_name: Optional[str] = None,
    prune: bool = True,
    progress: bool = False,
    out_dir: Optional[str] = None,
    engine: str = "local",
    address: Optional[str] = None,
    threads: Optional[int] = None,
    lbr: Optional[Mapping[str, Any]] = None,
    game: Optional[str] = None,
    force_resume: bool = False,
) -> TuneResult:
    """Tunes the script ``bot``'s TUNE ranges with Optuna's TPE (seeded by ``sampler_seed``).

    ``win``: each trial plays ``chunks`` chunks of ``hands`` duplicate hands against every
    bot of ``field``, the same seeds for every trial, through ``hus.tournament`` (``engine``
    ``"local"`` on ``threads`` threads or ``"ray"`` on the cluster at ``address``); a trial
    clearly worse than the others after its first chunk is pruned. ``exploit``: each chunk is
    ``hus.exploit`` on ``hands`` hands (the same seeds for every trial, the same engine, LBR's
    keywords in ``lbr``), and the study minimises LBR's mbb/hand. ``imitate``: agreement with
    ``player`` on the even hands of ``log``, measured on the odd ones. The best values and the
    defaults are then re-measured on fresh seeds (``holdout_hands`` a chunk, default
    ``hands * chunks``) or, for imitate, on the unseen half. ``out_dir`` gets the tuned
    script, the trials (CSV, JSON), an SVG of the search and a report.
    """
    import optuna  # the optional extra [tune]

    text = Path(bot).read_text()
    params = tunables(text)
    if not params:
        raise ValueError(f"{bot} has no DEFINE with a TUNE range (e.g. `DEFINE x = 2.5BB TUNE 2BB..4BB`)")
    if objective not in OBJECTIVES:
        raise ValueError(f"objective: one of {', '.join(map(repr, OBJECTIVES))}, not {objective!r}")
    if lbr is not None and objective != "exploit":
        raise ValueError("lbr: only with the exploit objective")
    lbr_keywords = dict(lbr or {})
    if objective == "imitate" and (log is None or player is None):
        raise ValueError("the imitate objective needs log= and player=")
    if game is not None and objective != "imitate":
        raise ValueError("game: only with the imitate objective (the log's game)")
    defaults = {p["name"]: int(p["default"]) if p.get("integer") else p["default"] for p in params}
    where = Engine(engine, address, threads)
    settings = study_settings(
        bot, objective=objective, field=field, hands=hands, chunks=chunks, seed=seed, log=log,
        player=player, game=game, lbr=lbr_keywords, sampler_seed=sampler_seed,
    )
    work = tempfile.mkdtemp(prefix="hus-tune-")
    fit_log, measure_log = split_log(log, work) if log else ("", "")

    if not progress:
        optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        direction=DIRECTIONS[objective],
        storage=storage,
        study_name=study_name,
        load_if_exists=storage is not None,
    )
    key = _settings_key(study, settings, force_resume)
    ours = [t for t in study.trials if t.user_attrs.get(SETTINGS_ATTR) == key]
    mixed = len(ours) < len(study.trials)

    def run(trial: Any) -> float:
        trial.set_user_attr(SETTINGS_ATTR, key)
        values = _suggest(trial, params)
        if objective == "imitate":
            return _imitate(bot, values, fit_log, player or "", game).mean
        total = 0.0
        for k in range(chunks):
            if objective == "exploit":
                total += _lbr(bot, values, hands, seed + 1000 * k, where, lbr_keywords).mean
            else:
                total += _win(bot, values, field, hands, seed + 1000 * k, where).mean
            trial.report(total / (k + 1), k)
            if prune and not mixed and k + 1 < chunks and trial.should_prune():
                raise optuna.TrialPruned()
        return total / chunks

    # Seeded by the sampler seed and the trials already in the study: a resumed study goes
    # on with new values instead of drawing its first ones again.
    study.sampler = optuna.samplers.TPESampler(seed=sampler_seed + 7919 * len(study.trials))
    study.pruner = optuna.pruners.MedianPruner(n_startup_trials=5, n_warmup_steps=0)
    if not any(t.params == defaults for t in ours):
        study.enqueue_trial(defaults, skip_if_exists=not mixed)
    done = len([t for t in ours if t.state.is_finished()])
    study.optimize(run, n_trials=max(trials - done, 0), show_progress_bar=progress)
    ours = [t for t in study.trials if t.user_attrs.get(SETTINGS_ATTR) == key]
    best_trial = _best(ours, DIRECTIONS[objective])
    best = {k: v if isinstance(v, int) else round(float(v), 4) for k, v in best_trial.params.items()}

    if objective == "imitate":
        hold = Holdout(
            _imitate(bot, best, measure_log, player or "", game),
            _imitate(bot, {}, measure_log, player or "", game),
            None,
        )
    elif objective == "exploit":
        n = holdout_hands or hands * chunks
        fresh = seed + HOLDOUT_OFFSET
        hold = Holdout(
            _lbr(bot, best, n, fresh, where, lbr_keywords),
            _lbr(bot, {}, n, fresh, where, lbr_keywords),
            None,
        )
    else:
        n = holdout_hands or hands * chunks
        hold = _holdout_win(bot, best, field, n, seed + HOLDOUT_OFFSET, where)
    rows = [
        {"number": t.number, "state": t.state.name, "value": t.value, **{k: round(v, 4) for k, v in t.params.items()}}
        for t in ours
    ]
    result = TuneResult(
        best_values=best,
        default_values=defaults,
        best_value=float(best_trial.value),
        holdout_best=hold.best,
        holdout_default=hold.default,
        holdout_difference=hold.difference,
        trials=rows,
        tuned_script=set_values(text, best),
    )
    shutil.rmtree(work, ignore_errors=True)
    if out_dir is not None:
        write_outputs(result, params, bot, out_dir, objective)
    return result


#: The study user attribute holding the settings a study's trials were measured with (JSON),
#: and the trial attribute naming the settings of each trial.
SETTINGS_ATTR = "hus_settings"


def _source_hash(bot: str) -> str:
    """SHA-256 of the script and every table and included file it reads: the bot tuned."""
    b = Bot.from_file(bot)
    h = hashlib.sha256(b.source.encode())
    for name, text in sorted(b.files.items()):
        h.update(b"\0" + name.encode() + b"\0" + text.encode())
    return h.hexdigest()


def _file_hash(path: Optional[str]) -> Optional[str]:
    return None if path is None else hashlib.sha256(Path(path).read_bytes()).hexdigest()


def study_settings(
    bot: str, *, objective: str, field: Sequence[str], hands: int, chunks: int, seed: int,
    log: Optional[str], player: Optional[str], game: Optional[str], lbr: Mapping[str, Any],
    sampler_seed: int,
) -> Dict[str, Any]:
    """What a trial's value depends on: the objective, the field, hands, chunks and seed,
    the log, player and game for *imitate*, LBR's keywords, and the bot's source hash (its
    script, tables and includes). Two trials compare only under equal settings."""
    return {
        "objective": objective,
        "field": list(field) if objective == "win" else None,
        "hands": hands if objective != "imitate" else None,
        "chunks": chunks if objective != "imitate" else None,
        "seed": seed if objective != "imitate" else None,
        "log": _file_hash(log) if objective == "imitate" else None,
        "player": player if objective == "imitate" else None,
        "game": _file_hash(game),
        "lbr": {k: list(v) if isinstance(v, (list, tuple)) else v for k, v in lbr.items()},
        "sampler_seed": sampler_seed,
        "bot_source": _source_hash(bot),
    }


def _settings_key(study: Any, settings: Dict[str, Any], force: bool) -> str:
    """The key of ``settings`` in the study (recorded there when new). Settings that differ
    from the study's first are an error naming the difference, unless ``force``."""
    key = json.dumps(settings, sort_keys=True)
    recorded: List[str] = list(study.user_attrs.get(SETTINGS_ATTR + "_all", []))
    if not recorded:
        # A study from before settings were recorded: its trials are of unknown settings.
        if study.trials and not force:
            raise ValueError(
                f"the study {study.study_name!r} holds {len(study.trials)} trials of unrecorded "
                "settings: resume it with --force-resume (force_resume=True) to keep its best "
                "apart, or give another --study-name"
            )
    elif key not in recorded and not force:
        first = json.loads(recorded[0])
        diff = [
            f"{k} {_show(first.get(k))} (now {_show(settings.get(k))})"
            for k in sorted(set(first) | set(settings))
            if first.get(k) != settings.get(k)
        ]
        raise ValueError(
            f"the study {study.study_name!r} was run with other settings: " + "; ".join(diff)
            + ". Resume it with the same settings, give another --study-name, or pass "
            "--force-resume (force_resume=True) to add trials whose best is kept apart"
        )
    if key not in recorded:
        study.set_user_attr(SETTINGS_ATTR + "_all", [*recorded, key])
        if not recorded:
            study.set_user_attr(SETTINGS_ATTR, settings)
    return key


def _show(v: Any) -> str:
    """A setting in an error message: hashes shortened to 12 digits."""
    if isinstance(v, str) and len(v) == 64:
        return f"hash {v[:12]}"
    return json.dumps(v)


def _best(trials: Sequence[Any], direction: str) -> Any:
    """The best complete trial of one settings' trials."""
    done = [t for t in trials if t.value is not None and t.state.name == "COMPLETE"]
    if not done:
        raise RuntimeError("no trial of the study completed: nothing to report")
    pick = min if direction == "minimize" else max
    return pick(done, key=lambda t: t.value)


def write_outputs(r: TuneResult, params: Sequence[Mapping[str, Any]], bot: str, out_dir: str, objective: str) -> None:
    """The tuned script with every table and included file it reads, trials.csv,
    trials.json, search.svg and report.json in ``out_dir``."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    write_script(r.tuned_script, bot, out)
    names = [p["name"] for p in params]
    with open(out / "trials.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["number", "state", "value", *names])
        w.writeheader()
        w.writerows(r.trials)
    (out / "trials.json").write_text(json.dumps(r.trials, indent=1) + "\n")
    unit = UNITS[objective]
    (out / "search.svg").write_text(
        search_svg(r.trials, names, unit, minimize=DIRECTIONS[objective] == "minimize")
    )
    report = {
        "objective": objective,
        "unit": unit,
        "direction": DIRECTIONS[objective],
        "best_values": r.best_values,
        "default_values": r.default_values,
        "best_in_search": r.best_value,
        "holdout_best": vars(r.holdout_best),
        "holdout_default": vars(r.holdout_default),
        "holdout_difference": None if r.holdout_difference is None else vars(r.holdout_difference),
    }
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")


def write_script(tuned: str, bot: str, out: Path) -> None:
    """The tuned script in ``out`` with the tables and included files it reads beside it at
    their paths from its directory, so that it loads as written; it is loaded to make sure
    (a file read from outside the script's directory cannot be copied: a ``ValueError``)."""
    out.mkdir(parents=True, exist_ok=True)
    script = out / Path(bot).name
    script.write_text(tuned)
    for name, text in Bot.from_file(bot).files.items():
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)
    try:
        Bot.from_file(script)
    except HusError as e:
        raise ValueError(
            f"the tuned script written to {script} does not load ({e}): it reads a file from "
            "outside its directory, which --out cannot copy; put its tables and includes "
            "beside the script or below it"
        ) from None


def _panel(
    points: List[Tuple[float, float]], x0: float, title: str, line: bool, minimize: bool = False
) -> List[str]:
    """One 280x200 scatter panel at x offset ``x0``: the points scaled to fit, a title, and
    with ``line`` the best so far (the lowest when ``minimize``)."""
    w, h, pad = 280.0, 200.0, 30.0
    out = [f'<rect x="{x0}" y="20" width="{w}" height="{h}" fill="none" stroke="#999"/>',
           f'<text x="{x0 + 4}" y="14" font-size="12">{title}</text>']
    if not points:
        return out
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    lx, hx = min(xs), max(xs) if max(xs) > min(xs) else min(xs) + 1
    ly, hy = min(ys), max(ys) if max(ys) > min(ys) else min(ys) + 1

    def at(x: float, y: float) -> Tuple[float, float]:
        return (x0 + pad + (x - lx) / (hx - lx) * (w - 2 * pad), 20 + h - pad - (y - ly) / (hy - ly) * (h - 2 * pad))

    for x, y in points:
        px, py = at(x, y)
        out.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3" fill="#36c"/>')
    if line:
        best, path = (math.inf if minimize else -math.inf), []
        for x, y in points:
            best = min(best, y) if minimize else max(best, y)
            px, py = at(x, best)
            path.append(f"{px:.1f},{py:.1f}")
        out.append(f'<polyline points="{" ".join(path)}" fill="none" stroke="#c33"/>')
    out.append(f'<text x="{x0 + 2}" y="{20 + h + 14}" font-size="10">{ly:.4g} .. {hy:.4g}</text>')
    return out


def search_svg(
    trials: Sequence[Dict[str, Any]], names: Sequence[str], unit: str, minimize: bool = False
) -> str:
    """The search drawn by hand: the objective by trial (the best so far in red, the lowest
    when the study ``minimize``s), then one panel per parameter (its value against the
    objective)."""
    done = [t for t in trials if t["value"] is not None]
    points = [(float(t["number"]), float(t["value"])) for t in done]
    parts = _panel(points, 10, f"{unit} by trial", True, minimize)
    for i, n in enumerate(names):
        pts = [(float(t[n]), float(t["value"])) for t in done if n in t]
        parts += _panel(pts, 10 + 300 * (i + 1), f"{unit} by {n}", False)
    width = 300 * (len(names) + 1) + 20
    body = "\n".join(parts)
    return f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="250">\n{body}\n</svg>\n'


def _fractions(text: str) -> List[float]:
    """``--bet-sizes 0.5,1``: fractions of the pot."""
    try:
        return [float(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"fractions of the pot separated by commas, not {text!r}") from None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m hus tune BOT`` / ``hus-tune BOT``."""
    a = argparse.ArgumentParser(prog="hus-tune", description="Tune a script's TUNE ranges on Optuna")
    a.add_argument("bot")
    a.add_argument("--objective", choices=list(OBJECTIVES), default="win",
                   help="win: beat the field; exploit: be hard to beat (minimise LBR's win rate);"
                   " imitate: agree with --player in --log")
    a.add_argument("--field", nargs="+", default=list(DEFAULT_FIELD))
    a.add_argument("--trials", type=int, default=30)
    a.add_argument("--hands", type=int, default=1000,
                   help="hands per opponent and chunk (exploit: LBR's hands per chunk)")
    a.add_argument("--chunks", type=int, default=2)
    a.add_argument("--seed", type=int, default=1)
    a.add_argument("--holdout-hands", type=int)
    a.add_argument("--log")
    a.add_argument("--player")
    a.add_argument("--game", help="imitate: the dealer's game definition the log was played in"
                   " (the standard 200-big-blind game by default)")
    a.add_argument("--sampler-seed", type=int, default=0)
    a.add_argument("--storage", help="e.g. sqlite:///study.db (resumable; several workers)")
    a.add_argument("--study-name")
    a.add_argument("--force-resume", action="store_true",
                   help="resume a stored study run with other settings: the new trials' best is"
                   " chosen among them alone")
    a.add_argument("--no-prune", action="store_true")
    a.add_argument("--progress", action="store_true")
    a.add_argument("--out", default="tuned",
                   help="output directory: the tuned script with its tables and includes, and the report")
    a.add_argument("--engine", choices=["local", "ray"], default="local",
                   help="where the win and exploit objectives' hands run (hus.tournament's engine)")
    a.add_argument("--address", help="the Ray cluster (with --engine ray)")
    a.add_argument("--threads", type=int, help="threads of the local engine (one per core by default)")
    a.add_argument("--bet-sizes", type=_fractions,
                   help="exploit: LBR's bet sizes, fractions of the pot (e.g. 0.5,1; all-in is always one)")
    a.add_argument("--preflop", choices=["call", "best"],
                   help="exploit: LBR checks or calls before the flop (call, the default) or best-responds")
    args = a.parse_args(argv)
    lbr = {k: v for k, v in (("bet_sizes", args.bet_sizes), ("preflop", args.preflop)) if v is not None}
    if lbr and args.objective != "exploit":
        a.error("--bet-sizes and --preflop are for --objective exploit")
    try:
        r = tune(
            args.bot, objective=args.objective, field=args.field, trials=args.trials,
            hands=args.hands, chunks=args.chunks, seed=args.seed, holdout_hands=args.holdout_hands,
            log=args.log, player=args.player, sampler_seed=args.sampler_seed,
            storage=args.storage, study_name=args.study_name, prune=not args.no_prune,
            progress=args.progress, out_dir=args.out, engine=args.engine,
            address=args.address, threads=args.threads,
            lbr=lbr if args.objective == "exploit" else None,
            game=args.game, force_resume=args.force_resume,
        )
    except (ValueError, RuntimeError, OSError, HusError) as e:
        print(f"hus-tune: {e}", file=sys.stderr)
        return 2
    print(f"best values: {r.best_values} (defaults {r.default_values})")
    unit = UNITS[args.objective]
    print(f"hold-out, tuned:   {r.holdout_best.text()} {unit}")
    print(f"hold-out, default: {r.holdout_default.text()} {unit}")
    if r.holdout_difference is not None:
        print(f"hold-out, tuned minus default (paired): {r.holdout_difference.text()}")
    print(f"written to {args.out}/")
    return 0
