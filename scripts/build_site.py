#!/usr/bin/env python3
"""Build the static site into site/ (stdlib only, plus Node for the bytecode).

The site is self-contained: page, UI, the game/ and ui/ packages (sources and
bytecode in app.tar) and a vendored copy of the PyScript and Pyodide
runtimes, so no request leaves the origin and the folder can be published
as-is (also under a sub-path: all paths are relative).

    python3 scripts/build_site.py [--out DIR]
"""

import argparse
import ast
import hashlib
import html as markup
import io
import json
import lzma
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
import zipfile
from pathlib import Path

import pyodide_linking
import pyscript_core
from rules_pages import write_rules_pages

ROOT = Path(__file__).resolve().parent.parent
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
# PyScript's own Python package, as PyScript writes it into Python's working
# directory at start-up (then imports it, compiling it: about 60 ms).
PYSCRIPT_STDLIB = ROOT / "node_modules" / "@pyscript" / "core" / "src" / "stdlib" / "pyscript.js"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
# The wasm, packed as xz too (2.6 MB against 3.6 MB as a host gzips the wasm):
# a first visit fetches the packed copy and ui/start_pyodide.mjs unpacks it as
# it arrives with XZ_DECODER; the offline copy (sw.js) keeps it unpacked, so
# a later visit reads it, and its compiled code, from the cache. The unpacked
# file stays on the site for anything else that asks for it.
WASM = "pyodide.asm.wasm"
PACKED_WASM = WASM + ".xz"
XZ_DECODER = ROOT / "node_modules" / "xz-decompress" / "dist" / "package" / "xz-decompress.min.js"
XZ_DECODER_SITE = "vendor/xz/xz-decompress.min.js"
# The QR code of an invitation (ui/friends.js loads it when one is drawn).
QR_ENCODER = ROOT / "node_modules" / "qrcode-generator" / "dist" / "qrcode.js"
QR_ENCODER_SITE = "vendor/qrcode/qrcode.js"
# What loadPyodide() fetches for a page that installs no packages (checked by
# logging every request in Chromium; e2e/test_boot.py fails on any 404).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    WASM,
    "pyodide-lock.json",
)
LOCK_FILE = "pyodide-lock.json"
# The standard library the page ships (scripts/stdlib.mjs): only the modules
# it imports, as bytecode; ui/start_pyodide.mjs loads it instead of the stock one.
STDLIB_ZIP = "python_stdlib_compiled.zip"
# The standard library modules a start-up imports (one a line; recorded from a
# real start: bench/page_load.py --breakdown prints them), besides those that
# game/ and ui/ import, which the build reads from their code.
STDLIB_STARTUP = ROOT / "scripts" / "stdlib_startup.txt"
BUILD_CACHE = ROOT / ".cache"  # build products that take long to make (not in git)
ENTRY = "main.py"  # ui/main.py: index.html's <script type="py" src>
PY_PACKAGES = ("game", "ui")  # packed as bytecode into APP_BUNDLE, unpacked into Python's cwd
# Not in APP_BUNDLE: the command line (`python -m game`: argparse, processes),
# which the page never imports (the stdlib modules it needs would weigh more
# than it), and the entry script, which PyScript fetches and runs itself.
APP_LEFT_OUT = ("game/__main__.py", "game/runs/cli.py", "game/runs/tournament.py", f"ui/{ENTRY}")
# The game's files as one archive; packed as xz too (a quarter smaller than
# gzip: a first visit fetches that copy, unpacked by ui/app_files.mjs; the
# offline copy keeps it unpacked, like the wasm).
APP_BUNDLE = "app.tar"
PACKED_APP = APP_BUNDLE + ".xz"
# The markers for the start-up preloads (index.html's links, ui/boot.js's
# list), and the PyScript chunks that start-up imports besides core.js's
# own: the config parser (TOML) and the error plugin (the other plugins are
# turned off in pyscript.toml).
PRELOAD_MARK = "<!-- start-up preloads -->"
LATE_PRELOAD_MARK = "[/* start-up preloads */]"
PYSCRIPT_START_CHUNKS = ("toml", "error")
MPY_CONFIG = re.compile(r"<mpy-config>(.*?)</mpy-config>", re.S)
RUNTIME_BYTES_MARK = 'data-runtime-bytes="0"'
# The key a memory snapshot made on the phone is kept under (ui/snapshot.mjs):
# a hash of what the snapshot holds, so another release never restores it.
SNAPSHOT_KEY_MARK = 'data-snapshot-key=""'
SNAPSHOT_MADE_OF = (f"vendor/pyodide/{WASM}", "vendor/pyodide/pyodide.asm.mjs", f"vendor/pyodide/{STDLIB_ZIP}",
                    APP_BUNDLE)
