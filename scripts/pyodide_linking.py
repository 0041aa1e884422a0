"""The site's copy of Pyodide's pyodide.asm.mjs, with five steps of
Emscripten's dynamic linker made lighter; every runtime start pays for
them, a restored one included (bench/LOG.md, 7 and 8 December).

- **The linker's tiny modules.** As the runtime starts, reportUndefinedSymbols
  puts some 260 of Pyodide's JavaScript functions into the wasm table. Its
  addFunction wraps each in a wasm function of the right signature by
  compiling and instantiating a tiny wasm module of its own, after a failed
  try that throws: about 50 ms on the phone profile. Here the linker
  collects them and ``addFunctions`` wraps them all with one module that
  imports and exports each.
- **The GOT's entries.** updateGOT gives each of the main module's 8,500
  exports an entry in the GOT (the table of addresses that modules loaded
  later import), a ``WebAssembly.Global`` made at once: half its time. Here
  an entry is the address itself, a number, until a module imports it
  (GOTHandler then makes the Global); reportUndefinedSymbols, looking for
  entries not yet resolved (-1), passes the numbers by, as it would their
  Globals.
- **The main module's symbols.** mergeLibSymbols adds each of its exports
  not yet defined to the symbols that modules link against, through an
  array of all 8,500 and a function made for each: a plain loop does the
  same in half the time.

- **The main module's functions.** updateGOT gives each of the 7,400
  functions the main module exports its slot in the wasm table: the one it
  holds already (about 1,600 do) or a new one. To know which, Emscripten
  reads every slot of the table back (8,700 JavaScript objects made), and
  grows the table one slot at a time. Here the slots come with the build
  (scripts/main_slots.mjs runs the stock runtime under Node), the table
  grows once, and it is read back only if something later asks whether a
  function is in it (CPython's trampoline, put in it at every start, cannot
  be).
- **The entries left to resolve.** reportUndefinedSymbols looks through
  the whole GOT (some 14,000 entries) for those not yet resolved; here it
  looks through the Globals GOTHandler made, the only ones that can be.

The table slots and the addresses come out the same, in the same order, as
the stock linker gives them, so a memory snapshot's function pointers stay
right. Pinned to Pyodide 314.0.2's text: the build fails if any text
patched is not found exactly once.
"""

import json
import re
import subprocess
from pathlib import Path

# Emscripten's reportUndefinedSymbols in Pyodide 314.0.2, as shipped.
ORIGINAL = (
    "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){if(entry.value==-1){"
    "var value=resolveGlobalSymbol(symName,true).sym;if(!value&&!entry.required){entry.value=0;continue}"
    "else if(!value){throw new Error(`Dynamic linking error: undefined symbol '${symName}'`)}"
    'if(typeof value=="function"){entry.value=addFunction(value,value.sig)}'
    'else if(typeof value=="number"){entry.value=value}else if(typeof value.value=="number"){entry.value=value}'
    "else{throw new Error(`bad export type for '${symName}': ${typeof value} (${value})`)}}}};"
)
# The same, the functions collected and linked after the loop (nothing else
# in it touches the table), then addFunctions.
REPLACEMENT = ORIGINAL.replace(
    "var reportUndefinedSymbols=()=>{for(var[symName,entry]of Object.entries(GOT)){",
    "var reportUndefinedSymbols=()=>{var linked=[];for(var symName of GOTGlobals){var entry=GOT[symName];", 1
).replace(
    "{entry.value=addFunction(value,value.sig)}", "{linked.push([entry,value])}", 1
).removesuffix("};") + "addFunctions(linked)};" + """
var addFunctions=(linked)=>{
  // A JavaScript function's slot, if it has one: until the table is read
  // back (tableMapped), only those added to it are in functionsInTableMap.
  var known=f=>tableMapped?getFunctionAddress(f):functionsInTableMap?.get(f)||0;
  // The functions to wrap, each once, in the order first linked.
  var wrap=[],index=new Map();
  for(var[,func]of linked){
    if(typeof func.sig=="string"&&!known(func)&&!index.has(func)){
      index.set(func,wrap.length);wrap.push(func);
    }
  }
  var wrapped=[];
  if(wrap.length){
    // One module: a type, an import ("e", i) and an export (i) for each.
    var leb=(to,n)=>{do{var b=n&127;n>>>=7;to.push(n?b|128:b)}while(n)};
    var name=(to,i)=>{var s=String(i);leb(to,s.length);for(var k=0;k<s.length;k++){to.push(s.charCodeAt(k))}};
    var vec=(to,codes)=>{leb(to,codes.length);for(var c of codes){to.push(wasmTypeCodes[c])}};
    var types=[],imports=[],exports=[];
    for(var body of[types,imports,exports]){leb(body,wrap.length)}
    wrap.forEach((f,i)=>{
      types.push(96);vec(types,f.sig.slice(1));vec(types,f.sig[0]==="v"?"":f.sig[0]);
      imports.push(1,101);name(imports,i);imports.push(0);leb(imports,i);
      name(exports,i);exports.push(0);leb(exports,i);
    });
    var bytes=[0,97,115,109,1,0,0,0];
    for(var[id,body]of[[1,types],[2,imports],[7,exports]]){
      bytes.push(id);leb(bytes,body.length);for(var b of body){bytes.push(b)}
    }
    var module=new WebAssembly.Module(new Uint8Array(bytes));
    var instance=new WebAssembly.Instance(module,{e:Object.assign({},wrap)});
    wrapped=wrap.map((f,i)=>instance.exports[i]);
  }
  // The table slots, as addFunction gives them.
  for(var[entry,func]of linked){
    var at=known(func)||(index.has(func)?0:getFunctionAddress(func));
    if(!at&&index.has(func)){
      at=getEmptyTableSlot();setWasmTableEntry(at,wrapped[index.get(func)]);
      (functionsInTableMap??=new WeakMap).set(func,at);
    }
    entry.value=at||addFunction(func,func.sig);
  }
};"""


