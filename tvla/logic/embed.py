"""Embedding: the information order between 3-valued structures.

``s`` embeds into ``t`` (``s ⊑ t``, every store ``s`` describes is described
by ``t``) when a map ``f`` from the nodes of ``s`` onto the nodes of ``t``
keeps every value or makes it 1/2 (``s.p(u..) == t.p(f(u)..)`` or
``t.p(f(u)..) == 1/2``, ``sm`` included) and sends several nodes to a node of
``t`` only when that node is a summary node.  Nullary values follow the same
order.  Activity is a value too: a maybe-active node of ``s`` goes to a
maybe-active node of ``t``, and a maybe-active node of ``t`` need not be hit.

A cheap :func:`signature` (which values occur at all, per predicate) rules
most pairs out before the search: ``f`` is onto, so each value ``t`` has
definitely must occur in ``s``, and each value of ``s`` must occur in ``t``
or be covered by a 1/2 there.  Candidates for each node come from the unary
tables as bit masks; a backtracking search settles the binary ones.
"""

from typing import Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from tvla.logic.kleene import FALSE, HALF, TRUE, Mask
from tvla.logic.structure import Node, Structure

Signature = Tuple[int, int, int, int, bool]
"""(size, occurs-1, occurs-0, occurs-1/2, has maybe-active nodes): see :func:`signature`."""

NodeName = Tuple[int, int]
"""A node's unary values as two bit vectors over the unary predicates: (1 at bit k when
predicate k is 1 there, 1 at bit k when it is 1/2 there)."""


def signature(s: Structure) -> Signature:
    """(size, occurs-1, occurs-0, occurs-1/2, maybe-active): bit ``k`` of each mask says whether
    predicate number ``k`` (nullary, then unary, then binary) has that value
    somewhere in ``s``.  For a nullary predicate "occurs" is its value, so the
    same mask tests compare nullary values pointwise."""
    full = s.full
    one = zero = half = 0
    bit = 1
    for v in s.nul:
        one |= bit if v == TRUE else 0
        half |= bit if v == HALF else 0
        zero |= bit if v == FALSE else 0
        bit <<= 1
    for t, u in s.unary_tables():
        one |= bit if t else 0
        half |= bit if u else 0
        zero |= bit if (t | u) != full else 0
        bit <<= 1
    for rows_t, rows_u in s.binary_tables():
        one |= bit if any(rows_t) else 0
        half |= bit if any(rows_u) else 0
        zero |= bit if any((t | u) != full for t, u in zip(rows_t, rows_u)) else 0
        bit <<= 1
    return s.n, one, zero, half, bool(s.maybe_active)


def may_embed(a: Signature, b: Signature) -> bool:
    """Necessary condition on signatures for ``s ⊑ t`` (``a`` of ``s``, ``b`` of ``t``):
    ``t``'s definite values occur in ``s`` (the map is onto, unless ``t`` has
    maybe-active nodes) and ``s``'s values occur in ``t`` or are covered by a 1/2 there."""
    n_s, one_s, zero_s, half_s, maybe_s = a
    n_t, one_t, zero_t, half_t, maybe_t = b
    if maybe_s and not maybe_t:
        return False
    if half_s & ~half_t or one_s & ~(one_t | half_t) or zero_s & ~(zero_t | half_t):
        return False
    if maybe_t:
        return True
    return not (n_t > n_s or (n_s == 0) != (n_t == 0) or one_t & ~one_s or zero_t & ~zero_s)


