// The table slot the stock Pyodide gives each function its main module
// exports, as it starts (scripts/pyodide_linking.py builds them into the
// site's copy, whose start then need not look through the table for them).
// Prints JSON: { table: the table's length once the module is instantiated,
// slots: for each function export, in the order a for-in loop over the
// exports meets them, its GOT entry's address, or null where it has none }.
//
//     node scripts/main_slots.mjs PYODIDE_DIR
const [dir] = process.argv.slice(2);
const instantiate = WebAssembly.instantiate;
let main = null;
WebAssembly.instantiate = async function (...args) {
  const made = await instantiate.apply(this, args);
  const instance = made.instance || made;
  if (!main && instance.exports.__indirect_function_table) {
    main = { exports: instance.exports, table: instance.exports.__indirect_function_table.length };
  }
  return made;
};
const { loadPyodide } = await import(`${dir}/pyodide.mjs`);
const GOT = (await loadPyodide({ indexURL: `${dir}/` }))._module.GOT;
const slots = [];
for (const name in main.exports) {
  if (typeof main.exports[name] === "function") slots.push(GOT[name] === undefined ? null : GOT[name].value);
}
process.stdout.write(JSON.stringify({ table: main.table, slots }));
