"""TVLA's rewriting of a precondition before it evaluates it, and the sound use made of it.

TVLA evaluates an action's precondition after pushing negations to the atoms (``->``
read as ``!a | b``) and pushing every quantifier as deep as it goes, once per distinct
bound variable of the formula (``Formula.optimizeForEvaluation``: ``pushBackNegations``
then ``untangleUnbound``).  The pushing is done node by node:

* a quantifier over a formula without its variable is dropped (``E(v) b`` is ``b``);
* over ``l & r`` or ``l | r`` with the variable in one side only, it goes into that side
  (``E(v) (x(v) | b)`` becomes ``b | E(v) x(v)``); with the variable in both, it stays
  above; any other node (an atom, ``!atom``, ``<->``, ``?:``, a closure) keeps it above;
* a quantifier met while pushing another one stays where it is and the other goes
  below it (``E(v) A(w) f`` becomes ``A(w) E(v) f`` until the next round pushes ``A(w)``).

On a structure with nodes the first two are equivalences; on the empty structure they
are not (``E(v) (x(v) | 1)`` holds for TVLA, not for the formula as written), and the
third swaps quantifiers that do not commute: ``E(v) A(w) (!x(w) | !n(w, v))`` ends as
``A(w) (!x(w) | E(v) !n(w, v))``, which is weaker, and ``(A(w) E(v) !n(w, v)) | E(u)
x(u)`` (three rounds) as ``(E(v) A(w) !n(w, v)) | E(u) x(u)``, which is stronger: there
TVLA skips an action whose precondition holds.

:func:`tvla_form` computes TVLA's form of a formula; :func:`permissive_precondition` the
precondition this engine evaluates: the formula or TVLA's form, whichever holds (their
disjunction when they differ).  An action thus applies wherever TVLA applies it when TVLA's
form is the weaker (TVLA's structures, e.g. past a leak check ``E(v) A(w) ...`` on the
empty store), and wherever the precondition holds when TVLA's is the stronger (soundness
before TVLA's structures).  A form whose free variables are not the formula's (a variable
carried out of its quantifier) is not used.
"""

from typing import FrozenSet, Optional, Union

from tvla.logic import formula as F

MAX_WORK = 200_000
"""Most formula nodes the rounds of :func:`tvla_form` may build (bound variables times size):
past it, TVLA's form is not used (real preconditions are far below; a fuzzed one is not)."""

CLOSURE_VARS: FrozenSet[str] = frozenset({"__v1", "__v2"})
"""The bound variables of TVLA's formula for a closure ``p*(a, b)`` or ``p+(a, b)``."""


def negations_in(f: F.Formula, negate: bool = False) -> F.Formula:
    """``f`` (negated when ``negate``) with negations on atoms, ``->`` as ``!a | b`` and
    one variable per quantifier, as TVLA's ``pushBackNegations``; ``<->`` and ``?:``
    stay whole."""
    if isinstance(f, F.Not):
        return negations_in(f.sub, not negate)
    if isinstance(f, F.Implies):
        return negations_in(F.Or(F.Not(f.left), f.right), negate)
    if isinstance(f, (F.And, F.Or)):
        a, b = negations_in(f.left, negate), negations_in(f.right, negate)
        return (F.Or if isinstance(f, F.And) == negate else F.And)(a, b)
    if isinstance(f, (F.Exists, F.Forall)):
        body = negations_in(f.body, negate)
        universal = isinstance(f, F.Forall) != negate
        for v in reversed(f.vars):
            body = F.Forall((v,), body) if universal else F.Exists((v,), body)
        return body
    if isinstance(f, F.Const):
        return F.Const(2 - f.value) if negate else f
    return F.Not(f) if negate else f


