"""TVLA's semantics of actions, constraints and the engine, one small TVP/TVS per rule.

Every verdict comes from running the analysis; structures are compared in TVS
form (``format_structure``), the way TVLA prints them."""

import json
import random

from click.testing import CliRunner

from tvla import analyze
from tvla.logic import formula as F
from tvla.engine.action import Bindings
from tvla.cli.api import selfcheck_files
from tvla.cli.main import main
from tvla.logic.evaluate import Evaluator
from tvla.logic.kleene import FALSE
from tvla.output.report import location_lines, text_report
from tvla.logic.structure import Structure
from tvla.lang.tvp import load_program
from tvla.lang.tvs import format_structure


def tvs_at(r, loc):
    return [format_structure(s, r.voc) for s in r.locations[loc]]


def tvs(nodes, preds):
    """TVS text ``%n = {nodes} %p = {preds}`` as format_structure writes it."""
    body = "".join(f"\t{line}\n" for line in preds)
    return f"%n = {{{', '.join(nodes)}}}\n%p = {{\n{body}}}"


# ---------------------------------------------------------------- 11: %r rules are Horn clauses

# declarations + SKIP: a program whose one edge only focuses and coerces its input
SKIP = r"""
%%
%action Skip() {
    %t "skip"
}
%%
L0 Skip() L1
"""

HORN = r"""
%p x(v) unique pointer
%p a(v)
%r E(v) x(v) ==> a(v)
""" + SKIP


def test_top_level_exists_of_a_rule_binds_the_head_variable(write):
    # read as x(v) ==> a(v): a sharpens to 1 where x is, w (no x) may lack a;
    # read as a closed body, a(w) = 0 would make the input inconsistent
    prog = write("horn.tvp", HORN)
    inp = write("horn.tvs", "%n = {u, w}\n%p = {\n x = {u}\n a = {u:1/2}\n}\n")
    r = analyze(prog, inp, join="conc")
    assert r.inputs.used == 1 and not r.warnings
    assert tvs_at(r, "L1") == [tvs(["u0", "u1"], ["x = {u0}", "a = {u0}"])]


# ---------------------------------------------------------------- 12: %new

NEW = r"""
%p x(v) unique pointer
%p mark(v)
%p seen(v)
%p copy(v_1, v_2)
%p n(v_1, v_2) function
%i nox(v) = !x(v)
%i t[n](v_1, v_2) = n*(v_1, v_2) transitive reflexive
%%
%action Malloc() {
    %t "x = malloc()"
    %new
    {
        x(v) = isNew(v)
        seen(v) = nox(v)
    }
}
%action Clone() {
    %t "clone marked"
    %new mark(v)
    {
        copy(v_1, v_2) = instance(v_1, v_2)
    }
}
%%
L0 Malloc() L1
L1 Clone() L2
"""


def test_new_node_starts_at_zero_and_instrumentation_is_derived(write):
    prog = write("new.tvp", NEW)
    inp = write("new.tvs", "%n = {a}\n%p = {\n mark = {a}\n nox = {a}\n t[n] = {a->a}\n}\n")
    r = analyze(prog, inp, join="conc")
    # seen(new) reads nox on the new node before the update: 0 (TVLA), although
    # the derived update then gives nox(new) = !x(new) = 0 and t[n](new, new) = 1
    assert tvs_at(r, "L1") == [tvs(["u0", "u1"], [
        "x = {u1}", "mark = {u0}", "seen = {u0}", "nox = {u0}", "t[n] = {u0->u0, u1->u1}"])]


