"""Each layer imports only the layers above it, and core only the stdlib.

The layers, top first: core, analysis, sim, server, web, cli. A layer that reached
down would make the pure core depend on I/O, or the engine on its displays.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src" / "puntobanco"
ORDER = ["core", "analysis", "sim", "server", "web", "cli"]


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return names


@pytest.mark.parametrize("layer", ORDER)
def test_layer_imports_only_layers_above(layer: str) -> None:
    allowed = set(ORDER[: ORDER.index(layer) + 1])
    for path in (SRC / layer).rglob("*.py"):
        for name in _imports(path):
            parts = name.split(".")
            if parts[0] == "puntobanco" and len(parts) > 1 and parts[1] in ORDER:
                assert parts[1] in allowed, f"{path.relative_to(SRC)} imports {name}"


def test_core_uses_only_the_standard_library() -> None:
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    for path in (SRC / "core").rglob("*.py"):
        for name in _imports(path):
            top = name.split(".")[0]
            assert top in stdlib or top == "puntobanco", f"{path.name} imports {name}"
