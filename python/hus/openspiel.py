"""Play HUS bots in OpenSpiel's ``universal_poker`` (heads-up no-limit, full game).

``universal_poker`` runs the ACPC dealer's own game logic from an ACPC game definition:
seats are numbered from 0, blinds are listed per seat (``blind = 100 50``: seat 0 posts the
big blind), and ``firstPlayer`` says who acts first in each round. Its action ids are 0 to
fold, 1 to check or call, and a raise's id is the total the player's chips in the whole
hand come to (the ACPC ``r`` convention), not the round's total that hus's
``Decision.raise_to`` gives. :func:`state_of` reads the state's ACPC string into a
:class:`hus.GameState` for the player to act; :func:`action_of` turns a decision back into an
action id; :class:`HusBot` is a ``pyspiel.Bot`` for OpenSpiel's own evaluation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

from . import _hus

try:  # OpenSpiel is optional: only this module needs it.
    import pyspiel
except ImportError as e:  # pragma: no cover - exercised only without open_spiel
    raise ImportError("hus.openspiel needs OpenSpiel: pip install 'hus[openspiel]'") from e

_WHO = ("hero", "villain")

#: The competition's heads-up no-limit game (stacks 20,000, blinds 50/100), as
#: ``universal_poker`` parameters.
HUNL_PARAMETERS: Dict[str, Any] = {
    "betting": "nolimit",
    "numPlayers": 2,
    "numRounds": 4,
    "blind": "100 50",
    "firstPlayer": "2 1 1 1",
    "numSuits": 4,
    "numRanks": 13,
    "numHoleCards": 2,
    "numBoardCards": "0 3 1 1",
    "stack": "20000 20000",
    "bettingAbstraction": "fullgame",
}


def hunl_game(
    small_blind: int = 50, big_blind: int = 100, stacks: Sequence[int] = (20000, 20000)
) -> Any:
    """A heads-up no-limit ``universal_poker`` game: seat 0 posts the big blind, seat 1 the
    small blind and acts first before the flop, as in the ACPC competition's definition."""
    params = dict(HUNL_PARAMETERS)
    params["blind"] = f"{big_blind} {small_blind}"
    params["stack"] = f"{stacks[0]} {stacks[1]}"
    return pyspiel.load_game("universal_poker", params)


def game_from_acpc(definition: str) -> Any:
    """A ``universal_poker`` game (full game, exact bet sizes) from the text of an ACPC game
    definition (``GAMEDEF ... END GAMEDEF``), which must be heads-up no-limit hold'em."""
    keys = {
        "numplayers": "numPlayers",
        "numrounds": "numRounds",
        "blind": "blind",
        "firstplayer": "firstPlayer",
        "numsuits": "numSuits",
        "numranks": "numRanks",
        "numholecards": "numHoleCards",
        "numboardcards": "numBoardCards",
        "stack": "stack",
    }
    params: Dict[str, Any] = {"bettingAbstraction": "fullgame"}
    for raw in definition.splitlines():
        line = raw.split("#", 1)[0].strip()
        low = line.lower()
        if low in ("nolimit", "limit", "pot"):
            params["betting"] = low
            continue
        if "=" not in line:
            continue
        key, value = (part.strip() for part in line.split("=", 1))
        name = keys.get(key.lower())
        if name is None:
            continue
        single = name in ("numPlayers", "numRounds", "numSuits", "numRanks", "numHoleCards")
        params[name] = int(value) if single else " ".join(value.split())
    if params.get("betting") != "nolimit" or params.get("numPlayers") != 2:
        raise _hus.GameStateError("hus plays heads-up no-limit: the definition is not that game")
    return pyspiel.load_game("universal_poker", params)


@dataclass(frozen=True)
class _Table:
    """What a game's parameters say about the seats: blinds, stacks, first to act."""

    blinds: Tuple[int, int]
    stacks: Tuple[int, int]
    #: The seat that acts first in each round.
    first: Tuple[int, ...]

    @property
    def button(self) -> int:
        """The seat posting the small blind (the button heads-up)."""
        return 0 if self.blinds[0] < self.blinds[1] else 1


def _table(game: Any) -> _Table:
    p = game.get_parameters()
    blinds = tuple(int(x) for x in str(p["blind"]).split())
    stacks = tuple(int(x) for x in str(p["stack"]).split())
    first = tuple(int(x) - 1 for x in str(p["firstPlayer"]).split())
    if int(p["numPlayers"]) != 2 or p["betting"] != "nolimit" or len(blinds) != 2:
        raise _hus.GameStateError("hus plays heads-up no-limit: this game is not that")
    table = _Table(blinds=blinds, stacks=stacks, first=first)  # type: ignore[arg-type]
    button = table.button
    if blinds[0] == blinds[1] or first[0] != button or any(f != 1 - button for f in first[1:]):
        raise _hus.GameStateError(
            "hus plays heads-up with the small blind acting first before the flop and "
            f"last after it: this game's blinds are {p['blind']}, firstPlayer {p['firstPlayer']}"
        )
    return table


