"""No rule of the game is typed outside the rules table.

The drawing rules live in :mod:`puntobanco.core.tableau` and the payouts in
:mod:`puntobanco.core.rules` (compiled by :mod:`puntobanco.core.gametables`).
A reader that compares a hand total with a literal (``player >= 8``,
``banker == 6``, ``total <= 5``) or writes a payout ratio (``0.95``,
``Fraction(19, 20)``) holds a second copy of a rule, which the first variant
with other rules would silently contradict. This test walks the syntax trees
of the package, and scans the CUDA source and the page's scripts, for such
constants; the short allowlist names the places where a rule is the table.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import puntobanco

PACKAGE = Path(puntobanco.__file__).parent

#: Where the rules are defined, so constants there are the table itself.
RULE_TABLES = {
    "core/tableau.py",  # the drawing tables
    "core/rules.py",  # the paytable's defaults and the presets
}

#: Names that hold a hand total (or a side's total) in the code base.
TOTAL_NAME = re.compile(
    r"(^|_)(player|banker|total|totals|pt|bt|p|b|winning|losing|third|natural)(_|$)", re.I
)
#: Payout ratios that are rules: what a 5% or 4% commission leaves of even money.
#: (0.05 itself is too common a number elsewhere, a latency bucket say, to flag.)
RATIO_FLOATS = {0.95, 0.96}
RATIO_FRACTIONS = {(19, 20), (1, 20), (24, 25), (1, 25)}


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):
        return _name(node.value)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "int":
        return _name(node.args[0]) if node.args else None
    return None


def _is_total_literal(node: ast.expr) -> bool:
    if isinstance(node, ast.Call) and node.args and _name(node.func) in ("uintp", "intp", "int"):
        node = node.args[0]  # np.uintp(8) in a kernel
    return (
        isinstance(node, ast.Constant)
        and type(node.value) is int
        and 3 <= node.value <= 9  # 0-2 are array bounds and flags far more often than rules
    )


def violations_in(tree: ast.AST) -> Iterator[tuple[int, str]]:
    """(line, text) of each rule constant in a module's syntax tree."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            names = [_name(o) for o in operands]
            if any(_is_total_literal(o) for o in operands) and any(
                n is not None and TOTAL_NAME.search(n) for n in names
            ):
                yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.Constant) and type(node.value) is float:
            if node.value in RATIO_FLOATS:
                yield node.lineno, repr(node.value)
        elif isinstance(node, ast.Call) and _name(node.func) == "Fraction" and len(node.args) == 2:
            values = tuple(a.value for a in node.args if isinstance(a, ast.Constant))
            if values in RATIO_FRACTIONS:
                yield node.lineno, ast.unparse(node)


#: Constants that look like rules and are not, each with the reason.
ALLOWED = {
    # The 95th percentile of the final bankrolls, not a payout.
    ("sim/systems.py", "0.95"),
    # The betting systems' outcome codes classify a round (who won, and the Banker's 6
    # that commission-free games single out); what each code pays is read from the
    # compiled cells, and encode.outcome_payouts refuses rules that pay differently
    # within one code.
    ("sim/encode.py", "banker == 6"),
    # A statistic that simulate --json reports (banker_wins_on_six), not a payout.
    ("sim/tallies.py", "banker == 6"),
}


def python_violations() -> list[str]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in RULE_TABLES or "/migrations/" in relative:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        found += [
            f"{relative}:{line}: {text}"
            for line, text in violations_in(tree)
            if (relative, text) not in ALLOWED
        ]
    return found


def test_every_allowed_exception_still_exists() -> None:
    # An entry that no longer matches anything would silently allow the next copy.
    seen = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        seen |= {(relative, text) for _, text in violations_in(tree)}
    assert ALLOWED <= seen


#: In C and JavaScript: a total compared with a literal, or a commission ratio.
TEXT_RULE = re.compile(
    r"\b\w*(player|banker|total|pt|bt)\w*\s*(>=|<=|==|<|>)\s*[3-9]\b|\b0\.95\b|\b19\s*/\s*20\b",
    re.I,
)


def text_violations() -> list[str]:
    found = []
    for pattern in ("sim/cuda_src/*", "web/static/js/*.js"):
        for path in sorted(PACKAGE.glob(pattern)):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = line.split("//")[0]
                if TEXT_RULE.search(code):
                    found.append(f"{path.relative_to(PACKAGE).as_posix()}:{number}: {line.strip()}")
    return found


def test_no_rule_constant_outside_the_rules_table() -> None:
    assert python_violations() == []


def test_no_rule_constant_in_the_cuda_source_or_the_page() -> None:
    assert text_violations() == []


#: The paytable's fields: the page shows each bet's legs from the rules' JSON
#: (``rules.bets``), exact, and never works a payout out of these itself.
PAYTABLE_FIELD = re.compile(
    r"\b(player_pays|banker_commission|banker_six_pays|tie_pays|pair_pays)\b"
)


def test_the_page_reads_payouts_from_the_legs() -> None:
    scripts = sorted(PACKAGE.glob("web/static/js/*.js"))
    assert scripts
    found = [
        f"{path.name}:{number}: {line.strip()}"
        for path in scripts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if PAYTABLE_FIELD.search(line)
    ]
    assert found == []


def test_the_check_finds_what_it_looks_for() -> None:
    # The code as it was before the rules became one table: each line must be caught.
    old = """
if pt >= 8 or bt >= 8:
    pass
if result.banker_total == 6:
    pass
no_natural = one ^ (np.uintp(player >= np.uintp(8)) | np.uintp(banker >= np.uintp(8)))
player_draws = no_natural & np.uintp(player <= np.uintp(5))
ratio = Fraction(19, 20)
pays = 0.95
"""
    assert len(list(violations_in(ast.parse(old)))) == 8
    assert TEXT_RULE.search("if (player >= 8 || banker >= 8) {")
    assert TEXT_RULE.search("const pays = 0.95;")
    # Index arithmetic and hand sizes are not rules.
    fine = "if used == 4:\n    pass\nif len(cards) == 3:\n    pass\nx = rows[3]\n"
    assert list(violations_in(ast.parse(fine))) == []
