"""hus.tune(engine="ray") on a running two-node Ray cluster: its trials' values (win, and
exploit once LBR is built) equal the local engine's with the same seeds (the engine's chunks
are the same wherever they run). `.ci/run` starts the cluster and sets RAY_ADDRESS and HUS_RAY_REQUIRED; elsewhere
the test is skipped, with the reason, when Ray, Optuna or a cluster is missing."""

from __future__ import annotations

import pathlib
from typing import Any, Iterator

import pytest

import hus

from conftest import CALL_THRESHOLD_TOY as TOY, needs_lbr, ray_cluster_address, ray_missing

try:
    import optuna  # noqa: F401
except ImportError:
    ray_missing("Optuna is not installed (pip install 'hus[tune]')")
ADDRESS = ray_cluster_address()
import ray  # noqa: E402

# The call threshold against two built-ins: 4 trials of one chunk of 100 hands per
# opponent, so 8 Ray tasks, a few seconds.
SETTINGS: dict[str, Any] = dict(
    field=["builtin:raiser", "builtin:equity"], trials=4, hands=100, chunks=1, seed=11,
    sampler_seed=2, holdout_hands=100,
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[None]:
    ray.init(address=ADDRESS, logging_level="WARNING")
    try:
        yield
    finally:
        ray.shutdown()


def test_two_ray_workers_equal_the_local_run(cluster: None, tmp_path: pathlib.Path) -> None:
    assert len([n for n in ray.nodes() if n["Alive"]]) == 2
    toy = tmp_path / "toy.hus"
    toy.write_text(TOY)
    local = hus.tune(str(toy), engine="local", threads=1, **SETTINGS)
    on_ray = hus.tune(str(toy), engine="ray", **SETTINGS)
    assert [t["value"] for t in on_ray.trials] == [t["value"] for t in local.trials]
    assert [t["callAt"] for t in on_ray.trials] == [t["callAt"] for t in local.trials]
    assert len({t["value"] for t in local.trials}) > 1
    assert on_ray.best_values == local.best_values
    assert on_ray.holdout_difference == local.holdout_difference


@needs_lbr
def test_the_exploit_objective_on_ray_equals_the_local_run(
    cluster: None, tmp_path: pathlib.Path
) -> None:
    toy = tmp_path / "toy.hus"
    toy.write_text(TOY)
    settings: dict[str, Any] = dict(
        objective="exploit", trials=3, hands=40, chunks=1, seed=11, sampler_seed=2,
        holdout_hands=40,
    )
    local = hus.tune(str(toy), engine="local", threads=1, **settings)
    on_ray = hus.tune(str(toy), engine="ray", **settings)
    assert [t["value"] for t in on_ray.trials] == [t["value"] for t in local.trials]
    assert on_ray.best_values == local.best_values
    assert on_ray.holdout_best == local.holdout_best
