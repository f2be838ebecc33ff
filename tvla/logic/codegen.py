"""Formulae compiled into the source of one Python function each.

The evaluator (:mod:`tvla.logic.evaluate`) compiles a formula into a function
``fn(s, env) -> (T, U)``.  Made of one closure per node, a formula such as
``E(v_1) !down(v_1, v) & (left(v_1, v) | right(v_1, v))`` costs a Python call
per connective, per atom and per quantified node at every evaluation, and
coerce, focus and updates evaluate such bodies millions of times.
:func:`generate` writes a formula as the straight-line source of one function
and compiles it once: connectives (``!``, ``&``, ``|``, ``?:``), atoms of
arity at most two, equalities, constants, closures ``p+``/``p*``, and the
quantifiers that are not tabled, whose loops run the body's code inline, and
the reads of a tabled subformula's table (:func:`is_tabled`: its value is
computed by a function of its own once per structure and kept in
``s.tables``).  ``TC`` and atoms of arity three or more are leaves that the
generated code calls (the :class:`Host`, the evaluator, compiles them).

Every node's code computes what the evaluator's closure for it computes, in
the same order and with the same short cuts (``&`` skips its right side
where its left side is 0 everywhere, ``|`` where its left side is 1
everywhere, a quantifier stops where its value is settled), reading and
restoring the bindings of ``env`` as the closures do, so the values, and the
tables filled on the way, are the same (tests/test_codegen.py compares them).

A rule's body only matters where it is 1: :func:`generate_must` writes code that
computes the ``T`` mask alone (:meth:`_Source.must`), which skips more (a guarded
``E`` visits only the nodes where its guard is 1) and keeps tabled values of its own.
"""

import builtins
from itertools import product
from types import CodeType, FunctionType
from typing import Callable, Dict, List, Optional, Protocol, Sequence, Tuple, Union

from tvla.logic import formula as F
from tvla.logic.kleene import HALF, TRUE, Mask, Masks
from tvla.logic.structure import Node, Structure
from tvla.logic.vocabulary import Vocabulary

Compiled = Callable[[Structure, Dict[str, Node]], Masks]
"""A compiled formula, as :data:`tvla.logic.evaluate.CompiledFormula`."""

Must = Callable[[Structure, Dict[str, Node]], Mask]
"""Where a formula is 1: the ``T`` mask alone of its :data:`Compiled` value (bit 0 for a
scalar), as :data:`tvla.logic.evaluate.CompiledMust`."""



class Host(Protocol):
    """What generated code needs of the evaluator (:class:`tvla.logic.evaluate.Evaluator`)."""

    voc: Vocabulary
    tabling: bool  # tabled subformulae are kept per structure (is_tabled)
    promote: int  # calls run by closures before the code is generated (PROMOTE)

    def compile(self, f: F.Formula, vec: Optional[str] = None) -> Compiled:
        """``f`` compiled for the vector variable ``vec`` (a leaf: ``TC``, a higher atom)."""

    def raw(self, f: F.Formula, vec: Optional[str]) -> Compiled:
        """The tabled ``f`` compiled without its table, for ``vec``: what fills the table."""

    def token(self, f: F.Formula) -> int:
        """The key of tabled ``f``'s table in ``s.tables``."""

    def accessor(self, f: F.Formula, vec: Optional[str]) -> Compiled:
        """A read of tabled ``f``'s table for ``vec`` (by a function of the evaluator's)."""

    def closure(self, f: F.Formula, vec: Optional[str], raw: bool) -> Compiled:
        """``f`` for ``vec`` as the evaluator's closures (``raw``: computed, not read from
        its table), which read and fill the same tables as the generated code."""

    def must(self, f: F.Formula, vec: Optional[str] = None) -> Must:
        """Where ``f`` is 1 for the vector variable ``vec``: a function of its own."""

    def must_raw(self, f: F.Formula, vec: Optional[str]) -> Must:
        """Where tabled ``f`` is 1, computed without its 1-table: what fills that table."""

    def must_token(self, f: F.Formula) -> int:
        """The key in ``s.tables`` of the table of where tabled ``f`` is 1 (its 1-table)."""


class LazyRows:
    """The table of a formula over two free variables, as rows over the second, filled a
    row at a time (None: not computed yet); ``missing`` counts the rows still None."""

    __slots__ = ("t", "u", "missing")

    def __init__(self, n: int) -> None:
        self.t: List[Optional[Mask]] = [None] * n
        self.u: List[Optional[Mask]] = [None] * n
        self.missing = n

Quantifier = Union[F.Exists, F.Forall]

GENERATED = (F.Not, F.And, F.Or, F.Ite, F.Exists, F.Forall)
"""The nodes worth generating a function for: those whose operands are inlined."""

MAX_DEPTH = 30
"""Blocks nested deeper than this become calls of a function of their own (Python's
parser refuses about a hundred levels of indentation)."""

MAX_LOOPS = 8
"""Likewise for quantifier loops nested in one function (Python allows 20 nested loops)."""


def is_tabled(f: F.Formula, tabling: bool) -> bool:
    """Does the evaluator table ``f`` (evaluate it once per structure for every assignment
    of its free variables)?  Quantified formulae and ``TC`` with at most two free variables."""
    return tabling and isinstance(f, (F.Exists, F.Forall, F.TC)) and len(f.free_vars()) <= 2


Guard = Tuple[str, List[F.Formula], List[F.Formula], Tuple[str, ...]]
"""How ``E(qs) body`` is evaluated as a guarded loop: (the variable ``q`` looped over, the
conjuncts that guard it, the other conjuncts, the other quantified variables)."""


def guard_of(f: Quantifier, vec: str, qs: Sequence[str]) -> Optional[Guard]:
    """``E(q, ...) g(q) & rest`` with the vector variable free in ``rest``: the first
    quantified ``q`` with conjuncts ``g`` that mention it but neither the vector variable
    nor the other quantified variables (the loop then visits only the nodes where ``g``
    may hold); None when there is none."""
    parts = F.conjuncts(f.body)
    for q in qs:
        others = set(qs) - {q}
        guard = [c for c in parts if q in c.free_vars() and vec not in c.free_vars()
                 and not (c.free_vars() & others)]
        if guard:
            return q, guard, [c for c in parts if c not in guard], tuple(others)
    return None


