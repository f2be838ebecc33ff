"""The analysis: a program compiled with options, and its worklist fixpoint.

An :class:`Analysis` is a value: build it from a :class:`~tvla.lang.program.Program`
and an :class:`~tvla.engine.options.Options`, run it on input structures, get a
:class:`~tvla.engine.results.Result`.  Nothing is global, so several analyses can
live in one process.  The algorithm (docs/engine.md): input structures are
completed, coerced and blurred at the entry; a location is re-processed when
its stored set grows; each out-edge's compiled action maps a stored structure
to the structures joined into the edge's target.
"""

import gc
import heapq
import time
from contextlib import contextmanager
from collections import Counter, defaultdict
from typing import Any, Callable, Collection, DefaultDict, Dict, Hashable, Iterable, Iterator, List, Optional, \
    Sequence, Set, Tuple
from dataclasses import replace

from tvla.version import __version__
from tvla.engine.action import CoerceFailed, CompiledAction, FocusKey, Focused, Interrupted, Report, recompute
from tvla.engine.blur import blur
from tvla.engine.coerce import Coercer, build_rules, definition
from tvla.engine.culprit import find_trigger
from tvla.engine.differencing import Differencer
from tvla.engine.focus import FocusUnbounded
from tvla.logic.evaluate import Evaluator
from tvla.engine.join import LocationStore
from tvla.engine.memory import out_of_memory
from tvla.engine.options import Options
from tvla.engine.parallel import WARMUP, Batch, Helper, Outcome, apply_edges, message_list
from tvla.engine.results import ALARM, PHASES, PROVED, UNREACHED, Breach, Check, DroppedInput, EdgeRecord, InputSummary, \
    MessageRecord, Result, Runaway
from tvla.lang.program import Edge, Message, Program
from tvla.logic.kleene import FALSE, HALF, TRUE
from tvla.logic.structure import Inconsistent, Structure
from tvla.logic.vocabulary import Predicate, Vocabulary

FINAL = ("coerce-failed", "focus-unbounded")
"""Limits at which the run stops at once (TVLA stops there with an error), not only
at the end of the step."""

Progress = Callable[[str, int, int, int], None]
"""``progress(location, steps, structures, messages)``, called as the fixpoint goes on."""

ShouldStop = Callable[[], bool]
"""Polled by the fixpoint: true asks it to stop (with partial results)."""

MessageKey = Tuple[str, str, str]
"""A distinct message: (location, action title, text)."""


