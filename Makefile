# Two commands do everything on a fresh machine with Python 3.11+ (see README.md):
#   make tutor   installs what is needed and opens the tutor in JupyterLab
#   make test    installs what is needed and runs every test
# Installing happens once: again only when pyproject.toml changes (the stamp file records it).
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: tutor test quick bench lint typecheck install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null
	touch $(STAMP)

install: $(STAMP)

tutor: $(STAMP)
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest

quick: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow and not browser and not benchmark" -p no:randomly

bench: $(STAMP)
	$(BIN)/python -m pytest -m benchmark -s -p no:randomly

lint: $(STAMP)
	$(BIN)/ruff check

typecheck: $(STAMP)
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .mypy_cache