# index.html's marker for the early new-game screen's rules (ui/early.js), and
# what a Python process of its own prints of the engine's presets for it.
PRESETS_MARK = "<!-- presets -->"
# ui/boot.js and ui/early.js run in <head> before the first paint on every
# visit: the build writes them into index.html, as a request of their own
# would hold up the parser and so the paint.
INLINE_SCRIPTS = ("ui/boot.js", "ui/early.js")
# Its stylesheets too (<link rel="stylesheet">): the first paint then waits
# for no request (bench/LOG.md, 7 December: the table painted about 40 ms
# sooner on the phone profile). The rules pages keep theirs (RULES_STYLESHEET).
STYLESHEET_LINK = re.compile(r'<link rel="stylesheet" href="\./([\w/.-]+\.css)">')
RULES_STYLESHEET = "style.css"
PRESETS_CODE = ("import json, game; from game.presets import DEFAULT_PRESET; "
                "print(json.dumps([DEFAULT_PRESET, [[n, r.title] for n, r in game.PRESETS.items()]]))")
# The installable app: manifest and icons (scripts/make_icons.py draws these).
APP_FILES = ("manifest.webmanifest", "icons")
SW_MARKS = ('const VERSION = "dev";', "const FILES = [];", "const UNPACKED = {};")


def copy_file(src: Path, dst: Path) -> None:
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dst)


def pyscript_sources() -> dict[str, str]:
    """PyScript's `pyscript` package: file name -> the source PyScript writes.

    Read from the package's build artifact, and checked against the copy
    embedded in the dist bundle the page runs.
    """
    text = PYSCRIPT_STDLIB.read_text()
    sources = json.loads(text[text.index("export default") + len("export default"):].strip().rstrip(";"))
    sources = sources["pyscript"]
    bundle = "".join(p.read_text() for p in PYSCRIPT_DIST.glob("core-*.js"))
    for name, source in sources.items():
        if json.dumps(source, ensure_ascii=False) not in bundle:
            sys.exit(f"{PYSCRIPT_STDLIB}: pyscript/{name} differs from the copy PyScript's bundle writes")
    return sources


