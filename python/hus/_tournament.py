"""``hus.tournament``: every chunk of a tournament's pairings played by an engine, in process
on threads (``engine="local"``) or as tasks on a Ray cluster (``engine="ray"``), then merged
by chunk number, so the result is the same whatever ran the chunks and in which order."""

from __future__ import annotations

import os
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from typing import Any, Callable, Dict, List, Optional, Sequence, Union

from . import _hus

#: A bot as ``hus.tournament`` takes it: a compiled bot, ``"builtin:NAME"`` or a script's path.
BotLike = Union[_hus.Bot, str, "os.PathLike[str]"]

ENGINES = ("local", "ray")


def tournament(
    bots: Sequence[BotLike],
    *,
    hands: int,
    seed: int,
    duplicate: bool = True,
    chunk_hands: Optional[int] = None,
    gauntlet: Optional[Sequence[int]] = None,
    small_blind: int = 50,
    big_blind: int = 100,
    stack: Optional[int] = None,
    stack_bb: Optional[int] = None,
    engine: str = "local",
    threads: Optional[int] = None,
    address: Optional[str] = None,
    max_retries: int = 3,
    progress: Union[bool, Callable[[int, int], Any], None] = None,
) -> _hus.TournamentResult:
    """Plays every pairing of ``bots`` as ``hus tournament`` does (docs/python.md)."""
    if engine not in ENGINES:
        raise ValueError(f"engine: one of {', '.join(map(repr, ENGINES))}, not {engine!r}")
    if engine == "local" and address is not None:
        raise ValueError('address: only with engine="ray"')
    if engine == "ray" and threads is not None:
        raise ValueError('threads: only with engine="local" (a Ray task uses one CPU)')
    if max_retries < 0:
        raise ValueError(f"max_retries: 0 or more, not {max_retries}")
    compiled = [_bot_of(b, i) for i, b in enumerate(bots)]
    plan = _hus.Tournament(
        compiled,
        hands=hands,
        seed=seed,
        duplicate=duplicate,
        chunk_hands=chunk_hands,
        gauntlet=None if gauntlet is None else list(gauntlet),
        small_blind=small_blind,
        big_blind=big_blind,
        stack=stack,
        stack_bb=stack_bb,
    )
    jobs = plan.jobs()
    bar = _Progress(len(jobs), progress)
    try:
        if engine == "ray":
            from . import _ray

            results = _ray.run_chunks(
                plan, jobs, address=address, max_retries=max_retries, done=bar.step
            )
        else:
            results = _run_local(plan, jobs, threads, bar.step)
    finally:
        bar.close()
    return plan.merge(results)


def _bot_of(bot: BotLike, index: int) -> _hus.Bot:
    """A compiled bot from what ``bots`` may hold."""
    if isinstance(bot, _hus.Bot):
        return bot
    if isinstance(bot, (str, os.PathLike)):
        text = os.fspath(bot)
        if text.startswith("builtin:"):
            return _hus.Bot.builtin(text[len("builtin:") :])
        return _hus.Bot.from_file(text)
    raise TypeError(
        f"bots[{index}]: a hus.Bot, 'builtin:NAME' or a script's path, not {bot!r}"
    )


def _run_local(
    plan: _hus.Tournament, jobs: List[str], threads: Optional[int], done: Callable[[], None]
) -> List[str]:
    """Every chunk on a pool of threads (``run_chunk`` releases the GIL), one per core by
    default. Two chunks per thread are handed to the pool at a time, so waiting costs the
    same however many chunks there are, and Ctrl-C has only those to drop: the ones not
    started are, the running ones end first (a chunk is short)."""
    if threads is not None and threads < 1:
        raise ValueError(f"threads: at least 1, or None for one per core, not {threads}")
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

    def __init__(self, total: int, show: Union[bool, Callable[[int, int], Any], None]):
        self.callback: Optional[Callable[[int, int], Any]] = None
        if callable(show):
            self.callback, show = show, False
        elif show is None:
            show = sys.stderr.isatty()
        elif not isinstance(show, bool):
            raise TypeError(f"progress: True, False, None or a function, not {show!r}")
        self.total = total
        self.count = 0
        self.bar: Any = None
        self.shown = bool(show)
        self.last = 0.0
        if self.shown:
            try:
                from tqdm import tqdm  # type: ignore[import-untyped, unused-ignore]

                self.bar = tqdm(total=total, unit="chunk", desc="tournament")
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
            sys.stderr.write(f"\rtournament: {self.count}/{self.total} chunks")
            sys.stderr.flush()

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()
        elif self.shown and self.count:
            sys.stderr.write("\n")
