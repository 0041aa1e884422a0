"""The site's Pyodide links its JavaScript functions into the wasm table with
one wasm module, not one each, and keeps its GOT's entries as numbers until
a module imports them (scripts/pyodide_linking.py): its table and its GOT's
addresses come out as the stock runtime's, slot for slot (a memory
snapshot's function pointers count on it), and its Python calls into
JavaScript, under Node. A Pyodide whose linker is not the one patched fails
the build."""

import json
import subprocess
from pathlib import Path

import pytest

import pyodide_linking

ROOT = Path(__file__).resolve().parent.parent

# Starts the stock runtime (node_modules) and the site's, in turn; prints for
# each the wasm modules compiled while it started and each table slot's
# arity ("-": empty), and what Python calling into JavaScript returned.
STARTS = """
const [stock, site] = process.argv.slice(1);
const Module = WebAssembly.Module, instantiate = WebAssembly.instantiate;
async function start(dir, stdlib) {
  const { loadPyodide } = await import(dir + "/pyodide.mjs");
  let modules = 0, table = null;
  WebAssembly.Module = new Proxy(Module, { construct(target, args) { modules++; return new target(...args); } });
  WebAssembly.instantiate = async function (...args) {
    const made = await instantiate.apply(this, args);
    table = (made.instance || made).exports.__indirect_function_table ?? table;
    return made;
  };
  const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: dir + "/" + stdlib });
  [WebAssembly.Module, WebAssembly.instantiate] = [Module, instantiate];
  const slots = Array.from({ length: table.length }, (_, i) => table.get(i)?.length ?? "-");
  // Each GOT entry's address (a number until a module imports it: then a Global).
  const GOT = py._module.GOT;
  const got = Object.fromEntries(Object.entries(GOT).map(([name, e]) => [name, typeof e == "number" ? e : e.value]));
  const numbers = Object.keys(GOT).filter((name) => typeof GOT[name] == "number");
  const imported = numbers.length ? py._module.GOTHandler.get(new Set(), numbers[0]) : null;
  const handed = imported && [imported instanceof WebAssembly.Global, imported.value === got[numbers[0]],
                              GOT[numbers[0]] === imported, imported.required === true];
  py.globals.set("twice", (x) => x * 2);
  const python = py.runPython("from pyodide.ffi import create_proxy; import js; "
                              + "str([twice(i) for i in range(3)]) + str(create_proxy(lambda x: x + 1)(41))");
  return { modules, slots, python, got, numbers: numbers.length, handed };
}
const out = { stock: await start(stock, "python_stdlib.zip"), site: await start(site, "python_stdlib_compiled.zip") };
console.log(JSON.stringify(out));
"""


def test_the_site_runtime_links_in_one_module_into_the_stock_table(site_dir):
    run = subprocess.run(["node", "--input-type=module", "-e", STARTS, str(ROOT / "node_modules" / "pyodide"),
                          str(site_dir / "vendor" / "pyodide")], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    stock, site = out["stock"], out["site"]
    assert stock["modules"] - site["modules"] > 200, (stock["modules"], site["modules"])  # one a function, one in all
    assert len(site["slots"]) > 10_000 and site["slots"] == stock["slots"]
    assert site["python"] == stock["python"] == "[0, 2, 4]42"
    assert len(site["got"]) > 8_000 and site["got"] == stock["got"]
    assert stock["numbers"] == 0 and site["numbers"] > 8_000  # the site's made no Global for most
    assert site["handed"] == [True, True, True, True]  # a module importing one gets its Global


def test_a_pyodide_whose_linker_is_not_the_one_patched_fails_the_build():
    with pytest.raises(SystemExit, match="a new Pyodide"):
        pyodide_linking.patch("var reportUndefinedSymbols=()=>{};")
    stock = (ROOT / "node_modules" / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    patched = pyodide_linking.patch(stock)
    assert "addFunctions(linked)" in patched and pyodide_linking.ORIGINAL not in patched
    for original, replacement in pyodide_linking.PATCHES[1:]:
        assert original not in patched and replacement in patched
    with pytest.raises(SystemExit, match="a new Pyodide"):
        pyodide_linking.patch(stock.replace(pyodide_linking.UPDATE_GOT, ""))
