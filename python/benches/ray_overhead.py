"""Ray's overhead on a tournament: the same tournament on a running Ray cluster against the
local engine on as many threads as the cluster has CPUs, chunk size by chunk size.

    ray start --head --num-cpus=1 ...; ray start --address=... --num-cpus=1   # two nodes
    RAY_ADDRESS=127.0.0.1:6390 python python/benches/ray_overhead.py [HANDS] [CHUNK...]

Four quick bots (examples/tag.hus, builtin caller, raiser and random: 6 pairings) with HANDS hands
a pairing (1,200,000 by default). For each chunk size (100,000 50,000 20,000 10,000 5,000 by
default): the local run and the Ray run, best of REPEATS (2), interleaved, in wall time and in
CPU time (this process's and every Ray process's on the machine: what Ray adds to the work
whatever else the machine runs), then Ray's overhead (ray / local - 1) in each, and its CPU
cost a chunk ((ray - local) / chunks).
The cluster is warmed first (its workers started and the package imported), as it is for
every tournament after a cluster's first. Both results are checked equal. Wall times need an
idle machine; CPU times do not. Not a test: the figures depend on the machine; docs/performance.md
quotes one run. Build the package with `maturin develop --release` first.
"""

from __future__ import annotations

import os
import pathlib
import sys
import time
from typing import Any, Callable, List

import ray

import hus

ROOT = pathlib.Path(__file__).resolve().parents[2]
REPEATS = 2


def bots() -> List[hus.Bot]:
    return [
        hus.Bot.from_file(str(ROOT / "examples" / "tag.hus")),
        hus.Bot.builtin("caller"),
        hus.Bot.builtin("raiser"),
        hus.Bot.builtin("random"),
    ]


def cluster_cpu() -> float:
    """CPU seconds used so far by this process and every Ray process of this machine (its
    raylets, GCS and worker processes: the cluster's nodes all run here)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = time.process_time()
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == os.getpid():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read()
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if any(k in cmd for k in (b"ray::", b"raylet", b"gcs_server", b"/site-packages/ray/")):
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def measure(f: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall seconds and CPU seconds (see cluster_cpu) of f(), and what it gave."""
    c, t = cluster_cpu(), time.perf_counter()
    out = f()
    return time.perf_counter() - t, cluster_cpu() - c, out


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 1_200_000
    chunks = [int(c) for c in sys.argv[2:]] or [100_000, 50_000, 20_000, 10_000, 5_000]
    ray.init(logging_level="WARNING")
    cpus = int(ray.cluster_resources().get("CPU", 1))
    nodes = sum(1 for n in ray.nodes() if n["Alive"])
    print(f"Ray {ray.__version__}: {nodes} nodes, {cpus} CPUs; local engine on {cpus} threads")
    field = bots()
    # Warm the cluster: every worker started, hus imported.
    hus.tournament(field, hands=4_000, seed=1, chunk_hands=200, engine="ray")
    print(f"{hands:,} hands a pairing, 6 pairings")
    print("chunk hands | chunks | wall local s | wall ray s | wall overhead | "
          "CPU local s | CPU ray s | CPU overhead | CPU ms a chunk")
    for size in chunks:
        settings = dict(hands=hands, seed=46, chunk_hands=size)
        local, on_ray = [], []
        for _ in range(REPEATS):
            w, c, a = measure(lambda: hus.tournament(field, threads=cpus, **settings))
            local.append((w, c))
            w, c, b = measure(lambda: hus.tournament(field, engine="ray", **settings))
            on_ray.append((w, c))
            assert a == b, "the Ray run differs from the local run"
        n = 6 * -(-hands // size)
        lw, ra_w = min(w for w, _ in local), min(w for w, _ in on_ray)
        lc, ra_c = min(c for _, c in local), min(c for _, c in on_ray)
        print(
            f"{size:>11,} | {n:>6} | {lw:12.2f} | {ra_w:10.2f} | {ra_w / lw - 1:+13.1%} | "
            f"{lc:11.2f} | {ra_c:9.2f} | {ra_c / lc - 1:+12.1%} | {(ra_c - lc) / n * 1000:14.2f}"
        )


if __name__ == "__main__":
    main()
