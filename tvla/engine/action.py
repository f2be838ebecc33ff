"""One action applied to one structure: the ``fcpucb`` pipeline.

f: focus on each ``%f`` formula; c: coerce; p: precondition (closed, or with
free variables bound per potentially satisfying assignment) and the
pre-update messages; u: ``%retain`` read on the structure as it is, ``%new``
(new nodes start with every predicate 0), simultaneous updates (explicit and
derived by finite differencing), then the nodes ``%retain`` rejects go; c:
coerce again (a breach stops the analysis unless
``tvla.engine.breakIfCoerceAfterUpdateFailed`` is false), then the
post-update messages; b: blur.
"""

import time
from itertools import product

from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Protocol, Sequence, Set, Tuple

from tvla.lang.program import Action, Message, Update
from tvla.logic import formula as F
from tvla.engine.blur import blur
from tvla.engine.coerce import NODES_REMOVED, Change, Coercer, definition
from tvla.engine.differencing import Differencer
from tvla.engine.focus import Coerce, FocusFormula, focus
from tvla.engine.options import Options
from tvla.logic.evaluate import Assignment, CompiledFormula, Evaluator
from tvla.logic.miniscope import permissive_precondition
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask, Masks
from tvla.logic.structure import Inconsistent, Structure, bits
from tvla.logic.vocabulary import Predicate, Vocabulary

TableValue = Any
"""The whole table of a predicate, by its arity: a Kleene value (0), the masks ``(T, U)`` (1),
the rows ``(rows_T, rows_U)`` (2), or a dict node tuple -> value without the 0s (3 or more)."""


class Compiler(Protocol):
    """What compiles formulae: an :class:`~tvla.logic.evaluate.Evaluator`, or the concrete checker's."""

    def compile(self, f: F.Formula, vec: Optional[str] = None) -> CompiledFormula: ...


Item = Tuple[Structure, Assignment]
"""A structure in the pipeline with the binding of the precondition's free variables."""

Report = Callable[[Message], None]
"""Called once per message a structure triggers."""

FocusKey = Tuple[F.Formula, ...]
"""The focus formulae of an action whose pipeline starts with focus (:attr:`CompiledAction.focus_key`)."""

Focused = Dict[FocusKey, List[Structure]]
"""What the first focus step made of one stored structure, by :attr:`CompiledAction.focus_key`."""


def compute_table(ev: Compiler, pred: Predicate, params: Sequence[str], fn: CompiledFormula, s: Structure,
                  env: Assignment) -> TableValue:
    """The table of ``pred`` on ``s`` given by a formula compiled with ``ev.compile(f,
    params[-1])`` (unary and binary: a row over the last parameter at a time); the
    value :func:`store_table` writes back."""
    if pred.arity == 0:
        t, u = fn(s, env)
        return TRUE if t else (HALF if u else FALSE)
    if pred.arity == 1:
        return fn(s, env)
    e = dict(env)
    if pred.arity == 2:
        rows_t: List[int] = []
        rows_u: List[int] = []
        for x in range(s.n):
            e[params[0]] = x
            t, u = fn(s, e)
            rows_t.append(t)
            rows_u.append(u)
        return rows_t, rows_u
    table: Dict[Tuple[int, ...], Kleene] = {}
    for tup in product(range(s.n), repeat=pred.arity):
        e.update(zip(params, tup))
        t, u = fn(s, e)
        if t:
            table[tup] = TRUE
        elif u:
            table[tup] = HALF
    return table


def store_table(s: Structure, pred: Predicate, value: TableValue) -> None:
    """Write a table computed by :func:`compute_table` into ``s``."""
    if pred.arity == 1:
        s.set_unary_masks(pred.index, value)
    elif pred.arity == 2:
        s.set_rows(pred.index, value)
    else:
        if pred.arity == 0:
            s.nul[pred.index] = value
        else:
            s.hi[pred.index] = value
        s.dirty()


def rose_fell(t0: Mask, u0: Mask, t1: Mask, u1: Mask) -> Tuple[bool, bool]:
    """Does a ``(T, U)`` mask pair rise somewhere in the truth order (0 < 1/2 < 1) from
    ``(t0, u0)`` to ``(t1, u1)``, and does it fall somewhere?"""
    return bool(t1 & ~t0 | u1 & ~(t0 | u0)), bool(t0 & ~t1 | u0 & ~(t1 | u1))


