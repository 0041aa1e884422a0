"""A tiny element tree: render code builds these, ui.dom turns them into DOM.

Plain Python, so the page's structure can be built (and checked) without a
browser. Strings among the children become text nodes, never markup.
"""

from dataclasses import dataclass, field


@dataclass
class Node:
    tag: str
    attrs: dict = field(default_factory=dict)
    children: list = field(default_factory=list)


def h(tag, attrs=None, *children):
    """h("button", {"class": "x"}, "text", h("b", None, "bold"))."""
    flat = []
    for child in children:
        if child is None or child is False:
            continue
        if isinstance(child, (list, tuple)):
            flat.extend(c for c in child if c is not None and c is not False)
        else:
            flat.append(child)
    return Node(tag, dict(attrs or {}), flat)


def button(text, cmd, arg=None, *, id=None, cls=None, label=None, disabled=False, pressed=None, extra=None):
    """A real <button> that sends (cmd, arg) to the controller when tapped."""
    attrs = {"type": "button", "data-cmd": cmd, "data-arg": arg, "id": id, "class": cls,
             "aria-label": label, "disabled": disabled}
    if pressed is not None:
        attrs["aria-pressed"] = "true" if pressed else "false"
    attrs.update(extra or {})
    return h("button", attrs, *(text if isinstance(text, list) else [text]))
