"""Formula syntax trees of first-order logic with transitive closure.

Nodes are immutable and hashable.  ``Implies``/``Iff`` are kept as nodes (they
print as written) but every algorithm may rely on :func:`desugar`, which
rewrites them with ``!``, ``&`` and ``|`` (Kleene-equivalent).
"""

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Set, Tuple, Type, \
    Union

from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, show

Pos = Tuple[Optional[int], Optional[int]]
"""A position in the preprocessed text: (line, column), as the parser gives it."""

Where = Tuple[str, int, int]
"""A position in a source file: (file, line, column), as ``Located.where`` gives it for a :data:`Pos`."""


NOT_PICKLED = ("_hash", "_desugared", "_preds", "_uses_eq", "_depth", "_size", "_expanded")
"""What nodes keep about themselves but never carry to another process (see Formula.__getstate__)."""


class Formula:
    """A formula: the base of the immutable, hashable syntax tree nodes below."""

    __slots__ = ()

    def free_vars(self) -> FrozenSet[str]:
        """The free variables (a frozenset), computed once per node, children first
        without recursion: wide formulas (hundreds of conjuncts) ask for them at
        every level, and deep ones would exhaust the stack."""
        fv: Optional[FrozenSet[str]] = self.__dict__.get("_free_vars")
        if fv is not None:
            return fv
        stack: List[Formula] = [self]
        while stack:
            node = stack[-1]
            todo = [c for c in children(node) if "_free_vars" not in c.__dict__]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            node.__dict__["_free_vars"] = node.compute_free_vars()
        return self.__dict__["_free_vars"]

    def compute_free_vars(self) -> FrozenSet[str]:
        raise NotImplementedError

    def __getstate__(self) -> Dict[str, Any]:
        # a cached hash is of this process's string hashes: never carried to another one
        return {k: v for k, v in self.__dict__.items() if k not in NOT_PICKLED}

    def preds(self) -> Set[str]:
        """Names of predicates occurring in the formula (closures included), computed once
        per node (the evaluator asks at every level of a deep formula)."""
        return set(bottom_up(self, "_preds", _node_preds))


@dataclass(frozen=True)
class Const(Formula):
    value: Kleene

    def compute_free_vars(self) -> FrozenSet[str]:
        return frozenset()

    def __str__(self) -> str:
        return show(self.value)


@dataclass(frozen=True)
class Atom(Formula):
    pred: str
    args: Tuple[str, ...]
    pos: Optional[Pos] = field(default=None, compare=False, hash=False, repr=False)

    def compute_free_vars(self) -> FrozenSet[str]:
        return frozenset(self.args)

    def __str__(self) -> str:
        return f"{self.pred}({', '.join(self.args)})"


@dataclass(frozen=True)
class Closure(Formula):
    """``p+(a, b)`` (reflexive False) or ``p*(a, b)`` (reflexive True)."""

    pred: str
    a: str
    b: str
    reflexive: bool
    pos: Optional[Pos] = field(default=None, compare=False, hash=False, repr=False)

    def compute_free_vars(self) -> FrozenSet[str]:
        return frozenset((self.a, self.b))

    def __str__(self) -> str:
        return f"{self.pred}{'*' if self.reflexive else '+'}({self.a}, {self.b})"


@dataclass(frozen=True)
class Eq(Formula):
    a: str
    b: str

    def compute_free_vars(self) -> FrozenSet[str]:
        return frozenset((self.a, self.b))

    def __str__(self) -> str:
        return f"{self.a} == {self.b}"


@dataclass(frozen=True)
class Not(Formula):
    sub: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.sub.free_vars()

    def __str__(self) -> str:
        if isinstance(self.sub, Eq):
            return f"{self.sub.a} != {self.sub.b}"
        return f"!{_paren(self.sub, Not)}"


@dataclass(frozen=True)
class And(Formula):
    left: Formula
    right: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.left.free_vars() | self.right.free_vars()

    def __str__(self) -> str:
        return f"{_paren(self.left, And)} & {_paren(self.right, And)}"


@dataclass(frozen=True)
class Or(Formula):
    left: Formula
    right: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.left.free_vars() | self.right.free_vars()

    def __str__(self) -> str:
        return f"{_paren(self.left, Or)} | {_paren(self.right, Or)}"


@dataclass(frozen=True)
class Implies(Formula):
    left: Formula
    right: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.left.free_vars() | self.right.free_vars()

    def __str__(self) -> str:
        return f"{_paren(self.left, Implies)} -> {_paren(self.right, Implies)}"