def test_new_formula_copies_relate_by_instance_new_old_and_keep_summary(write):
    prog = write("new.tvp", NEW)
    inp = write("new.tvs", "%n = {a, s}\n%p = {\n sm = {s:1/2}\n mark = {a, s}\n"
                           " nox = {a, s}\n t[n] = {a->a, s->s:1/2}\n}\n")
    r = analyze(prog, inp, join="conc")
    (s,) = r.locations["L2"]
    text = format_structure(s, r.voc)
    # u2 is Malloc's node; u3 and u4 copy u0 and u1: copy(new, old) = instance(new, old),
    # u4 is a summary node like u1, and mark (not updated) is 0 on the copies
    assert "sm = {u1:1/2, u4:1/2}" in text
    assert "copy = {u3->u0, u4->u1}" in text
    assert "mark = {u0, u1}" in text
    assert "t[n] = {u0->u0, u1->u1:1/2, u2->u2, u3->u3, u4->u4:1/2}" in text


AUTO = r"""
%p x(v) unique pointer
%p y(v) unique pointer
%i both(v) = x(v) & y(v)
%%
%action Copy() {
    %t "x = y"
    {
        x(v) = y(v)
        AUTO
    }
}
%%
L0 Copy() L1
"""


def test_auto_updates_are_derived_even_without_differencing(write):
    inp = write("auto.tvs", "%n = {a, b}\n%p = {\n x = {a}\n y = {b}\n}\n")
    derived = analyze(write("auto.tvp", AUTO.replace("AUTO", "auto both(v) = 0")), inp, differencing=False)
    stale = analyze(write("stale.tvp", AUTO.replace("AUTO", "")), inp, differencing=False)
    assert "both = {u1}" in tvs_at(derived, "L1")[0] and not derived.warnings
    # without the auto update both keeps its old value 0, which the coerce then finds breached
    assert stale.limit_hit == "coerce-failed" and stale.warnings


# ---------------------------------------------------------------- 13: %retain

RETAIN = r"""
%p x(v) unique pointer
%p y(v) unique pointer
%%
%action Move_And_Free() {
    %t "free(x); x = y"
    %new
    {
        x(v) = y(v)
    }
    %retain !x(v)
}
%%
L0 Move_And_Free() L1
"""


def test_retain_reads_the_structure_before_new_and_the_updates(write):
    # !x is evaluated before x = y: the old x node goes, the y node and the new node stay
    prog = write("retain.tvp", RETAIN)
    inp = write("retain.tvs", "%n = {a, b}\n%p = {\n x = {a}\n y = {b}\n}\n")
    r = analyze(prog, inp, join="conc")
    assert tvs_at(r, "L1") == [tvs(["u0", "u1"], ["x = {u0}", "y = {u0}"])]


def test_concrete_runs_of_new_and_retain_embed(write):
    # the concrete interpreter (ground truth: instrumentation recomputed from the
    # definitions after each step) against the abstract semantics above
    for name, text, inp in (("new", NEW, "%n = {a, s}\n%p = {\n sm = {s:1/2}\n mark = {a, s:1/2}\n}\n"),
                            ("retain", RETAIN, "%n = {a, b, s}\n%p = {\n sm = {s:1/2}\n x = {a:1/2}\n"
                                               " y = {b}\n}\n")):
        lines, ok = selfcheck_files(write(name + ".tvp", text), write(name + ".tvs", inp), 3, 5, 50)
        assert ok, "\n".join(lines)


# ---------------------------------------------------------------- 14: one copy per binding

BINDINGS = r"""
%p m(v)
%p sel(v)
%%
%action Pick() {
    %t "pick a marked node"
    %p m(v_1)
    {
        sel(v) = sel(v) | v == v_1
    }
}
%%
L0 Pick() L1
"""


def test_each_binding_of_a_precondition_updates_the_same_structure(write):
    prog = write("pick.tvp", BINDINGS)
    inp = write("pick.tvs", "%n = {a, b, c, d}\n%p = {\n m = {a, b, c}\n}\n")
    r = analyze(prog, inp, join="conc")
    got = sorted(tvs_at(r, "L1"))
    want = sorted(tvs(["u0", "u1", "u2", "u3"], ["m = {u0, u1, u2}", f"sel = {{u{k}}}"]) for k in range(3))
    assert got == want


