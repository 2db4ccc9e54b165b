"""What pickled ``hus`` objects are rebuilt with in the process that unpickles them."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from . import _hus


def bot(
    name: str,
    source: str,
    files: Dict[str, str],
    defines: List[str],
    allow_external: bool,
    external_timeout: float,
) -> _hus.Bot:
    """A bot compiled again from its script's text and the files it read: no file is read."""
    return _hus.Bot.from_source(
        source,
        name=name,
        files=files,
        defines=defines,
        allow_external=allow_external,
        external_timeout=external_timeout,
    )


def game_state(xml: str, decimal: bool = False) -> _hus.GameState:
    """A state read back from the XML it wrote, its amounts Decimals when they were."""
    state = _hus.GameState.from_xml(xml)
    return state._with_decimal(True) if decimal else state


def tournament(bots: List[_hus.Bot], options: str) -> _hus.Tournament:
    """A tournament built again from its bots and its options' JSON."""
    return _hus.Tournament.from_options_json(bots, options)


def tournament_result(plan: _hus.Tournament, results: List[str]) -> _hus.TournamentResult:
    """A tournament's result merged again from its chunks' results."""
    return plan.merge(results)


def exploit(bot: _hus.Bot, options: str) -> _hus.Exploit:
    """An exploit run built again from its bot and its options' JSON."""
    return _hus.Exploit.from_options_json(bot, options)


def table(
    seed: int, duplicate: bool, small_blind: int, big_blind: int, stack: int, stats: bool,
    moves: List[Tuple[str, float]], keep_hands: bool = True,
    totals: Tuple[int, int, Optional[List[int]]] = (0, 0, None),
) -> _hus.Table:
    """A table dealt again from its seed from hand `first + 1` (the first of `totals`, the
    hands finished before its moves) with its moves played again: the same hand, turn and
    totals as the table pickled. A pickle without `keep_hands` and `totals` held every move
    and kept every hand's result."""
    t = _hus.Table(
        seed=seed, duplicate=duplicate, small_blind=small_blind, big_blind=big_blind,
        stack=stack, stats=stats, keep_hands=keep_hands,
    )
    first, net_a, results = totals
    t._replay(moves, first, net_a, results)
    return t
