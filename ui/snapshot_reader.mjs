/* Reads the kept snapshot back for ui/snapshot.mjs, off the page's main thread.
 *
 * A module worker: Cache Storage's read (13 MB, in chunks) and the heap
 * rebuilt from its pages (ui/snapshot_pages.mjs: 31.5 MB) would otherwise
 * queue behind, and hold up, everything else a start does on the main
 * thread (bench/LOG.md, 7 December); the heap comes back transferred, not
 * copied. Answers { heap } (null: none kept) or { error }.
 */
import { unpackHeap } from "./snapshot_pages.mjs";

onmessage = async ({ data: { cache, entry } }) => {
  try {
    const hit = await caches.match(entry, { cacheName: cache });  // opens none that is not there
    if (!hit) {
      postMessage({ heap: null });
      return;
    }
    const heap = unpackHeap(new Uint8Array(await hit.arrayBuffer()));
    postMessage({ heap }, [heap.buffer]);
  } catch (error) {
    postMessage({ error: String(error) });
  }
};
