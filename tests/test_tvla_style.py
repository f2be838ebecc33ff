"""Analyses written the way TVLA's own examples are: explicit instrumentation
updates, TVLA command lines and properties files, the less common constructs."""

import json
import os

from click.testing import CliRunner

from tvla import analyze
from tvla.cli.main import main
from tvla.logic.kleene import TRUE

PRED = r"""
///////
// Core
foreach (z in PVar) {
    %p z(v_1) unique pointer
}
%p n(v_1, v_2) function
/////////////
// Instrumentation
%i is[n](v) = E(v_1, v_2) (v_1 != v_2 & n(v_1, v) & n(v_2, v))
foreach (z in PVar) {
    %i r[n,z](v) = E(v_1) (z(v_1) & n*(v_1, v))
}
%i c[n](v) = n+(v, v)
"""

STAT = r"""
%action Set_Null_L(x1) {
    %t x1 + " = NULL"
    {
        x1(v) = 0
        r[n,x1](v) = 0
    }
}
%action Copy_Var_L(x1, x2) {
    %t x1 + " = " + x2
    %f { x2(v) }
    {
        x1(v) = x2(v)
        r[n,x1](v) = r[n, x2](v)
    }
}
%action Get_Next_L(x1, x2) {
    %t x1 + " = " + x2 + "->" + n
    %f { r[n,x2](v), E(v_1) x2(v_1) & n(v_1, v) }
    %message (!E(v) x2(v)) -> "Illegal dereference to\n" + n + " component of " + x2
    {
        x1(v) = E(v_1) x2(v_1) & n(v_1, v)
        r[n,x1](v) = r[n,x2](v) & (c[n](v) | !x2(v))
    }
}
%action Set_Next_Null_L(x1) {
    %t x1 + "->" + n + " = NULL"
    %f { x1(v) }
    %message (!E(v) x1(v)) -> "Illegal dereference to\n" + n + " component of " + x1
    {
        n(v_1, v_2) = n(v_1, v_2) & !x1(v_1)
        is[n](v) = is[n](v) & (!(E(v_1) x1(v_1) & n(v_1, v)) |
                   E(v_1, v_2) (n(v_1, v) & !x1(v_1)) & (n(v_2, v) & !x1(v_2)) & v_1 != v_2)
        foreach (z in PVar) {
            r[n,z](v) = (c[n](v) & r[n,x1](v) ?
                         z(v) | E(v_1) z(v_1) & TC(v_1, v)(v_3, v_4)(n(v_3, v_4) & !x1(v_3)) :
                         r[n,z](v) & !(r[n,x1](v) & !x1(v) & E(v_1) x1(v_1) & r[n,z](v_1)))
        }
        c[n](v) = c[n](v) & !(E(v_1) x1(v_1) & c[n](v_1) & r[n,x1](v))
    }
}
%action Set_Next_L(x1, x2) {
    %t x1 + "->" + n + " = " + x2
    %f { x1(v), x2(v) }
    %message (!E(v) x1(v)) -> "Illegal dereference to\n" + n + " component of " + x1
    {
        n(v_1, v_2) = n(v_1, v_2) | x1(v_1) & x2(v_2)
        is[n](v) = is[n](v) | E(v_1) x1(v_1) & x2(v) & E(v_2) n(v_2, v)
        foreach (z in PVar) {
            r[n,z](v) = r[n,z](v) | E(v_1) z(v_1) & r[n,x1](v_1) & r[n,x2](v)
        }
        c[n](v) = c[n](v) | E(v_1) x1(v_1) & r[n,x2](v_1) & r[n,x2](v)
    }
}
"""

COND = r"""
%action Is_Null_Var(x1) {
    %t x1 + " == NULL"
    %f { x1(v) }
    %p !(E(v) x1(v))
}
%action Is_Not_Null_Var(x1) {
    %t x1 + " != NULL"
    %f { x1(v) }
    %p E(v) x1(v)
}
"""

