"""Concrete stores: concretization, embedding and a concrete interpreter.

A *concrete* store is a :class:`~tvla.logic.structure.Structure` with no 1/2 value
and no summary node: every node is one individual.  This module gives

* :func:`concretize`: the concrete stores (up to isomorphism, at most K
  nodes) that an abstract structure describes: every summary node stands for
  1..K individuals, every 1/2 of a core predicate resolves to 0 or 1, the
  instrumentation predicates are recomputed from their definitions, and only
  the stores that satisfy the consistency rules and embed into the abstract
  structure are kept;
* :func:`embeds`: TVLA's embedding order, a concrete store into an abstract
  structure (surjective on nodes, values compatible);
* :class:`Interpreter`: one CFG action applied to a concrete store: the
  precondition (one successor per satisfying binding of its free variables),
  the messages, ``%new``, the core updates, ``%retain``, then every
  instrumentation predicate recomputed from its definition.  It is the ground
  truth the abstract semantics must over-approximate: a wrong update formula
  in a spec shows up as a concrete store that does not embed.

Resolving 1/2 values (in concretization, and for an update to 1/2 such as a
fresh node's unknown data) branches on one value at a time and coerces after
each choice, so the consistency rules prune the search; the data order
``dle`` of the sorting library comes out as a total preorder that way.
"""

from itertools import product
from typing import (Any, Callable, Dict, FrozenSet, Hashable, Iterable, Iterator, List, Optional, Protocol,
                    Sequence, Set, Tuple, Union)

from tvla.logic import formula as F
from tvla.engine.action import clear_new, compile_table, compute_table, recompute, store_table
from tvla.engine.coerce import Coercer, Rule, build_rules, property_rules
from tvla.engine.fixpoint import definition_order
from tvla.lang.program import Action, Message, Program
from tvla.logic.evaluate import Assignment, CompiledFormula, Evaluator, scalar
from tvla.logic.heap import tuples_with
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask, Masks
from tvla.logic.structure import Inconsistent, Structure, bits
from tvla.logic.vocabulary import Predicate, Vocabulary

Env = Assignment
"""Free variables bound to nodes."""

Origin = List[Optional[int]]
"""Per node of a successor store, the node of the old store it continues (None: allocated)."""


class FormulaEvaluator(Protocol):
    """What :func:`create` and :func:`retained` read formulae with: an :class:`Evaluator`, or the
    checker's cache of one (:class:`tvla.concrete.check.Compiled`)."""

    def value(self, f: F.Formula, s: Structure, env: Optional[Env] = None) -> Kleene: ...

    def vector(self, f: F.Formula, var: str, s: Structure, env: Optional[Env] = None) -> Masks: ...


# ---------------------------------------------------------------------------- cells and values

def half_cells(s: Structure, p: Predicate) -> List[Tuple[int, ...]]:
    """The argument tuples at which ``p`` is 1/2."""
    return tuples_with(s, p, HALF)


def is_concrete(s: Structure) -> bool:
    """No summary node and no 1/2 value anywhere."""
    return (HALF not in s.nul and not any(u for _, u in s.unary_tables())
            and not any(any(rows_u) for _, rows_u in s.binary_tables())
            and all(v == TRUE for h in s.hi for v in h.values()))


def permute(s: Structure, order: Sequence[int]) -> Structure:
    """A copy of ``s`` whose node ``k`` is node ``order[k]`` of ``s``."""
    if all(k == u for k, u in enumerate(order)):
        return s.copy()
    pos = [0] * len(order)
    for k, u in enumerate(order):
        pos[u] = k
    return s.renumbered(pos)


def canonical(s: Structure) -> Structure:
    """``s`` with its nodes ordered by colour refinement (isomorphic structures whose
    nodes the refinement tells apart get equal keys; ties keep the node order)."""
    n = s.n
    unary = list(s.unary_tables())
    colour = _compress([tuple((t >> u & 1) | (h >> u & 1) << 1 for t, h in unary) for u in range(n)])
    count = len(set(colour))
    if count < n:
        # an empty predicate tells no node apart (the 1/2 rows are empty on every concrete store)
        binary = list(s.binary_tables())
        masks = [rows_t for rows_t, _ in binary if any(rows_t)] + [rows_u for _, rows_u in binary if any(rows_u)]
        # each node's successors, then its predecessors, by each relation: read once for all rounds
        succ = [[bits(m) for m in rows] for rows in masks]
        pred: List[List[List[int]]] = [[[] for _ in range(n)] for _ in masks]
        for ws_of, back in zip(succ, pred):
            for u, ws in enumerate(ws_of):
                for w in ws:
                    back[w].append(u)
        rels = succ + pred
        near = [tuple(ws_of[u] for ws_of in rels) for u in range(n)]
    while count < n:
        sig = [(colour[u],) + tuple(tuple(sorted([colour[w] for w in ws])) if len(ws) > 1 else
                                    (colour[ws[0]],) if ws else () for ws in near[u])
               for u in range(n)]
        new = _compress(sig)
        new_count = len(set(new))
        if new_count == count:
            break
        colour, count = new, new_count
    order = sorted(range(n), key=lambda u: (colour[u], u))
    return permute(s, order)


