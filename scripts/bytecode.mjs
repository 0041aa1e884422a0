// Pack the Python packages the page imports into one zip, as bytecode.
//
// The page would otherwise fetch each .py file separately and compile all
// of them at start-up (about 150 ms in the browser). The bytecode is made
// by the pinned Pyodide itself, run here under Node, so it always matches
// the page's Python, and made small by scripts/small_pyc.py. The .pyc files
// are "unchecked-hash": Python uses them without comparing them to the
// sources' timestamps, which the page's unpacking resets.
// The packages named before --written travel as bytecode only (module.pyc
// where module.py would be; a traceback shows their file and line, not the
// line's text), with the data files the code reads (.json). Those after
// --written are sources that PyScript writes itself: only their bytecode
// goes in, in __pycache__, where Python finds it next to those sources.
//
//     node scripts/bytecode.mjs OUT.zip ROOT package ... [--written package ...]
import fs from "node:fs";
import path from "node:path";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const [out, root, ...rest] = process.argv.slice(2);
const split = rest.includes("--written") ? rest.indexOf("--written") : rest.length;
const [sourceless, written] = [rest.slice(0, split), rest.slice(split + 1)];
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

for (const pkg of [...sourceless, ...written]) copyIn(path.join(root, pkg), `/src/${pkg}`);
py.globals.set("packages", py.toPy([sourceless, written]));
py.runPython(`
import os, sys, zipfile
sourceless, written = packages
tag = sys.implementation.cache_tag
os.chdir("/src")
with zipfile.ZipFile("/out.zip", "w") as z:
    def add(name, data):
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))  # reproducible
        z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    for pkg in sourceless + written:
        for folder, dirs, files in sorted(os.walk(pkg)):
            dirs.sort()
            for name in sorted(files):
                p = os.path.join(folder, name)
                data = open(p, "rb").read()
                if not name.endswith(".py"):
                    add(p, data)
                elif pkg in sourceless:
                    add(p[:-3] + ".pyc", small_pyc(data, p))
                else:
                    add(f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc", small_pyc(data, p))
`);
fs.writeFileSync(out, py.FS.readFile("/out.zip"));
