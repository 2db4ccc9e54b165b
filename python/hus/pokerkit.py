"""Play HUS bots inside PokerKit (heads-up no-limit hold'em).

PokerKit seats heads-up players so that player 0 posts the big blind and player 1 the
small blind (the button, first to act before the flop); bets and raises are recorded as the
total they raise to. :func:`state_of` turns the state of the player to act into a
:class:`hus.GameState`; :func:`act` decides and applies the decision with PokerKit's own
methods; :func:`replay` runs a bot through a PHH hand history and reports how often it
agrees with the player it stands in for.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, List, Optional, Tuple

from . import _hus

try:  # PokerKit is optional: only this module needs it.
    from pokerkit import (
        BlindOrStraddlePosting,
        CheckingOrCalling,
        CompletionBettingOrRaisingTo,
        Folding,
    )
except ImportError as e:  # pragma: no cover - exercised only without pokerkit
    raise ImportError(
        "hus.pokerkit needs PokerKit: pip install 'pokerkit>=0.7,<0.8'"
    ) from e

_WHO = ("hero", "villain")


def _cards(cards) -> str:
    return "".join(repr(c) for c in cards)


def state_of(pk_state: Any) -> _hus.GameState:
    """The :class:`hus.GameState` of the player to act in a heads-up no-limit state.

    Raises :class:`hus.GameStateError` when nobody is to act, the table is not heads-up, or
    the player's cards are not known.
    """
    hero = pk_state.actor_index
    if hero is None:
        raise _hus.GameStateError("no player is to act in this PokerKit state")
    if pk_state.player_count != 2:
        raise _hus.GameStateError(
            f"hus plays heads-up: this state has {pk_state.player_count} players"
        )
    actions: List[Tuple] = []
    posts: List[Tuple] = []
    high = 0
    for op in pk_state.operations:
        kind = type(op)
        if kind is BlindOrStraddlePosting:
            # As posted: a stack below its blind posts all it has.
            blind = "SB" if op.player_index == 1 else "BB"
            posts.append((_WHO[op.player_index != hero], blind, op.amount))
            high = max(high, op.amount)
            continue
        if kind is CheckingOrCalling:
            who = _WHO[op.player_index != hero]
            actions.append((who, "call" if op.amount else "check"))
        elif kind is CompletionBettingOrRaisingTo:
            who = _WHO[op.player_index != hero]
            actions.append((who, "raise" if high else "bet", op.amount))
            high = op.amount
        elif kind is Folding:
            actions.append((_WHO[op.player_index != hero], "fold"))
        elif type(op).__name__ == "BetCollection":
            high = 0
    # Player 1 posts the small blind heads-up: the button.
    button = "hero" if hero == 1 else "villain"
    blinds = pk_state.blinds_or_straddles
    stacks = pk_state.starting_stacks
    return _hus.GameState(
        small_blind=min(blinds[0], blinds[1]),
        big_blind=max(blinds[0], blinds[1]),
        hero_cards=_cards(pk_state.hole_cards[hero]),
        hero_stack=stacks[hero],
        villain_stack=stacks[1 - hero],
        button=button,
        board=_cards(c for street in pk_state.board_cards for c in street),
        actions=actions,
        posts=sorted(posts, key=lambda p: p[1] != "SB"),
    )


def apply(decision: _hus.Decision, pk_state: Any) -> None:
    """Applies a decision to the state with PokerKit's methods (raises to whole chips)."""
    if decision.action == "fold":
        if pk_state.can_fold():
            pk_state.fold()
        else:  # nothing owed: a fold is a check
            pk_state.check_or_call()
    elif decision.action in ("check", "call"):
        pk_state.check_or_call()
    else:
        to = int(round(decision.raise_to))
        top = pk_state.max_completion_betting_or_raising_to_amount
        low = pk_state.min_completion_betting_or_raising_to_amount
        if top is None:
            pk_state.check_or_call()
            return
        pk_state.complete_bet_or_raise_to(max(low, min(to, top)))


def act(bot: _hus.Bot, pk_state: Any, seed: Optional[int] = None) -> _hus.Decision:
    """Decides for the player to act and applies the decision to ``pk_state``."""
    decision = bot.decide(state_of(pk_state), seed=seed)
    apply(decision, pk_state)
    return decision


@dataclass
class Disagreement:
    """A decision where the bot would have acted differently from the player."""

    hand: int
    street: int
    bot: str
    player: str


@dataclass
class ReplayReport:
    """How often a bot agrees with one player of a hand history (``hus replay``'s report)."""

    decisions: int = 0
    #: Same kind of action (fold, check or call, bet or raise).
    same_action: int = 0
    #: Same kind of action and, for a raise, the same total raised to.
    same_amount: int = 0
    #: Decisions where the bot found no rule (counted, not compared).
    no_rule: int = 0
    disagreements: List[Disagreement] = field(default_factory=list)

    @property
    def agreement(self) -> float:
        """The share of decisions with the same kind of action."""
        return self.same_action / self.decisions if self.decisions else 0.0


def _kind(phh_action: str) -> Tuple[str, Optional[int]]:
    parts = phh_action.split()
    if parts[1] == "f":
        return "f", None
    if parts[1] == "cc":
        return "cc", None
    return "cbr", int(parts[2])


def replay(bot: _hus.Bot, hand_histories, player: int, seed: int = 0) -> ReplayReport:
    """Runs ``bot`` at every decision of ``player`` (0 or 1, PHH's p1 or p2) in each
    ``pokerkit.HandHistory`` and compares with what the player did."""
    report = ReplayReport()
    for number, hh in enumerate(hand_histories):
        pending = None
        for state, action in hh.state_actions:
            if pending is not None and action is not None:
                ours, street = pending
                pending = None
                theirs, amount = _kind(action)
                mine = {"fold": "f", "check": "cc", "call": "cc", "raise": "cbr"}[ours.action]
                report.decisions += 1
                if mine == theirs:
                    report.same_action += 1
                    if theirs != "cbr" or int(round(ours.raise_to)) == amount:
                        report.same_amount += 1
                else:
                    report.disagreements.append(
                        Disagreement(number, street, str(ours), action)
                    )
            if state.status and state.actor_index == player and pending is None:
                try:
                    d = bot.decide(state_of(state), seed=seed)
                except _hus.DecideError as e:
                    if e.kind != "no-rule-matched":
                        raise
                    report.no_rule += 1
                    continue
                pending = (d, state.street_index)
    return report
