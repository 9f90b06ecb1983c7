"""The test suite the old way and the new way, one after the other in the same run.

The old way: one pytest process (no `-n`), a new app built for every test
(`MARCHLORDS_TEST_APP_PER_TEST=1`, tests/factories/apps.py). The new way: what `scripts/test`
runs, pytest-xdist workers with a database each (`--workers`, `--dist loadgroup`) and one app per
worker put back at each test. `--whole` (the default without pytest arguments): the whole suite
both ways, each run failing unless every case of the contract fuzzing passed (`--count-cases`).
Prints each run's wall and CPU time (the CPU of pytest, its workers and every process they
start, PostgreSQL's excepted: it runs apart), its summary line, and the ratio new / old of the
wall times, target ≤ 0.5, with PASS/FAIL. Extra arguments go to both pytest runs (a subset:
`scripts/bench_suite tests/rules`). Exits 1 if a run's tests fail.
"""

import argparse
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET = 0.5  # new wall time ÷ old wall time, at most


@dataclass(frozen=True)
class Run:
    name: str
    wall: float
    cpu: float
    summary: str
    returncode: int


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_pytest(name: str, args: list[str], env: dict[str, str]) -> Run:
    """Run pytest with `args`, its output shown as it comes; the last line is its summary."""
    print(f"==> {name}: pytest {' '.join(args)}", flush=True)
    cpu_before, started = _children_cpu(), time.perf_counter()
    process = subprocess.Popen(  # noqa: S603 - our own pytest, arguments from the command line
        [sys.executable, "-m", "pytest", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    last = ""
    for line in process.stdout or ():
        print(line, end="", flush=True)
        if line.strip():
            last = line.strip()
    returncode = process.wait()
    wall, cpu = time.perf_counter() - started, _children_cpu() - cpu_before
    return Run(name, wall, cpu, last.strip("= "), returncode)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n")[0])
    parser.add_argument("--workers", default=os.environ.get("MARCHLORDS_TEST_WORKERS", "2"))
    parser.add_argument("--whole", action="store_true", help="the whole suite (no pytest args)")
    options, pytest_args = parser.parse_known_args()
    if options.whole and pytest_args:
        parser.error("--whole runs the whole suite: no pytest arguments with it")
    whole = ["--count-cases", "tests/shell/contract/test_fuzz.py"] if not pytest_args else []
    common = ["-q", "-p", "no:cacheprovider", *whole, *pytest_args]
    old_env = {**os.environ, "MARCHLORDS_TEST_APP_PER_TEST": "1"}
    new_env = {k: v for k, v in os.environ.items() if k != "MARCHLORDS_TEST_APP_PER_TEST"}
    old = run_pytest("old way (one process, an app per test)", common, old_env)
    new = run_pytest(
        f"new way ({options.workers} workers)",
        ["-n", options.workers, "--dist", "loadgroup", *common],
        new_env,
    )
    print("\n== test suite: the old way and the new way, in this run")
    for run in (old, new):
        print(
            f"{run.name:42} wall {run.wall:8.1f} s   CPU {run.cpu:8.1f} s   {run.summary}"
            f"{'' if run.returncode == 0 else f'   (exit {run.returncode})'}"
        )
    ratio = new.wall / old.wall
    verdict = "PASS" if ratio <= TARGET else "FAIL"
    print(
        f"{'wall new ÷ old':42} {ratio:.2f}   target ≤ {TARGET}   {verdict}"
        f"   (CPU new ÷ old {new.cpu / old.cpu:.2f})"
    )
    return 0 if old.returncode == new.returncode == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
