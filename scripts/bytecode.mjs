// Pack the Python packages the page imports into one zip, with bytecode.
//
// The page would otherwise fetch each .py file separately and compile all
// of them at start-up (about 150 ms in the browser). The bytecode is made
// by the pinned Pyodide itself, run here under Node, so it always matches
// the page's Python. The .pyc files are "unchecked-hash": Python uses them
// without comparing them to the sources' timestamps, which PyScript resets
// when it unpacks the zip. The sources travel too, for tracebacks, and so
// do the data files the code reads (.json).
//
//     node scripts/bytecode.mjs OUT.zip ROOT package [package ...]
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [out, root, ...packages] = process.argv.slice(2);
const py = await loadPyodide();

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
import compileall, os, py_compile, zipfile
os.chdir("/src")
for pkg in packages:
    if not compileall.compile_dir(pkg, quiet=1,
            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
        raise SystemExit(f"could not compile {pkg}")
with zipfile.ZipFile("/out.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for pkg in packages:
        for folder, dirs, files in sorted(os.walk(pkg)):
            dirs.sort()
            for name in sorted(files):
                p = os.path.join(folder, name)
                info = zipfile.ZipInfo(p, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, open(p, "rb").read())
`);
fs.writeFileSync(out, py.FS.readFile("/out.zip"));
