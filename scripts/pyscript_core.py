"""The site's copy of PyScript's core chunk, which writes no Python files.

Before the page's first script, PyScript writes its own `pyscript` package
into Python's file system as Python code, one ``write_text`` of each
module's source, which it compiles and runs, then imports the package: on
the phone profile a restored start spent about 50 ms compiling and
running those writes (bench/LOG.md, 8 December). The site's app.tar
already holds that package, as bytecode (scripts/build_site.py), so here
PyScript writes none: it only imports it. Pinned to @pyscript/core
0.7.31's text: the build fails if the text patched is not found exactly
once.
"""

# The call that turns the package's files into the Python that writes them.
WRITES = 'wo(".",{pyscript:{'
# The same object, passed to a function that writes nothing.
NO_WRITES = '(()=>{})(".",{pyscript:{'


def patch(text: str) -> str:
    """The core chunk's ``text`` without the package's writes."""
    if text.count(WRITES) != 1:
        raise SystemExit("PyScript's core chunk: the package's writes are not the ones "
                         "scripts/pyscript_core.py removes (a new PyScript?)")
    return text.replace(WRITES, NO_WRITES)
