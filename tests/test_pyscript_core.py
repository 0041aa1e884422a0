"""The site's PyScript writes none of its `pyscript` package's sources
(scripts/pyscript_core.py: app.tar holds the package as bytecode); a
PyScript whose core chunk is not the one patched fails the build."""

import subprocess
from pathlib import Path

import pytest

import pyscript_core

DIST = Path(__file__).resolve().parent.parent / "node_modules" / "@pyscript" / "core" / "dist"


def test_the_pinned_core_chunk_loses_its_writes_and_the_sources_in_them(tmp_path):
    (core,) = DIST.glob("core-*.js")
    text = core.read_text(encoding="utf-8")
    patched = pyscript_core.patch(text)
    assert pyscript_core.WRITES in text and pyscript_core.WRITES not in patched
    assert "from polyscript import lazy_py_modules" in text and "from polyscript import" not in patched
    assert "void 0" + pyscript_core.IMPORT in patched and len(text) - len(patched) > 30_000
    (tmp_path / "core.mjs").write_text(patched, encoding="utf-8")
    subprocess.run(["node", "--check", str(tmp_path / "core.mjs")], check=True)  # still JavaScript


def test_a_core_chunk_without_those_writes_is_refused():
    with pytest.raises(SystemExit, match="a new PyScript"):
        pyscript_core.patch('const x=1;wo(".",{other:{}}),ho.push("import pyscript as _pyscript");')
    with pytest.raises(SystemExit):
        pyscript_core.patch(2 * (pyscript_core.WRITES + "}})" + pyscript_core.IMPORT))
    with pytest.raises(SystemExit):  # the import before the writes
        pyscript_core.patch("}})" + pyscript_core.IMPORT + pyscript_core.WRITES)
