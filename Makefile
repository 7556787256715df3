# make play / make test each create .venv when missing, install the project into it and run.
# PYTHONWARNINGS=ignore keeps setuptools' editable-install notice off a newcomer's first screen.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test bench lint clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/concordia $(ARGS)

test: $(STAMP)
	$(PY) -m pytest -n 2 tests --ignore=tests/bench

bench: $(STAMP)
	$(PY) -m pytest -s -p no:xdist tests/bench

lint: $(STAMP)
	$(VENV)/bin/ruff check engine saves tui tests
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV)
