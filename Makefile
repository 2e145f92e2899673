# cardlab: `make lab` opens the start page (and every notebook and page), `make app` the classroom
# page, `make room` starts a room server (a class plays from its browsers), `make test` runs the
# whole suite.
# Both create .venv with Python 3.10+ and install cardlab (editable) with its dependencies.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.cardlab-installed
WARM := $(VENV)/.cardlab-warm
KERNELS := $(wildcard cardlab/kernels/*.py cardlab/games/*/kernel*.py)
PYTEST_ARGS ?=

.PHONY: lab app room test setup bench clean

setup: $(WARM)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10) and "cardlab needs Python 3.10 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test,openspiel]"
	@touch $(STAMP)

# numba compiles each kernel on first use and keeps it in __pycache__ beside its source: compile
# them all once after installing (a few minutes), and again when a kernel's source changes, so
# that the notebooks and the tests start warm.
$(WARM): $(STAMP) $(KERNELS)
	$(BIN)/python -m cardlab.kernels.warm
	@touch $(WARM)

# The lab serves the whole repository (notebooks/ and the rule pages in docs/) and opens the start
# page; jupyter/lab/settings/overrides.json keeps the news prompt and the update check away and
# opens Markdown files as rendered pages. JupyterLab shows a notebook's stored pictures (SVG) only
# in a notebook it trusts, and a fresh clone's are trusted by nobody: the kit's own notebooks are
# trusted first (the signatures go to Jupyter's data folder; the files are not changed).
NOTEBOOKS := $(wildcard notebooks/[0-9][0-9]_*.ipynb) notebooks/classroom.ipynb

lab: setup
	$(BIN)/jupyter trust $(NOTEBOOKS)
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) --ServerApp.root_dir=. \
		--LabApp.app_settings_dir=$(CURDIR)/jupyter/lab/settings notebooks/00_start_here.ipynb

# The classroom page: the three games' tables and the Cleopatra sample's replay as a page without
# code cells, served by Voila, which opens it in the browser.
app: setup
	$(BIN)/voila notebooks/classroom.ipynb

# A room server (cardlab.rooms) on 127.0.0.1:8765, its rooms kept in cardlab-rooms.sqlite: it
# prints each room's teacher's token and the seats' links, and serves until Ctrl-C. Its options:
# `make room ROOM_ARGS="--game kirifu --seats Aiko,Ben,computer --classroom"`.
ROOM_ARGS ?=

room: setup
	$(BIN)/python -m cardlab.rooms $(ROOM_ARGS)

test: setup
	env -u MPLBACKEND CARDLAB_QUICK=1 $(BIN)/python -m pytest tests notebooks --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout 900 $(PYTEST_ARGS)

bench: setup
	$(BIN)/python -m cardlab.bench table

clean:
	rm -rf $(VENV) .pytest_cache
