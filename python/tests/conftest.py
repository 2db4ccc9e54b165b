"""Shared fixtures: the repository's examples, the `hus` command built beside them, the toy
bot the tuning tests fit, and the Ray tests' cluster."""

import os
import pathlib
import subprocess

import pytest

import hus

ROOT = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def hus_command() -> str:
    """The `hus` binary to compare with: $HUS_BIN, or the one `cargo build` leaves."""
    path = os.environ.get("HUS_BIN") or str(ROOT / "target" / "debug" / "hus")
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: run `cargo build` first (or set HUS_BIN)")
    return path


def run_hus(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [hus_command(), *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def four_bots() -> list[hus.Bot]:
    """The field the tournament tests play: tag.hus and three built-ins."""
    return [
        hus.Bot.from_file(str(EXAMPLES / "tag.hus")),
        hus.Bot.builtin("caller"),
        hus.Bot.builtin("equity"),
        hus.Bot.builtin("raiser"),
    ]


# A call threshold: facing builtin:raiser (pot-sized raises at every turn), the toy calls down
# when its equity against a random hand is at least callAt and folds otherwise.
CALL_THRESHOLD_TOY = """\
// A fold threshold against builtin:raiser.
DEFINE callAt = 0.9 TUNE 0..1 // the default folds almost everything
ALWAYS
  RULE equity >= callAt
    DO CALL
  ENDRULE
  RULE PRIORITY -1
    DO FOLD
  ENDRULE
ENDALWAYS
"""


def ray_missing(reason: str) -> None:
    """Fails when HUS_RAY_REQUIRED is set (CI's Ray block must run its tests); otherwise
    skips the calling module with the reason."""
    if os.environ.get("HUS_RAY_REQUIRED") == "1":
        pytest.fail(f"HUS_RAY_REQUIRED is set but {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


def ray_cluster_address() -> str:
    """The running cluster's address (RAY_ADDRESS), once Ray is known to import; see
    [`ray_missing`] for what happens when either is missing."""
    try:
        import ray  # noqa: F401
    except ImportError:
        ray_missing("Ray is not installed (pip install 'hus[ray]')")
    address = os.environ.get("RAY_ADDRESS")
    if not address:
        ray_missing("no Ray cluster: set RAY_ADDRESS to one (`ray start --head`, docs/tournament.md)")
    return str(address)