def table_moves(s: Structure, pred: Predicate, value: TableValue) -> Tuple[bool, bool]:
    """Whether ``pred`` would rise somewhere, and fall somewhere, in the truth order
    if its table on ``s`` became ``value`` (as :func:`compute_table` gives it)."""
    i = pred.index
    if pred.arity == 0:
        return value > s.nul[i], value < s.nul[i]
    if pred.arity == 1:
        return rose_fell(s.uT[i], s.uU[i], value[0], value[1])
    if pred.arity == 2:
        rose = fell = False
        for t0, u0, t1, u1 in zip(s.bT[i], s.bU[i], value[0], value[1]):
            if t0 != t1 or u0 != u1:
                r, f = rose_fell(t0, u0, t1, u1)
                rose, fell = rose or r, fell or f
        return rose, fell
    differ = s.hi[i] != value
    return differ, differ


def clear_new(s: Structure, voc: Vocabulary) -> None:
    """Set ``isNew`` and ``instance`` to 0 everywhere (what a ``%new`` action does after its updates)."""
    s.set_unary_masks(voc["isNew"].index, (0, 0))
    s.set_rows(voc["instance"].index, ([0] * s.n, [0] * s.n))


def compile_table(ev: Compiler, pred: Predicate, params: Sequence[str], formula: F.Formula) -> CompiledFormula:
    """``formula`` compiled for :func:`compute_table`."""
    return ev.compile(formula, params[-1] if pred.arity in (1, 2) else None)


def recompute(s: Structure, order: Iterable[Predicate], ev: Compiler) -> Structure:
    """Set the instrumentation predicates in ``order`` to the values of their
    definitions (in that order), in place; return ``s``."""
    for p in order:
        fn = compile_table(ev, p, p.params, definition(p))
        store_table(s, p, compute_table(ev, p, p.params, fn, s, {}))
    return s


class Interrupted(Exception):
    """``stop()`` turned true while an action was applied: its results are dropped."""


def poll(stop: Optional[Callable[[], bool]]) -> None:
    """Raise :class:`Interrupted` when ``stop`` is given and ``stop()`` is true."""
    if stop is not None and stop():
        raise Interrupted


def polling(refine: Coerce, stop: Callable[[], bool]) -> Coerce:
    """``refine`` that first polls ``stop`` (:func:`poll`)."""
    def polled(s: Structure, *rest: Any) -> Any:
        poll(stop)
        return refine(s, *rest)
    return polled


class CoerceFailed(Exception):
    """The coerce after an update found a constraint breach (``rule``)."""

    def __init__(self, rule: str):
        super().__init__(rule)
        self.rule = rule


def derived_updates(action: Action, voc: Vocabulary, differencing: bool, guarded: bool = True) -> Dict[str, Update]:
    """The updates an action gets by finite differencing: those of the
    instrumentation predicates it changes without updating them (every one
    with ``differencing``, else only those it marks ``auto``, and those written
    ``p(v) = formula auto`` get their formula), and the values of a node made
    by ``%new``; ``guarded``: as :class:`~tvla.engine.differencing.Differencer`'s."""
    auto = set(action.auto)
    diff = Differencer(voc, action.updates, guarded)
    derived = diff.derived_updates()
    if not differencing:
        derived = {name: u for name, u in derived.items() if name in auto}
        derived.update(action.auto_written)  # TVLA's `p(v) = formula auto`: its formula
    elif action.new is not None:
        derived.update(diff.new_node_updates(derived))
    return derived


