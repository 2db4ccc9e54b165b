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
from decimal import ROUND_HALF_UP, Decimal
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import _hus

try:  # PokerKit is optional: only this module needs it.
    from pokerkit import (
        BetCollection,
        BettingStructure,
        BlindOrStraddlePosting,
        CheckingOrCalling,
        CompletionBettingOrRaisingTo,
        Deck,
        Folding,
        StandardHighHand,
    )
except ImportError as _missing:  # pragma: no cover - exercised only without pokerkit
    raise ImportError(
        "hus.pokerkit needs PokerKit: pip install 'pokerkit>=0.7,<0.8'"
    ) from _missing

#: PokerKit's operations that state_of reads, in the order hus._hus._pokerkit_state takes
#: them: postings, checks or calls, bets or raises, folds, and the end of a betting round.
_KINDS = (
    BlindOrStraddlePosting,
    CheckingOrCalling,
    CompletionBettingOrRaisingTo,
    Folding,
    BetCollection,
)


def _cards(cards: Any) -> str:
    return "".join(repr(c) for c in cards)


def _refuse(field: str, message: str) -> _hus.GameStateError:
    """A GameStateError about the PokerKit state, naming the part hus cannot play."""
    e = _hus.GameStateError(message)
    e.field = field
    e.diagnostics = []
    return e


def _check_game(pk_state: Any) -> None:
    """Refuses what hus does not play exactly: hus plays heads-up no-limit hold'em with
    two blinds, no ante, and a minimum bet of the big blind."""
    if pk_state.player_count != 2:
        raise _refuse(
            "players", f"hus plays heads-up: this state has {pk_state.player_count} players"
        )
    holdem = (
        pk_state.deck is Deck.STANDARD
        and tuple(pk_state.hand_types) == (StandardHighHand,)
        and pk_state.betting_structure == BettingStructure.NO_LIMIT
        and [len(s.hole_dealing_statuses) for s in pk_state.streets] == [2, 0, 0, 0]
        and [s.board_dealing_count for s in pk_state.streets] == [0, 3, 1, 1]
    )
    if not holdem:
        raise _refuse(
            "variant",
            "hus plays no-limit Texas hold'em (a 52-card deck, two hole cards, a flop, turn "
            "and river): this PokerKit state is another game",
        )
    if any(pk_state.antes):
        raise _refuse(
            "antes",
            f"hus's game has no antes: this state has antes {list(pk_state.antes)}",
        )
    blinds = list(pk_state.blinds_or_straddles)
    if any(blinds[2:]):
        raise _refuse("blinds", f"hus plays two blinds and no straddle: {blinds}")
    big = max(blinds[:2])
    min_bets = {s.min_completion_betting_or_raising_amount for s in pk_state.streets}
    if min_bets != {big}:
        raise _refuse(
            "min_bet",
            f"hus's smallest bet is the big blind ({big}): this state's min_bet is "
            f"{sorted(min_bets)[0]}",
        )


def _button(pk_state: Any) -> int:
    """The player who owes the small blind (PokerKit reverses the blinds heads-up; blinds
    given as (big, small) are not reversed)."""
    owed = [pk_state.get_effective_blind_or_straddle(i) for i in (0, 1)]
    return 0 if owed[0] < owed[1] else 1


def _hand(pk_state: Any) -> _hus._PokerKitHand:
    """The hand's blinds, starting stacks, button and chip, read and checked once and kept on
    the state (they do not change during a hand): most of the time a conversion took went
    here."""
    kept = pk_state.__dict__.get("_hus_hand")
    if kept is None:
        _check_game(pk_state)
        kept = _hus._PokerKitHand(pk_state, _button(pk_state))
        pk_state.__dict__["_hus_hand"] = kept
    return kept  # type: ignore[no-any-return]


def state_of(
    pk_state: Any,
    *,
    stats: Optional[Mapping[str, Any]] = None,
    defines: Optional[Sequence[Tuple[str, float]]] = None,
) -> _hus.GameState:
    """The :class:`hus.GameState` of the player to act in a heads-up no-limit hold'em state,
    with the villain's statistics ``stats`` and ``<init>`` constants ``defines`` as
    :class:`hus.GameState` takes them.

    Raises :class:`hus.GameStateError` when nobody is to act, the player's cards are not
    known, the game is not one hus plays exactly (``field``: ``players``, ``variant``,
    ``antes``, ``blinds``, ``min_bet``), a float amount is not exact on the chip unit, or
    PokerKit's own float arithmetic has an amount wrong (docs/python.md, "Floats").
    """
    hero = pk_state.actor_index
    if hero is None:
        raise _refuse("state", "no player is to act in this PokerKit state")
    hand = _hand(pk_state)
    # The operations are read in Rust: the blinds as posted, each act, and a bet after
    # another in the same round as a raise. Amounts are read exactly.
    if defines is None and stats is None:
        state = _hus._pokerkit_state(pk_state, hero, hand, _KINDS)
    else:
        given = defines is not None and any(name.lower() == "chip" for name, _ in defines)
        state = _hus._pokerkit_state(
            pk_state, hero, hand, _KINDS, stats=stats,
            defines=list(defines) if defines else None, set_chip=not given,
        )
    if hand.is_float:
        _check_float_arithmetic(pk_state, hero, state)
    return state