# Emscripten's updateGOT and the start of its GOTHandler, as shipped, and the
# same with the entries made as numbers, turned into Globals when imported.
UPDATE_GOT = (
    "var updateGOT=(exports,replace)=>{for(var symName in exports){if(isInternalSym(symName)){continue}"
    "var value=exports[symName];var existingEntry=GOT[symName]&&GOT[symName].value!=-1;"
    'if(replace||!existingEntry){var newValue;if(typeof value=="function"){newValue=addFunction(value)}'
    'else if(typeof value.value=="number"){newValue=value}else{continue}'
    'GOT[symName]??=new WebAssembly.Global({value:"i32",mutable:true});GOT[symName].value=newValue}}};'
)
UPDATE_GOT_LAZY = (
    "var updateGOT=(exports,replace)=>{for(var symName in exports){if(isInternalSym(symName)){continue}"
    "var value=exports[symName];var entry=GOT[symName];"
    'var existingEntry=entry!==undefined&&(typeof entry=="number"||entry.value!=-1);'
    'if(replace||!existingEntry){var newValue;if(typeof value=="function"){newValue=addFunction(value)}'
    'else if(typeof value.value=="number"){newValue=value.value}else{continue}'
    'if(entry===undefined||typeof entry=="number"){GOT[symName]=newValue}else{entry.value=newValue}}}};'
)
GOT_HANDLER = "var GOTHandler={get(weakImports,symName){var rtn=GOT[symName];if(!rtn){"
# GOTGlobals: the entries GOTHandler made unresolved (-1), in the GOT's order.
GOT_HANDLER_LAZY = "var GOTGlobals=[];" + GOT_HANDLER.replace(
    "if(!rtn){", 'if(typeof rtn=="number"){rtn=GOT[symName]=new WebAssembly.Global({value:"i32",mutable:true},rtn)}'
    "if(!rtn){GOTGlobals.push(symName);", 1)
# Emscripten's getFunctionAddress, as shipped, and the same reading the table
# back at its first call even where functionsInTableMap has entries already
# (those addFunctions made before).
GET_ADDRESS = ("var getFunctionAddress=func=>{if(!functionsInTableMap){functionsInTableMap=new WeakMap;"
               "updateTableMap(0,wasmTable.length)}return functionsInTableMap.get(func)||0};")
GET_ADDRESS_LAZY = ("var tableMapped=false;var getFunctionAddress=func=>{if(!tableMapped){tableMapped=true;"
                    "functionsInTableMap??=new WeakMap;updateTableMap(0,wasmTable.length)}"
                    "return functionsInTableMap.get(func)||0};")
# CPython's wasm trampoline (made at every start where the browser has wasm
# GC), put in the table by addFunction, and the same without asking whether
# the table holds it: it comes from an instance just made, so it cannot.
TRAMPOLINE = "return addFunction(trampolineInstance.exports.trampoline_call)}"
TRAMPOLINE_FRESH = ("var func=trampolineInstance.exports.trampoline_call,ret=getEmptyTableSlot();"
                    "setWasmTableEntry(ret,func);(functionsInTableMap??=new WeakMap).set(func,ret);return ret}")
