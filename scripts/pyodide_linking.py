"""The site's copy of Pyodide's pyodide.asm.mjs links its JavaScript functions
into the wasm table in one wasm module, not one module each.

As the runtime starts, Emscripten's dynamic linker (reportUndefinedSymbols)
puts some 260 of Pyodide's JavaScript functions into the wasm table. Its
addFunction wraps each in a wasm function of the right signature by
compiling and instantiating a tiny wasm module of its own, after a failed
try that throws; on the phone profile that is about 50 ms of every start,
a restored one included (bench/LOG.md, 7 December). Here the linker
collects them and ``addFunctions`` wraps them all with one module that
imports and exports each. They take the same table slots, in the same
order, as addFunction gives them, so a memory snapshot's function
pointers stay right. Pinned to Pyodide 314.0.2's text: the build fails if
the linker's text is not found exactly once.
"""

import re

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
    "var reportUndefinedSymbols=()=>{for(", "var reportUndefinedSymbols=()=>{var linked=[];for(", 1
).replace(
    "{entry.value=addFunction(value,value.sig)}", "{linked.push([entry,value])}", 1
).removesuffix("};") + "addFunctions(linked)};" + """
var addFunctions=(linked)=>{
  // The functions to wrap, each once, in the order first linked.
  var wrap=[],index=new Map();
  for(var[,func]of linked){
    if(typeof func.sig=="string"&&!getFunctionAddress(func)&&!index.has(func)){
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
    var at=getFunctionAddress(func);
    if(!at&&index.has(func)){
      at=getEmptyTableSlot();setWasmTableEntry(at,wrapped[index.get(func)]);functionsInTableMap.set(func,at);
    }
    entry.value=at||addFunction(func,func.sig);
  }
};"""


# What addFunctions uses of the module's own.
USES = ("getFunctionAddress", "getEmptyTableSlot", "setWasmTableEntry", "functionsInTableMap",
        "wasmTypeCodes", "addFunction")


def patch(text: str) -> str:
    """pyodide.asm.mjs's ``text`` with the linker above."""
    if text.count(ORIGINAL) != 1 or not all(re.search(rf"\bvar {name}[=;]", text) for name in USES):
        raise SystemExit("pyodide.asm.mjs: Emscripten's linker is not the one "
                         "scripts/pyodide_linking.py patches (a new Pyodide?)")
    return text.replace(ORIGINAL, REPLACEMENT)
