// Pyodide's standard library with the modules a start-up imports compiled.
//
// Pyodide ships python_stdlib.zip as sources: every start compiles each
// module it imports (about 130, asyncio and json among them) again. This
// writes a copy in which those modules are bytecode ("unchecked-hash" .pyc,
// made by the pinned Pyodide itself under Node, so it always matches the
// page's Python) instead of source; zipimport takes a .pyc it finds there as
// is. The packages and modules named after --drop (comma-separated) are left
// out; every other file is copied unchanged, so any module the page imports
// later is still there (compiled when imported, as before).
//
//     node scripts/stdlib.mjs IN.zip OUT.zip --drop NAME,NAME MODULE [MODULE ...]
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [input, output, dropFlag, dropped, ...modules] = process.argv.slice(2);
if (dropFlag !== "--drop") throw new Error("usage: stdlib.mjs IN.zip OUT.zip --drop NAME,NAME MODULE...");
const py = await loadPyodide();
py.mountNodeFS("/in", path.dirname(path.resolve(input)));
py.mountNodeFS("/out", path.dirname(path.resolve(output)));
py.globals.set("args", py.toPy([path.basename(input), path.basename(output), modules,
                                dropped.split(",").filter(Boolean)]));
const missing = py.runPython(`
import importlib.util, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

source, target, modules, dropped = args
wanted = set()
for name in modules:
    base = name.replace(".", "/")
    wanted |= {base + ".py", base + "/__init__.py"}
found = set()
where = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"  # as the page mounts it
with zipfile.ZipFile("/in/" + source) as zin, zipfile.ZipFile("/out/" + target, "w") as zout:
    for info in zin.infolist():
        top = info.filename.split("/")[0]
        if top in dropped or top.removesuffix(".py") in dropped:
            continue
        data = zin.read(info)
        if info.filename in wanted:
            found.add(info.filename)
            code = compile(data, where + info.filename, "exec", dont_inherit=True)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
            info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
        zout.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
[name for name in modules
 if not {name.replace(".", "/") + ".py", name.replace(".", "/") + "/__init__.py"} & found]
`).toJs();
if (missing.length) {
  console.error(`not in ${input}: ${missing.join(" ")}`);
  process.exit(1);
}
