# The README's two commands:  `make play`  and  `make test`.
# Both create the virtual environment when it is missing (or pyproject.toml changed).

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: play serve test lint typecheck pytest system-deps bench clean

play: $(STAMP)
	$(BIN)/puntobanco play $(ARGS)

serve: $(STAMP)
	$(BIN)/puntobanco serve $(ARGS)

test: $(STAMP) system-deps lint typecheck pytest

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# The coverage gate covers the layers whose correctness everything else rests on.
COVERAGE := --cov=puntobanco.core --cov=puntobanco.analysis \
	--cov-report=term-missing:skip-covered --cov-fail-under=95

pytest: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup --timeout 900 $(COVERAGE) $(PYTEST_ARGS)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Debian packages the tests need (Chromium for the browser tests). Installs only
# what is missing, and only where apt-get can run (as root, as on CI).
system-deps:
	@bash scripts/system-deps.sh

bench: $(STAMP)
	for script in bench/bench_*.py; do $(BIN)/python "$$script" || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage
