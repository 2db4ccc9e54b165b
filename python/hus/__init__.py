"""Heads Up Script (HUS) bots from Python.

Compile a bot once, then decide on game states built with keyword arguments or read from
the XML ``hus decide`` reads::

    import hus

    bot = hus.Bot.from_file("examples/tag.hus")
    state = hus.GameState(small_blind=10, big_blind=20, hero_cards="AcKd")
    decision = bot.decide(state, seed=42)
    print(decision)                 # "raise 40", as `hus decide` prints it
    print(decision.raise_to)        # 60: the total the hero's chips come to

``hus.tournament`` plays every pairing of many bots, in process or on a Ray cluster;
``hus.exploit`` measures how much Local Best Response beats a bot, on the same engines.
``hus.pokerkit`` plays a bot inside a PokerKit state, ``hus.openspiel`` in OpenSpiel's
``universal_poker`` and ``hus.rlcard`` in RLCard's ``no-limit-holdem`` (optional extras).
"""

from ._hus import (
    __version__,
    Bot,
    DecideError,
    Decision,
    Diagnostic,
    Exploit,
    ExploitError,
    ExploitResult,
    Fix,
    GameState,
    GameStateError,
    HandResult,
    HusError,
    InternalError,
    MatchError,
    MatchResult,
    RangeError,
    ReplayError,
    ScriptError,
    Table,
    Tournament,
    TournamentResult,
    check,
    equity,
    match,
    range_breakdown,
    range_through,
    replay,
    set_values,
    tunables,
    run_chunk,
)
from ._tournament import tournament
from ._exploit import exploit

from .tune import tune

#: ``hus.match``'s former name, kept for the programs that use it.
play_match = match

__all__ = [
    "__version__",
    "Bot",
    "DecideError",
    "Decision",
    "Diagnostic",
    "Exploit",
    "ExploitError",
    "ExploitResult",
    "Fix",
    "GameState",
    "GameStateError",
    "HandResult",
    "HusError",
    "InternalError",
    "MatchError",
    "MatchResult",
    "RangeError",
    "ReplayError",
    "ScriptError",
    "Table",
    "Tournament",
    "TournamentResult",
    "check",
    "equity",
    "exploit",
    "match",
    "set_values",
    "tunables",
    "tune",
    "play_match",
    "range_breakdown",
    "range_through",
    "replay",
    "run_chunk",
    "tournament",
]