def bound_names(f: F.Formula) -> FrozenSet[str]:
    """The distinct variables bound in ``f`` as TVLA counts them (a closure binds two)."""
    if isinstance(f, (F.Exists, F.Forall)):
        return frozenset(f.vars) | bound_names(f.body)
    if isinstance(f, F.TC):
        return frozenset((f.x, f.y)) | bound_names(f.body)
    if isinstance(f, F.Closure):
        return CLOSURE_VARS
    if isinstance(f, (F.And, F.Or)):
        return bound_names(f.left) | bound_names(f.right)
    if isinstance(f, F.Not):
        return bound_names(f.sub)
    if isinstance(f, (F.Iff, F.Implies)):
        return bound_names(f.left) | bound_names(f.right)
    if isinstance(f, F.Ite):
        return bound_names(f.cond) | bound_names(f.then) | bound_names(f.other)
    return frozenset()


def quantified(var: str, universal: bool, f: F.Formula) -> F.Formula:
    """``A(var) f`` or ``E(var) f`` as TVLA builds it: never dropped (``F.exists`` drops a
    quantifier over a formula without its variable, which is one of TVLA's moves)."""
    return F.Forall((var,), f) if universal else F.Exists((var,), f)


def push(f: F.Formula, var: Optional[str], universal: bool, faithful: bool = True) -> F.Formula:
    """One round of TVLA's ``pushBackQuant``: ``var`` (when given) pushed into ``f``, and
    the topmost quantifiers of ``f`` (when ``var`` is None) pushed into their bodies.
    Not ``faithful``: only the moves that keep the formula's value on every structure
    (``E`` into a conjunct, ``A`` into a disjunct, past a quantifier of its own kind)."""
    if isinstance(f, (F.Exists, F.Forall)):
        (q,) = f.vars
        if var is None:
            return push(f.body, q, isinstance(f, F.Forall), faithful)
        if faithful or isinstance(f, F.Forall) == universal:
            return type(f)(f.vars, push(f.body, var, universal, faithful))
        return quantified(var, universal, f)
    if isinstance(f, (F.And, F.Or)):
        return push_binary(f, var, universal, faithful)
    if var is None or var not in f.free_vars():
        return f
    return quantified(var, universal, f)


def push_binary(f: Union[F.And, F.Or], var: Optional[str], universal: bool, faithful: bool) -> F.Formula:
    """:func:`push` into ``l & r`` or ``l | r``: into the side that holds ``var`` (the
    other side first, as TVLA writes it), else above both."""
    same = type(f)
    into_left = into_right = False
    if var is not None and var in f.free_vars():
        in_left, in_right = var in f.left.free_vars(), var in f.right.free_vars()
        if not (in_left and in_right) and (faithful or universal == (same is F.Or)):
            into_left, into_right = in_left, in_right
    left = push(f.left, var if into_left else None, universal, faithful)
    right = push(f.right, var if into_right else None, universal, faithful)
    if into_left:
        return same(right, left)
    if into_right or var is None or var not in f.free_vars():
        return same(left, right)
    return quantified(var, universal, same(left, right))


def tvla_form(f: F.Formula, faithful: bool = True) -> Optional[F.Formula]:
    """The formula TVLA evaluates for precondition ``f`` (not ``faithful``: with only
    the moves that keep its value, see :func:`push`); None when its rounds would visit
    more than :data:`MAX_WORK` nodes."""
    g = negations_in(f)
    rounds = len(bound_names(g))
    if rounds * F.size(g) > MAX_WORK:
        return None
    for _ in range(rounds):
        h = push(g, None, False, faithful)
        if h == g:   # a round that changes nothing: so would every later one
            break
        g = h
    return g


def permissive_precondition(f: F.Formula) -> F.Formula:
    """``f``, or ``f | tvla_form(f)`` when TVLA's form has made a move that can change
    the value (and keeps the free variables of ``f``)."""
    g = tvla_form(f)
    if g is None or g == tvla_form(f, faithful=False) or not g.free_vars() <= f.free_vars():
        return f
    return F.Or(f, g)
