"""``hus.tournament``: every chunk of a tournament's pairings played by an engine, in process
on threads (``engine="local"``) or as tasks on a Ray cluster (``engine="ray"``), then merged
by chunk number, so the result is the same whatever ran the chunks and in which order."""

from __future__ import annotations

from typing import Optional, Sequence

from . import _hus
from ._jobs import BotLike, ProgressLike, bot_of, check_engine, run_jobs


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
    progress: ProgressLike = None,
    connect_timeout: float = 30.0,
) -> _hus.TournamentResult:
    """Plays every pairing of ``bots`` as ``hus tournament`` does (docs/python.md)."""
    check_engine(engine, threads, address, max_retries)
    if not connect_timeout > 0:
        raise ValueError(f"connect_timeout: seconds above 0, not {connect_timeout}")
    compiled = [bot_of(b, f"bots[{i}]") for i, b in enumerate(bots)]
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
    results = run_jobs(
        plan, label="tournament", engine=engine, threads=threads, address=address,
        max_retries=max_retries, progress=progress, connect_timeout=connect_timeout,
    )
    return plan.merge(results)
