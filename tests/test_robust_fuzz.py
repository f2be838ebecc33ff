"""Minimized reproducers of the command-line fuzzer's TVP/TVS campaign (issue 23; seeds and case ids):
bad input stops with ``FILE:LINE:COL: message`` and exit 2, never a traceback, an internal
error or a hang; each test names the seed and case that found it."""

import os
import json

import pytest

from test_robust_input import invoke as run, located  # one place for the CLI helpers

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REVERSE = os.path.join(ROOT, "programs", "sll", "reverse.tvp")
LIST = os.path.join(ROOT, "programs", "sll", "list.tvs")


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
                            "(TVLA's form: [f][c]pu[c][b], e.g. fcpucb)")


# ------------------------------------------------------------------ deep and exploding formulae

SLL = os.path.join(ROOT, "specs", "sll")


def deep_program(formula):
    """A list program whose first action reports a message where ``formula`` (free in v_1) holds."""
    return (f'%s PVar {{x, y, t}}\n#include "{SLL}/preds.tvp"\n%%\n#include "{SLL}/actions.tvp"\n'
            f'%action Deep() {{\n  %t "deep"\n  %message (E(v_1) {formula}) -> "deep"\n}}\n'
            '%%\nL0 Deep() L1\nL1 Set_Null_L(y) L2\n')


def test_formula_nested_too_deeply_is_located(tmp_path, monkeypatch):
    """seed 2, case 1635: 100,000 negations ran out of stack after loading: 'tvla: input nested too
    deeply to analyse', without a location."""
    res = run(tmp_path, monkeypatch, {"p.tvp": deep_program("!" * 100_000 + "x(v_1)")}, ("analyze", "p.tvp", LIST))
    assert located(res) == ("p.tvp", 7, 100_020, "formula nested too deeply: 100002 levels (at most 10000)")


def test_deep_quantifiers_are_linear(tmp_path, monkeypatch):
    """seed 2 (deep nesting 'exists'): 8,000 nested E(w) took minutes, the predicates of every
    subformula being collected again at each level; now they are kept on the node."""
    res = run(tmp_path, monkeypatch, {"p.tvp": deep_program("E(w_9) " * 8000 + "x(v_1)")},
              ("analyze", "p.tvp", LIST, "-terse"))
    assert res.exit_code == 0, res.output
    assert "Verdict: alarms" in res.output


def test_redundant_nested_quantifiers_in_a_definition(tmp_path, monkeypatch):
    """seed 6, cases 7061 and 8958: 300 or 3,000 ``E(w_9)`` around the body of r[n,z]'s definition
    (w_9 unused) made every evaluation of it n^300 steps: the analysis never ended.  ``E(x) E(y) f``
    is ``E(y) f`` when x is not free there, so the chain is one quantifier; the structures are those
    of the definition without it."""
    preds = open(os.path.join(SLL, "preds.tvp")).read()
    deep = preds.replace("r[n,z](v) = E(v_1) z(v_1)", "r[n,z](v) = E(v_1) " + "E(w_9) " * 3000 + "z(v_1)")
    assert deep != preds
    outs = []
    for name, text in (("plain", preds), ("deep", deep)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "preds.tvp").write_text(text)
        prog = open(REVERSE).read().replace('#include "../../specs/sll/preds.tvp"', '#include "preds.tvp"') \
            .replace('#include "../../specs/sll/actions.tvp"', f'#include "{SLL}/actions.tvp"')
        res = run(tmp_path / name, monkeypatch, {"r.tvp": prog}, ("analyze", "r.tvp", LIST, "-terse", "-tvs", "o.tvs"))
        assert res.exit_code == 0, res.output
        outs.append((tmp_path / name / "o.tvs").read_text())
    assert outs[0] == outs[1]


def test_chain_of_iff_is_a_located_limit(tmp_path, monkeypatch):
    """seed 2 (deep nesting 'iff' x3000, old campaign: hangs in formula.py desugar/_nnf): each <->
    doubles the formula once expanded; 3000 of them never ended."""
    res = run(tmp_path, monkeypatch, {"p.tvp": deep_program("(" + " <-> ".join(["x(v_1)"] * 3000) + ")")},
              ("analyze", "p.tvp", LIST))
    assert located(res) == ("p.tvp", 7, 21, "formula too large once -> and <-> are expanded: more than 100000 "
                            "subformulae (a chain of <-> doubles its size at each step)")


