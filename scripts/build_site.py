"""Build the tutor as a static site (`make site`): the chapters as pages without code, run in the browser by
Pyodide, with no install and no server. Everything the site needs is copied into it, so it fetches nothing from
anywhere else when it runs.

    python scripts/build_site.py [--out build/site]

What it puts together (site/ holds the pinned inputs):
* the build tools: JupyterLite 0.7, its Pyodide kernel 0.7.2 and Voici 0.10 (site/tools.txt), in a venv of their own
  (build/site-tools/), made again only when site/tools.txt changes;
* Pyodide's runtime (Python 3.13 for WebAssembly) from the npm package pinned in site/package-lock.json (`npm ci`);
* the Python wheels the pages import in the browser, pure Python from PyPI, pinned with hashes (site/wheels.txt),
  downloaded once into build/site-cache/wheels/ (a second build needs no network), and this project's own wheel,
  built from the checkout without network;
* a pyodide-lock.json listing those wheels only, every one a file of the site (Pyodide's own lock points at a CDN);
* the chapters (notebooks/, notebooks/ja/) as Voici pages with the site's template (site/share/jupyter/...:
  the app mode's template, app/share/jupyter/voila/templates/concordia, with a link to the chapter in JupyterLab),
  the same chapters in JupyterLite's JupyterLab, and the rule text's pages that rules.js opens in a dialog;
* a start page (index.html) that opens chapter 00.
The kernel's saves folder ($CONCORDIA_SAVES) is /drive/saves: JupyterLite's contents, kept in the browser.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"
BUILD = ROOT / "build"
TOOLS = BUILD / "site-tools"
CACHE = BUILD / "site-cache"
RUNTIME = SITE / "node_modules" / "pyodide"
RUNTIME_FILES = ("pyodide.js", "pyodide.mjs", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
SAVES = "/drive/saves"
START = "voici/render/notebooks/00_start_here.html"
# Pyodide in the browser: what a wheel's markers are evaluated against (Pyodide 0.29: CPython 3.13 on Emscripten)
BROWSER = {"python_version": "3.13", "python_full_version": "3.13.2", "sys_platform": "emscripten",
           "platform_system": "Emscripten", "os_name": "posix", "platform_machine": "wasm32",
           "implementation_name": "cpython", "platform_python_implementation": "CPython", "extra": ""}
# What the kernel loads as it starts (the names pyodide-kernel checks, so it does not install them again), and the
# tutor with its dependencies: all from the site's pyodide-lock.json, before the first cell runs.
PRELOAD = ["micropip", "piplite", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi", "ipython",
           "concordia-tutor"]
# Requirements a wheel names that the browser never imports: the terminal, the lab extension, the desktop plots
# and the server (numpy and matplotlib: the pages draw SVG; the tutor imports them only where they are there).
NOT_IN_BROWSER = {"pexpect", "jupyterlab-widgets", "matplotlib", "numpy", "pillow", "jupyterlab", "voila"}
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"


def run(command: list[str], **kwargs: object) -> None:
    """Run a command, showing it; stop the build if it fails."""
    print("+", " ".join(str(part) for part in command), flush=True)
    subprocess.run(command, check=True, **kwargs)  # type: ignore[call-overload]


def digest(*paths: Path) -> str:
    """sha256 of files' contents, in order."""
    total = hashlib.sha256()
    for path in paths:
        total.update(path.read_bytes())
    return total.hexdigest()


