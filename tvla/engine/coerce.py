"""Consistency rules and coerce.

Rules come from four sources (docs/engine.md): the spec's ``%r`` rules, predicate
properties, instrumentation definitions, and the automatic closure of
definitions.  Coerce applies them until nothing changes, re-running only the
rules whose body or head reads a predicate that changed.  A rule is applied
set-at-a-time: the body is evaluated as a bit mask over the last head
variable, so ``x(v1) & x(v2) ==> v1 == v2`` costs one mask test per node.
"""

from dataclasses import dataclass, field
from itertools import permutations, product
from typing import Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Sequence, Set, Tuple

from tvla.logic import formula as F
from tvla.logic.evaluate import Assignment, CompiledMust, Evaluator
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask, Masks
from tvla.logic.structure import Inconsistent, Node, Structure, bits, breached_nodes  # noqa: F401  (Inconsistent re-exported for action.py, engine.py)
from tvla.logic.vocabulary import Predicate, Vocabulary

def definition(p: Predicate) -> F.Formula:
    """The definition of instrumentation predicate ``p``."""
    d = p.definition
    if d is None:
        raise ValueError(f"predicate {p.name} has no definition")
    return d


NODES_REMOVED = "-nodes"
"""Named among the changed predicates when nodes were removed: it reruns the rules
whose body may rise when nodes go (:func:`~tvla.logic.formula.rises_without_nodes`);
no predicate is named so."""

Change = Tuple[str, Kleene]
"""A predicate made definite somewhere it was 1/2: (its name, the value it took there)."""

Applier = Callable[[Structure], Sequence[Change]]
"""A rule compiled for coerce: sharpens a structure in place and returns what it changed
(raises :class:`Inconsistent` on a breach)."""


@dataclass
class Rule:
    body: F.Formula
    head: F.Formula
    source: str
    hvars: Tuple[str, ...] = ()
    deps: FrozenSet[str] = field(default_factory=frozenset)
    # the changes after which the rule may fire anew (see rule_rises)
    rises: FrozenSet[Change] = field(default_factory=frozenset)

    def __str__(self) -> str:
        return f"{self.body} ==> {self.head}"

    def described(self) -> str:
        """Where the rule comes from, then the rule: ``the function property of n (preds.tvp:7): ...``."""
        return f"{self.source}: {self}"


# --------------------------------------------------------------------------- rule sources

RawRule = Tuple[F.Formula, F.Formula, str]
"""A rule before compilation: (body formula, head formula, where it comes from)."""

def _atom(p: str, *args: str) -> F.Atom:
    return F.Atom(p, tuple(args))


def at(p: Predicate) -> str:
    """`` (FILE:LINE)`` where ``p`` is declared, or nothing for a predicate without a position."""
    return f" ({p.pos[0]}:{p.pos[1]})" if p.pos is not None else ""


def property_source(p: Predicate, prop: str) -> str:
    """A property rule's origin as the user wrote it: ``the function property of n (preds.tvp:7)``."""
    return f"the {prop} property of {p.name}{at(p)}"