def _acpc(state: Any) -> Tuple[List[str], List[str], List[str]]:
    """The betting of each round, each seat's hole cards and the board cards of each round
    from the state's ``ACPC State: STATE:hand:betting:cards`` line."""
    line = next(s for s in str(state).splitlines() if s.startswith("ACPC State: "))
    _, _, betting, cards = line[len("ACPC State: ") :].split(":", 3)
    holes, *board = cards.split("/")
    return betting.split("/"), holes.split("|"), board


def _acts(betting: str) -> List[Tuple[str, int]]:
    """``r300cc`` as [("r", 300), ("c", 0), ("c", 0)]."""
    out: List[Tuple[str, int]] = []
    i = 0
    while i < len(betting):
        kind = betting[i]
        i += 1
        j = i
        while j < len(betting) and betting[j].isdigit():
            j += 1
        out.append((kind, int(betting[i:j]) if j > i else 0))
        i = j
    return out


def state_of(state: Any, player: Optional[int] = None) -> _hus.GameState:
    """The :class:`hus.GameState` of ``player`` (by default the player to act) in a
    heads-up no-limit ``universal_poker`` state; ACPC raises to a hand total become hus's
    raises to a round total."""
    table = _table(state.get_game())
    hero = state.current_player() if player is None else player
    if hero not in (0, 1):
        raise _hus.GameStateError("no player is to act in this OpenSpiel state")
    rounds, holes, board = _acpc(state)
    def who(seat: int) -> str:
        return _WHO[seat != hero]

    spent = list(table.blinds)
    actions: List[Tuple[Any, ...]] = []
    for number, betting in enumerate(rounds):
        seat = table.first[number]
        # A round's totals count from its start; before the flop the blinds are in them.
        start = [0, 0] if number == 0 else list(spent)
        high = max(spent) if number == 0 else 0
        for kind, amount in _acts(betting):
            if kind == "f":
                actions.append((who(seat), "fold"))
            elif kind == "c":
                owed = max(spent) - spent[seat]
                actions.append((who(seat), "call" if owed else "check"))
                spent[seat] = max(spent)
            else:
                to_round = amount - start[seat]
                actions.append((who(seat), "raise" if high else "bet", to_round))
                high = to_round
                spent[seat] = amount
            seat = 1 - seat
    return _hus.GameState(
        small_blind=min(table.blinds),
        big_blind=max(table.blinds),
        hero_cards=holes[hero],
        hero_stack=table.stacks[hero],
        villain_stack=table.stacks[1 - hero],
        button="hero" if table.button == hero else "villain",
        board="".join(board),
        actions=actions,
    )


def action_of(decision: _hus.Decision, state: Any) -> int:
    """The action id of a decision in ``state``: 0 fold (1 when nothing is owed), 1 check
    or call, and for a raise the hand total it comes to (the round's ``raise_to`` plus the
    chips of earlier rounds), rounded to a whole chip and kept within the legal raises."""
    legal = state.legal_actions()
    if decision.action == "fold":
        return 0 if 0 in legal else 1
    if decision.action in ("check", "call"):
        return 1
    raises = [a for a in legal if a >= 2]
    if not raises:
        return 1
    rounds, _, _ = _acpc(state)
    table = _table(state.get_game())
    earlier = _earlier_rounds(rounds, table, state.current_player())
    assert decision.raise_to is not None  # a raise has its total
    to = int(round(earlier + float(decision.raise_to)))
    return int(max(raises[0], min(to, raises[-1])))


def _earlier_rounds(rounds: List[str], table: _Table, seat: int) -> int:
    """The chips ``seat`` put in before the current round (both are even at a round's end)."""
    if len(rounds) == 1:
        return 0
    spent = max(table.blinds)
    for betting in rounds[:-1]:
        for kind, amount in _acts(betting):
            if kind == "r":
                spent = amount
    return spent


class HusBot(pyspiel.Bot):  # type: ignore[misc]  # pyspiel has no type information
    """A HUS bot as an OpenSpiel bot for ``universal_poker`` heads-up no-limit.

    Decides each state with ``seed``: an int (the same seed each time, as ``hus decide
    --seed``) or a function of the OpenSpiel state giving the seed (to replay ``hus
    match``'s decisions, whose seeds its ``--histories`` index lists); a decision no rule gives is a check when nothing is owed and a fold otherwise, as the
    dealer does (reference §5). ``decisions`` counts the decisions made.
    """

    def __init__(self, bot: _hus.Bot, player_id: int, seed: Union[int, Callable[[Any], int]] = 0):
        pyspiel.Bot.__init__(self)
        self.bot = bot
        self.player_id = player_id
        self.seed = seed
        self.decisions = 0

    def restart_at(self, state: Any) -> None:
        pass

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        pass

    def step(self, state: Any) -> int:
        self.decisions += 1
        try:
            seed = self.seed(state) if callable(self.seed) else self.seed
            decision = self.bot.decide(state_of(state, self.player_id), seed=seed)
        except _hus.DecideError as e:
            if e.kind != "no-rule-matched":
                raise
            return 1 if 0 not in state.legal_actions() else 0
        return action_of(decision, state)