def tools() -> Path:
    """The build tools' venv (JupyterLite, the Pyodide kernel, Voici), made again when site/tools.txt changes."""
    stamp = TOOLS / ".installed"
    wanted = digest(SITE / "tools.txt")
    if stamp.is_file() and stamp.read_text() == wanted:
        return TOOLS / "bin"
    shutil.rmtree(TOOLS, ignore_errors=True)
    run([sys.executable, "-m", "venv", str(TOOLS)])
    run([str(TOOLS / "bin" / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-r", str(SITE / "tools.txt")])
    stamp.write_text(wanted)
    return TOOLS / "bin"


def runtime() -> Path:
    """Pyodide's runtime from npm, as pinned in site/package-lock.json (`npm ci` again when the lock changes)."""
    stamp = SITE / "node_modules" / ".site-installed"
    wanted = digest(SITE / "package-lock.json")
    if not (stamp.is_file() and stamp.read_text() == wanted and (RUNTIME / "pyodide.asm.wasm").is_file()):
        if shutil.which("npm") is None:
            sys.exit("npm is needed to build the site (Pyodide's runtime is an npm package): install npm")
        run(["npm", "ci", "--prefix", str(SITE), "--no-audit", "--no-fund", "--loglevel=error"])
        stamp.write_text(wanted)
    return RUNTIME


def site_wheels() -> list[Path]:
    """The wheels of site/wheels.txt, from the cache if there (no network), else downloaded from PyPI into it."""
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    common = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-deps",
              "--only-binary=:all:", "--python-version", "3.13", "--implementation", "py", "--abi", "none",
              "--platform", "any", "--require-hashes", "-r", str(SITE / "wheels.txt"), "-d", str(folder)]
    try:
        run([*common, "--no-index", "--find-links", str(folder)], stderr=subprocess.DEVNULL)
    except subprocess.CalledProcessError:
        run(common)
    pinned = {canonicalize_name(line.split("==")[0]): line.split("==")[1].split()[0]
              for line in (SITE / "wheels.txt").read_text().splitlines() if "==" in line}
    found = [w for w in folder.glob("*.whl") if pinned.get(canonicalize_name(w.name.split("-")[0])) == w.name.split("-")[1]]
    if len(found) != len(pinned):
        sys.exit(f"the wheel cache {folder} lacks some of site/wheels.txt")
    return sorted(found)


def project_wheel(work: Path) -> Path:
    """This project's wheel, built from a copy of the checkout's sources without network (as tests/project/test_installed.py
    does): the build leaves nothing in the checkout."""
    source = work / "source"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, source / name)
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".*_cache")
    for package in ("concordia_core", "widgets"):
        shutil.copytree(ROOT / package, source / package, ignore=skip)
    (source / "docs").mkdir()
    for name in ("rules.md", "rules.ja.md"):
        shutil.copy2(ROOT / "docs" / name, source / "docs" / name)
    out = work / "wheel"
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--quiet",
         "--disable-pip-version-check", "--wheel-dir", str(out), str(source)], stdout=subprocess.DEVNULL)
    return next(out.glob("concordia_tutor-*.whl"))


def stub_wheel(folder: Path, name: str) -> Path:
    """A wheel that installs no module, standing in for a package of Pyodide's full distribution the site leaves out
    (sqlite3: IPython keeps its history in memory without it), so the kernel's request for it is met."""
    path = folder / f"{name}-1.0.0-py3-none-any.whl"
    info = f"{name}-1.0.0.dist-info"
    files = {f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0.0\n",
             f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: build_site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"}
    files[f"{info}/RECORD"] = "".join(f"{n},,\n" for n in [*files, f"{info}/RECORD"])
    with zipfile.ZipFile(path, "w") as archive:
        for entry, text in files.items():
            archive.writestr(zipfile.ZipInfo(entry, (2020, 1, 1, 0, 0, 0)), text)
    return path


def lock_entry(wheel: Path) -> dict[str, object]:
    """A pyodide-lock.json entry for a pure-Python wheel: its name, version, imports and requirements (as they
    apply in the browser), the file beside the lock and its hash."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode("utf-8"))
    depends = []
    for line in meta.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is not None and not Marker(str(requirement.marker)).evaluate(BROWSER):
            continue
        if canonicalize_name(requirement.name) not in NOT_IN_BROWSER:
            depends.append(canonicalize_name(requirement.name))
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith((".dist-info", ".data"))}
    imports = sorted(t[:-3] if t.endswith(".py") else t for t in tops if "." not in t or t.endswith(".py"))
    return {"name": meta["Name"], "version": meta["Version"], "file_name": wheel.name, "install_dir": "site",
            "sha256": digest(wheel), "package_type": "package", "imports": imports, "depends": sorted(set(depends)),
            "unvendored_tests": False, "shared_library": False}


def write_lock(folder: Path, wheels: list[Path]) -> None:
    """pyodide-lock.json in `folder`: Pyodide's own `info`, and the given wheels (copied there) as its packages.
    Every requirement must be among them (the site fetches nothing else)."""
    info = json.loads((RUNTIME / "pyodide-lock.json").read_text())["info"]
    packages = {}
    for wheel in wheels:
        if wheel.parent != folder:
            shutil.copy2(wheel, folder / wheel.name)
        entry = lock_entry(folder / wheel.name)
        packages[canonicalize_name(str(entry["name"]))] = entry
    missing = {d for e in packages.values() for d in e["depends"] if d not in packages}  # type: ignore[attr-defined]
    if missing:
        sys.exit(f"the site's wheels lack {sorted(missing)}: add them to site/wheels.txt")
    (folder / "pyodide-lock.json").write_text(json.dumps({"info": info, "packages": packages}, indent=1) + "\n")


def lite_config() -> dict[str, object]:
    """The jupyter-lite.json of the build: the kernel runs Pyodide from the site's own files."""
    kernel = {"pyodideUrl": "./pyodide/pyodide.js", "disablePyPIFallback": True,
              "loadPyodideOptions": {"lockFileURL": "./pyodide/pyodide-lock.json", "packages": PRELOAD,
                                     "env": {"CONCORDIA_SAVES": SAVES}}}
    return {"jupyter-lite-schema-version": 0,
            "jupyter-config-data": {"appName": "Concordia Tutor", "litePluginSettings": {KERNEL_PLUGIN: kernel},
                                    "disabledExtensions": ["@jupyterlab/apputils-extension:announcements"]}}


def contents(work: Path) -> Path:
    """The site's files as JupyterLite serves them: the chapters as they are, and the rule text their links name."""
    folder = work / "contents"
    (folder / "notebooks" / "ja").mkdir(parents=True)
    for chapter in sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "ja").glob("*.ipynb")):
        shutil.copy2(chapter, folder / chapter.relative_to(ROOT))
    (folder / "docs").mkdir()
    for name in ("rules.md", "rules.ja.md"):
        shutil.copy2(ROOT / "docs" / name, folder / "docs" / name)
    (folder / "saves").mkdir()
    (folder / "saves" / "README.md").write_text("The tutor's saves, kept in this browser.\n")
    return folder


