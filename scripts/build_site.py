#!/usr/bin/env python3
"""Build the static site into site/ (stdlib only, plus Node for the bytecode).

The site is self-contained: page, UI, the game/ and ui/ packages (sources and
bytecode in app.zip) and a vendored copy of the PyScript and Pyodide
runtimes, so no request leaves the origin and the folder can be published
as-is (also under a sub-path: all paths are relative).

    python3 scripts/build_site.py [--out DIR]
"""

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from rules_pages import write_rules_pages  # noqa: E402
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# What loadPyodide() fetches for a page that installs no packages (checked by
# logging every request in Chromium; e2e/test_boot.py fails on any 404).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PY_PACKAGES = ("game", "ui")  # packed with their bytecode into APP_ZIP, unpacked into Python's cwd
APP_ZIP = "app.zip"
ENTRY = "main.py"  # ui/main.py: index.html's <script type="py" src>
RUNTIME_BYTES_MARK = 'data-runtime-bytes="0"'
# The installable app: manifest and icons (scripts/make_icons.py draws these).
APP_FILES = ("manifest.webmanifest", "icons")
SW_MARKS = ('const VERSION = "dev";', "const FILES = [];")


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def write_packages(out: Path) -> None:
    """APP_ZIP (game/ and ui/ with bytecode, made by scripts/bytecode.mjs
    under Node with the pinned Pyodide) and the config that unpacks it."""
    subprocess.run(["node", str(ROOT / "scripts" / "bytecode.mjs"), str(out / APP_ZIP), str(ROOT),
                    *PY_PACKAGES], check=True)
    lines = [(ROOT / "pyscript.toml").read_text().rstrip(), "", "[files]",
             f'"./{APP_ZIP}" = "./*"']
    (out / "pyscript.toml").write_text("\n".join(lines) + "\n")


def write_service_worker(out: Path) -> None:
    """sw.js with the precache list (every file of the site) and a cache version.

    The version hashes every file's path and contents, so any change to the
    site makes a new cache name and the old cache is dropped on activation.
    """
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    template = (ROOT / "sw.js").read_text()
    if not all(mark in template for mark in SW_MARKS):
        sys.exit(f"sw.js lost one of its markers {SW_MARKS}")
    version_line = f"const VERSION = {json.dumps(digest.hexdigest()[:16])};"
    files_line = f"const FILES = {json.dumps(files, indent=0)};"
    text = template.replace(SW_MARKS[0], version_line).replace(SW_MARKS[1], files_line)
    (out / "sw.js").write_text(text)


def build(out: Path) -> int:
    if not PYSCRIPT_DIST.is_dir() or not (PYODIDE_DIR / "pyodide.mjs").is_file():
        sys.exit("node_modules is missing the runtimes: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # UI assets (css, js), the page's entry script, and the Python packages.
    for path in sorted((ROOT / "ui").iterdir()):
        if path.suffix in (".css", ".js") or path.name == ENTRY:
            copy_file(path, out / "ui" / path.name)
    write_packages(out)
    # The in-page rules reference: each preset's documentation page as HTML.
    write_rules_pages(ROOT / "docs" / "presets", out / "rules")

    # PyScript imports hashed chunks lazily: ship the whole dist/ folder, less
    # the source maps (only DevTools asks for them; they are 3/4 of its bytes).
    shutil.copytree(
        PYSCRIPT_DIST, out / "vendor" / "pyscript", ignore=shutil.ignore_patterns("*.map")
    )
    runtime_bytes = 0
    for name in PYODIDE_FILES:
        copy_file(PYODIDE_DIR / name, out / "vendor" / "pyodide" / name)
        runtime_bytes += (PYODIDE_DIR / name).stat().st_size

    # The page's progress bar measures downloads against the real runtime size.
    html = (ROOT / "index.html").read_text()
    if RUNTIME_BYTES_MARK not in html:
        sys.exit(f"index.html lost its {RUNTIME_BYTES_MARK} marker")
    html = html.replace(RUNTIME_BYTES_MARK, f'data-runtime-bytes="{runtime_bytes}"')
    (out / "index.html").write_text(html)

    for name in APP_FILES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, out / name)
        else:
            copy_file(src, out / name)
    write_service_worker(out)
    return sum(p.stat().st_size for p in out.rglob("*") if p.is_file())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "site", help="output folder")
    args = parser.parse_args()
    total = build(args.out.resolve())
    print(f"built {args.out}: {total} bytes ({total / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()