# ---------------------------------------------------------------- 16: breakIfCoerceAfterUpdateFailed

BREACH = r"""
%p x(v) unique pointer
%p a(v)
%p b(v)
%r a(v) ==> b(v)
%%
%action Set_A() {
    %t "set a"
    {
        a(v) = x(v)
    }
}
%action Skip() {
    %t "skip"
}
%%
L0 Skip() L1
L1 Set_A() L2
L2 Skip() L3
"""


def run_cli(args, tmp_path):
    out = tmp_path / "r.json"
    res = CliRunner().invoke(main, ["analyze", *args, "-terse", "--json", str(out)])
    return res, (json.loads(out.read_text()) if out.exists() else None)


def test_a_breach_after_an_update_stops_the_analysis_there(write, tmp_path):
    prog = write("breach.tvp", BREACH)
    write("breach.tvs", "%n = {u}\n%p = {\n x = {u}\n}\n")
    res, data = run_cli([prog], tmp_path)
    assert res.exit_code == 0, res.output
    assert data["limit_hit"] == "coerce-failed"
    assert data["messages"] == [] and data["verdict"] == "incomplete"   # a notice, as TVLA's, not a message
    assert (data["breach"]["location"], data["breach"]["rule"]) == ("L1", f"the rule at {prog}:5: a(v) ==> b(v)")
    assert data["locations"]["L1"]["structures"] == 1       # results so far are kept
    assert not data["locations"]["L2"]["reached"]
    assert "the coerce after an update found a constraint breach" in res.output


def test_properties_turn_the_break_off_and_check_the_engine_type(write, tmp_path):
    prog = write("breach.tvp", BREACH)
    write("breach.tvs", "%n = {u}\n%p = {\n x = {u}\n}\n")
    props = write("off.properties", "tvla.engine.breakIfCoerceAfterUpdateFailed = false\n"
                                    "tvla.engine.type = tvla\n")
    res, data = run_cli([prog, "-props", props], tmp_path)
    assert res.exit_code == 0, res.output
    # the inconsistent result is dropped silently: L2 is reached by no structure
    assert data["limit_hit"] is None and data["messages"] == []
    assert not data["locations"]["L2"]["reached"]
    # PROGRAM.properties beside the program is read first
    write("breach.properties", "tvla.engine.breakIfCoerceAfterUpdateFailed = false\n")
    res, data = run_cli([prog], tmp_path)
    assert data["limit_hit"] is None and data["messages"] == []
    other = write("mc.properties", "tvla.engine.type = tvmc\n")
    res, _ = run_cli([prog, "-props", other], tmp_path)
    assert res.exit_code == 2 and "only the plain engine" in res.output
    assert "Traceback" not in res.output


# ---------------------------------------------------------------- 17: satisfying bindings only

CHAIN = r"""
%p x(v) unique pointer
%p n(v_1, v_2) function
%p hit(v)
%%
%action Two_Ahead() {
    %t "mark the node two steps after x"
    %p x(v_1) & n(v_1, v_2) & n(v_2, v_3)
    {
        hit(v) = v == v_3
    }
}
%%
L0 Two_Ahead() L1
"""


def test_precondition_with_three_variables_binds_only_satisfying_assignments(write):
    names = [f"e{k}" for k in range(40)]
    edges = ", ".join(f"{a}->{b}" for a, b in zip(names, names[1:]))
    prog = write("chain.tvp", CHAIN)
    inp = write("chain.tvs", f"%n = {{{', '.join(names)}}}\n%p = {{\n x = {{e5}}\n n = {{{edges}}}\n}}\n")
    r = analyze(prog, inp, join="conc")
    (s,) = r.locations["L1"]
    assert "hit = {u7}" in format_structure(s, r.voc)


