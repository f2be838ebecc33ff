"""Compile formulae once into fast evaluators over bit-set structures.

``compile(f, vec)`` returns a function ``fn(structure, env) -> (T, U)``: the
values of ``f`` for every node bound to the *vector variable* ``vec`` at once,
as two disjoint masks (1 where ``T`` has the bit, 1/2 where ``U`` has it, 0
elsewhere).  Other free variables are looked up in ``env`` (variable -> node).
With ``vec=None`` the result is a scalar encoded on a single bit.

Quantifying over the vector variable reduces to a mask test, so ``E(v) x(v)``
or ``A(v) r(v) -> s(v)`` cost one bit operation, not a loop.

A maybe-active node (``s.ma``) is 1/2-present: a quantifier sees its body there
through ``ac`` (``E(v) f`` as ``E(v) ac(v) & f``, ``A(v) f`` as
``A(v) !ac(v) | f``), and a definite transitive-closure path avoids it.  A
node bound to a free variable of the quantified formula (the vector variable
at its own place included) is present: the value there describes only stores
where it exists.
"""

from __future__ import annotations  # annotations of the closures made per evaluation cost nothing

from itertools import product
from typing import Callable, Dict, Hashable, Iterable, Iterator, List, Optional, Sequence, Set, Tuple, Union

from tvla.logic import formula as F
from tvla.logic.codegen import GENERATED, PROMOTE, LazyRows, RowLoop, generate, generate_must, generate_rows, \
    guard_of, is_tabled
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask, Masks
from tvla.logic.structure import Node, Rows, Structure, closure_rows, full_mask, transpose
from tvla.logic.vocabulary import Predicate, Vocabulary

Assignment = Dict[str, Node]
"""Free variables bound to nodes (the ``env`` of an evaluation)."""

CompiledFormula = Callable[[Structure, Assignment], Masks]
"""A formula compiled by :meth:`Evaluator.compile`: its values at the nodes of the vector
variable (or a scalar on bit 0), under an assignment of the other free variables."""

CompiledMust = Callable[[Structure, Assignment], Mask]
"""A formula compiled by :meth:`Evaluator.must`: the nodes of the vector variable where it
is 1 (for a scalar, bit 0), the ``T`` mask of its :data:`CompiledFormula`."""


def _bc(v: Kleene, full: Mask) -> Masks:
    if v == TRUE:
        return full, 0
    if v == HALF:
        return 0, full
    return 0, 0


def _first(fn: CompiledFormula) -> CompiledMust:
    """The ``T`` mask alone of ``fn``'s values."""
    def first(s: Structure, env: Assignment) -> Mask:
        return fn(s, env)[0]
    return first


def _restore(env: Assignment, names: Iterable[str], saved: Iterable[Optional[Node]]) -> None:
    """Put back the bindings of ``names`` saved before a quantifier loop."""
    for name, old in zip(names, saved):
        if old is None:
            env.pop(name, None)
        else:
            env[name] = old


def seen_active(t: Mask, h: Mask, ma: Mask, universal: bool, full: Mask) -> Masks:
    """Body values ``(t, h)`` over quantified nodes as a quantifier sees them when
    the nodes in ``ma`` are maybe-active: at most 1/2 for ``E``, at least 1/2 for ``A``."""
    if universal:
        return t, h | (ma & full & ~(t | h))
    return t & ~ma, h | (t & ma)


def doubtful(s: Structure, env: Assignment, free: Iterable[str]) -> Mask:
    """The maybe-active nodes whose presence a quantifier must doubt: not those
    bound to a free variable (``free``) of the quantified formula, since its
    value there only matters in stores where they exist."""
    ma = s.ma
    for name in free:
        ma &= ~(1 << env[name])
    return ma


def doubted_among(maybe: Mask, env: Assignment, names: Iterable[str]) -> Mask:
    """The nodes in ``maybe`` bound to one of ``names``."""
    out = 0
    for q in names:
        out |= maybe & (1 << env[q])
    return out


def scalar(tu: Masks) -> Kleene:
    """The Kleene value of a scalar result."""
    t, u = tu
    return TRUE if t else (HALF if u else FALSE)


