"""Voilà settings for the tutor's app mode (`make app`): the chapters and the first-game table as web
pages, with no code shown and none accepted from a visitor.

`make app` points Voilà at this folder only (`--Voila.config_file_paths=app`), so no voila.json/voila.py
elsewhere (the current folder, ~/.jupyter, the venv) can loosen what is set here; options given on
the command line (`make app HOST=... PORT=...`) still win. tests/app/test_app_lockdown.py checks every line.
"""

import os
import sys
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
# The pages know they are the app: links into docs/ open the app's own rules pages instead
# (templates/concordia/static/rules.*.html; a chapter's rule links open the rule in a dialog, rules.js), and the
# refusal box shows the rule's text itself (widgets/support/rulebook.py).
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
c.VoilaConfiguration.extension_config = {"concordia": {"language": os.environ.get("CONCORDIA_LANG", "en")}}

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
# --- how many kernels, and for how long ----------------------------------------------------------------
# Every page visit runs its own kernel (about 125 MB). At most CONCORDIA_KERNELS (make app KERNELS=N, default 8)
# are alive at once, preheated ones included: app/concordia_app/kernels.py's CappedKernelManager, the kernel
# manager class Voilà takes through configuration, refuses the next one with HTTP 503, shown as a plain "busy, try
# again in a minute" page (templates/concordia/503.html), after making room from kernels nobody uses.
# A page that never connects (a bare HTTP request) or goes away without saying so leaves its kernel behind: it
# is shut down after 10 idle minutes, or 1 once three quarters of the cap are in use. A page still open (its
# kernel connected) is never culled.
sys.path.append(str(APP))   # after the installed packages: app/voila.py must never stand for the voila package
from concordia_app import endpoints  # noqa: E402
from concordia_app.kernels import CappedKernelManager, cap_from_environment  # noqa: E402
from concordia_app.owners import VisitorAuthorizer  # noqa: E402
from concordia_app.visitors import HEADER, VisitorIdentityProvider, cookie_secret  # noqa: E402

c.VoilaConfiguration.multi_kernel_manager_class = CappedKernelManager
c.CappedKernelManager.max_kernels = cap_from_environment("CONCORDIA_KERNELS", 8)
c.CappedKernelManager.busy_idle_timeout = 60
c.MappingKernelManager.cull_idle_timeout = 600
c.MappingKernelManager.cull_interval = 30
c.MappingKernelManager.cull_connected = False
# The most visited pages (the start page and the quick path 01, 02, 15) are run ahead of their visitors, one
# kernel each (Voilà's pool, preheat_kernel): they show at once. Voilà's pool excludes progressive rendering and
# prelaunch hooks, which the tutor does not use. The other chapters start their kernel when asked for.
# A kernel taken from the pool is replaced 10 s later, not after Voilà's 1 s (fill_delay): starting the next kernel
# and running its chapter costs a core for a few seconds, the very seconds the visitor's page needs the server (and,
# on one machine, the browser): on the loaded 2-core machine the start page showed in 2.8 s with the refill at 1 s,
# 2.2 s with it at 10 s, chapter 15 in 3.3 s and 2.5 s. A second visitor of that chapter within those seconds gets a
# kernel started for them, as when the pool is empty (kernels.py: Voilà's fill_delay would make them wait it out).
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.default_pool_size = 0
c.VoilaConfiguration.progressive_rendering = False
c.VoilaKernelManager.kernel_pools_config = {"default": {"pool_size": 0}, **{name: {"pool_size": 1} for name in (
    "00_start_here.ipynb", "01_setup.ipynb", "02_first_game_guided.ipynb", "15_first_game.ipynb")}}
c.CappedKernelManager.refill_delay = 10.0

# --- whose saves -------------------------------------------------------------------------------------------
# Each browser gets a random visitor id from the server (jupyter_server's anonymous user, in a cookie signed
# with a secret kept in the saves folder); the page's kernel learns it as the header X-Concordia-Visitor, which
# the server sets itself (app/concordia_app/visitors.py), and keeps its saves in visitors/<id>/ of the saves
# folder (widgets/support/saves.py). A visitor never sees, lists or loads another visitor's saves.
c.Voila.identity_provider_class = VisitorIdentityProvider
c.Voila.cookie_secret = cookie_secret(Path(os.environ["CONCORDIA_SAVES"]))
c.VisitorIdentityProvider.cookie_options = {"samesite": "Lax", "expires_days": 365}
c.VisitorIdentityProvider.get_secure_cookie_kwargs = {"max_age_days": 365}
c.VoilaConfiguration.http_header_envs = [HEADER]

# --- whose kernels ---------------------------------------------------------------------------------------
# A kernel is its visitor's: the kernel manager records the visitor id of the page that started or took it, and
# jupyter_server's Authorizer (app/concordia_app/owners.py) refuses every request naming a kernel (its channels,
# /api/kernels/<id>, Voilà's shutdown call) whose signed cookie does not carry that id, before the kernel is
# reached. endpoints.guard() puts Voilà's shutdown call under that Authorizer, keeps browsers out of the address
# a preheated kernel asks for its request, and answers odd template paths with a 404.
# A page asked for without the visitor cookie gets the cookie first (a redirect) and starts no kernel; one visitor
# holds at most VISITOR_PAGES kernels (a learner with a few tabs; make app VISITOR_PAGES=N), beyond which their
# oldest page gone makes room, or they get a plain page (templates/concordia/429.html). A closed or reloaded page
# gives its kernel back at once: its shutdown call carries the _xsrf cookie the page was served with.
endpoints.guard()
c.Voila.authorizer_class = VisitorAuthorizer
c.CappedKernelManager.per_visitor = cap_from_environment("CONCORDIA_VISITOR_PAGES", 3)
