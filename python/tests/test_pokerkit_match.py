"""Two bots inside PokerKit, dealt the cards of a `hus match` of the same bots and seed
(its --histories give them), win the same chips hand by hand."""

import csv
import random
import xml.etree.ElementTree as ET

import pytest

pokerkit = pytest.importorskip("pokerkit")

import hus
import hus.pokerkit as hp
from conftest import run_hus
from pokerkit import Automation, NoLimitTexasHoldem

# PokerKit warns when a dealt card is not the top of its own deck: the match chose them.
pytestmark = pytest.mark.filterwarnings("ignore:A card being dealt")

HANDS = 10_000
SEED = 5
SUITS = {"Spades": "s", "Hearts": "h", "Diamonds": "d", "Clubs": "c"}
# Everything but the dealing, which the test does with the match's cards.
AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def cards_of(element):
    return [c.get("rank").replace("10", "T") + SUITS[c.get("color")] for c in element.iter("card")]


def read_state(path):
    root = ET.parse(path).getroot()
    hole = cards_of(root.find("init/heroCards"))
    board = []
    for tag in ("flop", "turn", "river"):
        r = root.find(tag)
        if r is not None and r.find("cards") is not None:
            board += cards_of(r.find("cards"))
    return hole, board


def test_dealt_a_matchs_cards_pokerkit_gives_the_same_net_chips_hand_by_hand(tmp_path):
    out = run_hus(
        "match", "builtin:equity", "builtin:random", "--hands", str(HANDS), "--seed",
        str(SEED), "--threads", "1", "--histories", str(tmp_path),
    )
    assert out.returncode == 0, out.stderr
    bots = {"A": hus.Bot.builtin("equity"), "B": hus.Bot.builtin("random")}
    result = hus.match(bots["A"], bots["B"], hands=HANDS, seed=SEED, keep_hands=True)
    rows = {}
    with open(tmp_path / "index.tsv", newline="") as f:
        for row in csv.DictReader(f, delimiter="\t"):
            rows.setdefault(int(row["hand"]), []).append(row)
    fill = random.Random(1)
    compared = 0
    for hand in range(1, HANDS + 1):
        decisions = rows[hand]
        first = decisions[0]
        button = first["bot"]  # the small blind acts first before the flop
        seat = {button: 1, "AB".replace(button, ""): 0}  # PokerKit: player 1 posts the SB
        hole, board = {}, []
        for row in decisions:
            cards, seen = read_state(tmp_path / row["file"])
            hole.setdefault(row["bot"], cards)
            if len(seen) > len(board):
                board = seen
        used = {c for cs in hole.values() for c in cs} | set(board)
        deck = [r + s for r in "23456789TJQKA" for s in "shdc" if r + s not in used]
        fill.shuffle(deck)
        for who in "AB":
            hole.setdefault(who, [deck.pop(), deck.pop()])
        st = NoLimitTexasHoldem.create_state(
            AUTOMATIONS, True, 0, (50, 100), 100, (10000, 10000), 2
        )
        by_seat = {s: w for w, s in seat.items()}
        dealt = {0: 0, 1: 0}
        known, k = True, 0
        while st.status:
            if st.can_deal_hole():
                who = st.hole_dealee_index
                st.deal_hole(hole[by_seat[who]][dealt[who]])
                dealt[who] += 1
            elif st.can_deal_board():
                need = 3 if not st.board_cards else 1
                have = sum(len(c) for c in st.board_cards)
                cards = board[have:have + need]
                if len(cards) < need:  # an all-in runout the histories do not show
                    known = False
                    cards = cards + [deck.pop() for _ in range(need - len(cards))]
                st.deal_board("".join(cards))
            else:
                row = decisions[k]
                k += 1
                assert seat[row["bot"]] == st.actor_index, (hand, row)
                d = hp.act(bots[row["bot"]], st, seed=int(row["seed"]))
                if row["note"] == "-":
                    assert str(d) == row["action"], (hand, row)
        assert k == len(decisions), hand
        assert sum(st.stacks) == 20000
        if known:
            assert st.stacks[seat["A"]] - 10000 == result.hand_results[hand - 1], hand
            compared += 1
    assert compared > HANDS * 0.9
