"""The one module that touches PyScript: everything else stays plain Python.

PyScript is in maintenance mode; keeping its imports here means a plain
Pyodide loader could replace it by rewriting this file only.
"""

from pyscript import document, window


def by_id(element_id):
    """The DOM element with this id (or None)."""
    return document.getElementById(element_id)


def set_text(element_id, text):
    by_id(element_id).textContent = text


def set_app_state(state):
    """Set <html data-app-state>: "ready" tells the page and tests we are playable."""
    document.documentElement.dataset.appState = state


def fail(message):
    """Show a load failure in the boot panel (ui/boot.js) and set state "error"."""
    boot = getattr(window, "TriplePlayBoot", None)
    if boot is not None:
        boot.fail(message)
    else:
        window.console.error(message)
        set_app_state("error")