class SignatureIndex:
    """A set of signatures that lists, for a signature ``a``, the members ``b`` that
    :func:`may_embed` may accept with ``a`` below (:meth:`above`: ``may_embed(a, b)``) or
    above (:meth:`below`: ``may_embed(b, a)``) without testing every member; the caller
    still tests each one listed.

    Between two signatures without maybe-active nodes, ``may_embed`` either way needs
    the occurs-1 and occurs-0 masks to agree outside the 1/2 masks of both: so members
    without maybe-active nodes are kept by those masks outside ``union``, the union of
    every 1/2 mask seen (members' and queries'; when it grows, the keys are made anew).
    Members with maybe-active nodes, and queries with them, are tested against all."""

    __slots__ = ("union", "buckets", "loose", "members")

    def __init__(self) -> None:
        self.union = 0
        self.buckets: Dict[Tuple[int, int], Dict[Signature, None]] = {}
        self.loose: Dict[Signature, None] = {}     # members with maybe-active nodes
        self.members: Dict[Signature, None] = {}   # all, in the order they came

    def _key(self, sig: Signature) -> Tuple[int, int]:
        outside = ~self.union
        return sig[1] & outside, sig[2] & outside

    def _widen(self, half: Mask) -> None:
        """Take ``half`` into the union, making the keys anew if it grows."""
        if half & ~self.union:
            self.union |= half
            self.buckets = {}
            for sig in self.members:
                if not sig[4]:
                    self.buckets.setdefault(self._key(sig), {})[sig] = None

    def add(self, sig: Signature) -> None:
        self._widen(sig[3])
        self.members[sig] = None
        if sig[4]:
            self.loose[sig] = None
        else:
            self.buckets.setdefault(self._key(sig), {})[sig] = None

    def remove(self, sig: Signature) -> None:
        del self.members[sig]
        if sig[4]:
            del self.loose[sig]
            return
        key = self._key(sig)
        bucket = self.buckets[key]
        del bucket[sig]
        if not bucket:
            del self.buckets[key]

    def above(self, a: Signature) -> List[Signature]:
        """The members that ``a`` may embed into (a superset of those ``may_embed(a, .)`` accepts)."""
        if a[4]:   # only a member with maybe-active nodes takes them
            return list(self.loose)
        return list(self.buckets.get(self._key(a), ())) + list(self.loose)

    def below(self, a: Signature) -> List[Signature]:
        """The members that may embed into ``a`` (a superset of those ``may_embed(., a)`` accepts)."""
        if a[4]:
            return list(self.members)
        self._widen(a[3])
        return list(self.buckets.get(self._key(a), ()))


def node_names(s: Structure) -> List[NodeName]:
    """Per node, its unary values as two bit vectors over the unary predicates
    (bit k: predicate k is 1, resp. 1/2 there): the canonical name, all predicates."""
    # set from the bits of the masks (mostly 0), not read per node and predicate
    full = s.full
    one = [0] * s.n
    half = [0] * s.n
    bit = 1
    for t, h in s.unary_tables():
        t &= full
        h &= full & ~t
        while t:
            low = t & -t
            t ^= low
            one[low.bit_length() - 1] |= bit
        while h:
            low = h & -h
            h ^= low
            half[low.bit_length() - 1] |= bit
        bit <<= 1
    return list(zip(one, half))


NodeTag = Tuple[int, int, bool]
"""A node's :data:`NodeName` and whether it is maybe-active: what decides the nodes it may
go to (a maybe-active node goes to a maybe-active one)."""


def node_tags(names: Sequence[NodeName], ma: Mask) -> FrozenSet[NodeTag]:
    """The distinct tags of the nodes of a structure (``names``: its :func:`node_names`,
    ``ma``: its maybe-active nodes)."""
    return frozenset((one, half, bool(ma >> u & 1)) for u, (one, half) in enumerate(names))


class Cover:
    """Which node tags have a candidate in one structure ``t``, learnt as they are asked
    (:meth:`misses`): ``s`` embeds into ``t`` only if every node of ``s`` has one, so most
    tests fail on a tag already known to have none, by a set operation."""

    __slots__ = ("names", "ma", "every", "good", "bad")

    def __init__(self, names: Sequence[NodeName], ma: Mask, unary_count: int) -> None:
        self.names = names
        self.ma = ma
        self.every = (1 << unary_count) - 1
        self.good: Set[NodeTag] = set()
        self.bad: Set[NodeTag] = set()

    def misses(self, tags: FrozenSet[NodeTag]) -> bool:
        """Does some tag of ``tags`` have no candidate node in ``t``?  (If so, no
        structure whose nodes have these tags embeds into ``t``.)"""
        if not tags.isdisjoint(self.bad):
            return True
        new = tags - self.good
        if not new:
            return False
        found = False
        for tag in new:
            if self.lacks(tag):
                found = True
        return found

    def lacks(self, tag: NodeTag) -> bool:
        """Does ``tag`` have no candidate node in ``t``?  (Learnt: ``good`` or ``bad`` gets it.)"""
        if tag in self.good:
            return False
        if tag in self.bad:
            return True
        one, half, maybe = tag
        c = node_candidates((one, half), self.names, self.every)
        if (c & self.ma if maybe else c):
            self.good.add(tag)
            return False
        self.bad.add(tag)
        return True


