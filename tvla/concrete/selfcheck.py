"""Self-check: the abstract result must describe every concrete execution.

The concrete stores that the input structures describe (all up to K nodes,
then random larger ones) run through the concrete interpreter along the CFG;
every store reached at a location must embed into one of the structures the
analysis stored there, and every message the concrete run reports must be
among the analysis's messages.  The first store that does not is a soundness
bug: in the engine, or in a spec whose update formula disagrees with the
definition of what it updates.  ``tvla selfcheck`` (loading the files and
running the analysis) is ``tvla.cli.api.selfcheck_files``.
"""

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Deque, Dict, Hashable, List, Optional, Sequence, Set, Tuple

from tvla.concrete.interpreter import Concretizer, Effort, Interpreter, canonical_key, embeds, expand, half_cells
from tvla.engine.results import Result
from tvla.lang.program import Edge, Program
from tvla.lang.tvs import format_structure
from tvla.logic.kleene import FALSE, TRUE
from tvla.logic.structure import Inconsistent, Structure
from tvla.logic.vocabulary import Vocabulary


WALK_NODES = 24
"""A random run ends at a store of more nodes: whether a store embeds into a structure is a search
exponential in its nodes at worst (a run that adds a cell at every step of 300 reached stores of
hundreds of densely linked nodes, minutes of checks); 24 nodes leave a loop that builds a list a
score of iterations past the largest random input."""


@dataclass
class Violation:
    location: str
    edge: Optional[Edge]  # the CFG edge that produced the store (None: an input store)
    store: Structure
    reason: str  # "embed" or the text of a message the analysis missed


@dataclass
class SelfCheck:
    inputs: int = 0  # concrete input stores enumerated (up to K nodes)
    capped: bool = False  # the enumeration stopped at its bound (SELFCHECK_STORES, SELFCHECK_EFFORT)
    random_runs: int = 0
    states: int = 0  # (location, store) pairs checked
    violations: List[Violation] = field(default_factory=list)


class Checker:
    """Checks concrete states against one analysis result."""

    def __init__(self, program: Program, result: Result, interpreter: Optional[Interpreter] = None) -> None:
        self.program = program
        self.voc = program.vocabulary
        self.result = result
        self.interp = interpreter or Interpreter(program)
        self.out_edges: Dict[str, List[Edge]] = {}
        for e in program.edges:
            self.out_edges.setdefault(e.source, []).append(e)
        self.reported = {(m.location, m.action, m.text) for m in result.messages}
        self.report = SelfCheck()
        self.checked: Set[Tuple[str, Hashable]] = set()

    def check(self, loc: str, store: Structure, edge: Optional[Edge],
              key: Optional[Tuple[str, Hashable]] = None) -> None:
        """Record a violation unless ``store`` embeds in the result at ``loc``."""
        key = key or (loc, canonical_key(store))
        if key in self.checked:
            return
        self.checked.add(key)
        self.report.states += 1
        if not any(embeds(store, a, self.voc) for a in self.result.locations.get(loc, [])):
            self.report.violations.append(Violation(loc, edge, store, "embed"))

    def successors(self, loc: str, store: Structure) -> List[Tuple[Edge, Structure]]:
        """``(edge, store)`` for every CFG edge out of ``loc``; missed messages are recorded."""
        out: List[Tuple[Edge, Structure]] = []
        for e in self.out_edges.get(loc, []):
            messages, succ = self.interp.step(e.action, store)
            for text in messages:
                if (loc, e.action.title, text) not in self.reported:
                    self.report.violations.append(Violation(loc, e, store, text))
            out += [(e, s) for s, _origin in succ]
        return out

    def explore(self, store: Structure, max_nodes: int, max_steps: int) -> None:
        """Every state reachable from ``store`` at the entry (breadth first, stores of
        at most ``max_nodes`` nodes expanded, at most ``max_steps`` steps)."""
        entry = self.program.entry
        self.check(entry, store, None)
        queue: Deque[Tuple[str, Structure, int]] = deque([(entry, store, 0)])
        seen = {(entry, canonical_key(store))}
        while queue and not self.report.violations:
            loc, s, depth = queue.popleft()
            if depth >= max_steps or s.n > max_nodes:
                continue
            for e, t in self.successors(loc, s):
                key = (e.target, canonical_key(t))
                self.check(e.target, t, e, key)
                if key not in seen:
                    seen.add(key)
                    queue.append((e.target, t, depth + 1))

    def walk(self, store: Structure, rng: random.Random, max_steps: int) -> None:
        """One random path from ``store`` at the entry, ended by a store of more than
        :data:`WALK_NODES` nodes (not checked)."""
        loc, s = self.program.entry, store
        self.check(loc, s, None)
        for _ in range(max_steps):
            succ = self.successors(loc, s)
            if not succ or self.report.violations:
                return
            e, s = rng.choice(succ)
            if s.n > WALK_NODES:
                return
            loc = e.target
            self.check(loc, s, e)


