"""The size of the house, measured the same way every time, beside a baseline's.

    python scripts/code_metrics.py                    # this tree
    python scripts/code_metrics.py --baseline ed7bc7e # and a commit's, side by side

What it counts, in ``src/``:

* functions by physical lines, from their ``def`` to their last line (docstring and nested
  functions included; a nested function is counted on its own too): over 50, over 100;
* functions over a complexity of 15 by ruff's ``C901`` (mccabe), run on the tree;
* the lines of every module whose name or package names a game with choices (Chemin de fer,
  Banque), and of ``src/`` in all, so that lines moved into a generic module show;
* duplicate blocks between the two games' modules: windows of 6 consecutive non-blank lines
  equal after stripping indentation and trailing comments (the check's name:
  ``6-line windows``), overlapping windows merged into one block;
* the README's lines.
"""

from __future__ import annotations

import argparse
import ast
import json
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("chemin", "banque")
WINDOW = 6


def functions(src: Path) -> Iterator[tuple[str, int]]:
    """Each function's place (``path:line name``) and its physical lines."""
    for path in sorted(src.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                assert node.end_lineno is not None
                where = f"{path.relative_to(src.parent)}:{node.lineno} {node.name}"
                yield where, node.end_lineno - node.lineno + 1


def complex_functions(tree: Path) -> list[str]:
    """The functions ruff's C901 finds over a complexity of 15."""
    ruff = Path(sys.executable).with_name("ruff")
    found = subprocess.run(
        [str(ruff), "check", "--isolated", "--ignore-noqa", "--select", "C901", "--config",
         "lint.mccabe.max-complexity = 15", "--output-format", "json", "src"],
        cwd=tree, capture_output=True, text=True, check=False,
    )  # fmt: skip
    return [
        f"{d['filename']}:{d['location']['row']} {d['message']}" for d in json.loads(found.stdout)
    ]


def game_modules(src: Path) -> dict[str, int]:
    """The lines of each module whose name or package names a game with choices."""
    return {
        str(path.relative_to(src.parent)): len(path.read_text(encoding="utf-8").splitlines())
        for path in sorted(src.rglob("*.py"))
        if any(game in part for part in path.relative_to(src).parts for game in GAMES)
    }


def _normal_lines(path: Path) -> list[str]:
    lines = []
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("  #", 1)[0].strip()
        if text and not text.startswith("#"):
            lines.append(text)
    return lines


def duplicate_blocks(src: Path) -> int:
    """Blocks of ``WINDOW`` or more lines that a Chemin de fer module and a Banque one share."""
    by_game = {
        game: [p for p in src.rglob("*.py") if game in str(p.relative_to(src))] for game in GAMES
    }
    windows: dict[tuple[str, ...], set[tuple[str, int]]] = {}
    for game, paths in by_game.items():
        for path in paths:
            lines = _normal_lines(path)
            for start in range(len(lines) - WINDOW + 1):
                window = tuple(lines[start : start + WINDOW])
                windows.setdefault(window, set()).add((f"{game}:{path}", start))
    shared: dict[str, set[int]] = {}
    for places in windows.values():
        games = {place.split(":", 1)[0] for place, _ in places}
        if len(games) == len(GAMES):
            for place, start in places:
                if place.startswith(GAMES[0]):
                    shared.setdefault(place, set()).add(start)
    blocks = 0
    for starts in shared.values():
        previous = None
        for start in sorted(starts):
            if previous is None or start > previous + 1:
                blocks += 1  # a new block: not overlapping the last window
            previous = start
    return blocks


def measure(tree: Path) -> dict[str, object]:
    """Every figure of ``tree`` (a checkout's root)."""
    src = tree / "src"
    sizes = list(functions(src))
    games = game_modules(src)
    total = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in src.rglob("*.py"))
    readme = tree / "README.md"
    return {
        "functions over 50 lines": sum(1 for _, n in sizes if n > 50),
        "functions over 100 lines": sum(1 for _, n in sizes if n > 100),
        "over 100 lines": sorted((w for w, n in sizes if n > 100)),
        "functions over complexity 15 (C901)": len(complex_functions(tree)),
        "lines of the games' own modules": sum(games.values()),
        "lines of src/": total,
        "duplicate blocks between the games (6-line windows)": duplicate_blocks(src),
        "README lines": len(readme.read_text(encoding="utf-8").splitlines()),
        "modules": games,
    }


def checkout(revision: str, into: Path) -> Path:
    """``revision``'s tree, exported under ``into`` (git archive: no working copy touched)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def main() -> None:
    """Print the figures, and a baseline's beside them."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--baseline", help="a commit to measure beside this tree")
    parser.add_argument("--json", action="store_true", help="one JSON object")
    args = parser.parse_args()
    now = measure(ROOT)
    before = None
    if args.baseline:
        with tempfile.TemporaryDirectory() as folder:
            before = measure(checkout(args.baseline, Path(folder)))
    if args.json:
        print(json.dumps({"now": now, "baseline": before}, indent=2))
        return
    scalar = [k for k, v in now.items() if isinstance(v, int)]
    print(f"{'':<55} {'now':>8}" + (f" {args.baseline:>10}" if before else ""))
    for key in scalar:
        line = f"{key:<55} {now[key]:>8}"
        if before is not None:
            line += f" {before.get(key, '-'):>10}"
        print(line)
    print("\nfunctions over 100 lines now:")
    for where in now["over 100 lines"]:  # type: ignore[attr-defined]
        print(f"  {where}")
    print("\nthe games' own modules now (lines):")
    for module, lines in now["modules"].items():  # type: ignore[attr-defined]
        print(f"  {lines:>6}  {module}")


if __name__ == "__main__":
    main()