@dataclass(frozen=True)
class Iff(Formula):
    left: Formula
    right: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.left.free_vars() | self.right.free_vars()

    def __str__(self) -> str:
        return f"{_paren(self.left, Iff)} <-> {_paren(self.right, Iff)}"


@dataclass(frozen=True)
class Exists(Formula):
    vars: Tuple[str, ...]
    body: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.body.free_vars() - frozenset(self.vars)

    def __str__(self) -> str:
        return f"E({', '.join(self.vars)}) {_paren(self.body, Exists)}"


@dataclass(frozen=True)
class Forall(Formula):
    vars: Tuple[str, ...]
    body: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.body.free_vars() - frozenset(self.vars)

    def __str__(self) -> str:
        return f"A({', '.join(self.vars)}) {_paren(self.body, Forall)}"


@dataclass(frozen=True)
class TC(Formula):
    """``TC(a, b)(x, y) body``: transitive closure of body over (x, y), at (a, b)."""

    a: str
    b: str
    x: str
    y: str
    body: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return (self.body.free_vars() - {self.x, self.y}) | {self.a, self.b}

    def __str__(self) -> str:
        return f"TC({self.a}, {self.b})({self.x}, {self.y}) {_paren(self.body, TC)}"


@dataclass(frozen=True)
class Ite(Formula):
    cond: Formula
    then: Formula
    other: Formula

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.cond.free_vars() | self.then.free_vars() | self.other.free_vars()

    def __str__(self) -> str:
        return f"({self.cond} ? {self.then} : {self.other})"


def cache_hash(cls: Type[Formula]) -> None:
    """Keep a node's hash once computed: the dataclass hash hashes the whole tree below
    at every call, and formulae are dictionary keys of every memo of the evaluator."""
    compute = cls.__hash__

    def __hash__(self: Formula) -> int:
        h: Optional[int] = self.__dict__.get("_hash")
        if h is None:
            h = self.__dict__["_hash"] = compute(self)
        return h
    cls.__hash__ = __hash__  # type: ignore[method-assign, assignment]


for _node in (Const, Atom, Closure, Eq, Not, And, Or, Implies, Iff, Exists, Forall, TC, Ite):
    cache_hash(_node)

_RANK: Dict[type, int] = {Iff: 1, Implies: 2, Or: 3, And: 4, Not: 5}


def _paren(f: Formula, ctx: Type[Formula]) -> str:
    if isinstance(f, (Exists, Forall, TC)):
        return f"({f})" if ctx not in (Exists, Forall, TC) else str(f)
    r = _RANK.get(type(f))
    if r is None:
        return str(f)
    if ctx in (Exists, Forall, TC):
        return str(f) if isinstance(f, (Atom, Not)) else f"({f})"
    cr = _RANK[ctx]
    if r > cr or (r == cr and ctx in (And, Or)):
        return str(f)
    return f"({f})"


def children(f: Formula) -> Tuple[Formula, ...]:
    """The direct subformulae of ``f``."""
    if isinstance(f, Not):
        return (f.sub,)
    if isinstance(f, (And, Or, Implies, Iff)):
        return (f.left, f.right)
    if isinstance(f, (Exists, Forall, TC)):
        return (f.body,)
    if isinstance(f, Ite):
        return (f.cond, f.then, f.other)
    return ()


TRUE_F = Const(TRUE)
FALSE_F = Const(FALSE)
HALF_F = Const(HALF)


def bottom_up(f: Formula, key: str, compute: Callable[[Formula, List[Any]], Any]) -> Any:
    """``compute(node, values of its children)`` for ``f``, kept on each node under ``key``;
    children first, without recursion, each shared subformula once (deep or shared formulae)."""
    if key in f.__dict__:
        return f.__dict__[key]
    stack: List[Formula] = [f]
    while stack:
        node = stack[-1]
        todo = [c for c in children(node) if key not in c.__dict__]
        if todo:
            stack.extend(todo)
            continue
        stack.pop()
        if key not in node.__dict__:
            node.__dict__[key] = compute(node, [c.__dict__[key] for c in children(node)])
    return f.__dict__[key]


def _node_preds(f: Formula, subs: List[FrozenSet[str]]) -> FrozenSet[str]:
    if isinstance(f, (Atom, Closure)):
        return frozenset((f.pred,))
    return frozenset().union(*subs)


def _node_uses_equality(f: Formula, subs: List[bool]) -> bool:
    if isinstance(f, Eq):
        return True
    if isinstance(f, Closure):
        return f.reflexive
    return any(subs)


