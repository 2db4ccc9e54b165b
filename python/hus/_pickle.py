"""What pickled ``hus`` objects are rebuilt with in the process that unpickles them."""

from __future__ import annotations

from typing import Dict, List

from . import _hus


def bot(
    name: str,
    source: str,
    files: Dict[str, str],
    defines: List[str],
    allow_external: bool,
    external_timeout: float,
) -> _hus.Bot:
    """A bot compiled again from its script's text and the files it read: no file is read."""
    return _hus.Bot.from_source(
        source,
        name=name,
        files=files,
        defines=defines,
        allow_external=allow_external,
        external_timeout=external_timeout,
    )


def game_state(xml: str, decimal: bool = False) -> _hus.GameState:
    """A state read back from the XML it wrote, its amounts Decimals when they were."""
    state = _hus.GameState.from_xml(xml)
    return state._with_decimal(True) if decimal else state


def tournament(bots: List[_hus.Bot], options: str) -> _hus.Tournament:
    """A tournament built again from its bots and its options' JSON."""
    return _hus.Tournament.from_options_json(bots, options)


def exploit(bot: _hus.Bot, options: str) -> _hus.Exploit:
    """An exploit run built again from its bot and its options' JSON."""
    return _hus.Exploit.from_options_json(bot, options)
