"""French typography in the French PO catalogs: the non-breaking spaces French puts before `:`,
`;`, `?`, `!` and `»` and after `«` (issue 44, round 3).

    python3 scripts/french_spaces.py [FILE.po ...]   # default: every French catalog

Only the translations (`msgstr`) change, and only the space at those signs: a plain space, or no
space, becomes U+00A0 before `:` and inside « », U+202F (the narrow one) before `;?!`. Left as they
are: URLs (`https://…`), times and ratios (`20:00`), code in backticks (`/marchlords link
code:<code>`), a sign that starts a quoted string or follows another sign (`?!`). Each string of a
wrapped entry is fixed on its own; the catalogs' tests read the joined text and name an entry
whose sign sits at a line break. Run it again after adding a message; it changes nothing twice.
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = [
    ROOT / "web/src/locales/fr.po",
    *sorted((ROOT / "app/platform/i18n/locales/fr").glob("*.po")),
]

NBSP = "\u00a0"
NNBSP = "\u202f"
SPACES = " " + NBSP + NNBSP
# What is left as it is: code in backticks, a URL, a time or ratio.
KEPT = re.compile(r"`[^`]*`|\?\w+=\S*|\b[a-z][a-z0-9+.-]*://\S*|\d:\d")
# A sign with the spaces before it (the sign not first, not after another sign).
BEFORE = re.compile(rf"(?<=[^\s:;?!«{NBSP}{NNBSP}])[{SPACES}]?([:;?!»])|(?<=[:;?!])[{SPACES}]?(»)")
SENTINEL = "\x1f"
HEADER = ("Content-Type", "Language", "Plural-Forms", "MIME", "Content-Transfer")
AFTER = re.compile(rf"(«)[{SPACES}]?")


def _fix_plain(text: str) -> str:
    text = BEFORE.sub(
        lambda m: (
            (NBSP if (m.group(1) or m.group(2)) in ":»" else NNBSP) + (m.group(1) or m.group(2))
        ),
        text,
    )
    return AFTER.sub("«" + NBSP, text)


def fix(text: str) -> str:
    """`text` with French spaces at its signs, outside code, URLs and times."""
    out: list[str] = []
    at = 0
    for kept in KEPT.finditer(text):
        out.append(_fix_plain(text[at : kept.start()]))
        out.append(kept.group(0))
        at = kept.end()
    out.append(_fix_plain(text[at:]))
    return "".join(out)


def fix_catalog(source: str) -> str:
    """The PO text with every translation fixed (ids, comments and line breaks untouched).

    A wrapped translation is fixed as one text (code in backticks may span a line break) and
    cut again where it was: the sentinel between its strings is no sign and no space."""
    lines = source.splitlines(keepends=True)
    out: list[str] = []
    i = 0
    while i < len(lines):
        first = re.match(r'^(msgstr(?:\[\d+\])? )"(.*)"(\s*)$', lines[i], re.S)
        if first is None:
            out.append(lines[i])
            i += 1
            continue
        block = [(first.group(1), first.group(2), first.group(3))]
        i += 1
        while i < len(lines) and (more := re.match(r'^()"(.*)"(\s*)$', lines[i], re.S)):
            block.append((more.group(1), more.group(2), more.group(3)))
            i += 1
        bodies = [body for _, body, _ in block]
        if not any(b.startswith(HEADER) for b in bodies):
            bodies = fix(SENTINEL.join(bodies)).split(SENTINEL)
        out.extend(
            f'{head}"{body}"{tail}' for (head, _, tail), body in zip(block, bodies, strict=True)
        )
    return "".join(out)


def main(paths: list[str]) -> None:
    for path in [Path(p) for p in paths] or CATALOGS:
        before = path.read_text(encoding="utf-8")
        after = fix_catalog(before)
        if after != before:
            path.write_text(after, encoding="utf-8")
            print(f"{path.relative_to(ROOT) if path.is_absolute() else path}: fixed")


if __name__ == "__main__":
    main(sys.argv[1:])