def size(f: Formula) -> int:
    """The number of subformulae of ``f`` (a shared one counted each time), without recursion."""
    return int(bottom_up(f, "_size", lambda _node, subs: 1 + sum(subs)))


def uses_equality(f: Formula) -> bool:
    """True when the formula compares individuals (its value depends on ``sm``)."""
    return bool(bottom_up(f, "_uses_eq", _node_uses_equality))


def rises_without_nodes(f: Formula) -> bool:
    """True when removing nodes from a structure may raise the value of ``f`` at
    an assignment of the nodes that remain: ``f`` has, in negation normal form,
    a universal quantifier, or an existential or a closure under a negation
    (the others only lose witnesses or paths, so their value can only fall)."""
    return any(isinstance(g, (Exists, Closure, TC)) and not positive or isinstance(g, Forall) and positive
               for g, positive in _signed(f))


def _signed(f: Formula) -> Iterator[Tuple[Formula, bool]]:
    """Every occurrence of a subformula of ``f`` with its sign in ``f``'s negation normal form
    (True: positive); the condition of ``?:`` and the sides of ``<->`` occur under both signs,
    the branches of ``?:`` as they are."""
    todo: List[Tuple[Formula, bool]] = [(f, True)]
    while todo:
        g, positive = todo.pop()
        yield g, positive
        if isinstance(g, Not):
            todo.append((g.sub, not positive))
        elif isinstance(g, Implies):
            todo += [(g.left, not positive), (g.right, positive)]
        elif isinstance(g, Iff):
            todo += [(c, sign) for c in children(g) for sign in (True, False)]
        elif isinstance(g, Ite):
            todo += [(g.cond, True), (g.cond, False), (g.then, positive), (g.other, positive)]
        else:
            todo += [(c, positive) for c in children(g)]


def rising_reads(f: Formula) -> FrozenSet[Tuple[str, Kleene]]:
    """The changes of a 1/2 value to a definite one that may make ``f`` 1 where it was
    not: ``(p, TRUE)`` when predicate ``p`` occurs positively in ``f``'s negation normal
    form, ``(p, FALSE)`` when it occurs negatively (``f`` is monotone in every other
    occurrence: making ``p`` definite the other way can only lower ``f`` or leave it).
    An equality (and ``p*``) reads ``sm``: ``u == u`` becomes 1 when ``sm(u)`` becomes 0.
    The condition of ``?:`` and the sides of ``<->`` are read both ways."""
    out: Set[Tuple[str, Kleene]] = set()
    for g, positive in _signed(f):
        if isinstance(g, (Atom, Closure)):
            out.add((g.pred, TRUE if positive else FALSE))
        if isinstance(g, Eq) or (isinstance(g, Closure) and g.reflexive):
            out.add(("sm", FALSE if positive else TRUE))
    return frozenset(out)


def conj(*fs: Formula) -> Formula:
    """Conjunction with constant folding."""
    out: Optional[Formula] = None
    seen: Set[Formula] = set()
    for f in fs:
        if f == TRUE_F or f in seen:
            continue
        if f == FALSE_F:
            return FALSE_F
        seen.add(f)
        out = f if out is None else And(out, f)
    return TRUE_F if out is None else out


def disj(*fs: Formula) -> Formula:
    """Disjunction with constant folding."""
    out: Optional[Formula] = None
    seen: Set[Formula] = set()
    for f in fs:
        if f == FALSE_F or f in seen:
            continue
        if f == TRUE_F:
            return TRUE_F
        seen.add(f)
        out = f if out is None else Or(out, f)
    return FALSE_F if out is None else out


def neg(f: Formula) -> Formula:
    """Negation with constant folding and double-negation removal."""
    if isinstance(f, Const):
        return Const(2 - f.value)
    if isinstance(f, Not):
        return f.sub
    return Not(f)


def exists(vs: Iterable[str], body: Formula) -> Formula:
    """``E(vs) body`` over the variables of ``vs`` free in ``body`` (``body`` when none is)."""
    bound = tuple(v for v in vs if v in body.free_vars())
    if isinstance(body, Const) or not bound:
        return body
    return Exists(bound, body)


def forall(vs: Iterable[str], body: Formula) -> Formula:
    """``A(vs) body`` over the variables of ``vs`` free in ``body`` (``body`` when none is)."""
    bound = tuple(v for v in vs if v in body.free_vars())
    if isinstance(body, Const) or not bound:
        return body
    return Forall(bound, body)


