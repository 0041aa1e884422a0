// The standard library the page ships: only the modules it imports, as small bytecode.
//
// Pyodide's python_stdlib.zip holds 529 modules as sources (2.55 MB); a start
// imports about 130 and compiles each from source, every time. This runs
// the given import statements (the modules a start-up imports, and every
// stdlib import written anywhere in game/ and ui/, lazy ones included) in
// the pinned Pyodide under Node, then writes OUT.zip with exactly the stdlib
// modules they loaded (each one's own imports with it; not those built into
// the runtime as frozen code, whose files are never read), each as "unchecked-
// hash" bytecode made by scripts/small_pyc.py (zipimport takes a .pyc it
// finds in the zip as is). Docstrings stay in Pyodide's own packages, which
// read some of them back. A statement that fails to run stops the build.
//
//     node scripts/stdlib.mjs IN.zip OUT.zip STATEMENT [STATEMENT ...]
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [input, output, ...statements] = process.argv.slice(2);
const py = await loadPyodide({ stdLibURL: path.resolve(input), env: { PYTHONNODEBUGRANGES: "1" } });
py.runPython(fs.readFileSync(new URL("./small_pyc.py", import.meta.url), "utf8"));
py.mountNodeFS("/out", fs.realpathSync(path.dirname(path.resolve(output))));
py.globals.set("args", py.toPy([path.basename(output), statements]));
const failed = py.runPython(`
import sys, types, zipfile

target, statements = args
failed = []
for statement in statements:
    try:
        exec(statement, {})
    except Exception as error:
        failed.append(f"{statement}: {error!r}")
where = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"  # as the page mounts it
loaded = sorted({m.__file__[len(where):] for m in list(sys.modules.values())
                 if isinstance(m, types.ModuleType) and (getattr(m, "__file__", None) or "").startswith(where)
                 and getattr(m.__spec__, "origin", None) != "frozen"})  # importlib's frozen core: never read from the zip
with zipfile.ZipFile(where[:-1]) as zin, zipfile.ZipFile("/out/" + target, "w") as zout:
    for name in loaded:
        info = zin.getinfo(name)
        data = small_pyc(zin.read(info), where + name, docstrings=name.split("/")[0] in ("pyodide", "_pyodide"))
        entry = zipfile.ZipInfo(name[:-3] + ".pyc", info.date_time)
        zout.writestr(entry, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
failed
`).toJs();
if (failed.length) {
  console.error(`stdlib.mjs: these imports fail under Pyodide:\n${failed.join("\n")}`);
  process.exit(1);
}
