"""The analysis: a compiled program and its worklist fixpoint over the CFG.

An :class:`Analysis` is a value: build it from a :class:`~tvla.tvp.Program`
and options, run it on input structures, get a :class:`Result`.  Nothing is
global, so several analyses can live in one process.
"""

import heapq
import time
from collections import defaultdict
from dataclasses import dataclass, field

import networkx as nx

from .action import PHASES, CompiledAction
from .blur import blur
from .coerce import Coercer, Inconsistent, build_rules
from .differencing import Differencer
from .errors import TvlaError
from .evaluate import Evaluator
from .join import JOINS, LocationStore

SAVES = ("all", "back", "ext")


@dataclass
class MessageRecord:
    location: str
    action: str
    text: str
    count: int = 0


@dataclass
class Result:
    """What an analysis computed: structures per location, messages, statistics."""

    program: str
    input: str
    join: str
    locations: dict  # name -> list of structures (in store order)
    order: list  # locations in CFG order
    messages: list  # MessageRecord, in order of first report
    seconds: dict  # phase -> seconds
    total_seconds: float
    limit_hit: str = None
    printed: list = field(default_factory=list)
    voc: object = None
    analysis: object = None
    warnings: list = field(default_factory=list)

    @property
    def total_structures(self):
        return sum(len(v) for v in self.locations.values())

    @property
    def total_messages(self):
        return len(self.messages)

    def messages_at(self, location):
        return [m for m in self.messages if m.location == location]

    def max_nodes(self, location):
        return max((s.n for s in self.locations.get(location, [])), default=0)

    def to_json(self):
        return {
            "program": self.program,
            "input": self.input,
            "join": self.join,
            "locations": {
                loc: {
                    "structures": len(self.locations.get(loc, [])),
                    "max_nodes": self.max_nodes(loc),
                    "messages": len(self.messages_at(loc)),
                }
                for loc in self.order
            },
            "messages": [
                {"location": m.location, "action": m.action, "text": m.text, "count": m.count}
                for m in self.messages
            ],
            "total_structures": self.total_structures,
            "total_messages": self.total_messages,
            "analysis_seconds": round(self.total_seconds, 3),
            "limit_hit": self.limit_hit,
        }


