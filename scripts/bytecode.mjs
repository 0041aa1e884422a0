// Pack the Python packages the page imports into one zip, as bytecode.
//
// The page would otherwise fetch each .py file separately and compile all
// of them at start-up (about 150 ms in the browser). The bytecode is made
// by the pinned Pyodide itself, run here under Node, so it always matches
// the page's Python, and made small by scripts/small_pyc.py. The packages
// travel as bytecode only (module.pyc where module.py would be; a
// traceback shows their file and line, not the line's text), with the data
// files the code reads (.json).
//
//     node scripts/bytecode.mjs OUT.zip ROOT package ...
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [out, root, ...packages] = process.argv.slice(2);
const py = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
py.runPython(fs.readFileSync(new URL("./small_pyc.py", import.meta.url), "utf8"));

function copyIn(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src).sort()) {
    const from = path.join(src, name);
    if (fs.statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyIn(from, `${dst}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".json")) {  // .json: data the code reads
      py.FS.writeFile(`${dst}/${name}`, fs.readFileSync(from));
    }
  }
}

for (const pkg of packages) copyIn(path.join(root, pkg), `/src/${pkg}`);
py.globals.set("packages", py.toPy(packages));
py.runPython(`
import os, zipfile
os.chdir("/src")
with zipfile.ZipFile("/out.zip", "w") as z:
    def add(name, data):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
        z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    for pkg in packages:
        for folder, dirs, files in sorted(os.walk(pkg)):
            dirs.sort()
            for name in sorted(files):
                p = os.path.join(folder, name)
                data = open(p, "rb").read()
                if name.endswith(".py"):
                    add(p[:-3] + ".pyc", small_pyc(data, p))
                else:
                    add(p, data)
`);
fs.writeFileSync(out, py.FS.readFile("/out.zip"));
