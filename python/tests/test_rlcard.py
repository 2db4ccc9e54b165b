"""hus bots in RLCard's no-limit-holdem against its random agent: every action legal, the
chips conserved, and how often the abstract actions changed a raise's size."""

import numpy as np
import pytest

rlcard = pytest.importorskip("rlcard")

import hus
import hus.rlcard as hrl
from conftest import EXAMPLES
from rlcard.agents import RandomAgent


RAISES, RESIZED = 465, 367


def test_tag_plays_rlcards_random_agent_legally():
    env = rlcard.make("no-limit-holdem", config={"seed": 48})
    np.random.seed(48)  # RLCard's random agent draws from numpy's global generator
    agent = hrl.HusAgent(hus.Bot.from_file(EXAMPLES / "tag.hus"), seed=1)
    step = agent.step

    def checked(state):
        action = step(state)
        assert action in state["raw_legal_actions"], (state, action)
        return action

    agent.step = checked
    for hand in range(1000):
        seat = hand % 2
        agents = [None, None]
        agents[seat] = agent
        agents[1 - seat] = RandomAgent(num_actions=env.num_actions)
        env.set_agents(agents)
        # RLCard raises an exception at an illegal action.
        _, payoffs = env.run(is_training=False)
        assert payoffs[0] + payoffs[1] == 0
    assert agent.decisions > 1000
    # Most of tag.hus's raises (2.5 to 3 big blinds, two thirds of the pot) are no half
    # pot, pot or all in.
    assert (agent.raises, agent.resized) == (RAISES, RESIZED)
    print(f"decisions {agent.decisions}, raises {agent.raises}, resized {agent.resized}")


def test_the_stacks_are_read_from_the_state():
    env = rlcard.make("no-limit-holdem", config={"seed": 5, "chips_for_each": 250})
    np.random.seed(5)
    seen = []
    pots = []
    agent = hrl.HusAgent(hus.Bot.builtin("equity"))
    step = agent.step

    def recording(state):
        gs = hrl.state_of(state)
        if gs.phase == "preflop":
            # What the hero has left and has put in is what it started with.
            seen.append(gs.hero_stack + gs.hero_in_round)
            raw = state["raw_obs"]
            owed = min(max(raw["all_chips"]) - raw["my_chips"], raw["stakes"][raw["current_player"]])
            pots.append((gs.pot, gs.to_call, float(sum(raw["all_chips"])), float(owed)))
        return step(state)

    agent.step = recording
    env.set_agents([agent, RandomAgent(num_actions=env.num_actions)])
    for _ in range(200):
        _, payoffs = env.run(is_training=False)
        assert payoffs[0] + payoffs[1] == 0
    assert len(seen) > 100 and set(seen) == {250.0}
    # Before the flop hus sees RLCard's pot and call, but where a raise below a full raise
    # was made bigger: then hus's pot is the larger.
    differ = [p for p in pots if p[:2] != p[2:]]
    assert all(p[0] > p[2] for p in differ), differ
    assert (len(pots), len(differ)) == (149, 2)
