"""The links of the README and docs/: GitHub's heading anchors, and every relative link with
what it points at (shared by the link test and by whoever moves a section)."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
LINK = re.compile(r"(?<!\!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")


def pages() -> list[Path]:
    return [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


def prose(text: str) -> str:
    """The text without its fenced code blocks (a `# comment` in one is no heading)."""
    return re.sub(r"^```.*?^```", "", text, flags=re.S | re.M)


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces
    as hyphens, `-1`, `-2` … after a repeated one."""
    seen: dict[str, int] = {}
    out = set()
    for line in prose(path.read_text()).splitlines():
        m = re.match(r"^#{1,6} (.*)", line)
        if not m:
            continue
        slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        out.add(slug if n == 0 else f"{slug}-{n}")
    return out


def links(path: Path) -> list[str]:
    """Every link target of a page, outside code."""
    text = re.sub(r"`[^`\n]*`", "", prose(path.read_text()))
    return [a or b for a, b in LINK.findall(text)]


def broken(path: Path) -> list[str]:
    """What does not resolve: a missing file, or an anchor no heading of its page makes."""
    out = []
    for target in links(path):
        if re.match(r"^[a-z]+:", target):
            continue
        file, _, anchor = target.partition("#")
        page = (path.parent / file).resolve() if file else path
        if not page.exists():
            out.append(f"{target} (no file {page})")
        elif anchor and page.suffix == ".md" and anchor not in anchors(page):
            out.append(f"{target} (no heading makes #{anchor} in {page.name})")
    return out