def test_nested_big_or_is_a_located_limit(tmp_path, monkeypatch):
    """seed 2 (deep nesting 'bigor' x2000): nested |/{...} over a set of 3 expand to 3^2000 copies."""
    res = run(tmp_path, monkeypatch, {"p.tvp": deep_program("|/{ " * 2000 + "x(v_1)" + " : z in PVar }" * 2000)},
              ("analyze", "p.tvp", LIST))
    assert located(res) == ("p.tvp", 7, 8004, "|/{...} and &/{...} expand to more than 1000000 subformulae")


def test_check_takes_deep_formulas(tmp_path, monkeypatch):
    """seed 2, case 875: tvla check ran on the default stack: a 3000-deep (1 ? ... : 0) in an action
    stopped with 'tvla: input nested too deeply to analyse'."""
    res = run(tmp_path, monkeypatch, {"p.tvp": deep_program("(1 ? " * 3000 + "x(v_1)" + " : 0)" * 3000)},
              ("check", "p.tvp", "--nodes", "1"))
    assert res.exit_code in (0, 1), res.output
    assert "nested too deeply" not in res.output and "Traceback" not in res.output


def test_tower_of_constant_conditionals_in_an_update_is_folded(tmp_path, monkeypatch):
    """seed 43, case 674 ('deep nesting ite x100000' in specs/sll/actions.tvp): the update of n in
    Set_Next_L as 3000 nested (1 ? ... : 0) took 7 s to load, and its evaluation, 3000 levels
    at each pair of nodes, never ended.  A definite condition selects its branch when the
    program is read: the same structures as the plain update."""
    import time
    actions = open(os.path.join(SLL, "actions.tvp")).read()
    old = "n(v_1, v_2) = n(v_1, v_2) | x1(v_1) & x2(v_2)"
    assert old in actions
    tower = "(1 ? " * 3000 + "n(v_1, v_2)" + " : 0)" * 3000
    prog = open(os.path.join(ROOT, "programs", "sll", "insert.tvp")).read()
    prog = prog.replace('"../../specs/', '"' + ROOT + '/specs/')
    outs = []
    for name, text in (("plain", actions), ("tower", actions.replace(old, old.replace("= n(v_1, v_2)", "= " + tower)))):
        prog_here = prog.replace(f'"{SLL}/actions.tvp"', f'"{name}.tvp"')
        assert prog_here != prog
        t0 = time.perf_counter()
        res = run(tmp_path, monkeypatch, {f"{name}.tvp": text, f"{name}_p.tvp": prog_here},
                  ("analyze", f"{name}_p.tvp", os.path.join(ROOT, "programs", "sll", "two_lists.tvs"), "-terse",
                   "-tvs", f"{name}.out"))
        assert res.exit_code == 0, res.output
        assert time.perf_counter() - t0 < 20
        outs.append((tmp_path / f"{name}.out").read_text())
    assert outs[0] == outs[1]


# ------------------------------------------------------------------ the preprocessor

def test_huge_shift_in_if_is_located(tmp_path, monkeypatch):
    """seed 2, case 1675: '#if 1 << 99999999999999' in a TVS file ran out of memory (exit 3);
    #if computes with 64-bit integers, as C's intmax_t, and a shift past 63 bits is an error."""
    res = run(tmp_path, monkeypatch, {"bad.tvs": "#if 1 << 99999999999999\n#endif\n%n = {}\n%p = {}\n"},
              ("analyze", REVERSE, "bad.tvs"))
    assert located(res) == ("bad.tvs", 1, 1, "cannot evaluate #if expression: 1 << 99999999999999")


# ------------------------------------------------------------------ output files that cannot be written

CPROG = os.path.join(ROOT, "programs", "c", "dll_delete.c")
needs_linux = pytest.mark.skipif(not (os.path.exists("/dev/full") and os.path.isdir("/sys")),
                                 reason="needs /dev/full and /sys")


