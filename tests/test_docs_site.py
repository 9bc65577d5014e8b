"""The documentation site builds without a warning, and the README stays short and linked.

The site (``mkdocs.yml``, ``docs/``) is built with ``--strict``, so a broken link, a missing
anchor or a page left out of the navigation fails here rather than on a reader.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_README_LINES = 400

#: Markdown links and images, and HTML ``src``/``href`` attributes: their targets.
_LINK = re.compile(r"\]\(([^)\s]+)\)|(?:src|href)=\"([^\"]+)\"")


def _relative_targets(text: str) -> list[str]:
    targets = [a or b for a, b in _LINK.findall(text)]
    return [t for t in targets if not re.match(r"[a-z][a-z0-9+.-]*:", t) and t[0] != "#"]


def test_the_site_builds_strictly(tmp_path: Path) -> None:
    # Material prints a notice about MkDocs 2 on every build; it is not a warning of ours.
    # No --quiet: it hides the warnings from --strict too (a link to a missing anchor passed).
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict"]
        + ["--config-file", str(ROOT / "mkdocs.yml"), "--site-dir", str(tmp_path / "site")],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "site" / "architecture" / "index.html").is_file()


def test_every_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    for page in sorted((ROOT / "docs").glob("*.md")):
        assert f": {page.name}\n" in config, f"{page.name} is not in mkdocs.yml's nav"


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, f"README.md has {len(lines)} lines"


def test_every_relative_link_in_the_readme_resolves() -> None:
    targets = _relative_targets(README.read_text(encoding="utf-8"))
    assert targets, "the README links to nothing"
    for target in targets:
        path = (ROOT / target.split("#", 1)[0]).resolve()
        assert path.exists(), f"README.md links to {target}, which does not exist"


def test_the_readme_keeps_its_two_commands() -> None:
    readme = README.read_text(encoding="utf-8")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for command in ("play", "test"):
        assert f"\nmake {command}  " in readme, f"make {command}"
        assert re.search(rf"^{command}:", makefile, flags=re.MULTILINE), command
