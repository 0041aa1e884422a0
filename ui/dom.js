/* Builds page regions from the element trees ui/dom.py sends as JSON.
 *
 * One call per region instead of one Python-to-JavaScript call per element,
 * attribute and text node, which took most of a table render's time in
 * Pyodide. Text still only ever becomes text nodes (never markup), so names
 * and card labels cannot inject HTML.
 *
 * A region whose JSON is the same as the last one mounted there is left
 * alone; a changed one is patched in place: elements that keep their tag
 * keep their identity (and focus, scroll, running animations) and only the
 * attributes and texts that differ are written, so a bot's move touches a
 * few nodes instead of rebuilding the table, and the browser restyles and
 * lays out only those. Patching compares with the live elements, not with
 * the last tree, so classes other scripts add (ui/motion.js, ui/gestures.js)
 * are reset as a rebuild would. Form controls are always rebuilt: their
 * live value is not an attribute.
 */
(() => {
  "use strict";
  const REBUILT = new Set(["input", "select", "textarea", "option"]);
  // region id -> {json: the text last mounted, nodes: it parsed, kids: the children it left}
  const last = {};

  // A node is a string (text) or [tag, {attribute: value}, [children]].
  function build(node) {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, attrs, children] = node;
    const element = document.createElement(tag);
    for (const key in attrs) element.setAttribute(key, attrs[key]);
    for (const child of children) element.appendChild(build(child));
    return element;
  }

  function keeps(existing, node) {
    if (typeof node === "string") return existing.nodeType === Node.TEXT_NODE;
    return existing.nodeType === Node.ELEMENT_NODE && existing.localName === node[0] && !REBUILT.has(node[0]);
  }

  function patchAttrs(element, attrs) {
    for (const { name } of Array.from(element.attributes)) {
      if (!(name in attrs)) element.removeAttribute(name);
    }
    for (const key in attrs) {
      if (element.getAttribute(key) !== attrs[key]) element.setAttribute(key, attrs[key]);
    }
  }

  // Make parent's children match nodes, reusing what can be kept.
  function patchChildren(parent, nodes) {
    const existing = parent.childNodes;
    nodes.forEach((node, i) => {
      const old = existing[i];
      if (!old) {
        parent.appendChild(build(node));
      } else if (!keeps(old, node)) {
        parent.replaceChild(build(node), old);
      } else if (typeof node === "string") {
        if (old.nodeValue !== node) old.nodeValue = node;
      } else {
        patchAttrs(old, node[1]);
        patchChildren(old, node[2]);
      }
    });
    while (existing.length > nodes.length) parent.lastChild.remove();
  }

  // Whether #id still holds exactly what the last mount put there (another
  // writer, e.g. ui/main.py's first status line, may have replaced it).
  function unchanged(target, id, json) {
    const seen = last[id];
    if (!seen || seen.json !== json || seen.kids.length !== target.childNodes.length) return false;
    return seen.kids.every((kid, i) => kid === target.childNodes[i]);
  }

  function mount(id, json) {
    const target = document.getElementById(id);
    if (!target) return;
    const paint = window.TriplePlayPaint;  // ui/paint.js keeps the table's last trees
    if (unchanged(target, id, json)) {
      if (paint) paint.record(id, last[id].nodes);  // the picture is saved after every render
      return;
    }
    const nodes = JSON.parse(json);
    // A first mount replaces whatever is there, but for ui/paint.js's picture
    // of the last table (the same trees, or nearly): patched, as a later mount is.
    if (last[id] === undefined && !document.documentElement.dataset.painted) {
      const fragment = document.createDocumentFragment();
      for (const node of nodes) fragment.appendChild(build(node));
      target.replaceChildren(fragment);
    } else {
      patchChildren(target, nodes);
    }
    last[id] = { json, nodes, kids: Array.from(target.childNodes) };
    if (paint) paint.record(id, nodes);
  }

  window.TriplePlayDom = { mount, build };
})();
