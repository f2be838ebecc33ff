"""Where a message fires in a structure: the binding and the parts that make it hold.

A message formula such as ``!(A(v) r[n,x](v) -> inOrder[dle,n](v))`` is
brought to negation normal form, ``E(v) r[n,x](v) & !inOrder[dle,n](v)``;
its leading existential variables (and any free ones) are bound to nodes on
which the body is not 0.  The culprit is those nodes and the tuples of the
body's literals that hold under the binding.
"""

from typing import Dict, List, Optional, Tuple, Union

from tvla.logic import formula as F
from tvla.logic.evaluate import Assignment, Evaluator
from tvla.logic.formula import nnf
from tvla.logic.kleene import FALSE, TRUE
from tvla.logic.structure import Structure
from tvla.engine.results import Trigger

Literal = Tuple[Union[F.Atom, F.Closure], bool]
"""A predicate literal of a formula: its atom, and whether it is positive."""


def leading_exists(f: F.Formula) -> Tuple[List[str], F.Formula]:
    """(variables, body) of an NNF formula's leading existential quantifiers."""
    variables: List[str] = []
    while isinstance(f, F.Exists):
        variables.extend(v for v in f.vars if v not in variables)
        f = f.body
    return variables, f


def literals(f: F.Formula) -> List[Literal]:
    """The predicate literals (atom, positive?) of an NNF formula, outside quantifiers too."""
    if isinstance(f, F.Not):
        return [(f.sub, False)] if isinstance(f.sub, (F.Atom, F.Closure)) else []
    if isinstance(f, (F.Atom, F.Closure)):
        return [(f, True)]
    if isinstance(f, (F.And, F.Or)):
        return literals(f.left) + literals(f.right)
    if isinstance(f, (F.Exists, F.Forall)):
        return literals(f.body)
    return []


def find_trigger(ev: Evaluator, formula: F.Formula, s: Structure, index: int) -> Trigger:
    """The :class:`Trigger` of ``formula`` on structure ``s`` (stored at ``index``):
    the first binding on which its body is 1, else 1/2; no binding when the
    formula quantifies nothing existentially."""
    g = nnf(formula)
    variables, body = leading_exists(g)
    variables += sorted(body.free_vars() - set(variables))
    if not variables:
        return Trigger(index)
    best: Optional[Dict[str, int]] = None
    for env, value in ev.assignments(body, s, variables):
        if best is None or value == TRUE:
            best = dict(env)
        if value == TRUE:
            break
    if best is None:
        return Trigger(index)
    return Trigger(index, tuple((v, best[v]) for v in variables),
                   tuple(sorted(set(best.values()))), culprit_tuples(ev, body, s, best))


def culprit_tuples(ev: Evaluator, body: F.Formula, s: Structure,
                   env: Assignment) -> Tuple[Tuple[str, Tuple[int, ...]], ...]:
    """Tuples of the body's literals, all of whose arguments are bound, that hold under ``env``."""
    out: List[Tuple[str, Tuple[int, ...]]] = []
    for atom, positive in literals(body):
        args = atom.args if isinstance(atom, F.Atom) else (atom.a, atom.b)
        if not args or any(a not in env for a in args):
            continue
        value = ev.value(atom, s, env)
        if (value != FALSE) if positive else (value != TRUE):
            entry = (atom.pred, tuple(env[a] for a in args))
            if entry not in out:
                out.append(entry)
    return tuple(out)