@needs_linux
@pytest.mark.parametrize("flag", ["--json", "--sarif", "-tvs", "-dot", "-log", "-td.dot"])
def test_output_file_on_a_full_disk_is_an_input_error(tmp_path, monkeypatch, flag):
    """issue 23 (output files): /dev/full fails every write with ENOSPC, a full disk; the run stopped
    with 'tvla: internal error: OSError: [Errno 28] No space left on device' and exit 70."""
    extra = ("-td",) if flag == "-td.dot" else ()
    res = run(tmp_path, monkeypatch, {}, ("analyze", REVERSE, LIST, "-terse", *extra, flag, "/dev/full"))
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and "internal error" not in res.output
    assert res.output.strip().splitlines()[-1] == f"{flag} /dev/full: cannot write it (No space left on device)"


@needs_linux
def test_html_report_in_a_read_only_directory_is_an_input_error(tmp_path, monkeypatch):
    """issue 23 (output files): --html into an existing directory where files cannot be created
    (/sys: read-only, even for root) was an internal PermissionError."""
    res = run(tmp_path, monkeypatch, {}, ("analyze", REVERSE, LIST, "-terse", "--html", "/sys"))
    assert res.exit_code == 2, res.output
    last = res.output.strip().splitlines()[-1]
    assert last.startswith("--html /sys: cannot write it (") and "internal error" not in res.output


def test_html_report_on_a_full_disk_is_an_input_error(tmp_path, monkeypatch):
    """The same for a write that fails half way through the report (simulated)."""
    import errno
    import tvla.output.html as html

    def full(*_a, **_k):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    monkeypatch.setattr(html, "write_html_report", full)
    out = tmp_path / "report"
    res = run(tmp_path, monkeypatch, {}, ("analyze", REVERSE, LIST, "-terse", "--html", str(out)))
    assert res.exit_code == 2, res.output
    assert res.output.strip().splitlines()[-1] == f"--html {out}: cannot write it (No space left on device)"


@needs_linux
@pytest.mark.parametrize("where", ["/proc", "/sys"])
def test_c2tvp_into_a_directory_that_cannot_be_written(tmp_path, monkeypatch, where):
    """issue 23 (output files): tvla c2tvp prog.c -o DIR with DIR existing but not writable was an
    internal FileNotFoundError (/proc) or PermissionError (/sys)."""
    res = run(tmp_path, monkeypatch, {}, ("c2tvp", CPROG, "-o", where))
    assert res.exit_code == 2, res.output
    last = res.output.strip().splitlines()[-1]
    assert last.startswith(f"-o {where}: cannot write it (") and f"{where}/dll_delete.tvp)" in last
    assert "internal error" not in res.output


@needs_linux
def test_render_into_a_directory_that_cannot_be_written(tmp_path, monkeypatch):
    res = run(tmp_path, monkeypatch, {}, ("render", LIST, "-o", "/sys"))
    assert res.exit_code == 2, res.output
    assert res.output.strip().splitlines()[-1].startswith("-o /sys: cannot write it (Permission denied")


# ------------------------------------------------------------------ long macro chains

@pytest.mark.parametrize("kind, n", [("call", 10_000), ("object", 20_000)])
def test_long_macro_chains_are_linear(tmp_path, monkeypatch, kind, n):
    """issue 23 (macro bombs, 'nested macro chain 10000'): D_i(a) = D_{i-1}((a)) over 10,000 macros
    took minutes: each level scanned the whole, ever longer argument again, character by character;
    a chain of 20,000 object-like macros took 65 s and 9 GB, each level copying the set of the
    macros being expanded.  Now an argument that expands to itself is stepped over, and the
    macros being expanded are a stack: a second or two."""
    import time
    if kind == "call":
        defs = ["#define D0(a) a"] + [f"#define D{i}(a) D{i - 1}((a))" for i in range(1, n)]
        use = f"D{n - 1}(x(v_1))"
    else:
        defs = ["#define O0 x(v_1)"] + [f"#define O{i} O{i - 1}" for i in range(1, n)]
        use = f"O{n - 1}"
    t0 = time.perf_counter()
    res = run(tmp_path, monkeypatch, {"p.tvp": "\n".join(defs) + "\n" + deep_program(use)},
              ("analyze", "p.tvp", LIST, "-terse"))
    assert res.exit_code == 0, res.output
    assert "Verdict: alarms" in res.output
    assert time.perf_counter() - t0 < 30


# ------------------------------------------------------------------ the items of an action in any order

