/* app.tar (game/ and ui/ as bytecode, PyScript's package's bytecode),
 * written into Python's working directory by JavaScript.
 *
 * One archive, its files written straight into the runtime's file system:
 * no Python runs. Pyodide's own unpackArchive (zipfile, shutil) took some
 * 200 ms of a phone's every start (bench/LOG.md, 7 December). A first visit
 * reads the copy packed as xz (ui/xz.mjs), the offline copy keeps it
 * unpacked. The page's runtime (ui/start_pyodide.mjs) and the snapshot's
 * (ui/snapshot_worker.mjs) both get their files this way, before anything
 * is imported. The archive is ours (scripts/build_site.py writes it: plain
 * files, ustar headers); anything else is refused.
 */
import { unxz } from "./xz.mjs";

const APP = new URL("../app.tar", import.meta.url).href;
const BLOCK = 512;
// What Python's importlib.invalidate_caches() does for the files' finders,
// without the import of importlib.metadata it would compile from source: a
// restored runtime's finders last listed the snapshot's own directories.
const STALE_FINDERS = `
import sys
for finder in sys.path_importer_cache.values():
    if type(finder).__name__ == "FileFinder":
        finder.invalidate_caches()
`;

/** The archive; ``packed``: read from its xz copy. Its download starts at
 * once (the page preloads it). */
export async function fetchApp(packed = false) {
  const url = packed ? APP + ".xz" : APP;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Failed to load ${url}: HTTP ${response.status}`);
  if (!packed) return new Uint8Array(await response.arrayBuffer());
  const body = await unxz(response);
  try {
    return new Uint8Array(await new Response(body).arrayBuffer());
  } catch (error) {
    throw new Error(`app.tar.xz is damaged (${error.message || error})`);
  }
}

const TEXT = new TextDecoder("utf-8", { fatal: true });
const FILE_MODE = 0o100666;

function field(header, start, length) {
  const bytes = header.subarray(start, start + length);
  const end = bytes.indexOf(0);
  try {
    return TEXT.decode(end < 0 ? bytes : bytes.subarray(0, end));
  } catch {
    throw new Error("app.tar is damaged (a header that is not text)");
  }
}

// Every file of the archive: [path, bytes].
function files(tar) {
  const found = [];
  for (let at = 0; at + BLOCK <= tar.length;) {
    const header = tar.subarray(at, at + BLOCK);
    if (!header.some((byte) => byte !== 0)) return found;  // the end
    const prefix = field(header, 345, 155), type = field(header, 156, 1);
    const name = (prefix ? prefix + "/" : "") + field(header, 0, 100);
    const size = parseInt(field(header, 124, 12).trim(), 8);
    const data = at + BLOCK;
    if (field(header, 257, 6) !== "ustar" || !(type === "0" || type === "") || !(size >= 0)
        || data + size > tar.length || !name || name.startsWith("/") || name.split("/").includes("..")) {
      throw new Error(`app.tar is damaged (at ${name || at})`);
    }
    found.push([name, tar.subarray(data, data + size)]);
    at = data + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new Error("app.tar is damaged (cut short)");
}

/** Writes the archive's files under the runtime's working directory: each
 * a node its folder makes (MEMFS, Pyodide's file system) holding its bytes
 * in the archive, as FS.writeFile leaves it (mode 0o100666), without
 * FS.writeFile's path lookups, stream and copy (half the time). The
 * archive's names are new in a new runtime's file system. */
export function unpackApp(pyodide, tar) {
  const { FS } = pyodide;
  const cwd = FS.cwd();
  const folders = new Map();
  for (const [name, body] of files(tar)) {
    const at = name.lastIndexOf("/");
    const path = at < 0 ? cwd : `${cwd}/${name.slice(0, at)}`;
    let folder = folders.get(path);
    if (!folder) {
      FS.mkdirTree(path);
      folder = FS.lookupPath(path).node;
      folders.set(path, folder);
    }
    const node = folder.node_ops.mknod(folder, name.slice(at + 1), FILE_MODE, 0);
    node.contents = body;
    node.usedBytes = body.length;
  }
  pyodide.runPython(STALE_FINDERS);
}