def property_rules(voc: Vocabulary) -> List[RawRule]:
    out: List[RawRule] = []
    closures: Dict[str, List[str]] = {}
    for p in voc.instrumentation:
        field_name = p.closure_of
        if field_name is not None:
            closures.setdefault(field_name, []).append(p.name)
    for p in voc.preds.values():
        if p.kind == "builtin":
            continue
        name = p.name
        props = p.props
        if "unique" in props:
            src = property_source(p, "unique")
            out.append((F.And(_atom(name, "v_1"), _atom(name, "v_2")), F.Eq("v_1", "v_2"), src))
            out.append((F.Exists(("v_1",), F.And(_atom(name, "v_1"), F.Not(F.Eq("v_1", "v_2")))),
                        F.Not(_atom(name, "v_2")), src))
        if "function" in props:
            src = property_source(p, "function")
            out.append((F.Exists(("v",), F.And(_atom(name, "v", "v_1"), _atom(name, "v", "v_2"))),
                        F.Eq("v_1", "v_2"), src))
            out.append((F.Exists(("v_1",), F.And(_atom(name, "v", "v_1"), F.Not(F.Eq("v_1", "v_2")))),
                        F.Not(_atom(name, "v", "v_2")), src))
        if "invfunction" in props:
            src = property_source(p, "invfunction")
            out.append((F.Exists(("v",), F.And(_atom(name, "v_1", "v"), _atom(name, "v_2", "v"))),
                        F.Eq("v_1", "v_2"), src))
            out.append((F.Exists(("v_1",), F.And(_atom(name, "v_1", "v"), F.Not(F.Eq("v_1", "v_2")))),
                        F.Not(_atom(name, "v_2", "v")), src))
        if "acyclic" in props:
            src = property_source(p, "acyclic")
            out.append((_atom(name, "v", "v"), F.FALSE_F, src))
            for t in closures.get(name, []):
                out.append((F.And(_atom(t, "v_1", "v_2"), _atom(t, "v_2", "v_1")), F.Eq("v_1", "v_2"), src))
                out.append((F.And(_atom(t, "v_1", "v_2"), F.Not(F.Eq("v_1", "v_2"))),
                            F.Not(_atom(t, "v_2", "v_1")), src))
        if "symmetric" in props:
            src = property_source(p, "symmetric")
            out.append((_atom(name, "v_1", "v_2"), _atom(name, "v_2", "v_1"), src))
            out.append((F.Not(_atom(name, "v_1", "v_2")), F.Not(_atom(name, "v_2", "v_1")), src))
        if "antisymmetric" in props:
            src = property_source(p, "antisymmetric")
            out.append((F.And(_atom(name, "v_1", "v_2"), F.Not(F.Eq("v_1", "v_2"))),
                        F.Not(_atom(name, "v_2", "v_1")), src))
        if "reflexive" in props:
            src = property_source(p, "reflexive")
            out.append((F.Eq("v_1", "v_2"), _atom(name, "v_1", "v_2"), src))
        if "antireflexive" in props:
            src = property_source(p, "antireflexive")
            out.append((F.Eq("v_1", "v_2"), F.Not(_atom(name, "v_1", "v_2")), src))
        if "transitive" in props:
            src = property_source(p, "transitive")
            out.append((F.Exists(("v_2",), F.And(_atom(name, "v_1", "v_2"), _atom(name, "v_2", "v_3"))),
                        _atom(name, "v_1", "v_3"), src))
    return out


def definition_rules(voc: Vocabulary) -> List[RawRule]:
    out: List[RawRule] = []
    for p in voc.instrumentation:
        head = F.Atom(p.name, p.params)
        src = f"the definition of {p.name}{at(p)}"
        out.append((definition(p), head, src))
        out.append((F.Not(definition(p)), F.Not(head), src))
    return out


def closure_rules(voc: Vocabulary) -> List[RawRule]:
    """For ``t = p*`` or ``t = p+``: every ``p`` edge is a ``t`` pair."""
    out: List[RawRule] = []
    for p in voc.instrumentation:
        d = p.definition
        if isinstance(d, F.Closure) and p.arity == 2 and (d.a, d.b) == p.params:
            out.append((F.Atom(d.pred, p.params), F.Atom(p.name, p.params), f"the closure of {p.name}{at(p)}"))
    return out


def contrapositives(body: F.Formula, head: F.Formula, src: str, voc: Vocabulary) -> List[RawRule]:
    """``l_1 & ... & l_m ==> h`` gives ``!h & (the other literals) ==> !l_i`` for every
    literal ``l_i`` that is a (negated) atom or a negated equality."""
    if isinstance(head, F.Const) or not F.is_literal(head):
        return []
    inner_h = head.sub if isinstance(head, F.Not) else head
    if isinstance(inner_h, F.Closure):
        return []
    found = F.exists_conjunction(F.nnf(body), set(head.free_vars()))
    if found is None:
        return []
    _bound, lits = found
    lits = list(dict.fromkeys(lits))  # l & l is l: a repeated literal gives the same rules again
    out = []
    for i, lit in enumerate(lits):
        inner = lit.sub if isinstance(lit, F.Not) else lit
        if isinstance(inner, (F.Closure, F.Const)):
            continue
        if isinstance(inner, F.Eq) and not isinstance(lit, F.Not):
            continue
        if isinstance(inner, F.Atom) and voc[inner.pred].kind == "builtin":
            continue
        others = [l for j, l in enumerate(lits) if j != i]
        out.append((F.conj(F.neg(head), *others), F.neg(lit), src + ", contrapositive"))
    return out


