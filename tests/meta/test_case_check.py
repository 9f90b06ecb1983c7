"""tests/case_check.py on small suites run by a pytest of their own on two pytest-xdist workers:
tests named as schemathesis names its cases all run, an `xdist_group` stays on one worker, and
`--count-cases` fails a run where a followed test did not pass."""

import os
from pathlib import Path

import pytest

pytest_plugins = ["pytester"]
pytestmark = pytest.mark.real_server  # pytest processes of their own: not in `--quick`

ROOT = Path(__file__).resolve().parents[2]
# Cases as schemathesis 4 makes them: one item per operation, each named `function[label]`
# with the function's name as `originalname` (from which pytest 9.2 builds the id).
CASES_LIKE_SCHEMATHESIS = """
import pytest

def pytest_pycollect_makeitem(collector, name, obj):
    if name.startswith("test_") and callable(obj):
        return [
            pytest.Function.from_parent(
                collector, name=f"{name}[GET /v1/things/{n}]", originalname=name, callobj=obj
            )
            for n in range(3)
        ]
    return None
"""


def _run(pytester: pytest.Pytester, *args: str, workers: int = 2) -> pytest.RunResult:
    pytester.makeini("[pytest]\naddopts = -p no:cacheprovider\n")
    on_workers = ["-n", str(workers), "--dist", "loadgroup"] if workers else []
    return pytester.runpytest_subprocess("-p", "tests.case_check", *on_workers, *args)


@pytest.fixture(autouse=True)
def _importable_tests(monkeypatch: pytest.MonkeyPatch, pytester: pytest.Pytester) -> None:
    """The small suites' pytest imports tests.case_check from here, and tells where it ran."""
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(paths))
    monkeypatch.setenv("RAN_DIR", str(pytester.path))


def test_every_case_named_like_schemathesis_runs_under_workers(pytester: pytest.Pytester) -> None:
    pytester.makeconftest(CASES_LIKE_SCHEMATHESIS)
    pytester.makepyfile(test_cases="def test_a():\n    pass\n\ndef test_b():\n    pass\n")
    result = _run(pytester, "--count-cases", "test_cases.py")
    result.assert_outcomes(passed=6)
    result.stdout.fnmatch_lines(["*--count-cases test_cases.py: 6 collected (6 ids), 6 passed: OK"])


def test_count_cases_in_one_process(pytester: pytest.Pytester) -> None:
    """Without workers (`scripts/bench_suite`'s old way) the plugin, a dataclass and so not
    hashable, broke pytest at the first report of a test with a conftest it is not under."""
    pytester.makeconftest(CASES_LIKE_SCHEMATHESIS)
    pytester.mkpydir("elsewhere").joinpath("conftest.py").write_text("")
    pytester.makepyfile(test_cases="def test_a():\n    pass\n\ndef test_b():\n    pass\n")
    result = _run(pytester, "--count-cases", "test_cases.py", workers=0)
    result.assert_outcomes(passed=6)
    result.stdout.fnmatch_lines(["*--count-cases test_cases.py: 6 collected (6 ids), 6 passed: OK"])


def test_a_group_stays_on_one_worker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        test_group="""
import os
import pytest

@pytest.mark.xdist_group("together")
@pytest.mark.parametrize("n", range(4))
def test_grouped(n):
    with open(os.path.join(os.environ["RAN_DIR"], f"ran-{n}"), "w") as ran:
        ran.write(os.environ["PYTEST_XDIST_WORKER"])

@pytest.mark.parametrize("n", range(4))
def test_free(n):
    pass
"""
    )
    result = _run(pytester)
    result.assert_outcomes(passed=8)
    workers = [path.read_text() for path in pytester.path.glob("ran-*")]
    assert len(workers) == 4
    assert len(set(workers)) == 1, workers


def test_count_cases_fails_a_run_where_a_followed_test_did_not_pass(
    pytester: pytest.Pytester,
) -> None:
    pytester.makepyfile(
        test_some="import pytest\n\ndef test_ok():\n    pass\n\n"
        "def test_skipped():\n    pytest.skip('not here')\n"
    )
    result = _run(pytester, "--count-cases", "test_some.py")
    result.assert_outcomes(passed=1, skipped=1)
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(
        [
            "*--count-cases: test_some.py::test_skipped: did not pass*",
            "*2 collected (2 ids), 1 passed: FAIL*",
        ]
    )
