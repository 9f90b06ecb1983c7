"""Checks a commit message: a subject that can be scanned, and a body that says why.

Used as git's `commit-msg` hook (`scripts/install_hooks`) and by `scripts/commit_msg --range`
over a range of commits. The rules (docs/contributors/commits.md):

- the subject is at most 72 characters, starts with a capital letter, does not end with a
  full stop, and is in the imperative ("Add", "Fix", not "Added", "Fixes", "Adding");
- a blank line separates it from a body of at least one line that says why and what was
  measured (merges, reverts, fixups and squashes are exempt);
- no body line is longer than 100 characters, but for a URL or a quoted log line.
"""

import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

MAX_SUBJECT = 72
MAX_BODY_LINE = 100
EXEMPT = re.compile(r"^(Merge |Revert \"|fixup! |squash! |amend! )")
# First words that are not the imperative: past tense, third person, gerund. A word list, not
# a grammar: an imperative that happens to end like these (e.g. "Process", "Address") is kept.
NOT_IMPERATIVE = re.compile(r"^(\w+ed|\w+ing|(?!\w+(ss|us|is|ys)$)\w+s)$", re.IGNORECASE)
IMPERATIVE_EXCEPTIONS = frozenset(
    {
        "embed",
        "feed",
        "need",
        "seed",
        "speed",
        "shed",
        "bring",
        "string",
        "ping",
        "ring",
        "sing",
        "wing",
        "bias",
        "alias",
        "canvas",
        "does",
        "focus",
        "has",
        "is",
        "was",
        "lens",
        "bless",
        "pass",
        "access",
        "process",
        "address",
        "express",
        "dress",
        "press",
        "stress",
    }
)


def problems(message: str) -> list[str]:
    """What is wrong with `message` (comment lines dropped as git drops them); empty if none."""
    lines = [line for line in message.splitlines() if not line.startswith("#")]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not lines[0].strip():
        return ["the message is empty"]
    subject = lines[0]
    if EXEMPT.match(subject):
        return []
    found = []
    if len(subject) > MAX_SUBJECT:
        found.append(f"the subject is {len(subject)} characters (at most {MAX_SUBJECT})")
    if subject.endswith("."):
        found.append("the subject ends with a full stop")
    if not subject[0].isupper():
        found.append("the subject starts with a lower-case letter")
    # A scope before a colon ("Tests: add …", "web: fix …") is not the verb: the word after is.
    words = re.sub(r"^[\w/().-]+: ", "", subject).split()
    first = words[0].rstrip(":,") if words else ""
    if first.lower() not in IMPERATIVE_EXCEPTIONS and NOT_IMPERATIVE.match(first):
        found.append(f"the subject's first word {first!r} is not in the imperative")
    if len(lines) < 3 or lines[1].strip():
        found.append("no body: a blank line, then why and what was measured")
    for number, line in enumerate(lines[2:], start=3):
        if len(line) > MAX_BODY_LINE and "://" not in line and not line.startswith((" ", ">")):
            found.append(f"line {number} is {len(line)} characters (at most {MAX_BODY_LINE})")
    return found


def _messages(revision_range: str) -> Iterable[tuple[str, str]]:
    out = subprocess.run(  # noqa: S603 (git, with a range the contributor typed)
        ["git", "log", "--format=%H%x00%B%x01", revision_range],  # noqa: S607
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for entry in out.split("\x01"):
        if entry.strip():
            sha, _, body = entry.strip("\n").partition("\x00")
            yield sha[:12], body


def main(argv: list[str]) -> int:
    if len(argv) == 2 and argv[0] == "--range":
        bad = 0
        for sha, body in _messages(argv[1]):
            for problem in problems(body):
                print(f"{sha}: {problem}", file=sys.stderr)
                bad = 1
        return bad
    if len(argv) != 1:
        print("usage: commit_msg FILE | commit_msg --range A..B", file=sys.stderr)
        return 2
    found = problems(Path(argv[0]).read_text(encoding="utf-8"))
    for problem in found:
        print(f"commit message: {problem}", file=sys.stderr)
    if found:
        print(
            "(docs/contributors/commits.md; the message is kept in .git/COMMIT_EDITMSG)",
            file=sys.stderr,
        )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
