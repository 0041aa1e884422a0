"""The site's PyScript writes none of its `pyscript` package's sources
(scripts/pyscript_core.py: app.tar holds the package as bytecode); a
PyScript whose core chunk is not the one patched fails the build."""

from pathlib import Path

import pytest

import pyscript_core

DIST = Path(__file__).resolve().parent.parent / "node_modules" / "@pyscript" / "core" / "dist"


def test_the_pinned_core_chunk_loses_its_writes_and_nothing_else():
    (core,) = DIST.glob("core-*.js")
    text = core.read_text(encoding="utf-8")
    patched = pyscript_core.patch(text)
    assert pyscript_core.WRITES in text and pyscript_core.WRITES not in patched
    assert patched.replace(pyscript_core.NO_WRITES, pyscript_core.WRITES) == text


def test_a_core_chunk_without_those_writes_is_refused():
    with pytest.raises(SystemExit, match="a new PyScript"):
        pyscript_core.patch('const x=1;wo(".",{other:{}});')
    with pytest.raises(SystemExit):
        pyscript_core.patch(2 * pyscript_core.WRITES)
