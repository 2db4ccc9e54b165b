"""The Ray engine of ``hus.tournament`` and ``hus.exploit``: one Ray task per chunk on a
running cluster, the task ``hus.run_chunk`` on the plan (a tournament or an exploit run).

Ray is imported only here, and only when a plan runs on it, so ``import hus`` never imports
it. The bots travel once: the driver puts the plan (its bots pickled with their sources and
the files they read, and its options) in Ray's object store, and each worker process
unpickles it on its first chunk and keeps it for the next ones. Results are kept by chunk
number, so a task Ray ran again after losing its worker is counted once.
"""

from __future__ import annotations

import importlib
import os
import socket
import sys
from typing import Any, Callable, Dict, List, Optional

from . import _hus
from ._jobs import Plan

#: Seconds a cluster's address may take to answer before ``hus.tournament`` gives up.
CONNECT_TIMEOUT = 30.0

#: The plan a worker process has unpickled, by its id in the object store.
_KEPT: Dict[str, Plan] = {}


def _ray() -> Any:
    """The ``ray`` module (typed as Any: the engine is the same with or without its types)."""
    try:
        return importlib.import_module("ray")
    except ImportError as e:
        raise ImportError(
            "engine=\"ray\" (hus.tournament, hus.exploit) needs Ray: pip install 'hus[ray]'"
        ) from e


def _chunk_task(plan_ref: List[Any], job: str) -> str:
    """A Ray task: one chunk of the plan in the object store (its reference comes in a list
    so that Ray passes it as it is, and this worker unpickles the plan once)."""
    key = plan_ref[0].hex()
    plan = _KEPT.get(key)
    if plan is None:
        plan = _ray().get(plan_ref[0])
        _KEPT.clear()
        _KEPT[key] = plan
    return _hus.run_chunk(plan, job)


def run_chunks(
    plan: Plan,
    jobs: List[str],
    *,
    address: Optional[str],
    max_retries: int,
    done: Callable[[], None],
    connect_timeout: float = CONNECT_TIMEOUT,
) -> List[str]:
    """Every chunk as a Ray task (one CPU each) on the cluster at ``address`` (or the one
    Ray is already connected to); the results in chunk order. Ctrl-C cancels the tasks."""
    ray = _ray()
    if not ray.is_initialized():
        _answers(_address_to_join(address), connect_timeout)
        ray.init(address=address, logging_level="WARNING")
    elif address is not None:
        raise ValueError("address: Ray is already connected to a cluster; leave address out")
    # SPREAD: the chunks, all alike, dealt over every node rather than packed on the
    # driver's until it is busy; a cluster's nodes start working at once.
    task = ray.remote(_chunk_task).options(
        num_cpus=1, max_retries=max_retries, scheduling_strategy="SPREAD"
    )
    plan_ref = ray.put(plan)
    pending: Dict[Any, int] = {task.remote([plan_ref], job): i for i, job in enumerate(jobs)}
    results: Dict[int, str] = {}
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=len(pending), timeout=0.1)
            for ref in ready:
                results[pending.pop(ref)] = ray.get(ref)
                done()
    except BaseException:
        _cancel(ray, list(pending))
        raise
    return [results[i] for i in range(len(jobs))]


def _address_to_join(address: Optional[str]) -> Optional[str]:
    """The cluster ``ray.init`` would join: ``address``, else ``RAY_ADDRESS``, else the one
    whose address file the machine holds (the cluster last started on it, maybe dead); None
    when it would start its own."""
    if address is None or address == "auto":
        address = os.environ.get("RAY_ADDRESS") or None
    if address is None or address == "auto":
        if "RAY_TMPDIR" in os.environ:
            tmp = os.environ["RAY_TMPDIR"]
        elif sys.platform.startswith("linux") and "TMPDIR" in os.environ:
            tmp = os.environ["TMPDIR"]
        else:
            tmp = "/tmp"
        try:
            with open(os.path.join(tmp, "ray", "ray_current_cluster")) as f:
                address = f.read().strip() or None
        except OSError:
            return None
    return None if address == "local" else address


def _answers(address: Optional[str], timeout: float) -> None:
    """A ``ConnectionError`` naming ``address`` unless it accepts a connection within
    ``timeout`` seconds: Ray waits for a dead cluster without end."""
    if address is None:
        return
    host, _, port = address.split("://")[-1].rpartition(":")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except (OSError, ValueError) as e:
        raise ConnectionError(
            f"the Ray cluster at {address} did not answer within {timeout:g} s ({e}); "
            "start it, pass address=, or remove its address file if it is gone"
        ) from None


def _cancel(ray: Any, refs: List[Any]) -> None:
    """Cancels the tasks of `refs` (force: a running one's worker process ends, and Ray does
    not run a cancelled task again), then waits up to five seconds for Ray to report them
    ended, so that they are gone from the cluster when Ctrl-C's exception leaves."""
    for ref in refs:
        ray.cancel(ref, force=True)
    if refs:
        ray.wait(refs, num_returns=len(refs), timeout=5.0)