def app_sources(dst: Path) -> None:
    """Copy PY_PACKAGES, less APP_LEFT_OUT and bytecode caches, into ``dst``."""
    for pkg in PY_PACKAGES:
        shutil.copytree(ROOT / pkg, dst / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for rel in APP_LEFT_OUT:
        (dst / rel).unlink()


def write_packages(out: Path) -> None:
    """APP_BUNDLE, which ui/app_files.mjs unpacks before PyScript gets the runtime.

    APP_BUNDLE holds game/ and ui/ as bytecode (and the data files they read)
    and PyScript's `pyscript` package, as bytecode too (the site's PyScript
    writes no sources: scripts/pyscript_core.py); its sources are checked
    here to be exactly the ones PyScript's bundle holds. The bytecode is
    made by scripts/bytecode.mjs under Node with the pinned Pyodide.
    """
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        app_sources(src)
        for name, source in pyscript_sources().items():
            (src / "pyscript").mkdir(parents=True, exist_ok=True)
            (src / "pyscript" / name).write_text(source)
        packed = Path(tmp) / "app.zip"
        subprocess.run(["node", str(ROOT / "scripts" / "bytecode.mjs"), str(packed), str(src),
                        *PY_PACKAGES, "pyscript"], check=True)
        tar = io.BytesIO()
        with zipfile.ZipFile(packed) as zin, tarfile.open(fileobj=tar, mode="w", format=tarfile.USTAR_FORMAT) as tout:
            for info in sorted(zin.infolist(), key=lambda i: i.filename):
                if not info.is_dir():
                    entry = tarfile.TarInfo(info.filename)
                    entry.size, entry.mode = info.file_size, 0o644
                    tout.addfile(entry, io.BytesIO(zin.read(info)))
        (out / APP_BUNDLE).write_bytes(tar.getvalue())
        (out / PACKED_APP).write_bytes(xz(tar.getvalue()))
    shutil.copy(ROOT / "pyscript.toml", out / "pyscript.toml")


# Imports of these packages are not the standard library's.
NOT_STDLIB = (*PY_PACKAGES, "pyscript")


def stdlib_imports(folder: Path) -> list[str]:
    """Every import statement of the standard library (or Pyodide's own
    modules) in the Python files under ``folder``, lazy ones included, each
    written as a statement of its own."""
    found = set()
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
            if isinstance(node, ast.Import):
                found |= {f"import {a.name}" for a in node.names if a.name.split(".")[0] not in NOT_STDLIB}
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module.split(".")[0] not in NOT_STDLIB:
                found |= {f"from {node.module} import {a.name}" for a in node.names}
    return sorted(found)


def write_stdlib(out: Path) -> None:
    """STDLIB_ZIP: the standard library modules that STDLIB_STARTUP's and
    game/'s and ui/'s imports load (scripts/stdlib.mjs), as bytecode.

    Making it takes Node several seconds: the result is kept in BUILD_CACHE
    under a hash of everything it is made from.
    """
    script, stock = ROOT / "scripts" / "stdlib.mjs", PYODIDE_DIR / "python_stdlib.zip"
    with tempfile.TemporaryDirectory() as tmp:
        app_sources(Path(tmp))
        statements = [f"import {name}" for name in STDLIB_STARTUP.read_text().split()]
        statements += stdlib_imports(Path(tmp))
    inputs = [script.read_bytes(), (ROOT / "scripts" / "small_pyc.py").read_bytes(), stock.read_bytes(),
              "\n".join(statements).encode(), (PYODIDE_DIR / WASM).read_bytes()]
    digest = hashlib.sha256(b"\0".join(inputs)).hexdigest()
    cached = BUILD_CACHE / f"stdlib-{digest[:16]}.zip"
    if not cached.is_file():
        BUILD_CACHE.mkdir(exist_ok=True)
        partial = cached.with_suffix(".part")
        subprocess.run(["node", str(script), str(stock), str(partial), *statements], check=True)
        partial.replace(cached)
    copy_file(cached, out / "vendor" / "pyodide" / STDLIB_ZIP)
    if f"/vendor/pyodide/{STDLIB_ZIP}" not in (ROOT / "ui" / "start_pyodide.mjs").read_text():
        sys.exit(f"ui/start_pyodide.mjs must load vendor/pyodide/{STDLIB_ZIP}")


def xz(data: bytes) -> bytes:
    """``data`` packed as xz as XZ_DECODER reads it (CRC32 check, a dictionary
    of 16 MiB: more than the wasm, no more than the decoder's memory)."""
    filters = [{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": 16 << 20}]
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=filters)


def write_packed_wasm(folder: Path) -> None:
    """PACKED_WASM, with XZ_DECODER beside the site's vendor/ files.

    Packing takes several seconds, so the result is kept in BUILD_CACHE
    under the wasm's hash.
    """
    wasm = (PYODIDE_DIR / WASM).read_bytes()
    cached = BUILD_CACHE / f"wasm-{hashlib.sha256(wasm).hexdigest()[:16]}.xz"
    if not cached.is_file():
        BUILD_CACHE.mkdir(exist_ok=True)
        partial = cached.with_suffix(".part")
        partial.write_bytes(xz(wasm))
        partial.replace(cached)
    copy_file(cached, folder / PACKED_WASM)
    copy_file(XZ_DECODER, folder.parent.parent / XZ_DECODER_SITE)
    for script, names in (("ui/boot.js", (f"/vendor/pyodide/{WASM}", f"/{XZ_DECODER_SITE}", f"/{PACKED_APP}",
                                          f"/vendor/pyodide/{STDLIB_ZIP}")),
                          ("ui/start_pyodide.mjs", (f"/vendor/pyodide/{WASM}",)),
                          ("ui/xz.mjs", (f"/{XZ_DECODER_SITE}",))):
        text = (ROOT / script).read_text()
        if not all(name in text for name in names):
            sys.exit(f"{script} must name {', '.join(name[1:] for name in names)}")


def write_lock_file(path: Path) -> None:
    """Pyodide's lock file without its packages: it lists the 354 packages
    Pyodide can install (114 KB), and the page installs none (ui/start_pyodide.mjs
    refuses to); loadPyodide only checks the lock's `info` against the runtime."""
    lock = json.loads((PYODIDE_DIR / LOCK_FILE).read_text())
    path.write_text(json.dumps({"info": lock["info"], "packages": {}}))


def pyscript_start_chunks() -> list[str]:
    """The files of PyScript's dist/ that the page loads: core.js, the chunks
    it imports, and PYSCRIPT_START_CHUNKS among those it imports lazily (the
    others belong to the plugins pyscript.toml turns off, or to MicroPython)."""
    core = (PYSCRIPT_DIST / "core.js").read_text()
    chunks = ["core.js"] + re.findall(r'from\s*"\./([\w.-]+\.js)"', core)
    lazy = set(re.findall(r'import\("\./([\w.-]+\.js)"\)', "".join((PYSCRIPT_DIST / c).read_text() for c in chunks)))
    for stem in PYSCRIPT_START_CHUNKS:
        found = sorted(c for c in lazy if re.fullmatch(rf"{stem}-[\w-]+\.js", c))
        if len(found) != 1:
            sys.exit(f"PyScript's dist: expected one {stem}-*.js chunk imported by its core, found {found}")
        chunks += found
    return chunks


def inline_scripts(html: str) -> str:
    """index.html with each of INLINE_SCRIPTS' <script src> replaced by its text."""
    for script in INLINE_SCRIPTS:
        tag = f'<script src="./{script}"></script>'
        if tag not in html:
            sys.exit(f"index.html lost its {tag}")
        text = (ROOT / script).read_text()
        if "</script" in text:
            sys.exit(f"{script} cannot be written into index.html as it is")
        html = html.replace(tag, f"<script>\n{text}</script>")
    return html


def inline_styles(html: str, out: Path) -> str:
    """index.html with each stylesheet link replaced by the sheet's text (from
    ui/, or the site's vendored PyScript), in the same order."""
    def sheet(match):
        rel = match.group(1)
        text = (ROOT / rel if rel.startswith("ui/") else out / rel).read_text()
        if "</style" in text or "url(" in text:
            sys.exit(f"{rel} cannot be written into index.html as it is")
        return f"<style>\n{text}</style>"
    if not STYLESHEET_LINK.search(html):
        sys.exit("index.html lost its stylesheet links")
    return STYLESHEET_LINK.sub(sheet, html)


def preset_options(html: str) -> str:
    """index.html with the early new-game screen's <option>s, one per preset of
    game.PRESETS (the default selected), so the screen shown before Python is
    ready names what the engine plays. The scripts handle game/ as files: the
    presets are printed by a Python process of its own."""
    if PRESETS_MARK not in html:
        sys.exit(f"index.html lost its {PRESETS_MARK} marker")
    printed = subprocess.run([sys.executable, "-B", "-c", PRESETS_CODE], cwd=ROOT, check=True,
                             capture_output=True, text=True).stdout
    default, presets = json.loads(printed)
    options = [f'<option value="{markup.escape(name)}"{" selected" if name == default else ""}>'
               f"{markup.escape(title)}</option>" for name, title in presets]
    return html.replace(PRESETS_MARK, "".join(options))


# ES module imports of ui/'s own modules (`import ... from "./name.mjs"`).
UI_IMPORT = re.compile(r'^import [^;]* from "\./([\w.]+\.mjs)";', re.M)


def early_start_modules() -> list[str]:
    """The ui/ modules ui/start_pyodide.mjs imports, directly or not."""
    found, todo = [], ["start_pyodide.mjs"]
    while todo:
        for name in UI_IMPORT.findall((ROOT / "ui" / todo.pop()).read_text()):
            if name not in found:
                found.append(name)
                todo.append(name)
    return [f"ui/{name}" for name in found]


def start_up_preloads(html: str) -> str:
    """index.html with the preloads of what the page loads one module or
    file after another as it starts.

    ui/start_pyodide.mjs's imports are modulepreload links in <head>,
    which the browser finds as it reads the page, so the runtime can start
    as soon as the table is painted. pyodide.asm.mjs (which loadPyodide
    imports), PyScript's files (core.js, its chunks, the config, and once
    the runtime is up the page's ENTRY) and Pyodide's lock file are a list
    ui/boot.js adds as links, at once or, on a visit that paints the last
    table, after the paint: each response takes the main thread a few ms,
    and before the paint a dozen of them held the page's parse back
    (bench/LOG.md, 7 December), pyodide.asm.mjs's 1.3 MB some 35 ms more
    (8 December). The wasm, STDLIB_ZIP and
    APP_BUNDLE are preloaded by ui/boot.js, which knows which copy this
    visit reads, if any. The chunks have hashed names: they are read from
    the dist folder. The plugins pyscript.toml turns off must be off in
    index.html's <mpy-config> too, else PyScript loads them.
    """
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text()).get("plugins", [])
    mpy = MPY_CONFIG.search(html)
    if not mpy or json.loads(mpy.group(1)).get("plugins") != plugins:
        sys.exit(f"index.html's <mpy-config> must list the plugins of pyscript.toml: {plugins}")
    for mark in (PRELOAD_MARK, LATE_PRELOAD_MARK):
        if html.count(mark) != 1:
            sys.exit(f"index.html or ui/boot.js lost its {mark} marker")
    early = early_start_modules() + ["vendor/pyodide/pyodide.mjs"]
    late = [("module", "vendor/pyodide/pyodide.asm.mjs")] + [
        ("module", f"vendor/pyscript/{c}") for c in pyscript_start_chunks()] + [
        ("fetch", "pyscript.toml"),
        ("fetch", f"vendor/pyodide/{LOCK_FILE}"),
        ("fetch", f"ui/{ENTRY}"),
    ]
    links = "\n  ".join(f'<link rel="modulepreload" href="./{path}">' for path in early)
    listed = json.dumps([[kind, f"./{path}"] for kind, path in late])
    return html.replace(PRELOAD_MARK, links).replace(LATE_PRELOAD_MARK, listed)


def precached(out: Path) -> list[str]:
    """The site's files the page can use: all but PyScript's chunks that it
    never loads (plugins turned off, MicroPython, code editor, terminal),
    and the packed copies (the offline copy stores them unpacked, see
    UNPACKED in sw.js). The site still ships those: a PyScript path not seen here
    gets them online instead of a 404."""
    used = {f"vendor/pyscript/{c}" for c in pyscript_start_chunks()}  # core.css is in index.html
    return sorted(rel for rel in (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
                  if (not rel.startswith("vendor/pyscript/") or rel in used) and not rel.endswith(".xz"))


def write_service_worker(out: Path) -> None:
    """sw.js with the precache list (precached()) and a cache version.

    The version hashes every precached file's path and contents, so any
    change to the site makes a new cache name and the old cache is dropped
    on activation.
    """
    files = precached(out)
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (out / rel).read_bytes() + b"\0")
    template = (ROOT / "sw.js").read_text()
    if not all(mark in template for mark in SW_MARKS):
        sys.exit(f"sw.js lost one of its markers {SW_MARKS}")
    version_line = f"const VERSION = {json.dumps(digest.hexdigest()[:16])};"
    files_line = f"const FILES = {json.dumps(files, indent=0)};"
    unpacked = {f"vendor/pyodide/{WASM}": "application/wasm", APP_BUNDLE: "application/x-tar"}
    unpacked_line = f"const UNPACKED = {json.dumps(unpacked)};"
    text = (template.replace(SW_MARKS[0], version_line).replace(SW_MARKS[1], files_line)
            .replace(SW_MARKS[2], unpacked_line))
    (out / "sw.js").write_text(text)


def snapshot_key(out: Path) -> str:
    """The hash of the files a memory snapshot is made of (SNAPSHOT_MADE_OF)."""
    digest = hashlib.sha256()
    for name in SNAPSHOT_MADE_OF:
        digest.update((out / name).read_bytes())
    return digest.hexdigest()[:16]


def build(out: Path) -> int:
    if not PYSCRIPT_DIST.is_dir() or not (PYODIDE_DIR / "pyodide.mjs").is_file():
        sys.exit("node_modules is missing the runtimes: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    # UI assets (css, js), the page's entry script, and the Python packages.
    for path in sorted((ROOT / "ui").iterdir()):
        inlined = f"ui/{path.name}" in INLINE_SCRIPTS or (path.suffix == ".css" and path.name != RULES_STYLESHEET)
        if (path.suffix in (".css", ".js", ".mjs") or path.name == ENTRY) and not inlined:
            copy_file(path, out / "ui" / path.name)
    write_packages(out)
    # The in-page rules reference: each preset's documentation page as HTML.
    write_rules_pages(ROOT / "docs" / "presets", out / "rules")

    # PyScript imports hashed chunks lazily: ship the whole dist/ folder, less
    # the source maps (only DevTools asks for them; they are 3/4 of its bytes).
    shutil.copytree(
        PYSCRIPT_DIST, out / "vendor" / "pyscript", ignore=shutil.ignore_patterns("*.map")
    )
    for core in (out / "vendor" / "pyscript").glob("core-*.js"):
        core.write_text(pyscript_core.patch(core.read_text(encoding="utf-8")), encoding="utf-8")
    for name in PYODIDE_FILES:
        copy_file(PYODIDE_DIR / name, out / "vendor" / "pyodide" / name)
    linker = out / "vendor" / "pyodide" / "pyodide.asm.mjs"
    main_slots = pyodide_linking.main_slots(PYODIDE_DIR)
    linker.write_text(pyodide_linking.patch(linker.read_text(encoding="utf-8"), main_slots), encoding="utf-8")
    write_lock_file(out / "vendor" / "pyodide" / LOCK_FILE)
    write_packed_wasm(out / "vendor" / "pyodide")
    write_stdlib(out)
    copy_file(QR_ENCODER, out / QR_ENCODER_SITE)
    first_visit = [name for name in PYODIDE_FILES if name != WASM] + [PACKED_WASM, STDLIB_ZIP]
    runtime_bytes = sum((out / "vendor" / "pyodide" / name).stat().st_size for name in first_visit)

    # The page's progress bar measures downloads against the real runtime size.
    html = (ROOT / "index.html").read_text()
    if RUNTIME_BYTES_MARK not in html:
        sys.exit(f"index.html lost its {RUNTIME_BYTES_MARK} marker")
    html = html.replace(RUNTIME_BYTES_MARK, f'data-runtime-bytes="{runtime_bytes}"')
    if SNAPSHOT_KEY_MARK not in html:
        sys.exit(f"index.html lost its {SNAPSHOT_KEY_MARK} marker")
    html = html.replace(SNAPSHOT_KEY_MARK, f'data-snapshot-key="{snapshot_key(out)}"')
    html = start_up_preloads(preset_options(inline_styles(inline_scripts(html), out)))
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