def horn_body(body: F.Formula) -> F.Formula:
    """A ``%r`` rule is a Horn clause: its free variables are implicitly universal,
    so a top-level ``E(v)`` of the body is dropped and ``v`` becomes the head's ``v``."""
    while isinstance(body, F.Exists):
        body = body.body
    return body


def alternatives(body: F.Formula) -> List[F.Formula]:
    """A body's top-level disjuncts (through existentials, which distribute over
    ``|``): ``a | b ==> h`` is the two rules ``a ==> h`` and ``b ==> h``, and
    each then has its own contrapositives (``!down ==> !left`` for
    ``down = left | right``)."""
    f = F.nnf(body)
    if isinstance(f, F.Exists):
        return [F.Exists(f.vars, g) for g in alternatives(f.body)]
    if isinstance(f, F.Or):
        return [g for d in F.disjuncts(f) for g in alternatives(d)]
    return [body]


def build_rules(voc: Vocabulary, spec_rules: Sequence[Tuple[F.Formula, F.Formula, Sequence[object]]],
                automatic: bool = True, spec_closure: bool = False) -> List[Rule]:
    """All consistency rules of an analysis, as :class:`Rule` objects; ``spec_closure``: the
    automatic closure covers the spec's own ``%r`` rules too (TVLA applies them only as written)."""
    spec = [(alt, h, f"the rule at {w[0]}:{w[1]}") for b, h, w in spec_rules for alt in alternatives(horn_body(b))]
    raw = property_rules(voc) + definition_rules(voc)
    raw = (spec if spec_closure else []) + [(alt, h, src) for b, h, src in raw for alt in alternatives(b)]
    if automatic:
        # the automatic closure: for a definition p = φ these contrapositives are
        # docs/engine.md's rules !p & (other literals) ==> !l_i (and with p for
        # universal φ); they are applied to property rules as well, to the spec's own rules
        # only when asked (TVLA does not: a ==> b does not make a 0 where b is)
        raw += closure_rules(voc)
        raw += [c for b, h, src in list(raw) for c in contrapositives(b, h, src, voc)]
    raw = ([] if spec_closure else spec) + raw
    rules = []
    seen = set()
    for body, head, src in raw:
        if head == F.TRUE_F:
            continue
        hv = tuple(sorted(head.free_vars()))
        extra = tuple(sorted(body.free_vars() - set(hv)))
        body = F.exists(extra, F.desugar(body))
        key = _canonical_key(body, head)
        if key in seen:
            continue
        seen.add(key)
        deps = set(body.preds())
        inner = head.sub if isinstance(head, F.Not) else head
        if isinstance(inner, F.Atom):
            deps.add(inner.pred)
        if F.uses_equality(body) or isinstance(inner, F.Eq):
            deps.add("sm")
        if F.rises_without_nodes(body):
            deps.add(NODES_REMOVED)
        rules.append(Rule(body, head, src, hv, frozenset(deps), rule_rises(body, head)))
    return rules


def rule_rises(body: F.Formula, head: F.Formula) -> FrozenSet[Change]:
    """The changes of a 1/2 to a definite value after which a rule that held may fire:
    those that may make its body 1 somewhere (:func:`~tvla.logic.formula.rising_reads`),
    and its head predicate taking the value the head forbids (a breach where the body
    is 1).  Any other change leaves the body 0 or 1/2 where it was, and the head where
    the body is 1 as the rule made it."""
    rises = set(F.rising_reads(body))
    positive = not isinstance(head, F.Not)
    inner = head.sub if isinstance(head, F.Not) else head
    if isinstance(inner, F.Atom):
        rises.add((inner.pred, FALSE if positive else TRUE))
    elif isinstance(inner, F.Eq):
        rises.update((("sm", FALSE), ("sm", TRUE)))
    return frozenset(rises)