def start_page(out: Path) -> None:
    """index.html: the start chapter (a redirect, and a link for a browser that does not follow it)."""
    (out / "index.html").write_text(f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Concordia Tutor</title>
<meta http-equiv="refresh" content="0; url={START}"></head>
<body><p><a href="{START}">Concordia Tutor: start here</a> ·
<a href="voici/render/notebooks/ja/00_start_here.html" lang="ja">日本語</a></p></body></html>
""")


def build(out: Path) -> None:
    bin_dir = tools()
    runtime()
    with tempfile.TemporaryDirectory(prefix="site-", dir=BUILD) as temp:
        work = Path(temp)
        wheels = [*site_wheels(), project_wheel(work)]
        kernel_wheels = TOOLS.glob("share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi/*.whl")
        wheels += [w for w in kernel_wheels if not w.name.startswith("widgetsnbextension-3")]
        lite = work / "lite"
        lite.mkdir()
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config(), indent=1))
        files = contents(work)
        staged = work / "site"
        env = {**os.environ, "JUPYTER_PATH": os.pathsep.join([str(SITE / "share" / "jupyter"),
                                                               str(ROOT / "app" / "share" / "jupyter")])}
        run([str(bin_dir / "voici"), "build", "--lite-dir", str(lite), "--contents", str(files),
             "--output-dir", str(staged), "--apps", "lab", "--apps", "voici", "--no-sourcemaps", "--no-unused-shared-packages",
             "--template", "concordia-site", "--theme", "light", "--strip_sources=True", "--show_tracebacks=False"],
            cwd=lite, env=env)
        pyodide = staged / "pyodide"
        pyodide.mkdir()
        for name in RUNTIME_FILES:
            shutil.copy2(RUNTIME / name, pyodide / name)
        write_lock(pyodide, [*wheels, stub_wheel(work, "sqlite3")])
        rules = staged / "voila" / "templates" / "concordia" / "static"   # where rules.js looks (body's data-base-url)
        rules.mkdir(parents=True)
        for name in ("rules.en.html", "rules.ja.html"):
            shutil.copy2(ROOT / "app" / "share" / "jupyter" / "voila" / "templates" / "concordia" / "static" / name,
                         rules / name)
        start_page(staged)
        for map_file in staged.rglob("*.map"):
            map_file.unlink()
        shutil.rmtree(out, ignore_errors=True)
        shutil.move(str(staged), out)
    size = sum(f.stat().st_size for f in out.rglob("*") if f.is_file())
    print(f"The site is in {out} ({size / 1e6:.0f} MB): open {START} there, or serve it with make site-serve.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=BUILD / "site")
    build(parser.parse_args().out.resolve())


if __name__ == "__main__":
    main()