def random_store(abstract: Structure, size: int, concretizer: Concretizer, rng: random.Random,
                 attempts: int = 20) -> Optional[Structure]:
    """A random concrete store of ``size`` nodes described by ``abstract``, or None."""
    for _ in range(attempts):
        mults = concretizer.multiplicities(abstract, size)
        if not mults:
            return None
        s = expand(abstract, rng.choice(mults))
        c = _random_completion(s, concretizer, rng)
        if c is not None and embeds(c, abstract, concretizer.voc):
            return c
    return None


def _random_completion(s: Structure, concretizer: Concretizer, rng: random.Random) -> Optional[Structure]:
    try:
        concretizer.coercer.coerce(s)
    except Inconsistent:
        return None
    for p in concretizer.core:
        while True:
            cells = half_cells(s, p)
            if not cells:
                break
            cell = rng.choice(cells)
            for v in rng.sample([FALSE, TRUE], 2):
                t = s.copy()
                t.set_value(p, cell, v)
                try:
                    concretizer.coercer.coerce(t, {p.name})
                except Inconsistent:
                    continue
                s = t
                break
            else:
                return None
    return concretizer.finish(s)


SELFCHECK_STORES = 5000     # input stores enumerated at most: 3 nodes and a ternary predicate make 2^27
SELFCHECK_EFFORT = 50000    # ways of resolving a 1/2 value tried at most while enumerating them


def input_stores(conc: Concretizer, inputs: Sequence[Structure], nodes: int, report: SelfCheck) -> List[Structure]:
    """The concrete stores of up to ``nodes`` nodes that ``inputs`` describe, smallest first, one
    per isomorphism class; at most :data:`SELFCHECK_STORES` of them, found within
    :data:`SELFCHECK_EFFORT` (``report.capped`` says when a bound stopped the enumeration)."""
    stores: Dict[Hashable, Structure] = {}
    effort = Effort(SELFCHECK_EFFORT)
    for size in range(nodes + 1):
        for a in inputs:
            left = SELFCHECK_STORES - len(stores)
            found = conc.stores(a, size, limit=left, effort=effort)
            for c in found:
                stores.setdefault(canonical_key(c), c)
            if len(found) > left or effort.spent:   # more than ``left``: that enumeration was cut
                report.capped = True
                return list(stores.values())[:SELFCHECK_STORES]
    return list(stores.values())


def selfcheck(program: Program, inputs: Sequence[Structure], result: Result, nodes: int = 3, runs: int = 20,
              steps: int = 300, seed: int = 0, interpreter: Optional[Interpreter] = None) -> SelfCheck:
    """Run the concrete stores described by ``inputs`` (all up to ``nodes`` nodes,
    then ``runs`` random ones of up to ``nodes + 3``) and check them against
    ``result``; returns a :class:`SelfCheck` (stops at the first violation)."""
    checker = Checker(program, result, interpreter)
    conc = checker.interp.concretizer
    stores = input_stores(conc, inputs, nodes, checker.report)
    for c in stores:
        checker.report.inputs += 1
        checker.explore(c, nodes, steps)
        if checker.report.violations:
            return checker.report
    rng = random.Random(seed)
    growable = [a for a in inputs if a.summary]
    for _ in range(runs if growable else 0):
        r = random_store(rng.choice(growable), rng.randint(nodes + 1, nodes + 3), conc, rng)
        if r is None:
            continue
        checker.report.random_runs += 1
        checker.walk(r, rng, steps)
        if checker.report.violations:
            break
    return checker.report


def format_selfcheck(report: SelfCheck, voc: Vocabulary, nodes: int) -> List[str]:
    """The lines ``tvla selfcheck`` prints."""
    lines = [f"{report.inputs} concrete input stores of up to {nodes} nodes, "
             f"{report.random_runs} random runs, {report.states} states checked"]
    if report.capped:
        lines.append(f"(the input stores were capped: at most {SELFCHECK_STORES} stores, found within "
                     f"{SELFCHECK_EFFORT} tries; give fewer --nodes to check all)")
    for v in report.violations[:1]:
        what = ("the store does not embed in any structure of the analysis there" if v.reason == "embed"
                else f"the concrete run reports a message the analysis does not: {v.reason}")
        lines.append(f"violation at {v.location}: {what}")
        if v.edge is None:
            lines.append("  edge: (input store at the entry)")
        else:
            lines.append(f"  edge: {v.edge.source} -> {v.edge.target}: {v.edge.action.title} "
                         f"[{v.edge.action.label}]")
        lines.append("  store:")
        lines += ["    " + line for line in format_structure(v.store, voc).splitlines()]
    n = len(report.violations)
    lines.append(f"{n} violation{'s' if n != 1 else ''}")
    return lines