def order_program(items):
    return (f'%s PVar {{x, y, t}}\n#include "{SLL}/preds.tvp"\n%%\n#include "{SLL}/actions.tvp"\n'
            '%action Adv() {\n  %t "adv"\n' + items + '}\n%%\nL0 Adv() L1\n')


UPDATE_W = "  {\n    y(v) = v == w\n  }\n"
PRE_W = "  %p E(v_1) x(v_1) & n(v_1, w)\n"


def test_update_before_the_precondition_it_reads(tmp_path, monkeypatch):
    """issue 23 (action items in any order, docs/language.md: 'usually written in this order'): an
    update block before the %p whose variable w it reads was rejected ('free variable(s) w ... are
    not among its arguments'); it is the same action as with %p first."""
    outs = []
    for name, items in (("first.tvp", PRE_W + UPDATE_W), ("after.tvp", UPDATE_W + PRE_W)):
        res = run(tmp_path, monkeypatch, {name: order_program(items)},
                  ("analyze", name, LIST, "-terse", "-tvs", name + ".out"))
        assert res.exit_code == 0, res.output
        outs.append((tmp_path / (name + ".out")).read_text())
    assert outs[0] == outs[1]


def test_update_reading_a_variable_of_an_overridden_precondition_is_located(tmp_path, monkeypatch):
    """issue 23: with a second %p after the update (the last %p counts), the update read w, bound
    by no precondition: 'tvla: internal error: KeyError: 'w''."""
    res = run(tmp_path, monkeypatch, {"p.tvp": order_program(PRE_W + UPDATE_W + "  %p E(v) x(v)\n")},
              ("analyze", "p.tvp", LIST))
    assert located(res) == ("p.tvp", 9, 5, "free variable(s) w of the update of 'y' are not among its arguments")


def test_update_variable_clashing_with_a_later_precondition_is_located(tmp_path, monkeypatch):
    """issue 23: an update's own variable w that a later %p binds was accepted unchecked."""
    res = run(tmp_path, monkeypatch, {"p.tvp": order_program("  {\n    y(w) = x(w)\n  }\n" + PRE_W)},
              ("analyze", "p.tvp", LIST))
    assert located(res) == ("p.tvp", 8, 5, "variable(s) w of the update of 'y' are free variables of the precondition")


@pytest.mark.parametrize("kind", ["%retain", "%new"])
def test_node_formula_with_two_free_variables_is_located(tmp_path, monkeypatch, kind):
    """seed 43, case 8452 (a generated program with 'v' renamed 'v$'): ``%retain (t[n](v, v$) ? ...)``
    has two free variables, but it is evaluated over one (the node): 'tvla: internal error:
    KeyError: 'v$''.  The same for ``%new``."""
    res = run(tmp_path, monkeypatch, {"p.tvp": order_program(f"  {kind} n(v, w)\n")}, ("analyze", "p.tvp", LIST))
    assert located(res) == ("p.tvp", 7, 3, f"{kind} formula has free variables v, w: one at most (the node, v), "
                            "besides those of the precondition")


def test_node_formula_may_read_the_variables_of_the_precondition(tmp_path, monkeypatch):
    res = run(tmp_path, monkeypatch, {"p.tvp": order_program(PRE_W + "  %retain !n(w, v)\n")},
              ("analyze", "p.tvp", LIST, "-terse"))
    assert res.exit_code in (0, 1), res.output


# ------------------------------------------------------------------ evaluation

TC_PROGRAM = ('%s PVar {x, y}\nforeach (z in PVar) {\n  %p z(v) unique\n}\n%p m(v_1, v_2)\n'
              '%i ip0(v_1, v_2) = A(w_1) TC(v_1, w_1)(w_2, w_3) m(v_2, w_1)\n%%\n'
              '%action A() {\n  %t "a"\n  {\n    m(v_1, v_2) = m(v_2, v_1)\n  }\n}\n%%\nL0 A() L1\n')