class Analysis:
    """A program compiled with analysis options."""

    def __init__(self, program: Program, options: Optional[Options] = None, **overrides: Any):
        options = options or Options()
        self.options = replace(options, **overrides) if overrides else options
        self.program = program
        self.voc = program.vocabulary
        self.ev = Evaluator(self.voc)
        self.rules = build_rules(self.voc, program.rules, self.options.automatic, self.options.spec_closure)
        self.coercer = Coercer(self.voc, self.rules, self.ev)
        # without the automatic closure, a breach after an update is judged by
        # the complete rule set (CompiledAction._coerce)
        judge = None if self.options.automatic else \
            Coercer(self.voc, build_rules(self.voc, program.rules, True), self.ev)
        self.compiled: Dict[int, CompiledAction] = {}  # id(action) -> its compiled form
        for e in program.edges:
            if id(e.action) not in self.compiled:
                self.compiled[id(e.action)] = CompiledAction(
                    e.action, self.voc, self.ev, self.coercer, self.options,
                    program.global_focus, program.global_messages, judge)
        self.warnings = self.stale_warnings()
        self.order = self.visit_order()
        self.stored = self.stored_locations()

    def compiled_action(self, edge: Edge) -> CompiledAction:
        return self.compiled[id(edge.action)]

    def stale_warnings(self) -> List[str]:
        """Without differencing, actions that leave instrumentation predicates stale."""
        if self.options.differencing:
            return []
        out = []
        for ca in {id(c): c for c in self.compiled.values()}.values():
            a = ca.action
            stale = sorted(Differencer(self.voc, a.updates).changed - set(a.updates) - set(a.auto))
            if stale:
                out.append(f"without differencing, {a.title!r} keeps the old values of "
                           f"{', '.join(stale)} although it changes what they are defined from")
        return out

    def visit_order(self) -> List[str]:
        """Locations in reverse post order from the entry (post order with ``-post``).

        The depth-first search is TVLA's: the edges leaving a location are
        followed from the last written to the first, so of two branches the one
        written first comes first in reverse post order (``L3 A() L4`` and
        ``L3 B() L12``: L4's branch is worked on before L12's).  The order
        decides which structures a run that stops early has stored."""
        succ: DefaultDict[str, List[str]] = defaultdict(list)
        for e in self.program.edges:
            succ[e.source].append(e.target)
        entry = self.program.entry
        post: List[str] = []
        seen = {entry}
        stack = [(entry, reversed(succ[entry]))]
        while stack:
            loc, targets = stack[-1]
            for t in targets:
                if t not in seen:
                    seen.add(t)
                    stack.append((t, reversed(succ[t])))
                    break
            else:
                stack.pop()
                post.append(loc)
        seq = post if self.options.post_order else list(reversed(post))
        return seq + [loc for loc in self.program.locations if loc not in seq]

    def stored_locations(self) -> Set[str]:
        """Locations that keep structures under ``-save`` (all, back: loop heads, ext: also joins)."""
        locs = self.program.locations
        if self.options.save == "all":
            return set(locs)
        arcs = {(e.source, e.target) for e in self.program.edges}
        rank = {loc: i for i, loc in enumerate(self.order)}
        heads = {v for u, v in arcs if rank.get(v, 0) <= rank.get(u, 0)}
        exits = set(locs) - {u for u, _ in arcs}
        keep = heads | {self.program.entry} | exits | set(self.program.printed)
        if self.options.save == "ext":
            into = Counter(v for _, v in arcs)
            keep |= {l for l in locs if into[l] > 1}
        return keep

    # ------------------------------------------------------------------ inputs
    def complete(self, s: Structure, given: Collection[str]) -> List[str]:
        """Compute every instrumentation predicate not in ``given`` from its definition
        (in dependency order), in place; return the names computed."""
        todo = [p for p in definition_order(self.voc) if p.name not in given]
        recompute(s, todo, self.ev)
        return [p.name for p in todo]

    def prepare_inputs(self, structures: Sequence[Structure], given: Optional[Sequence[Iterable[str]]] = None
                       ) -> Tuple[List[Structure], InputSummary]:
        """Complete, coerce and blur the input structures (duplicates removed, order kept).

        ``given[k]``: names of the predicates the k-th input lists (None: all of them).
        A structure that lists no instrumentation predicate is completed from the
        definitions; one that lists some means 0 by what it leaves out (TVS), unless
        that contradicts the rules: then the left-out ones are completed.
        Returns (structures, :class:`InputSummary`)."""
        out: List[Structure] = []
        seen: Set[Hashable] = set()
        dropped: List[DroppedInput] = []
        completed: Set[str] = set()
        changes: List[str] = []
        instr = {p.name for p in self.voc.instrumentation}
        for k, s in enumerate(structures):
            listed = instr if given is None else instr & set(given[k])
            c, reason = self.consistent(s, instr if listed else set(), completed)
            if c is None and listed and listed != instr:
                c, reason = self.consistent(s, listed, completed)
            if c is None:
                dropped.append(DroppedInput(k + 1, reason or ""))
                continue
            changes += input_changes(k + 1, s, c, self.voc, instr - (listed or set()))
            b = blur(c, self.voc) if self.options.blurs else c
            if b.key() not in seen:
                seen.add(b.key())
                out.append(b)
        names = tuple(p.name for p in definition_order(self.voc) if p.name in completed)
        return out, InputSummary(len(structures), len(out), tuple(dropped), names, tuple(changes))

    def consistent(self, s: Structure, kept: Collection[str], completed: Set[str]
                   ) -> Tuple[Optional[Structure], Optional[str]]:
        """``s`` with the instrumentation predicates not in ``kept`` computed, coerced:
        (structure, None), or (None, the rule it violates).  Adds to ``completed``."""
        c = s.copy()
        self.runnable_from_ready(c)
        done = self.complete(c, kept)
        try:
            self.coercer.coerce(c)
        except Inconsistent as e:
            return None, str(e)
        if c.n:  # completing an empty structure says nothing
            completed.update(done)
        return c, None

    def runnable_from_ready(self, s: Structure) -> None:
        """As TVLA's TVS reader does with every input structure: a thread that is
        ready (``isthread`` and ``ready`` 1) may be the one running, ``runnable`` 1/2."""
        isthread, ready, runnable = self.voc["isthread"], self.voc["ready"], self.voc["runnable"]
        for u in range(s.n):
            if s.value(isthread, (u,)) == TRUE and s.value(ready, (u,)) == TRUE:
                s.set_value(runnable, (u,), HALF)

    def run(self, inputs: Sequence[Structure], progress: Optional[Progress] = None, program_name: str = "",
            input_name: str = "", given: Optional[Sequence[Iterable[str]]] = None,
            should_stop: Optional[ShouldStop] = None) -> Result:
        """Compute the fixpoint from ``inputs`` at the entry location; return a :class:`Result`.

        ``progress(location, steps, structures, messages)`` is called as work goes on;
        ``should_stop()`` (or Ctrl-C) ends the run early with partial results."""
        t_start = time.perf_counter()
        structures, summary = self.prepare_inputs(inputs, given)
        fix = Fixpoint(self, progress, should_stop)
        with collector_paused():
            fix.run(structures)
        result = fix.result(program_name, input_name, summary, time.perf_counter() - t_start, structures)
        if self.options.termination:
            from tvla.engine import termination  # imports networkx (80 ms): only for -td
            result = replace(result, termination=termination.analyse(fix))
        return result


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector off for the duration (then as it was).

    A full collection walks every live container, the tables of every stored
    structure included, so the fixpoint's collections cost more as it stores more
    (about a tenth of the time of dsw and delete); the fixpoint makes next to no
    cyclic garbage (their peak memory is lower without the collector): reference
    counting frees what it drops."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def definition_order(voc: Vocabulary) -> List[Predicate]:
    """Instrumentation predicates, each after those its definition reads."""
    instr = {p.name: p for p in voc.instrumentation}
    reads = {p.name: {q for q in definition(p).preds() if q in instr and q != p.name} for p in instr.values()}
    order = first_ready_order(list(instr), reads)
    return [instr[n] for n in order] if order is not None else list(instr.values())