def _canonical_key(body: F.Formula, head: F.Formula) -> Tuple[Optional[Tuple[str, ...]], str]:
    """Rules equal up to renaming of variables and the order of conjuncts get
    the same key (so that a contrapositive that restates a rule is dropped)."""
    free = sorted(head.free_vars() | body.free_vars())
    mapping = {v: f"_f{k}" for k, v in enumerate(free)}
    bound = []
    while isinstance(body, F.Exists):
        bound += [v for v in body.vars if v not in bound]
        body = body.body
    parts = F.conjuncts(body)
    best = None
    for perm in permutations(range(len(bound))) if len(bound) <= 4 else [range(len(bound))]:
        m = dict(mapping)
        m.update({v: f"_b{perm[k]}" for k, v in enumerate(bound)})
        key = tuple(sorted(str(F.rename_vars(c, m)) for c in parts))
        if best is None or key < best:
            best = key
    return best, str(F.rename_vars(head, mapping))


# --------------------------------------------------------------------------- coerce

def bound_mask(env: Assignment) -> Mask:
    """Mask of the nodes bound in ``env``."""
    m = 0
    for u in env.values():
        m |= 1 << u
    return m


def _sharpen(t: Mask, pt: Mask, pu: Mask, positive: bool, rule: Rule, env: Assignment) -> Optional[Masks]:
    """Make the head definite where the body mask ``t`` is 1: the new ``(T, U)``
    masks, or None when nothing changes; Inconsistent when the head is
    definitely the wrong value somewhere in ``t``."""
    return _sharpen_at(t, pt, pu, positive, rule, bound_mask(env))


def _sharpen_at(t: Mask, pt: Mask, pu: Mask, positive: bool, rule: Rule, bound: Mask) -> Optional[Masks]:
    """:func:`_sharpen`, given the mask ``bound`` of the nodes the outer variables are bound to."""
    wrong = t & ~(pt | pu) if positive else t & pt
    if wrong:
        raise Inconsistent(rule.described(), bound, wrong)
    if positive:
        fix = t & pu
        return (pt | fix, pu & ~fix) if fix else None
    fix = t & pu
    return (pt, pu & ~fix) if fix else None


Held = Tuple["Ranking", Mask]
"""What :meth:`Coercer.refine` knows holds on a structure: the ranks, in a ranking,
of rules that hold there."""


