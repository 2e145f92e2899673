# cardlab: `make lab` opens the start page (and every notebook and page), `make app` the classroom
# page, `make room` starts a room server (a class plays from its browsers), `make test` runs the
# whole suite.
# Each creates .venv with Python 3.10+ and installs cardlab (editable) with what it needs: the lab,
# the classroom page and the rooms cardlab's own dependencies, the tests the extras too (test,
# openspiel).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.cardlab-installed
EXTRAS := $(VENV)/.cardlab-extras-installed
WARM := $(VENV)/.cardlab-warm
WARM_LOG := $(VENV)/cardlab-warm.log
KERNELS := $(wildcard cardlab/kernels/*.py cardlab/games/*/kernel*.py)
PYTEST_ARGS ?=

.PHONY: lab app room site test setup bench clean

setup: $(EXTRAS) $(WARM)

# --no-compile: pip would byte-compile all of the dependencies' modules (about 9,800 files, half the
# install's time); Python writes each one's bytecode the first time it is imported instead.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10) and "cardlab needs Python 3.10 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e .
	@touch $(STAMP)

# The tests' own packages, OpenSpiel (tests/test_openspiel.py; no notebook needs it) and the
# site's builder (tests/browser/test_browser_site.py).
$(EXTRAS): $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[test,openspiel,site]"
	@touch $(EXTRAS)

# numba compiles each kernel on first use and keeps it in __pycache__ beside its source: compile
# them all once (a few minutes), and again when a kernel's source changes, so that the tests start
# warm. `make lab`, `make app` and `make room` do not wait for it: when the kernels are not all
# compiled they start the same warm-up in the background, the tables' kernels first (its lines in
# $(WARM_LOG); it touches $(WARM) when done, and `make test` run meanwhile waits for it).
$(WARM): $(STAMP) $(KERNELS)
	$(BIN)/python -m tools.warm --stamp $(WARM)

warm_needed = $(if $(wildcard $(WARM)),$(shell find $(STAMP) $(KERNELS) -newer $(WARM) 2>/dev/null),yes)
WARM_IN_BACKGROUND = $(if $(warm_needed),$(BIN)/python -m tools.warm --stamp $(WARM) --background $(WARM_LOG))

# The lab serves the whole repository (notebooks/ and the rule pages in docs/) and opens the start
# page; jupyter/lab/settings/overrides.json keeps the news prompt and the update check away and
# opens Markdown files as rendered pages. JupyterLab shows a notebook's stored pictures (SVG) only
# in a notebook it trusts, and a fresh clone's are trusted by nobody: the kit's own notebooks are
# trusted first (the signatures go to Jupyter's data folder; the files are not changed).
NOTEBOOKS := $(wildcard notebooks/[0-9][0-9]_*.ipynb) notebooks/classroom.ipynb $(wildcard notebooks/ja/*.ipynb)

# Running the kit's notebooks changes no file (a teacher's `git pull` keeps working): a save that
# leaves a notebook's cells as they are writes its file as it was (cardlab/notebook_files.py).
KEEP_SHIPPED := --ContentsManager.pre_save_hook=cardlab.notebook_files.keep_shipped
# The start page is both the page the browser opens and the address the server prints
# (default_url; without it the printed address opens the Launcher).
START_PAGE := notebooks/00_start_here.ipynb

lab: $(STAMP)
	$(BIN)/jupyter trust $(NOTEBOOKS)
	$(WARM_IN_BACKGROUND)
	$(BIN)/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) --ServerApp.root_dir=. \
		--LabApp.app_settings_dir=$(CURDIR)/jupyter/lab/settings \
		--LabApp.default_url=/lab/tree/$(START_PAGE) $(KEEP_SHIPPED) $(START_PAGE)

# The classroom page: the three games' tables and the Cleopatra sample's replay as a page without
# code cells, served by Voila, which opens it in the browser. Its template (jupyter/voila/templates/
# cardlab) takes Font Awesome from Voila's own files, not a CDN, so the icons show offline. Each
# page runs a kernel of about 240 MB: a kernel nobody is connected to (its page closed) and idle for
# 90 s goes, looked for every 30 s, so a class's closed or reloaded pages free their memory within
# two minutes; a page left open keeps its kernel however long the reader thinks (cull_connected is
# off), and 90 s lets a phone that drops its connection for a moment come back to its game.
VOILA_CULL := --MappingKernelManager.cull_idle_timeout=90 --MappingKernelManager.cull_interval=30

app: $(STAMP)
	$(WARM_IN_BACKGROUND)
	JUPYTER_PATH=$(CURDIR)/jupyter $(BIN)/voila --template=cardlab $(VOILA_CULL) notebooks/classroom.ipynb

# A room server (cardlab.rooms) on 127.0.0.1:8765, its rooms kept in cardlab-rooms.sqlite: it
# prints each room's teacher's token and the seats' links, and serves until Ctrl-C. Its options:
# `make room ROOM_ARGS="--game kirifu --seats Aiko,Ben,computer --classroom"`.
ROOM_ARGS ?=

room: $(STAMP)
	$(WARM_IN_BACKGROUND)
	$(BIN)/python -m cardlab.rooms $(ROOM_ARGS)

# The classroom as a static site in site/: JupyterLite and Voici, whose Python (Pyodide) runs in
# the reader's browser, with every notebook, the rule pages and the tables; no server but a static
# one (python -m http.server, a school's web space, GitHub Pages). Downloads are kept in
# .cache/site/. See the README, "The classroom as a website".
SITE_STAMP := $(VENV)/.cardlab-site-installed

$(SITE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[site]"
	@touch $(SITE_STAMP)

site: $(SITE_STAMP)
	$(BIN)/python -m tools.site build --out site

test: setup
	env -u MPLBACKEND CARDLAB_QUICK=1 $(BIN)/python -m pytest tests notebooks --nbval --nbval-current-env \
		--nbval-sanitize-with tests/nbval_sanitize.cfg --nbval-cell-timeout 900 $(PYTEST_ARGS)

bench: $(WARM)
	$(BIN)/python -m tools.bench table

clean:
	rm -rf $(VENV) .pytest_cache