def _compress(signatures: Sequence[Tuple[Any, ...]]) -> List[int]:
    rank = {sig: k for k, sig in enumerate(sorted(set(signatures)))}
    return [rank[sig] for sig in signatures]


def canonical_key(s: Structure) -> Hashable:
    return canonical(s).key()


# ---------------------------------------------------------------------------- embedding

def _leq(c: Kleene, a: Kleene) -> bool:
    """Concrete value ``c`` is below abstract value ``a`` in the information order."""
    return a == HALF or a == c


def _node_fits(c: Structure, a: Structure, voc: Vocabulary, u: int, x: int) -> bool:
    return all(_leq(c.unary(p.index, u), a.unary(p.index, x)) for p in voc.unary if p.name != "sm")


def _pair_fits(c: Structure, a: Structure, voc: Vocabulary, u: int, x: int, w: int, y: int) -> bool:
    return all(_leq(c.binary(i, u, w), a.binary(i, x, y)) for i in range(len(voc.binary)))


def embedding(c: Structure, a: Structure, voc: Vocabulary) -> Optional[List[int]]:
    """A node map embedding concrete ``c`` into abstract ``a`` (onto the active nodes;
    only summary nodes receive several nodes; every value compatible), or None.
    Candidates come from the unary values (the canonical names); a small search
    settles the rest."""
    must = frozenset(bits(a.active))  # the nodes that stand for an individual
    if c.n < len(must) or not all(_leq(x, y) for x, y in zip(c.nul, a.nul)):
        return None
    summary = a.summary
    cands = [[x for x in range(a.n) if _node_fits(c, a, voc, u, x)] for u in range(c.n)]
    if any(not cs for cs in cands):
        return None
    f: List[int] = []

    def extend(u: int, used: FrozenSet[int]) -> bool:
        if u == c.n:
            return must <= used
        for x in cands[u]:
            if x in used and not summary >> x & 1:
                continue
            if c.n - u - 1 < len(must - used - {x}):
                continue  # too few nodes left to cover the abstract ones
            if all(_pair_fits(c, a, voc, u, x, w, f[w]) and _pair_fits(c, a, voc, w, f[w], u, x)
                   for w in range(u)) and _pair_fits(c, a, voc, u, x, u, x):
                f.append(x)
                if extend(u + 1, used | {x}):
                    return True
                f.pop()
        return False

    if not extend(0, frozenset()):
        return None
    if any(not _leq(v, a.hi[i].get(tuple(f[z] for z in t), FALSE))
           for i, h in enumerate(c.hi) for t, v in h.items()):
        return None
    return f


def embeds(c: Structure, a: Structure, voc: Vocabulary) -> bool:
    """Does concrete store ``c`` embed into abstract structure ``a``?"""
    return embedding(c, a, voc) is not None


# ---------------------------------------------------------------------------- rules

class RuleCheck:
    """The spec's consistency rules and the predicate properties, evaluated exactly on
    concrete stores (the rules that follow from definitions hold once the
    instrumentation is recomputed, so they need no check)."""

    def __init__(self, program: Program, ev: Evaluator) -> None:
        self.ev = ev
        raw = [(b, h) for b, h, _w in program.rules] + [(b, h) for b, h, _s in property_rules(program.vocabulary)]
        # compiled once: looking a formula up in the evaluator's cache hashes it, at every store
        self.checks: List[Tuple[FrozenSet[str], CompiledFormula]] = []
        for body, head in raw:
            broken = F.conj(body, F.neg(head))
            self.checks.append((frozenset(broken.preds()), ev.compile(F.exists(sorted(broken.free_vars()), broken))))

    def holds(self, s: Structure, changed: Optional[Set[str]] = None) -> bool:
        """No rule is broken in concrete ``s`` (only rules reading ``changed`` are
        checked when it is given: the others held before the change)."""
        return not any(scalar(fn(s, {})) == TRUE for deps, fn in self.checks
                       if changed is None or deps & changed)


