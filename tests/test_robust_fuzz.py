"""Minimized reproducers of the shared fuzzer's TVP/TVS campaign (issue 23, /work/shared/fuzz/fuzz.py):
bad input stops with ``FILE:LINE:COL: message`` and exit 2, never a traceback, an internal
error or a hang; each test names the seed and case that found it."""

import os
import re

from click.testing import CliRunner

from tvla.cli.main import main

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REVERSE = os.path.join(ROOT, "programs", "sll", "reverse.tvp")
LIST = os.path.join(ROOT, "programs", "sll", "list.tvs")


def run(tmp_path, monkeypatch, files, args):
    """Write ``files`` (name -> text) into tmp_path and run ``tvla ARGS`` there."""
    for name, text in files.items():
        (tmp_path / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, list(args))


def located(res):
    """(file, line, col, message) of the error a run ended with (exit 2, no traceback)."""
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output
    m = re.match(r"^([^\s:][^:\n]*):(\d+):(\d+): (.*)$", res.output.strip().splitlines()[-1])
    assert m, res.output
    return m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)


# ------------------------------------------------------------------ properties files

def test_bad_property_value_is_located_at_its_key(tmp_path, monkeypatch):
    """seed 2, case 27: a PROGRAM.properties beside the program with ``tvla.joinType = fcpucb``."""
    text = "# comment\ntvla.joinType = part\n\ntvla.unknown.key=ind\n  tvla.joinType = fcpucb\n"
    res = run(tmp_path, monkeypatch, {"p.properties": text}, ("analyze", REVERSE, LIST, "-props", "p.properties"))
    assert located(res) == ("p.properties", 5, 3,
                            "tvla.joinType: unknown join 'fcpucb' (expected one of rel, part, ind, conc)")


def test_bad_property_after_a_continuation_line_is_located(tmp_path, monkeypatch):
    """seed 2, cases 194, 236: a bad action order (lines counted across continuations and CRLF)."""
    text = "tvla.joinType = \\\r\n  part\r\ntvla.engine.actionOrder=back\r\n"
    res = run(tmp_path, monkeypatch, {"p.properties": text}, ("analyze", REVERSE, LIST, "-props", "p.properties"))
    assert located(res) == ("p.properties", 3, 1, "tvla.engine.actionOrder: bad action order 'back' "
                            "(letters f, c, p, u, b; u required)")
