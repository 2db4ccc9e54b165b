"""Play HUS bots in RLCard's ``no-limit-holdem`` (heads-up).

RLCard's conventions differ from the ACPC rules hus follows (docs/python.md, "RLCard"):
blinds of 1 and 2 chips and stacks of ``chips_for_each`` (100 by default, read from the
state); heads-up the
dealer posts the big blind and the small blind acts first in **every** round, where under
the usual rules it acts last after the flop; and its five actions are abstract: fold,
check or call, raise half the pot (``int(pot / 2)`` more chips), raise the pot (``pot``
more chips, the call included) and all in, sizes that may be less than a full raise.

:func:`state_of` describes the hand to hus as the usual rules would have it: before the
flop exactly; after it with the positions that give the same order of play (the player
RLCard lets act first is hus's big blind) and the preflop betting summarised as the same
chips with the same last raiser; a raise smaller than a full raise is recorded as the
smallest full raise. :func:`action_of` maps a decision to the abstract action whose chips
come nearest (``HusAgent.resized`` counts how often that changed the size).
"""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from . import _hus

try:  # RLCard is optional: only this module needs it.
    from rlcard.games.nolimitholdem.round import Action
except ImportError as e:  # pragma: no cover - exercised only without rlcard
    raise ImportError("hus.rlcard needs RLCard: pip install 'hus[rlcard]'") from e

SMALL_BLIND = 1
BIG_BLIND = 2
_WHO = ("hero", "villain")


def _card(index: str) -> str:
    """RLCard's ``SA`` (suit, rank) as ``As``."""
    return index[1] + index[0].lower()


