#!/usr/bin/env python3
"""A 6-bot round robin in process against the sum of its pairings played by `hus match`
(the figure in docs/tournament.md and the README's speed table).

    tools/tournament-bench.py [HUS] [--hands N] [--rounds R]

Plays `hus tournament` of six bots (HANDS duplicate hands a pairing, default 1,000,000), then
each of its 15 pairings as `hus match --duplicate` with the pairing's seed, alternately, R
times (default 2), and prints the wall and CPU time of each side and their ratio. Pairings
of bots that read no statistics must give the same chips both ways (checked): the others
differ by design (a tournament's chunk starts without statistics).
"""
import json
import os
import resource
import subprocess
import sys
import time

BOTS = [
    "examples/tag.hus",
    "examples/pushfold.hus",
    "builtin:caller",
    "builtin:raiser",
    "builtin:equity",
    "builtin:bluffer",
]
# Bots whose decisions read the opponent's statistics (§12.7).
READS_STATS = {"examples/tag.hus", "examples/pushfold.hus"}


def timed(cmd):
    """Runs `cmd`; its stdout, wall seconds and CPU seconds (user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return done.stdout, wall, cpu


def tournament(hus, hands, seed):
    cmd = [hus, "tournament", *BOTS, "--hands", str(hands), "--seed", str(seed), "--json"]
    out, wall, cpu = timed(cmd)
    return json.loads(out), wall, cpu


def pairs(hus, result, hands):
    """Every pairing as `hus match`; the total wall and CPU seconds, checking the chips."""
    wall = cpu = 0.0
    for p in result["pairings"]:
        a, b = BOTS[p["a"]], BOTS[p["b"]]
        cmd = [hus, "match", a, b, "--duplicate", "--hands", str(hands)]
        cmd += ["--seed", str(p["seed"]), "--json"]
        out, w, c = timed(cmd)
        wall, cpu = wall + w, cpu + c
        net = json.loads(out)["net_chips"]
        if not {a, b} & READS_STATS and net != p["net_a"]:
            sys.exit(f"{a} against {b}: the tournament's {p['net_a']} chips, match {net}")
    return wall, cpu


def main():
    args = sys.argv[1:]
    hus = args.pop(0) if args and not args[0].startswith("--") else "target/release/hus"
    opts = dict(zip(args[::2], args[1::2]))
    hands = int(opts.get("--hands", 1_000_000))
    rounds = int(opts.get("--rounds", 2))
    print(f"{len(BOTS)} bots, {hands} hands a pairing, {os.cpu_count()} cores", flush=True)
    for r in range(rounds):
        result, t_wall, t_cpu = tournament(hus, hands, seed=r + 1)
        p_wall, p_cpu = pairs(hus, result, hands)
        total = hands * len(result["pairings"])
        print(
            f"round {r + 1}: tournament {t_wall:.1f} s wall ({total / t_wall:,.0f} hands/s),"
            f" {t_cpu:.1f} s CPU; pairs {p_wall:.1f} s wall ({total / p_wall:,.0f} hands/s),"
            f" {p_cpu:.1f} s CPU; tournament/pairs wall {t_wall / p_wall:.3f},"
            f" CPU {t_cpu / p_cpu:.3f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