def test_bindings_are_those_of_the_brute_force_enumeration(write):
    prog = load_program(write("chain.tvp", CHAIN))
    voc = prog.vocabulary
    ev = Evaluator(voc)
    pre = prog.edges[0].action.precondition
    rng = random.Random(7)
    x, n, sm = voc["x"].index, voc["n"].index, voc["sm"].index
    for _ in range(20):
        s = Structure.empty(voc, 6)
        s.uU[sm] = rng.getrandbits(6)
        s.uU[x] = 1 << rng.randrange(6)
        for u in range(6):
            s.bT[n][u] = rng.getrandbits(6) & rng.getrandbits(6)
            s.bU[n][u] = rng.getrandbits(6) & ~s.bT[n][u]
        s.touched()
        want = list(ev.assignments(pre, s, ["v_1", "v_2", "v_3"]))
        assert Bindings(ev, pre, ["v_1", "v_2", "v_3"])(s, {}) == want
        closed = F.Exists(("v_1", "v_2", "v_3"), pre)
        assert Bindings.of_closed(ev, closed).exists(s, {}) == (ev.value(closed, s) != FALSE)


# ---------------------------------------------------------------- 18: reporting

REPORT = r"""
%p x(v) unique pointer
%p y(v) unique pointer
%%
%action Check_X() {
    %t "use x"
    %message (!E(v) x(v)) -> "x may be NULL"
}
%action Is_Null_Y() {
    %t "y == NULL"
    %p !E(v) y(v)
}
%%
L0 Check_X() L1
L0 Is_Null_Y() L2
L2 Check_X() L3
"""


def test_messages_are_counted_per_structure_and_unreached_locations_listed(write, tmp_path):
    prog = write("report.tvp", REPORT)
    # at L0: no node, a node with y, a node with x; x may be NULL on the first two
    inp = write("report.tvs", "%n = {}\n%p = {\n}\n%n = {u}\n%p = {\n y = {u}\n}\n"
                              "%n = {u}\n%p = {\n x = {u}\n}\n")
    r = analyze(prog, inp, join="rel")
    assert [m.structures for m in r.messages_at("L0")] == [2]
    assert [m.structures for m in r.messages_at("L2")] == [1]
    assert "L0: 3 structures, max graph=1, 2 messages (1 distinct)" in location_lines(r)
    assert "L2: 2 structures, max graph=1, 1 messages" in location_lines(r)
    assert "alarm: x may be NULL (2 structures)" in text_report(r)
    res, data = run_cli([prog, inp, "-join", "rel"], tmp_path)
    assert data["locations"]["L0"]["messages"] == 1 and data["locations"]["L0"]["message_structures"] == 2
    assert data["total_messages"] == 2 and data["total_message_structures"] == 3
    assert [m["structures"] for m in data["messages"]] == [2, 1]


def test_locations_no_structure_reaches_are_unreached(write):
    prog = write("unreached.tvp", REPORT)
    inp = write("unreached.tvs", "%n = {u}\n%p = {\n x = {u}\n y = {u}\n}\n")
    r = analyze(prog, inp)
    assert "L2: unreached" in location_lines(r) and "L3: unreached" in location_lines(r)
    assert "L1: 1 structures, max graph=1, 0 messages" in location_lines(r)
    assert "Verdict: proved" in text_report(r)


# ---------------------------------------------------------------- disjunctive definitions

DOWN = r"""
%p left(v_1, v_2) function
%p right(v_1, v_2) function
%i down(v_1, v_2) = left(v_1, v_2) | right(v_1, v_2)
""" + SKIP


def test_a_disjunctive_definition_gives_a_rule_per_disjunct(write):
    # down = left | right: !down ==> !left and !down ==> !right sharpen the 1/2 edges
    prog = write("down.tvp", DOWN)
    inp = write("down.tvs", "%n = {u, w}\n%p = {\n left = {u->w:1/2}\n right = {w->u:1/2}\n down = {}\n}\n")
    r = analyze(prog, inp, join="conc")
    assert r.inputs.used == 1
    assert tvs_at(r, "L1") == [tvs(["u0", "u1"], [])]
