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
const [stock, site, unknown] = process.argv.slice(1);
const Module = WebAssembly.Module, instantiate = WebAssembly.instantiate;
async function start(dir, stdlib) {
  const { loadPyodide } = await import(dir + "/pyodide.mjs");
  let modules = 0, table = null, reads = 0, grows = 0;
  WebAssembly.Module = new Proxy(Module, { construct(target, args) { modules++; return new target(...args); } });
  const [get, grow] = [WebAssembly.Table.prototype.get, WebAssembly.Table.prototype.grow];
  WebAssembly.Table.prototype.get = function (...args) { reads++; return get.apply(this, args); };
  WebAssembly.Table.prototype.grow = function (...args) { grows++; return grow.apply(this, args); };
  WebAssembly.instantiate = async function (...args) {
    const made = await instantiate.apply(this, args);
    table = (made.instance || made).exports.__indirect_function_table ?? table;
    return made;
  };
  const py = await loadPyodide({ indexURL: dir + "/", stdLibURL: dir + "/" + stdlib });
  [WebAssembly.Module, WebAssembly.instantiate] = [Module, instantiate];
  [WebAssembly.Table.prototype.get, WebAssembly.Table.prototype.grow] = [get, grow];
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
  return { modules, slots, python, got, numbers: numbers.length, handed, reads, grows };
}
const out = { stock: await start(stock, "python_stdlib.zip"), site: await start(site, "python_stdlib_compiled.zip"),
              unknown: await start(unknown, "python_stdlib_compiled.zip") };
console.log(JSON.stringify(out));
"""
STOCK = ROOT / "node_modules" / "pyodide"


@pytest.fixture(scope="module")
def main_slots():
    return pyodide_linking.main_slots(STOCK)


def test_the_site_runtime_links_in_one_module_into_the_stock_table(site_dir, main_slots, tmp_path):
    # The site's runtime but for its main module's slots, said to come from
    # a table one slot longer: it must find them the stock way.
    unknown = tmp_path / "unknown"
    unknown.mkdir()
    for file in (site_dir / "vendor" / "pyodide").iterdir():
        (unknown / file.name).symlink_to(file)
    (unknown / "pyodide.asm.mjs").unlink()
    (unknown / "pyodide.asm.mjs").write_text(pyodide_linking.patch(
        (STOCK / "pyodide.asm.mjs").read_text(encoding="utf-8"), {**main_slots, "table": main_slots["table"] + 1}))
    run = subprocess.run(["node", "--input-type=module", "-e", STARTS, str(STOCK), str(site_dir / "vendor" / "pyodide"),
                          str(unknown)], cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    stock, site, fallback = out["stock"], out["site"], out["unknown"]
    assert stock["modules"] - site["modules"] > 200, (stock["modules"], site["modules"])  # one a function, one in all
    assert len(site["slots"]) > 10_000 and site["slots"] == stock["slots"] == fallback["slots"]
    assert site["python"] == stock["python"] == fallback["python"] == "[0, 2, 4]42"
    assert len(site["got"]) > 8_000 and site["got"] == stock["got"] == fallback["got"]
    assert stock["numbers"] == 0 and site["numbers"] > 8_000  # the site's made no Global for most
    assert site["handed"] == [True, True, True, True]  # a module importing one gets its Global
    # The site's start reads back none of the table's slots but those it sets,
    # and grows it once for the main module's functions, not once for each.
    assert site["reads"] < stock["reads"] - 8_000 and fallback["reads"] > site["reads"] + 8_000
    assert site["grows"] < 300 < 5_000 < stock["grows"] <= fallback["grows"]


def test_a_pyodide_whose_linker_is_not_the_one_patched_fails_the_build(main_slots):
    with pytest.raises(SystemExit, match="a new Pyodide"):
        pyodide_linking.patch("var reportUndefinedSymbols=()=>{};", main_slots)
    stock = (STOCK / "pyodide.asm.mjs").read_text(encoding="utf-8")
    patched = pyodide_linking.patch(stock, main_slots)
    assert "addFunctions(linked)" in patched and pyodide_linking.ORIGINAL not in patched
    for original, replacement in pyodide_linking.PATCHES[1:]:
        assert original not in patched and replacement in patched
    with pytest.raises(SystemExit, match="a new Pyodide"):
        pyodide_linking.patch(stock.replace(pyodide_linking.UPDATE_GOT, ""), main_slots)
    with pytest.raises(SystemExit, match="a new Pyodide"):  # an internal symbol not named "_..."
        internal = pyodide_linking.INTERNAL_SYM
        pyodide_linking.patch(stock.replace(internal, internal.replace('["memory",', '["memory","table",')), main_slots)
    with pytest.raises(SystemExit, match="exports' order"):  # a new slot given out of turn
        pyodide_linking.known_slots({"table": 10, "slots": [3, 11, 10]})
    assert pyodide_linking.known_slots({"table": 10, "slots": [3, None, 10, 11, 10]}) == [3, -1, 0, 0, 10]
