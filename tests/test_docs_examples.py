"""Every Python example of the documentation runs, so that none can rot.

Each ```` ```python ```` block of ``docs/*.md`` runs in a fresh interpreter, in an empty
folder, and must exit 0 (its own ``assert`` lines check what it shows). A block that must not
run (it needs a server, a GPU or minutes) is preceded by the line ``<!-- no-run -->``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
NO_RUN = "<!-- no-run -->"

_BLOCK = re.compile(r"^```python\n(.*?)^```", flags=re.DOTALL | re.MULTILINE)


def _examples() -> list[tuple[str, str]]:
    """Each runnable block as (page:line, code)."""
    found: list[tuple[str, str]] = []
    for page in sorted((ROOT / "docs").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            before = text[: match.start()].rstrip().splitlines()
            if before and before[-1].strip() == NO_RUN:
                continue
            line = text.count("\n", 0, match.start()) + 1
            found.append((f"{page.name}:{line}", match.group(1)))
    return found


EXAMPLES = _examples()


def test_the_docs_have_examples() -> None:
    pages = {where.split(":")[0] for where, _ in EXAMPLES}
    assert {"library.md", "adding-a-game.md"} <= pages


@pytest.mark.parametrize(("where", "code"), EXAMPLES, ids=[where for where, _ in EXAMPLES])
def test_the_example_runs(where: str, code: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, f"{where}:\n{done.stderr}"