def test_closure_of_a_relation_with_another_free_variable(tmp_path, monkeypatch):
    """seed 5, case 1164 (tvla check of a generated program): a TC whose body reads a variable free
    outside it (v_2 in TC(v_1, w_1)(w_2, w_3) m(v_2, w_1)), evaluated as a vector over that
    variable, looked the variable up: 'tvla: internal error: KeyError: 'v_2''.  check now finds the
    derived update of ip0 right on every structure of up to 2 nodes."""
    res = run(tmp_path, monkeypatch, {"p.tvp": TC_PROGRAM}, ("check", "p.tvp", "--nodes", "2"))
    assert res.exit_code == 0, res.output
    res = run(tmp_path, monkeypatch, {"p.tvs": "%n = {u0, u1}\n%p = {\n  x = {u0}\n  m = {u0->u1}\n}\n"},
              ("analyze", "p.tvp", "p.tvs", "-terse"))
    assert res.exit_code == 0, res.output


def test_closure_vector_over_a_variable_of_its_body_agrees_with_scalar(sll):
    from conftest import LIST2_TVS
    from tvla.logic import formula as F
    from tvla.logic.kleene import HALF, TRUE
    s, = sll.structures(LIST2_TVS)
    body = F.And(F.Atom("n", ("p", "q")), F.Atom("x", ("c",)))
    for a, b in (("a", "b"), ("c", "b"), ("a", "c")):
        tc = F.TC(a, b, "p", "q", body)
        for fixed in range(s.n):
            env = {k: fixed for k in ("a", "b") if k in (a, b)}
            t, u = sll.ev.vector(tc, "c", s, dict(env))
            for node in range(s.n):
                scalar = sll.ev.value(tc, s, {**env, "c": node})
                assert (t >> node & 1, u >> node & 1) == (int(scalar == TRUE), int(scalar == HALF)), (a, b, fixed, node)


def test_repeated_conjuncts_do_not_explode_the_derived_updates(tmp_path, monkeypatch):
    """seed 5, case 2152 ('deep nesting and x30 of z(v_1)' in specs/dll/preds.tvp): the definition
    of r[sel,z] with z(v_1) & z(v_1) & ... (30 times) gave derived updates of size 3^30 (each delta
    of a & b uses those of a and b three times): the analysis never ended.  A repeated operand of a
    conjunction or disjunction counts once, as in Kleene logic."""
    import time
    chain = "(" + " & ".join(["z(v_1)"] * 30) + ")"
    preds = open(os.path.join(ROOT, "specs", "dll", "preds.tvp")).read()
    old = "%i r[sel,z](v) = E(v_1) z(v_1) & t[sel](v_1, v)"
    assert old in preds
    prog = open(os.path.join(ROOT, "programs", "dll", "insert.tvp")).read()
    prog = prog.replace('#include "../../specs/dll/preds.tvp"', preds.replace(old, old.replace("z(v_1)", chain, 1)))
    prog = prog.replace('"../../specs/', '"' + ROOT + '/specs/')
    assert chain in prog
    t0 = time.perf_counter()
    res = run(tmp_path, monkeypatch, {"p.tvp": prog},
              ("analyze", "p.tvp", os.path.join(ROOT, "programs", "dll", "two_lists.tvs"), "-terse"))
    assert res.exit_code == 0, res.output
    assert "Verdict: alarms (10 proved, 1 alarm, 0 unreached)" in res.output
    assert time.perf_counter() - t0 < 30


def test_macro_bomb_in_a_definition_gives_each_contrapositive_once(tmp_path, monkeypatch):
    """seed 43, case 3423 ('macro bomb 2^12' in docs/examples/stack.tvp): a definition whose body
    is one literal conjoined 4096 times (#define MB_i (MB_i-1 & MB_i-1)) gave 4096 contrapositives,
    each conjoining the 4095 other literals: the load never ended.  A repeated literal gives its
    rules once: the structures are those of the definition with it once."""
    import time
    preds = open(os.path.join(SLL, "preds.tvp")).read()
    old = "r[n,z](v) = E(v_1) z(v_1) & t[n](v_1, v)"
    assert old in preds
    bomb = "#define MB0 z(v_1)\n" + "".join(f"#define MB{i} (MB{i - 1} & MB{i - 1})\n" for i in range(1, 13))
    prog = open(REVERSE).read().replace('"../../specs/sll/actions.tvp"', f'"{SLL}/actions.tvp"')
    assert "../../specs/sll/preds.tvp" in prog
    outs = []
    for name, text in (("plain", preds), ("bomb", bomb + preds.replace(old, old.replace("z(v_1) &", "MB12 &")))):
        assert name == "plain" or "E(v_1) MB12 &" in text
        t0 = time.perf_counter()
        here = prog.replace("../../specs/sll/preds.tvp", f"{name}_preds.tvp")
        res = run(tmp_path, monkeypatch, {f"{name}_preds.tvp": text, f"{name}.tvp": here},
                  ("analyze", f"{name}.tvp", LIST, "-terse", "-tvs", f"{name}.out"))
        assert res.exit_code == 0, res.output
        assert time.perf_counter() - t0 < 20
        outs.append((tmp_path / f"{name}.out").read_text())
    assert outs[0] == outs[1]


