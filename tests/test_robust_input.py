"""Extreme and malformed input (issue 8, items 7-9): the language side runs, or
stops with ``FILE:LINE:COL: message`` and exit 2; syntax errors speak the language."""

import re

import pytest
from click.testing import CliRunner

from tvla.cli.main import main
from tvla.lang.tvp import load_program

DECLS = "%p x(v) unique\n%p n(v_1, v_2) function\n"
ACTIONS = '%action A() {\n  %t "a"\n}\n'
CFG = "L0 A() L1\n"


def prog(decls="", actions=ACTIONS, cfg=CFG):
    return DECLS + decls + "%%\n" + actions + "%%\n" + cfg


def invoke(tmp_path, monkeypatch, files, args=("analyze", "bad", "-terse")):
    for name, text in files.items():
        (tmp_path / name).write_bytes(text if isinstance(text, bytes) else text.encode())
    monkeypatch.chdir(tmp_path)
    return CliRunner().invoke(main, list(args))


def located(res):
    """(file, line, col, message) of the error a run ended with."""
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output
    m = re.match(r"^(.+?):(\d+):(\d+): (.*)$", res.output.strip().splitlines()[-1])
    assert m, res.output
    return m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)


# ---------------------------------------------------------------- item 7: deep input

DEEP = {
    "conjuncts": "%i q() = " + " & ".join(["E(v) x(v)"] * 400) + "\n",
    "negations": "%i q() = " + "!" * 300 + "E(v) x(v)\n",
    "quantifiers": "%i q() = " + "".join(f"E(v{i}) " for i in range(200)) + "x(v0)\n",
    "composite": ("%s S {" + ", ".join(f"m{i}" for i in range(350)) + "}\n"
                  "foreach (z in S) { %p z(v) }\n%i q(v) = |/{ z(v) : z in S }\n"),
}


@pytest.mark.parametrize("name", sorted(DEEP))
def test_deep_formulas_parse_and_elaborate(write, name):
    p = load_program(write("deep.tvp", prog(DEEP[name])))
    q = p.vocabulary["q"].definition
    assert q is not None and q.free_vars() == (frozenset({"v"}) if name == "composite" else frozenset())


def test_500_nested_foreach(tmp_path, monkeypatch):
    decls = "".join(f"foreach (a{i} in {{k}}) {{\n" for i in range(500)) + "%p deep(v)\n" + "}\n" * 500
    res = invoke(tmp_path, monkeypatch, {"bad.tvp": prog(decls), "bad.tvs": ""})
    assert res.exit_code == 0, res.output


def test_if_with_1000_negations(tmp_path, monkeypatch):
    text = "#if " + "!" * 1000 + "0\n%p z(v)\n#endif\n#if !" + "!" * 1000 + "0\n%p w(v)\n#endif\n"
    (tmp_path / "a.tvp").write_text(text + prog())
    p = load_program(str(tmp_path / "a.tvp"))
    assert "z" not in p.vocabulary and "w" in p.vocabulary  # !^1000 0 is 0, !^1001 0 is 1


def test_500_nested_macro_calls_run_or_stop_located(tmp_path, monkeypatch):
    chain = "#define M0(a) a\n" + "".join(f"#define M{i}(a) M{i - 1}(a)\n" for i in range(1, 501))
    nest = "#define N(a) a\n%p " + "N(" * 500 + "y" + ")" * 500 + "(v)\n"
    for text in (chain + "%p M500(y)(v)\n", nest):
        res = invoke(tmp_path, monkeypatch, {"bad.tvp": text + prog(), "bad.tvs": ""})
        if res.exit_code != 0:
            f, line, _col, msg = located(res)
            assert f.endswith("bad.tvp") and "nested too deeply" in msg


def test_exponential_macro_stops_with_a_located_error(tmp_path, monkeypatch):
    text = "#define A0 x\n" + "".join(f"#define A{i} A{i - 1} A{i - 1}\n" for i in range(1, 23))
    res = invoke(tmp_path, monkeypatch, {"bad.tvp": text + "\n" + prog("%p A22(v)\n"), "bad.tvs": ""})
    f, line, col, msg = located(res)
    assert (line, col) == (27, 4) and "macro expansion longer than" in msg


