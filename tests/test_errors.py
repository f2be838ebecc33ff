"""Malformed input gives FILE:LINE:COL: message and exit status 2, never a traceback."""

import re

import pytest
from click.testing import CliRunner

from tvla.cli.main import main

GOOD_DECLS = "%p x(v) unique\n%p n(v_1, v_2) function\n"
GOOD_ACTIONS = "%action A() {\n  %t \"a\"\n}\n"
GOOD_CFG = "L0 A() L1\n"


def _prog(decls=GOOD_DECLS, actions=GOOD_ACTIONS, cfg=GOOD_CFG):
    return f"{decls}%%\n{actions}%%\n{cfg}"


CASES = [
    ("syntax", _prog(decls="%p x(v unique\n"), 1, r"syntax error"),
    ("undeclared", _prog(decls=GOOD_DECLS + "%i q(v) = y(v)\n"), 3, r"undeclared predicate 'y'"),
    ("arity", _prog(decls=GOOD_DECLS + "%i q(v) = n(v)\n"), 3, r"arity 2 but is used with 1"),
    ("freevars", _prog(decls=GOOD_DECLS + "%i q(v) = x(w)\n"), 3, r"free variables of the definition of 'q'"),
    ("action", _prog(cfg="L0 Nope() L1\n"), 8, r"unknown action 'Nope'"),
    ("property", _prog(decls="%p x(v) uniqe\n"), 1, r"unknown predicate property 'uniqe'"),
    ("comment", _prog(decls=GOOD_DECLS + "/* never closed\n"), 3, r"unterminated comment"),
    # a string left open at the end of its line: the comment after it is on the next line (was 3:17)
    ("comment after an open string", _prog(decls=GOOD_DECLS + '%p q(v) "open\n  /* never closed\n'), 4,
     r"unterminated comment"),
    ("include", '#include "missing.tvp"\n' + _prog(), 1, r'cannot find included file "missing.tvp"'),
]


@pytest.mark.parametrize("name,text,line,pattern", CASES, ids=[c[0] for c in CASES])
def test_malformed_tvp(tmp_path, monkeypatch, name, text, line, pattern):
    (tmp_path / "bad.tvp").write_text(text)
    (tmp_path / "bad.tvs").write_text("")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["analyze", "bad", "-terse"])
    assert res.exit_code == 2, res.output
    err = res.output.strip().splitlines()[-1]
    m = re.match(r"^(.+?):(\d+):(\d+): (.*)$", err)
    assert m, err
    assert m.group(1).endswith("bad.tvp")
    assert int(m.group(2)) == line
    assert re.search(pattern, m.group(4))
    assert "Traceback" not in res.output


def test_error_in_included_file_points_into_it(tmp_path, monkeypatch):
    (tmp_path / "inc.tvp").write_text("%p x(v) unique\n\n%p y(v) wrong\n")
    (tmp_path / "main.tvp").write_text('// main\n#include "inc.tvp"\n%%\n' + GOOD_ACTIONS + "%%\n" + GOOD_CFG)
    (tmp_path / "main.tvs").write_text("")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["analyze", "main", "-terse"])
    assert res.exit_code == 2
    assert re.search(r"inc\.tvp:3:\d+: unknown predicate property 'wrong'", res.output)


def test_error_in_a_library_included_by_a_relative_path_names_it_plainly(tmp_path, monkeypatch):
    (tmp_path / "specs").mkdir()
    (tmp_path / "programs" / "p").mkdir(parents=True)
    (tmp_path / "specs" / "lib.tvp").write_text("%p x(v) unique\n%p y(v) wrong\n")
    (tmp_path / "programs" / "p" / "main.tvp").write_text(
        '#include "../../specs/lib.tvp"\n%%\n' + GOOD_ACTIONS + "%%\n" + GOOD_CFG)
    (tmp_path / "programs" / "p" / "main.tvs").write_text("")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["analyze", "programs/p/main", "-terse"])
    assert res.exit_code == 2
    assert res.output.strip().splitlines()[-1] == "specs/lib.tvp:2:9: unknown predicate property 'wrong'"


def test_binary_garbage(tmp_path, monkeypatch):
    (tmp_path / "bin.tvp").write_bytes(b"%p x(v)\n\x00\x01\x02\xff")
    (tmp_path / "bin.tvs").write_text("")
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["analyze", "bin", "-terse"])
    assert res.exit_code == 2
    assert re.search(r"bin\.tvp:2:1: binary data", res.output)


@pytest.mark.parametrize("tvs,pattern", [
    ("%n = {u}\n%p = { q = {u} }\n", r"s\.tvs:2:\d+: undeclared predicate 'q'"),
    ("%n = {u}\n%p = { x = {w} }\n", r"s\.tvs:2:\d+: node 'w' is not in the universe"),
    ("%n = {u}\n%p = { sm = {u} }\n", r"s\.tvs:2:\d+: sm is never 1"),
    ("%n = {u}\n%p = { x = {u->u} }\n", r"s\.tvs:2:\d+: predicate 'x' has arity 1"),
    ("%n = {u\n", r"s\.tvs:\d+:\d+: syntax error"),
])
def test_malformed_tvs(tmp_path, monkeypatch, tvs, pattern):
    (tmp_path / "p.tvp").write_text(_prog())
    (tmp_path / "s.tvs").write_text(tvs)
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["analyze", "p", "s", "-terse"])
    assert res.exit_code == 2, res.output
    assert re.search(pattern, res.output), res.output


def test_other_engines_are_refused_not_replaced(tmp_path):
    """dtvla and .tvm programs are TVLA engines we do not have: an input error, never a
    silent run of the plain engine (docs/engine.md)."""
    import os
    from conftest import ROOT
    prog, inp = (os.path.join(ROOT, "programs", "sll", f) for f in ("reverse.tvp", "list.tvs"))
    props = tmp_path / "d.properties"
    props.write_text("tvla.engine.type = dtvla\n")
    res = CliRunner().invoke(main, ["analyze", prog, inp, "-props", str(props)])
    assert res.exit_code == 2 and "tvla.engine.type = dtvla: only the plain engine" in res.output
    tvm = tmp_path / "threads.tvm"
    tvm.write_text("class Main { }\n")
    res = CliRunner().invoke(main, ["analyze", str(tvm), inp])
    assert res.exit_code == 2 and f"{tvm}:1:1: .tvm programs" in res.output