def node_candidates(name: NodeName, names_t: Sequence[NodeName], every: int) -> Mask:
    """Mask of the nodes of ``t`` (``names_t``) whose unary values cover ``name``
    (``every``: the bit vector of all unary predicates)."""
    one, half = name
    zero = every & ~(one | half)
    cand = 0
    for x, (t_one, t_half) in enumerate(names_t):
        if one & ~(t_one | t_half) or half & ~t_half or zero & (t_one & ~t_half):
            continue
        cand |= 1 << x
    return cand


def pair_fits(s: Structure, t: Structure, u: Node, x: Node, w: Node, y: Node) -> bool:
    """The binary values of (u, w) in ``s`` are covered by those of (x, y) in ``t``."""
    # the raw row masks, without value() calls: the embedding search asks this of
    # every pair of nodes it maps, and subsumption runs the search for each new structure
    bw, by = 1 << w, 1 << y
    for st, su, tt, tu in zip(s.bT, s.bU, t.bT, t.bU):
        if tu[x] & by:  # 1/2 in t covers any value
            continue
        if tt[x] & by:  # 1 in t: 1 in s
            if not st[u] & bw:
                return False
        elif (st[u] | su[u]) & bw:  # 0 in t: 0 in s
            return False
    return True


def embedding(s: Structure, t: Structure, screened: bool = False, names_s: Optional[Sequence[NodeName]] = None,
              names_t: Optional[Sequence[NodeName]] = None,
              known: Optional[Dict[NodeName, Mask]] = None) -> Optional[List[Node]]:
    """A node map (list) embedding ``s`` into ``t``, or None.  Predicates of arity
    three or more are compared under the map at the end.  ``screened``: the
    signatures were already compared; ``names_*``: their :func:`node_names`;
    ``known``: :func:`node_candidates` in ``t`` already computed, by name (filled
    as they are computed: a location compares many structures with one stored one,
    mostly to find at once a node that nothing in it covers)."""
    if not screened and not may_embed(signature(s), signature(t)):
        return None
    names_s = names_s if names_s is not None else node_names(s)
    names_t = names_t if names_t is not None else node_names(t)
    every = (1 << s.unary_count) - 1
    cands: List[Mask] = []
    cover = 0
    maybe_s, maybe_t = s.maybe_active, t.maybe_active
    for u, name in enumerate(names_s):
        if known is None:
            c = node_candidates(name, names_t, every)
        else:
            c = known.get(name, -1)
            if c < 0:
                c = known[name] = node_candidates(name, names_t, every)
        if maybe_s >> u & 1:
            c &= maybe_t
        if not c:
            return None
        cands.append(c)
        cover |= c
    if (cover | maybe_t) != t.full:
        return None
    f: List[int] = []
    if not extend(s, t, cands, f, 0, 0):
        return None
    for hs, ht in zip(s.hi, t.hi):
        for tup, v in hs.items():
            w = ht.get(tuple(f[z] for z in tup), FALSE)
            if w != v and w != HALF:
                return None
    return f


def extend(s: Structure, t: Structure, cands: Sequence[Mask], f: List[Node], u: Node, used: Mask) -> bool:
    """Assign nodes ``u..`` of ``s`` (``f`` holds the first ``u``; ``used`` the mask of
    their images); True when a complete map onto ``t`` is found."""
    must = t.active  # the nodes the map has to hit
    if u == s.n:
        return used & must == must
    summary = t.summary
    mask = cands[u]
    while mask:
        low = mask & -mask
        mask ^= low
        x = low.bit_length() - 1
        if used & low and not summary & low:
            continue
        if s.n - u - 1 < bin(must & ~(used | low)).count("1"):
            continue  # too few nodes left to cover the rest of t
        if pair_fits(s, t, u, x, u, x) and all(
                pair_fits(s, t, u, x, w, f[w]) and pair_fits(s, t, w, f[w], u, x) for w in range(u)):
            f.append(x)
            if extend(s, t, cands, f, u + 1, used | low):
                return True
            f.pop()
    return False


def embeds(s: Structure, t: Structure) -> bool:
    """Is every store described by ``s`` described by ``t``?"""
    return embedding(s, t) is not None
