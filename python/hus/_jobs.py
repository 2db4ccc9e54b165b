"""The engines ``hus.tournament`` and ``hus.exploit`` share: a plan's chunk jobs (JSON) played
in process on threads (``engine="local"``) or as tasks on a Ray cluster (``engine="ray"``) by
``hus.run_chunk``, their results kept by chunk number, so a plan's ``merge`` gives the same
result whatever ran the chunks and in which order."""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, Callable, Dict, List, Optional, Union

from . import _hus

#: A bot as the engines' callers take it: a compiled bot, ``"builtin:NAME"`` or a script's path.
BotLike = Union[_hus.Bot, str, "os.PathLike[str]"]

#: What an engine plays: a tournament's or an exploit run's jobs.
Plan = Union[_hus.Tournament, _hus.Exploit]

#: What ``progress`` may be: shown or not, None for "on a terminal", or a function.
ProgressLike = Union[bool, Callable[[int, int], Any], None]

ENGINES = ("local", "ray")


def check_engine(
    engine: str, threads: Optional[int], address: Optional[str], max_retries: int
) -> None:
    """The engine's keywords, before any work: a ``ValueError`` naming the bad one."""
    if engine not in ENGINES:
        raise ValueError(f"engine: one of {', '.join(map(repr, ENGINES))}, not {engine!r}")
    if engine == "local" and address is not None:
        raise ValueError('address: only with engine="ray"')
    if engine == "ray" and threads is not None:
        raise ValueError('threads: only with engine="local" (a Ray task uses one CPU)')
    if threads is not None and threads < 1:
        raise ValueError(f"threads: at least 1, or None for one per core, not {threads}")
    if max_retries < 0:
        raise ValueError(f"max_retries: 0 or more, not {max_retries}")


def bot_of(bot: BotLike, where: str) -> _hus.Bot:
    """A compiled bot from what a caller may give; ``where`` names the keyword in errors."""
    if isinstance(bot, _hus.Bot):
        return bot
    if isinstance(bot, (str, os.PathLike)):
        text = os.fspath(bot)
        if text.startswith("builtin:"):
            return _hus.Bot.builtin(text[len("builtin:") :])
        return _hus.Bot.from_file(text)
    raise TypeError(f"{where}: a hus.Bot, 'builtin:NAME' or a script's path, not {bot!r}")


def run_jobs(
    plan: Plan,
    *,
    label: str,
    engine: str,
    threads: Optional[int],
    address: Optional[str],
    max_retries: int,
    progress: ProgressLike,
    connect_timeout: float = 30.0,
) -> List[str]:
    """Every job of ``plan`` played by ``engine``; the results in job order. ``label`` names
    the run on the progress line."""
    jobs = plan.jobs()
    bar = _Progress(len(jobs), progress, label)
    try:
        if engine == "ray":
            from . import _ray

            return _ray.run_chunks(
                plan, jobs, address=address, max_retries=max_retries, done=bar.step,
                connect_timeout=connect_timeout,
            )
        return _run_local(plan, jobs, threads, bar.step)
    finally:
        bar.close()


def _run_local(
    plan: Plan, jobs: List[str], threads: Optional[int], done: Callable[[], None]
) -> List[str]:
    """Every chunk on a pool of threads (``run_chunk`` releases the GIL), one per core by
    default. Two chunks per thread are handed to the pool at a time, so waiting costs the
    same however many chunks there are, and Ctrl-C has only those to drop: the ones not
    started are, the running ones end first (a chunk is short)."""
    workers = threads or os.cpu_count() or 1
    results: Dict[int, str] = {}
    queue = iter(enumerate(jobs))
    with ThreadPoolExecutor(max_workers=workers) as pool:
        pending: Dict[Future[str], int] = {}
        try:
            while True:
                for i, job in queue:
                    pending[pool.submit(_hus.run_chunk, plan, job)] = i
                    if len(pending) >= 2 * workers:
                        break
                if not pending:
                    break
                finished, _ = wait(list(pending), timeout=0.1, return_when=FIRST_COMPLETED)
                for f in finished:
                    results[pending.pop(f)] = f.result()
                    done()
        except BaseException:
            for f in pending:
                f.cancel()
            raise
    return [results[i] for i in range(len(jobs))]


class _Progress:
    """Chunks done out of all: tqdm's bar when tqdm is installed, else one stderr line
    rewritten at most every half second. Shown when asked, or by default on a terminal;
    ``show`` may also be a function, called with (chunks done, chunks in all) instead."""

    def __init__(self, total: int, show: ProgressLike, label: str):
        self.callback: Optional[Callable[[int, int], Any]] = None
        if callable(show):
            self.callback, show = show, False
        elif show is None:
            show = sys.stderr.isatty()
        elif not isinstance(show, bool):
            raise TypeError(f"progress: True, False, None or a function, not {show!r}")
        self.total = total
        self.label = label
        self.count = 0
        self.bar: Any = None
        self.shown = bool(show)
        self.last = 0.0
        if self.shown:
            try:
                from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]

                self.bar = tqdm(total=total, unit="chunk", desc=label)
            except ImportError:
                self.bar = None

    def step(self) -> None:
        self.count += 1
        if self.callback is not None:
            self.callback(self.count, self.total)
        if not self.shown:
            return
        if self.bar is not None:
            self.bar.update(1)
            return
        now = time.monotonic()
        if now - self.last >= 0.5 or self.count == self.total:
            self.last = now
            sys.stderr.write(f"\r{self.label}: {self.count}/{self.total} chunks")
            sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.shown and self.count:
            sys.stderr.write("\n")
