# make play / make test each create .venv when missing, install the project into it and run.
# PYTHONWARNINGS=ignore keeps setuptools' editable-install notice off a newcomer's first screen.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test bench lint clean po mo

$(STAMP): pyproject.toml setup.py
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

# po: extract the strings marked with t/tn/tp/N_ in tui/ (Babel, babel.cfg), update every German catalog
# (tui/locale/de/LC_MESSAGES/shell.po, tui/<game>/locale/de/LC_MESSAGES/<game>.po) and compile the .mo files;
# then fill in the empty msgstr lines. mo: compile only (the package build does this too, see setup.py).
po: $(STAMP)
	$(PY) -m tui.catalogs
	$(PY) -m tui.catalogs check

mo: $(STAMP)
	$(PY) -m tui.pocompile

lint: $(STAMP)
	$(VENV)/bin/ruff check engine saves tui tests
	$(VENV)/bin/mypy

clean:
	rm -rf $(VENV)