def first_ready_order(names: Sequence[str], needs: Dict[str, Set[str]]) -> Optional[List[str]]:
    """``names`` in topological order of ``needs`` (each after those it needs), the
    earliest-listed ready name first; None if ``needs`` has a cycle.  (Kahn's
    algorithm: networkx's lexicographical sort, without importing networkx at start-up.)"""
    rank = {n: i for i, n in enumerate(names)}
    users: DefaultDict[str, List[str]] = defaultdict(list)
    waiting = {n: len(needs[n]) for n in names}
    for n in names:
        for m in needs[n]:
            users[m].append(n)
    ready = [rank[n] for n in names if waiting[n] == 0]
    heapq.heapify(ready)
    out: List[str] = []
    while ready:
        n = names[heapq.heappop(ready)]
        out.append(n)
        for u in users[n]:
            waiting[u] -= 1
            if waiting[u] == 0:
                heapq.heappush(ready, rank[u])
    return out if len(out) == len(names) else None


class Fixpoint:
    """One run of the worklist algorithm over the CFG of an :class:`Analysis`."""

    def __init__(self, analysis: Analysis, progress: Optional[Progress] = None,
                 should_stop: Optional[ShouldStop] = None):
        self.an = analysis
        self.options = analysis.options
        self.progress = progress
        self.should_stop = should_stop
        program = analysis.program
        self.stores = {loc: LocationStore(analysis.voc, self.options.join_strategy, self.options.subsumes,
                                    "b" in self.options.pipeline) for loc in program.locations}
        self.pending: DefaultDict[str, Dict[Hashable, None]] = defaultdict(dict)   # location -> {store key: None} (an ordered set)
        self.heap: List[Tuple[int, str]] = []
        self.in_heap: Set[str] = set()
        self.rank = {loc: i for i, loc in enumerate(analysis.order)}
        self.out_edges: DefaultDict[str, List[Tuple[int, Edge]]] = defaultdict(list)
        for k, e in enumerate(program.edges):
            self.out_edges[e.source].append((k, e))
        self.messages: Dict[MessageKey, Edge] = {}  # -> the edge that first reported it
        self.counts: DefaultDict[MessageKey, int] = defaultdict(int)     # -> times reported
        self.fired: DefaultDict[MessageKey, Dict[Hashable, Message]] = defaultdict(dict)  # -> {store key: Message}
        self.edge_fired: DefaultDict[int, Dict[str, int]] = defaultdict(dict)  # edge index -> {text: count}
        self.breach: Optional[Breach] = None   # the coerce after an update that stopped the run
        self.runaway: Optional[Runaway] = None  # the focus that stopped the run
        self.edge_keys: DefaultDict[int, Set[Hashable]] = defaultdict(set)  # edge index -> store keys of the structures it fired on
        self.reached: Set[str] = set()
        self.stats: DefaultDict[str, float] = defaultdict(float)
        self.total = 0
        self.steps = 0
        self.limit: Optional[str] = None
        self.node_bound: Optional[int] = self.options.max_nodes
        self.helper: Optional[Helper] = None     # see batch
        self.helper_tried = False
        self.started = time.perf_counter()   # the run follows at once (Analysis.run)

    # ------------------------------------------------------------------ worklist
    def schedule(self, loc: str) -> None:
        if loc not in self.in_heap:
            self.in_heap.add(loc)
            heapq.heappush(self.heap, (self.rank[loc], loc))

    def store(self, loc: str, s: Structure) -> None:
        """Join ``s`` into the store of ``loc``; schedule ``loc`` when its set grew."""
        if self.node_bound is not None and s.n > self.node_bound:
            # a run without blur (conc) meets ever larger stores where a loop is not bounded
            self.limit = self.limit or "max-nodes"
            return
        t0 = time.perf_counter()
        store = self.stores[loc]
        before = len(store)
        k = store.add(s)
        self.total += len(store) - before
        self.stats["join"] += time.perf_counter() - t0
        if k is not None:
            self.pending[loc][k] = None
            self.schedule(loc)
        limit = self.options.max_structures
        if limit is not None and self.total >= limit:
            self.limit = self.limit or "max-structures"

    def record(self, k: int, edge: Edge, text: str) -> MessageKey:
        """Count message ``text`` reported by edge number ``k``; return its key."""
        mkey = (edge.source, edge.action.title, text)
        self.messages.setdefault(mkey, edge)
        self.counts[mkey] += 1
        self.edge_fired[k][text] = self.edge_fired[k].get(text, 0) + 1
        return mkey

    def reporter(self, k: int, edge: Edge, key: Optional[Hashable]) -> Report:
        """The ``report(message)`` callback of edge number ``k`` applied to stored structure ``key``."""
        def report(msg: Message) -> None:
            mkey = self.record(k, edge, msg.render())
            if key is not None:
                self.fired[mkey].setdefault(key, msg)
                self.edge_keys[k].add(key)
            limit = self.options.max_messages
            if limit is not None and len(self.messages) >= limit:
                self.limit = self.limit or "max-messages"
        return report

    def apply(self, k: int, edge: Edge, s: Structure, key: Optional[Hashable],
              focused: Optional[Focused] = None) -> List[Structure]:
        try:
            return self.an.compiled_action(edge).apply(s, self.stats, self.reporter(k, edge, key), focused,
                                                       self.should_stop)
        except Interrupted:   # asked to stop within one application: its results are dropped
            return self.stopped()
        except CoerceFailed as e:
            return self.breached(edge, e.rule)
        except FocusUnbounded as e:
            return self.ran_away(edge, str(e.formula), e.before, e.after)

    def stopped(self) -> List[Structure]:
        self.limit = self.limit or "interrupted"
        return []

    def breached(self, edge: Edge, rule: str) -> List[Structure]:
        """tvla.engine.breakIfCoerceAfterUpdateFailed: stop, saying where (a notice, as
        TVLA's, not a message: the messages per location stay TVLA's)."""
        if self.limit:  # already stopping (e.g. -mm reached by this very structure)
            return []
        self.breach = Breach(edge_record(edge), rule)
        self.limit = "coerce-failed"
        return []

    def ran_away(self, edge: Edge, formula: str, before: int, after: int) -> List[Structure]:
        """A focus kept materializing: stop, saying where (TVLA stops there with an error)."""
        if self.limit:
            return []
        self.runaway = Runaway(edge_record(edge), formula, before, after)
        self.limit = "focus-unbounded"
        return []

    def replay(self, k: int, edge: Edge, key: Hashable, outcome: Outcome) -> List[Structure]:
        """What :meth:`apply` gives and does for an application done by :func:`~tvla.engine.parallel.apply_edges`."""
        kind, value, reported = outcome
        report = self.reporter(k, edge, key)
        messages = message_list(self.an.compiled_action(edge))
        for i in reported:
            report(messages[i])
        if kind == "stopped":
            return self.stopped()
        if kind == "breach":
            return self.breached(edge, value)
        if kind == "runaway":
            return self.ran_away(edge, *value)
        return value

    def propagate(self, loc: str, s: Structure) -> None:
        """Store ``s`` at ``loc``, passing it on through locations that store nothing
        (``-save back/ext``); every CFG cycle has a stored location, so this ends."""
        stack = [(loc, s)]
        while stack and self.limit not in FINAL:
            loc, s = stack.pop()
            self.reached.add(loc)
            if loc in self.an.stored:
                self.store(loc, s)
                continue
            produced = [(e.target, r) for k, e in self.out_edges[loc] for r in self.apply(k, e, s, None)]
            stack.extend(reversed(produced))

    def process(self, loc: str) -> None:
        """Apply every out-edge of ``loc`` to the structures that arrived since its last visit."""
        store = self.stores[loc]
        # a snapshot: an edge back to ``loc`` may change these entries while we work
        work = [(key, store.items[key]) for key in self.pending.pop(loc, {}) if key in store.items]
        shared = self.shared_focus(loc)
        batch = self.batch(loc, [s for _key, s in work], shared)
        focused: List[Focused] = [{} for _ in work] if shared else []
        for j, (k, e) in enumerate(self.out_edges[loc]):
            share = self.an.compiled_action(e).focus_key in shared
            for i, (key, s) in enumerate(work):
                if batch is not None:
                    results = self.replay(k, e, key, batch.row(i)[j])
                else:
                    results = self.apply(k, e, s, key, focused[i] if share else None)
                for r in results:
                    self.propagate(e.target, r)
                if self.limit:
                    return
                self.tick(loc)

    def batch(self, loc: str, structures: List[Structure], shared: Set[FocusKey]) -> Optional[Batch]:
        """The out-edges of ``loc`` applied to ``structures`` by this process and the helper
        (:mod:`tvla.engine.parallel`); None: here alone, one by one (no helper, or one structure)."""
        if len(structures) < 2 or not self.helper_ready():
            return None
        assert self.helper is not None
        edges = self.out_edges[loc]
        compiled = self.an.compiled_action
        return Batch(self.helper, loc, structures,
                     lambda s, stats: apply_edges(compiled, edges, shared, s, stats, self.should_stop),
                     self.stats, self.should_stop)

    def helper_ready(self) -> bool:
        """Is there a helper process (forked now if the analysis has run :data:`WARMUP` seconds)?"""
        if self.helper is not None:
            return self.helper.conn is not None
        if self.options.workers < 2 or self.options.termination or self.helper_tried \
                or time.perf_counter() - self.started < WARMUP:
            return False
        self.helper_tried = True
        try:
            self.helper = Helper(lambda loc, s, stats: apply_edges(
                self.an.compiled_action, self.out_edges[loc], self.shared_focus(loc), s, stats, None))
        except OSError:   # no process to be had: go on alone
            return False
        return True

    def shared_focus(self, loc: str) -> Set[FocusKey]:
        """The focus keys (:attr:`CompiledAction.focus_key`) of two or more edges leaving ``loc``:
        a stored structure is focused once for them all."""
        seen: Set[FocusKey] = set()
        shared: Set[FocusKey] = set()
        for _k, e in self.out_edges[loc]:
            fk = self.an.compiled_action(e).focus_key
            if fk is not None:
                (shared if fk in seen else seen).add(fk)
        return shared

    def tick(self, loc: str) -> None:
        if self.progress is not None:  # the callback decides how often to print
            self.progress(loc, self.steps, self.total, len(self.messages))
        if self.should_stop is not None and self.should_stop():
            self.limit = self.limit or "interrupted"

    def run(self, structures: Iterable[Structure]) -> None:
        """Propagate ``structures`` from the entry until nothing changes or a limit is hit."""
        structures = list(structures)
        self.node_bound = self.options.node_bound(max((s.n for s in structures), default=0))
        try:
            for s in structures:
                if self.limit in FINAL:
                    break
                self.propagate(self.an.program.entry, s)
            while self.heap and self.limit is None:
                _, loc = heapq.heappop(self.heap)
                self.in_heap.discard(loc)
                self.process(loc)
                self.steps += 1
                self.tick(loc)
        except KeyboardInterrupt:
            self.limit = "interrupted"
        except (MemoryError, SystemError) as e:
            if not out_of_memory(e):
                raise
            # the step in progress is dropped with its garbage; what is stored stays a sound
            # partial result, written like that of any other limit
            self.limit = "memory"
        finally:
            if self.helper is not None:
                self.helper.close(kill=True)

    # ------------------------------------------------------------------ result
    def result(self, program_name: str, input_name: str, inputs: InputSummary, seconds: float,
               prepared: Sequence[Structure] = ()) -> Result:
        an = self.an
        program = an.program
        locations = {loc: self.stores[loc].structures() for loc in program.locations}
        return Result(
            program=program_name, input=input_name, options=self.options, vocabulary=an.voc,
            locations=locations, order=list(program.locations),
            edges=[edge_record(e) for e in program.edges],
            printed=list(program.printed), messages=self.message_records(),
            checks=self.checks(), reached=frozenset(self.reached), inputs=inputs,
            seconds={ph: self.stats[ph] for ph in PHASES}, total_seconds=seconds,
            limit_hit=self.limit, warnings=list(an.warnings) + input_warnings(inputs), version=__version__,
            prepared_inputs=tuple(prepared), breach=self.breach, runaway=self.runaway)

    def message_records(self) -> List[MessageRecord]:
        """The messages, each with the stored structures that triggered it and its culprit."""
        out = []
        for mkey, edge in self.messages.items():
            store = self.stores[edge.source]
            index = {k: i for i, k in enumerate(store.items)}
            triggers = sorted((find_trigger(self.an.ev, msg.formula, store.items[k], index[k])
                               for k, msg in self.fired[mkey].items() if k in index), key=lambda t: t.index)
            count = self.counts[mkey]
            # a location that stores nothing (-save back/ext) has no structures to count
            location, title, text = mkey
            out.append(MessageRecord(location, title, text, count=count, structures=len(triggers) or count,
                                     label=edge.action.label, target=edge.target, triggers=tuple(triggers),
                                     file=written_at(edge)[0], line=written_at(edge)[1]))
        return out

    def checks(self) -> List[Check]:
        """One :class:`Check` per CFG edge whose action has a ``%message`` (a global
        ``%message`` belongs to every action)."""
        out = []
        glob = list(self.an.program.global_messages)
        for k, e in enumerate(self.an.program.edges):
            own = glob + e.action.pre_messages + e.action.post_messages
            if not own:
                continue
            fired = self.edge_fired.get(k, {})
            if e.source not in self.reached:
                status, texts = UNREACHED, [m.render() for m in own]
            elif fired:
                status, texts = ALARM, list(fired)
            else:
                status, texts = PROVED, [m.render() for m in own]
            # counted per stored structure, as messages are (a location that stores nothing:
            # the times a message was reported)
            keys = self.edge_keys[k] & set(self.stores[e.source].items)
            out.append(Check(e.source, e.target, e.action.label, e.action.title, "; ".join(texts),
                             status, len(keys) or sum(fired.values()), *written_at(e)))
        return out


