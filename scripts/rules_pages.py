"""Turn docs/presets/*.md into HTML fragments for the page's rules reference.

The preset pages are the single source of each rule system's text; the
build converts the small Markdown subset they use (headings, paragraphs,
lists, tables, `code`, **bold**, [links](...)) so the page can show them
offline without a Markdown library.
"""

import html
import re
from pathlib import Path

_INLINE = [
    (re.compile(r"`([^`]+)`"), r"<code>\1</code>"),
    (re.compile(r"\*\*([^*]+)\*\*"), r"<strong>\1</strong>"),
    (re.compile(r"\[([^\]]+)\]\(([^)]+)\)"), r"\1"),  # links between doc pages: keep the text
]


def inline(text: str) -> str:
    out = html.escape(text, quote=False)
    for pattern, repl in _INLINE:
        out = pattern.sub(repl, out)
    return out


def markdown_to_html(md: str) -> str:
    out, para, items, rows = [], [], [], []

    def flush():
        if para:
            out.append(f"<p>{inline(' '.join(para))}</p>")
            para.clear()
        if items:
            out.append("<ul>" + "".join(f"<li>{inline(i)}</li>" for i in items) + "</ul>")
            items.clear()
        if rows:
            head, body = rows[0], [r for r in rows[2:]]
            out.append("<table><thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head)
                       + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in body)
                       + "</tbody></table>")
            rows.clear()

    for line in md.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
        elif stripped.startswith("#"):
            flush()
            level = len(stripped) - len(stripped.lstrip("#"))
            out.append(f"<h{level + 1}>{inline(stripped[level:].strip())}</h{level + 1}>")
        elif stripped.startswith("|"):
            if para or items:
                flush()
            rows.append([c.strip() for c in stripped.strip("|").split("|")])
        elif stripped.startswith("- "):
            if para or rows:
                flush()
            items.append(stripped[2:])
        elif items and line.startswith("  "):
            items[-1] += " " + stripped
        else:
            if items or rows:
                flush()
            para.append(stripped)
    flush()
    return "\n".join(out)


def write_rules_pages(docs: Path, out: Path) -> list[str]:
    """Write out/<preset>.html for every preset page; returns the names."""
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for md in sorted(docs.glob("*.md")):
        (out / f"{md.stem}.html").write_text(markdown_to_html(md.read_text(encoding="utf-8")),
                                             encoding="utf-8")
        names.append(md.stem)
    return names