# ------------------------------------------------------------------ focus

FOCUS_NEXT = """%s PVar {q}
foreach (z in PVar) {
    %p z(v)
}
%p m(v_1, v_2) EXTRA
%%
%action get(x1) {
    %f { E(v_1, v_2) x1(v_1) & m(v_1, v_2) }
    %message (E(v_1, v_2, v_3, v_4) x1(v_1) & x1(v_2) & m(v_1, v_3) & !m(v_1, v_4)
              & m(v_2, v_4) & !m(v_2, v_3)) -> "crossed"
}
%%
L0 get(q) exit
"""


def test_focus_on_an_edge_between_two_summary_nodes_ends(tmp_path, monkeypatch):
    """seed 44, case 1286 (generated program, q not unique, m a function): focus on
    ``q(v_1) & m(v_1, v_2)`` with both ends summary nodes materialized the target again and
    again (every copy kept m 1/2 to the other summary node): the analysis never ended.  Like
    TVLA, a tuple with two summary places is left unfocused."""
    tvs = "%n = {u0, u1}\n%p = {\n sm = {u0:1/2, u1:1/2}\n q = {u0:1/2, u1:1/2}\n m = {u0->u1:1/2, u1->u1:1/2}\n}\n"
    res = run(tmp_path, monkeypatch, {"p.tvp": FOCUS_NEXT.replace("EXTRA", "function"), "i.tvs": tvs},
              ("analyze", "p.tvp", "i.tvs", "-terse", "--json", "o.json"))
    assert res.exit_code == 0, res.output
    assert json.loads((tmp_path / "o.json").read_text())["locations"]["exit"]["structures"] == 3


def test_focus_on_an_edge_between_two_summary_nodes_keeps_crossed_edges(tmp_path, monkeypatch):
    """The materialization of the target of ``m(u0, u1)``, both summary nodes, also lost stores:
    its copies say every individual of u0 relates to the same ones of u1, so two of u0 pointing
    to different ones of u1 ('crossed') were in none of them, and a message about such a store
    was 'proved'."""
    tvs = "%n = {u0, u1}\n%p = {\n sm = {u0:1/2, u1:1/2}\n q = {u0}\n m = {u0->u1:1/2}\n}\n"
    res = run(tmp_path, monkeypatch, {"p.tvp": FOCUS_NEXT.replace("EXTRA", ""), "i.tvs": tvs},
              ("analyze", "p.tvp", "i.tvs", "-terse"))
    assert res.exit_code == 0, res.output
    assert "alarm: crossed" in res.output


# ------------------------------------------------------------------ tvla check

def test_check_bounds_the_completions_of_an_update_to_half(tmp_path, monkeypatch):
    """seed 44, case 2732 (check of a generated program --nodes 3, 80 s): an update m = 1/2 with
    %new leaves m 1/2 on 16 pairs of every 4-node outcome, and every one of the 2^16 completions
    was recomputed and compared, for each of the 3-node structures.  A search of an action's
    updates enumerates at most COMPLETION_BUDGET completions in all, then warns."""
    prog = "%p m(v_1, v_2)\n%i ip(v) = E(w) m(v, w)\n%%\n%action A() {\n    %new\n    { m(v_1, v_2) = 1/2 }\n}\n%%\nL0 A() exit\n"
    res = run(tmp_path, monkeypatch, {"p.tvp": prog}, ("check", "p.tvp", "--nodes", "3"))
    assert res.exit_code == 0, res.output
    assert "p.tvp:4:9: warning: A(): core values become 1/2 in more than 65536 ways; not checked from 3 node(s) on" \
        in res.output


