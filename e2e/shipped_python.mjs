// Run the site's Python as the page gets it, under Node: the shipped
// standard library (the site's stdlib zip, the page's stdLibURL), its lock
// file, and app.tar's files written into the working directory by the
// page's own ui/app_files.mjs.
// Then run the Python given on stdin (e2e/test_shipped_python.py's checks)
// and print what it returns as JSON. PyScript's own package needs the
// browser's PyScript; a placeholder module stands in for it.
//
//     node e2e/shipped_python.mjs SITE_DIR < check.py
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { unpackApp } from "../ui/app_files.mjs";

const site = path.resolve(process.argv[2]);
const vendor = path.join(site, "vendor", "pyodide");
const py = await loadPyodide({
  stdLibURL: path.join(vendor, "python_stdlib_compiled.zip"),
  lockFileURL: path.join(vendor, "pyodide-lock.json"),
});
py.FS.mkdirTree("/home/pyodide/app");
py.FS.chdir("/home/pyodide/app");
unpackApp(py, new Uint8Array(fs.readFileSync(path.join(site, "app.tar"))));
py.runPython(`
import sys, types
class Placeholder:
    """Any attribute, call or item of PyScript's API: another placeholder."""
    def __getattr__(self, name): return Placeholder()
    def __call__(self, *args, **kwargs): return Placeholder()
    def __getitem__(self, key): return Placeholder()
for name in ("pyscript", "pyscript.ffi"):
    module = types.ModuleType(name)
    module.__getattr__ = lambda attr: Placeholder()
    module.__path__ = []
    sys.modules[name] = module
sys.path.insert(0, ".")
`);
const result = py.runPython(fs.readFileSync(0, "utf8"));
console.log(JSON.stringify(result && result.toJs ? result.toJs({ dict_converter: Object.fromEntries }) : result));