class Bindings:
    """The assignments of a formula's free variables under which it is potentially
    satisfied (not 0), found one variable at a time: each variable is bound only
    to the nodes where the conjuncts that mention it and earlier variables alone
    may hold, so a precondition ``x(v_1) & n(v_1, v_2) & n(v_2, v_3)`` costs
    the number of its bindings, not n^2 evaluations over the universe."""

    def __init__(self, ev: Evaluator, f: F.Formula, variables: Iterable[str]):
        self.variables = tuple(variables)
        parts = F.conjuncts(F.desugar(f))
        order: List[str] = []
        bound: Set[str] = set()
        steps: List[Tuple[str, CompiledFormula]] = []
        while len(order) < len(self.variables):
            var = max((v for v in self.variables if v not in bound),
                      key=lambda v: sum(1 for c in parts if v in c.free_vars() <= bound | {v}))
            bound.add(var)
            order.append(var)
            if len(order) == len(self.variables):
                steps.append((var, ev.compile(f, var)))
                break
            mine = [c for c in parts if c.free_vars() <= bound]
            parts = [c for c in parts if c not in mine]
            steps.append((var, ev.compile(F.conj(*mine), var)))
        self.steps = steps

    @classmethod
    def of_closed(cls, ev: Evaluator, f: F.Formula) -> Optional["Bindings"]:
        """For a closed ``E(v_1, .., v_k) body`` with k >= 2: the bindings of its body
        (it is not 0 exactly when there is one); else None."""
        names: List[str] = []
        while isinstance(f, F.Exists):
            names += [v for v in f.vars if v not in names]
            f = f.body
        names = [v for v in names if v in f.free_vars()]
        return cls(ev, f, names) if len(names) >= 2 and f.free_vars() == set(names) else None

    def each(self, s: Structure, env: Assignment) -> Iterator[Tuple[Assignment, Kleene]]:
        """Yield ``(env, value)`` for each binding, in no particular order."""
        e = dict(env)
        last = len(self.steps) - 1
        stack: List[Tuple[int, Optional[int]]] = [(0, None)]
        while stack:
            i, u = stack.pop()
            if u is not None:
                e[self.steps[i - 1][0]] = u
            var, fn = self.steps[i]
            t, h = fn(s, e)
            if i == last:
                for w in bits(t | h):
                    e[var] = w
                    yield dict(e), (TRUE if t >> w & 1 else HALF)
            else:
                stack.extend((i + 1, w) for w in reversed(bits(t | h)))

    def __call__(self, s: Structure, env: Assignment) -> List[Tuple[Assignment, Kleene]]:
        """``[(env, value)]`` in the lexicographic order of the variables as given."""
        out = list(self.each(s, env))
        out.sort(key=lambda item: tuple(item[0][v] for v in self.variables))
        return out

    def exists(self, s: Structure, env: Assignment) -> bool:
        """True when some binding potentially satisfies the formula."""
        return next(self.each(s, env), None) is not None


