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


# A bot that folds whenever it may (a fold with nothing owed is played as a check): LBR, which
# checks or calls before the flop and bets after it, wins its blind every hand, 50 chips as
# the big blind and 100 as the button's opponent: exactly 750 mbb/hand at blinds 50/100.
ALWAYS_FOLD = """\
// Folds whenever something is owed, checks otherwise.
ALWAYS
  RULE
    DO FOLD
  ENDRULE
ENDALWAYS
"""


def _lbr_built() -> bool:
    """False while `hus exploit`'s LBR is only its contract, whose chunks answer "not built
    yet"; then the tests of what LBR plays are skipped (and run as soon as it is built)."""
    plan = hus.Exploit(hus.Bot.from_source(ALWAYS_FOLD, name="fold.hus"), hands=2)
    try:
        hus.run_chunk(plan, plan.jobs()[0])
    except hus.ExploitError as e:
        return "not built yet" not in str(e)
    return True


#: Marks a test of LBR's play: skipped only while LBR answers that it is not built yet.
needs_lbr = pytest.mark.skipif(
    not _lbr_built(), reason="hus exploit's LBR is not built yet (its chunks say so)"
)