def test_check_bounds_the_structures_of_one_size(tmp_path, monkeypatch):
    """seed 66, case 2259 (check of a generated program --nodes 3, 70 s): two binary, two unary and two
    nullary predicates make 334,976 structures of 3 nodes, each built and checked.  The structures of
    one size are at most STRUCTURE_BUDGET (100,000; here 1,000, so that the test is quick), then a
    located warning says nothing was checked from that size on; the smaller sizes are checked."""
    from tvla.concrete import check
    monkeypatch.setattr(check, "STRUCTURE_BUDGET", 1000)
    prog = ("%p n(v_1, v_2)\n%p x(v)\n%p y(v)\n%p z(v)\n%i r(v) = E(w) n(w, v) & y(w) & z(w)\n%%\n"
            "%action A() {\n    { n(v_1, v_2) = n(v_1, v_2) | x(v_1) & x(v_2) }\n}\n%%\nL0 A() exit\n")
    res = run(tmp_path, monkeypatch, {"p.tvp": prog}, ("check", "p.tvp", "--nodes", "3"))
    assert res.exit_code == 0, res.output
    assert "p.tvp:7:9: warning: A(): not checked from 3 node(s) on: more than 1000 structures of 3 node(s) " \
        "over n, x, y, z" in res.output
    assert "545 structures enumerated" in res.output   # 0, 1 and 2 nodes


# ------------------------------------------------------------------ tvla selfcheck

def test_selfcheck_runs_are_bounded(tmp_path, monkeypatch):
    """seed 66, case 1283: ``tvla selfcheck find bst --runs 1000000000000`` ran random runs of
    some 30 ms each until killed; --runs takes at most 1000, as --nodes of check at most 7."""
    tree = os.path.join(ROOT, "programs", "tree")
    res = run(tmp_path, monkeypatch, {}, ("selfcheck", os.path.join(tree, "find.tvp"), os.path.join(tree, "bst.tvs"),
                                          "--runs", "1000000000000", "--nodes", "2"))
    assert res.exit_code == 2
    assert "Traceback" not in res.output
    assert "Invalid value for '--runs': 1000000000000 is not in the range 0<=x<=1000." in res.output


# ------------------------------------------------------------------ the witness search

GC = os.path.join(ROOT, "programs", "gc")


def test_witness_search_of_zero_steps_ends_at_once(tmp_path, monkeypatch):
    """seed 5, cases 965, 1163 (gc/sweep.tvp sweep_in.tvs --witness --witness-steps 0, 0.3 s
    without --witness): no trace of 0 steps shows a message, yet the search enumerated every
    store of up to 5 nodes of the collector's vocabulary, more than a minute."""
    import time
    t0 = time.perf_counter()
    res = run(tmp_path, monkeypatch, {}, ("analyze", os.path.join(GC, "sweep.tvp"), os.path.join(GC, "sweep_in.tvs"),
                                          "-terse", "--witness", "--witness-steps", "0"))
    assert res.exit_code == 0, res.output
    assert "no witness with at most 5 nodes and 0 steps" in res.output
    assert time.perf_counter() - t0 < 20


def test_witness_search_too_short_for_every_message_builds_no_store(tmp_path, monkeypatch):
    """seed 44, case 5945 (gc/sweep.tvp marked_in.tvs --witness-steps 1, 0.3 s without
    --witness): the message is reported 3 edges from the entry, so no trace of 1 step shows it,
    yet the search built up to 5000 stores of every size up to 5 nodes first: 160 s.  No store
    at the entry is built when no message left is within the steps from there."""
    from tvla.concrete.interpreter import Concretizer

    def refuse(*_args, **_kw):
        raise AssertionError("a store was built")
    monkeypatch.setattr(Concretizer, "stores", refuse)
    for steps in ("1", "2"):
        res = run(tmp_path, monkeypatch, {}, ("analyze", os.path.join(GC, "sweep.tvp"), os.path.join(GC, "marked_in.tvs"),
                                              "-terse", "--witness-steps", steps))
        assert res.exit_code == 0, res.output
        assert f"no witness with at most 5 nodes and {steps} steps" in res.output


