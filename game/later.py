"""Modules imported at their first use rather than with their importer.

A page start imports every module its importers name; those that only some
visits use (``hard``'s search, the hint and the coach, the statistics) are
named with ``later("game.advice.coach")`` instead: the module object is there at
once, and its code runs on the first read of one of its attributes
(``importlib.util.LazyLoader``), so a start that never uses it does not pay
for it. tests/test_layers.py reads these calls as imports, so the layers
and the cycle checks see them.
"""

from __future__ import annotations

import importlib.util
import sys


def later(name: str):
    """The module ``name`` (absolute), to be run at its first attribute read."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, module)
    spec.loader.exec_module(module)
    _named.append(name)
    return module


_named: list[str] = []  # every name later() has made a module for, in order


def run_all() -> None:
    """Runs every module named with later() so far that has not run: a
    memory snapshot (ui/snapshot_worker.mjs) then holds them run, and a
    start restored from it pays for none of them."""
    for name in _named:
        getattr(sys.modules[name], "__name__")  # any attribute read runs it