# receiveInstance's call for the main module, and the same with its slots known.
MAIN_GOT = "updateGOT(origExports);LDSO.init();"
MAIN_GOT_KNOWN = "updateMainGOT(origExports);LDSO.init();"
# updateGOT for the main module, its functions' slots from MAIN_SLOTS (in the
# exports' order; 0: the next new slot, -1: none): the stock way instead if
# anything is not as the build found it.
UPDATE_MAIN_GOT = """
var MAIN_SLOTS=%(slots)s,MAIN_TABLE=%(table)d;
var updateMainGOT=exports=>{
  var names=[],values=[],slots=[],fresh=0,i=0;
  for(var symName in exports){
    var value=exports[symName],slot=typeof value=="function"?MAIN_SLOTS[i++]:0;
    if((symName[0]=="_"||symName=="memory")&&isInternalSym(symName)){continue}
    var entry=GOT[symName];
    if(slot===-1||slot===undefined||entry!==undefined&&(typeof entry=="number"||entry.value!=-1)){i=-1;break}
    names.push(symName);values.push(value);slots.push(slot);
    if(slot===0&&typeof value=="function"){fresh++}
  }
  if(i!==MAIN_SLOTS.length||wasmTable.length!==MAIN_TABLE||tableMapped||functionsInTableMap){updateGOT(exports);return}
  var next=wasmTable.length;
  wasmTable.grow(fresh);
  names.forEach((symName,k)=>{
    var value=values[k],newValue;
    if(typeof value=="function"){newValue=slots[k]||next++;if(!slots[k]){setWasmTableEntry(newValue,value)}}
    else if(typeof value.value=="number"){newValue=value.value}else{return}
    if(GOT[symName]===undefined){GOT[symName]=newValue}else{GOT[symName].value=newValue}
  });
};"""
# Emscripten's mergeLibSymbols, as shipped, and the same as a plain loop.
MERGE = (
    "var mergeLibSymbols=(exports,libName)=>{for(var[sym,exp]of Object.entries(exports)){"
    "const setImport=target=>{if(!isSymbolDefined(target)){wasmImports[target]=exp}};setImport(sym);"
    'const main_alias="__main_argc_argv";if(sym=="main"){setImport(main_alias)}'
    'if(sym==main_alias){setImport("main")}}};'
)
MERGE_LOOP = (
    "var mergeLibSymbols=(exports,libName)=>{for(var sym in exports){var exp=exports[sym];"
    "if(!isSymbolDefined(sym)){wasmImports[sym]=exp}"
    'if(sym=="main"&&!isSymbolDefined("__main_argc_argv")){wasmImports["__main_argc_argv"]=exp}'
    'if(sym=="__main_argc_argv"&&!isSymbolDefined("main")){wasmImports["main"]=exp}}};'
)
PATCHES = ((ORIGINAL, REPLACEMENT), (UPDATE_GOT, UPDATE_GOT_LAZY), (GOT_HANDLER, GOT_HANDLER_LAZY),
           (MERGE, MERGE_LOOP), (GET_ADDRESS, GET_ADDRESS_LAZY), (MAIN_GOT, MAIN_GOT_KNOWN),
           (TRAMPOLINE, TRAMPOLINE_FRESH))

# Emscripten's isInternalSym, as shipped: updateMainGOT asks it only of the
# names that begin with "_" or are "memory", the only ones it can be true of.
INTERNAL_SYM = (
    'var isInternalSym=symName=>["memory","__memory_base","__table_base","__stack_pointer",'
    '"__indirect_function_table","__cpp_exception","__c_longjmp","__wasm_apply_data_relocs","__dso_handle",'
    '"__tls_size","__tls_align","__set_stack_limits","_emscripten_tls_init","__wasm_init_tls","__wasm_call_ctors",'
    '"__start_em_asm","__stop_em_asm","__start_em_js","__stop_em_js"].includes(symName)'
    '||symName.startsWith("__em_js__");'
)
# What the linker above uses of the module's own.
USES = ("getFunctionAddress", "getEmptyTableSlot", "setWasmTableEntry", "functionsInTableMap",
        "wasmTypeCodes", "addFunction", "isInternalSym")


def main_slots(pyodide: Path) -> dict:
    """What scripts/main_slots.mjs finds of the stock runtime in ``pyodide``:
    { table, slots }."""
    script = Path(__file__).resolve().parent / "main_slots.mjs"
    run = subprocess.run(["node", str(script), str(pyodide.resolve())], check=True, capture_output=True, text=True)
    return json.loads(run.stdout)


def known_slots(main: dict) -> list[int]:
    """MAIN_SLOTS from main_slots()'s ``main``: each function's slot where the
    table holds it already or another export took it first, 0 where
    updateGOT gives it the next new one, -1 where it has none."""
    table, seen, slots = main["table"], set(), []
    for slot in main["slots"]:
        if slot is None:
            slots.append(-1)
        elif slot >= table and slot not in seen:
            if slot != table + len(seen):
                raise SystemExit("scripts/main_slots.mjs: the new slots are not given in the exports' order")
            seen.add(slot)
            slots.append(0)
        else:
            slots.append(slot)
    return slots


def patch(text: str, main: dict) -> str:
    """pyodide.asm.mjs's ``text`` with the linker above; ``main``: what
    main_slots() found of the same runtime."""
    if (any(text.count(original) != 1 for original, _ in PATCHES) or text.count(INTERNAL_SYM) != 1
            or not all(re.search(rf"\bvar {name}[=;]", text) for name in USES)):
        raise SystemExit("pyodide.asm.mjs: Emscripten's linker is not the one "
                         "scripts/pyodide_linking.py patches (a new Pyodide?)")
    for original, replacement in PATCHES:
        text = text.replace(original, replacement)
    update_main = UPDATE_MAIN_GOT % {"slots": json.dumps(known_slots(main), separators=(",", ":")),
                                     "table": main["table"]}
    return text.replace(UPDATE_GOT_LAZY, UPDATE_GOT_LAZY + update_main, 1)