PROMOTE = 64
"""Calls after which a formula's function is generated and compiled: compiling costs
about 15 microseconds a line, and saves a fraction of a microsecond a node at each
call, so the code of a formula that runs a few dozen times does not pay for itself
(most of those of a small program, and the large update formulae of actions that
run on a few structures)."""


def generate(f: F.Formula, vec: Optional[str], host: Host, top: bool) -> Compiled:
    """``f`` (desugared) compiled for the vector variable ``vec`` (None: a scalar on bit 0)
    into one generated function.  ``top``: ``f`` itself is computed, not read from its
    table (it is the raw formula a table is computed from); else a tabled ``f`` is read
    from its table."""
    fn: Compiled = _generate(f, vec, host, top, False)
    return fn


def generate_must(f: F.Formula, vec: Optional[str], host: Host, top: bool) -> Must:
    """As :func:`generate`, a function that gives only where ``f`` is 1 (:meth:`_Source.must`)."""
    fn: Must = _generate(f, vec, host, top, True)
    return fn


def _generate(f: F.Formula, vec: Optional[str], host: Host, top: bool, must: bool) -> FunctionType:
    """The function of :func:`generate` (``must``: of :func:`generate_must`).

    The function runs the host's closures for ``f`` for its first ``host.promote`` calls,
    then writes and compiles its source and puts the generated code in its own place
    (``__code__``): the callers, which keep the function, run the generated code directly
    from then on.  Closures and code compute the same values and fill the same tables
    (but for the 1-tables of ``must`` code: its closures fill the tables of both masks)."""
    namespace: Dict[str, object] = {"__builtins__": builtins, "product": product, "LazyRows": LazyRows}
    calls, promote = 0, host.promote
    slow: Optional[Compiled] = None

    def tier(s: Structure, env: Dict[str, Node]) -> Union[Masks, Mask]:
        nonlocal calls, slow
        calls += 1
        if calls <= promote:
            if slow is None:
                slow = host.closure(f, vec, top)
            return slow(s, env)[0] if must else slow(s, env)
        src = _Source(host)
        if must:
            src.emit(1, f"return {src.must(f, vec, 1, 0, top=top)}")
        else:
            t, u = src.value(f, vec, 1, 0, top=top)
            src.emit(1, f"return {t}, {u}")
        text = "\n".join(["def fn(s, env):", " full = s.full"] + [" " + line for line in src.prologue + src.lines])
        namespace.update(src.callees)
        code = compile(text, "<formula>", "exec")
        stub.__code__ = next(c for c in code.co_consts if isinstance(c, CodeType))
        return stub(s, env)

    namespace["tier"] = tier
    stub = FunctionType(_STUB, namespace, "fn")
    return stub


_STUB = next(c for c in compile("def fn(s, env):\n    return tier(s, env)\n", "<formula>",
                                "exec").co_consts if isinstance(c, CodeType))
"""The code of a generated function until it is compiled: run the closures, count the calls."""


RowHit = Callable[[Structure, Node, Mask], bool]
"""Called by a :data:`RowLoop` with the structure, a row ``u`` and the body's 1 mask there;
true when it changed the row."""

RowLoop = Callable[[Structure, Dict[str, Node], Mask, RowHit], bool]
"""``loop(s, env, care, hit)``: see :func:`generate_rows`."""


def generate_rows(f: F.Formula, vec: str, row: str, index: int, positive: bool, host: Host,
                  promote: Optional[int]) -> RowLoop:
    """A loop over the rows of a rule with head ``p(row, vec)`` (``p``: binary predicate
    ``index``): ``loop(s, env, care, hit)`` binds ``row`` in ``env`` to each node ``u`` of
    ``care`` in ascending order, evaluates ``f`` over ``vec`` there, and calls ``hit(s, u, t)``
    with its 1 mask ``t`` where ``t`` is 1 at a node where row ``u`` of ``p`` is not yet 1
    (``positive``), resp. not yet 0 (``hit`` may change row ``u`` of ``p``: the next rows
    read it); returns whether a call of ``hit`` did.

    Only where ``f`` is 1 matters, so ``f`` is computed as a 1 mask alone
    (:meth:`_Source.must`).  It runs as a loop that calls ``f``'s compiled function
    (``host.must``) for its first ``promote`` calls (None: always), then as one generated
    function with ``f``'s code inlined in the loop, which saves a call per row."""
    body = host.must(f, vec)
    namespace: Dict[str, object] = {"__builtins__": builtins, "product": product, "LazyRows": LazyRows}
    calls = 0

    def slow(s: Structure, env: Dict[str, Node], care: Mask, hit: RowHit) -> bool:
        rt, ru = s.bT[index], s.bU[index]
        changed = False
        while care:
            low = care & -care
            care ^= low
            u = low.bit_length() - 1
            env[row] = u
            t = body(s, env)
            if (t & ~rt[u] if positive else t & (rt[u] | ru[u])) and hit(s, u, t):
                changed = True
        return changed

    def tier(s: Structure, env: Dict[str, Node], care: Mask, hit: RowHit) -> bool:
        nonlocal calls
        calls += 1
        if promote is None or calls <= promote:
            return slow(s, env, care, hit)
        # hit changes row u of p between rows: what is derived from p is looked up again at
        # every row, what is derived from another relation once per call
        src = _Source(host, volatile=index)
        t = src.must(F.desugar(f), vec, 1, 1)
        test = f"{t} & ~_rt[_u]" if positive else f"{t} & (_rt[_u] | _ru[_u])"
        lines = ["def fn(s, env, _care, _hit):", " full = s.full", f" _rt = s.bT[{index}]; _ru = s.bU[{index}]",
                 " _c = False"] + [" " + line for line in src.prologue]
        lines += [" while _care:", "  _low = _care & -_care; _care ^= _low; _u = _low.bit_length() - 1",
                  f"  env[{row!r}] = _u"]
        lines += ["  " + line for line in src.lines] + [f"  if {test} and _hit(s, _u, {t}): _c = True", " return _c"]
        namespace.update(src.callees)
        code = compile("\n".join(lines), "<formula>", "exec")
        stub.__code__ = next(c for c in code.co_consts if isinstance(c, CodeType))
        return stub(s, env, care, hit)

    namespace["tier"] = tier
    stub = FunctionType(_ROWS_STUB, namespace, "fn")
    loop: RowLoop = stub
    return loop


