"""hus.tournament(engine="ray") on a running Ray cluster: the result equals the local run's,
also when a worker process of the second node dies midway (Ray runs its chunk again, counted
once); Ctrl-C cancels every task left and raises KeyboardInterrupt. hus.exploit's chunks run
as the same tasks: each job reaches a worker with the exploit plan and comes back in order,
and (once LBR is built) the result equals the local run's.

`.ci/run` starts a local cluster of two nodes and sets RAY_ADDRESS and HUS_RAY_REQUIRED;
elsewhere these tests are skipped, with the reason, when Ray or a cluster is missing.
"""

from __future__ import annotations

import json
import os
import pathlib
import signal
import tempfile
from typing import Any, Iterator

import pytest

import hus

from conftest import four_bots, needs_lbr, ray_cluster_address
from hus import _ray

ADDRESS = ray_cluster_address()
import ray  # noqa: E402

# Four bots, every pairing in chunks of 250 hands: 6 pairings x 4 chunks = 24 tasks.
SETTINGS: dict[str, Any] = dict(hands=1000, seed=46, chunk_hands=250)


def _dying_hook(folder: str) -> Any:
    """What each worker process runs as it starts: `run_chunk` made to end its process the
    first time it is called on the node whose id `folder`/armed holds (on any node when it
    holds nothing), once that file exists (`folder`/killed then holds the process id and the
    node's id, as the worker saw it). With a node named, the other node's workers never die,
    so the one that does is on the node chosen. While `folder`/echo exists, an exploit plan's
    job is answered with the job itself, the worker's process id and the plan's type."""

    def hook() -> None:
        import os

        import json

        import ray

        import hus
        from hus import _hus

        real = _hus.run_chunk

        def run_chunk(*args: Any) -> Any:
            if os.path.exists(os.path.join(folder, "echo")) and isinstance(args[0], hus.Exploit):
                return json.dumps({"job": args[1], "pid": os.getpid(), "plan": type(args[0]).__name__})
            try:
                with open(os.path.join(folder, "armed")) as f:
                    armed = f.read()
            except FileNotFoundError:
                return real(*args)
            node = ray.get_runtime_context().get_node_id()
            if armed and node != armed:
                return real(*args)
            try:
                fd = os.open(os.path.join(folder, "killed"), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                return real(*args)
            os.write(fd, f"{os.getpid()} {node}".encode())
            os.close(fd)
            os._exit(1)

        _hus.run_chunk = run_chunk

    return hook


def _second_node() -> str:
    """The id of the node `.ci/run` started second (the one with a `second_node` resource),
    with a worker process started there: a node whose worker must first start (and import
    `hus`) may see the head play every chunk before it is ready."""
    (node,) = [n["NodeID"] for n in ray.nodes() if n["Alive"] and "second_node" in n["Resources"]]
    ray.get(ray.remote(num_cpus=1, resources={"second_node": 1})(lambda: None).remote())
    return str(node)


@pytest.fixture(scope="module")
def markers() -> Iterator[pathlib.Path]:
    """Connects to the cluster with the dying hook in every worker; where its marker files go
    (a folder every node reaches: the cluster's nodes share this machine)."""
    with tempfile.TemporaryDirectory(prefix="hus-ray-") as folder:
        where = pathlib.Path(folder)
        ray.init(
            address=ADDRESS,
            logging_level="WARNING",
            runtime_env={"worker_process_setup_hook": _dying_hook(folder)},
        )
        try:
            yield where
        finally:
            ray.shutdown()


def test_the_cluster_has_two_nodes(markers: pathlib.Path) -> None:
    alive = [n for n in ray.nodes() if n["Alive"]]
    assert len(alive) == 2
    # The node `.ci/run` started second, with a resource of its own.
    assert sum("second_node" in n["Resources"] for n in alive) == 1


def test_ray_equals_local(markers: pathlib.Path) -> None:
    local = hus.tournament(four_bots(), **SETTINGS)
    on_ray = hus.tournament(four_bots(), engine="ray", **SETTINGS)
    assert on_ray.json() == local.json()
    assert on_ray.csv() == local.csv()
    assert str(on_ray) == str(local)


def test_a_killed_worker_on_the_second_node_is_retried_and_counted_once(
    markers: pathlib.Path,
) -> None:
    # 24 tasks of one CPU for two nodes of one CPU each: the head runs one at a time and
    # Ray hands the ones waiting to the second node, whose first chunk kills its worker.
    second = _second_node()
    (markers / "killed").unlink(missing_ok=True)
    (markers / "armed").write_text(second)
    try:
        on_ray = hus.tournament(four_bots(), engine="ray", **SETTINGS)
    finally:
        (markers / "armed").unlink()
    # A worker process of the second node died midway (the hook wrote its id and the node's)
    # and Ray ran its chunk again.
    pid, node = (markers / "killed").read_text().split()
    assert int(pid) != os.getpid()
    assert node == second
    assert node != ray.get_runtime_context().get_node_id()
    assert on_ray.json() == hus.tournament(four_bots(), **SETTINGS).json()


def test_no_retries_lets_the_lost_worker_fail_the_tournament(markers: pathlib.Path) -> None:
    # The first chunk's worker dies, on whichever node plays it.
    (markers / "killed").unlink(missing_ok=True)
    (markers / "armed").write_text("")
    try:
        with pytest.raises(ray.exceptions.WorkerCrashedError):
            hus.tournament(four_bots(), engine="ray", max_retries=0, **SETTINGS)
    finally:
        (markers / "armed").unlink()


def test_ctrl_c_cancels_every_task_left_and_raises_keyboard_interrupt(
    markers: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 60 chunks of 10,000 hands; SIGINT to this process once the first has ended: Python
    # raises KeyboardInterrupt in the engine's loop as a Ctrl-C would.
    cancelled: list[Any] = []
    real_cancel = ray.cancel

    def cancel(ref: Any, **options: Any) -> None:
        cancelled.append(ref)
        real_cancel(ref, **options)

    monkeypatch.setattr(ray, "cancel", cancel)
    heard: list[int] = []

    def interrupt(done: int, total: int) -> None:
        heard.append(done)
        if done == 1:
            os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        hus.tournament(
            four_bots(),
            engine="ray",
            hands=100_000,
            seed=46,
            chunk_hands=10_000,
            progress=interrupt,
        )
    # Every task not finished was cancelled ...
    assert len(heard) + len(cancelled) == 60
    # ... and Ray says each has ended: cancelled, or finished before the cancel reached it
    # (its result then left unread). None is still running or waiting: such a task would
    # not resolve (the minute is a guard against a hang, never reached otherwise).
    ended = (ray.exceptions.TaskCancelledError, ray.exceptions.WorkerCrashedError)
    stopped = 0
    for ref in cancelled:
        try:
            ray.get(ref, timeout=60)
        except ended:
            stopped += 1
    # Two CPUs: at most a few chunks ran to their end after the first one.
    assert stopped >= 50, stopped


def test_an_exploit_plays_its_chunks_as_the_same_tasks(markers: pathlib.Path) -> None:
    plan = hus.Exploit(hus.Bot.builtin("caller"), hands=200, seed=46, chunk_hands=50)
    jobs = plan.jobs()
    (markers / "echo").write_text("")
    try:
        answers = _ray.run_chunks(plan, jobs, address=None, max_retries=3, done=lambda: None)
    finally:
        (markers / "echo").unlink()
    echoed = [json.loads(a) for a in answers]
    assert [e["job"] for e in echoed] == jobs
    assert {e["plan"] for e in echoed} == {"Exploit"}
    assert os.getpid() not in {e["pid"] for e in echoed}


@needs_lbr
def test_an_exploit_on_ray_equals_the_local_run(markers: pathlib.Path) -> None:
    settings: dict[str, Any] = dict(hands=200, seed=46, chunk_hands=50)
    local = hus.exploit("builtin:caller", **settings)
    assert hus.exploit("builtin:caller", engine="ray", **settings) == local
    fold = hus.Bot.from_source("ALWAYS\n  RULE\n    DO FOLD\n  ENDRULE\nENDALWAYS\n")
    assert hus.exploit(fold, engine="ray", **settings).mbb_per_hand == 750.0
