"""``tvla check``: prove a predicate library right on every small concrete store.

``check_program(program, nodes)`` enumerates the concrete (2-valued)
structures with at most ``nodes`` nodes, up to isomorphism, and returns a
:class:`CheckResult` whose findings say:

* error, update: an action instance used by the CFG, applied to a structure
  that satisfies the consistency rules and its precondition, gives an
  instrumentation predicate a value (hand-written update, update derived by
  finite differencing, or the old value kept) different from its definition
  re-evaluated on the new structure;
* error, rule: a consistency rule that mentions an instrumentation predicate
  (a ``%r`` rule or one generated from a predicate property) fails on a
  structure that satisfies the definitions and the core axioms; or a ``%r``
  rule over core predicates only is broken by an action (on a store that
  satisfies every rule and where the new values of its predicates are definite
  and have their properties);
* warning: a ``%f`` formula mentions a predicate the action neither reads nor
  writes; a ``%message`` never fires; an update is wrong only on structures
  where the action itself reports an error message.

Axioms are the properties of core predicates (``unique``, ``function``,
``acyclic``: no cycle at all, ``transitive``...) and the ``%r`` rules that only
mention core predicates: they define which stores exist; they are not proved,
but every action must keep the ``%r`` ones.
Instrumentation predicates always equal their definitions in the enumerated
structures.  A post-update structure that violates an axiom is not checked:
coerce discards it (that is how ``Set_Next_L`` refuses a cycle).

Each check only enumerates the core predicates its formulae depend on (its
*support*), so a pointer variable that an update never reads costs nothing.
Structures are generated predicate by predicate keeping one candidate per
orbit of the automorphism group of what is already built (orderly
generation), so each isomorphism class is produced exactly once, smallest
first: the first counterexample found is a smallest one.
"""

import os
from dataclasses import dataclass, field
from itertools import permutations, product
from typing import (AbstractSet, Any, Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Sequence, Set,
                    Tuple, TypeVar)

from tvla.logic import formula as F
from tvla.logic.formula import Where
from tvla.engine.action import clear_new, compile_table, compute_table, recompute, store_table
from tvla.engine.coerce import property_rules
from tvla.concrete.interpreter import CompiledFormula, Env, create, half_cells, retained
from tvla.engine.differencing import Differencer
from tvla.engine.fixpoint import definition_order
from tvla.lang.program import Action, Message, Program, Update
from tvla.logic.evaluate import Evaluator, scalar
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask, Masks, show
from tvla.logic.structure import Structure, bits
from tvla.logic.vocabulary import Predicate, Vocabulary
from tvla.lang.tvs import format_structure

HALF_LIMIT = 16  # most unknown core values an update may leave for its completions to be enumerated
# completions one search of an action's updates enumerates in all: each resolution of 1/2 values is
# a structure to recompute and compare, and an update that sets a binary predicate to 1/2 leaves
# 2^16 of them on every 4-node structure, dozens of times per search (seed 44, case 2732: minutes)
COMPLETION_BUDGET = 1 << HALF_LIMIT

STRUCTURE_BUDGET = 100000
"""Structures of one size over one set of core predicates (satisfying the axioms) that the enumeration
gives at most: two binary predicates, two unary and two nullary ones make 334,976 structures of 3
nodes, each run through the checks (seed 66, case 2259: minutes); past it, nothing is checked from
that size on (a warning says so).  The corpus's largest sets stay below it: dll at 4 nodes has
82,335 structures, gc at 3 nodes 74,320 (at 4, millions: that check never ended)."""

CoreValue = Any
"""The value of one predicate on ``k`` nodes, shaped by its arity: a Kleene value (nullary), a
mask (unary) or a tuple of row masks (binary).  The code reads the shape off the arity, which
the type system cannot follow, so it is not checked."""

T = TypeVar("T")


@dataclass(frozen=True)
class Finding:
    severity: str  # "error" or "warning"
    where: Where
    text: str
    details: Tuple[str, ...] = ()  # extra lines (counterexample structures)

    def render(self) -> str:
        f, line, col = self.where
        head = f"{os.path.normpath(f)}:{line}:{col}: {self.severity}: {self.text}"
        return "\n".join([head, *self.details])