def test_initial_stores_of_the_witness_search_are_bounded_by_its_state_budget():
    """The stores a search starts from count against --witness-states: no more are built than it
    can follow (Concretizer.stores takes a limit)."""
    from tvla.cli.api import load, read_inputs
    from tvla.concrete.interpreter import Interpreter
    analysis = load(os.path.join(GC, "sweep.tvp"))
    structures, _given = read_inputs(analysis, os.path.join(GC, "sweep_in.tvs"))
    conc = Interpreter(analysis.program).concretizer
    every = conc.stores(structures[0], 3)
    assert len(every) > 5
    assert len(conc.stores(structures[0], 3, 4)) == 5
    assert [len(conc.stores(structures[0], 3, k)) for k in (len(every), len(every) + 3)] == [len(every)] * 2


def test_a_few_stores_of_a_big_summary_structure_are_built_lazily(monkeypatch):
    """seed 44, case 5945 (the stores the witness search starts from): the stores of 5 nodes
    of gc's marked_in.tvs were built by listing every resolution of the 1/2 values of each
    expanded structure before the first one was given, minutes for the 10 asked for.  The
    resolutions are now made one by one, in the same order."""
    from tvla.cli.api import load, read_inputs
    from tvla.concrete.interpreter import Interpreter
    from tvla.engine.coerce import Coercer
    analysis = load(os.path.join(GC, "sweep.tvp"))
    structures, _given = read_inputs(analysis, os.path.join(GC, "marked_in.tvs"))
    conc = Interpreter(analysis.program).concretizer
    calls = []
    coerce = Coercer.coerce

    def counted(self, *args, **kw):
        calls.append(1)
        assert len(calls) < 5000, "the stores were all built"
        return coerce(self, *args, **kw)
    monkeypatch.setattr(Coercer, "coerce", counted)
    assert len(conc.stores(structures[1], 5, 10)) == 11


def test_action_orders_are_tvla_s(tmp_path, monkeypatch):
    """seed 5, case 3950 (-action ffu) and the hangs of -action cpu / fcpu: an order with no p
    left the precondition's variables unbound, and one with no b kept unblurred structures
    that grew without end.  TVLA's Engine accepts only [f][c]pu[c][b] and blurs whatever the
    letters say; so do we (the orders it rejects are usage errors)."""
    for order in ("ffu", "u", "fucb", "fcucb", "fcupb", "bu", "fcpucbfcpucb"):
        res = run(tmp_path, monkeypatch, {"p.tvp": order_program(PRE_W + UPDATE_W)},
                  ("analyze", "p.tvp", LIST, "-terse", "-action", order))
        assert res.exit_code == 2 and f"bad action order '{order}'" in res.output, (order, res.output)
    outs = {}
    for order in ("fcpucb", "fcpuc", "fcpu", "pu"):
        out = f"{order}.json"
        res = run(tmp_path, monkeypatch, {}, ("analyze", REVERSE, LIST, "-terse", "-action", order, "--json", out))
        assert res.exit_code in (0, 1), res.output
        outs[order] = json.loads((tmp_path / out).read_text())
    # b is implied: the same run with or without it, and every stored structure is blurred
    assert outs["fcpucb"]["locations"] == outs["fcpuc"]["locations"]
    assert max(loc["max_nodes"] for loc in outs["fcpu"]["locations"].values()) <= 5
    assert outs["fcpu"]["options"]["action_order"] == "fcpu"


# ------------------------------------------------------------------ drawings

def test_dense_structures_are_not_given_to_graphviz(monkeypatch):
    """seed 5, case 6807 (dll/delete_bug.tvp list.tvs -action cpu --join=ind --html): with no blur,
    the independent-attribute join left structures of 27 nodes and 600 edges, which Graphviz
    lays out in 77 s each: the report took minutes.  A graph of more than MAX_DRAWN_EDGES edges is
    left as DOT text (the report links its .dot file)."""
    import tvla.output.render as render
    sent = []

    def fake_dot(_exe, sources):
        sent.extend(sources)
        return ["<svg/>"] * len(sources)
    monkeypatch.setattr(render.shutil, "which", lambda _name: "/usr/bin/dot")
    monkeypatch.setattr(render, "_run_dot", fake_dot)
    small, dense = render.Dot("small"), render.Dot("dense")
    small.edge("a", "b")
    for k in range(render.MAX_DRAWN_EDGES + 1):
        dense.edge(f"n{k % 27}", f"n{k // 27}", label=str(k))
    assert render.to_svgs([small, dense, small]) == ["<svg/>", None, "<svg/>"]
    assert all("dense" not in src for src in sent) and len(sent) == 2