class CompiledAction:
    """An instantiated action compiled once for an analysis.

    ``apply(s, stats, report)`` runs the pipeline ``options.pipeline`` on a
    stored structure and returns the resulting structures; ``report(message)``
    is called once per :class:`~tvla.lang.program.Message` the structure triggers."""

    def __init__(self, action: Action, voc: Vocabulary, ev: Evaluator, coercer: Coercer, options: Options,
                 global_focus: Iterable[F.Formula] = (), global_messages: Iterable[Message] = (),
                 judge: Optional[Coercer] = None):
        self.action = action
        self.voc = voc
        self.ev = ev
        self.coercer = coercer
        # with fewer rules than the complete set (-noautomatic), the complete set
        # judges a breach after an update: see _coerce
        self.judge = judge
        where = action.pos
        self.focus = [FocusFormula(f, voc, where) for f in list(global_focus) + action.focus]
        # where TVLA's rewritten precondition is weaker, TVLA's structures (see miniscope)
        self.pre = permissive_precondition(action.precondition) if action.precondition is not None else None
        self.pre_vars = sorted(self.pre.free_vars()) if self.pre is not None else []
        self.bindings = Bindings(ev, self.pre, self.pre_vars) if self.pre is not None and self.pre_vars else None
        self.closed_pre = Bindings.of_closed(ev, self.pre) if self.pre is not None and not self.pre_vars else None
        self.pre_messages = [(F.exists(self._unbound(m.formula), m.formula), m) for m in
                             list(global_messages) + action.pre_messages]
        self.post_messages = [(F.exists(self._unbound(m.formula), m.formula), m) for m in action.post_messages]
        self.has_new = action.new is not None
        self.derived = derived_updates(action, voc, options.differencing, options.guarded_deltas)
        self.all_updates = {**action.updates, **self.derived}
        self.changed = set(self.all_updates)
        self._update_fns = [(voc[name], params, compile_table(ev, voc[name], params, f))
                            for name, (params, f) in self.all_updates.items()]
        self.break_on_breach = options.break_on_coerce_failure
        self.order = options.pipeline
        # actions whose pipeline starts by focusing on equal formulae (the two branches of a
        # test) focus a stored structure into the same structures: see apply's ``focused``
        self.focus_key: Optional[FocusKey] = \
            tuple(ff.formula for ff in self.focus) if self.focus and self.order.startswith("f") else None
        # structures reach locations coerced (then blurred) when a coerce follows the update
        self.stored_coerced = "c" in self.order[self.order.index("u"):]

    def _unbound(self, f: F.Formula) -> List[str]:
        return sorted(f.free_vars() - set(self.pre_vars))

    def apply(self, s: Structure, stats: Dict[str, float], report: Report,
              focused: Optional[Focused] = None, stop: Optional[Callable[[], bool]] = None) -> List[Structure]:
        """Apply to stored structure ``s``; return the blurred results.

        ``report(text)`` is called once per message this structure triggers.
        ``focused``: the results of the first focus step of the actions applied to ``s``
        so far, by their ``focus_key``; this action reads its own there, or adds it.
        ``stop()`` is polled between steps and between the structures focus and coerce
        make (one focus of a large structure can take a minute): true raises
        :class:`Interrupted`."""
        items: List[Item] = [(s.copy(), {})]
        before: Optional[List[Structure]] = None
        moved: Optional[List[Set[Change]]] = None  # per item, how the update changed predicates
        post_done = False
        for step_no, step in enumerate(self.order):
            poll(stop)
            t0 = time.perf_counter()
            if step == "f":
                items = self._focus(items, focused if step_no == 0 else None, step_no == 0, stop)
                stats["focus"] += time.perf_counter() - t0
            elif step == "c":
                if step_no and self.order[step_no - 1] == "f" and self.stored_coerced:
                    # focus coerced every structure it split; the others are stored
                    # structures, which were coerced before blur
                    continue
                changed = self._changed_for(step_no)
                items = self._coerce(items, changed, self.break_on_breach and self._after_update(step_no),
                                     before, moved if changed is not None else None, stop)
                before = None
                stats["coerce"] += time.perf_counter() - t0
                if self._after_update(step_no) and not post_done:
                    self._messages(items, self.post_messages, report)
                    post_done = True
            elif step == "p":
                items = self._precondition(items)
                self._messages(items, self.pre_messages, report)
                stats["precondition"] += time.perf_counter() - t0
            elif step == "u":
                if self.judge is not None and self.break_on_breach:
                    before = [st.copy() for st, _ in items]
                updated = [self._update(st, env) for st, env in items]
                items = [(st, env) for (st, _), (_, env) in zip(updated, items)]
                moved = [m for _, m in updated]
                stats["update"] += time.perf_counter() - t0
            elif step == "b":
                if not post_done:
                    self._messages(items, self.post_messages, report)
                    post_done = True
                items = [(blur(st, self.voc), env) for st, env in items]
                stats["blur"] += time.perf_counter() - t0
        if not post_done:
            self._messages(items, self.post_messages, report)
        return [st for st, _ in items]

    def _focus(self, items: List[Item], focused: Optional[Focused], focused_first: bool,
               stop: Optional[Callable[[], bool]] = None) -> List[Item]:
        """The focus step; with ``focused`` (``items`` being the stored structure alone),
        copies of the structures an action with the same ``focus_key`` made, which the
        pipeline may change (focus is a function of the structure and the formulae)."""
        key = self.focus_key
        if focused is not None and key is not None:
            done = focused.get(key)
            if done is not None:
                return [(st.copy(), {}) for st in done]
        # a stored structure is at a fixpoint of every rule (coerced, then blurred and joined),
        # and so is every structure focus makes of it: refine need not run the rules a split
        # cannot make fire
        held = self.coercer.holding() if self.stored_coerced and focused_first else None
        refine = self.coercer.refine if stop is None else polling(self.coercer.refine, stop)
        for ff in self.focus:
            items = [(t, env) for st, env in items for t in focus(st, ff, self.ev, refine, held)]
        if focused is not None and key is not None:
            focused[key] = [st.copy() for st, _ in items]
        return items

    def _after_update(self, step_no: int) -> bool:
        return "u" in self.order[:step_no]

    def _changed_for(self, step_no: int) -> Optional[Set[str]]:
        # after an update only rules reading updated predicates can fire, and
        # after %retain those a removal of nodes may make fire; a new node or
        # focus (which may materialize nodes) runs every rule
        if self._after_update(step_no) and self.order[step_no - 1] == "u" and not self.has_new:
            return self.changed if self.action.retain is None else self.changed | {NODES_REMOVED}
        return None

    def _coerce(self, items: List[Item], changed: Optional[Set[str]], breach_stops: bool = False,
                before: Optional[List[Structure]] = None,
                moved: Optional[List[Set[Change]]] = None,
                stop: Optional[Callable[[], bool]] = None) -> List[Item]:
        """Coerce each item, dropping those that describe no store.  With
        ``breach_stops`` a breach raises :class:`CoerceFailed`, unless ``before``
        (each item's structure before the update) shows that the complete rule
        set rejects the structure the update started from: it described no store
        either, and only the reduced rule set (-noautomatic) had let it through.
        ``moved``: per item, how the predicates of ``changed`` moved there
        (:meth:`Coercer.coerce`)."""
        out = []
        for k, (st, env) in enumerate(items):
            poll(stop)
            try:
                self.coercer.coerce(st, changed, moved[k] if moved is not None else None)
            except Inconsistent as e:
                if breach_stops and not (before is not None and self._infeasible(before[k])):
                    raise CoerceFailed(str(e)) from None
                continue
            out.append((st, env))
        return out

    def _infeasible(self, s: Structure) -> bool:
        """True when the complete rule set finds that ``s`` describes no store."""
        assert self.judge is not None
        try:
            self.judge.coerce(s)
        except Inconsistent:
            return True
        return False

    def _precondition(self, items: List[Item]) -> List[Item]:
        if self.pre is None:
            return items
        out = []
        for st, env in items:
            if not self.pre_vars:
                if self.closed_pre.exists(st, env) if self.closed_pre else self.ev.value(self.pre, st, env) != FALSE:
                    out.append((st, env))
                continue
            # each binding is updated on its own copy of the structure
            assert self.bindings is not None  # the precondition has free variables
            for k, (e, _v) in enumerate(self.bindings(st, env)):
                out.append((st if k == 0 else st.copy(), e))
        return out

    def _messages(self, items: List[Item], messages: List[Tuple[F.Formula, Message]], report: Report) -> None:
        for f, msg in messages:
            for st, env in items:
                if self.ev.value(f, st, env) != FALSE:
                    report(msg)
                    break

    # ------------------------------------------------------------------ update
    def _update(self, s: Structure, env: Assignment) -> Tuple[Structure, Set[Change]]:
        """``%retain`` (evaluated first, on the structure as it is), ``%new``, the
        simultaneous updates, then the nodes ``%retain`` rejects are removed and
        those where it is 1/2 become maybe-active.  Return the structure and how the
        updated predicates moved (:meth:`Coercer.coerce`'s ``moved``; with ``%retain``,
        every changed one both ways, and NODES_REMOVED)."""
        voc = self.voc
        retain, new = self.action.retain, self.action.new
        kept = self._retained(retain, s, env) if retain is not None else None
        old_full = s.full
        if new is not None:
            s = self._create(new, s, env)
        # simultaneous updates: every table is computed on the old structure first
        results = [(p, compute_table(self.ev, p, params, fn, s, env)) for p, params, fn in self._update_fns]
        moved: Set[Change] = set()
        for p, value in results:
            rose, fell = table_moves(s, p, value)
            # an unchanged table is not stored: the structure keeps what it derived from it
            if rose or fell:
                store_table(s, p, value)
                # nodes that go, or become maybe-active, may raise what reads p either way
                if rose or kept is not None:
                    moved.add((p.name, TRUE))
                if fell or kept is not None:
                    moved.add((p.name, FALSE))
        if self.has_new:
            clear_new(s, voc)
        if kept is not None:
            moved.add((NODES_REMOVED, TRUE))
            sure, maybe = kept
            if maybe:
                s.set_maybe_active(s.maybe_active | maybe)
            s = s.restrict(sure | maybe | (s.full & ~old_full))
        return s, moved

    def _retained(self, f: F.Formula, s: Structure, env: Assignment) -> Masks:
        """Masks ``(sure, maybe)`` of the nodes where the ``%retain`` formula ``f`` is 1, resp. 1/2."""
        fv = sorted(f.free_vars() - set(env))
        # a closed formula evaluated as a vector has its value on every node
        return self.ev.vector(f, "v" if "v" in fv or not fv else fv[0], s, env)

    def _create(self, new: F.Formula, s: Structure, env: Assignment) -> Structure:
        """Add the nodes of ``%new``: every predicate is 0 on them but ``isNew``; a
        copy made for ``%new FORMULA`` has ``instance(new, old)`` and the ``sm`` of
        its original, and is maybe-active where the formula is 1/2 (or its
        original is maybe-active)."""
        voc = self.voc
        is_new = voc["isNew"].index
        if new == F.TRUE_F:
            s.set_unary(is_new, s.add_node(), TRUE)
            return s
        fv = sorted(new.free_vars() - set(env))
        t, h = self.ev.vector(new, fv[0] if fv else "v", s, env)
        inst = voc["instance"].index
        for old in bits(t | h):
            u = s.add_node()
            s.set_unary(is_new, u, TRUE)
            if s.is_summary(old):
                s.set_summary(s.summary | 1 << u)
            if h >> old & 1 or s.is_maybe_active(old):
                s.set_maybe_active(s.maybe_active | 1 << u)
            s.set_binary(inst, u, old, TRUE)
        s.touched()
        return s
