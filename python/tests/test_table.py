"""`hus.Table`: a table stepped from Python, one act at a time, deals and settles as
`hus.match` does, hand by hand."""

import pickle

import pytest

import hus


def step(table, bots, hands):
    """A's chips hand by hand when each bot decides its turns with the match's seeds."""
    ended = []
    while len(ended) < hands:
        bot = bots[table.to_act]
        decision = bot.decide(table.state, seed=table.decision_seed)
        result = table.act(decision)
        if result is not None:
            ended.append(result)
    assert [r.hand for r in ended] == list(range(1, hands + 1))
    assert all(r.net[0] + r.net[1] == 0 for r in ended)
    assert [r.button for r in ended] == [i % 2 for i in range(hands)]
    assert table.hand_results == [r.net[0] for r in ended]
    assert (table.hands_finished, table.net_a) == (hands, sum(r.net[0] for r in ended))
    return table.hand_results


@pytest.mark.parametrize("duplicate", [False, True])
def test_a_stepped_table_equals_the_match_hand_by_hand(duplicate):
    bots = (hus.Bot.builtin("equity"), hus.Bot.builtin("random"))
    for seed in (1, 9):
        match = hus.match(*bots, hands=200, seed=seed, duplicate=duplicate, keep_hands=True)
        table = hus.Table(seed=seed, duplicate=duplicate, keep_hands=True)
        assert step(table, bots, 200) == match.hand_results


def test_statistics_reach_the_states_as_in_the_match():
    # The exploit bot reads its opponent's statistics: the match keeps them hand to hand.
    bots = (hus.Bot.builtin("exploit"), hus.Bot.builtin("raiser"))
    match = hus.match(*bots, hands=150, seed=3, keep_hands=True, small_blind=5, big_blind=10,
                      stack=1000)
    table = hus.Table(seed=3, stats=True, small_blind=5, big_blind=10, stack=1000,
                      keep_hands=True)
    assert step(table, bots, 150) == match.hand_results


def test_acts_are_made_legal_and_the_button_alternates():
    table = hus.Table(seed=3, keep_hands=True)
    assert (table.hand, table.button, table.to_act) == (1, 0, 0)
    assert table.state.to_call == 50
    # A on the button checks while owing 50: a fold, as the dealer plays it.
    result = table.act("check")
    assert result == hus.HandResult(1, 0, (-50, 50), False)
    assert (table.hand, table.button, table.to_act) == (2, 1, 1)
    # B raises to 120, below the minimum raise to 200: raised to 200.
    assert table.act(("raise", 120)) is None
    assert table.to_act == 0
    state = table.state
    assert (state.to_call, state.hero_in_round, state.min_raise_to) == (100, 100, 300)
    assert table.act("fold") == hus.HandResult(2, 1, (-100, 100), False)
    assert table.hand_results == [-50, -100]


def play_hands(table, hands):
    """Plays until `hands` more hands have finished, each bot deciding with the match's seeds;
    A's chips in them."""
    bots = (hus.Bot.builtin("equity"), hus.Bot.builtin("random"))
    nets = []
    while len(nets) < hands:
        result = table.act(bots[table.to_act].decide(table.state, seed=table.decision_seed))
        if result is not None:
            nets.append(result.net[0])
    return nets


@pytest.mark.parametrize("duplicate", [False, True])
def test_a_table_holds_the_same_whatever_the_hands_played(duplicate):
    # Counting, not timing: without keep_hands the table holds totals and the hand in play
    # only, so what it pickles as stays the same size at 1x, 4x and 16x the hands.
    table = hus.Table(seed=5, duplicate=duplicate)
    sizes, total = [], 0
    for hands in (8, 24, 96):  # 8, 32, 128 finished
        total += sum(play_hands(table, hands))
        assert table.hand_results is None
        assert (table.hands_finished, table.net_a) == (table.hand - 1, total)
        sizes.append(len(pickle.dumps(table)))
    # A few bytes for the totals' digits at most.
    assert max(sizes) - min(sizes) <= 8, sizes
    copy = pickle.loads(pickle.dumps(table))
    assert (copy.hand, copy.hands_finished, copy.net_a, copy.hand_results) == (
        table.hand, table.hands_finished, table.net_a, None)
    assert play_hands(copy, 6) == play_hands(table, 6)


def test_kept_hands_and_totals_survive_pickling_mid_hand():
    table = hus.Table(seed=4, keep_hands=True)
    nets = play_hands(table, 5)
    table.act("call")
    copy = pickle.loads(pickle.dumps(table))
    assert (copy.hand_results, copy.net_a, copy.to_act) == (nets, sum(nets), table.to_act)
    assert copy.state == table.state
    assert play_hands(copy, 3) == play_hands(table, 3)
    assert copy.hand_results == table.hand_results and len(copy.hand_results) == 8


def test_a_hand_result_pickles():
    r = hus.HandResult(7, 0, (300, -300), True)
    assert pickle.loads(pickle.dumps(r)) == r
    assert repr(r) == "<HandResult hand 7: A +300, B -300, showdown>"


def test_bad_stakes_and_actions_are_refused():
    with pytest.raises(hus.MatchError, match="small blind <= big blind"):
        hus.Table(seed=1, small_blind=100, big_blind=50)
    with pytest.raises(hus.MatchError, match="nobody ever acts"):
        hus.Table(seed=1, small_blind=10, big_blind=10, stack=10)
    with pytest.raises(ValueError, match="an opponent answers"):
        hus.Table(seed=1).act("shove")


def test_stakes_are_chips_everywhere_and_whole_where_the_dealer_needs_them():
    bots = (hus.Bot.builtin("equity"), hus.Bot.builtin("caller"))
    as_floats = hus.match(*bots, hands=50, seed=2, small_blind=5.0, big_blind=10.0, stack=1000.0)
    as_ints = hus.match(*bots, hands=50, seed=2, small_blind=5, big_blind=10, stack=1000)
    assert as_floats == as_ints
    for call in (hus.match, lambda *b, **k: hus.Table(**{x: k[x] for x in k if x != "hands"})):
        with pytest.raises(hus.MatchError, match="small_blind: 0.5 is not a whole number of chips"):
            call(*bots, hands=2, seed=1, small_blind=0.5, big_blind=1)
        with pytest.raises(hus.MatchError, match="stack: 100.25 is not a whole number"):
            call(*bots, hands=2, seed=1, stack=100.25)


def test_a_table_pickled_with_every_move_and_no_totals_still_unpickles():
    # The older form: settings and every move, results kept.
    from hus import _pickle

    table = _pickle.table(3, False, 50, 100, 10000, False, [("check", 0.0), ("fold", 0.0)])
    assert (table.hand, table.hand_results, table.net_a) == (3, [-50, 50], 0)
