"""Each layer's test coverage against its floor; exit status 1 if one fell below it.

``make test`` measures the coverage of every layer (lines and branches) in its main run and
then runs this. The floors are the values measured when they were set
(``[tool.puntobanco.coverage-floors]`` in pyproject.toml, rounded down): a change that
leaves a layer less tested fails, instead of the suite quietly shrinking. Raise a floor
when a layer's coverage rises; lower one only with a reason in the commit message.

    python scripts/coverage_floors.py            # after a run with --cov=puntobanco
"""

from __future__ import annotations

import io
import sys
import tomllib
from pathlib import Path

import coverage

ROOT = Path(__file__).resolve().parents[1]


def floors() -> dict[str, float]:
    """The committed floor of each layer, in percent."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found: dict[str, float] = config["tool"]["puntobanco"]["coverage-floors"]
    return found


def main() -> int:
    """Print each layer's coverage beside its floor; 1 if any is below."""
    # The data file of the run: .coverage at the root, or COVERAGE_FILE's.
    data = coverage.Coverage(config_file=str(ROOT / "pyproject.toml"))
    data.load()
    failed = []
    print(f"{'layer':<10} {'coverage':>9} {'floor':>7}")
    for layer, floor in floors().items():
        percent = data.report(include=[f"{ROOT}/src/puntobanco/{layer}/*"], file=io.StringIO())
        mark = "" if percent >= floor else "  below its floor"
        print(f"{layer:<10} {percent:>8.2f}% {floor:>6.2f}%{mark}")
        if percent < floor:
            failed.append(layer)
    if failed:
        print(f"coverage fell below the floor in: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