_ROWS_STUB = next(c for c in compile("def fn(s, env, care, hit):\n    return tier(s, env, care, hit)\n",
                                     "<formula>", "exec").co_consts if isinstance(c, CodeType))
"""The code of a generated row loop until it is compiled."""


class _Source:
    """The lines of one generated function under construction.  ``value`` emits a node's
    code at an indentation ``depth`` and inside ``loops`` nested loops."""

    def __init__(self, host: Host, hoist: bool = True, volatile: Optional[int] = None) -> None:
        self.host = host
        self.voc = host.voc
        self.tabling = host.tabling
        self.lines: List[str] = []
        self.callees: Dict[str, Union[Compiled, Must]] = {}
        self.count = 0
        # hoist: the structure does not change while the function runs, so the columns and
        # closures of a relation are looked up once per call (locals set to None first,
        # the lines of ``prologue``), not at every read in a loop; ``volatile``: the binary
        # predicate that may change while it runs (its relations are looked up at every read)
        self.hoist = hoist
        self.volatile = volatile
        self.prologue: List[str] = []
        self.hoisted: Dict[str, str] = {}

    def relation(self, method: str, i: int, depth: int) -> str:
        """The name of a local pair ``(T rows, U rows)`` holding ``s.method(i)`` (looked up
        where first needed, once per call when hoisting; else here, each time)."""
        key = f"{method}{i}"
        hoist = self.hoist and i != self.volatile
        name = self.hoisted.get(key)
        if name is None:
            name = self.hoisted[key] = "h" + self.fresh()
            if hoist:
                self.prologue.append(f"{name} = None")
        if hoist:
            self.emit(depth, f"if {name} is None: {name} = s.{method}({i})")
        else:
            self.emit(depth, f"{name} = s.{method}({i})")
        return name

    def fresh(self) -> str:
        """A number for the names of new locals, distinct within the function."""
        self.count += 1
        return str(self.count)

    def emit(self, depth: int, line: str) -> None:
        """Add ``line`` at indentation ``depth`` (1: the function's body)."""
        self.lines.append(" " * (depth - 1) + line)

    def value(self, f: F.Formula, vec: Optional[str], depth: int, loops: int, top: bool = False) -> Tuple[str, str]:
        """Emit the code that computes ``f``; return the names of its ``(T, U)`` locals."""
        k = self.fresh()
        t, u = "t" + k, "u" + k
        if not top and is_tabled(f, self.tabling):
            self.tabled(f, vec, t, u, depth)
        elif not top and isinstance(f, GENERATED) and (depth > MAX_DEPTH or loops >= MAX_LOOPS):
            self.call(f, vec, t, u, depth)
        elif isinstance(f, (F.Exists, F.Forall)):
            return self.quantifier(f, vec, depth, loops)
        elif isinstance(f, F.Not):
            self.negation(f, vec, t, u, depth, loops)
        elif isinstance(f, F.And):
            self.conjunction(f, vec, t, u, depth, loops)
        elif isinstance(f, F.Or):
            self.disjunction(f, vec, t, u, depth, loops)
        elif isinstance(f, F.Ite):
            self.conditional(f, vec, t, u, depth, loops)
        elif isinstance(f, F.Atom) and self.voc[f.pred].arity <= 2:
            self.atom(f, vec, t, u, depth)
        elif isinstance(f, F.Eq):
            self.equality(f, vec, t, u, depth)
        elif isinstance(f, F.Const):
            self.constant(f, vec, t, u, depth)
        elif isinstance(f, F.Closure) and f.reflexive:
            # p*(a, b) is a == b | p+(a, b), as the evaluator compiles it
            return self.value(F.Or(F.Eq(f.a, f.b), F.Closure(f.pred, f.a, f.b, False)), vec, depth, loops)
        elif isinstance(f, F.Closure):
            self.closure(f, vec, t, u, depth)
        else:
            self.call(f, vec, t, u, depth)
        return t, u

    def callee(self, fn: Union[Compiled, Must]) -> str:
        """The name under which the generated code calls ``fn``."""
        name = "f" + self.fresh()
        self.callees[name] = fn
        return name

    def call(self, f: F.Formula, vec: Optional[str], t: str, u: str, depth: int) -> None:
        """``(t, u)`` = the value of ``f`` computed by a function of its own."""
        self.emit(depth, f"{t}, {u} = {self.callee(self.host.compile(f, vec))}(s, env)")

    def tabled(self, f: F.Formula, vec: Optional[str], t: str, u: str, depth: int) -> None:
        """``(t, u)`` = the value of tabled ``f`` read from its table, which is filled
        first where it lacks it, as the evaluator's accessors do: a closed formula's
        Kleene value, a one-variable formula's masks, a two-variable formula's rows
        (:class:`LazyRows`) read by rows; read otherwise, by the evaluator's accessor."""
        host, k = self.host, self.fresh()
        fv = sorted(f.free_vars())
        if len(fv) == 2 and vec != fv[1]:
            self.emit(depth, f"{t}, {u} = {self.callee(host.accessor(f, vec))}(s, env)")
            return
        token, r = host.token(f), "r" + k
        raw = self.callee(host.raw(f, fv[-1] if fv else None))
        self.emit(depth, f"{r} = s.tables.get({token})")
        if not fv:
            self.emit(depth, f"if {r} is None:")
            self.emit(depth + 1, f"x{k}, y{k} = {raw}(s, env)")
            self.emit(depth + 1, f"{r} = s.tables[{token}] = {TRUE} if x{k} else ({HALF} if y{k} else 0)")
            self.definite(vec, f"{r} == {TRUE}", f"{r} == {HALF}", t, u, depth)
        elif len(fv) == 1:
            self.emit(depth, f"if {r} is None: {r} = s.tables[{token}] = {raw}(s, env)")
            if vec == fv[0]:
                self.emit(depth, f"{t}, {u} = {r}")
            else:
                self.emit(depth, f"b{k} = 1 << env[{fv[0]!r}]")
                self.definite(vec, f"{r}[0] & b{k}", f"{r}[1] & b{k}", t, u, depth)
        else:
            self.emit(depth, f"if {r} is None: {r} = s.tables[{token}] = LazyRows(s.n)")
            self.emit(depth, f"w{k} = env[{fv[0]!r}]; {t} = {r}.t[w{k}]")
            self.emit(depth, f"if {t} is None:")
            # env binds the row's variable to w: the row's own binding
            self.emit(depth + 1, f"{t}, {u} = {r}.t[w{k}], {r}.u[w{k}] = {raw}(s, env); {r}.missing -= 1")
            self.emit(depth, f"else: {u} = {r}.u[w{k}]")

    @staticmethod
    def full(vec: Optional[str]) -> str:
        """What a definite value covers: every node, or bit 0 of a scalar."""
        return "full" if vec is not None else "1"

    def definite(self, vec: Optional[str], test_t: str, test_u: str, t: str, u: str, depth: int) -> None:
        """``(t, u)`` = 1 everywhere where ``test_t`` holds, else 1/2 where ``test_u`` does, else 0."""
        full = self.full(vec)
        self.emit(depth, f"if {test_t}: {t}, {u} = {full}, 0")
        self.emit(depth, f"elif {test_u}: {t}, {u} = 0, {full}")
        self.emit(depth, f"else: {t} = {u} = 0")

    # ------------------------------------------------------------------ connectives
    def negation(self, f: F.Not, vec: Optional[str], t: str, u: str, depth: int, loops: int) -> None:
        a_t, a_u = self.value(f.sub, vec, depth, loops)
        if vec is not None:
            self.emit(depth, f"{t} = full & ~({a_t} | {a_u}); {u} = {a_u}")
        else:
            self.emit(depth, f"{t} = 0 if ({a_t} | {a_u}) else 1; {u} = {a_u}")

    def conjunction(self, f: F.And, vec: Optional[str], t: str, u: str, depth: int, loops: int) -> None:
        a_t, a_u = self.value(f.left, vec, depth, loops)
        p = "p" + self.fresh()
        self.emit(depth, f"{p} = {a_t} | {a_u}")
        self.emit(depth, f"if {p}:")
        b_t, b_u = self.value(f.right, vec, depth + 1, loops)
        self.emit(depth + 1, f"{t} = {a_t} & {b_t}; {u} = ({p} & ({b_t} | {b_u})) & ~{t}")
        self.emit(depth, "else:")
        self.emit(depth + 1, f"{t} = {u} = 0")

    def disjunction(self, f: F.Or, vec: Optional[str], t: str, u: str, depth: int, loops: int) -> None:
        a_t, a_u = self.value(f.left, vec, depth, loops)
        self.emit(depth, f"if {a_t} == {self.full(vec)}:")
        self.emit(depth + 1, f"{t}, {u} = {a_t}, 0")
        self.emit(depth, "else:")
        b_t, b_u = self.value(f.right, vec, depth + 1, loops)
        self.emit(depth + 1, f"{t} = {a_t} | {b_t}; {u} = ({a_u} | {b_u}) & ~{t}")

    def conditional(self, f: F.Ite, vec: Optional[str], t: str, u: str, depth: int, loops: int) -> None:
        c_t, c_u = self.value(f.cond, vec, depth, loops)
        full, k = self.full(vec), self.fresh()
        # a branch the condition selects nowhere is not computed (as the evaluator's ite)
        self.emit(depth, f"z{k} = not ({c_t} | {c_u}); o{k} = {c_t} == {full} and not {c_u}")
        self.emit(depth, f"if not z{k}:")
        a_t, a_u = self.value(f.then, vec, depth + 1, loops)
        self.emit(depth, f"else: {a_t} = {a_u} = 0")
        self.emit(depth, f"if not o{k}:")
        b_t, b_u = self.value(f.other, vec, depth + 1, loops)
        self.emit(depth, f"else: {b_t} = {b_u} = 0")
        self.emit(depth, f"if z{k}: {t} = {full} & {b_t}; {u} = {full} & {b_u}")
        self.emit(depth, f"elif o{k}: {t} = {full} & {a_t}; {u} = {full} & {a_u}")
        self.emit(depth, "else:")
        self.ite_masks(k, full, (c_t, c_u), (a_t, a_u), (b_t, b_u), t, u, depth + 1)

    def ite_masks(self, k: str, full: str, c: Tuple[str, str], a: Tuple[str, str], b: Tuple[str, str],
                  t: str, u: str, depth: int) -> None:
        """``(t, u)`` = the value of ``c ? a : b`` from the masks of its three operands."""
        (c_t, c_u), (a_t, a_u), (b_t, b_u) = c, a, b
        self.emit(depth, f"cf{k} = {full} & ~({c_t} | {c_u})")
        self.emit(depth, f"tf{k} = {full} & ~({a_t} | {a_u}); ef{k} = {full} & ~({b_t} | {b_u})")
        self.emit(depth, f"{t} = ({c_t} & {a_t}) | (cf{k} & {b_t}) | ({c_u} & {a_t} & {b_t})")
        self.emit(depth, f"{u} = ({c_t} & {a_u}) | (cf{k} & {b_u}) | ({c_u} & ~({a_t} & {b_t}) & ~(tf{k} & ef{k}))")

    # ------------------------------------------------------------------ leaves
    def atom(self, f: F.Atom, vec: Optional[str], t: str, u: str, depth: int) -> None:
        p = self.voc[f.pred]
        i, k = p.index, self.fresh()
        if p.arity == 0:
            self.emit(depth, f"v{k} = s.nul[{i}]")
            self.definite(vec, f"v{k} == {TRUE}", f"v{k} == {HALF}", t, u, depth)
        elif p.arity == 1:
            a = f.args[0]
            if a == vec:
                self.emit(depth, f"{t} = s.uT[{i}]; {u} = s.uU[{i}]")
                return
            self.emit(depth, f"b{k} = 1 << env[{a!r}]")
            self.definite(vec, f"s.uT[{i}] & b{k}", f"s.uU[{i}] & b{k}", t, u, depth)
        else:
            a, b = f.args
            if a == vec and b == vec:
                self.emit(depth, f"{t}, {u} = s.diagonal({i})")
            elif b == vec:
                self.emit(depth, f"w{k} = env[{a!r}]; {t} = s.bT[{i}][w{k}]; {u} = s.bU[{i}][w{k}]")
            elif a == vec:
                c = self.relation("columns", i, depth)
                self.emit(depth, f"w{k} = env[{b!r}]; {t} = {c}[0][w{k}]; {u} = {c}[1][w{k}]")
            else:
                self.emit(depth, f"w{k} = env[{a!r}]; b{k} = 1 << env[{b!r}]")
                self.definite(vec, f"s.bT[{i}][w{k}] & b{k}", f"s.bU[{i}][w{k}] & b{k}", t, u, depth)

    def equality(self, f: F.Eq, vec: Optional[str], t: str, u: str, depth: int) -> None:
        a, b, full, k = f.a, f.b, self.full(vec), self.fresh()
        if a == b:
            if a == vec:
                self.emit(depth, f"{t} = full & ~s.uU[0]; {u} = s.uU[0]")
                return
            self.emit(depth, f"if s.uU[0] >> env[{a!r}] & 1: {t}, {u} = 0, {full}")
            self.emit(depth, f"else: {t}, {u} = {full}, 0")
        elif vec in (a, b):
            other = b if a == vec else a
            self.emit(depth, f"b{k} = 1 << env[{other!r}]")
            self.emit(depth, f"if s.uU[0] & b{k}: {t}, {u} = 0, b{k}")
            self.emit(depth, f"else: {t}, {u} = b{k}, 0")
        else:
            self.emit(depth, f"x{k} = env[{a!r}]")
            self.emit(depth, f"if x{k} != env[{b!r}]: {t} = {u} = 0")
            self.emit(depth, f"elif s.uU[0] >> x{k} & 1: {t}, {u} = 0, {full}")
            self.emit(depth, f"else: {t}, {u} = {full}, 0")

    def constant(self, f: F.Const, vec: Optional[str], t: str, u: str, depth: int) -> None:
        v, full = f.value, self.full(vec)
        if v == TRUE:
            self.emit(depth, f"{t}, {u} = {full}, 0")
        elif v == HALF:
            self.emit(depth, f"{t}, {u} = 0, {full}")
        else:
            self.emit(depth, f"{t} = {u} = 0")

    def closure(self, f: F.Closure, vec: Optional[str], t: str, u: str, depth: int) -> None:
        i, a, b, k = self.voc[f.pred].index, f.a, f.b, self.fresh()
        if a == vec and b == vec:
            self.emit(depth, f"{t}, {u} = s.closure_diagonal({i})")
        elif b == vec:
            c = self.relation("closure", i, depth)
            self.emit(depth, f"w{k} = env[{a!r}]; {t} = {c}[0][w{k}]; {u} = {c}[1][w{k}]")
        elif a == vec:
            c = self.relation("closure_columns", i, depth)
            self.emit(depth, f"w{k} = env[{b!r}]; {t} = {c}[0][w{k}]; {u} = {c}[1][w{k}]")
        else:
            c = self.relation("closure", i, depth)
            self.emit(depth, f"w{k} = env[{a!r}]; b{k} = 1 << env[{b!r}]")
            self.definite(vec, f"{c}[0][w{k}] & b{k}", f"{c}[1][w{k}] & b{k}", t, u, depth)

    # ------------------------------------------------------------------ quantifiers
    def quantifier(self, f: Quantifier, vec: Optional[str], depth: int, loops: int) -> Tuple[str, str]:
        """As the evaluator's ``_quantifier``: the body alone when it binds nothing, a
        scalar loop when the value does not depend on ``vec``, a guarded loop for an
        ``E`` that has a guard, else a loop over every assignment of the bound variables."""
        qs = [q for q in f.vars if q in f.body.free_vars()]
        if not qs:
            return self.value(f.body, vec, depth, loops)
        if vec is None or vec not in f.free_vars():
            return self.scalar_quantifier(f, vec, qs, depth, loops)
        if isinstance(f, F.Exists):
            guard = guard_of(f, vec, qs)
            if guard is not None:
                return self.guarded_exists(vec, guard, f, depth, loops)
            if len(qs) > 1:
                first = [c for c in F.conjuncts(f.body) if not c.free_vars() & set(qs[1:])]
                if first:
                    return self.nested_exists(f, vec, qs, first, depth, loops)
        return self.vector_quantifier(f, vec, qs, depth, loops)

    def doubtful(self, m: str, free: Sequence[str], depth: int) -> None:
        """``m`` = the maybe-active nodes not bound to a variable of ``free`` (evaluate.doubtful), or 0."""
        self.emit(depth, f"{m} = s.ma")
        if free:
            bound = " | ".join(f"1 << env[{name!r}]" for name in free)
            self.emit(depth, f"if {m}: {m} &= ~({bound})")

    def save(self, qs: Sequence[str], depth: int) -> List[str]:
        names = ["sv" + self.fresh() for _ in qs]
        for name, q in zip(names, qs):
            self.emit(depth, f"{name} = env.get({q!r})")
        return names

    def restore(self, qs: Sequence[str], saved: Sequence[str], depth: int) -> None:
        for name, q in zip(saved, qs):
            self.emit(depth, f"if {name} is None: env.pop({q!r}, None)")
            self.emit(depth, f"else: env[{q!r}] = {name}")

    def loop(self, qs: Sequence[str], depth: int) -> List[str]:
        """Open a loop binding ``qs`` (in ``env`` too) to every tuple of nodes, the last
        varying fastest (itertools.product); return the loop variables."""
        names = ["q" + self.fresh() for _ in qs]
        if len(qs) == 1:
            self.emit(depth, f"for {names[0]} in range(s.n):")
        else:
            self.emit(depth, f"for {', '.join(names)} in product(range(s.n), repeat={len(qs)}):")
        for name, q in zip(names, qs):
            self.emit(depth + 1, f"env[{q!r}] = {name}")
        return names

    def seen_active(self, bt: str, bh: str, cap: str, universal: bool, depth: int) -> None:
        """evaluate.seen_active in place on the body's locals."""
        if universal:
            self.emit(depth, f"{bh} = {bh} | ({cap} & full & ~({bt} | {bh}))")
        else:
            self.emit(depth, f"{bh} = {bh} | ({bt} & {cap}); {bt} = {bt} & ~{cap}")

    def scalar_quantifier(self, f: Quantifier, vec: Optional[str], qs: List[str], depth: int,
                          loops: int) -> Tuple[str, str]:
        universal, k = isinstance(f, F.Forall), self.fresh()
        inner, outer = qs[-1], qs[:-1]
        m, r = "m" + k, "r" + k
        self.doubtful(m, sorted(f.free_vars()), depth)
        saved = self.save(qs, depth)
        self.emit(depth, f"{r} = {TRUE if universal else 0}")
        names = self.loop(outer, depth) if outer else []
        if not outer:
            self.emit(depth, "for _ in (0,):")  # one pass, so that break and continue read as in a loop
        bt, bh = self.value(f.body, inner, depth + 1, loops + 1)
        doubted = " | ".join(f"1 << {name}" for name in names)
        cap = f"(full if {m} & ({doubted}) else {m})" if names else m
        self.emit(depth + 1, f"if {m}:")
        self.seen_active(bt, bh, cap, universal, depth + 2)
        if universal:
            self.emit(depth + 1, f"if {bt} == full: continue")
            self.emit(depth + 1, f"if ({bt} | {bh}) != full: {r} = 0; break")
            self.emit(depth + 1, f"{r} = {HALF}")
        else:
            self.emit(depth + 1, f"if {bt}: {r} = {TRUE}; break")
            self.emit(depth + 1, f"if {bh}: {r} = {HALF}")
        self.restore(qs, saved, depth)
        t, u = "t" + k, "u" + k
        self.definite(vec, f"{r} == {TRUE}", f"{r} == {HALF}", t, u, depth)
        return t, u

    def vector_quantifier(self, f: Quantifier, vec: str, qs: List[str], depth: int, loops: int) -> Tuple[str, str]:
        universal, k = isinstance(f, F.Forall), self.fresh()
        m, t, p, d = "m" + k, "t" + k, "p" + k, "d" + k
        self.doubtful(m, sorted(f.free_vars() - {vec}), depth)
        saved = self.save(qs, depth)
        self.emit(depth, f"{t} = {p} = {'full' if universal else 0}")
        names = self.loop(qs, depth)
        bt, bh = self.value(f.body, vec, depth + 1, loops + 1)
        doubted = " | ".join(f"1 << {name}" for name in names)
        self.emit(depth + 1, f"{d} = {m} & ({doubted}) if {m} else 0")
        self.emit(depth + 1, f"if {d}:")
        # where the vector variable is bound to the one doubted node, that node exists
        self.emit(depth + 2, f"{d} = full & ~{d} if {d} & ({d} - 1) == 0 else full")
        self.seen_active(bt, bh, d, universal, depth + 2)
        if universal:
            self.emit(depth + 1, f"{t} &= {bt}; {p} &= {bt} | {bh}")
            self.emit(depth + 1, f"if not {p}: break")
        else:
            self.emit(depth + 1, f"{t} |= {bt}; {p} |= {bt} | {bh}")
            self.emit(depth + 1, f"if {t} == full: break")
        self.restore(qs, saved, depth)
        self.emit(depth, f"{p} = {p} & ~{t}")
        return t, p

    def nested_exists(self, f: Quantifier, vec: str, qs: List[str], first: List[F.Formula], depth: int,
                      loops: int) -> Tuple[str, str]:
        """``E(q, qs...) a & b`` (``first``: the conjuncts ``a`` that mention no variable of
        ``qs`` but ``q``) as the loop of :meth:`vector_quantifier` written as a loop over
        ``q`` and one over the others: where ``a`` is 0 everywhere, so is the body for
        every node of the others (the flat loop's ``&`` skips ``b`` there too), which adds
        nothing to the value and cannot stop the loop: the inner loop is skipped."""
        k = self.fresh()
        m, t, p, d, stop = "m" + k, "t" + k, "p" + k, "d" + k, "z" + k
        rest = [c for c in F.conjuncts(f.body) if c not in first]
        self.doubtful(m, sorted(f.free_vars() - {vec}), depth)
        saved = self.save(qs, depth)
        self.emit(depth, f"{t} = {p} = 0; {stop} = False")
        outer = self.loop(qs[:1], depth)
        a_t, a_u = self.value(F.desugar(F.conj(*first)), vec, depth + 1, loops + 1)
        a_p = "p" + self.fresh()
        self.emit(depth + 1, f"{a_p} = {a_t} | {a_u}")
        self.emit(depth + 1, f"if not {a_p}: continue")
        inner = self.loop(qs[1:], depth + 1)
        b_t, b_u = self.value(F.desugar(F.conj(*rest)), vec, depth + 2, loops + 2)
        bt, bh = "t" + self.fresh(), "u" + self.fresh()
        self.emit(depth + 2, f"{bt} = {a_t} & {b_t}; {bh} = ({a_p} & ({b_t} | {b_u})) & ~{bt}")
        doubted = " | ".join(f"1 << {name}" for name in outer + inner)
        self.emit(depth + 2, f"{d} = {m} & ({doubted}) if {m} else 0")
        self.emit(depth + 2, f"if {d}:")
        self.emit(depth + 3, f"{d} = full & ~{d} if {d} & ({d} - 1) == 0 else full")
        self.seen_active(bt, bh, d, False, depth + 3)
        self.emit(depth + 2, f"{t} |= {bt}; {p} |= {bt} | {bh}")
        self.emit(depth + 2, f"if {t} == full: {stop} = True; break")
        self.emit(depth + 1, f"if {stop}: break")
        self.restore(qs, saved, depth)
        self.emit(depth, f"{p} = {p} & ~{t}")
        return t, p

    def guarded_exists(self, vec: str, guard: Guard, f: Quantifier, depth: int, loops: int) -> Tuple[str, str]:
        q, parts, rest, others = guard
        k = self.fresh()
        t, p, m, c, low = "t" + k, "p" + k, "m" + k, "c" + k, "l" + k
        g_t, g_u = self.value(F.desugar(F.conj(*parts)), q, depth, loops)
        self.emit(depth, f"{c} = {g_t} | {g_u}")
        self.emit(depth, f"{t} = {p} = 0")
        self.emit(depth, f"if {c}:")
        self.doubtful(m, sorted(f.free_vars() - {vec}), depth + 1)
        saved = self.save((q,), depth + 1)
        self.emit(depth + 1, f"while {c}:")
        self.emit(depth + 2, f"{low} = {c} & -{c}; {c} ^= {low}; env[{q!r}] = {low}.bit_length() - 1")
        inner = F.desugar(F.exists(others, F.conj(*rest)))
        bt, bh = self.value(inner, vec, depth + 2, loops + 1)
        # a doubted q-node exists where the vector variable is bound to it
        self.emit(depth + 2, f"if {g_t} & {low}: {t} |= {bt} & {low} if {m} & {low} else {bt}")
        self.emit(depth + 2, f"{p} |= {bt} | {bh}")
        self.emit(depth + 2, f"if {t} == full: break")
        self.restore((q,), saved, depth + 1)
        self.emit(depth, f"{p} = {p} & ~{t}")
        return t, p

    # ------------------------------------------------------------------ 1 masks alone
    # ``must`` emits the code of where a formula is 1 (its T mask, without U): enough for
    # a rule's body, which fires only where it is 1.  Besides the U masks it does not
    # compute, ``&`` skips its right side where its left side is nowhere 1 (not only where
    # it is 0 everywhere), a guarded ``E`` visits only the nodes where its guard is 1, and
    # an ``A`` stops where it is nowhere 1.  ``!`` needs both masks of its operand: that
    # is computed by ``value``.  A tabled subformula's 1 masks have a table of their own.

    def must(self, f: F.Formula, vec: Optional[str], depth: int, loops: int, top: bool = False) -> str:
        """Emit the code that computes where ``f`` is 1; return the name of its local."""
        if not top and is_tabled(f, self.tabling):
            return self.must_tabled(f, vec, depth)
        if not top and isinstance(f, GENERATED) and (depth > MAX_DEPTH or loops >= MAX_LOOPS):
            t = "t" + self.fresh()
            self.emit(depth, f"{t} = {self.callee(self.host.must(f, vec))}(s, env)")
            return t
        if isinstance(f, (F.Exists, F.Forall)):
            return self.must_quantifier(f, vec, depth, loops)
        if isinstance(f, F.And):
            return self.must_conjunction(f, vec, depth, loops)
        if isinstance(f, F.Or):
            return self.must_disjunction(f, vec, depth, loops)
        if isinstance(f, F.Not):
            a_t, a_u = self.value(f.sub, vec, depth, loops)
            t = "t" + self.fresh()
            self.emit(depth, f"{t} = {self.full(vec)} & ~({a_t} | {a_u})" if vec is not None
                      else f"{t} = 0 if ({a_t} | {a_u}) else 1")
            return t
        return self.value(f, vec, depth, loops)[0]

    def must_conjunction(self, f: F.And, vec: Optional[str], depth: int, loops: int) -> str:
        a, t = self.must(f.left, vec, depth, loops), "t" + self.fresh()
        self.emit(depth, f"if {a}:")
        b = self.must(f.right, vec, depth + 1, loops)
        self.emit(depth + 1, f"{t} = {a} & {b}")
        self.emit(depth, f"else: {t} = 0")
        return t

    def must_disjunction(self, f: F.Or, vec: Optional[str], depth: int, loops: int) -> str:
        a, t = self.must(f.left, vec, depth, loops), "t" + self.fresh()
        self.emit(depth, f"if {a} == {self.full(vec)}: {t} = {a}")
        self.emit(depth, "else:")
        b = self.must(f.right, vec, depth + 1, loops)
        self.emit(depth + 1, f"{t} = {a} | {b}")
        return t

    def must_tabled(self, f: F.Formula, vec: Optional[str], depth: int) -> str:
        """Where tabled ``f`` is 1, read from its 1-table (filled first where it lacks it:
        a closed formula's 0 or 1, a one-variable formula's mask, a two-variable formula's
        rows, read by rows); read by columns, from ``f``'s own table."""
        host, k = self.host, self.fresh()
        t, r = "t" + k, "r" + k
        fv = sorted(f.free_vars())
        if len(fv) == 2 and vec != fv[1]:
            self.emit(depth, f"{t} = {self.callee(host.accessor(f, vec))}(s, env)[0]")
            return t
        token = host.must_token(f)
        raw = self.callee(host.must_raw(f, fv[-1] if fv else None))
        self.emit(depth, f"{r} = s.tables.get({token})")
        if len(fv) < 2:
            self.emit(depth, f"if {r} is None: {r} = s.tables[{token}] = {raw}(s, env)")
            if fv and vec == fv[0]:
                self.emit(depth, f"{t} = {r}")
            else:
                bit = f"{r} >> env[{fv[0]!r}] & 1" if fv else r
                self.emit(depth, f"{t} = {self.full(vec)} if {bit} else 0")
            return t
        # rows (None: not computed yet), in a list: nothing counts the missing ones
        self.emit(depth, f"if {r} is None: {r} = s.tables[{token}] = [None] * s.n")
        self.emit(depth, f"w{k} = env[{fv[0]!r}]; {t} = {r}[w{k}]")
        self.emit(depth, f"if {t} is None: {t} = {r}[w{k}] = {raw}(s, env)")
        return t

    def must_quantifier(self, f: Quantifier, vec: Optional[str], depth: int, loops: int) -> str:
        """As :meth:`quantifier`, for where the quantified formula is 1."""
        qs = [q for q in f.vars if q in f.body.free_vars()]
        if not qs:
            return self.must(f.body, vec, depth, loops)
        if vec is None or vec not in f.free_vars():
            return self.must_scalar_quantifier(f, vec, qs, depth, loops)
        if isinstance(f, F.Exists):
            guard = guard_of(f, vec, qs)
            if guard is not None:
                return self.must_guarded_exists(vec, guard, f, depth, loops)
            if len(qs) > 1:
                first = [c for c in F.conjuncts(f.body) if not c.free_vars() & set(qs[1:])]
                if first:
                    return self.must_nested_exists(f, vec, qs, first, depth, loops)
        return self.must_vector_quantifier(f, vec, qs, depth, loops)

    def must_scalar_quantifier(self, f: Quantifier, vec: Optional[str], qs: List[str], depth: int,
                               loops: int) -> str:
        """1 when the body is 1 for some (``E``: a node not doubted) resp. every (``A``:
        doubting a node only makes the body 1/2 there, never 1) assignment."""
        universal, k = isinstance(f, F.Forall), self.fresh()
        inner, outer = qs[-1], qs[:-1]
        m, r, t = "m" + k, "r" + k, "t" + k
        self.doubtful(m, sorted(f.free_vars()), depth)
        saved = self.save(qs, depth)
        self.emit(depth, f"{r} = {1 if universal else 0}")
        names = self.loop(outer, depth) if outer else []
        if not outer:
            self.emit(depth, "for _ in (0,):")
        bt = self.must(f.body, inner, depth + 1, loops + 1)
        if universal:
            self.emit(depth + 1, f"if {bt} != full: {r} = 0; break")
        else:
            doubted = " | ".join(f"1 << {name}" for name in names)
            cap = f"(full if {m} & ({doubted}) else {m})" if names else m
            self.emit(depth + 1, f"if {bt} & ~{cap} if {m} else {bt}: {r} = 1; break")
        self.restore(qs, saved, depth)
        self.emit(depth, f"{t} = {self.full(vec)} if {r} else 0")
        return t

    def must_vector_quantifier(self, f: Quantifier, vec: str, qs: List[str], depth: int, loops: int) -> str:
        universal, k = isinstance(f, F.Forall), self.fresh()
        m, t, d = "m" + k, "t" + k, "d" + k
        self.doubtful(m, sorted(f.free_vars() - {vec}), depth)
        saved = self.save(qs, depth)
        self.emit(depth, f"{t} = {'full' if universal else 0}")
        names = self.loop(qs, depth)
        bt = self.must(f.body, vec, depth + 1, loops + 1)
        if universal:
            self.emit(depth + 1, f"{t} &= {bt}")
            self.emit(depth + 1, f"if not {t}: break")
        else:
            self.must_seen_active(bt, d, m, names, depth + 1)
            self.emit(depth + 1, f"{t} |= {bt}")
            self.emit(depth + 1, f"if {t} == full: break")
        self.restore(qs, saved, depth)
        return t

    def must_seen_active(self, bt: str, d: str, m: str, names: Sequence[str], depth: int) -> None:
        """Where an ``E``'s body is 1 as it sees it: not where a doubted node is bound (but
        for the vector variable's node when it is the only one), as :meth:`seen_active`."""
        doubted = " | ".join(f"1 << {name}" for name in names)
        self.emit(depth, f"{d} = {m} & ({doubted}) if {m} else 0")
        self.emit(depth, f"if {d}: {bt} = {bt} & {d} if {d} & ({d} - 1) == 0 else 0")

    def must_nested_exists(self, f: Quantifier, vec: str, qs: List[str], first: List[F.Formula], depth: int,
                           loops: int) -> str:
        """As :meth:`nested_exists`: the other variables' loop is skipped where the
        conjuncts ``first`` are nowhere 1."""
        k = self.fresh()
        m, t, d, stop = "m" + k, "t" + k, "d" + k, "z" + k
        rest = [c for c in F.conjuncts(f.body) if c not in first]
        self.doubtful(m, sorted(f.free_vars() - {vec}), depth)
        saved = self.save(qs, depth)
        self.emit(depth, f"{t} = 0; {stop} = False")
        outer = self.loop(qs[:1], depth)
        a_t = self.must(F.desugar(F.conj(*first)), vec, depth + 1, loops + 1)
        self.emit(depth + 1, f"if not {a_t}: continue")
        inner = self.loop(qs[1:], depth + 1)
        b_t = self.must(F.desugar(F.conj(*rest)), vec, depth + 2, loops + 2)
        bt = "t" + self.fresh()
        self.emit(depth + 2, f"{bt} = {a_t} & {b_t}")
        self.must_seen_active(bt, d, m, outer + inner, depth + 2)
        self.emit(depth + 2, f"{t} |= {bt}")
        self.emit(depth + 2, f"if {t} == full: {stop} = True; break")
        self.emit(depth + 1, f"if {stop}: break")
        self.restore(qs, saved, depth)
        return t

    def must_guarded_exists(self, vec: str, guard: Guard, f: Quantifier, depth: int, loops: int) -> str:
        """As :meth:`guarded_exists`, visiting only the nodes where the guard is 1."""
        q, parts, rest, others = guard
        k = self.fresh()
        t, m, c, low = "t" + k, "m" + k, "c" + k, "l" + k
        g_t = self.must(F.desugar(F.conj(*parts)), q, depth, loops)
        self.emit(depth, f"{c} = {g_t}; {t} = 0")
        self.emit(depth, f"if {c}:")
        self.doubtful(m, sorted(f.free_vars() - {vec}), depth + 1)
        saved = self.save((q,), depth + 1)
        self.emit(depth + 1, f"while {c}:")
        self.emit(depth + 2, f"{low} = {c} & -{c}; {c} ^= {low}; env[{q!r}] = {low}.bit_length() - 1")
        bt = self.must(F.desugar(F.exists(others, F.conj(*rest))), vec, depth + 2, loops + 1)
        # a doubted q-node exists where the vector variable is bound to it
        self.emit(depth + 2, f"{t} |= {bt} & {low} if {m} & {low} else {bt}")
        self.emit(depth + 2, f"if {t} == full: break")
        self.restore((q,), saved, depth + 1)
        return t
