"""hus.tournament(engine="ray") with the address file of a dead cluster on the machine: a
ConnectionError naming the address, at once, instead of Ray waiting for it without end. Ray
itself is replaced by a stand-in whose init fails the test: nothing here needs Ray."""

from __future__ import annotations

import os
import socket
import types
from typing import Any

import pytest

import hus
from hus import _ray


def test_a_dead_clusters_address_file_is_an_error_naming_it(tmp_path: Any, monkeypatch: Any) -> None:
    with socket.socket() as s:  # a port nothing listens on once closed
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    os.makedirs(tmp_path / "ray")
    (tmp_path / "ray" / "ray_current_cluster").write_text(f"127.0.0.1:{port}\n")
    monkeypatch.setenv("RAY_TMPDIR", str(tmp_path))
    monkeypatch.delenv("RAY_ADDRESS", raising=False)

    def init(**kwargs: Any) -> None:
        raise AssertionError("ray.init was called: it would wait for the dead cluster")

    fake = types.SimpleNamespace(is_initialized=lambda: False, init=init)
    monkeypatch.setattr(_ray, "_ray", lambda: fake)
    with pytest.raises(ConnectionError, match=f"the Ray cluster at 127.0.0.1:{port} did not answer within 2 s"):
        hus.tournament(["builtin:caller", "builtin:raiser"], hands=2, seed=1, engine="ray", connect_timeout=2)
    with pytest.raises(ValueError, match="connect_timeout"):
        hus.tournament(["builtin:caller", "builtin:raiser"], hands=2, seed=1, engine="ray", connect_timeout=0)