def ite(c: Formula, t: Formula, e: Formula) -> Formula:
    """``(c ? t : e)`` with constant folding."""
    if c == TRUE_F:
        return t
    if c == FALSE_F:
        return e
    if t == e:
        return t
    if t == TRUE_F and e == FALSE_F:
        return c
    if t == FALSE_F and e == TRUE_F:
        return neg(c)
    return Ite(c, t, e)


def conjuncts(f: Formula) -> List[Formula]:
    """The conjuncts of a (nested) conjunction."""
    if isinstance(f, And):
        return conjuncts(f.left) + conjuncts(f.right)
    return [f]


def disjuncts(f: Formula) -> List[Formula]:
    """The disjuncts of a (nested) disjunction."""
    if isinstance(f, Or):
        return disjuncts(f.left) + disjuncts(f.right)
    return [f]


_PLAIN = object()
"""Kept as a node's desugared form when it is the node itself (no node refers to itself)."""


def desugar(f: Formula) -> Formula:
    """Rewrite ``->`` and ``<->`` in terms of ``!``, ``&``, ``|``.  The result is kept on
    the node (and marked on itself): the evaluator desugars each subformula it compiles."""
    done = f.__dict__.get("_desugared")
    if done is not None:
        return f if done is _PLAIN else done
    if isinstance(f, Implies):
        out: Formula = Or(neg(desugar(f.left)), desugar(f.right))
    elif isinstance(f, Iff):
        a, b = desugar(f.left), desugar(f.right)
        out = And(Or(neg(a), b), Or(neg(b), a))
    else:
        out = map_children(f, desugar)
    f.__dict__["_desugared"] = _PLAIN if out is f else out
    out.__dict__["_desugared"] = _PLAIN
    return out


def map_children(f: Formula, fn: Callable[[Formula], Formula]) -> Formula:
    """Apply ``fn`` to the direct subformulae of ``f`` (``f`` itself when none changes)."""
    if isinstance(f, Not):
        sub = fn(f.sub)
        return f if sub is f.sub else Not(sub)
    if isinstance(f, (And, Or, Implies, Iff)):
        left, right = fn(f.left), fn(f.right)
        return f if left is f.left and right is f.right else type(f)(left, right)
    if isinstance(f, (Exists, Forall)):
        body = fn(f.body)
        return f if body is f.body else type(f)(f.vars, body)
    if isinstance(f, TC):
        body = fn(f.body)
        return f if body is f.body else TC(f.a, f.b, f.x, f.y, body)
    if isinstance(f, Ite):
        c, t, o = fn(f.cond), fn(f.then), fn(f.other)
        return f if c is f.cond and t is f.then and o is f.other else Ite(c, t, o)
    return f


def rename_vars(f: Formula, mapping: Mapping[str, str]) -> Formula:
    """Substitute free variables by other variables (capture-avoiding)."""
    if not mapping:
        return f
    if isinstance(f, Atom):
        return Atom(f.pred, tuple(mapping.get(a, a) for a in f.args), f.pos)
    if isinstance(f, Closure):
        return Closure(f.pred, mapping.get(f.a, f.a), mapping.get(f.b, f.b), f.reflexive, f.pos)
    if isinstance(f, Eq):
        return Eq(mapping.get(f.a, f.a), mapping.get(f.b, f.b))
    if isinstance(f, (Exists, Forall)):
        inner = {k: v for k, v in mapping.items() if k not in f.vars}
        clash = set(f.vars) & set(inner.values())
        vs = list(f.vars)
        body = f.body
        if clash:
            ren: Dict[str, str] = {}
            for v in clash:
                ren[v] = fresh(v, set(inner.values()) | f.body.free_vars() | set(inner))
            body = rename_vars(body, ren)
            vs = [ren.get(v, v) for v in vs]
        return type(f)(tuple(vs), rename_vars(body, inner))
    if isinstance(f, TC):
        inner = {k: v for k, v in mapping.items() if k not in (f.x, f.y)}
        x, y, body = f.x, f.y, f.body
        used = set(inner.values())
        if x in used or y in used:
            avoid = used | body.free_vars() | set(inner)
            nx = fresh(x, avoid) if x in used else x
            ny = fresh(y, avoid | {nx}) if y in used else y
            body = rename_vars(body, {x: nx, y: ny})
            x, y = nx, ny
        return TC(mapping.get(f.a, f.a), mapping.get(f.b, f.b), x, y, rename_vars(body, inner))
    return map_children(f, lambda g: rename_vars(g, mapping))


