/* The site's xz-packed copies (scripts/build_site.py: PACKED_WASM,
 * PACKED_APP), unpacked as they download by the decoder the site ships
 * beside them, loaded once, when a visit first needs it (a page's script:
 * only a first visit, which the offline copy does not serve, reads them).
 */
const DECODER = new URL("../vendor/xz/xz-decompress.min.js", import.meta.url).href;
let decoder = null;

function loadDecoder() {
  decoder = decoder || new Promise((resolve, reject) => {
    const script = Object.assign(document.createElement("script"), { src: DECODER });
    script.onload = () => resolve(window["xz-decompress"].XzReadableStream);
    script.onerror = () => reject(new Error(`Failed to load ${DECODER}`));
    document.head.append(script);
  });
  return decoder;
}

/** ``response``'s body, unpacked, as a stream (a damaged body errors it). */
export async function unxz(response) {
  const XzReadableStream = await loadDecoder();
  return new XzReadableStream(response.body);
}
