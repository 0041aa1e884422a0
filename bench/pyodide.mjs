// Runs a bench script under the page's pinned Pyodide in Node (the same
// WebAssembly build and the same V8 engine as Chromium, without the page),
// so engine timings can be read as the page would see them:
//
//     node bench/pyodide.mjs bench/advice.py [its arguments]
//
// The repository is mounted at /repo (NODEFS); the script's exit status
// is passed on. ``time.process_time`` is Node's CPU time of this process
// (Pyodide's own is wall time), so CPU figures hold on a busy machine.
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import { fileURLToPath } from "url";
import path from "path";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node bench/pyodide.mjs SCRIPT.py [ARGS...]");
  process.exit(2);
}
const py = await loadPyodide();
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
py.globals.set("script", "/repo/" + path.relative(root, path.resolve(script)));
py.globals.set("args", py.toPy(args));
py.globals.set("cpu_seconds", () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
});
const status = py.runPython(`
import runpy, sys, time
time.process_time = cpu_seconds
sys.path.insert(0, "/repo")
sys.argv = [script, *args]
try:
    runpy.run_path(script, run_name="__main__")
    status = 0
except SystemExit as e:
    status = e.code if isinstance(e.code, int) else 0
status
`);
process.exit(status);