def affected(order: Sequence[Predicate], changed: Iterable[str]) -> List[Predicate]:
    """The instrumentation predicates (in ``order``) whose definition reads, directly
    or through another one, a predicate in ``changed``."""
    out: List[Predicate] = []
    names = set(changed)
    for p in order:
        assert p.definition is not None  # an instrumentation predicate
        if p.definition.preds() & names:
            out.append(p)
            names.add(p.name)
    return out


# ---------------------------------------------------------------------------- concretization

def expand(abstract: Structure, multiplicity: Dict[int, int]) -> Structure:
    """``abstract`` with node ``u`` copied ``multiplicity[u]`` times (0: removed) and
    no summary or maybe-active node left (copies inherit every value, so 1/2 stays 1/2)."""
    s = abstract.copy()
    gone = 0
    for u, m in sorted(multiplicity.items()):
        if m == 0:
            gone |= 1 << u
        for _ in range(m - 1):
            s.duplicate_node(u)
    s.set_summary(0)
    s.set_maybe_active(0)
    if gone:
        s.drop_nodes(gone)
    return s


class Effort:
    """How many more ways of resolving a 1/2 value (a coerce each) the building of stores may try:
    nodes expanded from one summary node are interchangeable, so a list of k such nodes is found
    after some k! ways (8 nodes: 72,000 coerce calls, 14 s), where a bound stops it."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left

    def spend(self) -> bool:
        """Take one way; False when none was left."""
        self.left -= 1
        return self.left >= 0

    @property
    def spent(self) -> bool:
        return self.left < 0


def resolve(s: Structure, preds: Sequence[Predicate], coercer: Coercer,
            effort: Optional[Effort] = None) -> Iterator[Structure]:
    """Every coerced way of turning the 1/2 values of ``preds`` in ``s`` into 0 or 1,
    one isomorphism class each (``s`` must be coerced), predicate by predicate.

    Lazily, depth first: a caller that needs a few stores (the witness search) stops
    early, where listing the 2^k ways of a 5-node store took minutes.  The order is that
    of resolving every store predicate by predicate: a way isomorphic to an earlier one
    after the same predicates is skipped with all the ways it leads to.  With ``effort``, each way
    tried spends one, and none is tried once it is spent."""
    if not preds:
        yield s
        return
    seen: List[Set[Hashable]] = [set() for _p in preds]
    # per level: the ways of resolving the next predicate in the store above, that store
    # and its key (a predicate without 1/2 values gives the store itself: same key)
    stack: List[Tuple[Iterator[Structure], Structure, Optional[Hashable]]] = [
        (_resolve_pred(s, preds[0], coercer, effort), s, None)]
    while stack:
        ways, above, above_key = stack[-1]
        r = next(ways, None)
        if r is None:
            stack.pop()
            continue
        i = len(stack) - 1
        key = above_key if r is above and above_key is not None else canonical_key(r)
        if key in seen[i]:
            continue
        seen[i].add(key)
        if i + 1 == len(preds):
            yield r
        else:
            stack.append((_resolve_pred(r, preds[i + 1], coercer, effort), r, key))


def _resolve_pred(s: Structure, p: Predicate, coercer: Coercer, effort: Optional[Effort]) -> Iterator[Structure]:
    cells = half_cells(s, p)
    if not cells:
        yield s
        return
    for v in (FALSE, TRUE):
        if effort is not None and not effort.spend():
            return
        t = s.copy()
        t.set_value(p, cells[0], v)
        try:
            coercer.coerce(t, {p.name})
        except Inconsistent:
            continue
        yield from _resolve_pred(t, p, coercer, effort)


class Concretizer:
    """Concrete stores described by abstract structures of one program."""

    def __init__(self, voc: Vocabulary, coercer: Coercer, evaluator: Evaluator) -> None:
        self.voc = voc
        self.coercer = coercer
        self.ev = evaluator
        self.core = [p for p in voc.preds.values() if p.kind == "core"]
        self.order = definition_order(voc)

    def multiplicities(self, abstract: Structure, size: int) -> List[Dict[int, int]]:
        """Every map from the summary and maybe-active nodes to their number of
        individuals (a summary node 1.., a maybe-active one from 0) with ``size``
        nodes in all."""
        flexible = bits(abstract.summary | abstract.maybe_active)
        extra = size - (abstract.n - len(flexible))
        if extra < 0:
            return []
        choices = [range(0 if abstract.is_maybe_active(u) else 1,
                         extra + 1 if abstract.is_summary(u) else 2) for u in flexible]
        return [dict(zip(flexible, ms)) for ms in product(*choices) if sum(ms) == extra]

    def stores(self, abstract: Structure, size: int, limit: Optional[int] = None,
               effort: Optional[Effort] = None) -> List[Structure]:
        """The concrete stores of exactly ``size`` nodes that ``abstract`` describes (with a
        ``limit``: all of them, or ``limit`` + 1 of them; with an ``effort``: those found before
        it is spent)."""
        found: Dict[Hashable, Structure] = {}
        for mult in self.multiplicities(abstract, size):
            if limit is not None and len(found) > limit:
                break
            s = expand(abstract, mult)
            try:
                self.coercer.coerce(s)
            except Inconsistent:
                continue
            for r in resolve(s, self.core, self.coercer, effort):
                c = self.finish(r)
                if c is not None and embeds(c, abstract, self.voc):
                    found.setdefault(canonical_key(c), c)
                    if limit is not None and len(found) > limit:
                        break
        return list(found.values())

    def finish(self, s: Structure) -> Optional[Structure]:
        """Recompute the instrumentation of a store whose core values are definite; None
        when a recomputed value contradicts the partial one or a rule fails."""
        c = recompute(s.copy(), self.order, self.ev)
        for p in self.order:
            if any(not _leq(c.value(p, t), s.value(p, t)) for t in _all_tuples(c, p)):
                return None
        return c if self.consistent(c) else None

    def consistent(self, c: Structure) -> bool:
        try:
            self.coercer.coerce(c)
        except Inconsistent:
            return False
        return True


def _all_tuples(s: Structure, p: Predicate) -> Iterator[Tuple[int, ...]]:
    return product(range(s.n), repeat=p.arity)


def concretize(abstract: Structure, voc: Vocabulary, rules: Union[Coercer, List[Rule]], max_nodes: int,
               min_nodes: int = 0, evaluator: Optional[Evaluator] = None) -> List[Structure]:
    """The concrete stores with ``min_nodes``..``max_nodes`` nodes that ``abstract``
    describes, smallest first, one per isomorphism class.  ``rules`` is a
    :class:`~tvla.engine.coerce.Coercer` or a list of rules."""
    ev = evaluator or Evaluator(voc)
    coercer = rules if isinstance(rules, Coercer) else Coercer(voc, rules, ev)
    conc = Concretizer(voc, coercer, ev)
    out: List[Structure] = []
    for size in range(max(min_nodes, 0), max_nodes + 1):
        out += conc.stores(abstract, size)
    return out


def program_coercer(program: Program, evaluator: Evaluator) -> Coercer:
    """The coercer of a program's rules (spec, properties, definitions, automatic)."""
    return Coercer(program.vocabulary, build_rules(program.vocabulary, program.rules, True), evaluator)