class Coercer:
    """Applies the rules of one analysis to structures."""

    def __init__(self, voc: Vocabulary, rules: List[Rule], evaluator: Optional[Evaluator] = None):
        self.voc = voc
        self.rules = rules
        self.ev = evaluator or Evaluator(voc)
        self.dependents: Dict[str, List[int]] = {}
        self.raised: Dict[Change, List[int]] = {}  # change -> the rules it may make fire
        for k, r in enumerate(rules):
            for p in r.deps:
                self.dependents.setdefault(p, []).append(k)
            for change in r.rises:
                self.raised.setdefault(change, []).append(k)
        self._appliers = [make_applier(r, voc, self.ev) for r in rules]
        self._useful = [0] * len(rules)  # runs by refine() that changed a structure or found a breach
        self._refined = 0
        self._ranking = Ranking(self, list(range(len(rules))))

    def refine(self, s: Structure, changed: Optional[Iterable[str]] = None, held: Optional[Held] = None,
               took: Optional[Kleene] = None) -> Optional[Held]:
        """:meth:`coerce`, for a caller that drops a structure that describes no store
        whatever the breach (focus); returns what it knows holds on the result, for the
        next call on a structure made from it (None: nothing).

        Without maybe-active nodes the result does not depend on the order the rules
        run in: each sharpens where its body is 1, bodies are monotone, so every order
        reaches the same structure, or a breach (which stays once found).  The rules
        then run most useful first, which finds the breach of an infeasible split
        after a few runs rather than after every rule that the split queued.  With
        maybe-active nodes (the breach decides which node goes) or predicates of arity
        three or more, this is :meth:`coerce`.

        ``held``: what an earlier call returned for the structure ``s`` was made from,
        when ``s`` differs from it only where the ``changed`` predicates took the value
        ``took`` (TRUE or FALSE) where they were 1/2, or, with ``took`` None, only by the
        values of the ``changed`` predicates and by nodes that copy one of its nodes
        (every value, but equality: a materialization, whose ``changed`` names ``sm``;
        its formulae have the values they had where they read neither): a rule that
        held there and that such a change cannot make fire (:func:`rule_rises`, with
        either value when ``took`` is None) need not run."""
        if s.ma or self.voc.higher:
            self.coerce(s, changed)
            return None
        self._refined += 1
        if self._refined % RANKING == 0:
            useful = self._useful
            self._ranking = Ranking(self, sorted(range(len(useful)), key=lambda k: (-useful[k], k)))
        ranking = self._ranking
        hold = 0
        if held is not None and held[0] is ranking and changed is not None:
            hold = held[1]
            raised = ranking.raised
            for p in changed:
                if took is None:
                    hold &= ~(raised.get((p, TRUE), 0) | raised.get((p, FALSE), 0))
                else:
                    hold &= ~raised.get((p, took), 0)
        return ranking, ranking.run(s, ranking.queued(changed), hold)

    def holding(self) -> Held:
        """What :meth:`refine` may be told holds on a structure at a fixpoint of every rule
        (one this coercer coerced, or a blur or join of such structures: each embeds into
        it, so a body 1 there is 1 on every structure it stands for, whose heads agree)."""
        ranking = self._ranking
        return ranking, (1 << len(ranking.order)) - 1

    def coerce(self, s: Structure, changed: Optional[Iterable[str]] = None,
               moved: Optional[Iterable[Change]] = None) -> Structure:
        """Sharpen ``s`` in place; raise :class:`Inconsistent` if it describes no store.

        ``changed``: names of predicates that changed since ``s`` was last
        coerced (None: run every rule).  ``moved`` (with ``changed``): how they
        changed, ``(p, TRUE)`` when ``p`` rose somewhere in the truth order (0 <
        1/2 < 1), ``(p, FALSE)`` when it fell somewhere (and NODES_REMOVED, with
        either value, when nodes went).  A rule that held on ``s`` as coerced and
        that no such move may make fire (:func:`rule_rises`: its body is
        monotone in each predicate read one way, and its head must not move
        away from what it says) still holds, so it runs only after a change may
        make it fire, as :meth:`sharpen` treats a rule it ran.  A breach whose
        assignment has exactly one maybe-active node removes that node (it
        cannot exist) and starts again; a breach where every assignment has
        several is left alone."""
        while True:
            absent = self.sharpen(s, changed, moved=moved)
            if not absent:
                return s
            s.drop_nodes(absent)
            changed = moved = None

    def sharpen(self, s: Structure, changed: Optional[Iterable[str]],
                moved: Optional[Iterable[Change]] = None) -> Mask:
        """Run the rules to a fixpoint (see :meth:`coerce`); return the mask of
        the maybe-active nodes a breach shows cannot exist (0: none).

        A rule is queued again when a predicate it reads changes, and run in queue
        order, but a run is skipped when the rule ran before in this call, or holds
        on ``s`` (no move of ``moved`` may make it fire), and no change since then can
        make it fire (:func:`rule_rises`): it would change nothing, so the rules
        that do change the structure run in the same order, and each breach is
        found by the same rule, as when every queued rule runs.  ``moved`` counts only
        with ``changed`` (see :meth:`coerce`)."""
        queue = self.queued(changed)
        queued = bytearray(len(self.rules))  # 1: in the queue, not yet run
        for k in queue:
            queued[k] = 1
        # 0: the rule ran in this call, or held on ``s``, and nothing since may make it
        # fire; a rule that has not run yet runs when queued (it may not hold on ``s``)
        if moved is None or changed is None:
            fresh = bytearray(b"\x01") * len(self.rules)
        else:
            fresh = bytearray(len(self.rules))
            for move in moved:
                ks = self.dependents.get(move[0], ()) if move[0] == NODES_REMOVED else self.raised.get(move, ())
                for k in ks:
                    fresh[k] = 1
        appliers, dependents, raised = self._appliers, self.dependents, self.raised
        for k in queue:  # the loop sees the rules appended while it runs
            queued[k] = 0
            if not fresh[k]:
                continue
            fresh[k] = 0
            try:
                touched = appliers[k](s)
            except Inconsistent as e:
                absent = breached_nodes(e, s.ma)
                if absent:
                    return absent
                # a breach left alone: what the rule changed before it is not known
                fresh[:] = b"\x01" * len(fresh)
                continue
            for change in touched:
                for k2 in dependents.get(change[0], ()):
                    if not queued[k2]:
                        queued[k2] = 1
                        queue.append(k2)
                for k2 in raised.get(change, ()):
                    fresh[k2] = 1
        return 0

    def queued(self, changed: Optional[Iterable[str]]) -> List[int]:
        """The rules that read a predicate of ``changed`` (None: every rule), in order."""
        if changed is None:
            return list(range(len(self.rules)))
        ks: Set[int] = set()
        for p in changed:
            ks.update(self.dependents.get(p, ()))
        return sorted(ks)