def edge_record(edge: Edge) -> EdgeRecord:
    """What a :class:`~tvla.engine.results.Result` keeps of ``edge``."""
    return EdgeRecord(edge.source, edge.target, edge.action.label, edge.action.title, *written_at(edge))


def written_at(edge: Edge) -> Tuple[str, int]:
    """``(file, line)`` of the CFG line of ``edge`` (``("", 0)`` for an edge made by the engine)."""
    pos: Tuple[Any, ...] = tuple(edge.pos) if edge.pos else ()
    return (str(pos[0]), int(pos[1])) if len(pos) == 3 else ("", 0)


def input_changes(k: int, given: Structure, kept: Structure, voc: Vocabulary, completed: Collection[str]) -> List[str]:
    """What the user should know about input structure ``k`` (from 1): summary nodes the
    consistency rules made single, and indefinite (1/2) values of completed predicates of
    at most one argument (a definite value given in the input would have been kept)."""
    out = []
    sm = voc["sm"]
    for u in range(given.n):
        if given.value(sm, (u,)) != FALSE and kept.value(sm, (u,)) == FALSE:
            out.append(f"structure {k}: summary node u{u} became a single node after the consistency rules")
    for p in voc.instrumentation:
        if p.name not in completed or p.arity > 1:
            continue
        tuples = [()] if p.arity == 0 else [(u,) for u in range(kept.n)]
        for t in tuples:
            if kept.value(p, t) == HALF:
                arg = f"u{t[0]}" if t else ""
                out.append(f"structure {k}: completed {p.name}({arg}) = 1/2: give it explicitly to keep it definite")
    return out


def input_warnings(inputs: InputSummary) -> List[str]:
    out = [f"input structure {d.index} violates a consistency rule ({d.reason}); "
           "it describes no store and was dropped" for d in inputs.dropped]
    out += [f"input {c}" for c in inputs.changes]
    if inputs.given == 0:
        out.append("the input has no structures: nothing was analysed")
    elif inputs.used == 0:
        out.append("no input structure survived: nothing was analysed")
    return out
