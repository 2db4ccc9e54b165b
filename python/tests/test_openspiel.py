"""hus bots in OpenSpiel's `universal_poker` (the ACPC dealer's own betting rules), and
OpenSpiel as an oracle: at every decision of random hands hus's pot, amount to call,
stacks, raise limits and legal actions are OpenSpiel's."""

import csv
import random
import re

import pytest

pyspiel = pytest.importorskip("pyspiel")

import hus
import hus.openspiel as hos
from conftest import EXAMPLES, run_hus

RANKS = "23456789TJQKA"
SUITS = "cdhs"


def card_id(card):
    """OpenSpiel's id of a card: rank then suit, clubs diamonds hearts spades."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def spent(state):
    """Each seat's chips in the pot, from the state's `Spent: [P0: 100  P1: 50  ]` line."""
    line = next(s for s in str(state).splitlines() if s.startswith("Spent:"))
    return [int(x) for x in re.findall(r"P\d: (\d+)", line)]


def betting(state):
    line = next(s for s in str(state).splitlines() if s.startswith("ACPC State:"))
    return line.split(":")[3]


def acts_so_far(state):
    return sum(1 for c in betting(state) if c in "fcr")


# --- the differential --------------------------------------------------------------------

# (stacks, hands): the competition's stacks, then odd and uneven ones.
DIFFERENTIAL = [((20000, 20000), 1000), ((20000, 7531), 400), ((1234, 20000), 400), ((333, 651), 400)]


def expected(state, seat, stacks, earlier):
    """What OpenSpiel says about the decision of `seat`, in hus's terms (round totals)."""
    chips = spent(state)
    legal = state.legal_actions()
    owed = max(chips) - chips[seat]
    raises = [a for a in legal if a >= 2]
    # hus offers no fold when nothing is owed (it plays one as a check).
    acts = ["fold", "call"] if owed else ["check"]
    assert (0 in legal) == (owed > 0), str(state)
    if raises:
        acts.append("raise")
    behind = stacks[seat] - chips[seat]
    return {
        "pot": float(sum(chips)),
        # The ACPC rules let a bigger stack bet more than the other can match; a call then
        # costs what the caller has left, which is the amount to call hus gives.
        "to_call": float(min(owed, behind)),
        "hero_stack": float(behind),
        "villain_stack": float(stacks[1 - seat] - chips[1 - seat]),
        "min_raise_to": float(raises[0] - earlier) if raises else None,
        "max_raise_to": float(raises[-1] - earlier) if raises else None,
        "legal": acts,
    }


def observed(gs):
    return {
        "pot": gs.pot,
        "to_call": gs.to_call,
        "hero_stack": gs.hero_stack,
        "villain_stack": gs.villain_stack,
        "min_raise_to": gs.min_raise_to,
        "max_raise_to": gs.max_raise_to,
        "legal": gs.legal_actions,
    }


