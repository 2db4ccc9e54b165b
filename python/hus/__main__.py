"""``python -m hus tune BOT ...``: the package's commands (the others are the ``hus`` binary's)."""

import sys

from .tune import main


def _run(argv: list[str]) -> int:
    if argv[:1] != ["tune"]:
        print("usage: python -m hus tune BOT [options] (python -m hus tune --help)", file=sys.stderr)
        return 2
    return main(argv[1:])


if __name__ == "__main__":
    sys.exit(_run(sys.argv[1:]))