REVERSE = r"""
/////////
// Sets
%s PVar {x, y, t}
#include "pred.tvp"
%%
#include "cond.tvp"
#include "stat.tvp"
%%
/////////
// Transition system for a function that reverses a singly-linked list.
L1 Set_Null_L(y) L2           // y = NULL;
L2 Is_Null_Var(x) exit        // while (x != NULL) {
L2 Is_Not_Null_Var(x) L3
L3 Copy_Var_L(t, y) L4        //   t = y;
L4 Copy_Var_L(y, x) L5        //   y = x;
L5 Get_Next_L(x, x) L6        //   x = x->n;
L6 Set_Next_Null_L(y) L7      //   y->n = NULL;
L7 Set_Next_L(y, t) L8        //   y->n = t;
L8 Set_Null_L(t) L2           // }
%%
exit
"""

INPUT = """
%n = {u, u0}
%p = {
    sm = {u:1/2}
    x = {u0}
    r[n,x] = {u, u0}
    n = {u0->u:1/2, u->u:1/2}
}
%n = {}
%p = {}
"""


def _tvla_dir(tmp_path):
    for name, text in [("pred.tvp", PRED), ("stat.tvp", STAT), ("cond.tvp", COND),
                       ("reverse.tvp", REVERSE), ("reverse.tvs", INPUT)]:
        (tmp_path / name).write_text(text)
    return tmp_path


def test_tvla_spec_with_explicit_updates(tmp_path, monkeypatch):
    d = _tvla_dir(tmp_path)
    monkeypatch.chdir(d)
    out = tmp_path / "r.json"
    # TVLA's command line, prefixed with "tvla analyze"; INPUT defaults to PROGRAM.tvs
    res = CliRunner().invoke(main, ["analyze", "reverse", "-terse", "-join", "part", "--json", str(out)])
    assert res.exit_code == 0, res.output
    data = json.loads(out.read_text())
    assert data["total_messages"] == 0
    assert data["locations"]["exit"]["structures"] == 2   # empty list, list of 2+ (no 1-element input)
    r = analyze(str(d / "reverse.tvp"))
    voc = r.voc
    for s in r.locations["exit"]:
        assert all(s.unary(voc["c[n]"].index, u) == 0 for u in range(s.n))
        assert all(s.unary(voc["r[n,y]"].index, u) == TRUE for u in range(s.n))


def test_tvla_command_line_without_the_analyze_word(tmp_path, monkeypatch):
    # TVLA is run as `tvla reverse reverse -join part ...`: the same run as `tvla analyze ...`
    monkeypatch.chdir(_tvla_dir(tmp_path))
    outs = []
    for head in ([], ["analyze"]):
        out = tmp_path / f"r{len(outs)}.json"
        res = CliRunner().invoke(main, head + ["reverse", "reverse", "-terse", "-join", "part", "--json", str(out)])
        assert res.exit_code == 0, res.output
        data = json.loads(out.read_text())
        outs.append((data["verdict"], data["locations"], data["total_structures"]))
    assert outs[0] == outs[1] and outs[0][0] == "proved"
    res = CliRunner().invoke(main, ["nosuch"])
    assert res.exit_code == 2 and "cannot find nosuch" in res.output
    # TVLA's -d (debug) and -log FILE (the report, also written to FILE)
    log = tmp_path / "run.log"
    res = CliRunner().invoke(main, ["reverse", "-d", "-log", str(log), "-terse", "-join", "part"])
    assert res.exit_code == 0, res.output
    assert log.read_text() == res.output and "Verdict: proved" in res.output