def random_action(rng, state):
    legal = state.legal_actions()
    raises = [a for a in legal if a >= 2]
    roll = rng.random()
    if roll < 0.1 and 0 in legal:
        return 0
    if roll < 0.55 or not raises:
        return 1
    pick = rng.random()
    if pick < 0.3:
        return raises[0]
    if pick < 0.45:
        return raises[-1]
    return rng.choice(raises[: max(1, len(raises) // 8)])


def test_hus_and_openspiel_agree_at_every_decision_of_random_hands():
    rng = random.Random(48)
    decisions = hands = 0
    disagreements = []
    for stacks, count in DIFFERENTIAL:
        game = hos.hunl_game(50, 100, stacks)
        for _ in range(count):
            hands += 1
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = [a for a, _ in state.chance_outcomes()]
                    state.apply_action(rng.choice(outcomes))
                    continue
                seat = state.current_player()
                rounds = betting(state).split("/")
                earlier = hos._earlier_rounds(rounds, hos._table(game), seat)
                want = expected(state, seat, stacks, earlier)
                got = observed(hos.state_of(state))
                decisions += 1
                if got != want:
                    keys = [k for k in want if want[k] != got[k]]
                    disagreements.append((keys, str(state), want, got))
                state.apply_action(random_action(rng, state))
    assert hands >= 2000
    assert decisions > 5000
    assert disagreements == [], f"{len(disagreements)} of {decisions}: {disagreements[:3]}"


# --- bots through the adapter ------------------------------------------------------------


def play(game, bots, rng):
    """One hand with chance sampled from rng; every action checked legal; the returns."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions(), (str(state), action)
        state.apply_action(action)
    return state.returns()


def test_tag_plays_openspiels_uniform_random_bot_legally_and_chips_are_conserved():
    game = hos.hunl_game()
    tag = hus.Bot.from_file(EXAMPLES / "tag.hus")
    rng = random.Random(7)
    total = [0.0, 0.0]
    for hand in range(1000):
        seat = hand % 2
        bots = [None, None]
        bots[seat] = hos.HusBot(tag, seat, seed=hand)
        bots[1 - seat] = pyspiel.make_uniform_random_bot(1 - seat, hand)
        returns = play(game, bots, rng)
        assert returns[0] + returns[1] == 0
        assert all(abs(r) <= 20000 for r in returns)
        total[0] += returns[seat]
    # A random bot over 20,000 chips shoves almost every hand: tag folds its weak hands.
    assert total[0] != 0


def test_openspiels_evaluate_bots_plays_a_hus_bot():
    game = hos.hunl_game()
    bots = [hos.HusBot(hus.Bot.builtin("equity"), 0), hos.HusBot(hus.Bot.builtin("caller"), 1)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert returns[0] + returns[1] == 0


def test_tag_against_equity_in_openspiel_is_hus_match_hand_by_hand(tmp_path):
    """Dealt the cards of `hus match`'s log and given its decisions' seeds (its
    --histories index), the two bots bet the same in OpenSpiel and win the same chips."""
    hands = 1000
    log = tmp_path / "match.log"
    histories = tmp_path / "histories"
    done = run_hus(
        "match", str(EXAMPLES / "tag.hus"), "builtin:equity", "--hands", str(hands),
        "--seed", "11", "--stack", "200", "--threads", "1",
        "--log", str(log), "--histories", str(histories),
    )
    assert done.returncode == 0, done.stderr
    seeds = {}
    with open(histories / "index.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            seeds[(int(row["hand"]), int(row["decision"]))] = int(row["seed"])
    game = hos.hunl_game()
    tag = hus.Bot.from_file(EXAMPLES / "tag.hus")
    equity = hus.Bot.builtin("equity")
    current = {"hand": 0}

    def seed(state):
        return seeds[(current["hand"], acts_so_far(state) + 1)]

    played = 0
    for line in log.read_text().splitlines():
        if not line.startswith("STATE:"):
            continue
        _, number, want_betting, cards, nets, names = line.split(":")
        current["hand"] = int(number) + 1
        holes, *board = cards.split("/")
        deck = [c for hole in holes.split("|") for c in (hole[:2], hole[2:])]
        deck += [board_cards[i : i + 2] for board_cards in board for i in range(0, len(board_cards), 2)]
        bots = [
            hos.HusBot(tag if name == "tag.hus" else equity, seat, seed=seed)
            for seat, name in enumerate(names.split("|"))
        ]
        state = game.new_initial_state()
        dealt = iter(deck)
        while not state.is_terminal():
            if state.is_chance_node():
                card = next(dealt, None)
                if card is None:  # the hand ended before these cards were shown
                    state.apply_action([a for a, _ in state.chance_outcomes()][0])
                else:
                    state.apply_action(card_id(card))
                continue
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert betting(state) == want_betting, (line, str(state))
        assert [int(r) for r in state.returns()] == [int(n) for n in nets.split("|")], line
        played += 1
    assert played == hands


GAMEDEF = """GAMEDEF
nolimit
numPlayers = 2
numRounds = 4
stack = 20000 20000
blind = 100 50
firstPlayer = 2 1 1 1
numSuits = 4
numRanks = 13
numHoleCards = 2
numBoardCards = 0 3 1 1
END GAMEDEF
"""


def test_an_acpc_game_definition_gives_the_competitions_game():
    game = hos.game_from_acpc(GAMEDEF)
    assert game.get_parameters() == hos.hunl_game().get_parameters()
    with pytest.raises(hus.GameStateError, match="heads-up no-limit"):
        hos.game_from_acpc(GAMEDEF.replace("nolimit", "limit"))
    # The big blind acting first before the flop is not a game hus can describe.
    backwards = hos.game_from_acpc(GAMEDEF.replace("firstPlayer = 2 1 1 1", "firstPlayer = 1 2 2 2"))
    state = backwards.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    with pytest.raises(hus.GameStateError, match="small blind acting first"):
        hos.state_of(state)


def test_a_raise_becomes_the_hand_total_openspiel_counts():
    game = hos.hunl_game()
    state = game.new_initial_state()
    for card in ("As", "Ad", "7c", "2h"):
        state.apply_action(card_id(card))
    state.apply_action(1)  # the button calls
    state.apply_action(300)  # the big blind raises to 300
    state.apply_action(1)  # the button calls
    for card in ("Kd", "8s", "3c"):
        state.apply_action(card_id(card))
    gs = hos.state_of(state)
    assert (gs.phase, gs.pot, gs.to_call, gs.hero_cards) == ("flop", 600.0, 0.0, "AsAd")
    decision = hus.Bot.builtin("raiser").decide(gs, seed=1)
    assert decision.action == "raise"
    # Raised to this much in the flop round: 300 more in the hand.
    assert hos.action_of(decision, state) == 300 + int(decision.raise_to)