@dataclass
class CheckResult:
    findings: List[Finding] = field(default_factory=list)
    actions: int = 0
    updates: int = 0
    rules: int = 0
    messages: int = 0
    structures: int = 0

    @property
    def errors(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def warnings(self) -> List[Finding]:
        return [f for f in self.findings if f.severity == "warning"]

    @property
    def exit_code(self) -> int:
        return 1 if self.errors else 0

    def render(self) -> str:
        parts = [f.render() for f in self.findings]
        parts.append(f"checked {self.actions} action instance(s), {self.updates} instrumentation update(s), "
                     f"{self.rules} rule(s), {self.messages} message(s): "
                     f"{len(self.errors)} error(s), {len(self.warnings)} warning(s)")
        return "\n".join(parts) + "\n"


# ------------------------------------------------------------------ bit relations

def relation_closure(rows: Iterable[Mask]) -> List[Mask]:
    """Transitive closure of a relation given by row masks (Warshall)."""
    rows = list(rows)
    for k in range(len(rows)):
        bk, rk = 1 << k, rows[k]
        for i in range(len(rows)):
            if rows[i] & bk:
                rows[i] |= rk
    return rows


def satisfies_properties(rows: Sequence[Mask], props: AbstractSet[str]) -> bool:
    """Whether a concrete binary relation has every declared property."""
    k = len(rows)
    pairs = [(u, w) for u in range(k) for w in range(k)]
    has = lambda u, w: rows[u] >> w & 1  # noqa: E731
    checks = {
        "function": lambda: all(r & (r - 1) == 0 for r in rows),
        "invfunction": lambda: all(rows[u] & rows[w] == 0 for u in range(k) for w in range(u + 1, k)),
        "reflexive": lambda: all(has(u, u) for u in range(k)),
        "antireflexive": lambda: not any(has(u, u) for u in range(k)),
        "symmetric": lambda: all(has(u, w) == has(w, u) for u, w in pairs),
        "antisymmetric": lambda: not any(u != w and has(u, w) and has(w, u) for u, w in pairs),
        "transitive": lambda: all(rows[w] & ~rows[u] == 0 for u in range(k) for w in bits(rows[u])),
        "acyclic": lambda: not any(r >> u & 1 for u, r in enumerate(relation_closure(rows))),
    }
    return all(test() for name, test in checks.items() if name in props)


def permute_mask(mask: Mask, perm: Sequence[int]) -> Mask:
    out = 0
    for u in bits(mask):
        out |= 1 << perm[u]
    return out


def permute_value(arity: int, value: CoreValue, perm: Sequence[int]) -> CoreValue:
    """Image of a predicate's value (nullary int, unary mask, binary row tuple) under a node permutation."""
    if arity == 0:
        return value
    if arity == 1:
        return permute_mask(value, perm)
    rows = [0] * len(value)
    for u, r in enumerate(value):
        rows[perm[u]] = permute_mask(r, perm)
    return tuple(rows)


def prefix_consistent(rows: Sequence[Mask], props: AbstractSet[str]) -> bool:
    """Whether the last row of a partial relation (rows ``0..i``) agrees with the earlier ones on
    the properties that relate two rows: transitivity, (anti)symmetry, inverse functionality."""
    i = len(rows) - 1
    ri = rows[i]
    for u in range(i):
        ru = rows[u]
        if "transitive" in props:
            if ru >> i & 1 and ri & ~ru or ri >> u & 1 and ru & ~ri:
                return False
        if "symmetric" in props and (ru >> i & 1) != (ri >> u & 1):
            return False
        if "antisymmetric" in props and ru >> i & 1 and ri >> u & 1:
            return False
        if "invfunction" in props and ri & ru:
            return False
    return True


def raw_candidates(pred: Predicate, k: int) -> List[CoreValue]:
    """Every value of a core predicate on ``k`` nodes that has its declared properties (binary ones
    row by row, dropping a prefix as soon as two of its rows disagree)."""
    if pred.arity == 0:
        return [FALSE, TRUE]
    if pred.arity == 1:
        return [0] + [1 << u for u in range(k)] if "unique" in pred.props else list(range(1 << k))
    props = pred.props

    def row_options(u: int) -> Sequence[Mask]:
        opts: Sequence[Mask] = [0] + [1 << w for w in range(k)] if "function" in props else range(1 << k)
        if "reflexive" in props:
            opts = [r for r in opts if r >> u & 1]
        if "antireflexive" in props or "acyclic" in props:
            opts = [r for r in opts if not r >> u & 1]
        return opts
    prefixes: List[Tuple[Mask, ...]] = [()]
    for u in range(k):
        prefixes = [p + (r,) for p in prefixes for r in row_options(u) if prefix_consistent(p + (r,), props)]
    return [rows for rows in prefixes if satisfies_properties(rows, props)]


# ------------------------------------------------------------------ structures

class Compiled:
    """An :class:`Evaluator` (it compiles each formula once; a formula keeps its hash) and the closed
    forms of the formulae the checks evaluate on many small structures."""

    def __init__(self, voc: Vocabulary) -> None:
        self.evaluator = Evaluator(voc)
        self._closed: Dict[Tuple[F.Formula, FrozenSet[str]], F.Formula] = {}

    def compile(self, f: F.Formula, vec: Optional[str] = None) -> CompiledFormula:
        return self.evaluator.compile(f, vec)

    def value(self, f: F.Formula, s: Structure, env: Optional[Env] = None) -> Kleene:
        return scalar(self.compile(f)(s, env if env is not None else {}))

    def vector(self, f: F.Formula, var: str, s: Structure, env: Optional[Env] = None) -> Masks:
        return self.compile(f, var)(s, env if env is not None else {})

    def assignments(self, f: F.Formula, s: Structure, order: Sequence[str], env: Optional[Env] = None,
                    minimum: Kleene = HALF) -> Iterator[Tuple[Env, Kleene]]:
        return self.evaluator.assignments(f, s, order, env, minimum)

    def closed(self, f: F.Formula, bound: Iterable[str]) -> F.Formula:
        """``f`` with its free variables outside ``bound`` existentially quantified (built once)."""
        key = (f, frozenset(bound))
        hit = self._closed.get(key)
        if hit is None:
            hit = self._closed[key] = F.exists(sorted(f.free_vars() - set(bound)), f)
        return hit


def rule_formula(body: F.Formula, head: F.Formula) -> F.Formula:
    """The closed formula saying that the rule ``body ==> head`` holds."""
    fv = sorted(body.free_vars() | head.free_vars())
    return F.forall(fv, F.Implies(body, head))


def table_of(ev: Compiled, pred: Predicate, params: Sequence[str], f: F.Formula, s: Structure,
             env: Optional[Env] = None) -> Any:
    """The value of ``f`` for every tuple of ``params``, as :func:`~tvla.engine.action.store_table` writes it."""
    return compute_table(ev, pred, params, compile_table(ev, pred, params, f), s, env or {})


def build_structure(voc: Vocabulary, k: int, preds: Sequence[Predicate], values: Sequence[CoreValue]) -> Structure:
    s = Structure.empty(voc, k)
    for p, v in zip(preds, values):
        if p.arity == 0:
            s.nul[p.index] = v
        elif p.arity == 1:
            s.set_unary_masks(p.index, (v, 0))
        else:
            s.set_rows(p.index, (list(v), [0] * k))
    s.touched()
    return s


@dataclass(frozen=True)
class Axiom:
    """A core-only ``%r`` rule, as a closed formula, the predicates it reads, where it is written."""

    formula: F.Formula
    preds: FrozenSet[str]
    where: Where
    text: str


@dataclass(frozen=True)
class Theorem:
    """A consistency rule that reads an instrumentation predicate: it must follow from the axioms."""

    body: F.Formula
    head: F.Formula
    where: Where
    origin: str


def _definition(p: Predicate) -> F.Formula:
    """The definition of instrumentation predicate ``p`` (elaboration gives every one a definition)."""
    assert p.definition is not None, p.name
    return p.definition


def split_rules(program: Program, voc: Vocabulary) -> Tuple[List[Axiom], List[Theorem]]:
    """The program's ``%r`` rules and the property rules, as (axioms, theorems)."""
    raw: List[Tuple[F.Formula, F.Formula, Where, str]] = [(b, h, w, "rule") for b, h, w in program.rules]
    for b, h, src in property_rules(voc):
        name = src.split(" property of ", 1)[1].split(" ", 1)[0]
        pos = voc[name].pos
        assert pos is not None  # property rules are of declared predicates, which have a position
        raw.append((b, h, pos, src))
    axioms: List[Axiom] = []
    theorems: List[Theorem] = []
    for body, head, where, origin in raw:
        preds = frozenset(body.preds() | head.preds())
        if any(voc[q].kind == "instr" for q in preds):
            theorems.append(Theorem(body, head, where, origin))
        elif origin == "rule":  # a property of core predicates is built into the enumeration
            axioms.append(Axiom(rule_formula(body, head), preds, where, f"{body} ==> {head}"))
    return axioms, theorems


def orbit_representatives(states: Iterable[Tuple[Tuple[CoreValue, ...], List[int]]], arity: int,
                          candidates: Sequence[CoreValue], perms: Sequence[Tuple[int, ...]]
                          ) -> Iterator[Tuple[Tuple[CoreValue, ...], List[int]]]:
    """Extend each ``(values, automorphism group)`` by one value per orbit of the group on ``candidates``
    (the least one), with the stabilizer as the new group."""
    for values, group in states:
        if len(group) == 1:
            yield from ((values + (c,), group) for c in candidates)
            continue
        for c in candidates:
            images = [permute_value(arity, c, perms[g]) for g in group]
            if all(c <= im for im in images):
                yield values + (c,), [g for g, im in zip(group, images) if im == c]


class Unenumerable(Exception):
    """A check needs a predicate the enumeration does not generate, or too many structures of a size."""


class TooMany(Unenumerable):
    """The structures of one size are more than :data:`STRUCTURE_BUDGET`: nothing is checked from that
    size on (the text says so)."""


class Universe:
    """The concrete structures over sets of core predicates, one per isomorphism class, cached."""

    def __init__(self, voc: Vocabulary, ev: Compiled, axioms: List[Axiom]) -> None:
        self.voc, self.ev, self.axioms = voc, ev, axioms
        self.order = definition_order(voc)
        self.support = {p.name: core_support(voc, [p.name]) for p in voc.instrumentation}
        self._candidates: Dict[Tuple[str, int], List[CoreValue]] = {}
        self._structures: Dict[Tuple[int, FrozenSet[str]], List[Structure]] = {}
        self._ready: Dict[int, Set[str]] = {}  # id of a cached structure -> instrumentation predicates already set
        self._too_many: Dict[Tuple[int, FrozenSet[str]], TooMany] = {}  # sizes past STRUCTURE_BUDGET

    @property
    def count(self) -> int:
        """How many structures have been enumerated so far."""
        return sum(len(v) for v in self._structures.values())

    def candidates(self, pred: Predicate, k: int) -> List[CoreValue]:
        key = (pred.name, k)
        if key not in self._candidates:
            own = [a.formula for a in self.axioms if a.preds == {pred.name}]
            out = []
            for c in raw_candidates(pred, k):
                if own:
                    s = build_structure(self.voc, k, [pred], [c])
                    if not all(self.ev.value(f, s) == TRUE for f in own):
                        continue
                out.append(c)
            self._candidates[key] = out
        return self._candidates[key]

    def instrumentation_over(self, names: AbstractSet[str]) -> List[Predicate]:
        return [p for p in self.order if self.support[p.name] <= names]

    def definitions_of(self, preds: Iterable[str]) -> List[Predicate]:
        """The instrumentation predicates (in definition order) that the values of ``preds`` depend on."""
        todo: List[str] = list(preds)
        seen: Set[str] = set()
        while todo:
            q = todo.pop()
            if q not in seen and q in self.voc and self.voc[q].kind == "instr":
                seen.add(q)
                todo += _definition(self.voc[q]).preds()
        return [p for p in self.order if p.name in seen]

    def structures(self, k: int, names: Iterable[str], reads: Iterable[str] = ()) -> List[Structure]:
        """Structures with ``k`` nodes over the core predicates ``names`` (the others 0) satisfying the
        axioms, with the instrumentation predicates that ``reads`` depend on set to their definitions
        (computed on first demand: the structures are cached and shared)."""
        names = frozenset(names)
        key = (k, names)
        if key in self._too_many:
            raise self._too_many[key]
        if key not in self._structures:
            try:
                self._structures[key] = self.generate(k, names)
            except TooMany as e:
                self._too_many[key] = e
                raise
        out = self._structures[key]
        todo = [p for p in self.definitions_of(reads) if self.support[p.name] <= names]
        if todo:
            for s in out:
                ready = self._ready.setdefault(id(s), set())
                missing = [p for p in todo if p.name not in ready]
                if missing:
                    recompute(s, missing, self.ev)
                    ready.update(p.name for p in missing)
        return out

    def generate(self, k: int, names: FrozenSet[str]) -> List[Structure]:
        preds = sorted((self.voc[n] for n in names), key=lambda p: (-p.arity, p.name))
        perms = list(permutations(range(k)))
        states: Iterable[Tuple[Tuple[CoreValue, ...], List[int]]] = [((), list(range(len(perms))))]
        for p in preds:
            states = orbit_representatives(states, p.arity, self.candidates(p, k), perms)
        axioms = [a.formula for a in self.axioms if len(a.preds) > 1 and a.preds <= names]
        out: List[Structure] = []
        for values, _group in states:
            s = build_structure(self.voc, k, preds, values)
            if all(self.ev.value(f, s) == TRUE for f in axioms):
                if len(out) == STRUCTURE_BUDGET:
                    raise TooMany(f"not checked from {k} node(s) on: more than {STRUCTURE_BUDGET} structures "
                                  f"of {k} node(s) over {', '.join(sorted(names))}")
                out.append(s)
        return out

    def has_properties(self, s: Structure, names: Iterable[str]) -> bool:
        """Whether the core predicates ``names`` of ``s`` have their declared properties."""
        for n in names:
            p = self.voc[n]
            if p.arity == 1 and "unique" in p.props:
                ones = s.unary_nodes(p.index, TRUE)
                if ones & (ones - 1):
                    return False
            if p.arity == 2 and not satisfies_properties(s.rows(p.index)[0], p.props):
                return False
        return True

    def is_store(self, s: Structure, names: AbstractSet[str]) -> bool:
        """Whether the core predicates ``names`` of ``s`` have their properties and satisfy the axioms
        that mention them."""
        return self.has_properties(s, names) and \
            all(self.ev.value(a.formula, s) == TRUE for a in self.axioms if a.preds & names)

    def close(self, names: Iterable[str]) -> FrozenSet[str]:
        """``names`` and the core predicates of every axiom that relates them to others."""
        names = set(names)
        grew = True
        while grew:
            grew = False
            for a in self.axioms:
                if a.preds & names and not a.preds <= names:
                    names |= a.preds
                    grew = True
        return frozenset(names)


def core_support(voc: Vocabulary, names: Iterable[str], core_updates: Optional[Dict[str, Update]] = None
                 ) -> FrozenSet[str]:
    """The core predicates that the predicates ``names`` depend on, through definitions and (for
    predicates an action updates) through the update formulae."""
    core_updates = core_updates or {}
    todo: List[str] = list(names)
    seen: Set[str] = set()
    while todo:
        q = todo.pop()
        if q in seen or q not in voc:
            continue
        seen.add(q)
        p = voc[q]
        if p.kind == "instr":
            todo += _definition(p).preds()
        if q in core_updates:
            todo += core_updates[q][1].preds()
    return frozenset(q for q in seen if voc[q].kind == "core")


# ------------------------------------------------------------------ applying an action

@dataclass(frozen=True)
class UpdateCheck:
    """One instrumentation predicate whose value after an action must equal its definition."""

    pred: str
    params: Tuple[str, ...]
    formula: F.Formula
    origin: str  # "written", "derived" or "kept"
    where: Where


def action_checks(voc: Vocabulary, action: Action, action_where: Where, differencing: bool = True
                  ) -> Tuple[Dict[str, Update], List[UpdateCheck]]:
    """The core updates of an action and the instrumentation predicates to check after it."""
    written = dict(action.updates)
    diff = Differencer(voc, written)
    derived = diff.derived_updates() if differencing else {}
    core: Dict[str, Update] = {n: u for n, u in written.items() if voc[n].kind == "core"}
    resized = action.new is not None or action.retain is not None
    checks: List[UpdateCheck] = []
    for p in voc.instrumentation:
        if p.name in written:
            params, f = written[p.name]
            checks.append(UpdateCheck(p.name, params, f, "written", action.update_pos[p.name]))
        elif p.name in derived:
            params, f = derived[p.name]
            checks.append(UpdateCheck(p.name, params, f, "derived", action_where))
        elif p.name in diff.changed or resized:
            checks.append(UpdateCheck(p.name, p.params, F.Atom(p.name, p.params), "kept", action_where))
    return core, checks


def pre_environments(ev: Compiled, action: Action, s: Structure) -> List[Env]:
    """The bindings of the precondition's free variables under which it holds (``[{}]`` if closed)."""
    pre = action.precondition
    if pre is None:
        return [{}]
    fv = sorted(pre.free_vars())
    if not fv:
        return [{}] if ev.value(pre, s) != FALSE else []
    return [e for e, _v in ev.assignments(pre, s, fv)]


def fired(ev: Compiled, messages: Sequence[Message], s: Structure, env: Env) -> List[str]:
    """The texts of the messages whose (existentially closed) formula holds."""
    out = []
    for m in messages:
        if ev.value(ev.closed(m.formula, env), s, env) != FALSE:
            out.append(m.render())
    return out


def with_new_nodes(ev: Compiled, voc: Vocabulary, action: Action, s: Structure, env: Env,
                   instr: Sequence[Predicate]) -> Structure:
    """The structure the updates read: ``s`` plus the nodes of ``%new`` (isNew, instance set)."""
    if action.new is None:
        return s
    t = s.copy()
    create(t, action.new, env, ev, voc)
    t.touched()
    return recompute(t, instr, ev)


def apply_updates(ev: Compiled, voc: Vocabulary, action: Action, t: Structure, env: Env,
                  updates: Dict[str, Update]) -> Tuple[Structure, List[str]]:
    """What the engine stores: the updates applied at once, isNew/instance cleared, ``%retain`` applied.
    Returns the structure and the names of its nodes (``u<i>``, ``i`` the node index in ``t``)."""
    values = [(voc[n], table_of(ev, voc[n], params, f, t, env)) for n, (params, f) in updates.items()]
    u = t.copy()
    for p, v in values:
        store_table(u, p, v)
    if action.new is not None:
        clear_new(u, voc)
    if action.retain is not None:
        # %retain reads the structure before the updates; the nodes of %new stay
        keep = retained(t, action.retain, env, ev) | t.unary_nodes(voc["isNew"].index, TRUE)
        return u.restrict(keep), [f"u{i}" for i in bits(keep)]
    return u, [f"u{i}" for i in range(u.n)]


def unknown_core_values(s: Structure, core: Iterable[Predicate]) -> List[Tuple[Predicate, Tuple[int, ...]]]:
    """The (predicate, tuple) positions where a core predicate is 1/2."""
    out: List[Tuple[Predicate, Tuple[int, ...]]] = []
    for p in core:
        if p.arity <= 2:
            out += [(p, args) for args in half_cells(s, p)]
    return out


def completions(s: Structure, core: Iterable[Predicate], limit: int = HALF_LIMIT) -> Optional[List[Structure]]:
    """Every 2-valued structure obtained by resolving the 1/2 values of the core predicates ``core``
    (None when there are more than ``limit`` of them)."""
    unknown = unknown_core_values(s, core)
    if len(unknown) > limit:
        return None
    out = []
    for choice in product((FALSE, TRUE), repeat=len(unknown)):
        c = s.copy()
        for (p, args), v in zip(unknown, choice):
            c.set_value(p, args, v)
        out.append(c)
    return out


def disagreement(s: Structure, truth: Structure, pred: Predicate) -> Optional[Tuple[Tuple[int, ...], Kleene, Kleene]]:
    """The first tuple where ``pred`` is definite in ``s`` and differs in ``truth``: (tuple, value in s,
    value in truth), or None."""
    tuples = product(range(s.n), repeat=pred.arity)
    for args in tuples:
        v = s.value(pred, args)
        if v != HALF and v != truth.value(pred, args):
            return args, v, truth.value(pred, args)
    return None


# ------------------------------------------------------------------ reporting helpers

def show_tuple(names: Sequence[str], args: Iterable[int]) -> str:
    """The node names of a tuple, comma-separated."""
    return ", ".join(names[a] for a in args)


def show_env(env: Env) -> str:
    """`` with v_1 = u0, ...`` for the bindings of free variables (empty when none)."""
    if not env:
        return ""
    return " with " + ", ".join(f"{v} = u{u}" for v, u in sorted(env.items()))


def structure_lines(title: str, s: Structure, voc: Vocabulary, names: Optional[Sequence[str]] = None) -> List[str]:
    return [f"  {title}:"] + ["    " + line for line in format_structure(s, voc, names).split("\n")]


def rule_text(th: Theorem) -> str:
    rule = f"{th.body} ==> {th.head}"
    return f"consistency rule {rule}" if th.origin == "rule" else f"rule {rule} (from the {th.origin})"


def update_text(label: str, check: UpdateCheck, pred_name: str, args_text: str, got: Kleene, want: Kleene) -> str:
    atom = f"{pred_name}({args_text})"
    if check.origin == "kept":
        return (f"{label}: {pred_name} is not updated but its definition changes: "
                f"{atom} stays {show(got)}, its definition gives {show(want)}")
    how = "update of" if check.origin == "written" else "update (derived by finite differencing) of"
    return f"{label}: {how} {pred_name} is wrong: it sets {atom} = {show(got)}, its definition gives {show(want)}"


# ------------------------------------------------------------------ the checker

def action_instances(program: Program) -> List[Action]:
    """The distinct action instances of the CFG, in order of first use."""
    seen: Set[int] = set()
    out: List[Action] = []
    for e in program.edges:
        if id(e.action) not in seen:
            seen.add(id(e.action))
            out.append(e.action)
    return out


def definition_site(program: Program, action: Action) -> Where:
    """Where the action is defined (its CFG use when the definition is unknown)."""
    decl = program.actions.get(action.name)
    if decl is None or program.located is None:
        return action.pos
    return program.located.where(*decl.pos)


def message_preds(messages: Sequence[Message]) -> Set[str]:
    return set().union(*(m.formula.preds() for m in messages)) if messages else set()


def action_reads(action: Action) -> Set[str]:
    """Predicates read by the precondition, messages, ``%new``, ``%retain`` and written updates."""
    out = message_preds(action.pre_messages + action.post_messages)
    for f in (action.precondition, action.new, action.retain):
        if f is not None:
            out |= f.preds()
    for _params, f in action.updates.values():
        out |= f.preds()
    return out


def check_program(program: Program, nodes: int = 4, differencing: bool = True) -> CheckResult:
    """Run every check of the module docstring; return a :class:`CheckResult`."""
    return Checker(program, nodes, differencing).run()


class Checker:
    """The checks of one program up to ``nodes`` nodes; :meth:`run` returns the :class:`CheckResult`."""

    def __init__(self, program: Program, nodes: int = 4, differencing: bool = True) -> None:
        self.program = program
        self.voc = program.vocabulary
        self.ev = Compiled(self.voc)
        self.nodes = nodes
        self.differencing = differencing
        axioms, self.theorems = split_rules(program, self.voc)
        self.universe = Universe(self.voc, self.ev, axioms)
        self.result = CheckResult(rules=len(axioms))  # %r rules over core predicates: checked per action
        # signatures of update checks that passed: a check equal to one of them up to a renaming of
        # interchangeable core predicates (Set_Next_L(y, t) and Set_Next_L(p, yn)) passes too
        self.passed: Set[str] = set()

    def run(self) -> CheckResult:
        for th in self.theorems:
            self.guarded(th.where, lambda: self.check_rule(th))
        top = (self.program.path, 1, 1)
        for m in self.program.global_messages:
            self.guarded(top, lambda: self.check_message(None, m, top, False))
        for action in action_instances(self.program):
            self.guarded(definition_site(self.program, action), lambda: self.check_action(action))
        self.result.structures = self.universe.count
        return self.result

    def add(self, severity: str, where: Where, text: str, details: Iterable[str] = ()) -> None:
        f = Finding(severity, where, text, tuple(details))
        if f not in self.result.findings:
            self.result.findings.append(f)

    def search(self, names: FrozenSet[str], test: Callable[[Structure], Optional[T]], reads: Iterable[str]
               ) -> Optional[Tuple[Structure, T]]:
        """The first structure (fewest nodes first) over ``names`` for which ``test`` gives a true value,
        and that value; None when there is none up to the bound.  ``test`` reads the predicates ``reads``."""
        for k in range(self.nodes + 1):
            for s in self.universe.structures(k, names, reads):
                r = test(s)
                if r:
                    return s, r
        return None

    def close(self, names: Iterable[str], core: Optional[Dict[str, Update]] = None) -> FrozenSet[str]:
        """The core predicates to enumerate for formulae that read ``names``."""
        out = self.universe.close(core_support(self.voc, names, core))
        wide = sorted(n for n in out if self.voc[n].arity > 2)
        if wide:
            raise Unenumerable(f"not checked: predicates of arity 3 or more ({', '.join(wide)}) are not enumerated")
        return out

    def guarded(self, where: Where, check: Callable[[], None]) -> None:
        try:
            check()
        except Unenumerable as e:
            self.add("warning", where, str(e))

    # -------------------------------------------------------------- rules
    def check_rule(self, th: Theorem) -> None:
        self.result.rules += 1
        f = rule_formula(th.body, th.head)
        fv = sorted(th.body.free_vars() | th.head.free_vars())
        violated = F.conj(th.body, F.neg(th.head))

        def fails(s: Structure) -> Optional[Env]:
            if self.ev.value(f, s) == TRUE:
                return None
            return next((e for e, _v in self.ev.assignments(violated, s, fv, minimum=TRUE)), {}) or {"": 0}
        preds = th.body.preds() | th.head.preds()
        hit = self.search(self.close(preds), fails, preds)
        if hit:
            s, env = hit
            env = {v: u for v, u in env.items() if v}
            self.add("error", th.where, f"{rule_text(th)} does not hold{show_env(env)}",
                     structure_lines(f"counterexample ({s.n} node(s))", s, self.voc))

    # -------------------------------------------------------------- actions
    def check_action(self, action: Action) -> None:
        where = definition_site(self.program, action)
        core, checks = action_checks(self.voc, action, where, self.differencing)
        self.result.actions += 1
        self.result.updates += len(checks)
        self.check_focus(action, checks, where)
        messages = self.program.global_messages + action.pre_messages
        base = message_preds(messages)
        for f in (action.precondition, action.new, action.retain):
            if f is not None:
                base |= f.preds()
        groups: Dict[FrozenSet[str], List[UpdateCheck]] = {}
        for c in checks:
            groups.setdefault(self.close(base | c.formula.preds() | {c.pred}, core), []).append(c)
        excused: Dict[Tuple[Where, str], List[str]] = {}  # (where, message) -> predicates wrong only where the action reports that message
        for names, cs in groups.items():
            search = UpdateSearch(self, action, core, names, messages)
            key = search.signature(cs)
            if key is not None and key in self.passed:
                continue
            before = len(self.result.findings)
            wrong = search.run(cs)
            for c, note in wrong:
                excused.setdefault((c.where, note), []).append(c.pred)
            if key is not None and len(self.result.findings) == before and not wrong:
                self.passed.add(key)
        for (site, note), preds in excused.items():
            self.add("warning", site, f"{action.label}: {', '.join(preds)} disagree(s) with the definition after "
                     f"the action, but only on stores where it reports \"{note}\"")
        for axiom in self.universe.axioms:
            if axiom.preds & set(core) or action.new is not None:
                self.check_preservation(action, core, axiom, messages)
        for m in action.pre_messages:
            self.check_message(action, m, where, pre=True)
        for m in action.post_messages:
            self.check_message(action, m, where, pre=False, core=core)

    def check_focus(self, action: Action, checks: Sequence[UpdateCheck], where: Where) -> None:
        reads = action_reads(action) | set().union(*(c.formula.preds() for c in checks)) \
            | message_preds(self.program.global_messages)
        writes = set(action.updates) | {c.pred for c in checks if c.origin != "kept"}
        for f in action.focus:
            wasted = sorted(q for q in f.preds() - reads - writes if self.voc[q].kind != "builtin")
            if wasted:
                self.add("warning", where, f"{action.label}: focus formula {f} mentions {', '.join(wasted)}, "
                         f"which the action neither reads nor writes")

    def check_preservation(self, action: Action, core: Dict[str, Update], axiom: Axiom,
                           messages: Sequence[Message]) -> None:
        """A core-only ``%r`` rule claims every store satisfies it: the action must keep it (when it
        updates the rule's predicates definitely and keeps the properties; otherwise coerce decides)."""
        reads = action_reads(action) | axiom.preds
        names = self.close(reads, core)
        updates = {n: u for n, u in core.items() if n in names}
        instr = self.universe.instrumentation_over(names)
        preds = [self.voc[n] for n in sorted(axiom.preds)]
        excuse: Optional[str] = None
        for k in range(self.nodes + 1):
            for s in self.universe.structures(k, names, reads):
                for env in pre_environments(self.ev, action, s):
                    t = with_new_nodes(self.ev, self.voc, action, s, env, instr)
                    u, node_names = apply_updates(self.ev, self.voc, action, t, env, updates)
                    if unknown_core_values(u, preds) or not self.universe.has_properties(u, axiom.preds) \
                            or self.ev.value(axiom.formula, u) == TRUE:
                        continue
                    notes = fired(self.ev, messages, s, env)
                    if notes:
                        excuse = excuse or notes[0]
                        continue
                    recompute(u, instr, self.ev)  # shown as the store it is
                    self.add("error", axiom.where, f"consistency rule {axiom.text} is not kept by {action.label}"
                             f"{show_env(env)}", structure_lines(f"counterexample ({s.n} node(s)), before", s,
                                                                 self.voc)
                             + structure_lines("after the action", u, self.voc, node_names))
                    return
        if excuse:
            self.add("warning", axiom.where, f"consistency rule {axiom.text} is not kept by {action.label}, "
                     f"but only on stores where it reports \"{excuse}\"")

    # -------------------------------------------------------------- messages
    def check_message(self, action: Optional[Action], m: Message, where: Where, pre: bool,
                      core: Optional[Dict[str, Update]] = None) -> None:
        """Warn when message ``m`` fires on no structure (after the precondition for a pre-update message,
        on the new structure for a post-update one)."""
        self.result.messages += 1
        label = f"{action.label}: " if action is not None else ""
        hit: Optional[Tuple[Structure, object]]
        if action is None:
            preds = m.formula.preds()
            hit = self.search(self.close(preds), lambda s: fired(self.ev, [m], s, {}), preds)
        elif pre:
            preds = m.formula.preds() | (action.precondition.preds() if action.precondition else set())
            hit = self.search(self.close(preds), lambda s: any(fired(self.ev, [m], s, e)
                                                               for e in pre_environments(self.ev, action, s)), preds)
        else:
            preds = action_reads(action)
            names = self.close(preds | m.formula.preds(), core)
            assert core is not None  # a post-update message is checked with the action's core updates
            search = UpdateSearch(self, action, core, names, [])
            hit = self.search(names, lambda s: search.post_fires(s, m), preds)
        if not hit:
            self.add("warning", where, f"{label}message \"{m.render()}\" never fires on a structure with at most "
                     f"{self.nodes} node(s)")

class UpdateSearch:
    """The update checks of one action instance over one set of core predicates."""

    def __init__(self, checker: Checker, action: Action, core: Dict[str, Update], names: FrozenSet[str],
                 messages: Sequence[Message]) -> None:
        self.ck, self.action, self.names, self.messages = checker, action, names, messages
        self.voc, self.ev = checker.voc, checker.ev
        self.instr = checker.universe.instrumentation_over(names)
        self.core_preds = [self.voc[n] for n in sorted(names)]
        self.core_updates = {n: u for n, u in core.items() if n in names}
        # removing nodes keeps the axioms (universal sentences); new nodes and updates may break them
        self.changed = names if action.new is not None else frozenset(self.core_updates)
        self.budget = COMPLETION_BUDGET  # completions left (a definite structure costs none)

    def outcomes(self, s: Structure, updates: Dict[str, Update], instr: Sequence[Predicate]
                 ) -> Iterator[Tuple[Env, Structure, List[str], Optional[List[Structure]]]]:
        """``(env, updated structure, its node names, true structures)`` for every way the action applies
        to ``s``; the true structures (``instr`` set to their definitions) are None when too many core
        values are 1/2."""
        for env in pre_environments(self.ev, self.action, s):
            t = with_new_nodes(self.ev, self.voc, self.action, s, env, self.instr)
            u, node_names = apply_updates(self.ev, self.voc, self.action, t, env, updates)
            truths = completions(u, self.core_preds, max(self.budget.bit_length() - 1, 0))
            if truths is not None:
                self.budget -= len(truths) - 1
                truths = [c for c in truths if self.ck.universe.is_store(c, self.changed)]
                for c in truths:
                    recompute(c, instr, self.ev)
            yield env, u, node_names, truths

    def signature(self, checks: Sequence[UpdateCheck], limit: int = 120) -> Optional[str]:
        """What the checks compute, with the core predicates renamed canonically (the least rendering
        over the permutations of predicates with equal arity and properties); None beyond ``limit``
        permutations."""
        classes: Dict[Tuple[int, Tuple[str, ...]], List[str]] = {}
        for n in sorted(self.names):
            p = self.voc[n]
            classes.setdefault((p.arity, tuple(sorted(p.props))), []).append(n)
        options = [list(permutations(members)) for members in classes.values()]
        count = 1
        for o in options:
            count *= len(o)
        if count > limit:
            return None
        texts = []
        for choice in product(*options):
            ren = {n: f"P{k}" for k, n in enumerate(n for group in choice for n in group)}
            texts.append(self.rendering(checks, ren))
        return min(texts)

    def rendering(self, checks: Sequence[UpdateCheck], ren: Dict[str, str]) -> str:
        """The formulae the checks read, with core predicates renamed by ``ren`` and instrumentation
        predicates replaced by their (renamed) definitions."""
        memo: Dict[str, str] = {}

        def name(q: str) -> str:
            if q in ren or q not in self.voc or self.voc[q].kind != "instr":
                return ren.get(q, q)
            if q not in memo:
                p = self.voc[q]
                memo[q] = "{" + ",".join(p.params) + ":" + str(F.rename_preds(_definition(p), name)) + "}"
            return memo[q]
        show_f = lambda f: "-" if f is None else str(F.rename_preds(f, name))  # noqa: E731
        a = self.action
        updates: List[Tuple[object, ...]] = sorted((name(n), params, show_f(f))
                                                   for n, (params, f) in self.core_updates.items())
        updates += sorted((name(c.pred), c.params, show_f(c.formula), c.origin) for c in checks)
        axioms = sorted(show_f(x.formula) for x in self.ck.universe.axioms if x.preds & self.names)
        return repr((updates, show_f(a.precondition), show_f(a.new), show_f(a.retain),
                     [show_f(m.formula) for m in self.messages], axioms))

    def post_fires(self, s: Structure, m: Message) -> bool:
        instr = self.ck.universe.definitions_of(m.formula.preds())
        return any(fired(self.ev, [m], c, env)
                   for env, _u, _names, truths in self.outcomes(s, self.core_updates, instr) for c in truths or [])

    def run(self, checks: Sequence[UpdateCheck]) -> List[Tuple[UpdateCheck, str]]:
        """Report every check that fails on a store where the action reports no message; return the
        ``(check, message)`` pairs of the checks that fail only where the action reports a message."""
        updates = dict(self.core_updates)
        updates.update({c.pred: (c.params, c.formula) for c in checks})
        instr = self.ck.universe.definitions_of([c.pred for c in checks])
        pending = {c.pred: c for c in checks}
        excused: Dict[str, str] = {}
        reads = action_reads(self.action) | message_preds(self.messages)
        reads = reads.union(*(f.preds() for _params, f in updates.values()))
        for k in range(self.ck.nodes + 1):
            try:
                structures = self.ck.universe.structures(k, self.names, reads)
            except TooMany as e:
                self.ck.add("warning", checks[0].where, f"{self.action.label}: {e}")
                break
            for s in structures:
                for env, u, node_names, truths in self.outcomes(s, updates, instr):
                    if truths is None:
                        self.ck.add("warning", checks[0].where, f"{self.action.label}: core values become "
                                    f"1/2 in more than {COMPLETION_BUDGET} ways; not checked from {s.n} node(s) on")
                        return []
                    self.compare(pending, excused, s, env, u, node_names, truths)
                if not pending:
                    return []
        return [(pending[pred], note) for pred, note in excused.items() if pred in pending]

    def derived_from(self, check: UpdateCheck) -> str:
        """For a derived update: the hand-written instrumentation updates it is derived from."""
        if check.origin != "derived":
            return ""
        basis = [p.name for p in self.ck.universe.definitions_of([check.pred])
                 if p.name != check.pred and p.name in self.action.updates]
        return f" (derived from the update of {', '.join(basis)})" if basis else ""

    def compare(self, pending: Dict[str, UpdateCheck], excused: Dict[str, str], s: Structure, env: Env,
                u: Structure, node_names: Sequence[str], truths: Iterable[Structure]) -> None:
        for truth in truths:
            for c in list(pending.values()):
                d = disagreement(u, truth, self.voc[c.pred])
                if d is None:
                    continue
                args, got, want = d
                notes = fired(self.ev, self.messages, s, env)
                if notes:
                    # the action reports an error on this store: a warning, unless a store without one fails
                    excused.setdefault(c.pred, notes[0])
                    continue
                text = update_text(self.action.label, c, c.pred, show_tuple(node_names, args), got, want)
                text += show_env(env) + self.derived_from(c)
                del pending[c.pred]
                self.ck.add("error", c.where, text,
                            structure_lines(f"smallest counterexample ({s.n} node(s)), before", s, self.voc)
                            + structure_lines("after the update", u, self.voc, node_names))
