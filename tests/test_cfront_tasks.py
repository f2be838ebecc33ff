"""The competition's task files (tvla.cfront.tasks): ``tvla verify task.yml`` verifies the task's C
file for the properties it names and compares the verdicts with those it expects."""

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

from tvla.cfront.tasks import Task, read_task
from tvla.errors import TvlaError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "programs", "c")

MEMSAFETY_PRP = "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )\n" \
                "CHECK( init(main()), LTL(G valid-memtrack) )\n"


def task_text(c_file, *entries):
    props = "".join(f"  - property_file: ../properties/{prp}\n    expected_verdict: {verdict}\n"
                    + (f"    subproperty: {sub}\n" if sub else "") for prp, verdict, sub in entries)
    return f"format_version: '2.0'\ninput_files: '{c_file}'\nproperties:\n{props}options:\n  language: C\n"


@pytest.fixture
def layout(tmp_path):
    """The competition's layout: tasks beside their C files, property files in ../properties."""
    (tmp_path / "properties").mkdir()
    (tmp_path / "properties" / "valid-memsafety.prp").write_text(MEMSAFETY_PRP)
    (tmp_path / "properties" / "termination.prp").write_text("CHECK( init(main()), LTL(F end) )\n")
    (tmp_path / "list").mkdir()
    for name in ("sort_insertion.c", "student_list_remove_leak.c"):
        shutil.copy(os.path.join(CORPUS, name), tmp_path / "list" / name)
    return tmp_path


def test_a_task_names_its_file_properties_and_expected_verdicts(layout):
    path = layout / "list" / "leak.yml"
    path.write_text(task_text("student_list_remove_leak.c", ("valid-memsafety.prp", "false", "valid-memtrack"),
                              ("valid-memcleanup.prp", "false", None),   # not on disk: known by its name
                              ("termination.prp", "true", None)))
    assert read_task(str(path)) == Task(
        str(layout / "list" / "student_list_remove_leak.c"), ("memsafety", "memcleanup"),
        (("memsafety", "false (valid-memtrack)"), ("memcleanup", "false")), ("../properties/termination.prp",))


@pytest.mark.parametrize("text, where", [
    ("input_files: 'a.c'\nproperties: [\n", ":3:1:"),
    ("input_files: ['a.c', 'b.c']\nproperties: []\n", ":1:1:"),
    ("- just a list\n", ":1:1:"),
    (b"\xff\xfe input_files", ":1:1:"),   # not UTF-8
])
def test_a_malformed_task_is_a_located_error(tmp_path, text, where):
    path = tmp_path / "bad.yml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    with pytest.raises(TvlaError) as e:
        read_task(str(path))
    assert where in str(e.value) and str(path) in str(e.value)


def test_verify_of_tasks_compares_with_the_expected_verdicts(layout):
    (layout / "list" / "sort.yml").write_text(task_text("sort_insertion.c", ("valid-memsafety.prp", "true", None),
                                                        ("termination.prp", "true", None)))
    (layout / "list" / "leak.yml").write_text(task_text("student_list_remove_leak.c",
                                                        ("valid-memsafety.prp", "false", "valid-free")))
    out = layout / "r.json"
    r = subprocess.run([sys.executable, "-m", "tvla", "verify", "list/sort.yml", "list/leak.yml", "--json", str(out)],
                       cwd=layout, capture_output=True, text=True)
    assert r.returncode == 1, r.stderr
    table = r.stdout.split("\n\n")[-1].splitlines()
    assert table[0].split() == ["file", "property", "verdict", "seconds", "expected"]
    assert [[t for t in row.split() if not re.fullmatch(r"\d+\.\d\d", t)] for row in table[2:4]] == [   # no seconds
        ["list/sort_insertion.c", "memsafety", "true", "true"],
        ["list/student_list_remove_leak.c", "memsafety", "false", "(valid-memtrack)", "false", "(valid-free)"]]
    assert table[4] == "2 expected verdicts: 1 as expected, 0 unknown, 1 not as expected"
    files = json.loads(out.read_text())["files"]
    assert [f["properties"]["memsafety"]["expected"] for f in files] == ["true", "false (valid-free)"]
    assert [list(f["properties"]) for f in files] == [["memsafety"], ["memsafety"]]   # termination left out


def test_a_task_of_other_properties_only_is_skipped_with_a_note(layout):
    (layout / "list" / "term.yml").write_text(task_text("sort_insertion.c", ("termination.prp", "true", None)))
    (layout / "list" / "sort.yml").write_text(task_text("sort_insertion.c", ("valid-memsafety.prp", "true", None)))
    r = subprocess.run([sys.executable, "-m", "tvla", "verify", "list/term.yml", "list/sort.yml"],
                       cwd=layout, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.startswith("list/term.yml:1:1: unsupported: the task asks for no property tvla checks "
                               "(../properties/termination.prp)\n")
    assert r.stdout.rstrip().endswith("1 expected verdicts: 1 as expected, 0 unknown, 0 not as expected")


def test_a_directory_stands_for_its_tasks_and_the_c_files_no_task_names(layout):
    """A competition's directory holds each C file beside its task: the walk gives the task, not the
    file twice (it gave only the C files, without their expected verdicts); a C file no task names
    is still verified, and a YAML file that is no task (a configuration) is left alone."""
    from tvla.cli.verify import c_files
    (layout / "list" / "sort.yml").write_text(task_text("sort_insertion.c", ("valid-memsafety.prp", "true", None)))
    (layout / "list" / "ci.yaml").write_text("jobs:\n  test: {runs-on: linux}\n")
    (layout / "list" / "broken.yml").write_text("input_files: 'gone.c'\nproperties: [\n")
    (layout / "list" / "sub").mkdir()
    (layout / "list" / "sub" / "lone.c").write_text("int main(void) { return 0; }\n")
    assert c_files([str(layout / "list")]) == [
        str(layout / "list" / f) for f in ("sort.yml", "student_list_remove_leak.c", os.path.join("sub", "lone.c"))]
    r = subprocess.run([sys.executable, "-m", "tvla", "verify", "--property", "memsafety", "list/sub", "list/sort.yml"],
                       cwd=layout, capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.splitlines()[-1] == "1 expected verdicts: 1 as expected, 0 unknown, 0 not as expected"


def test_a_bad_task_in_a_batch_is_an_error_row_and_the_others_run(layout):
    """A malformed task, or one whose C file is missing, is an error at its place; the batch still
    verifies the other tasks (it stopped at the first bad task with nothing verified)."""
    (layout / "list" / "sort.yml").write_text(task_text("sort_insertion.c", ("valid-memsafety.prp", "true", None)))
    (layout / "list" / "gone.yml").write_text(task_text("gone.c", ("valid-memsafety.prp", "true", None)))
    (layout / "list" / "broken.yml").write_text("input_files: 'a.c'\nproperties: [\n")
    r = subprocess.run([sys.executable, "-m", "tvla", "verify", "list/broken.yml", "list/gone.yml", "list/sort.yml"],
                       cwd=layout, capture_output=True, text=True)
    assert r.returncode == 2, r.stdout + r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("list/broken.yml:3:1: not a task definition: ")
    assert lines[1] == "list/gone.yml:2:1: input_files: no such C file list/gone.c"
    assert "list/sort_insertion.c: memsafety: true" in lines
    assert lines[-1] == "1 expected verdicts: 1 as expected, 0 unknown, 0 not as expected"
