"""Turn docs/presets/*.md into HTML pages for the page's rules reference.

The preset pages are the single source of each rule system's text; the
build converts the small Markdown subset they use (headings, paragraphs,
lists, tables, `code`, **bold**, [links](...)) so the page can link to them
offline without a Markdown library. Every preset named in `code` in a
page's first heading gets rules/<preset>.html, so the page can link each
preset by its name.
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
            out.append("<div class=\"scroll\"><table><thead><tr>" + "".join(f"<th>{inline(c)}</th>" for c in head)
                       + "</tr></thead><tbody>"
                       + "".join("<tr>" + "".join(f"<td>{inline(c)}</td>" for c in r) + "</tr>" for r in body)
                       + "</tbody></table></div>")
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


PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><link rel="stylesheet" href="../ui/style.css">
<link rel="icon" href="../icons/icon-192.png" type="image/png"></head>
<body class="doc"><main>
{body}
</main></body></html>
"""


def write_rules_pages(docs: Path, out: Path) -> list[str]:
    """Write out/<preset>.html for every preset page; returns the names."""
    out.mkdir(parents=True, exist_ok=True)
    names = []
    for md in sorted(docs.glob("*.md")):
        text = md.read_text(encoding="utf-8")
        heading = text.splitlines()[0]
        page = PAGE.format(title=html.escape(heading.lstrip("# ").replace("`", "")),
                           body=markdown_to_html(text))
        for name in re.findall(r"`([a-z0-9-]+)`", heading) or [md.stem]:
            (out / f"{name}.html").write_text(page, encoding="utf-8")
            names.append(name)
    return names