RANKING = 256
"""Calls of :meth:`Coercer.refine` between two rankings of the rules by usefulness."""


class Ranking:
    """The rules of a :class:`Coercer` in an order (``order[r]``: the rule of rank ``r``),
    with what :meth:`run` needs as bit masks over ranks: the queued rules, and those that
    may fire, are masks, and the next rule to run is the lowest bit."""

    def __init__(self, coercer: Coercer, order: List[int]) -> None:
        self.coercer = coercer
        self.order = order
        self.rank = [0] * len(order)
        for r, k in enumerate(order):
            self.rank[k] = r
        self.appliers = [coercer._appliers[k] for k in order]
        self.dependents = {p: _rank_mask(ks, self.rank) for p, ks in coercer.dependents.items()}
        self.raised = {c: _rank_mask(ks, self.rank) for c, ks in coercer.raised.items()}

    def queued(self, changed: Optional[Iterable[str]]) -> Mask:
        """The ranks of the rules that read a predicate of ``changed`` (None: every rule)."""
        if changed is None:
            return (1 << len(self.order)) - 1
        pending = 0
        for p in changed:
            pending |= self.dependents.get(p, 0)
        return pending

    def run(self, s: Structure, pending: Mask, held: Mask = 0) -> Mask:
        """:meth:`Coercer.sharpen` of ``s`` (without maybe-active nodes: a breach is
        raised) from the rules ``pending`` (their ranks), lowest rank first; ``held``:
        rules known to hold on ``s``, which need not run until a change may make them
        fire.  Return the rules that hold on the result."""
        everything = (1 << len(self.order)) - 1
        fresh = everything & ~held  # as sharpen's, a bit per rank
        appliers, dependents, raised, order = self.appliers, self.dependents, self.raised, self.order
        useful = self.coercer._useful
        while pending:
            low = pending & -pending
            pending ^= low
            if not fresh & low:
                continue
            fresh ^= low
            r = low.bit_length() - 1
            try:
                touched = appliers[r](s)
            except Inconsistent:
                useful[order[r]] += 1
                raise
            if touched:
                useful[order[r]] += 1
                for change in touched:
                    pending |= dependents.get(change[0], 0)
                    fresh |= raised.get(change, 0)
        # a rule still fresh was never queued after it became so: it was so from the start
        return everything & ~fresh


def _rank_mask(rules: Iterable[int], rank: List[int]) -> Mask:
    """The bits of the ranks of ``rules``."""
    m = 0
    for k in rules:
        m |= 1 << rank[k]
    return m


# --------------------------------------------------------------------------- rule appliers
# An applier is ``fn(s) -> the changes it made`` (it may raise Inconsistent).
# The body is evaluated as a vector over one head variable; the other head
# variables ("outer") range over the assignments given by :func:`assignments`.

@dataclass(frozen=True)
class Plan:
    """How a rule with head variables is checked: ``body(s, env)`` gives where the body
    is 1, as a vector over ``vec``, for each environment of the ``outer`` variables."""

    rule: Rule
    vec: str
    outer: Tuple[str, ...]
    body: CompiledMust
    guard: Optional[CompiledMust]  # vector over outer[0] of the conjuncts that mention only it, or None


def make_plan(rule: Rule, inner: F.Formula, ev: Evaluator) -> Plan:
    # the vector variable is the head atom's last argument, so that a binary
    # head is checked a row at a time
    vec = inner.args[-1] if isinstance(inner, F.Atom) and inner.args else rule.hvars[-1]
    outer = tuple(v for v in rule.hvars if v != vec)
    guard = None
    if outer:
        # a body is 1 only where each of its conjuncts is 1: the conjuncts that
        # mention only the first outer variable select the nodes worth visiting
        guards = [c for c in F.conjuncts(rule.body) if c.free_vars() == {outer[0]}]
        if guards:
            guard = ev.must(F.conj(*guards), outer[0])
    return Plan(rule, vec, outer, ev.must(rule.body, vec), guard)


