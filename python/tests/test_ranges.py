"""`hus.equity` and `hus.range_breakdown` give the numbers `hus equity --json` and
`hus range --json` print."""

import json
import subprocess

import pytest

import hus

from conftest import hus_command


def cli(*args):
    out = subprocess.run(
        [hus_command(), *args, "--json"], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_equity_equals_the_command_line():
    got = hus.equity("AKs", "QQ+,AK", board="Kh8s4d")
    assert got == cli("equity", "AKs", "QQ+,AK", "--board", "Kh8s4d")
    assert f"{100 * got['players'][0]['equity']:.3f}" == "55.783"


def test_preflop_equity_from_the_table():
    got = hus.equity("QQ", "AKs")
    assert f"{100 * got['players'][0]['equity']:.3f}" == "53.951"
    assert got == cli("equity", "QQ", "AKs")


def test_a_narrowed_villain():
    shoves = "22+,A2s+,KTo+,ATo+,54s+"
    got = hus.equity("AsKd", shoves, board="Kh8h4d2c", villain_with="topPair+ | flushDraw")
    assert f"{100 * got['players'][0]['equity']:.3f}" == "65.957"


def test_range_breakdown_equals_the_command_line():
    got = hus.range_breakdown("QQ+,AK", board="Kh8s4d", with_="topPair+")
    want = cli("range", "QQ+,AK", "--board", "Kh8s4d", "--with", "topPair+")
    assert got == want
    assert got["kept"] == 21.0


def test_bad_input_raises_a_typed_error():
    with pytest.raises(hus.RangeError, match="AKx"):
        hus.equity("AKx", "QQ")
    with pytest.raises(hus.HusError):
        hus.range_breakdown("QQ+", board="Kh8s4d", with_="facingBet")
