#!/usr/bin/env python3
"""One pair on one thread against the same match played by a build of an older commit (the
figure in docs/performance.md and the README's speed table).

    tools/against-commit.py [COMMIT] [--hands N] [--runs R]

Builds COMMIT (default 21f2b22) in a temporary worktree with the release profile, builds this
tree, then plays `hus match examples/tag.hus builtin:caller --hands N --threads 1 --seed 7`
(N default 1,000,000) with each binary in turn, R times (default 4), and prints each build's
best and every wall time and the ratio of the bests. Both reports must show the same hands and
chips for A (checked): the deal and every decision are the same in both builds.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time


def build(tree, target):
    """Builds `hus` in `tree` into `target` and returns the binary's path."""
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    subprocess.run(["cargo", "build", "--release", "--bin", "hus"], cwd=tree, env=env, check=True)
    return os.path.join(target, "release", "hus")


def play(binary, hands):
    """Wall time of one match, and the report's line with A's total."""
    cmd = [binary, "match", "examples/tag.hus", "builtin:caller"]
    cmd += ["--hands", str(hands), "--threads", "1", "--seed", "7"]
    start = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    total = next(line for line in out.splitlines() if line.startswith("A's total"))
    return wall, total


def main():
    parser = argparse.ArgumentParser(description="one pair on one thread against an older build")
    parser.add_argument("commit", nargs="?", default="21f2b22")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=4)
    args = parser.parse_args()
    commit, hands, runs = args.commit, args.hands, args.runs
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
    ).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        old_tree = os.path.join(tmp, "old")
        subprocess.run(["git", "worktree", "add", "--detach", old_tree, commit], cwd=root, check=True)
        try:
            binaries = {
                commit: build(old_tree, os.path.join(tmp, "target-old")),
                "this tree": build(root, os.path.join(root, "target")),
            }
            times = {name: [] for name in binaries}
            totals = {}
            for _ in range(runs):
                for name, binary in binaries.items():
                    wall, totals[name] = play(binary, hands)
                    times[name].append(wall)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", old_tree], cwd=root, check=True)
    if len(set(totals.values())) != 1:
        sys.exit(f"the builds disagree: {totals}")
    for name, walls in times.items():
        runs_text = " ".join(f"{w:.2f}" for w in walls)
        print(f"{name}: best {min(walls):.2f} s ({runs_text})")
    old, new = (min(times[name]) for name in binaries)
    print(f"this tree takes {new / old:.2f}x the time of {commit}")


if __name__ == "__main__":
    main()