def test_properties_file_and_show_updates(tmp_path, monkeypatch):
    d = _tvla_dir(tmp_path)
    (d / "tvla.properties").write_text("# settings\ntvla.joinType = rel\ntvla.terse = true\n"
                                       "tvla.engine.actionOrder=fcpucb\ntvla.dot.height = 5\n")
    monkeypatch.chdir(d)
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", "reverse", "reverse", "-props", "tvla.properties",
                                    "--json", str(out), "--show-updates"])
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text())["join"] == "rel"
    assert "== Set_Next_Null_L(y): y->n = NULL" in res.output
    assert "n(v_1, v_2) = n(v_1, v_2) & !y(v_1)" in res.output
    res2 = CliRunner().invoke(main, ["analyze", "reverse", "-props", "tvla.properties", "-join", "part",
                                     "--json", str(out)])
    assert res2.exit_code == 0, res2.output
    assert json.loads(out.read_text())["join"] == "part"   # the command line wins


def test_save_modes_and_post_order_keep_the_verdicts(tmp_path):
    d = _tvla_dir(tmp_path)
    base = analyze(str(d / "reverse.tvp"))
    for opts in ({"save": "back"}, {"save": "ext"}, {"post_order": True}, {"join": "rel"},
                 {"join": "ind"}, {"automatic": False}):
        r = analyze(str(d / "reverse.tvp"), **opts)
        assert r.messages == [] and len(r.locations["exit"]) >= 1, opts
    back = analyze(str(d / "reverse.tvp"), save="back")
    stored = [loc for loc in back.order if back.locations[loc]]
    assert set(stored) == {"L1", "L2", "exit"}    # entry, loop head, exit
    assert len(back.locations["exit"]) == len(base.locations["exit"])


def test_new_with_formula_retain_and_higher_arity(write):
    prog = write("copy.tvp", r"""
    %p x(v) unique pointer
    %p mark(v)
    %p k3(v_1, v_2, v_3)
    %%
    %action Clone_Marked() {
        %t "clone every marked node"
        %new mark(v)
        {
            k3(v_1, v_2, v_3) = instance(v_1, v_2) & v_3 == v_1
            mark(v) = mark(v) | isNew(v)
        }
    }
    %action Drop_X() {
        %t "drop the node x points to"
        %retain !x(v)
    }
    %%
    L0 Clone_Marked() L1
    L1 Drop_X() L2
    """)
    tvs = write("in.tvs", """
    %n = {a, b, c}
    %p = {
        x = {a}
        mark = {a, b}
    }
    """)
    r = analyze(prog, tvs, join="conc")
    (s1,) = r.locations["L1"]
    assert s1.n == 5
    voc = r.voc
    assert len(s1.hi[voc["k3"].index]) == 2 and all(v == TRUE for v in s1.hi[voc["k3"].index].values())
    assert bin(s1.uT[voc["mark"].index]).count("1") == 4
    assert s1.uT[voc["isNew"].index] == 0      # isNew only holds during the action
    (s2,) = r.locations["L2"]
    assert s2.n == 4 and s2.uT[voc["x"].index] == 0


def test_preprocessor_details(write):
    from tvla.lang.tvp import load_program
    inc = write("lib.tvp", "#define PAIR(a, b) a(v) & b(v)\n#define N 3\n")
    prog = write("p.tvp", f"""
    #include "{os.path.basename(inc)}"
    #if N > 2 && defined(N)
    %p big()
    #elif N > 1
    %p medium()
    #else
    %p small()
    #endif
    #ifndef NOPE
    %p x(v)
    %p y(v)
    #endif
    #define LONG x(v) | \\
             y(v)
    %i both(v) = PAIR(x, y)
    %i either(v) = LONG
    #ifdef VALUE
    %p VALUE()
    #endif
    %%
    %action A() {{ %t "a" }}
    %%
    L0 A() L1
    """)
    p = load_program(prog, defines={"VALUE": "seven"})
    voc = p.vocabulary
    assert "big" in voc and "medium" not in voc and "small" not in voc
    assert str(voc["both"].definition) == "x(v) & y(v)"
    assert str(voc["either"].definition) == "x(v) | y(v)"
    assert "seven" in voc   # -DVALUE(seven): VALUE stands for seven
