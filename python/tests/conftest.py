"""Shared fixtures: the repository's examples and the `hus` command built beside them."""

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