class Analysis:
    """A program compiled with analysis options."""

    def __init__(self, program, join="part", action_order="fcpucb", automatic=True,
                 differencing=True, post_order=False, max_structures=None, max_messages=None,
                 save="all"):
        if join not in JOINS:
            raise TvlaError(f"unknown join '{join}' (expected one of {', '.join(JOINS)})")
        if save not in SAVES:
            raise TvlaError(f"unknown -save mode '{save}' (expected one of {', '.join(SAVES)})")
        bad = set(action_order) - set("fcpub")
        if bad or "u" not in action_order:
            raise TvlaError(f"bad action order '{action_order}' (letters f, c, p, u, b; u required)")
        self.program = program
        self.voc = program.vocabulary
        self.join = join
        self.action_order = action_order if join != "conc" else action_order.replace("b", "")
        self.automatic = automatic
        self.differencing = differencing
        self.post_order = post_order
        self.max_structures = max_structures
        self.max_messages = max_messages
        self.save = save
        self.ev = Evaluator(self.voc)
        self.rules = build_rules(self.voc, program.rules, automatic)
        self.coercer = Coercer(self.voc, self.rules, self.ev)
        self.compiled = {}
        self.warnings = []
        for e in program.edges:
            key = id(e.action)
            if key not in self.compiled:
                self.compiled[key] = CompiledAction(e.action, self)
                if not differencing:
                    stale = sorted(Differencer(self.voc, e.action.updates).changed - set(e.action.updates))
                    if stale:
                        self.warnings.append(
                            f"without differencing, {e.action.title!r} keeps the old values of "
                            f"{', '.join(stale)} although it changes what they are defined from")
        self.graph = nx.MultiDiGraph()
        for k, e in enumerate(program.edges):
            self.graph.add_edge(e.source, e.target, key=k)
        # structures reach locations coerced (then blurred) when a coerce follows the update
        self.stored_coerced = "c" in self.action_order[self.action_order.index("u"):]
        self.order = self._order()
        self.stored = self._stored_locations()

    def _order(self):
        entry = self.program.entry
        post = list(nx.dfs_postorder_nodes(nx.DiGraph(self.graph), entry))
        seq = post if self.post_order else list(reversed(post))
        rest = [loc for loc in self.program.locations if loc not in seq]
        return seq + rest

    def _stored_locations(self):
        locs = self.program.locations
        if self.save == "all":
            return set(locs)
        g = nx.DiGraph(self.graph)
        entry = self.program.entry
        rank = {loc: i for i, loc in enumerate(self.order)}
        heads = {v for u, v in g.edges() if rank.get(v, 0) <= rank.get(u, 0)}
        keep = heads | {entry} | {l for l in locs if g.out_degree(l) == 0} | set(self.program.printed)
        if self.save == "ext":
            keep |= {l for l in locs if g.in_degree(l) > 1}
        return keep

    def prepare_inputs(self, structures, warnings=None):
        """Coerce and blur input structures (duplicates removed, order kept); inputs
        that violate a rule are dropped with a note in ``warnings``."""
        out = []
        seen = set()
        warnings = [] if warnings is None else warnings
        for k, s in enumerate(structures):
            c = s.copy()
            try:
                self.coercer.coerce(c)
            except Inconsistent as e:
                warnings.append(f"input structure {k + 1} violates a consistency rule ({e}); "
                                "it describes no store and was dropped")
                continue
            b = c if self.join == "conc" else blur(c, self.voc)
            if b.key() not in seen:
                seen.add(b.key())
                out.append(b)
        return out

    def run(self, inputs, progress=None, program_name="", input_name=""):
        """Compute the fixpoint from ``inputs`` at the entry location."""
        t_start = time.perf_counter()
        stats = defaultdict(float)
        stores = {loc: LocationStore(self.voc, self.join) for loc in self.program.locations}
        pending = defaultdict(dict)  # loc -> {key: None} (ordered set)
        heap = []
        in_heap = set()
        rank = {loc: i for i, loc in enumerate(self.order)}
        out_edges = defaultdict(list)
        for e in self.program.edges:
            out_edges[e.source].append(e)
        messages = {}
        state = {"limit": None, "total": 0}

        def schedule(loc):
            if loc not in in_heap:
                in_heap.add(loc)
                heapq.heappush(heap, (rank[loc], loc))

        def add(loc, s):
            t0 = time.perf_counter()
            store = stores[loc]
            before = len(store)
            k = store.add(s)
            state["total"] += len(store) - before
            stats["join"] += time.perf_counter() - t0
            if k is not None:
                pending[loc][k] = None
                schedule(loc)
            if self.max_structures is not None and state["total"] >= self.max_structures:
                state["limit"] = state["limit"] or "max-structures"

        def reporter(edge):
            def report(text):
                key = (edge.source, edge.action.title, text)
                rec = messages.get(key)
                if rec is None:
                    rec = messages[key] = MessageRecord(edge.source, edge.action.title, text)
                rec.count += 1
                if self.max_messages is not None and len(messages) >= self.max_messages:
                    state["limit"] = state["limit"] or "max-messages"
            return report

        def propagate(loc, s):
            # structures pass through locations that do not store them (-save back/ext);
            # every CFG cycle has a stored location (its loop head), so this ends
            stack = [(loc, s)]
            while stack:
                loc, s = stack.pop()
                if loc in self.stored:
                    add(loc, s)
                    continue
                produced = [(e.target, r) for e in out_edges[loc]
                            for r in self.compiled[id(e.action)].apply(s, stats, reporter(e))]
                stack.extend(reversed(produced))

        entry = self.program.entry
        warnings = list(self.warnings)
        for s in self.prepare_inputs(inputs, warnings):
            propagate(entry, s)
        steps = 0
        while heap and state["limit"] is None:
            _, loc = heapq.heappop(heap)
            in_heap.discard(loc)
            keys = list(pending.pop(loc, {}))
            store = stores[loc]
            work = [store.items[k] for k in keys if k in store.items]
            for e in out_edges[loc]:
                ca = self.compiled[id(e.action)]
                rep = reporter(e)
                for s in work:
                    for r in ca.apply(s, stats, rep):
                        propagate(e.target, r)
                    if state["limit"]:
                        break
                    if progress is not None:  # the callback decides how often to print
                        progress(loc, steps, state["total"], len(messages))
                if state["limit"]:
                    break
            steps += 1
            if progress is not None:
                progress(loc, steps, state["total"], len(messages))
        total = time.perf_counter() - t_start
        return Result(
            program=program_name, input=input_name, join=self.join,
            locations={loc: stores[loc].structures() for loc in self.program.locations},
            order=list(self.program.locations),
            messages=list(messages.values()),
            seconds={ph: stats[ph] for ph in PHASES},
            total_seconds=total, limit_hit=state["limit"], printed=list(self.program.printed),
            voc=self.voc, analysis=self, warnings=warnings,
        )
