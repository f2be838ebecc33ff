"""Canonical abstraction (blur).

The canonical name of a node is the vector of its values for the unary
abstraction predicates.  Blur merges nodes with equal names, joining (⊔) the
values of the tuples it merges, and orders the result by canonical name, so
that isomorphic blurred structures have identical representations.  A merged
node is maybe-active only when every node it merges is.
"""

from typing import Dict, List, Sequence, Tuple

from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene
from tvla.logic.structure import Rows, Structure, collapse_masks, full_mask, join_masks
from tvla.logic.vocabulary import Vocabulary

Name = Tuple[Kleene, ...]
"""A canonical name: a node's values for the unary abstraction predicates, in order."""


def canonical_names(s: Structure, abs_unary: Sequence[int]) -> Sequence[Name]:
    """Canonical name (tuple of Kleene values) of every node."""
    known = s.known_names(abs_unary)
    if known is not None:
        return known
    # set from the bits of the masks (mostly 0: a name is mostly FALSE), not read per node
    values = [[FALSE] * len(abs_unary) for _ in range(s.n)]
    for j, i in enumerate(abs_unary):
        t, h = s.unary_masks(i)
        while t:
            low = t & -t
            t ^= low
            values[low.bit_length() - 1][j] = TRUE
        while h:
            low = h & -h
            h ^= low
            values[low.bit_length() - 1][j] = HALF
    return [tuple(v) for v in values]


def blur(s: Structure, voc: Vocabulary) -> Structure:
    """Return the canonical abstraction of ``s`` (``s`` itself is not modified)."""
    abs_unary = voc.abs_unary
    names = canonical_names(s, abs_unary)
    order = sorted(set(names))
    if len(order) == s.n and list(names) == order:
        s.give_names(abs_unary, tuple(order))
        return s  # already canonical: one node per name, nodes in name order
    n = s.n
    full = full_mask(n)
    groups: List[List[int]] = [[] for _ in order]
    rank = {nm: k for k, nm in enumerate(order)}
    for u, nm in enumerate(names):
        groups[rank[nm]].append(u)
    gmask = [sum(1 << u for u in g) for g in groups]
    m = len(order)
    unary = [collapse_masks(t, u, gmask, full) for t, u in s.unary_tables()]
    # summary: merged several nodes, or merged a summary node
    sm, summary = s.summary, 0
    for k, g in enumerate(groups):
        if len(g) > 1 or sm & gmask[k]:
            summary |= 1 << k
    unary[0] = (0, summary)
    binary: List[Rows] = []
    for rt, ru in s.binary_tables():
        ot, ou = [0] * m, [0] * m
        for k, g in enumerate(groups):
            t, u = rt[g[0]], ru[g[0]]
            for x in g[1:]:
                t, u = join_masks(t, u, rt[x], ru[x], full)
            ot[k], ou[k] = collapse_masks(t, u, gmask, full)
        binary.append((ot, ou))
    ma = s.maybe_active
    out = Structure.from_tables(m, list(s.nul), unary, binary, [{} for _ in s.hi],
                                sum(1 << k for k, gm in enumerate(gmask) if ma & gm == gm))
    if s.origin is not None:  # termination analysis: a merged node holds what its parts held
        out.origin = [0] * m
        for k, g in enumerate(groups):
            for u in g:
                out.origin[k] |= s.origin[u]
    for i, table in enumerate(s.hi):
        merged: Dict[Tuple[int, ...], List[Kleene]] = {}
        for tup, v in table.items():
            key = tuple(rank[names[x]] for x in tup)
            merged.setdefault(key, []).append(v)
        out_t = {}
        for key, vals in merged.items():
            size = 1
            for x in key:
                size *= len(groups[x])
            if len(vals) < size:
                vals = vals + [FALSE]
            v = vals[0] if all(x == vals[0] for x in vals) else HALF
            if v != FALSE:
                out_t[key] = v
        out.hi[i] = out_t
    out.give_names(abs_unary, tuple(order))
    return out