# ---------------------------------------------------------------- item 8: render

def test_render_of_a_malformed_tvs_is_located(tmp_path, monkeypatch):
    res = invoke(tmp_path, monkeypatch, {"bad.tvs": "%n = {u}\n%p = {\n  x = {u:\n}\n"},
                 ("render", "bad.tvs", "-o", str(tmp_path)))
    f, line, col, msg = located(res)
    assert f.endswith("bad.tvs") and (line, col) == (4, 1)
    assert msg == "syntax error: unexpected '}' (expected 0, 1 or 1/2)"


# ---------------------------------------------------------------- item 9: messages

def test_expected_tokens_are_named_as_written(tmp_path, monkeypatch):
    res = invoke(tmp_path, monkeypatch, {"bad.tvp": DECLS + "%%\n" + ACTIONS + "garbage\n" + CFG, "bad.tvs": ""})
    assert located(res)[1:] == (7, 1, "syntax error: unexpected 'garbage' (expected %% or %action)")


@pytest.mark.parametrize("text", [
    DECLS + "%p n(v_1, v_2) [\n%%\n",
    DECLS + "%i q(v) = x(v) &\n%%\n",
    DECLS + "%%\n%action A() {\n  { x(v) = }\n}\n%%\n",
    DECLS + "%s S {a, [}\n",
])
def test_no_lark_internal_names(tmp_path, monkeypatch, text):
    msg = located(invoke(tmp_path, monkeypatch, {"bad.tvp": text, "bad.tvs": ""}))[3]
    assert msg.startswith("syntax error: unexpected")
    assert not re.search(r"__ANON|LSQB|RSQB|LPAR|RPAR|LBRACE|RBRACE|\$END|[A-Z]{3,}_", msg), msg


def test_long_offending_tokens_are_shortened(tmp_path, monkeypatch):
    long = '"' + "s" * 300 + '"'
    msg = located(invoke(tmp_path, monkeypatch, {"bad.tvp": DECLS + long + "\n%%\n", "bad.tvs": ""}))[3]
    assert msg.startswith("syntax error: unexpected '\"sss") and "...'" in msg and len(msg) < 250


def test_byte_order_mark_is_accepted(tmp_path, monkeypatch):
    files = {"bad.tvp": "\ufeff" + prog(), "bad.tvs": "\ufeff%n = {}\n%p = {}\n"}
    assert invoke(tmp_path, monkeypatch, files).exit_code == 0


def test_recursive_include_is_reported_once_with_its_chain(tmp_path, monkeypatch):
    files = {"bad.tvp": '#include "b.tvp"\n' + prog(), "b.tvp": '%p y(v)\n#include "bad.tvp"\n', "bad.tvs": ""}
    res = invoke(tmp_path, monkeypatch, files)
    f, line, col, msg = located(res)
    assert f.endswith("b.tvp") and line == 2
    assert re.fullmatch(r"recursive #include: \S*bad\.tvp -> \S*b\.tvp -> \S*bad\.tvp", msg)
    assert res.output.count("recursive") == 1


def test_macro_errors_point_at_use_and_definition(tmp_path, monkeypatch):
    arity = "#define TWO(a, b) a(v) & b(v)\n" + prog("%i q(v) = TWO(x)\n")
    f, line, col, msg = located(invoke(tmp_path, monkeypatch, {"bad.tvp": arity, "bad.tvs": ""}))
    assert (line, col) == (4, 11)
    assert re.fullmatch(r"macro TWO expects 2 argument\(s\), got 1 \(macro defined at \S*bad\.tvp:1\)", msg)
    body = "#define BAD(a) a(v) & & a(v)\n" + prog("%i q(v) = x(v) | BAD(x)\n")
    f, line, col, msg = located(invoke(tmp_path, monkeypatch, {"bad.tvp": body, "bad.tvs": ""}))
    assert (line, col) == (4, 18)
    assert re.search(r"unexpected '&' .*\(in a macro expansion; macro defined at \S*bad\.tvp:1\)$", msg)
