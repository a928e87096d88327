# Two commands do everything on a fresh machine with Python 3.11+ (see README.md):
#   make tutor   installs what is needed and opens the tutor in JupyterLab
#   make test    installs what is needed and runs every test
# Installing happens once: again only when pyproject.toml changes (the stamp file records it).
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
# axe-core, the accessibility engine the browser tests inject into the pages (tests/axe_support.py): the npm
# package pinned in tests/axe/package-lock.json, installed there by npm when npm is on the machine (without
# npm the audit tests skip, and fail under CI).
AXE_DIR = tests/axe
AXE     = $(AXE_DIR)/node_modules/axe-core/axe.min.js

.PHONY: tutor tutor-ja test quick bench lint typecheck install clean app site site-serve

# make app: the tutor as web pages with Voila (no code shown, none run from a visitor; settings in
# app/voila.py). Only this machine can connect unless HOST is given on the command line:
#   make app [HOST=0.0.0.0] [PORT=8866] [NO_BROWSER=1] [LANG=ja] [NOTEBOOK=notebooks/15_first_game.ipynb] [KERNELS=8]
#            [VISITOR_PAGES=3] [TABLES=postgresql://user@host/db]
# KERNELS caps the kernels alive at once (one per open page, about 125 MB each; preheated ones included);
# VISITOR_PAGES caps those of one visitor (one browser: a learner with a few tabs). TABLES is where the tables for
# friends keep their moves: SQLite in the saves folder unless a PostgreSQL address is given (several app servers).
# LANG counts only when given on the command line (the LANG of the environment is the locale);
# otherwise CONCORDIA_LANG, else English. LANG=ja serves notebooks/ja/ once it exists.
APP_HOST   := $(if $(filter command line,$(origin HOST)),$(HOST),127.0.0.1)
PORT       ?= 8866
NO_BROWSER ?=
NOTEBOOK   ?=
SAVES      ?= $(CURDIR)/saves
KERNELS    ?= 8
VISITOR_PAGES ?= 3
TABLES     ?=
APP_LANG   := $(if $(filter command line,$(origin LANG)),$(LANG),$(or $(CONCORDIA_LANG),en))
APP_DIR    ?= $(if $(and $(filter ja%,$(APP_LANG)),$(wildcard notebooks/ja/*.ipynb)),notebooks/ja,notebooks)
APP_START   = $(if $(NOTEBOOK),,$(if $(wildcard $(APP_DIR)/00_start_here.ipynb),voila/render/00_start_here.ipynb))

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 --display-name "Python 3" >/dev/null
	touch $(STAMP)

$(AXE): $(AXE_DIR)/package-lock.json
	@if command -v npm >/dev/null 2>&1; then npm ci --prefix $(AXE_DIR) --no-audit --no-fund --loglevel=error && touch $(AXE); \
	else echo "npm not found: axe-core is not installed, and the accessibility audit tests will skip (CI fails them)"; fi

install: $(STAMP) $(AXE)

# make tutor, make tutor-ja: JupyterLab for this machine only (127.0.0.1), opening the start chapter:
#   make tutor [PORT=8888] [NO_BROWSER=1] [WORKDIR=tutor] [FRESH=notebooks/01_setup.ipynb]
# It serves the learner's own working copy of the chapters, never notebooks/ itself (JupyterLab saves into what
# it serves): WORKDIR (tutor/ in the repository, git-ignored) with notebooks/, docs/ and README.md, made and kept
# in step by scripts/tutor_copy.py, which never overwrites a chapter the learner changed; it lists those, and
# FRESH="PATH ..." replaces them by fresh copies (the learner's kept beside as NAME-yours.ipynb).
# The tutor's JupyterLab settings are lab/settings/overrides.json (no news, no cell toolbar, no cell-type menu);
# its plugin lab/labextensions/concordia-tutor-lab runs a chapter when it is opened and folds the file browser.
# As root (a container, CI) JupyterLab stops unless given --allow-root: it is given then only, and said.
# No browser is opened with NO_BROWSER=1 or on Linux without a display; JupyterLab always prints the address
# to open, with its token ("Or copy and paste one of these URLs: http://127.0.0.1:8888/lab/tree/...?token=...");
# Ctrl-C stops it.
TUTOR_PORT   := $(if $(filter command line environment,$(origin PORT)),$(PORT),8888)
TUTOR_DIR    := $(if $(filter command line,$(origin WORKDIR)),$(WORKDIR),tutor)
AS_ROOT      := $(filter 0,$(shell id -u))
NO_DISPLAY   := $(if $(filter Linux,$(shell uname -s)),$(if $(DISPLAY)$(WAYLAND_DISPLAY)$(BROWSER),,1))
TUTOR_QUIET  := $(or $(NO_BROWSER),$(NO_DISPLAY))
LAB           = $(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(TUTOR_PORT) \
                --ServerApp.open_browser=$(if $(TUTOR_QUIET),False,True) --ServerApp.root_dir="$(TUTOR_DIR)" \
                --LabApp.app_settings_dir="$(CURDIR)/lab/settings" \
                --LabApp.extra_labextensions_path="$(CURDIR)/lab/labextensions" \
                --LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate $(if $(AS_ROOT),--allow-root)
# $(call TUTOR_START,start chapter,command): the working copy, what to open, then JupyterLab at that chapter
TUTOR_START   = $(BIN)/python scripts/tutor_copy.py "$(TUTOR_DIR)" --command "$(2)" $(if $(FRESH),--fresh $(FRESH)) && \
                $(if $(AS_ROOT),echo "Running as root: JupyterLab is started with --allow-root." &&) \
                echo "$(if $(TUTOR_QUIET),No browser is opened here:,If no browser opens,) open the address JupyterLab prints \
                below, http://127.0.0.1:PORT/lab/tree/$(1)?token=TOKEN (port $(TUTOR_PORT) or the next free one)."

tutor: $(STAMP)
	@$(call TUTOR_START,notebooks/00_start_here.ipynb,make tutor)
	$(LAB) --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb

# The Japanese tutor: the Japanese chapters, the tutor's texts in Japanese (CONCORDIA_LANG) and
# JupyterLab's own menus in Japanese (its language pack, with settings of their own so `make tutor`
# stays English).
JA_SETTINGS = $(VENV)/share/jupyter/lab/user-settings-ja
tutor-ja: $(STAMP)
	mkdir -p "$(JA_SETTINGS)/@jupyterlab/translation-extension"
	printf '{"locale": "ja_JP"}\n' > "$(JA_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings"
	@$(call TUTOR_START,notebooks/ja/00_start_here.ipynb,make tutor-ja)
	CONCORDIA_LANG=ja $(LAB) --LabApp.user_settings_dir="$(JA_SETTINGS)" --LabApp.default_url=/lab/tree/notebooks/ja/00_start_here.ipynb

app: $(STAMP)
	@echo "Serving $(or $(NOTEBOOK),$(APP_DIR)) (language $(APP_LANG)): open http://$(APP_HOST):$(PORT)/$(APP_START) - stop with Ctrl-C"
	CONCORDIA_LANG="$(APP_LANG)" CONCORDIA_SAVES="$(SAVES)" CONCORDIA_KERNELS="$(KERNELS)" \
	  CONCORDIA_VISITOR_PAGES="$(VISITOR_PAGES)" CONCORDIA_TABLES="$(TABLES)" exec $(BIN)/voila \
	  --Voila.config_file_paths="$(CURDIR)/app" --Voila.ip="$(APP_HOST)" --port="$(PORT)" \
	  $(if $(NO_BROWSER),--no-browser) "$(or $(NOTEBOOK),$(APP_DIR))"

# make site: the tutor as a static site in build/site/, run in the browser by Pyodide (no install, no server; any
# static host serves it): the chapters as pages without code (Voici), the same chapters in JupyterLite's JupyterLab,
# everything they need inside (scripts/build_site.py; the pinned inputs in site/). The first build downloads the
# build tools and the wheels once (build/site-tools/, build/site-cache/); it is made again only when an input changes.
# make site-serve [PORT=8000]: serves it on this machine (a free port unless PORT is given) and prints the address.
SITE        = build/site/index.html
SITE_INPUTS = $(shell find concordia_core widgets notebooks site/share -type f ! -name '*.pyc' 2>/dev/null) \
              $(wildcard docs/rules*.md site/*.txt site/package*.json app/share/jupyter/voila/templates/concordia/*) \
              $(wildcard app/share/jupyter/voila/templates/concordia/static/*) pyproject.toml setup.py scripts/build_site.py
SITE_PORT  := $(if $(filter command line environment,$(origin PORT)),$(PORT),0)

$(SITE): $(STAMP) $(SITE_INPUTS)
	$(BIN)/python scripts/build_site.py

site: $(SITE)

site-serve: $(SITE)
	$(BIN)/python scripts/serve_site.py --port $(SITE_PORT)

# make test: every test, on both cores (pytest-xdist, one test file per worker, so a file's JupyterLab or app
# server starts once); then the soak of the app mode alone, so its memory and page figures are the app's own.
# Both parts always run; the exit status fails when either fails.
test: $(STAMP) $(AXE)
	@status=0; \
	$(BIN)/python -m pytest -n 2 --dist loadfile --ignore=tests/app/test_app_soak.py || status=$$?; \
	$(BIN)/python -m pytest tests/app/test_app_soak.py || status=$$?; \
	exit $$status

quick: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow and not browser and not benchmark" -p no:randomly -n auto

bench: $(STAMP)
	$(BIN)/python -m pytest -m benchmark -s -p no:randomly

lint: $(STAMP)
	$(BIN)/ruff check

# The engine under mypy --strict; then widgets/ and scripts/ under the settings in pyproject.toml (not strict).
typecheck: $(STAMP)
	$(BIN)/mypy --strict concordia_core
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache $(AXE_DIR)/node_modules
