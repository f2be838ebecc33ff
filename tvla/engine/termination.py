"""Termination analysis (``-td``) over the abstract transition relation.

After a complete fixpoint, every action is applied once more to every stored
structure with *origin tracking* on: each node carries the mask of the nodes
of the structure the action started from whose individuals it may hold
(focus copies it, ``%new`` starts it empty, blur unites it).  Each result is
mapped into the stored structure of the target that it was merged into or
embeds in; that gives a transition ``S -> T`` with, for every node ``u`` of
``S``, the nodes of ``T`` its individuals may go to, and the nodes of ``T``
that may hold new individuals.  Chains through locations that store nothing
(``-save back/ext``) are composed.

The verdict is ``terminating`` when no infinite path of the abstract graph
exists that a concrete run could follow forever.  For each non-trivial
strongly connected component, candidate *regions* (per structure, a set of
nodes: all nodes, the nodes where a unary predicate is not 0, or not 1) are
shrunk until no transition of the component can bring an individual into a
region from outside it or create one there; the number of individuals in the
region is then a measure that never grows inside the component.  A
transition *decreases* it when a node of the source region that stands for
exactly one individual (not a summary node, not maybe-active) has no image in
the target region.  The sum of all candidate measures decreases on every such
transition, so an infinite run takes those only finitely often: they are
removed and the rest is analysed again (its own components, its own regions).
A component with no decreasing transition is a possible infinite loop.
"""

from collections import defaultdict
from typing import TYPE_CHECKING, Any, DefaultDict, Dict, Iterator, List, Sequence, Set, Tuple

import networkx as nx

from tvla.engine.action import CoerceFailed
from tvla.engine.blur import Name, canonical_names
from tvla.engine.results import Termination, TerminationLoop, TransitionRecord
from tvla.logic.embed import embedding
from tvla.logic.kleene import FALSE, TRUE, Kleene
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Vocabulary

if TYPE_CHECKING:
    from tvla.engine.fixpoint import Fixpoint

State = Tuple[str, int]  # (location, index of the structure in the location's store order)


class Transition:
    """One abstract transition and the fate of the individuals of its source."""

    __slots__ = ("source", "target", "edge", "image", "new")

    def __init__(self, source: State, target: State, edge: int, image: Tuple[int, ...], new: int):
        self.source, self.target, self.edge, self.image, self.new = source, target, edge, image, new


def analyse(fix: "Fixpoint") -> Termination:
    """The termination verdict of a finished :class:`~tvla.engine.fixpoint.Fixpoint`."""
    an = fix.an
    if fix.limit:
        return Termination("possibly non-terminating", (), (), f"the analysis stopped early ({fix.limit})")
    structures = {loc: fix.stores[loc].structures() for loc in an.program.locations if loc in an.stored}
    transitions = record(fix, structures)
    rank = {loc: i for i, loc in enumerate(an.program.locations)}
    loops = unproven(transitions, structures)
    out = []
    for comp in loops:
        states = sorted({t.source for t in comp} | {t.target for t in comp}, key=lambda s: (rank[s[0]], s[1]))
        locs = tuple(dict.fromkeys(loc for loc, _ in states))
        labels = tuple(dict.fromkeys(an.program.edges[t.edge].action.label
                                     for t in sorted(comp, key=lambda t: t.edge)))
        out.append(TerminationLoop(locs, states[0], len(states), labels))
    out.sort(key=lambda lp: (rank[lp.structure[0]], lp.structure[1]))
    verdict = "possibly non-terminating" if out else "terminating"
    records = tuple(TransitionRecord(t.source, t.target, t.edge) for t in transitions)
    return Termination(verdict, tuple(out), records, None)


# ------------------------------------------------------------------ the relation
def record(fix: "Fixpoint", structures: Dict[str, List[Structure]]) -> List[Transition]:
    """Every abstract transition between stored structures, with its node maps."""
    an = fix.an
    keys = {loc: join_index(an.voc, ss) for loc, ss in structures.items()}
    out = []
    for loc, ss in structures.items():
        for i, s in enumerate(ss):
            start = s.copy()
            start.origin = [1 << u for u in range(s.n)]
            for k, target, r in successors(fix, loc, start):
                out += place(an.voc, (loc, i), s.n, k, (target, r), structures[target], keys[target])
    return out


def successors(fix: "Fixpoint", loc: str, s: Structure) -> Iterator[Tuple[int, str, Structure]]:
    """``(edge, stored target, result)`` of every action out of ``loc`` applied to ``s``,
    passing through locations that store nothing; the edge is the first one taken."""
    an = fix.an
    stack = [(k, e, s) for k, e in reversed(fix.out_edges[loc])]
    while stack:
        k, e, st = stack.pop()
        try:
            results = an.compiled_action(e).apply(st, defaultdict(float), lambda msg: None)
        except CoerceFailed:
            continue  # the fixpoint completed, so its own run discarded nothing here either
        for r in results:
            if e.target in an.stored:
                yield k, e.target, r
            else:
                stack += [(k, e2, r) for _, e2 in reversed(fix.out_edges[e.target])]


