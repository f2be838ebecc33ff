"""Focus: split a structure until a formula has a definite value everywhere.

A focus formula is brought to negation normal form and then to a disjunction
of conjunctions of literals (quantified variables become further assignment
variables).  Literals are ordered so that each binds at most one new variable
(unary ones first); a conjunction is focused literal by literal under the
assignments on which the earlier literals hold, splitting on the first literal
that is 1/2: a copy where it is 0, a copy where it is 1, and, when its newly
bound node is a summary node, a copy where that node is *materialized* into
two summary nodes, one with the literal 1 and one with 0.  A maybe-active node
that a literal may bind is first split into a copy without it and a copy
where it is active: the formula's value depends on its presence, and coerce
cannot sharpen through a node that may not exist.

A formula whose definite structures are infinitely many (a node with 1/2 edges of a
relation that is not a function to a summary node that keeps giving up one more
individual) would materialize without end: focus raises :class:`FocusUnbounded` once a
structure it makes has :data:`GROWTH` nodes more than the one it was given (TVLA stops
with "Focusing on predicate ... will cause an infinite number of structures").
"""


from typing import Any, Callable, Iterable, List, Optional, Set, Tuple, Union

from tvla.logic import formula as F
from tvla.logic.formula import Where
from tvla.errors import TvlaError
from tvla.logic.evaluate import Assignment, Evaluator
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene
from tvla.logic.structure import Inconsistent, Node, Structure, bits
from tvla.logic.vocabulary import Predicate, Vocabulary

Coerce = Callable[[Structure, Optional[Iterable[str]], Any, Optional[Kleene]], Any]
"""Coerce of a structure in place (raising :class:`~tvla.logic.structure.Inconsistent`),
``coerce(s, changed, held, took)``: given the predicates that changed (None: any), what an
earlier call returned for the structure ``s`` was split from (None: nothing) and, when
known, the value ``took`` the changed predicates took where they were 1/2 (None: see
:data:`Split`); it returns what
it knows holds on ``s`` (:meth:`~tvla.engine.coerce.Coercer.refine`)."""

Split = Tuple[Structure, Optional[Tuple[str, ...]], Optional[Kleene]]
"""A structure a split made, the predicates whose values it changed (None: its nodes
changed in a way every rule may read), and the value they took where they were 1/2
when that is all that changed (None: not only: a materialization, which also copied a
node, every value but equality, ``sm`` among the changed predicates)."""


class FocusLiteral:
    __slots__ = ("atom", "positive", "new_var", "pred")

    def __init__(self, atom: F.Atom, positive: bool, new_var: Optional[str], pred: Predicate):
        self.atom = atom
        self.positive = positive
        self.new_var = new_var
        self.pred = pred


GROWTH = 32
"""Nodes a focus may add to the structure it is given before it counts as unbounded: the
programs of this project add at most 2, the generated C libraries at most 5."""


class FocusUnbounded(Exception):
    """Focusing ``formula`` (written at ``where``) grew a structure from ``before`` to ``after``
    nodes: it has no finite set of definite structures there."""

    def __init__(self, formula: F.Formula, where: Optional[Where], before: int, after: int):
        super().__init__(f"focus on '{formula}' kept materializing: a structure grew from {before} to "
                         f"{after} nodes")
        self.formula = formula
        self.where = where
        self.before = before
        self.after = after


Hit = Union[Tuple[FocusLiteral, Assignment], Node]
"""Where focus splits next: a literal that is 1/2 under an assignment, or (a node) a
maybe-active node that a literal may bind: its presence is split on first."""


class FocusFormula:
    """A focus formula compiled into ordered conjunctions of literals."""

    def __init__(self, f: F.Formula, voc: Vocabulary, where: Optional[Where] = None):
        self.formula = f
        self.where = where
        self.disjuncts: List[List[FocusLiteral]] = []
        g = F.rename_bound_apart(F.nnf(f))
        for lits in F.dnf(g):
            self.disjuncts.append(self._order(lits, voc, where))

    def _order(self, lits: Iterable[F.Formula], voc: Vocabulary,
               where: Optional[Where]) -> List[FocusLiteral]:
        todo: List[Tuple[F.Atom, bool]] = []
        for lit in lits:
            positive = not isinstance(lit, F.Not)
            atom = lit.sub if isinstance(lit, F.Not) else lit
            if isinstance(atom, F.Const):
                continue
            if isinstance(atom, F.Eq):
                raise self._refuse(f"equality '{lit}' cannot be focused (it could materialize without end)", where)
            if not isinstance(atom, F.Atom):
                raise self._refuse(f"'{lit}' is not a predicate literal and cannot be focused", where)
            todo.append((atom, positive))
        ordered: List[FocusLiteral] = []
        bound: Set[str] = set()
        while todo:
            pick = None
            for rank in (0, 1, 2):
                for k, (atom, positive) in enumerate(todo):
                    unbound = set(atom.args) - bound
                    if rank == 0 and not unbound:
                        pick = k
                    elif rank == 1 and len(unbound) == 1 and len(atom.args) == 1:
                        pick = k
                    elif rank == 2 and len(unbound) == 1:
                        pick = k
                    if pick is not None:
                        break
                if pick is not None:
                    break
            if pick is None:
                atom, _ = todo[0]
                raise self._refuse(
                    f"literal '{atom}' binds more than one new variable; "
                    "focusing it could materialize without end", where)
            atom, positive = todo.pop(pick)
            free = [a for a in atom.args if a not in bound]
            new_var = free[0] if free else None
            bound.update(atom.args)
            ordered.append(FocusLiteral(atom, positive, new_var, voc[atom.pred]))
        return ordered

    def _refuse(self, msg: str, where: Optional[Where]) -> TvlaError:
        text = f"cannot focus on '{self.formula}': {msg}"
        if where:
            return TvlaError(text, *where)
        return TvlaError(text)