# ---------------------------------------------------------------------------- interpreter

class ConcreteAction:
    """One action compiled for concrete execution."""

    def __init__(self, action: Action, program: Program, ev: Evaluator) -> None:
        self.action = action
        self.ev = ev
        voc = program.vocabulary
        self.pre = action.precondition
        self.pre_vars: List[str] = sorted(self.pre.free_vars()) if self.pre is not None else []

        def closed(m: Message) -> Tuple[F.Formula, str]:
            return F.exists(sorted(m.formula.free_vars() - set(self.pre_vars)), m.formula), m.render()
        self.pre_messages = [closed(m) for m in program.global_messages + action.pre_messages]
        self.post_messages = [closed(m) for m in action.post_messages]
        # the ground truth: only core predicates are updated, the rest is recomputed
        self.updates = [(voc[name], params, compile_table(ev, voc[name], params, f))
                        for name, (params, f) in action.updates.items() if voc[name].kind == "core"]
        self.changed = {p.name for p, _, _ in self.updates}
        # set by Interpreter.compiled_action: the instrumentation to recompute after the action, and
        # the predicates whose rules need a check (None: every rule)
        self.instr: List[Predicate] = []
        self.check: Optional[Set[str]] = None

    def bindings(self, s: Structure) -> List[Env]:
        """The environments under which the precondition holds."""
        if self.pre is None:
            return [{}]
        return [env for env, _ in self.ev.assignments(self.pre, s, self.pre_vars, minimum=TRUE)]

    def fired(self, messages: Sequence[Tuple[F.Formula, str]], s: Structure, env: Env) -> List[str]:
        return [text for f, text in messages if self.ev.value(f, s, env) == TRUE]

    def update(self, s: Structure, env: Env, voc: Vocabulary) -> Tuple[Structure, Origin]:
        """New store after ``%new``, the core updates and ``%retain`` (read on the store
        before ``%new``; 1/2 results kept), with ``origin[k]``: the old node that new
        node ``k`` is (None: allocated)."""
        s = s.copy()
        origin: Origin = list(range(s.n))
        keep = retained(s, self.action.retain, env, self.ev) if self.action.retain is not None else None
        old_full = s.full
        if self.action.new is not None:
            origin += create(s, self.action.new, env, self.ev, voc)
        results = [(p, compute_table(self.ev, p, params, fn, s, env)) for p, params, fn in self.updates]
        for p, val in results:
            store_table(s, p, val)
        clear_new(s, voc)
        if keep is not None:
            keep |= s.full & ~old_full   # the nodes of %new stay
            origin = [origin[u] for u in bits(keep)]
            s = s.restrict(keep)
        return s, origin