def assignments(plan: Plan, s: Structure, care: Optional[Mask] = None) -> Iterator[Tuple[Assignment, Mask]]:
    """Yield ``(env, body vector)`` for every assignment of the outer variables
    where the body is 1 somewhere (``env`` is reused between yields); ``care``:
    the nodes the first outer variable may take (None: all)."""
    env: Dict[str, int] = {}
    outer, fn = plan.outer, plan.body
    if not outer:
        t = fn(s, env)
        if t:
            yield env, t
        return
    if plan.guard is not None:
        firsts: Iterable[int] = bits(plan.guard(s, env) & (s.full if care is None else care))
    else:
        firsts = range(s.n) if care is None else bits(care)
    first, rest = outer[0], outer[1:]
    if not rest:
        for u in firsts:
            env[first] = u
            t = fn(s, env)
            if t:
                yield env, t
        return
    for u in firsts:
        env[first] = u
        for combo in product(range(s.n), repeat=len(rest)):
            for var, w in zip(rest, combo):
                env[var] = w
            t = fn(s, env)
            if t:
                yield env, t


def make_applier(rule: Rule, voc: Vocabulary, ev: Evaluator) -> Applier:
    """The applier of ``rule``, chosen by the kind of its head."""
    head = rule.head
    positive = not isinstance(head, F.Not)
    inner = head.sub if isinstance(head, F.Not) else head
    if isinstance(inner, F.Const):
        return constant_applier(rule, inner, positive, ev)
    if isinstance(inner, F.Eq):  # an equality has head variables: never nullary
        return equality_applier(make_plan(rule, inner, ev), inner, positive, ev.stale_after("sm"))
    if not isinstance(inner, F.Atom):
        raise TypeError(f"rule head {head} is not a literal")
    if not rule.hvars:
        return nullary_applier(rule, voc[inner.pred], positive, ev)
    plan = make_plan(rule, inner, ev)
    p = voc[inner.pred]
    if p.arity == 1 and inner.args[0] == plan.vec:
        return unary_applier(plan, p, positive, ev.stale_after(p.name))
    if p.arity == 2 and inner.args[1] == plan.vec and inner.args[0] != plan.vec:
        return row_applier(plan, p, inner.args[0], positive, ev.stale_after(p.name), ev)
    return generic_applier(plan, p, inner.args, positive, ev.stale_after(p.name))


def never(s: Structure) -> Sequence[Change]:
    return ()


def constant_applier(rule: Rule, inner: F.Const, positive: bool, ev: Evaluator) -> Applier:
    """Head 1 never fires; head 0 makes a satisfiable body inconsistent (the body
    is closed, so a maybe-active node only makes it 1/2: no breach)."""
    if (inner.value == TRUE) == positive:
        return never
    fn = ev.must(F.exists(rule.hvars, rule.body), None)

    def to_false(s: Structure) -> Sequence[Change]:
        if fn(s, {}):
            raise Inconsistent(rule.described(), 0, 0)
        return ()
    return to_false


def nullary_applier(rule: Rule, p: Predicate, positive: bool, ev: Evaluator) -> Applier:
    fn = ev.must(rule.body, None)
    want = TRUE if positive else FALSE
    stale = ev.stale_after(p.name)

    def nullary(s: Structure) -> Sequence[Change]:
        if not fn(s, {}):
            return ()
        cur = s.nul[p.index]
        if cur == want:
            return ()
        if cur != HALF:
            raise Inconsistent(rule.described(), 0, 0)
        s.nul[p.index] = want
        s.dirty(stale)
        return ((p.name, want),)
    return nullary


