"""Canonical abstraction (blur).

The canonical name of a node is the vector of its values for the unary
abstraction predicates.  Blur merges nodes with equal names, joining (⊔) the
values of the tuples it merges, and orders the result by canonical name, so
that isomorphic blurred structures have identical representations.  A merged
node is maybe-active only when every node it merges is.
"""

from typing import Dict, List, Sequence, Tuple

from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene
from tvla.logic.structure import Structure, collapse_masks, full_mask, join_masks
from tvla.logic.vocabulary import Vocabulary

Name = Tuple[Kleene, ...]
"""A canonical name: a node's values for the unary abstraction predicates, in order."""


def canonical_names(s: Structure, abs_unary: Sequence[int]) -> List[Name]:
    """Canonical name (tuple of Kleene values) of every node."""
    names = []
    uT, uU = s.uT, s.uU
    for u in range(s.n):
        names.append(tuple(
            TRUE if uT[i] >> u & 1 else (HALF if uU[i] >> u & 1 else FALSE) for i in abs_unary))
    return names


def blur(s: Structure, voc: Vocabulary) -> Structure:
    """Return the canonical abstraction of ``s`` (``s`` itself is not modified)."""
    abs_unary = voc.abs_unary
    names = canonical_names(s, abs_unary)
    order = sorted(set(names))
    if len(order) == s.n and names == order:
        return s  # already canonical: one node per name, nodes in name order
    n = s.n
    full = full_mask(n)
    groups: List[List[int]] = [[] for _ in order]
    rank = {nm: k for k, nm in enumerate(order)}
    for u, nm in enumerate(names):
        groups[rank[nm]].append(u)
    gmask = [sum(1 << u for u in g) for g in groups]
    m = len(order)
    out = Structure.empty(voc, m)
    out.nul = list(s.nul)
    for i in range(len(voc.unary)):
        out.uT[i], out.uU[i] = collapse_masks(s.uT[i], s.uU[i], gmask, full)
    # summary: merged several nodes, or merged a summary node
    sm_t, sm_u = 0, 0
    for k, g in enumerate(groups):
        if len(g) > 1 or s.uU[0] & gmask[k]:
            sm_u |= 1 << k
    out.uT[0], out.uU[0] = sm_t, sm_u
    out.ma = sum(1 << k for k, gm in enumerate(gmask) if s.ma & gm == gm)
    if s.origin is not None:  # termination analysis: a merged node holds what its parts held
        out.origin = [0] * m
        for k, g in enumerate(groups):
            for u in g:
                out.origin[k] |= s.origin[u]
    for i in range(len(voc.binary)):
        rt, ru = s.bT[i], s.bU[i]
        ot, ou = out.bT[i], out.bU[i]
        for k, g in enumerate(groups):
            t, u = rt[g[0]], ru[g[0]]
            for x in g[1:]:
                t, u = join_masks(t, u, rt[x], ru[x], full)
            ot[k], ou[k] = collapse_masks(t, u, gmask, full)
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
    return out