def focus(s: Structure, ff: FocusFormula, ev: Evaluator, coerce: Optional[Coerce] = None,
          held: Any = None) -> List[Structure]:
    """Return structures that together represent ``s`` and on which ``ff`` is definite.

    ``coerce(structure)`` (raising :class:`~tvla.logic.structure.Inconsistent`) is applied to
    every structure a split produces: discarding infeasible splits at once is what
    keeps materialization finite where the formula allows it; :class:`FocusUnbounded`
    where it does not.  ``held``: what ``coerce`` may take to hold on ``s``
    (as it returns it; None: nothing), which then holds on the results too."""
    current = [s]
    for lits in ff.disjuncts:
        nxt = []
        for st in current:
            grown = _focus_conj(st, lits, ev, coerce, held, s.n + GROWTH)
            if isinstance(grown, Structure):
                raise FocusUnbounded(ff.formula, ff.where, s.n, grown.n)
            nxt.extend(grown)
        current = nxt
    return current


def _focus_conj(s: Structure, lits: List[FocusLiteral], ev: Evaluator, coerce: Optional[Coerce],
                held: Any, bound: int) -> Union[List[Structure], Structure]:
    """The structures of focusing ``s`` on one conjunction, or the first one it makes
    with more than ``bound`` nodes (there it stops)."""
    work: List[Tuple[Structure, Any]] = [(s, held)]  # a structure, what its coerce knew holds
    done = []
    while work:
        st, held = work.pop()
        if st.n > bound:
            return st
        hit = _find_half(st, lits, 0, {}, ev)
        if hit is None:
            done.append(st)
            continue
        if isinstance(hit, int):
            results, stuck = split_activity(st, hit), None
        else:
            lit, env = hit
            results, stuck = _split(st, lit, env, ev.stale_after(lit.pred.name))
        if stuck is not None:
            done.append(stuck)
        if coerce is not None:
            kept = []
            for r, changed, took in results:
                try:
                    kept.append((r, coerce(r, changed, held, took)))
                except Inconsistent:
                    continue
        else:
            kept = [(r, None) for r, _c, _t in results]
        # reversed so that the 0-copy is processed first (deterministic order)
        work.extend(reversed(kept))
    return done


def _find_half(s: Structure, lits: List[FocusLiteral], i: int, env: Assignment, ev: Evaluator) -> Optional[Hit]:
    if i == len(lits):
        return None
    lit = lits[i]
    if lit.new_var is None:
        v = ev.value(lit.atom, s, env)
        if v == HALF:
            return lit, env
        if (v == TRUE) == lit.positive:
            return _find_half(s, lits, i + 1, env, ev)
        return None
    t, u = ev.vector(lit.atom, lit.new_var, s, env)
    sat = t if lit.positive else s.full & ~t
    # a node that may satisfy the literal only witnesses it if it exists
    maybe = (sat | u) & s.ma
    if maybe:
        return (maybe & -maybe).bit_length() - 1
    if u:
        e = dict(env)
        e[lit.new_var] = (u & -u).bit_length() - 1
        return lit, e
    for node in bits(sat):
        e = dict(env)
        e[lit.new_var] = node
        r = _find_half(s, lits, i + 1, e, ev)
        if r is not None:
            return r
    return None


def split_activity(s: Structure, x: Node) -> List[Split]:
    """A copy of ``s`` without the maybe-active node ``x`` and one where it is active."""
    absent = s.copy()
    absent.drop_nodes(1 << x)
    present = s.copy()
    present.ma &= ~(1 << x)
    present.touched()
    # a node that goes, or that surely exists, may change the value of any quantifier
    return [(absent, None, None), (present, None, None)]


def _split(s: Structure, lit: FocusLiteral, env: Assignment, stale: Set[int]) -> Tuple[List[Split], Optional[Structure]]:
    """Split ``s`` on an atom that is 1/2 under ``env``.

    Returns ([(structure, changed predicates)] to focus further, structure to keep as is or None)."""
    p = lit.pred
    tup = tuple(env[a] for a in lit.atom.args)
    s0 = s.copy()
    s0.set_value(p, tup, FALSE, stale)
    s1 = s.copy()
    s1.set_value(p, tup, TRUE, stale)
    summary = s.summary
    target = None
    if lit.new_var is not None and summary >> env[lit.new_var] & 1:
        target = env[lit.new_var]
    else:
        for x in reversed(tup):
            if summary >> x & 1:
                target = x
                break
    plain = (p.name,)
    if target is None:
        return [(s0, plain, FALSE), (s1, plain, TRUE)], None
    if sum(summary >> x & 1 for x in tup) > 1:
        # a tuple with two summary places (a summary node related to itself or to
        # another) cannot be made definite: the individuals of one may relate to
        # different individuals of the other, so a materialization would lose stores
        # and could go on without end (TVLA ignores such a tuple too): keep that case unfocused
        return [(s0, plain, FALSE), (s1, plain, TRUE)], s
    s2 = s.copy()
    w = s2.duplicate_node(target)
    s2.set_value(p, tup, TRUE)
    s2.set_value(p, tuple(w if x == target else x for x in tup), FALSE)
    # the copy has every value of the node, so a rule that held on the structure
    # holds on it too, but where it compares nodes (sm) or reads p
    return [(s0, plain, FALSE), (s1, plain, TRUE), (s2, (p.name, "sm"), None)], None