def equality_applier(plan: Plan, inner: F.Eq, positive: bool, stale: Set[int]) -> Applier:
    """``v_1 == v_2`` makes the node non-summary (or the structure inconsistent
    when the body holds for two nodes); ``v_1 != v_2`` forbids the diagonal."""
    a, b = inner.a, inner.b
    rule = plan.rule
    if a == b:
        if positive:
            return never

        def self_neq(s: Structure) -> Sequence[Change]:
            for env, t in assignments(plan, s):
                raise Inconsistent(rule.described(), bound_mask(env), t)
            return ()
        return self_neq
    other = a if b == plan.vec else b

    def eq_head(s: Structure) -> Sequence[Change]:
        changed: Tuple[Change, ...] = ()
        for env, t in assignments(plan, s):
            bu = 1 << env[other]
            if positive:
                if t & ~bu:
                    raise Inconsistent(rule.described(), bu, t & ~bu)
                if s.uU[0] & bu:
                    s.uU[0] &= ~bu
                    s.dirty(stale)
                    changed = (("sm", FALSE),)
            elif t & bu:
                raise Inconsistent(rule.described(), bu, bu)
        return changed
    return eq_head


def unary_applier(plan: Plan, p: Predicate, positive: bool, stale: Set[int]) -> Applier:
    """A unary head ``p(vec)``: the body is evaluated once, as a vector (the head's only
    variable is the vector variable, so there is no outer one)."""
    i, rule, fn = p.index, plan.rule, plan.body
    change = ((p.name, TRUE if positive else FALSE),)
    assert not plan.outer

    def unary_head(s: Structure) -> Sequence[Change]:
        # a rule can only sharpen or breach where the head is not yet what it says
        if not (s.full & ~s.uT[i] if positive else s.uT[i] | s.uU[i]):
            return ()
        env: Dict[str, int] = {}
        t = fn(s, env)
        if not t:
            return ()
        sharp = _sharpen(t, s.uT[i], s.uU[i], positive, rule, env)
        if sharp is None:
            return ()
        s.uT[i], s.uU[i] = sharp
        s.dirty(stale)
        return change
    return unary_head


def row_applier(plan: Plan, p: Predicate, a0: str, positive: bool, stale: Set[int], ev: Evaluator) -> Applier:
    """A binary head ``p(a0, vec)``: one row of ``p`` per assignment, only those where
    the head may change (``a0`` is the only outer variable); the loop of
    :func:`assignments` written out for it, as generated code once it has run a few
    times (:meth:`Evaluator.row_loop`: the rules most often run have such heads)."""
    i, rule, guard = p.index, plan.rule, plan.guard
    want = TRUE if positive else FALSE
    changes = ((p.name, want),)
    assert plan.outer == (a0,)
    loop = ev.row_loop(rule.body, plan.vec, a0, i, positive)

    def hit(s: Structure, u: Node, t: Mask) -> bool:
        # the outer variable a0 is bound to u alone: the breach's bound nodes
        rt, ru = s.bT[i], s.bU[i]
        old_t, old_u = rt[u], ru[u]
        sharp = _sharpen_at(t, old_t, old_u, positive, rule, 1 << u)
        if sharp is None:
            return False
        rt[u], ru[u] = sharp
        s.row_changed(i, u, old_t, old_u, stale)
        return True

    def row_head(s: Structure) -> Sequence[Change]:
        care = s.rows_other_than(i, want)
        if not care:
            return ()
        env: Dict[str, int] = {}
        if guard is not None:
            care &= guard(s, env)
            if not care:
                return ()
        return changes if loop(s, env, care, hit) else ()
    return row_head


def generic_applier(plan: Plan, p: Predicate, args: Sequence[str], positive: bool, stale: Set[int]) -> Applier:
    """Any other head: set the head tuple value node by node."""
    want = TRUE if positive else FALSE
    vec, rule = plan.vec, plan.rule

    def generic_head(s: Structure) -> Sequence[Change]:
        changed: Tuple[Change, ...] = ()
        for env, t in assignments(plan, s):
            for u in bits(t):
                env[vec] = u
                tup = tuple(env[a] for a in args)
                cur = s.value(p, tup)
                if cur == want:
                    continue
                if cur != HALF:
                    env.pop(vec, None)
                    raise Inconsistent(rule.described(), bound_mask(env), 1 << u)
                s.set_value(p, tup, want, stale)
                changed = ((p.name, want),)
            env.pop(vec, None)
        return changed
    return generic_head