def join_index(voc: Vocabulary, structures: List[Structure]) -> Dict[Any, List[int]]:
    """Stored structures by nullary abstraction values and canonical names."""
    index: DefaultDict[Any, List[int]] = defaultdict(list)
    for j, t in enumerate(structures):
        index[name_key(voc, t)].append(j)
    return index


def name_key(voc: Vocabulary, s: Structure) -> Tuple[Tuple[Kleene, ...], Tuple[Name, ...]]:
    """The join key of ``s`` under ``part``: nullary abstraction values and canonical names."""
    return tuple(s.nul[i] for i in voc.abs_nullary), tuple(canonical_names(s, voc.abs_unary))


def place(voc: Vocabulary, source: State, n_source: int, k: int, result: Tuple[str, Structure],
          stored: List[Structure], index: Dict[Any, List[int]]) -> List[Transition]:
    """The transition(s) from ``source`` (of ``n_source`` nodes) for ``result``, a pair
    (target location, structure) of edge ``k``: into the stored structure it embeds in
    (the one with its join key first)."""
    target, r = result
    same = index.get(name_key(voc, r), [])
    order = same + [j for j in range(len(stored)) if j not in same]
    for j in order:
        t = stored[j]
        f = list(range(r.n)) if r.key() == t.key() else embedding(r, t)
        if f is not None and r.origin is not None:
            return [Transition(source, (target, j), k, *node_maps(r, f, n_source))]
    # not found (or origins lost): every individual may go anywhere, any may be new
    return [Transition(source, (target, j), k, (t.full,) * n_source, t.full)
            for j, t in enumerate(stored)]


def node_maps(r: Structure, f: Sequence[int], n_source: int) -> Tuple[Tuple[int, ...], int]:
    """``(image, new)``: per source node the target nodes it may go to; the new ones."""
    image = [0] * n_source
    new = 0
    assert r.origin is not None  # place() checked it
    for w, o in enumerate(r.origin):
        b = 1 << f[w]
        if not o:
            new |= b
        while o:
            low = o & -o
            image[low.bit_length() - 1] |= b
            o ^= low
    return tuple(image), new


# ------------------------------------------------------------------ the proof
def unproven(transitions: List[Transition], structures: Dict[str, List[Structure]]) -> List[List[Transition]]:
    """The components of ``transitions`` in which no measure is shown to decrease."""
    out = []
    for comp in components(transitions):
        strict = decreasing(comp, structures)
        if not strict:
            out.append(comp)
        else:
            out += unproven([t for t in comp if id(t) not in strict], structures)
    return out


def components(transitions: List[Transition]) -> List[List[Transition]]:
    """The transitions inside each non-trivial strongly connected component."""
    g = nx.DiGraph()
    g.add_edges_from((t.source, t.target) for t in transitions)
    comp_of = {}
    for c, comp in enumerate(nx.strongly_connected_components(g)):
        for st in comp:
            comp_of[st] = c
    groups = defaultdict(list)
    for t in transitions:
        if comp_of[t.source] == comp_of[t.target]:
            groups[comp_of[t.source]].append(t)
    return [groups[c] for c in sorted(groups, key=lambda c: min(t.source for t in groups[c]))]


def decreasing(comp: List[Transition], structures: Dict[str, List[Structure]]) -> Set[int]:
    """Ids of the transitions of ``comp`` that decrease some region's measure."""
    states = sorted({t.source for t in comp})
    strict = set()
    for region in candidates(states, structures):
        shrink(region, comp)
        for t in comp:
            if id(t) not in strict and leaves(t, region, structures):
                strict.add(id(t))
    return strict


def candidates(states: List[State], structures: Dict[str, List[Structure]]) -> Iterator[Dict[State, int]]:
    """The candidate regions: every node; per unary predicate, where it is not 0, not 1."""
    def of(s):
        return structures[s[0]][s[1]]
    yield {st: of(st).full for st in states}
    for i in range(1, of(states[0]).unary_count):  # 0 is sm
        yield {st: of(st).full & ~of(st).unary_nodes(i, FALSE) for st in states}
        yield {st: of(st).full & ~of(st).unary_nodes(i, TRUE) for st in states}


def shrink(region: Dict[State, int], comp: List[Transition]) -> None:
    """Remove from ``region`` the nodes that may receive an individual from outside it
    (or a new one) on a transition of ``comp``, until none does."""
    changed = True
    while changed:
        changed = False
        for t in comp:
            inside = region[t.source]
            bad = t.new
            for u, img in enumerate(t.image):
                if not inside >> u & 1:
                    bad |= img
            kept = region[t.target] & ~bad
            if kept != region[t.target]:
                region[t.target] = kept
                changed = True


def leaves(t: Transition, region: Dict[State, int], structures: Dict[str, List[Structure]]) -> bool:
    """Does an individual that is surely there leave the region on ``t``?"""
    s = structures[t.source[0]][t.source[1]]
    single = region[t.source] & ~s.summary & ~s.maybe_active
    target = region[t.target]
    for u, img in enumerate(t.image):
        if single >> u & 1 and not img & target:
            return True
    return False