def create(s: Structure, new: F.Formula, env: Env, ev: FormulaEvaluator, voc: Vocabulary) -> Origin:
    """Allocate the nodes of ``%new`` in ``s``; return their origins (None each)."""
    is_new, inst = voc["isNew"].index, voc["instance"].index
    if new == F.TRUE_F:
        s.set_unary(is_new, s.add_node(), TRUE)
        return [None]
    fv = sorted(new.free_vars() - set(env))
    t, _ = ev.vector(new, fv[0] if fv else "v", s, env)
    added: Origin = []
    for old in bits(t):
        u = s.add_node()
        s.set_unary(is_new, u, TRUE)
        s.set_binary(inst, u, old, TRUE)   # instance(new, old), as TVLA
        added.append(None)
    return added


def retained(s: Structure, retain: F.Formula, env: Env, ev: FormulaEvaluator) -> Mask:
    """Mask of the nodes ``%retain`` keeps."""
    fv = sorted(retain.free_vars() - set(env))
    if not fv:
        return s.full if ev.value(retain, s, env) == TRUE else 0
    t, _ = ev.vector(retain, "v" if "v" in fv else fv[0], s, env)
    return t


class Interpreter:
    """Concrete execution of a program's actions (2-valued stores, no blur)."""

    def __init__(self, program: Program, evaluator: Optional[Evaluator] = None,
                 coercer: Optional[Coercer] = None) -> None:
        self.program = program
        self.voc = program.vocabulary
        self.ev = evaluator or Evaluator(self.voc)
        self.coercer = coercer or program_coercer(program, self.ev)
        self.concretizer = Concretizer(self.voc, self.coercer, self.ev)
        self.order = self.concretizer.order
        self.rules = RuleCheck(program, self.ev)
        self.compiled: Dict[int, ConcreteAction] = {}

    def compiled_action(self, action: Action) -> ConcreteAction:
        ca = self.compiled.get(id(action))
        if ca is None:
            ca = self.compiled[id(action)] = ConcreteAction(action, self.program, self.ev)
            if action.new is None and action.retain is None:
                # only what reads an updated predicate can change
                ca.instr = affected(self.order, ca.changed)
                ca.check = ca.changed | {p.name for p in ca.instr}
            else:
                ca.instr, ca.check = self.order, None
        return ca

    def step(self, action: Action, s: Structure) -> Tuple[List[str], List[Tuple[Structure, Origin]]]:
        """Apply ``action`` to concrete store ``s``.  Returns ``(messages, successors)``:
        the texts of the messages it reports (in order, once each) and a list of
        ``(store, origin)`` pairs (``origin[k]``: the node of ``s`` that node ``k``
        continues, None for an allocated one)."""
        ca = self.compiled_action(action)
        messages: List[str] = []
        out: List[Tuple[Structure, Origin]] = []
        for env in ca.bindings(s):
            messages += ca.fired(ca.pre_messages, s, env)
            t, origin = ca.update(s, env, self.voc)
            for r in self.settle(t, ca):
                messages += ca.fired(ca.post_messages, r, env)
                out.append((r, origin))
        return list(dict.fromkeys(messages)), out

    def settle(self, s: Structure, ca: ConcreteAction) -> List[Structure]:
        """Recompute the instrumentation; resolve 1/2 values an update produced (each way
        that satisfies the rules); keep only stores that satisfy the rules."""
        s = recompute(s, ca.instr, self.ev)
        if is_concrete(s):
            return [s] if self.rules.holds(s, ca.check) else []
        try:
            self.coercer.coerce(s)
        except Inconsistent:
            return []
        out: List[Structure] = []
        for r in resolve(s, self.concretizer.core, self.coercer):
            c = recompute(r.copy(), self.order, self.ev)
            if self.rules.holds(c):
                out.append(c)
        return out
