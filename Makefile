# Two commands do everything on a fresh machine with Python 3.11+ (see README.md):
#   make tutor   installs what is needed and opens the tutor in JupyterLab
#   make test    installs what is needed and runs every test
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin

.PHONY: tutor test bench install lint clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m ipykernel install --sys-prefix --name python3 >/dev/null

tutor: install
	$(BIN)/jupyter lab notebooks/00_start_here.ipynb

test: install
	$(BIN)/python -m pytest

bench: install
	$(BIN)/python -m pytest -m benchmark -s -p no:randomly

lint: install
	$(BIN)/ruff check concordia_core widgets tests

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
