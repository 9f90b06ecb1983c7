"""Mutation score of the rules engine: mutmut's mutants of app/rules against tests/rules alone.

Copies app/, tests/ and pyproject.toml (the working tree as it is) to .data/mutation/, has mutmut
generate every mutant of app/rules/*.py there ([tool.mutmut] in pyproject.toml), runs all of
them (the default) or a seeded random sample (`--sample N --seed S`), then prints the score,
killed / behaviour-changing, and every surviving mutant with its file, line and change, and
writes the survivors to a report (.data/mutation-survivors.md, ignored by git: survivors are a
run's output, not documentation).

Not counted: mutants that only change a docstring, and the equivalent mutants listed in
docs/mutation.md (printed apart). A timeout counts as killed (the tests did not pass); a mutant
of a function no rule test calls counts as survived. Hypothesis runs derandomized, with no
example database and no deadline (tests/rules/conftest.py), so a run is repeatable.

Relies on mutmut 3's files (mutants/**/*.py.meta) and its diff helper; the version is locked.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import io
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / ".data" / "mutation"
DOC = ROOT / "docs" / "mutation.md"
# Outside WORK, which the next run empties first: the last run's survivors stay readable.
REPORT = ROOT / ".data" / "mutation-survivors.md"
DEFAULT_SAMPLE = 2000  # about 15 minutes on 2 idle cores (docs/mutation.md)
MAX_JOBS = 2
KILLED = {"killed", "timeout", "segfault"}
SEPARATOR = "ǁ"  # mutmut's separator of class and method in a mutant's name
PROGRESS = re.compile(r"(\d+)/(\d+)\s+🎉 (\d+) 🫥 (\d+)\s+⏰ (\d+)\s+🤔 (\d+)\s+🙁 (\d+)")

# mutmut's exit codes (mutmut.stats.status_by_exit_code), kept here to read its .meta files.
STATUS = {
    1: "killed",
    3: "killed",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
    35: "suspicious",
    36: "timeout",
    37: "caught by type check",
    -24: "timeout",
    24: "timeout",
    152: "timeout",
    255: "timeout",
    -11: "segfault",
    -9: "segfault",
}


@dataclass(frozen=True)
class Mutant:
    name: str  # app.rules.sea.xǁFleetǁembark__mutmut_5
    path: str  # app/rules/sea.py
    function: str  # Fleet.embark
    status: str
    line: int  # of the first changed line in the original file, 0 if not found
    diff: tuple[str, ...]  # the changed lines, "-…" then "+…", as in the source

    @property
    def key(self) -> tuple[str, str, tuple[str, ...]]:
        """What identifies a mutant across runs (names are numbered and shift when code moves)."""
        return self.path, self.function, normalized(self.diff)


def normalized(diff: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(line[0] + " ".join(line[1:].split()) for line in diff)


def snapshot(rev: str | None) -> None:
    """A fresh copy of the code and the tests for mutmut to work in: the working tree, or `rev`."""
    if WORK.exists():
        shutil.rmtree(WORK)
    WORK.mkdir(parents=True)
    if rev is not None:
        archive = subprocess.run(  # noqa: S603
            ["git", "archive", rev, "app", "tests", "pyproject.toml"],  # noqa: S607
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(WORK)], input=archive, check=True)  # noqa: S603, S607
        return
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis")
    for name in ("app", "tests"):
        shutil.copytree(ROOT / name, WORK / name, ignore=ignore)
    shutil.copy2(ROOT / "pyproject.toml", WORK / "pyproject.toml")


def generate(jobs: int) -> list[str]:
    """Every mutant's name (mutmut writes the mutated copies under mutants/)."""
    os.chdir(WORK)
    # mutmut reads pyproject.toml from the cwd: imported once there.
    from mutmut.__main__ import create_mutants, store_lines_covered_by_tests
    from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir

    Path("mutants").mkdir()
    with contextlib.redirect_stdout(io.StringIO()):  # mutmut lists every file it copies
        copy_src_dir()
        copy_also_copy_files()
        store_lines_covered_by_tests()
        create_mutants(jobs)
    return sorted(
        name for meta in meta_files() for name in json.loads(meta.read_text())["exit_code_by_key"]
    )


def meta_files() -> list[Path]:
    return sorted((WORK / "mutants" / "app" / "rules").glob("*.py.meta"))