def _check_float_arithmetic(pk_state: Any, hero: int, state: _hus.GameState) -> None:
    """Refuses a float state whose amounts PokerKit's float arithmetic has wrong: each of
    its amounts must be the float nearest hus's exact one (0.15 + 0.3 is
    0.44999999999999996 in floats, leaving 5.55e-17 to call where nothing is owed)."""
    try:
        pairs = _float_pairs(pk_state, hero, state)
    except ValueError as e:  # PokerKit's own arithmetic failing: "-5.55e-17 is negative"
        raise _refuse(
            "total_pot_amount",
            f"total_pot_amount: PokerKit's float arithmetic fails ({e}): give the state's "
            "amounts as int or Decimal",
        ) from e
    for name, theirs, ours in pairs:
        if theirs != ours:
            exact = "none" if ours is None else Decimal(repr(ours))
            raise _refuse(
                name,
                f"{name}: PokerKit's float arithmetic gives {theirs!r} where the exact amount "
                f"is {exact}: give the state's amounts as int or Decimal",
            )


def _float_pairs(pk_state: Any, hero: int, state: _hus.GameState) -> Tuple[Tuple[str, Any, Any], ...]:
    """PokerKit's amounts beside hus's: (PokerKit's name, PokerKit's, hus's)."""
    return (
        ("stacks", pk_state.stacks[hero], state.hero_stack),
        ("stacks", pk_state.stacks[1 - hero], state.villain_stack),
        ("bets", pk_state.bets[hero], state.hero_in_round),
        ("checking_or_calling_amount", pk_state.checking_or_calling_amount, state.to_call),
        ("total_pot_amount", pk_state.total_pot_amount, state.pot),
        (
            "min_completion_betting_or_raising_to_amount",
            pk_state.min_completion_betting_or_raising_to_amount,
            state.min_raise_to,
        ),
        (
            "max_completion_betting_or_raising_to_amount",
            pk_state.max_completion_betting_or_raising_to_amount,
            state.max_raise_to,
        ),
    )


def _in_units(amount: float, like: Any, chip: Decimal) -> Any:
    """``amount`` rounded to the state's chip (half away from zero, as hus rounds its sizes)
    in the number type of the state's amounts: an int, a Decimal or a float."""
    exact_amount = amount if isinstance(amount, Decimal) else Decimal(repr(amount))
    chips = (exact_amount / chip).quantize(Decimal(1), rounding=ROUND_HALF_UP)
    exact = chips * chip
    if isinstance(like, int):
        return int(exact)
    if isinstance(like, Decimal):
        return exact
    return type(like)(exact)


def apply(decision: _hus.Decision, pk_state: Any) -> _hus.Decision:
    """Applies a decision to the state with PokerKit's methods and returns the decision as
    applied: a raise is given in the state's units (whole chips, decimals or floats),
    rounded to its chip and kept within its minimum and maximum; when that changes the
    total raised to, the decision returned says so (its ``raise_to`` and ``amount`` are
    what was applied, with an ``action-made-legal`` warning)."""
    if decision.action == "fold":
        if pk_state.can_fold():
            pk_state.fold()
        else:  # nothing owed: a fold is a check
            pk_state.check_or_call()
    elif decision.action in ("check", "call") or decision.raise_to is None:
        pk_state.check_or_call()
    else:
        top = pk_state.max_completion_betting_or_raising_to_amount
        low = pk_state.min_completion_betting_or_raising_to_amount
        if top is None or low is None:
            pk_state.check_or_call()
            return decision
        chip = _hand(pk_state).chip
        to = max(low, min(_in_units(decision.raise_to, low, chip), top))
        pk_state.complete_bet_or_raise_to(to)
        return _as_applied(decision, to, chip)
    return decision


