"""The site's copy of PyScript's core chunk, which writes no Python files.

Before the page's first script, PyScript writes its own `pyscript` package
into Python's file system as Python code, one ``write_text`` of each
module's source (the sources are string literals in the chunk, 32 KB),
which it compiles and runs, then imports the package: on the phone profile
the writes took 14 ms of a restored start, and their compile more
(bench/LOG.md, 8 December). The site's app.tar already holds that package,
as bytecode (scripts/build_site.py), so here the call that makes those
writes, and the sources with it, are gone: PyScript only imports the
package. Pinned to @pyscript/core 0.7.31's text: the build fails if the
text patched is not found exactly once.
"""

# The call that turns the package's files into the Python that writes them,
# from its start to the end of its argument (the package's files).
WRITES = 'wo(".",{pyscript:{'
WRITES_END = '}})'
# What follows it: PyScript's import of the package.
IMPORT = ',ho.push("import pyscript as _pyscript")'


def patch(text: str) -> str:
    """The core chunk's ``text`` without the package's writes."""
    if text.count(WRITES) != 1 or text.count(WRITES_END + IMPORT) != 1 \
            or text.index(WRITES) > text.index(WRITES_END + IMPORT):
        raise SystemExit("PyScript's core chunk: the package's writes are not the ones "
                         "scripts/pyscript_core.py removes (a new PyScript?)")
    return text[:text.index(WRITES)] + "void 0" + text[text.index(WRITES_END + IMPORT) + len(WRITES_END):]
