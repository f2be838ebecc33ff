"""The generated TVP writes "reachable from one of these variables" as ``|/{...}`` over a set
(:func:`tvla.cfront.translate.factor_reach_sets`): the program elaborated from it is the one
the disjunctions written out give, formula for formula."""

import os

from tvla.cfront import translate as T
from tvla.cfront.lower import lower_file
from tvla.lang.tvp import load_program

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PROPERTIES = ("memsafety", "memcleanup", "unreach-call")


def test_three_or_more_atoms_of_one_tag_and_cell_become_a_set():
    text = ("x = (r[all,a](g_1) | r[all,b](g_1) | r[all,c](g_1)) & (r[all,a](v) | r[all,b](v))"
            " | (r[all,b](h_1) | r[all,c](h_1) | r[all,a](h_1)) | (r[all,a](s_1) | r[all,b](s_1) | r[all,c](s_1))"
            " | (r[all,a](v) | r[t2,b](v) | r[all,c](v)) | (r[all,a](v) | r[all,b](w) | r[all,c](v))")
    out, sets = T.factor_reach_sets(text)
    assert sets == ["%s $reach1 {a, b, c}", "%s $reach2 {b, c, a}"]
    assert out == ("x = |/{r[all,$var](g_1) : $var in $reach1} & (r[all,a](v) | r[all,b](v))"
                   " | |/{r[all,$var](h_1) : $var in $reach2} | |/{r[all,$var](s_1) : $var in $reach1}"
                   " | (r[all,a](v) | r[t2,b](v) | r[all,c](v)) | (r[all,a](v) | r[all,b](w) | r[all,c](v))")


def _program(tmp_path, name):
    cprog = lower_file(os.path.join(ROOT, "programs", "c", "dll_insert.c"))
    tr = T.translate(cprog, PROPERTIES)
    path = tmp_path / f"{name}.tvp"
    path.write_text(tr.tvp)
    return tr.tvp, load_program(str(path))


def _actions(prog):
    def messages(ms):
        return [(m.formula, m.text) for m in ms]
    return [(e.source, e.target, a.name, a.args, a.title, a.focus, a.precondition, messages(a.pre_messages),
             a.new, a.updates, a.retain, messages(a.post_messages)) for e in prog.edges for a in [e.action]]


def test_the_sets_elaborate_to_the_disjunctions_written_out(tmp_path, monkeypatch):
    factored_text, factored = _program(tmp_path, "factored")
    monkeypatch.setattr(T, "factor_reach_sets", lambda text: (text, []))
    plain_text, plain = _program(tmp_path, "plain")
    assert "$reach1" in factored_text and len(factored_text) < 0.95 * len(plain_text)
    assert [(p.name, p.arity) for p in factored.vocabulary.preds.values()] == \
        [(p.name, p.arity) for p in plain.vocabulary.preds.values()]
    assert [r[:2] for r in factored.rules] == [r[:2] for r in plain.rules]
    assert _actions(factored) == _actions(plain)
