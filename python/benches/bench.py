"""Speed of the Python package, as ratios to what it is compared with in the same run.

    python python/benches/bench.py [HUS_BIN]

1. `bot.decide` on a prepared state: calls per second (one core).
2. A PokerKit state turned into a hus state and decided: microseconds per decision.
3. The same for examples/tag.hus (the goal: 8 µs or less, under a rule written in Python).
4. Two threads deciding turn states (each computing its equity) against one thread: the
   speed-up in wall time, best of three (decide releases the GIL; the goal is 1.7 or more on
   two idle cores), beside the same ratio for C code that holds no GIL, which tells what the
   machine allows in that run.
5. `hus.match` against the `hus match` command on the same bots, seed and hands: hands per
   second, and the ratio. Build both the same way (`maturin develop --release` beside
   `cargo build --release`) for a fair ratio.
Every figure but the threads' is CPU time (this process's, or the `hus match` child's), not wall time, so a
machine busy with other work slows neither side: the rates are per core.
Not a test: figures depend on the machine; the README quotes one run.
"""

import pathlib
import resource
import subprocess
import sys
import time

import hus
import hus.pokerkit as hp
from pokerkit import Automation, NoLimitTexasHoldem

ROOT = pathlib.Path(__file__).resolve().parents[2]


def best_of(runs, f):
    """The least CPU time of `runs` calls of f(), in seconds: this process's threads, and its
    children's (a command run by f) when it has any."""
    best = float("inf")
    for _ in range(runs):
        t = time.process_time()
        c = resource.getrusage(resource.RUSAGE_CHILDREN)
        f()
        d = resource.getrusage(resource.RUSAGE_CHILDREN)
        children = (d.ru_utime - c.ru_utime) + (d.ru_stime - c.ru_stime)
        best = min(best, time.process_time() - t + children)
    return best


def decide_rate():
    bot = hus.Bot.from_file(str(ROOT / "examples" / "tag.hus"))
    state = hus.GameState.from_xml((ROOT / "examples" / "games" / "flop-cbet.xml").read_text())
    n = 100_000

    def run():
        decide = bot.decide
        for k in range(n):
            decide(state, seed=k)

    return n / best_of(3, run)


def pokerkit_decision_us():
    automations = tuple(Automation)
    automations = tuple(a for a in automations if a.name not in ("RUNOUT_COUNT_SELECTION",))
    st = NoLimitTexasHoldem.create_state(
        automations, True, 0, (50, 100), 100, (10000, 10000), 2
    )
    st.complete_bet_or_raise_to(300)
    st.check_or_call()
    st.check_or_call()  # the big blind checks the flop: the button is to act
    return decision_us(st, hus.Bot.builtin("equity"))


def tag_decision_us():
    """examples/tag.hus from the state above (the flop, the button to act)."""
    automations = tuple(a for a in Automation if a.name != "RUNOUT_COUNT_SELECTION")
    st = NoLimitTexasHoldem.create_state(
        automations, True, 0, (50, 100), 100, (10000, 10000), 2
    )
    st.complete_bet_or_raise_to(300)
    st.check_or_call()
    st.check_or_call()
    return decision_us(st, hus.Bot.from_file(str(ROOT / "examples" / "tag.hus")))


def decision_us(st, bot, n=5_000):
    """Microseconds per PokerKit state turned into a hus state and decided, and per
    conversion alone."""

    def run():
        for k in range(n):
            bot.decide(hp.state_of(st), seed=k)

    def convert():
        for _ in range(n):
            hp.state_of(st)

    return best_of(3, run) / n * 1e6, best_of(3, convert) / n * 1e6


def turn_states():
    """Forty turn states that differ in the hero's cards, so that each decision computes its
    equity (a thread deciding one state over and over reads it from a per-thread cache)."""
    ranks = "AKQJT8764"
    cards = [f"{a}h{b}d" for a in ranks for b in ranks if a != b][:40]
    return [
        hus.GameState(
            small_blind=50, big_blind=100, hero_cards=c, board="9h5s2dKc",
            button="villain", actions=[("villain", "call"), ("hero", "check"),
                                       ("hero", "check"), ("villain", "check"),
                                       ("hero", "check"), ("villain", "bet", 200)],
        )
        for c in cards
    ]


def two_thread_ratio(work, n):
    """The best of three: wall time of work(2n) on one thread over that of work(n) on each
    of two threads at once."""
    import threading

    best = 0.0
    for _ in range(3):
        t = time.perf_counter()
        work(2 * n)
        one = time.perf_counter() - t
        threads = [threading.Thread(target=work, args=(n,)) for _ in range(2)]
        t = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        best = max(best, one / (time.perf_counter() - t))
    return best


def threads_speedup(condition, n=2_000):
    """Wall time of 2n turn decisions on one thread over that of n on each of two, for a
    bot reading `condition` on the turn; each run lasts far longer than the interpreter's
    5 ms switch interval."""
    bot = hus.Bot.from_source(
        f"TURN\nRULE\n  {condition}\n  THEN RAISE pot\nENDRULE\nRULE PRIORITY -1\n"
        "  THEN CALL\n  VILLAIN\n    THEN CALL\n  ENDVILLAIN\nENDRULE\nENDTURN\n"
    )
    states = turn_states()

    def work(count):
        for k in range(count):
            bot.decide(states[k % len(states)], seed=k)

    work(50)  # the moving average of its decisions' time settles
    return two_thread_ratio(work, n)


def threads_control(n=4_000):
    """The same ratio for code that holds no GIL (sha256 of 20 kB, in C): what two threads
    can reach on this machine now, since other work on it takes cores away from either."""
    import hashlib

    data = b"x" * 20_000

    def work(count):
        for _ in range(count):
            hashlib.sha256(data).digest()

    work(100)
    return two_thread_ratio(work, n)


def match_rates(hus_bin, hands=5_000):
    a, b = hus.Bot.builtin("equity"), hus.Bot.builtin("random")
    py = best_of(5, lambda: hus.match(a, b, hands=hands, seed=1, threads=1))
    cli = best_of(
        5,
        lambda: subprocess.run(
            [hus_bin, "match", "builtin:equity", "builtin:random", "--hands", str(hands),
             "--seed", "1", "--threads", "1"],
            check=True,
            capture_output=True,
        ),
    )
    return hands / py, hands / cli


def main():
    hus_bin = sys.argv[1] if len(sys.argv) > 1 else str(ROOT / "target" / "release" / "hus")
    print(f"bot.decide on a prepared state: {decide_rate():,.0f} calls/s")
    both, convert = pokerkit_decision_us()
    print(f"PokerKit state -> hus state -> decision: {both:.1f} µs ({convert:.1f} µs converting)")
    both, convert = tag_decision_us()
    print(f"  the same for tag.hus: {both:.1f} µs ({convert:.1f} µs converting)")
    for condition in ("equity > 0.6", "equityVs(22+ | A2+ | K9+) > 0.6"):
        speedup = threads_speedup(condition)
        print(f"two threads deciding on the turn with {condition}: {speedup:.2f}x one thread")
    print(f"  two threads of code without the GIL (sha256): {threads_control():.2f}x one thread")
    py, cli = match_rates(hus_bin)
    print(f"hus.match {py:,.0f} hands/s, hus match {cli:,.0f} hands/s: ratio {py / cli:.3f}")


if __name__ == "__main__":
    main()
