/* Builds page regions from the element trees ui/dom.py sends as JSON.
 *
 * One call per region instead of one Python-to-JavaScript call per element,
 * attribute and text node, which took most of a table render's time in
 * Pyodide. Text still only ever becomes text nodes (never markup), so names
 * and card labels cannot inject HTML.
 */
(() => {
  "use strict";

  // A node is a string (text) or [tag, {attribute: value}, [children]].
  function build(node) {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, attrs, children] = node;
    const element = document.createElement(tag);
    for (const key in attrs) element.setAttribute(key, attrs[key]);
    for (const child of children) element.appendChild(build(child));
    return element;
  }

  function mount(id, json) {
    const target = document.getElementById(id);
    if (!target) return;
    const nodes = JSON.parse(json);
    const fragment = document.createDocumentFragment();
    for (const node of nodes) fragment.appendChild(build(node));
    target.replaceChildren(fragment);
    if (window.TriplePlayPaint) window.TriplePlayPaint.record(id, nodes); // ui/paint.js
  }

  window.TriplePlayDom = { mount, build };
})();
