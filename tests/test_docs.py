"""The docs stay true: every `$ tvla ...` example on the project's files is run
and the lines it shows (but ``...`` and timings) must appear in its output, in order."""

import os
import re
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT

DOCS = ("language.md", "engine.md", "json.md", "library-guide.md", "witnesses.md")


def examples():
    """(doc, command, shown lines) of each example that runs on the project's own files."""
    out = []
    for name in DOCS:
        path = os.path.join(ROOT, "docs", name)
        if not os.path.exists(path):
            continue
        for block in re.findall(r"```[a-z]*\n(.*?)```", open(path).read(), re.S):
            if "docs/" not in block and "programs/" not in block:
                continue
            parts = re.split(r"^\$ ", block, flags=re.M)[1:]
            for part in parts:
                cmd, *shown = part.rstrip("\n").split("\n")
                if not cmd.startswith("tvla ") or "/tmp/" in cmd:
                    continue
                keep = [s for s in shown if s.strip() and s.strip() != "..." and not s.startswith("Time:")]
                out.append(pytest.param(cmd, keep, id=f"{name}: {cmd[:60]}"))
    return out


def appears_in_order(shown, output):
    lines, k = output.split("\n"), 0
    for want in shown:
        prefix = want.split("...")[0].rstrip() if "..." in want else None
        while k < len(lines) and not (lines[k].startswith(prefix) if prefix is not None
                                      else lines[k].rstrip() == want.rstrip()):
            k += 1
        if k == len(lines):
            return want
        k += 1
    return None


@pytest.mark.parametrize("cmd, shown", examples())
def test_documented_example(tmp_path, cmd, shown):
    for d in ("docs", "programs", "specs"):
        shutil.copytree(os.path.join(ROOT, d), tmp_path / d)
    env = dict(os.environ, PYTHONPATH=ROOT)
    line = cmd.replace("tvla ", f"{sys.executable} -m tvla ", 1)
    r = subprocess.run(line, shell=True, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    missing = appears_in_order(shown, r.stdout + r.stderr)
    assert missing is None, f"{cmd}: the docs show {missing!r}\n{r.stdout}{r.stderr}"


def json_schema():
    """The JSON Schema printed in docs/json.md (the first json block after its heading)."""
    import json
    text = open(os.path.join(ROOT, "docs", "json.md")).read()
    block = re.search(r"## JSON Schema\n.*?```json\n(.*?)```", text, re.S).group(1)
    return json.loads(block)


@pytest.mark.parametrize("args", [
    ["programs/sll/reverse.tvp", "programs/sll/list.tvs"],
    ["programs/sll/delete.tvp", "programs/sll/list.tvs", "--witness"],
    ["tests/data/termination/walk.tvp", "programs/sll/list.tvs", "-DSTUCK", "-td"],
    ["programs/sll/reverse.tvp", "programs/sll/list.tvs", "-ms", "3"],
    ["programs/sll/reverse.tvp", "programs/sll/empty.tvs"],
])
def test_json_follows_the_documented_schema(tmp_path, args):
    import json
    import jsonschema
    from click.testing import CliRunner
    from tvla.cli.main import main
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", *(os.path.join(ROOT, a) if a.endswith((".tvp", ".tvs")) else a
                                                 for a in args), "-terse", "--json", str(out)])
    assert res.exit_code == 0, res.output
    jsonschema.validate(json.loads(out.read_text()), json_schema())
