"""Pytest hooks that keep every collected test reachable and prove it ran (tests/conftest.py
registers them; `-p tests.case_check` elsewhere): a test id of its own for each schemathesis
case, and `--count-cases PREFIX`.

pytest 9.2 builds a test's id from its `originalname`, and schemathesis gives every operation's
case of a test function that function's name as `originalname`: all the cases of a function
shared one id. One process runs them all anyway; pytest-xdist schedules by id, so it ran the
first case of each function only (6 of `tests/shell/contract/test_fuzz.py`'s 324) and said nothing.

pytest-xdist 3.8 gives a test of an `xdist_group` its group by appending `@group` to its id in
`_nodeid`, which pytest 9.2 no longer reads: `--dist loadgroup` grouped nothing, and a module
sharing a fixture was spread over the workers, the fixture built on each.
"""

from collections import Counter
from collections.abc import Generator
from dataclasses import dataclass, field

import pytest
from _pytest.nodeid import NodeId  # pytest 9.2's test ids; no public way to set one


def pytest_addoption(parser: pytest.Parser) -> None:
    """`--count-cases PREFIX`: every collected test whose id starts with PREFIX must pass."""
    parser.addoption(
        "--count-cases",
        action="append",
        default=[],
        metavar="PREFIX",
        help="print how many tests whose id starts with PREFIX were collected and passed, and"
        " fail the run unless each of them has an id of its own and passed (repeatable)",
    )


class IdRepairs:
    """The two repairs of test ids above, as a plugin."""

    @pytest.hookimpl(wrapper=True)
    def pytest_collection_modifyitems(
        self, config: pytest.Config, items: list[pytest.Item]
    ) -> Generator[None]:
        """A test whose id does not end with its name gets the id its name makes, before the
        others read the ids; after pytest-xdist's worker has named the groups, a test of an
        `xdist_group` has `@group` at the end of its id (under `--dist loadgroup`)."""
        for item in items:
            if item.parent is not None and item.nodeid.rpartition("::")[2] != item.name:
                item._id = NodeId.parse(f"{item.parent.nodeid}::{item.name}")
        yield
        if not getattr(config.option, "loadgroup", False):
            return
        for item in items:
            groups = {
                str(mark.args[0] if mark.args else mark.kwargs.get("name", "default"))
                for mark in item.iter_markers("xdist_group")
            }
            suffix = f"@{'_'.join(sorted(groups))}"
            if groups and not item.nodeid.endswith(suffix):
                item._id = NodeId.parse(item.nodeid + suffix)


@dataclass(eq=False)  # a plugin is hashed by pluggy: by identity
class CaseCount:
    """The `--count-cases` plugin of the process reporting the run (the controller, under
    pytest-xdist): the followed ids collected and passed."""

    prefixes: tuple[str, ...]
    collected: list[str] = field(default_factory=list)
    passed: list[str] = field(default_factory=list)

    def followed(self, nodeid: str) -> bool:
        return nodeid.startswith(self.prefixes)

    def problems(self) -> list[str]:
        """What is wrong: ids shared by several tests, tests that did not pass."""
        shared = sorted(nodeid for nodeid, n in Counter(self.collected).items() if n > 1)
        missing = sorted(set(self.collected) - set(self.passed))
        return [f"{nodeid}: one id for several tests" for nodeid in shared] + [
            f"{nodeid}: did not pass" for nodeid in missing
        ]

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        """One process: what it collected (deselected tests left out)."""
        self.collected = [item.nodeid for item in session.items if self.followed(item.nodeid)]

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: object, ids: list[str]) -> None:
        """Workers: what the first one collected (pytest-xdist checks the others alike)."""
        if not self.collected:
            self.collected = [nodeid for nodeid in ids if self.followed(nodeid)]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call" and report.passed and self.followed(report.nodeid):
            self.passed.append(report.nodeid)

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Fail the run if a followed test has a shared id or did not pass."""
        if self.problems() and session.exitstatus == pytest.ExitCode.OK:
            session.exitstatus = pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: pytest.TerminalReporter) -> None:
        problems = self.problems()
        for problem in problems[:20]:
            terminalreporter.write_line(f"--count-cases: {problem}", red=True)
        terminalreporter.write_line(
            f"--count-cases {' '.join(self.prefixes)}: {len(self.collected)} collected"
            f" ({len(set(self.collected))} ids), {len(self.passed)} passed:"
            f" {'FAIL' if problems else 'OK'}",
            red=bool(problems),
            green=not problems,
        )


def pytest_configure(config: pytest.Config) -> None:
    """Register the repairs of test ids, and `--count-cases` where the run is reported (not on
    pytest-xdist's workers)."""
    config.pluginmanager.register(IdRepairs(), "id-repairs")
    prefixes = tuple(config.getoption("count_cases"))
    if prefixes and not hasattr(config, "workerinput"):
        config.pluginmanager.register(CaseCount(prefixes), "count-cases")
