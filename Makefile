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
	$(BIN)/ruff check src tests bench scripts conftest.py
	$(BIN)/ruff format --check src tests bench scripts conftest.py

typecheck: $(STAMP)
	$(BIN)/mypy

# Coverage is measured over every layer; scripts/coverage_floors.py then holds each layer to
# its floor (pyproject.toml, [tool.puntobanco.coverage-floors]) after a whole run.
# The configuration by its absolute path, so that a test's subprocess started in another
# folder measures branches too (its data is combined with the run's).
COVERAGE := --cov=puntobanco --cov-branch --cov-config=$(CURDIR)/pyproject.toml \
	--cov-report=term-missing:skip-covered
PYTEST := $(BIN)/python -m pytest -n 2 --dist loadgroup --timeout 900

# The browser tests run in a process of their own (Playwright keeps an event loop running
# in its process, which broke tests collected after them). Exit status 5: nothing
# collected, when PYTEST_ARGS names no browser test.
pytest: $(STAMP)
	$(PYTEST) -m "not browser" $(COVERAGE) $(PYTEST_ARGS)
	$(if $(PYTEST_ARGS),,$(BIN)/python scripts/coverage_floors.py)
	$(PYTEST) -m browser $(PYTEST_ARGS); status=$$?; [ $$status -eq 0 ] || [ $$status -eq 5 ]

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