class Tokens:
    """The keys of the values tabled on structures (``Structure.tables``), shared by the
    evaluators that read and fill the same tables."""

    def __init__(self) -> None:
        self.tabled: Dict[F.Formula, int] = {}  # tabled formula -> its token
        self.must: Dict[F.Formula, int] = {}  # tabled formula -> the token of its 1-table
        # (x, y, body) of a TC's relation -> the token of its closures
        self.relations: Dict[Tuple[str, str, F.Formula], int] = {}
        self.readers: Dict[str, Set[int]] = {}  # predicate name -> tokens of the tabled formulae that read it
        self.count = 0

    def new(self, f: F.Formula) -> int:
        """A new token for values tabled from ``f``, forgotten when a predicate it reads changes."""
        token = self.count
        self.count += 1
        for name in f.preds() | ({"sm"} if F.uses_equality(f) else set()):
            self.readers.setdefault(name, set()).add(token)
        return token


class Evaluator:
    """Compiles and caches evaluators for one vocabulary.

    ``generated``: formulae become generated code (codegen.py), run first through
    closures (one per node) and compiled once they have run ``promote`` times
    (codegen.PROMOTE); else closures only (the reference the tests compare the code with).
    ``tokens``: a registry of tables shared with another evaluator (the closures
    of a generating evaluator read and fill the tables its code does)."""

    def __init__(self, voc: Vocabulary, tabling: bool = True, generated: bool = True,
                 tokens: Optional[Tokens] = None, promote: int = PROMOTE) -> None:
        self.voc = voc
        self.tabling = tabling
        self.generated = generated
        self.promote = promote
        self._memo: Dict[Tuple[Hashable, ...], CompiledFormula] = {}
        self._musts: Dict[Tuple[Hashable, ...], CompiledMust] = {}
        self._tokens = tokens if tokens is not None else Tokens()
        self._closures = Evaluator(voc, tabling, False, self._tokens) if generated else self

    def stale_after(self, name: str) -> Set[int]:
        """Tokens of the tabled values that a change of predicate ``name`` invalidates
        (a live set: formulae compiled later are added)."""
        return self._tokens.readers.setdefault(name, set())

    def compile(self, f: F.Formula, vec: Optional[str] = None) -> CompiledFormula:
        """``f`` compiled for the vector variable ``vec`` (None: a scalar), once per pair."""
        key = (f, vec)
        fn = self._memo.get(key)
        if fn is None:
            fn = self._memo[key] = self._compile(F.desugar(f), vec)
        return fn

    def must(self, f: F.Formula, vec: Optional[str] = None) -> CompiledMust:
        """Where ``f`` is 1 for the vector variable ``vec`` (None: a scalar on bit 0), once per
        pair: the ``T`` mask of :meth:`compile`'s value, computed without the ``U`` mask when
        this evaluator generates code (:meth:`codegen._Source.must`).  What a rule's body needs."""
        key = (f, vec, "must")
        fn = self._musts.get(key)
        if fn is None:
            g = F.desugar(f)
            if self.generated and (isinstance(g, GENERATED) or is_tabled(g, self.tabling)):
                fn = generate_must(g, vec, self, top=False)
            else:
                fn = _first(self.compile(f, vec))
            self._musts[key] = fn
        return fn

    def must_raw(self, f: F.Formula, vec: Optional[str]) -> CompiledMust:
        """Where tabled ``f`` is 1, computed (not read from its 1-table): what fills that table."""
        key = (f, vec, "raw")
        fn = self._musts.get(key)
        if fn is None:
            if self.generated and isinstance(f, GENERATED):
                fn = generate_must(f, vec, self, top=True)
            else:
                fn = _first(self.raw(f, vec))
            self._musts[key] = fn
        return fn

    def must_token(self, f: F.Formula) -> int:
        """The key of tabled ``f``'s 1-table in a structure's ``tables`` (apart from its table
        of both masks: the rules that read the one rarely read the other)."""
        token = self._tokens.must.get(f)
        if token is None:
            token = self._tokens.must[f] = self._tokens.new(f)
        return token

    def row_loop(self, f: F.Formula, vec: str, row: str, index: int, positive: bool) -> RowLoop:
        """A loop that evaluates ``f`` over ``vec`` for each node of ``row`` and reports where
        it may change row ``row`` of binary predicate ``index`` (:func:`codegen.generate_rows`);
        generated code once it has run ``promote`` times, when this evaluator generates code."""
        return generate_rows(f, vec, row, index, positive, self, self.promote if self.generated else None)

    def value(self, f: F.Formula, s: Structure, env: Optional[Assignment] = None) -> Kleene:
        """Kleene value of ``f`` (free variables bound in ``env``)."""
        return scalar(self.compile(f)(s, env if env is not None else {}))

    def vector(self, f: F.Formula, var: str, s: Structure, env: Optional[Assignment] = None) -> Masks:
        """``(T, U)`` masks of ``f`` at every node bound to ``var``."""
        return self.compile(f, var)(s, env if env is not None else {})

    def assignments(self, f: F.Formula, s: Structure, order: Sequence[str], env: Optional[Assignment] = None,
                    minimum: Kleene = HALF) -> Iterator[Tuple[Assignment, Kleene]]:
        """Yield ``(env, value)`` for every assignment of the variables in
        ``order`` under which ``f`` has value >= ``minimum``."""
        env = dict(env or {})
        if not order:
            v = self.value(f, s, env)
            if v >= minimum:
                yield env, v
            return
        *outer, last = order
        fn = self.compile(f, last)
        for combo in product(range(s.n), repeat=len(outer)):
            for var, u in zip(outer, combo):
                env[var] = u
            t, h = fn(s, env)
            mask = t | h if minimum == HALF else t
            while mask:
                low = mask & -mask
                u = low.bit_length() - 1
                mask ^= low
                e = dict(env)
                e[last] = u
                yield e, (TRUE if t & low else HALF)

    # ------------------------------------------------------------------ compile
    def _compile(self, f: F.Formula, vec: Optional[str]) -> CompiledFormula:
        vn = vec is not None
        if self.generated and (isinstance(f, GENERATED) or is_tabled(f, self.tabling)):
            return generate(f, vec, self, top=False)
        if is_tabled(f, self.tabling):
            return self._tabled(f, vec, vn)
        method = getattr(self, "_c_" + type(f).__name__)
        return method(f, vec, vn)

    def token(self, f: F.Formula) -> int:
        """The key of tabled ``f``'s table in a structure's ``tables``."""
        token = self._tokens.tabled.get(f)
        if token is None:
            token = self._tokens.tabled[f] = self._tokens.new(f)
        return token

    def closure(self, f: F.Formula, vec: Optional[str], raw: bool) -> CompiledFormula:
        """``f`` for ``vec`` as a closure per node (``raw``: a tabled ``f`` computed, not
        read from its table): what generated code runs until it is compiled."""
        return self._closures.raw(f, vec) if raw else self._closures.compile(f, vec)

    def accessor(self, f: F.Formula, vec: Optional[str]) -> CompiledFormula:
        """A closure that reads tabled ``f``'s table for the vector variable ``vec``."""
        key = (f, vec, "accessor")
        fn = self._memo.get(key)
        if fn is None:
            fn = self._memo[key] = self._tabled(f, vec, vec is not None)
        return fn

    def raw(self, f: F.Formula, vec: Optional[str]) -> CompiledFormula:
        """Tabled ``f`` compiled for ``vec`` without reading its table: what fills it."""
        key = (f, vec, "raw")
        fn = self._memo.get(key)
        if fn is None:
            if self.generated and isinstance(f, GENERATED):
                fn = generate(f, vec, self, top=True)
            else:
                fn = getattr(self, "_c_" + type(f).__name__)(f, vec, vec is not None)
            self._memo[key] = fn
        return fn

    def _tabled(self, f: F.Formula, vec: Optional[str], vn: bool) -> CompiledFormula:
        """Evaluate a quantified subformula once per structure for all assignments of
        its (at most two) free variables; later calls read the table."""
        fv = sorted(f.free_vars())
        token = self.token(f)
        if not fv:
            raw = self.raw(f, None)

            def closed(s: Structure, env: Assignment) -> Masks:
                r = s.tables.get(token)
                if r is None:
                    r = s.tabled(token, lambda: scalar(raw(s, env)))
                return _bc(r, s.full if vn else 1)
            return closed
        if len(fv) == 1:
            return self._tabled_vector(f, token, fv[0], vec, vn)
        return self._tabled_rows(f, token, fv, vec, vn)

    def _tabled_vector(self, f: F.Formula, token: int, a: str, vec: Optional[str], vn: bool) -> CompiledFormula:
        raw = self.raw(f, a)

        def table1(s: Structure, env: Assignment) -> Masks:
            r = s.tables.get(token)
            if r is None:
                r = s.tabled(token, lambda: raw(s, env))
            if vec == a:
                return r
            b = 1 << env[a]
            full = s.full if vn else 1
            return (full, 0) if r[0] & b else ((0, full) if r[1] & b else (0, 0))
        return table1

    def _tabled_rows(self, f: F.Formula, token: int, fv: Sequence[str], vec: Optional[str],
                     vn: bool) -> CompiledFormula:
        a, b = fv
        raw = self.raw(f, b)

        def table(s: Structure) -> LazyRows:
            r: Optional[LazyRows] = s.tables.get(token)
            if r is None:
                r = s.tables[token] = LazyRows(s.n)
            return r

        def rows(s: Structure, env: Assignment) -> Rows:
            r = table(s)
            if r.missing:
                e = dict(env)
                for u in range(s.n):
                    if r.t[u] is None:
                        e[a] = u
                        r.t[u], r.u[u] = raw(s, e)
                r.missing = 0
            return r.t, r.u  # type: ignore[return-value]  # no row is None any more

        if vec == b:
            # read by rows: a row at a time, so that a rule that sharpens the relation
            # row by row (and so forgets the table) recomputes only the rows it reads
            def row(s: Structure, env: Assignment) -> Masks:
                r = table(s)
                u = env[a]
                t = r.t[u]
                if t is None:
                    t, h = r.t[u], r.u[u] = raw(s, env)  # env binds a to u: the row's own binding
                    r.missing -= 1
                    return t, h
                return t, r.u[u]  # type: ignore[return-value]  # a computed row
            return row
        if vec == a:
            # read by columns: the table's columns, all at once (see Structure.column)
            columns = self._tokens.new(f)

            def column(s: Structure, env: Assignment) -> Masks:
                c: Optional[Rows] = s.tables.get(columns)
                if c is None:
                    c = s.tabled(columns, lambda: transpose(*rows(s, env), s.n))
                w = env[b]
                return c[0][w], c[1][w]
            return column

        def at(s: Structure, env: Assignment) -> Masks:
            rt, ru = rows(s, env)
            u = env[a]
            bw = 1 << env[b]
            full = s.full if vn else 1
            return (full, 0) if rt[u] & bw else ((0, full) if ru[u] & bw else (0, 0))
        return at

    def _c_Const(self, f: F.Const, vec: Optional[str], vn: bool) -> CompiledFormula:
        v = f.value
        if vn:
            if v == TRUE:
                return lambda s, env: (s.full, 0)
            if v == HALF:
                return lambda s, env: (0, s.full)
            return lambda s, env: (0, 0)
        r = _bc(v, 1)
        return lambda s, env: r

    def _c_Atom(self, f: F.Atom, vec: Optional[str], vn: bool) -> CompiledFormula:
        p = self.voc[f.pred]
        i = p.index
        args = f.args
        if p.arity == 0:
            def nullary(s: Structure, env: Assignment) -> Masks:
                return _bc(s.nul[i], s.full if vn else 1)
            return nullary
        if p.arity == 1:
            a = args[0]
            if a == vec:
                return lambda s, env: (s.uT[i], s.uU[i])

            def unary_at(s: Structure, env: Assignment) -> Masks:
                b = 1 << env[a]
                full = s.full if vn else 1
                if s.uT[i] & b:
                    return full, 0
                if s.uU[i] & b:
                    return 0, full
                return 0, 0
            return unary_at
        if p.arity == 2:
            a, b = args
            if a == vec and b == vec:
                return lambda s, env: s.diagonal(i)
            if b == vec:
                def row(s: Structure, env: Assignment) -> Masks:
                    u = env[a]
                    return s.bT[i][u], s.bU[i][u]
                return row
            if a == vec:
                return lambda s, env: s.column(i, env[b])

            def binary_at(s: Structure, env: Assignment) -> Masks:
                u = env[a]
                bw = 1 << env[b]
                full = s.full if vn else 1
                if s.bT[i][u] & bw:
                    return full, 0
                if s.bU[i][u] & bw:
                    return 0, full
                return 0, 0
            return binary_at
        return self._c_higher(p, args, vec, vn)

    def _c_higher(self, p: Predicate, args: Tuple[str, ...], vec: Optional[str], vn: bool) -> CompiledFormula:
        i = p.index

        def higher(s: Structure, env: Assignment) -> Masks:
            table = s.hi[i]
            if not vn or vec not in args:
                v = table.get(tuple(env[a] for a in args), FALSE)
                return _bc(v, s.full if vn else 1)
            t = h = 0
            for u in range(s.n):
                v = table.get(tuple(u if a == vec else env[a] for a in args), FALSE)
                if v == TRUE:
                    t |= 1 << u
                elif v == HALF:
                    h |= 1 << u
            return t, h
        return higher

    def _c_Eq(self, f: F.Eq, vec: Optional[str], vn: bool) -> CompiledFormula:
        a, b = f.a, f.b
        if a == b:
            if a == vec:
                return lambda s, env: (s.full & ~s.uU[0], s.uU[0])

            def self_eq(s: Structure, env: Assignment) -> Masks:
                full = s.full if vn else 1
                return (0, full) if s.uU[0] >> env[a] & 1 else (full, 0)
            return self_eq
        if vec in (a, b):
            other = b if a == vec else a

            def eq_vec(s: Structure, env: Assignment) -> Masks:
                bit = 1 << env[other]
                return (0, bit) if s.uU[0] & bit else (bit, 0)
            return eq_vec

        def eq_at(s: Structure, env: Assignment) -> Masks:
            full = s.full if vn else 1
            u = env[a]
            if u != env[b]:
                return 0, 0
            return (0, full) if s.uU[0] >> u & 1 else (full, 0)
        return eq_at

    def _c_Closure(self, f: F.Closure, vec: Optional[str], vn: bool) -> CompiledFormula:
        if f.reflexive:
            return self.compile(F.Or(F.Eq(f.a, f.b), F.Closure(f.pred, f.a, f.b, False)), vec)
        i = self.voc[f.pred].index
        a, b = f.a, f.b
        if a == vec and b == vec:
            return lambda s, env: s.closure_diagonal(i)
        if b == vec:
            def row(s: Structure, env: Assignment) -> Masks:
                ct, cu = s.closure(i)
                u = env[a]
                return ct[u], cu[u]
            return row
        if a == vec:
            return lambda s, env: s.closure_column(i, env[b])

        def at(s: Structure, env: Assignment) -> Masks:
            ct, cu = s.closure(i)
            u = env[a]
            bw = 1 << env[b]
            full = s.full if vn else 1
            if ct[u] & bw:
                return full, 0
            if cu[u] & bw:
                return 0, full
            return 0, 0
        return at

    def _c_Not(self, f: F.Not, vec: Optional[str], vn: bool) -> CompiledFormula:
        g = self.compile(f.sub, vec)
        if vn:
            def not_v(s: Structure, env: Assignment) -> Masks:
                t, u = g(s, env)
                return s.full & ~(t | u), u
            return not_v

        def not_s(s: Structure, env: Assignment) -> Masks:
            t, u = g(s, env)
            return (0 if (t | u) else 1), u
        return not_s

    def _c_And(self, f: F.And, vec: Optional[str], vn: bool) -> CompiledFormula:
        ga, gb = self.compile(f.left, vec), self.compile(f.right, vec)

        def and_(s: Structure, env: Assignment) -> Masks:
            t1, u1 = ga(s, env)
            p1 = t1 | u1
            if not p1:
                return 0, 0
            t2, u2 = gb(s, env)
            t = t1 & t2
            return t, (p1 & (t2 | u2)) & ~t
        return and_

    def _c_Or(self, f: F.Or, vec: Optional[str], vn: bool) -> CompiledFormula:
        ga, gb = self.compile(f.left, vec), self.compile(f.right, vec)

        def or_(s: Structure, env: Assignment) -> Masks:
            t1, u1 = ga(s, env)
            full = s.full if vn else 1
            if t1 == full:
                return t1, 0
            t2, u2 = gb(s, env)
            t = t1 | t2
            return t, (u1 | u2) & ~t
        return or_

    def _c_Ite(self, f: F.Ite, vec: Optional[str], vn: bool) -> CompiledFormula:
        gc, gt, ge = (self.compile(x, vec) for x in (f.cond, f.then, f.other))

        def ite(s: Structure, env: Assignment) -> Masks:
            full = s.full if vn else 1
            ct, cu = gc(s, env)
            # a branch the condition selects nowhere is not computed
            if not (ct | cu):
                et, eu = ge(s, env)
                return full & et, full & eu
            if ct == full and not cu:
                tt, tu = gt(s, env)
                return full & tt, full & tu
            cf = full & ~(ct | cu)
            tt, tu = gt(s, env)
            et, eu = ge(s, env)
            tf = full & ~(tt | tu)
            ef = full & ~(et | eu)
            t = (ct & tt) | (cf & et) | (cu & tt & et)
            u = (ct & tu) | (cf & eu) | (cu & ~(tt & et) & ~(tf & ef))
            return t, u
        return ite

    def _quantifier(self, f: Union[F.Exists, F.Forall], vec: Optional[str], vn: bool,
                    universal: bool) -> CompiledFormula:
        qs = [q for q in f.vars if q in f.body.free_vars()]
        if not qs:
            return self.compile(f.body, vec)
        if vec is None or vec not in f.free_vars():
            # the result does not depend on the vector variable: compute a scalar
            return self._scalar_quantifier(f, qs, vn, universal)
        if not universal:
            guarded = self._guarded_exists(f, vec, qs)
            if guarded is not None:
                return guarded
        return self._vector_quantifier(f, vec, qs, universal)

    def _scalar_quantifier(self, f: Union[F.Exists, F.Forall], qs: List[str], vn: bool,
                           universal: bool) -> CompiledFormula:
        inner = qs[-1]
        outer = qs[:-1]
        g = self.compile(f.body, inner)
        saved_vars = qs
        free = sorted(f.free_vars())

        def scalar_q(s: Structure, env: Assignment) -> Masks:
            full_n = s.full
            maybe = doubtful(s, env, free) if s.ma else 0
            saved = [env.get(q) for q in saved_vars]
            result = TRUE if universal else FALSE
            for combo in product(range(s.n), repeat=len(outer)) if outer else ((),):
                for q, u in zip(outer, combo):
                    env[q] = u
                t, h = g(s, env)
                if maybe:
                    cap = full_n if doubted_among(maybe, env, outer) else maybe
                    t, h = seen_active(t, h, cap, universal, full_n)
                if universal:
                    if t == full_n:
                        continue
                    if (t | h) != full_n:
                        result = FALSE
                        break
                    result = HALF
                else:
                    if t:
                        result = TRUE
                        break
                    if h:
                        result = HALF
            _restore(env, saved_vars, saved)
            return _bc(result, full_n if vn else 1)
        return scalar_q

    def _vector_quantifier(self, f: Union[F.Exists, F.Forall], vec: str, qs: List[str],
                           universal: bool) -> CompiledFormula:
        g = self.compile(f.body, vec)
        free = sorted(f.free_vars() - {vec})

        def vector_q(s: Structure, env: Assignment) -> Masks:
            full = s.full
            maybe = doubtful(s, env, free) if s.ma else 0
            saved = [env.get(q) for q in qs]
            if universal:
                t, p = full, full
            else:
                t, p = 0, 0
            for combo in product(range(s.n), repeat=len(qs)):
                for q, u in zip(qs, combo):
                    env[q] = u
                bt, bh = g(s, env)
                doubted = doubted_among(maybe, env, qs) if maybe else 0
                if doubted:
                    # where the vector variable is bound to the one doubted node, that node exists
                    cap = full & ~doubted if doubted & (doubted - 1) == 0 else full
                    bt, bh = seen_active(bt, bh, cap, universal, full)
                if universal:
                    t &= bt
                    p &= bt | bh
                    if not p:
                        break
                else:
                    t |= bt
                    p |= bt | bh
                    if t == full:
                        break
            _restore(env, qs, saved)
            return t, p & ~t
        return vector_q

    @staticmethod
    def _pointwise(scalar: CompiledFormula, vec: str) -> CompiledFormula:
        """The vector over ``vec`` of a formula compiled for one binding of every variable."""
        def pointwise(s: Structure, env: Assignment) -> Masks:
            saved = env.get(vec)
            t = h = 0
            for u in range(s.n):
                env[vec] = u
                bt, bh = scalar(s, env)
                if bt:
                    t |= 1 << u
                elif bh:
                    h |= 1 << u
            _restore(env, (vec,), (saved,))
            return t, h
        return pointwise

    def _guarded_exists(self, f: Union[F.Exists, F.Forall], vec: str, qs: List[str]) -> Optional[CompiledFormula]:
        """``E(q, ...) g(q) & rest`` with the vector variable free in ``rest``: loop
        only over the nodes where the guard ``g`` (which mentions q but neither
        the vector variable nor the other quantified variables) may hold."""
        found = guard_of(f, vec, qs)
        if found is None:
            return None
        q, guard, rest, others = found
        g = self.compile(F.conj(*guard), q)
        inner = self.compile(F.exists(tuple(others), F.conj(*rest)), vec)
        free = sorted(f.free_vars() - {vec})

        def guarded(s: Structure, env: Assignment) -> Masks:
            gt, gu = g(s, env)
            cand = gt | gu
            if not cand:
                return 0, 0
            full = s.full
            maybe = doubtful(s, env, free) if s.ma else 0
            saved = env.get(q)
            t = p = 0
            while cand:
                low = cand & -cand
                cand ^= low
                env[q] = low.bit_length() - 1
                bt, bh = inner(s, env)
                if gt & low:
                    # a doubted q-node exists where the vector variable is bound to it
                    t |= bt & low if maybe & low else bt
                p |= bt | bh
                if t == full:
                    break
            _restore(env, (q,), (saved,))
            return t, p & ~t
        return guarded

    def _c_Exists(self, f: F.Exists, vec: Optional[str], vn: bool) -> CompiledFormula:
        return self._quantifier(f, vec, vn, False)

    def _c_Forall(self, f: F.Forall, vec: Optional[str], vn: bool) -> CompiledFormula:
        return self._quantifier(f, vec, vn, True)

    def _c_TC(self, f: F.TC, vec: Optional[str], vn: bool) -> CompiledFormula:
        x, a, b = f.x, f.a, f.b
        if vn and vec not in (x, f.y) and vec in f.body.free_vars():
            # the relation itself depends on the vector variable (TC(v_1, w)(w_2, w_3) n(v, w_2)):
            # one closure per node it takes
            return self._pointwise(self._c_TC(f, None, False), vec)
        closed = self._tc_closure(f)

        def tc(s: Structure, env: Assignment) -> Masks:
            ct, cp = closed(s, env)
            n = s.n
            if not (vn and (a == vec or b == vec)):
                u, w = env[a], env[b]
                full = full_mask(n) if vn else 1
                return (full, 0) if ct[u] >> w & 1 else ((0, full) if cp[u] >> w & 1 else (0, 0))
            if a != vec:  # the row of env[a]: every definite path is a possible one
                row = ct[env[a]]
                return row, cp[env[a]] & ~row
            t = h = 0
            for u in range(n):
                w = u if b == vec else env[b]
                if ct[u] >> w & 1:
                    t |= 1 << u
                elif cp[u] >> w & 1:
                    h |= 1 << u
            return t, h
        return tc

    def _tc_closure(self, f: F.TC) -> Callable[[Structure, Assignment], Tuple[List[Mask], List[Mask]]]:
        """The closures of the definite and of the possible edges of ``f``'s relation, as
        rows.  When the relation reads no variable but its own two, it is the same for
        every binding: computed once per structure (tabled) rather than at every call."""
        x, y = f.x, f.y
        g = self.compile(f.body, y)

        def closures(s: Structure, env: Assignment) -> Tuple[List[Mask], List[Mask]]:
            n = s.n
            saved = (env.get(x), env.get(y))
            rt: List[Mask] = []
            rp: List[Mask] = []
            for u in range(n):
                env[x] = u
                t, h = g(s, env)
                rt.append(t)
                rp.append(t | h)
            _restore(env, (x, y), saved)
            return closure_rows(rt, n, s.ma), closure_rows(rp, n)
        if not self.tabling or not f.body.free_vars() <= {x, y}:
            return closures
        # the relation is its body read with x and y as its two ends, in that order
        token = self._tokens.relations.get((x, y, f.body))
        if token is None:
            token = self._tokens.relations[x, y, f.body] = self._tokens.new(f.body)

        def tabled(s: Structure, env: Assignment) -> Tuple[List[Mask], List[Mask]]:
            r = s.tables.get(token)
            if r is None:
                r = s.tabled(token, lambda: closures(s, env))
            return r
        return tabled
