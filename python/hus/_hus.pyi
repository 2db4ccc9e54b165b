"""Type stubs of the compiled module hus._hus (re-exported by `hus`)."""

import os
from decimal import Decimal
from typing import Any, Callable, Dict, Iterable, List, Literal, Mapping, Optional, Sequence, Tuple, TypedDict, Union, final


_Player = Literal["hero", "villain"]
#: An amount given: read exactly (a float as its shortest decimal).
_Amount = Union[int, Decimal, str, float]
#: An amount read back: a Decimal when the state was given Decimals, else a float.
_Chips = Union[float, Decimal]
_Act = Union[
    Tuple[_Player, Literal["fold", "check", "call"]],
    Tuple[_Player, Literal["bet", "raise"], _Amount],
]
_Path = Union[str, "os.PathLike[str]"]
_Stat = Union[int, Tuple[int, int], Tuple[int, int, int], Mapping[str, int]]
_Action = Literal["fold", "check", "call", "raise"]
_Phase = Literal["preflop", "flop", "turn", "river"]

__version__: str
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
    "match",
    "range_breakdown",
    "range_through",
    "replay",
    "set_values",
    "tunables",
    "run_chunk",
]

class HusError(Exception):
    """Every error the package raises."""

class ScriptError(HusError):
    """A script with errors."""

    diagnostics: List[Diagnostic]

class GameStateError(HusError):
    """An invalid game state."""

    field: str
    diagnostics: List[Diagnostic]

class DecideError(HusError):
    """A bot could not decide."""

    kind: Literal["no-rule-matched", "missing-constant", "external", "invalid-program"]
    diagnostic: Diagnostic
    warnings: List[Diagnostic]
    explain: Optional[str]

class MatchError(HusError):
    """A match could not be played."""

    result: Optional[MatchResult]  # the hands played before a failure stopped the match

class ExploitError(HusError):
    """An exploit run (`hus.exploit`) that could not be played: `kind` is 'usage', 'external' or 'game'."""

    kind: Literal["usage", "external", "game"]

class InternalError(HusError):
    """A bug in hus (a Rust panic), raised instead of ending the interpreter."""

class RangeError(HusError):
    """A range, board, dead cards or filter that cannot be read (`hus.equity`, `hus.range_breakdown`)."""

class ReplayError(HusError):
    """A log that could not be replayed: `kind` is 'usage', 'log', 'external' or 'game'."""

    kind: Literal["usage", "log", "external", "game"]

@final
class Fix:
    """A suggested edit: replace (line, column)..(end_line, end_column) with replacement."""

    title: str
    line: int
    column: int
    end_line: int
    end_column: int
    replacement: str
    def __new__(
        cls, title: str, line: int, column: int, end_line: int, end_column: int, replacement: str
    ) -> Fix: ...
    def to_dict(self) -> Dict[str, Any]: ...

@final
class Diagnostic:
    """An error or warning, located by 1-based line and column."""

    code: str
    severity: Literal["error", "warning"]
    message: str
    help: Optional[str]
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    fixes: List[Fix]
    def __new__(
        cls,
        code: str,
        severity: str,
        message: str,
        help: Optional[str],
        file: str,
        line: int,
        column: int,
        end_line: int,
        end_column: int,
        fixes: Sequence[Fix] = ...,
    ) -> Diagnostic: ...
    def to_dict(self) -> Dict[str, Any]:
        """The fields as `hus check --format json` writes them."""

