/* Reads the kept snapshot back for ui/snapshot.mjs, off the page's main thread.
 *
 * A module worker, which ui/boot.js starts as the page's first script: Cache
 * Storage's read (13 MB, in chunks) and the heap rebuilt from its pages
 * (ui/snapshot_pages.mjs: 31.5 MB) would otherwise queue behind, and hold
 * up, everything else a start does on the main thread (bench/LOG.md, 7
 * December); the heap comes back transferred, not copied. The runtime's
 * wasm is compiled here meanwhile, for the same reason; the page gets the
 * compiled module. Given the release's key, answers { heap, module } (heap
 * null: none kept; module null: the page compiles the wasm itself) or
 * { error }.
 */
import { CACHE, entry, unpackHeap } from "./snapshot_pages.mjs";

const WASM = new URL("../vendor/pyodide/pyodide.asm.wasm", import.meta.url).href;

onmessage = async ({ data: { key } }) => {
  const compiled = WebAssembly.compileStreaming(fetch(WASM)).catch(() => null);
  try {
    const hit = await caches.match(entry(key), { cacheName: CACHE });  // opens none that is not there
    if (!hit) {
      postMessage({ heap: null });
      return;
    }
    const heap = unpackHeap(new Uint8Array(await hit.arrayBuffer()));
    postMessage({ heap, module: await compiled }, [heap.buffer]);
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