def run_mutmut(names: list[str] | None, jobs: int) -> None:
    """`mutmut run` on the named mutants (None: all), its output in .data/mutation/mutmut.log."""
    log_path = WORK / "mutmut.log"
    command = [sys.executable, "-m", "mutmut", "run", "--max-children", str(jobs), *(names or [])]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    started = time.monotonic()
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=WORK, stdout=log, stderr=subprocess.STDOUT, env=env)  # noqa: S603
        last = ""
        while process.poll() is None:
            time.sleep(15)
            found = PROGRESS.findall(log_path.read_text(errors="replace")[-2000:])
            if found:
                done, total, killed, _, timeouts, _, survived = found[-1]
                dead = int(killed) + int(timeouts)
                line = (
                    f"  {done}/{len(names) if names else total}: {dead} killed, {survived} survived"
                )
                if line != last:
                    print(f"{line} ({time.monotonic() - started:.0f} s)", flush=True)
                    last = line
    if process.returncode != 0:
        tail = log_path.read_text(errors="replace")[-3000:]
        sys.exit(f"mutmut failed (exit {process.returncode}), end of {log_path}:\n{tail}")


def function_ranges(source: str) -> dict[str, tuple[int, int, set[int]]]:
    """Qualified name → (first line with decorators, last line, docstring lines)."""
    ranges: dict[str, tuple[int, int, set[int]]] = {}

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                doc: set[int] = set()
                head = node.body[0]
                if (
                    isinstance(head, ast.Expr)
                    and isinstance(head.value, ast.Constant)
                    and isinstance(head.value.value, str)
                ):
                    doc = set(range(head.lineno, (head.end_lineno or head.lineno) + 1))
                ranges[prefix + node.name] = (first, node.end_lineno or node.lineno, doc)
            elif isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")

    visit(ast.parse(source).body, "")
    return ranges


def describe(name: str, status: str, path: str) -> Mutant:
    """File, line and change of a mutant (from mutmut's copy of the original function)."""
    from mutmut.mutation.diff_apply import get_diff_for_mutant

    mangled = name.partition("__mutmut_")[0].rpartition(".")[2]
    if mangled.startswith("x" + SEPARATOR):
        function = mangled[2:].replace(SEPARATOR, ".")
    else:
        function = mangled.removeprefix("x_")
    diff = get_diff_for_mutant(name, path=path).splitlines()
    changed: list[str] = []
    offset = 0  # line of the first change within the function's text (1-based)
    old = 0
    for text in diff:
        if text.startswith(("+++", "---")):
            continue
        if text.startswith("@@"):
            old = int(text.split()[1].split(",")[0].lstrip("-"))
        elif text[:1] in "+-":
            changed.append(text)
            offset = offset or old
            old += text.startswith("-")
        else:
            old += 1
    source = (WORK / path).read_text()
    lines = source.splitlines()
    first, last, doc = function_ranges(source).get(function, (0, 0, set()))
    line = first + offset - 1 if first and offset else 0
    removed = [t[1:].strip() for t in changed if t.startswith("-")]
    if removed and not (0 < line <= len(lines) and lines[line - 1].strip() == removed[0]):
        candidates = [n for n in range(first, last + 1) if lines[n - 1].strip() == removed[0]]
        line = candidates[0] if candidates else 0
    if line and line in doc:
        status = "docstring"
    return Mutant(name, path, function, status, line, tuple(changed))


def equivalents() -> dict[tuple[str, str, tuple[str, ...]], str]:
    """The equivalent mutants of docs/mutation.md: `### \\`path\\` \\`function\\``, a diff block,
    then the reason."""
    found: dict[tuple[str, str, tuple[str, ...]], str] = {}
    if not DOC.exists():
        return found
    pattern = re.compile(
        r"^### `(?P<path>[^`]+)` `(?P<function>[^`]+)`\n+```diff\n(?P<diff>.*?)\n```\n+(?P<why>.*?)"
        r"(?=\n### |\n## |\Z)",
        re.MULTILINE | re.DOTALL,
    )
    text = DOC.read_text()
    section = text.partition("\n## Equivalent mutants")[2]
    for match in pattern.finditer(section):
        diff = [line for line in match["diff"].splitlines() if line[:1] in "+-"]
        key = (match["path"], match["function"], normalized(diff))
        found[key] = " ".join(match["why"].split())
    return found


def results(names: set[str] | None) -> list[Mutant]:
    mutants = []
    for meta in meta_files():
        path = str(meta.relative_to(WORK / "mutants"))[: -len(".meta")]
        codes = json.loads(meta.read_text())["exit_code_by_key"]
        for name, code in sorted(codes.items()):
            if names is not None and name not in names:
                continue
            status = STATUS.get(code, "suspicious") if code is not None else "not checked"
            if status in KILLED or status == "not checked":
                mutants.append(Mutant(name, path, "", status, 0, ()))
            else:
                mutants.append(describe(name, status, path))
    return mutants