def fresh(base: str, avoid: Collection[str]) -> str:
    """``base_i`` for the least ``i >= 1`` such that the name is not in ``avoid``."""
    i = 1
    while f"{base}_{i}" in avoid:
        i += 1
    return f"{base}_{i}"


def rename_preds(f: Formula, fn: Callable[[str], str]) -> Formula:
    """Rename predicate occurrences with ``fn(name) -> name``."""
    if isinstance(f, Atom):
        return Atom(fn(f.pred), f.args, f.pos)
    if isinstance(f, Closure):
        return Closure(fn(f.pred), f.a, f.b, f.reflexive, f.pos)
    return map_children(f, lambda g: rename_preds(g, fn))


def substitute_atoms(f: Formula, fn: Callable[[Union[Atom, Closure]], Optional[Formula]]) -> Formula:
    """Replace atoms: ``fn(atom)`` returns a formula or None to keep the atom."""
    if isinstance(f, (Atom, Closure)):
        r = fn(f)
        return f if r is None else r
    return map_children(f, lambda g: substitute_atoms(g, fn))


# --------------------------------------------------------------------------- normal forms

def nnf(f: Formula) -> Formula:
    """Negation normal form (after removing -> and <->)."""
    return _nnf(desugar(f), False)


def _nnf(f: Formula, negate: bool) -> Formula:
    if isinstance(f, Not):
        return _nnf(f.sub, not negate)
    if isinstance(f, And):
        a, b = _nnf(f.left, negate), _nnf(f.right, negate)
        return Or(a, b) if negate else And(a, b)
    if isinstance(f, Or):
        a, b = _nnf(f.left, negate), _nnf(f.right, negate)
        return And(a, b) if negate else Or(a, b)
    if isinstance(f, Exists):
        body = _nnf(f.body, negate)
        return Forall(f.vars, body) if negate else Exists(f.vars, body)
    if isinstance(f, Forall):
        body = _nnf(f.body, negate)
        return Exists(f.vars, body) if negate else Forall(f.vars, body)
    if isinstance(f, Const):
        return Const(2 - f.value) if negate else f
    # atoms, closures, equalities and Ite (kept atomic: splitting it loses precision)
    return Not(f) if negate else f


def is_literal(f: Formula) -> bool:
    """True for a (negated) atom, closure, equality or constant."""
    if isinstance(f, Not):
        f = f.sub
    return isinstance(f, (Atom, Eq, Closure, Const))


def exists_conjunction(f: Formula, avoid: Collection[str]) -> Optional[Tuple[List[str], List[Formula]]]:
    """If ``f`` (in NNF) is ``E(..) l1 & ... & lm`` up to nested existentials,
    return (bound vars, literals) with bound variables renamed apart from
    ``avoid``; else None."""
    bound: List[str] = []
    lits: List[Formula] = []

    def walk(g: Formula, mapping: Dict[str, str]) -> bool:
        if isinstance(g, Exists):
            m = dict(mapping)
            for v in g.vars:
                nv = v
                if nv in avoid or nv in bound:
                    nv = fresh(v, set(avoid) | set(bound))
                m[v] = nv
                bound.append(nv)
            return walk(g.body, m)
        if isinstance(g, And):
            return walk(g.left, mapping) and walk(g.right, mapping)
        if is_literal(g):
            lits.append(rename_vars(g, mapping))
            return True
        return False

    if not walk(f, {}):
        return None
    return bound, lits


def dnf(f: Formula) -> List[List[Formula]]:
    """List of disjuncts, each a list of literals, of an NNF formula (quantifiers dropped)."""
    if isinstance(f, (Exists, Forall)):
        return dnf(f.body)
    if isinstance(f, Or):
        return dnf(f.left) + dnf(f.right)
    if isinstance(f, And):
        return [a + b for a in dnf(f.left) for b in dnf(f.right)]
    return [[f]]


def rename_bound_apart(f: Formula, used: Optional[Set[str]] = None) -> Formula:
    """Rename the quantified variables of an NNF formula so that every one is
    distinct from all others and from the free variables."""
    used = set(f.free_vars()) if used is None else used
    if isinstance(f, (Exists, Forall)):
        mapping: Dict[str, str] = {}
        for v in f.vars:
            if v in used:
                mapping[v] = fresh(v, used)
            used.add(mapping.get(v, v))
        body = rename_vars(f.body, mapping) if mapping else f.body
        return type(f)(tuple(mapping.get(v, v) for v in f.vars), rename_bound_apart(body, used))
    if isinstance(f, (And, Or)):
        return type(f)(rename_bound_apart(f.left, used), rename_bound_apart(f.right, used))
    return f
