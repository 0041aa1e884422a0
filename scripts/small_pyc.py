"""The site's bytecode, made small: run inside the pinned Pyodide under Node
(scripts/bytecode.mjs, scripts/stdlib.mjs), never by the build's CPython.

A first visit downloads every .pyc the start-up imports; two things in them
are not worth their bytes in a browser page. The column ranges of each
instruction (only for the ^^^ marks under a traceback's line) take most of
the line tables: the Pyodide that runs this is started with
PYTHONNODEBUGRANGES, so its compiler leaves them out and keeps the line
numbers. Docstrings are dropped (nothing reads them), but those of
decorated classes: a dataclass without one computes one from its signature
as it is created.
"""

import ast
import importlib.util
from importlib._bootstrap_external import _code_to_hash_pyc


def without_docstrings(tree: ast.Module) -> ast.Module:
    """The tree with its docstrings removed in place, but decorated classes'."""
    for node in ast.walk(tree):
        if (isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef))
                or isinstance(node, ast.ClassDef) and not node.decorator_list):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                if len(body) == 1:
                    body.append(ast.copy_location(ast.Pass(), body[0]))  # a body cannot be empty
                del body[0]
    return tree


def small_pyc(source: bytes, filename: str, docstrings: bool = False) -> bytes:
    """An "unchecked-hash" .pyc of ``source`` (Python uses it as is, without
    comparing it to a source's timestamp); ``docstrings``: keep them all."""
    tree = ast.parse(source, filename)
    code = compile(tree if docstrings else without_docstrings(tree), filename, "exec", dont_inherit=True)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))
