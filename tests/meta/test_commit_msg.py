"""The commit-message check (scripts/commit_msg): what a contributor's hook accepts and refuses."""

import importlib.util
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _checker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("commit_msg", ROOT / "scripts" / "commit_msg.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


problems = _checker().problems

BODY = "\n\nThe map drew borders at a smaller scale than the markers.\n"


@pytest.mark.parametrize(
    "subject",
    ["Fix the map's borders", "Address each email to one recipient", "Tests: add the XML attacks"],
)
def test_an_imperative_subject_with_a_body_passes(subject: str) -> None:
    assert problems(subject + BODY) == []


@pytest.mark.parametrize(
    ("message", "problem"),
    [
        ("A" * 73 + BODY, "the subject is 73 characters (at most 72)"),
        ("Fixed the map" + BODY, "the subject's first word 'Fixed' is not in the imperative"),
        ("Fixes the map" + BODY, "the subject's first word 'Fixes' is not in the imperative"),
        ("Web: adding a test" + BODY, "the subject's first word 'adding' is not in the imperative"),
        ("Fix the map." + BODY, "the subject ends with a full stop"),
        ("fix the map" + BODY, "the subject starts with a lower-case letter"),
        ("Fix the map\n", "no body: a blank line, then why and what was measured"),
        ("Fix the map\nno blank line\n", "no body: a blank line, then why and what was measured"),
        ("Fix the map\n\n" + "x" * 101 + "\n", "line 3 is 101 characters (at most 100)"),
        ("# only a comment\n\n", "the message is empty"),
    ],
)
def test_a_subject_that_cannot_be_scanned_is_refused_with_the_reason(
    message: str, problem: str
) -> None:
    assert problems(message) == [problem]


def test_merges_and_fixups_need_no_body() -> None:
    assert problems("Merge branch 'mail'\n") == []
    assert problems("fixup! Fix the map\n") == []


def test_the_hook_exits_non_zero_on_a_bad_message(tmp_path: Path) -> None:
    message = tmp_path / "COMMIT_EDITMSG"
    message.write_text("Fixed things\n", encoding="utf-8")
    run = subprocess.run(  # noqa: S603 (the project's own script)
        [ROOT / "scripts" / "commit_msg", message], capture_output=True, text=True, check=False
    )
    assert run.returncode == 1
    assert "not in the imperative" in run.stderr
    assert "no body" in run.stderr
    message.write_text("Fix things" + BODY, encoding="utf-8")
    hook = ROOT / "scripts" / "commit_msg"
    ok = subprocess.run([hook, message], check=False)  # noqa: S603 (the project's own script)
    assert ok.returncode == 0