def _as_applied(decision: _hus.Decision, to: Any, chip: Decimal) -> _hus.Decision:
    """``decision`` raising to ``to`` instead, with a warning saying so when it differs."""
    decided = Decimal(repr(decision.raise_to))
    if Decimal(to) == decided:
        return decision
    note = _hus.Diagnostic(
        "action-made-legal",
        "warning",
        f"the raise to {decided} was applied as a raise to {to}: PokerKit's state counts "
        f"chips of {chip}",
        None,
        "<pokerkit>",
        1,
        1,
        1,
        1,
    )
    assert decision.amount is not None
    return _hus.Decision(
        decision.action,
        float(Decimal(repr(decision.amount)) + Decimal(to) - decided),
        float(to),
        decision.rule,
        decision.matched,
        decision.draw,
        True,
        decision.random_tie,
        [*decision.warnings, note],
        decision.explain,
        decision.seed,
    )


def act(
    bot: _hus.Bot,
    pk_state: Any,
    seed: Optional[int] = None,
    *,
    stats: Optional[Mapping[str, Any]] = None,
    defines: Optional[Sequence[Tuple[str, float]]] = None,
) -> _hus.Decision:
    """Decides for the player to act, applies the decision to ``pk_state`` and returns it as
    applied (see :func:`apply`)."""
    decision = bot.decide(state_of(pk_state, stats=stats, defines=defines), seed=seed)
    return apply(decision, pk_state)


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
    #: Hands not replayed, with why: ``(hand, note)``, e.g. the player's cards unknown.
    skipped: List[Tuple[int, str]] = field(default_factory=list)
    #: How many hands were skipped for each reason: ``cards`` (the player's unknown),
    #: or the part of the game hus refuses (``antes``, ``blinds``, ``min_bet``, ...).
    skipped_reasons: Dict[str, int] = field(default_factory=dict)

    @property
    def agreement(self) -> float:
        """The share of decisions with the same kind of action."""
        return self.same_action / self.decisions if self.decisions else 0.0


def _kind(phh_action: str) -> Tuple[str, Optional[Decimal]]:
    """A PHH action's kind and, for a bet or raise, the amount raised to (PHH amounts may
    be fractional: ``p2 cbr 2.5``)."""
    parts = phh_action.split()
    if parts[1] == "f":
        return "f", None
    if parts[1] == "cc":
        return "cc", None
    return "cbr", Decimal(parts[2])


def _same_amount(ours: Optional[float], theirs: Optional[Decimal]) -> bool:
    """The bot's raise-to and the history's, alike to the history's precision."""
    if ours is None or theirs is None:
        return False
    exponent = theirs.as_tuple().exponent
    places = -exponent if isinstance(exponent, int) and exponent < 0 else 0
    return round(Decimal(repr(ours)), places) == theirs


def replay(
    bot: _hus.Bot, hand_histories: Any, player: int, seed: int = 0
) -> ReplayReport:
    """Runs ``bot`` at every decision of ``player`` (0 or 1, PHH's p1 or p2) in each
    ``pokerkit.HandHistory`` and compares with what the player did. A hand hus cannot play
    (the player's cards unknown, antes, a straddle, any state :func:`state_of` refuses) is
    skipped whole and noted in ``skipped`` with the reason: one such hand never loses the
    batch."""
    report = ReplayReport()
    for number, hh in enumerate(hand_histories):
        hand = ReplayReport()
        why = _replay_hand(bot, hh, player, seed, number, hand)
        if why is not None:
            reason, note = why
            report.skipped.append((number, note))
            report.skipped_reasons[reason] = report.skipped_reasons.get(reason, 0) + 1
            continue
        report.decisions += hand.decisions
        report.same_action += hand.same_action
        report.same_amount += hand.same_amount
        report.no_rule += hand.no_rule
        report.disagreements += hand.disagreements
    return report


def _replay_hand(
    bot: _hus.Bot, hh: Any, player: int, seed: int, number: int, report: ReplayReport
) -> Optional[Tuple[str, str]]:
    """One hand of :func:`replay` counted in ``report``; why hus cannot play it, if so (a
    reason and a note)."""
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
                if theirs != "cbr" or _same_amount(ours.raise_to, amount):
                    report.same_amount += 1
            else:
                report.disagreements.append(Disagreement(number, street, str(ours), action))
        if state.status and state.actor_index == player and pending is None:
            if "?" in _cards(state.hole_cards[player]):
                return "cards", "the player's hole cards are unknown"
            try:
                d = bot.decide(state_of(state), seed=seed)
            except _hus.GameStateError as e:
                return str(getattr(e, "field", None) or "state"), str(e)
            except _hus.DecideError as e:
                if e.kind != "no-rule-matched":
                    raise
                report.no_rule += 1
                continue
            pending = (d, state.street_index)
    return None