@final
class GameState:
    """A game state at the hero's turn."""

    def __new__(
        cls,
        *,
        small_blind: _Amount,
        big_blind: _Amount,
        hero_cards: str,
        hero_stack: Optional[_Amount] = None,
        villain_stack: Optional[_Amount] = None,
        button: _Player = "hero",
        board: str = "",
        actions: Optional[Iterable[_Act]] = None,
        defines: Optional[Sequence[Tuple[str, float]]] = None,
        stats: Optional[Mapping[str, _Stat]] = None,
        posts: Optional[Sequence[Tuple[_Player, Literal["SB", "BB"], _Amount]]] = None,
        chip: Optional[_Amount] = None,
    ) -> GameState:
        """Builds a state: acts are (player, act) or (player, "bet"|"raise", total raised
        to), player "hero" or "villain"; stats as <stats> gives them, e.g. {"hands": 40,
        "VPIP": (30, 38), "Aggression": (3, 10, 12)} (times, chances and, for Aggression,
        the hands it rests on); posts, as (player, "SB"|"BB", amount), replace the blinds
        the button implies (a stack below its blind posts all it has). Amounts are int,
        Decimal, str or float (a float is its shortest decimal, 0.1 is 0.1, and must be
        exact on the chip unit of the blinds, stacks and chip), counted exactly in the
        finest decimal given; chip is the size raises are rounded to (by default that
        finest decimal). Amounts read back as Decimal when any was given as one.
        Raises GameStateError naming the field."""
    @staticmethod
    def from_xml(xml: str) -> GameState:
        """Reads and validates game-state XML, as `hus decide` does."""
    def to_xml(self) -> str:
        """The XML `hus decide` reads."""
    @property
    def phase(self) -> _Phase: ...
    @property
    def pot(self) -> _Chips: ...
    @property
    def to_call(self) -> _Chips: ...
    @property
    def hero_stack(self) -> _Chips: ...
    @property
    def villain_stack(self) -> _Chips: ...
    @property
    def hero_in_round(self) -> _Chips: ...
    @property
    def min_raise_to(self) -> Optional[_Chips]: ...
    @property
    def max_raise_to(self) -> Optional[_Chips]: ...
    @property
    def chip(self) -> _Chips: ...
    @property
    def legal_actions(self) -> List[_Action]: ...
    @property
    def hero_cards(self) -> str: ...
    @property
    def board(self) -> str: ...
    @property
    def warnings(self) -> List[Diagnostic]: ...
    @property
    def small_blind(self) -> _Chips: ...
    @property
    def big_blind(self) -> _Chips: ...
    @property
    def hero_starting_stack(self) -> _Chips: ...
    @property
    def villain_starting_stack(self) -> _Chips: ...
    @property
    def button(self) -> _Player: ...
    @property
    def posts(self) -> List[Tuple[_Player, str, _Chips]]: ...
    @property
    def actions(self) -> List[_Act]: ...
    @property
    def defines(self) -> List[Tuple[str, float]]: ...
    @property
    def stats(self) -> Optional[Dict[str, _Stat]]: ...
    def _with_decimal(self, decimal: bool) -> GameState: ...
    def __hash__(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Decision:
    """What a bot does now and why."""

    action: _Action
    amount: Optional[float]  # a raise: chips above the call (`hus decide` prints it)
    raise_to: Optional[float]  # a raise: the total the hero's chips in the round come to
    rule: int
    matched: List[int]
    draw: Optional[Dict[str, Any]]
    made_legal: bool
    random_tie: bool
    warnings: List[Diagnostic]
    explain: Optional[str]
    seed: int
    def __new__(
        cls,
        action: _Action,
        amount: Optional[float],
        raise_to: Optional[float],
        rule: int,
        matched: Sequence[int],
        draw: Optional[Dict[str, Any]],
        made_legal: bool,
        random_tie: bool,
        warnings: Sequence[Diagnostic],
        explain: Optional[str],
        seed: int,
    ) -> Decision: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Bot:
    """A HUS script compiled once, ready to decide any number of times."""

    @staticmethod
    def from_file(
        path: _Path,
        *,
        table_dirs: Sequence[_Path] = ...,
        allow_external: bool = False,
        external_timeout: float = 5.0,
        defines: Sequence[str] = ...,
        values: Optional[Mapping[str, float]] = None,
    ) -> Bot: ...
    @staticmethod
    def from_source(
        source: str,
        *,
        name: str = "bot.hus",
        files: Optional[Mapping[str, str]] = None,
        table_dirs: Sequence[_Path] = ...,
        allow_external: bool = False,
        external_timeout: float = 5.0,
        defines: Sequence[str] = ...,
    ) -> Bot: ...
    @staticmethod
    def builtin(name: str) -> Bot: ...
    @property
    def name(self) -> str: ...
    @property
    def source(self) -> str: ...
    @property
    def files(self) -> Dict[str, str]: ...
    @property
    def warnings(self) -> List[Diagnostic]: ...
    def decide(
        self, state: GameState, *, seed: Optional[int] = None, explain: bool = False
    ) -> Decision: ...

@final
class MatchResult:
    """The outcome of a match, from bot A's side."""

    hands: int
    seed: int
    net_a: int
    mbb_per_hand: float
    ci95: Optional[Tuple[float, float]]
    bots: Tuple[Mapping[str, Any], ...]  # A then B, read-only
    threads: int
    hand_results: Optional[List[int]]  # A's chips per hand, with keep_hands=True
    def __new__(
        cls,
        hands: int,
        seed: int,
        net_a: int,
        mbb_per_hand: float,
        ci95: Optional[Tuple[float, float]],
        bots: Sequence[Dict[str, Any]],
        threads: int,
        hand_results: Optional[Sequence[int]] = None,
    ) -> MatchResult: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Tournament:
    """Bots and how they meet: the chunk jobs to play and how to merge what they give."""

    def __new__(
        cls,
        bots: Sequence[Bot],
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
    ) -> Tournament: ...
    @staticmethod
    def from_options_json(bots: Sequence[Bot], options: str) -> Tournament: ...
    def options_json(self) -> str: ...
    @property
    def names(self) -> List[str]: ...
    @property
    def bots(self) -> List[Bot]: ...
    def pairings(self) -> List[Tuple[int, int, int]]: ...
    def jobs(self) -> List[str]: ...
    def merge(self, results: Sequence[str]) -> TournamentResult: ...

@final
class TournamentResult:
    """A tournament played: the crosstable, the ranking, and every pairing's match."""

    @property
    def names(self) -> List[str]: ...
    @property
    def crosstable(self) -> List[List[Optional[float]]]: ...
    @property
    def intervals(self) -> List[List[Optional[Tuple[float, float]]]]: ...
    @property
    def ranking(self) -> List[Dict[str, Any]]: ...
    @property
    def pairings(self) -> List[Tuple[int, int, MatchResult]]: ...
    def text(self) -> str: ...
    def json(self) -> str: ...
    def csv(self) -> str: ...
    def svg(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Exploit:
    """A bot and how LBR plays it: the chunk jobs to play and how to merge what they give."""

    def __new__(
        cls,
        bot: Bot,
        *,
        hands: int,
        seed: int = 0,
        chunk_hands: Optional[int] = None,
        small_blind: int = 50,
        big_blind: int = 100,
        stack: Optional[int] = None,
        stack_bb: Optional[int] = None,
        bet_sizes: Optional[Sequence[float]] = None,
        preflop: Literal["call", "best"] = "call",
        defines: Optional[Sequence[Tuple[str, float]]] = None,
    ) -> Exploit: ...
    @staticmethod
    def from_options_json(bot: Bot, options: str) -> Exploit: ...
    def options_json(self) -> str: ...
    @property
    def bot(self) -> Bot: ...
    def jobs(self) -> List[str]: ...
    def merge(self, results: Sequence[str]) -> ExploitResult: ...

@final
class ExploitResult:
    """LBR's result against a bot: its win rate, a lower bound on how much the bot can be beaten."""

    bot: str  # the bot's name
    hands: int
    mbb_per_hand: float  # LBR's win rate
    interval: Tuple[float, float]  # its 95 % interval
    def __new__(
        cls, bot: str, hands: int, mbb_per_hand: float, interval: Tuple[float, float]
    ) -> ExploitResult: ...
    def __eq__(self, other: object, /) -> bool: ...

def run_chunk(plan: Union[Tournament, Exploit], job: str) -> str: ...
def check(
    source: str,
    *,
    name: str = "bot.hus",
    base_dir: Optional[_Path] = None,
    table_dirs: Sequence[_Path] = ...,
    defines: Sequence[str] = ...,
) -> List[Diagnostic]: ...
def replay(
    bot: Bot,
    log: _Path,
    *,
    player: str,
    game: Optional[_Path] = None,
    seed: int = 0,
    to_xml: Optional[_Path] = None,
) -> Dict[str, Any]: ...
def equity(
    hero: str,
    villain: str,
    *,
    board: str = "",
    dead: str = "",
    villain_with: Optional[str] = None,
) -> Dict[str, Any]: ...
def range_breakdown(
    range: str,
    *,
    board: str,
    dead: str = "",
    with_: Optional[str] = None,
) -> Dict[str, Any]: ...
def range_through(
    bot: Bot,
    spot: Union[GameState, str],
    *,
    player: Literal["hero", "villain"] = "hero",
    board: str = "",
    stack: float = 100.0,
    by_class: bool = False,
) -> Dict[str, float]: ...
_Answer = Union[
    Literal["fold", "check", "call"], Tuple[Literal["bet", "raise"], float], Decision
]
_Player_ = Union[Bot, Callable[[GameState], _Answer]]

def match(
    a: _Player_,
    b: _Player_,
    *,
    hands: int,
    seed: int,
    threads: Optional[int] = 1,
    duplicate: bool = False,
    small_blind: float = 50,
    big_blind: float = 100,
    stack: Optional[float] = None,
    stack_bb: Optional[int] = None,
    keep_hands: bool = False,
) -> MatchResult: ...

@final
class HandResult:
    """How one hand of a Table ended, for players A and B."""

    hand: int  # from 1
    button: int  # the player on the button: 0 = A (odd hands), 1 = B (even hands)
    net: Tuple[int, int]  # chips won by A and by B; they sum to 0
    showdown: bool
    def __new__(
        cls, hand: int, button: int, net: Tuple[int, int], showdown: bool
    ) -> HandResult: ...
    def __eq__(self, other: object, /) -> bool: ...

@final
class Table:
    """Heads-up hands dealt with `hus match`'s rules and seeds, stepped one act at a time
    for players A and B."""

    def __new__(
        cls,
        *,
        seed: int,
        duplicate: bool = False,
        small_blind: float = ...,
        big_blind: float = ...,
        stack: Optional[float] = None,
        stack_bb: Optional[int] = None,
        stats: bool = False,
        keep_hands: bool = False,
    ) -> Table: ...
    @property
    def hand(self) -> int: ...
    @property
    def button(self) -> int: ...
    @property
    def to_act(self) -> int: ...
    @property
    def decision_seed(self) -> int: ...
    @property
    def state(self) -> GameState: ...
    @property
    def hand_results(self) -> Optional[List[int]]:
        """A's chips in every finished hand, with `keep_hands=True`; else None."""
    @property
    def hands_finished(self) -> int: ...
    @property
    def net_a(self) -> int: ...
    def act(self, action: _Answer) -> Optional[HandResult]:
        """Plays the action of the player to act, made legal as `hus match` makes every
        move legal; the hand's result when it ended (the next hand is then dealt)."""
    def _replay(
        self,
        moves: List[Tuple[str, float]],
        first: int = 0,
        net_a: int = 0,
        results: Optional[List[int]] = None,
    ) -> None: ...
class _Tunable(TypedDict):
    name: str
    default: float
    low: float
    high: float
    unit: Optional[str]

def tunables(source: str) -> List[_Tunable]: ...
def set_values(source: str, values: Mapping[str, float]) -> str: ...
@final
class _PokerKitHand:
    def __new__(cls, pk_state: Any, button: int) -> _PokerKitHand: ...
    @property
    def button(self) -> int: ...
    @property
    def is_float(self) -> bool: ...
    @property
    def chip(self) -> Decimal: ...
    def __copy__(self) -> _PokerKitHand: ...
    def __deepcopy__(self, memo: Any) -> _PokerKitHand: ...
    def __reduce__(self) -> Tuple[type, Tuple[()]]: ...

def _pokerkit_state(
    pk_state: Any,
    hero: int,
    hand: _PokerKitHand,
    kinds: Tuple[type, ...],
    *,
    stats: Optional[Mapping[str, _Stat]] = None,
    defines: Optional[Sequence[Tuple[str, float]]] = None,
    set_chip: bool = True,
) -> GameState: ...
