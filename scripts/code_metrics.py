"""The size of the house, measured the same way every time, beside a baseline's.

    python scripts/code_metrics.py                    # this tree
    python scripts/code_metrics.py --baseline ed7bc7e # and a commit's, side by side

What it counts, in ``src/``:

* functions by physical lines, from their ``def`` to their last line (docstring and nested
  functions included; a nested function is counted on its own too): over 50, over 100;
* functions over a complexity of 15 by ruff's ``C901`` (mccabe), run on the tree;
* the lines of every module whose name or package names a game with choices (Chemin de fer,
  Banque), and of ``src/`` in all, so that lines moved into a generic module show;
* those games' own lines by kind (catalogue text, migrations, exact analysis, simulation, rules
  and coup, server, terminal), so that a change in the total can be read: more words, or more
  copied machinery; beside a baseline, also "like for like", with the catalogue modules that
  a game's words lived in under a name that did not name the game (``RENAMED``);
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
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("chemin", "banque")
WINDOW = 6
PACKAGE = Path("src", "puntobanco")

# The games' own lines by kind: (name, top package, subpackage or None, exclude that subpackage).
# The catalogue and the migrations are each a kind of their own, apart from the rest of their
# layer: they are the games' words and schema, which no shared machinery can take over.
KINDS = (
    ("catalogue text", "core", "i18n", False),
    ("migrations", "server", "migrations", False),
    ("exact analysis", "analysis", None, False),
    ("simulation", "sim", None, False),
    ("rules and coup", "core", "i18n", True),
    ("server", "server", "migrations", True),
    ("terminal", "cli", None, False),
)
OTHER = "other"
LINES_BY_KIND = "the games' own lines by kind"

# Modules of a game's own words whose names did not name the game at ed7bc7e, and today's
# names for them: the rule above does not count them there, so the like-for-like figure adds
# them wherever they are found under the old name.
RENAMED = {
    "core/i18n/cserver.py": "core/i18n/chemin_server.py",
    "core/i18n/bserver.py": "core/i18n/banque_server.py",
    "core/i18n/badvice.py": "core/i18n/banque_advice.py",
}


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


def kind_of(module: str) -> str:
    """The kind of a module (``src/puntobanco/...``) among ``KINDS``, or ``OTHER``."""
    parts = Path(module).relative_to(PACKAGE).parts
    for name, top, sub, exclude in KINDS:
        if parts[0] != top:
            continue
        inside = sub is None or (len(parts) > 1 and parts[1] == sub)
        if inside != exclude:
            return name
    return OTHER


def lines_by_kind(modules: dict[str, int]) -> dict[str, int]:
    """The lines of ``modules`` (path to lines) summed by kind, in ``KINDS``' order."""
    kinds = dict.fromkeys([name for name, *_ in KINDS], 0)
    for module, lines in modules.items():
        kind = kind_of(module)
        kinds[kind] = kinds.get(kind, 0) + lines
    return kinds


def renamed_modules(src: Path) -> dict[str, int]:
    """The lines of the ``RENAMED`` modules present in ``src`` under their old names."""
    found = {}
    for old in RENAMED:
        path = src.parent / PACKAGE / old
        if path.is_file():
            found[str(path.relative_to(src.parent))] = len(
                path.read_text(encoding="utf-8").splitlines()
            )
    return found


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


def measure(tree: Path) -> dict[str, Any]:
    """Every figure of ``tree`` (a checkout's root)."""
    src = tree / "src"
    sizes = list(functions(src))
    games = game_modules(src)
    renamed = renamed_modules(src)
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
        "lines by kind": lines_by_kind(games),
        "renamed modules": renamed,
        "lines by kind, like for like": lines_by_kind(games | renamed),
    }


def checkout(revision: str, into: Path) -> Path:
    """``revision``'s tree, exported under ``into`` (git archive: no working copy touched)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision], cwd=ROOT, capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def print_figures(now: dict[str, Any], before: dict[str, Any] | None, name: str) -> None:
    """The scalar figures, the baseline's (``name``) beside them."""
    scalar = [k for k, v in now.items() if isinstance(v, int)]
    print(f"{'':<55} {'now':>8}" + (f" {name:>10}" if before else ""))
    for key in scalar:
        line = f"{key:<55} {now[key]:>8}"
        if before is not None:
            line += f" {before.get(key, '-'):>10}"
        print(line)


def print_kinds(now: dict[str, Any], before: dict[str, Any] | None, name: str) -> None:
    """The games' own lines by kind; beside a baseline, as the rule counts it and like for like.

    The like-for-like column exists because a game's words once lived in catalogue modules
    whose names did not name the game (``RENAMED``): without it, the baseline would be short
    of lines it had, and the growth since would look larger than it is.
    """
    columns = [now["lines by kind"]]
    header = f"{LINES_BY_KIND:<55} {'now':>8}"
    if before is not None:
        columns += [before["lines by kind"], before["lines by kind, like for like"]]
        header += f" {name:>10} {'like for like':>14}"
    print(f"\n{header}")
    kinds = dict.fromkeys(k for column in columns for k in column)
    for kind in kinds:
        print(_row(f"  {kind}", [column.get(kind, 0) for column in columns]))
    totals = [sum(column.values()) for column in columns]
    print(_row("  total", totals))
    if before is not None:
        renamed = before["renamed modules"]
        listed = ", ".join(Path(module).stem for module in renamed) or "none found"
        today = ", ".join(Path(new).stem for new in RENAMED.values())
        print(
            f"like for like: {name} plus core/i18n's {listed} ({sum(renamed.values())} lines),"
            f" today's {today} under names that named no game"
        )
        if totals[1] and totals[2]:  # a baseline from before the games has none
            print(
                f"now as a share of {name}: {totals[0] / totals[1]:.1%}"
                f" (like for like {totals[0] / totals[2]:.1%})"
            )


def _row(label: str, figures: list[int]) -> str:
    """One line of the kinds' table, its figures under the columns' headings."""
    widths = (8, 10, 14)
    return f"{label:<55}" + "".join(f" {n:>{w}}" for n, w in zip(figures, widths, strict=False))


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
    print_figures(now, before, args.baseline)
    print_kinds(now, before, args.baseline)
    print("\nfunctions over 100 lines now:")
    for where in now["over 100 lines"]:
        print(f"  {where}")
    print("\nthe games' own modules now (lines):")
    for module, lines in now["modules"].items():
        print(f"  {lines:>6}  {module}")


if __name__ == "__main__":
    main()
