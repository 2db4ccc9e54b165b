"""The README's Python example runs as written."""

import contextlib
import io
import os
import re

from conftest import ROOT


def test_the_readme_python_example_runs(tmp_path):
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Use from Python") :]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    out = io.StringIO()
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code, "README.md", "exec"), {})
    finally:
        os.chdir(here)
    first = out.getvalue().splitlines()[0]
    assert first == "raise 60 60.0 115"
    assert (tmp_path / "spot.xml").read_text().startswith("<?xml")
