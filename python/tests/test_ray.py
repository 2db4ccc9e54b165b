"""hus.tournament(engine="ray") on a running Ray cluster: the result equals the local run's,
also when a worker process dies midway (Ray runs its chunk again, counted once).

`.ci/run` starts a local cluster of two nodes and sets RAY_ADDRESS and HUS_RAY_REQUIRED;
elsewhere these tests are skipped, with the reason, when Ray or a cluster is missing.
"""

from __future__ import annotations

import os
import pathlib
import tempfile
from typing import Any, Iterator

import pytest

import hus

from conftest import four_bots

REQUIRED = os.environ.get("HUS_RAY_REQUIRED") == "1"
ADDRESS = os.environ.get("RAY_ADDRESS")


def _missing(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"HUS_RAY_REQUIRED is set but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


try:
    import ray
except ImportError:
    _missing("Ray is not installed (pip install 'hus[ray]')")
if not ADDRESS:
    _missing("no Ray cluster: set RAY_ADDRESS to one (`ray start --head`, docs/tournament.md)")

# Four bots, every pairing in chunks of 250 hands: 6 pairings x 4 chunks = 24 tasks.
SETTINGS: dict[str, Any] = dict(hands=1000, seed=46, chunk_hands=250)


def _dying_hook(folder: str) -> Any:
    """What each worker process runs as it starts: `run_chunk` made to end its process the
    first time it is called, on whichever node, once `folder`/armed exists (`folder`/killed
    then holds the process id). Any node: which node gets which chunk is Ray's choice."""

    def hook() -> None:
        import os

        from hus import _hus

        real = _hus.run_chunk

        def run_chunk(*args: Any) -> Any:
            if os.path.exists(os.path.join(folder, "armed")):
                try:
                    fd = os.open(
                        os.path.join(folder, "killed"), os.O_CREAT | os.O_EXCL | os.O_WRONLY
                    )
                except FileExistsError:
                    return real(*args)
                os.write(fd, str(os.getpid()).encode())
                os.close(fd)
                os._exit(1)
            return real(*args)

        _hus.run_chunk = run_chunk

    return hook


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


def test_a_killed_worker_is_retried_and_counted_once(markers: pathlib.Path) -> None:
    (markers / "armed").write_text("")
    try:
        on_ray = hus.tournament(four_bots(), engine="ray", **SETTINGS)
    finally:
        (markers / "armed").unlink()
    # A worker process died midway (the hook wrote its id) and Ray ran its chunk again.
    pid = int((markers / "killed").read_text())
    assert pid != os.getpid()
    assert on_ray.json() == hus.tournament(four_bots(), **SETTINGS).json()


def test_no_retries_lets_the_lost_worker_fail_the_tournament(markers: pathlib.Path) -> None:
    (markers / "killed").unlink(missing_ok=True)
    (markers / "armed").write_text("")
    try:
        with pytest.raises(ray.exceptions.WorkerCrashedError):
            hus.tournament(four_bots(), engine="ray", max_retries=0, **SETTINGS)
    finally:
        (markers / "armed").unlink()