def show(mutant: Mutant, note: str = "") -> None:
    where = f"{mutant.path}:{mutant.line}" if mutant.line else mutant.path
    print(f"\n{where}  {mutant.function}  [{mutant.status}]  {mutant.name}{note}")
    for text in mutant.diff:
        print(f"    {text}")


def report(
    survivors: list[Mutant], score: float, minutes: float, chosen: list[str] | None, seed: int
) -> str:
    """The run's survivors as markdown, headed by what was run and its score."""
    run = "all mutants" if chosen is None else f"a sample of {len(chosen)}, seed {seed}"
    head = (
        f"# Surviving mutants\n\n{run}, {minutes:.0f} min: score {score:.1f} %,"
        f" {len(survivors)} survivors.\n\nAn equivalent one goes to docs/mutation.md"
        ' (section "Equivalent mutants"), with why; the next run leaves it out of the score.\n\n'
    )
    return head + markdown(survivors)


def markdown(mutants: list[Mutant]) -> str:
    """The survivors in docs/mutation.md's format (paste an equivalent one there, with why)."""
    out = []
    for m in mutants:
        out.append(f"### `{m.path}` `{m.function}`\n\n```diff\n" + "\n".join(m.diff) + "\n```\n")
        out.append(f"Line {m.line}, {m.status} ({m.name}).\n")
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--sample",
        type=int,
        nargs="?",
        const=DEFAULT_SAMPLE,
        metavar="N",
        help=f"run a random sample of N mutants ({DEFAULT_SAMPLE}, about 15 minutes); default: all",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the sample (0)")
    parser.add_argument("-j", "--jobs", type=int, default=MAX_JOBS, help="parallel test runs (≤ 2)")
    parser.add_argument("--rev", help="mutate this commit (e.g. HEAD) instead of the working tree")
    parser.add_argument(
        "--report",
        type=Path,
        default=REPORT,
        help=f"write the survivors as markdown here ({REPORT.relative_to(ROOT)})",
    )
    parser.add_argument("--fail-under", type=float, help="exit 1 if the score (%%) is lower")
    args = parser.parse_args()
    if not 1 <= args.jobs <= MAX_JOBS:
        parser.error(f"--jobs must be between 1 and {MAX_JOBS} (shared machine)")
    if args.sample is not None and args.sample < 1:
        parser.error("--sample must be ≥ 1")

    started = time.monotonic()
    snapshot(args.rev)
    every = generate(args.jobs)
    if args.sample is None:
        chosen: list[str] | None = None
        print(f"mutation: all {len(every)} mutants of app/rules (seed irrelevant)", flush=True)
    else:
        size = min(args.sample, len(every))
        chosen = sorted(random.Random(args.seed).sample(every, size))
        print(f"mutation: {size} of {len(every)} mutants, seed {args.seed}", flush=True)
    run_mutmut(chosen, args.jobs)

    mutants = results(set(chosen) if chosen is not None else None)
    known = equivalents()
    counts = Counter(m.status for m in mutants)
    equivalent = [m for m in mutants if m.status not in KILLED and m.key in known]
    survivors = [
        m
        for m in mutants
        if m.status not in KILLED and m.status != "docstring" and m.key not in known
    ]
    killed = sum(counts[s] for s in KILLED)
    changing = killed + len(survivors)
    survivors.sort(key=lambda m: (m.path, m.line, m.name))

    print(f"\nSurviving mutants ({len(survivors)}):")
    for m in survivors:
        show(m)
    if equivalent:
        print(f"\nEquivalent mutants, not counted ({len(equivalent)}, docs/mutation.md):")
        for m in equivalent:
            show(m, f"\n    why: {known[m.key]}")
    score = 100.0 * killed / changing if changing else 100.0
    minutes = (time.monotonic() - started) / 60
    print(
        f"\nmutants run: {len(mutants)} ("
        f"{', '.join(f'{s} {n}' for s, n in sorted(counts.items()))})"
        f"\nnot counted: {len(equivalent)} equivalent, {counts['docstring']} docstring only"
        f"\nscore: {killed} killed / {changing} behaviour-changing = {score:.1f} %"
        f" ({'all' if chosen is None else f'sample of {len(chosen)}, seed {args.seed}'},"
        f" {minutes:.0f} min)"
    )
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(report(survivors, score, minutes, chosen, args.seed))
    print(f"survivors written to {args.report}")
    if args.fail_under is not None and score < args.fail_under:
        sys.exit(1)


if __name__ == "__main__":
    main()