class _Replay:
    """RLCard's betting arithmetic (rlcard.games.nolimitholdem.round), replayed from the
    action record: each round's acts as (player, chips added, round total after)."""

    def __init__(self, stack: int, first: int):
        self.stack = stack
        self.inn = [0, 0]
        self.inn[first] = SMALL_BLIND
        self.inn[1 - first] = BIG_BLIND
        self.first = first
        self.rounds: List[List[Tuple[int, str, int]]] = [[]]
        self.raised = list(self.inn)
        self.not_raise = 0
        self.out = [False, False]

    def act(self, player: int, action: Any) -> None:
        pot = sum(self.inn)
        behind = self.stack - self.inn[player]
        top = max(self.raised)
        if action == Action.FOLD:
            self.rounds[-1].append((player, "fold", self.raised[player]))
            self.out[player] = True
            return
        if action == Action.CHECK_CALL:
            add = min(top - self.raised[player], behind)
            kind = "call" if add else "check"
            self.not_raise += 1
        else:
            want = {Action.RAISE_HALF_POT: pot // 2, Action.RAISE_POT: pot}.get(action, behind)
            add = min(want, behind)
            kind = "raise"
            self.not_raise = 1
        self.raised[player] += add
        self.inn[player] += add
        self.rounds[-1].append((player, kind, self.raised[player]))
        if self.inn[player] == self.stack:
            self.out[player] = True
            self.not_raise -= 1
        if self.not_raise + sum(self.out) >= 2:
            self.rounds.append([])
            self.raised = [0, 0]
            self.not_raise = 0


def _hus_acts(
    rounds: List[Any], hero: int, sb: int, hus_button: int, stack: int
) -> List[Tuple[Any, ...]]:
    """The acts of the hand as hus reads them, with whole-raise sizes."""

    def who(p: int) -> str:
        return _WHO[p != hero]

    acts: List[Tuple[Any, ...]] = []
    preflop, *later = rounds
    if not later:  # before the flop: exactly as played
        start = [0, 0]
        start[sb], start[1 - sb] = SMALL_BLIND, BIG_BLIND
        return _round_acts(preflop, who, start, True, stack)[0]
    # After the flop: the preflop's chips, with its last raiser, in the usual order.
    total = max(t for _, _, t in preflop) if preflop else BIG_BLIND
    raisers = [p for p, kind, _ in preflop if kind == "raise"]
    other = 1 - hus_button
    if total <= BIG_BLIND:
        acts += [(who(hus_button), "call"), (who(other), "check")]
    elif raisers and raisers[-1] == other:
        acts += [(who(hus_button), "call"), (who(other), "raise", total), (who(hus_button), "call")]
    else:
        acts += [(who(hus_button), "raise", total), (who(other), "call")]
    before = max(total, BIG_BLIND)
    for r in later:
        more, top = _round_acts(r, who, [0, 0], False, stack - before)
        acts += more
        before += top
    return acts


def _round_acts(
    acts: Any, who: Any, start: List[int], preflop: bool, cap: int
) -> Tuple[List[Tuple[Any, ...]], int]:
    out: List[Tuple[Any, ...]] = []
    totals = list(start)
    step = BIG_BLIND
    for player, kind, total in acts:
        if kind != "raise":
            out.append((who(player), kind))
            totals[player] = max(totals) if kind == "call" else totals[player]
            continue
        top = max(totals)
        if min(total, cap) <= top:  # all in for no more than a call
            out.append((who(player), "call"))
            totals[player] = min(top, cap)
            continue
        # A raise smaller than a full one (and not all in) becomes the smallest full one.
        to = min(max(total, top + step), cap)
        step = max(step, to - top)
        out.append((who(player), "raise" if (preflop or top) else "bet", to))
        totals[player] = to
    return out, max(totals)


def _stack(raw: Dict[str, Any]) -> int:
    """Each player's chips at the start of the hand (``chips_for_each``): what the player
    to act has left plus what it put in."""
    hero = raw["current_player"]
    return int(raw["stakes"][hero] + raw["all_chips"][hero])


def state_of(state: Dict[str, Any]) -> _hus.GameState:
    """The :class:`hus.GameState` of the player to act, from an RLCard state (the dict its
    environment gives an agent: ``raw_obs`` and ``action_record``)."""
    raw = state["raw_obs"]
    hero = raw["current_player"]
    stack = _stack(raw)
    record = state["action_record"]
    sb = record[0][0] if record else hero
    replay = _Replay(stack, sb)
    for player, action in record:
        replay.act(player, action)
    played = {0: 1, 3: 2, 4: 3, 5: 4}[len(raw["public_cards"])]
    rounds = (replay.rounds + [[] for _ in range(4)])[:played]
    # After the flop RLCard's small blind acts first: hus's big blind does.
    hus_button = (1 - sb) if played > 1 else sb
    acts = _hus_acts(rounds, hero, sb, hus_button, stack)
    return _hus.GameState(
        small_blind=SMALL_BLIND,
        big_blind=BIG_BLIND,
        hero_cards="".join(_card(c) for c in raw["hand"]),
        hero_stack=stack,
        villain_stack=stack,
        button="hero" if hus_button == hero else "villain",
        board="".join(_card(c) for c in raw["public_cards"]),
        actions=acts,
    )


def action_of(decision: _hus.Decision, state: Dict[str, Any]) -> Tuple[Any, bool]:
    """The RLCard action nearest the decision, and whether its size differs: a fold, check
    or call as they are (a fold when RLCard offers none is a check or call); a raise becomes the legal raise (half pot, pot, all in) whose chips added come
    nearest the decision's, the smaller on a tie, or a call when none is legal."""
    raw = state["raw_obs"]
    legal = list(raw["legal_actions"])
    if decision.action == "fold":
        return (Action.FOLD if Action.FOLD in legal else Action.CHECK_CALL), False
    if decision.action in ("check", "call"):
        return Action.CHECK_CALL, False
    hero = raw["current_player"]
    stack = _stack(raw)
    pot = sum(raw["all_chips"])
    behind = stack - raw["my_chips"]
    replay = _Replay(stack, state["action_record"][0][0] if state["action_record"] else hero)
    for player, action in state["action_record"]:
        replay.act(player, action)
    assert decision.raise_to is not None  # a raise has its total
    wanted = float(decision.raise_to) - replay.raised[hero]
    sizes = {Action.RAISE_HALF_POT: pot // 2, Action.RAISE_POT: pot, Action.ALL_IN: behind}
    options = [(abs(sizes[a] - wanted), sizes[a], a) for a in sizes if a in legal]
    if not options:
        return Action.CHECK_CALL, True
    _, added, action = min(options, key=lambda o: (o[0], o[1]))
    return action, bool(abs(added - wanted) >= 0.5)


class HusAgent:
    """A HUS bot as an RLCard agent (``use_raw``: it takes and gives RLCard's raw actions).

    ``decisions`` counts its decisions and ``resized`` the raises whose size the abstract
    actions changed; a decision no rule gives is a check or call when nothing is owed and
    a fold otherwise.
    """

    use_raw = True

    def __init__(self, bot: _hus.Bot, seed: int = 0):
        self.bot = bot
        self.seed = seed
        self.decisions = 0
        self.raises = 0
        self.resized = 0

    def step(self, state: Dict[str, Any]) -> Any:
        self.decisions += 1
        gs = state_of(state)
        try:
            decision = self.bot.decide(gs, seed=self.seed)
        except _hus.DecideError as e:
            if e.kind != "no-rule-matched":
                raise
            return Action.CHECK_CALL if gs.to_call == 0 else Action.FOLD
        action, resized = action_of(decision, state)
        if decision.action == "raise":
            self.raises += 1
            self.resized += int(resized)
        return action

    def eval_step(self, state: Dict[str, Any]) -> Tuple[Any, Dict[str, Any]]:
        return self.step(state), {}
