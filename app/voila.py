"""Voilà settings for the tutor's app mode (`make app`): the chapters and the first-game table as web
pages, with no code shown and none accepted from a visitor.

`make app` points Voilà at this folder only (`--Voila.config_file_paths=app`), so no voila.json/voila.py
elsewhere (the current folder, ~/.jupyter, the venv) can loosen what is set here; options given on
the command line (`make app HOST=... PORT=...`) still win. tests/test_voila.py checks every line.
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821  (traitlets provides get_config in a config file)
APP = Path(__file__).resolve().parent   # traitlets runs this file with __file__ set
REPO = APP.parent

# The tutor's own Voilà template ("concordia", under app/share/jupyter) is found through JUPYTER_PATH,
# read by Voilà after this file has run.
os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(APP / "share" / "jupyter"),
                                                         os.environ.get("JUPYTER_PATH", "")) if p)
# Every save and load box goes through widgets/support/saves.py, which writes only into $CONCORDIA_SAVES.
# `make app` sets it (SAVES=...); run by hand, the app uses the tutor's own saves/ folder. The kernels
# inherit the variable, as they inherit CONCORDIA_LANG (the language of the pages).
os.environ.setdefault("CONCORDIA_SAVES", str(REPO / "saves"))
# The pages know they are the app: links into docs/ (outside the served folder) are left out there,
# and the refusal box shows the rule's text itself (widgets/support/rulebook.py).
os.environ["CONCORDIA_APP"] = "1"

# --- where it listens -------------------------------------------------------------------------------
# Only this machine can connect unless the person starting it says otherwise (make app HOST=0.0.0.0).
c.Voila.ip = "127.0.0.1"
c.Voila.port = 8866
c.Voila.port_retries = 0   # the address printed by `make app` is the one served, or Voila stops and says so
# A token is not needed to read the pages (they are meant to be read); there is nothing to log in to.

# --- what a visitor sees ----------------------------------------------------------------------------
# The tutor's template: Voilà's "lab" template at full width (the game screen puts the map and the
# controls side by side), calling no third-party site (app/share/jupyter/voila/templates/concordia).
c.VoilaConfiguration.template = "concordia"
c.VoilaConfiguration.theme = "light"
c.VoilaConfiguration.show_margins = False
# A visitor cannot switch template or theme through the address (?template=..., ?theme=...):
# what the pages look like, and that their sources are stripped, is decided here only.
c.VoilaConfiguration.allow_template_override = "NO"
c.VoilaConfiguration.allow_theme_override = "NO"
# The tree page is Voilà's own list of notebooks and folders under the served folder; it never lists
# other files and never hands out a notebook's content.
c.VoilaConfiguration.classic_tree = False

# --- what a visitor never gets ----------------------------------------------------------------------
# No code: the page carries the cells' outputs, never their sources.
c.VoilaConfiguration.strip_sources = True
# No tracebacks: an error in a cell shows a one-line notice, never the server's stack or paths.
c.VoilaConfiguration.show_tracebacks = False
c.VoilaExecutor.show_tracebacks = False
c.VoilaExecutor.cell_error_instruction = "This part of the page could not be shown."
# Voilà's static file route (/voila/files/...) serves files of the served folder only when a name
# matches the allowlist and no denylist entry. The pages need none today (every picture is drawn
# into the page); plain raster images in the folder or a subfolder are allowed for chapters that add
# figures. A name must start with a letter, digit or _ in every part, so no "..", no hidden file,
# no absolute path. Never: notebooks (their source), Python files, JSON (saves, data), Markdown, text.
c.VoilaConfiguration.file_allowlist = [r"(?:[A-Za-z0-9_][\w\-]*/)*[A-Za-z0-9_][\w\-]*\.(?:png|jpe?g|gif|webp)"]
c.VoilaConfiguration.file_denylist = [r".*\.(?:ipynb|py|pyc|json|md|txt|cfg|toml|ini|yaml|yml|sh)", r".*\.\..*",
                                      r"(?:.*/)?\..*"]
# Kernels start on demand, one per page visit, and stop when the page is closed. A page that never
# connects (a bare HTTP request) or goes away without saying so leaves its kernel behind: it is shut
# down after 10 idle minutes. A page still open (its kernel connected) is never culled.
c.VoilaConfiguration.preheat_kernel = False
c.VoilaConfiguration.progressive_rendering = False
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 60
c.MappingKernelManager.cull_connected = False
