"""3-valued logical structures stored as bit sets.

Nodes are ``0..n-1``.  A unary predicate is a pair of masks ``(T, U)``: bit
``u`` of ``T`` is set when the value at ``u`` is 1, bit ``u`` of ``U`` when it
is 1/2 (the two are disjoint; 0 elsewhere).  A binary predicate is a list of
such row masks (row ``u`` holds the values of ``p(u, *)``).  Nullary values are
Kleene integers.  Predicates of arity three or more are sparse dicts.

Nodes in the mask ``ma`` are *maybe-active* (TVLA's ``ac`` is 1/2 there): the
node may stand for no individual at all.  Quantifiers and transitive closure
see such a node as 1/2-present (docs/engine.md, "Structures").

A structure is mutable only while an operation builds it (focus, coerce,
update); once handed to a location it is treated as an immutable value.  After
blur, nodes are sorted by canonical name, so equal keys mean isomorphic
structures.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, Hashable, Iterable, List, Optional, Sequence, Tuple, TypeVar

from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask, Masks

if TYPE_CHECKING:
    from tvla.logic.vocabulary import Predicate, Vocabulary

Node = int
"""A node of a structure: an index ``0..n-1`` (bit ``u`` of a :data:`Mask`)."""

Rows = Tuple[List[Mask], List[Mask]]
"""A 3-valued binary relation as row masks ``(T rows, U rows)``: row ``u`` holds the
values of ``p(u, *)``, as :data:`Masks` do for one node."""

Key = Tuple[Hashable, ...]
"""The identity of a structure (:meth:`Structure.key`): equal keys, equal structures."""

T = TypeVar("T")


class Inconsistent(Exception):
    """The structure describes no store (a consistency rule is violated).

    ``bound``: mask of the nodes bound to the rule's outer variables and
    ``at``: mask of the nodes of its vector variable where it is violated (each
    bit one violating assignment), when known; they let coerce remove a
    maybe-active node instead of the structure."""

    def __init__(self, rule: str, bound: Optional[Mask] = None, at: Mask = 0) -> None:
        super().__init__(rule)
        self.bound = bound
        self.at = at


def breached_nodes(e: Inconsistent, ma: Mask) -> Mask:
    """The maybe-active nodes that cannot exist, given breach ``e`` in a structure
    whose maybe-active nodes are ``ma``: those that are the only maybe-active
    node of a violating assignment (a mask; 0 when every assignment has
    several).  Re-raise ``e`` when some violating assignment binds only active
    nodes."""
    if not ma or e.bound is None:
        raise e
    bound = e.bound & ma
    if bound & (bound - 1):
        return 0
    if bound:
        return bound if e.at & (~ma | bound) else 0
    if not e.at or e.at & ~ma:
        raise e
    return e.at


def full_mask(n: int) -> Mask:
    """Mask with the bits of nodes ``0..n-1`` set."""
    return (1 << n) - 1


def join_masks(ta: Mask, ua: Mask, tb: Mask, ub: Mask, full: Mask) -> Masks:
    """Pointwise join of two ``(T, U)`` mask pairs over the nodes in ``full``:
    1 where both are 1, 0 where both are 0, 1/2 elsewhere."""
    t = ta & tb
    f = full & ~(ta | ua) & ~(tb | ub)
    return t, full & ~(t | f)


def collapse_masks(t: Mask, u: Mask, groups: Iterable[Mask], full: Mask) -> Masks:
    """``(T, U)`` masks over groups: bit ``k`` is 1 when every node of
    ``groups[k]`` (a node mask) is 1, 0 when every one is 0, 1/2 otherwise."""
    if not (t | u):
        return 0, 0  # 0 everywhere (most tables of a blurred structure are mostly 0)
    f = full & ~(t | u)
    ot = oh = 0
    for k, gm in enumerate(groups):
        if t & gm == gm:
            ot |= 1 << k
        elif f & gm != gm:
            oh |= 1 << k
    return ot, oh


def spread(mask: Mask, pos: Sequence[int]) -> Mask:
    """``mask`` with each node ``u`` moved to node ``pos[u]`` (a renumbering, or the nodes of one
    side of a join placed in the union), a set bit at a time: the masks are sparse."""
    out = 0
    while mask:
        low = mask & -mask
        out |= 1 << pos[low.bit_length() - 1]
        mask ^= low
    return out


def bits(mask: Mask) -> List[Node]:
    """Indices of the set bits of ``mask``, ascending."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def flipped(rows: List[Mask], at: Mask, b: Mask) -> List[Mask]:
    """``rows`` with bit ``b`` flipped in the rows of the nodes of ``at`` (a copy; ``rows`` itself
    when ``at`` is empty)."""
    if not at:
        return rows
    out = list(rows)
    for w in bits(at):
        out[w] ^= b
    return out


def transpose(rows_t: Sequence[Mask], rows_u: Sequence[Mask], n: int) -> Rows:
    """The columns of a relation given by row masks, as rows of its converse: column ``w`` is
    ``(T[w], U[w])``, the nodes ``u`` with ``(u, w)`` 1, resp. 1/2 (1 wins where a row has both)."""
    cols_t = [0] * n
    cols_u = [0] * n
    for u in range(n):
        # the loop of bits() written out twice: coerce transposes a relation each time a
        # rule sharpens it and a body reads its columns
        b = 1 << u
        m = rows_t[u]
        while m:
            low = m & -m
            cols_t[low.bit_length() - 1] |= b
            m ^= low
        m = rows_u[u] & ~rows_t[u]
        while m:
            low = m & -m
            cols_u[low.bit_length() - 1] |= b
            m ^= low
    return cols_t, cols_u


def diagonal_masks(rows_t: Iterable[Mask], rows_u: Iterable[Mask]) -> Masks:
    """``(T, U)`` masks of the diagonal of a relation given by row masks."""
    t = h = 0
    for u, (rt, ru) in enumerate(zip(rows_t, rows_u)):
        b = 1 << u
        if rt & b:
            t |= b
        elif ru & b:
            h |= b
    return t, h


def closure_rows(rows: Iterable[Mask], n: int, absent: Mask = 0) -> List[Mask]:
    """Transitive closure of a relation given by row bit masks (Warshall); paths
    only pass through nodes outside the mask ``absent``."""
    rows = list(rows)
    for k in range(n):
        bk = 1 << k
        rk = rows[k]
        if not rk or absent & bk:
            continue
        for i in range(n):
            if rows[i] & bk:
                rows[i] |= rk
    return rows


class Structure:
    """A 3-valued structure over the nodes ``0..n-1`` (see the module docstring)."""

    __slots__ = ("n", "full", "nul", "uT", "uU", "bT", "bU", "hi", "ma", "tables", "_cache", "_key", "_names",
                 "origin")
    n: int
    full: Mask
    nul: List[Kleene]
    uT: List[Mask]
    uU: List[Mask]
    bT: List[List[Mask]]
    bU: List[List[Mask]]
    hi: List[Dict[Tuple[Node, ...], Kleene]]
    ma: Mask
    tables: Dict[int, Any]
    _cache: Dict[Tuple[Hashable, ...], Any]
    _key: Optional[Key]
    _names: Optional[Tuple[Sequence[int], Tuple[Tuple[Kleene, ...], ...]]]
    origin: Optional[List[Mask]]

    def __init__(self, n: int, nul: List[Kleene], uT: List[Mask], uU: List[Mask], bT: List[List[Mask]],
                 bU: List[List[Mask]], hi: Optional[List[Dict[Tuple[Node, ...], Kleene]]] = None,
                 ma: Mask = 0) -> None:
        self.n = n
        self.full = full_mask(n)  # mask of all nodes (kept in step with n)
        self.nul = nul
        self.uT = uT
        self.uU = uU
        self.bT = bT
        self.bU = bU
        self.hi = hi if hi is not None else []
        self.ma = ma  # maybe-active nodes (ac = 1/2)
        self._cache = {}
        self._key = None
        self._names = None
        # tabled subformula values, token -> value (see evaluate.py): read freely,
        # filled by tabled(), emptied of stale entries by every mutation
        self.tables = {}
        # termination analysis only (-td): per node, the mask of the nodes of the
        # structure an action started from that it may hold individuals of (None: not
        # tracked); never part of the key, so stored structures are unchanged
        self.origin = None

    @classmethod
    def empty(cls, voc: Vocabulary, n: int = 0) -> Structure:
        return cls(
            n,
            [FALSE] * len(voc.nullary),
            [0] * len(voc.unary),
            [0] * len(voc.unary),
            [[0] * n for _ in voc.binary],
            [[0] * n for _ in voc.binary],
            [dict() for _ in voc.higher],
        )

    @classmethod
    def from_tables(cls, n: int, nul: List[Kleene], unary: Sequence[Masks], binary: Sequence[Rows],
                    hi: Optional[List[Dict[Tuple[Node, ...], Kleene]]] = None, ma: Mask = 0) -> Structure:
        """A structure over ``n`` nodes from its tables: per unary predicate its ``(T, U)``
        masks, per binary one its row masks (the lists are kept, not copied), and its
        maybe-active nodes ``ma``."""
        return cls(n, nul, [t for t, _ in unary], [u for _, u in unary],
                   [t for t, _ in binary], [u for _, u in binary], hi, ma)

    def tabled(self, token: int, compute: Callable[[], T]) -> T:
        """The value tabled under ``token`` (computed by ``compute()`` on first use)."""
        r: Optional[T] = self.tables.get(token)
        if r is None:
            r = self.tables[token] = compute()
        return r

    @property
    def summary(self) -> Mask:
        """Mask of summary nodes (sm = 1/2)."""
        return self.uU[0]

    def copy(self) -> Structure:
        """An independent copy; derived views and tabled values carry over (they
        are immutable and every mutation forgets the ones it invalidates)."""
        c = Structure(
            self.n, list(self.nul), list(self.uT), list(self.uU),
            [list(r) for r in self.bT], [list(r) for r in self.bU],
            [dict(h) for h in self.hi], self.ma,
        )
        if self._cache:
            c._cache = dict(self._cache)
        if self.tables:
            c.tables = dict(self.tables)
        if self.origin is not None:
            c.origin = list(self.origin)
        return c

    # ------------------------------------------------------------------ access
    def unary(self, i: int, u: Node) -> Kleene:
        b = 1 << u
        return TRUE if self.uT[i] & b else (HALF if self.uU[i] & b else FALSE)

    def binary(self, i: int, u: Node, w: Node) -> Kleene:
        b = 1 << w
        return TRUE if self.bT[i][u] & b else (HALF if self.bU[i][u] & b else FALSE)

    def value(self, pred: Predicate, args: Sequence[Node]) -> Kleene:
        """Value of predicate ``pred`` (a vocabulary Predicate) at a node tuple."""
        if pred.arity == 0:
            return self.nul[pred.index]
        if pred.arity == 1:
            return self.unary(pred.index, args[0])
        if pred.arity == 2:
            return self.binary(pred.index, args[0], args[1])
        return self.hi[pred.index].get(tuple(args), FALSE)

    def set_value(self, pred: Predicate, args: Sequence[Node], v: Kleene,
                  stale: Optional[Iterable[int]] = None) -> None:
        """Set ``pred`` at the node tuple ``args``; ``stale``: the tabled values
        that read ``pred`` (None: forget all)."""
        if pred.arity == 0:
            self.nul[pred.index] = v
            self.dirty(stale)
        elif pred.arity == 1:
            self.set_unary(pred.index, args[0], v, stale)
        elif pred.arity == 2:
            self.set_binary(pred.index, args[0], args[1], v, stale)
        else:
            if v == FALSE:
                self.hi[pred.index].pop(tuple(args), None)
            else:
                self.hi[pred.index][tuple(args)] = v
            self.touched()

    def set_unary(self, i: int, u: Node, v: Kleene, stale: Optional[Iterable[int]] = None) -> None:
        b = 1 << u
        t, h = self.uT[i] & ~b, self.uU[i] & ~b
        if v == TRUE:
            t |= b
        elif v == HALF:
            h |= b
        self.uT[i], self.uU[i] = t, h
        self.dirty(stale)

    def set_binary(self, i: int, u: Node, w: Node, v: Kleene, stale: Optional[Iterable[int]] = None) -> None:
        b = 1 << w
        rt, ru = self.bT[i], self.bU[i]
        old_t, old_u = rt[u], ru[u]
        t, h = old_t & ~b, old_u & ~b
        if v == TRUE:
            t |= b
        elif v == HALF:
            h |= b
        rt[u], ru[u] = t, h
        self.row_changed(i, u, old_t, old_u, stale)

    def dirty(self, stale: Optional[Iterable[int]] = None) -> None:
        """Forget the key and the tabled values after a mutation: those whose
        tokens are in ``stale``, or all of them (None)."""
        self._key = None
        self._names = None
        tab = self.tables
        if tab:
            if stale is None:
                self.tables = {}
            elif not isinstance(stale, (set, frozenset)) or len(stale) <= len(tab):
                for token in stale:
                    tab.pop(token, None)
            else:
                # hundreds of formulae may read a predicate; a structure holds a few tables
                for token in [token for token in tab if token in stale]:
                    del tab[token]

    def touched(self, binary_index: Optional[int] = None, stale: Optional[Iterable[int]] = None) -> None:
        """Forget cached derived data after a mutation (of binary predicate
        ``binary_index``; of everything when None); ``stale`` as for :meth:`dirty`."""
        self.dirty(stale if binary_index is not None else None)
        if self._cache:
            if binary_index is None:
                self._cache.clear()
            else:
                for k in [k for k in self._cache if k[1] == binary_index]:
                    del self._cache[k]

    def row_changed(self, i: int, u: Node, old_t: Mask, old_u: Mask, stale: Optional[Iterable[int]] = None) -> None:
        """:meth:`touched` after a change of row ``u`` of binary predicate ``i`` alone (it was
        ``(old_t, old_u)``): the cached columns, diagonal and rows-other-than masks of ``i`` are
        brought up to date at that row instead of being forgotten (coerce sharpens a relation
        row by row while its bodies read the relation's columns: a transpose per row was most
        of the time of a focus over a dozen nodes); the closure views are forgotten."""
        self.dirty(stale)
        cache = self._cache
        if not cache:
            return
        kept = [(k, cache.pop(k)) for k in [k for k in cache if k[1] == i]]
        new_t, new_u = self.bT[i][u], self.bU[i][u]
        b = 1 << u
        for k, c in kept:
            kind = k[0]
            if kind == "cols":
                # column w holds bit u of T where row u has w at 1, of U where at 1/2 alone
                dt = old_t ^ new_t
                du = (old_u & ~old_t) ^ (new_u & ~new_t)
                if dt | du:
                    c = (flipped(c[0], dt, b), flipped(c[1], du, b))
            elif kind == "diag":
                # as diagonal_masks: T where the row has u at 1, U where at 1/2 alone
                t, h = c
                t = t & ~b | (b if new_t & b else 0)
                h = h & ~b | (b if new_u & ~new_t & b else 0)
                c = (t, h)
            elif kind == "other":
                # as rows_other_than: is row u not k[2] at every node?
                if k[2] == TRUE:
                    other = self.full & ~new_t
                else:
                    other = new_t | new_u
                c = c | b if other else c & ~b
            else:
                continue  # a closure view: recomputed when next asked
            cache[k] = c

    # ------------------------------------------------- named views and mutators
    # What callers mean, instead of the masks ``uT``, ``uU``, ``bT``, ``bU``, ``ma``.
    # The mask-level ones (a predicate at a time) cost what raw access costs.
    def is_summary(self, u: Node) -> bool:
        """Is node ``u`` a summary node (sm = 1/2)?"""
        return bool(self.uU[0] >> u & 1)

    def set_summary(self, mask: Mask) -> None:
        """Make the nodes in ``mask`` the summary nodes (sm = 1/2 there, 0 elsewhere)."""
        self.set_unary_masks(0, (0, mask))

    @property
    def maybe_active(self) -> Mask:
        """Mask of the maybe-active nodes (ac = 1/2): they may stand for no individual."""
        return self.ma

    @property
    def active(self) -> Mask:
        """Mask of the definitely active nodes: each stands for at least one individual."""
        return self.full & ~self.ma

    def is_maybe_active(self, u: Node) -> bool:
        """Is node ``u`` maybe-active?"""
        return bool(self.ma >> u & 1)

    def set_maybe_active(self, mask: Mask) -> None:
        """Make the nodes in ``mask`` the maybe-active ones."""
        self.ma = mask
        self.touched()

    @property
    def unary_count(self) -> int:
        """The number of unary predicates (``sm`` is number 0)."""
        return len(self.uT)

    def unary_masks(self, i: int) -> Masks:
        """``(T, U)`` masks of unary predicate ``i``: the nodes where it is 1, resp. 1/2."""
        return self.uT[i], self.uU[i]

    def unary_nodes(self, i: int, v: Kleene) -> Mask:
        """Mask of the nodes where unary predicate ``i`` has the value ``v``."""
        if v == TRUE:
            return self.uT[i]
        if v == HALF:
            return self.uU[i]
        return self.full & ~(self.uT[i] | self.uU[i])

    def set_unary_masks(self, i: int, masks: Masks, stale: Optional[Iterable[int]] = None) -> None:
        """Set unary predicate ``i`` to the ``(T, U)`` masks ``masks``; ``stale`` as for :meth:`dirty`."""
        self.uT[i], self.uU[i] = masks
        self.dirty(stale)

    def rows(self, i: int) -> Rows:
        """Row masks ``(T rows, U rows)`` of binary predicate ``i`` (the structure's own
        lists: read them, change them with :meth:`set_rows` or :meth:`set_binary`)."""
        return self.bT[i], self.bU[i]

    def set_rows(self, i: int, rows: Rows, stale: Optional[Iterable[int]] = None) -> None:
        """Set binary predicate ``i`` to the row masks ``rows`` (the lists are kept, not
        copied); ``stale`` as for :meth:`dirty`."""
        self.bT[i], self.bU[i] = rows
        self.touched(i, stale)

    def unary_tables(self) -> Iterable[Masks]:
        """The ``(T, U)`` masks of every unary predicate, in index order."""
        return zip(self.uT, self.uU)

    def binary_tables(self) -> Iterable[Rows]:
        """The row masks ``(T rows, U rows)`` of every binary predicate, in index order."""
        return zip(self.bT, self.bU)

    # ------------------------------------------------------------- derived views
    # hot paths: look the cache up before building anything
    def column(self, i: int, w: Node) -> Masks:
        """``(T, U)`` masks of ``p(*, w)`` for binary predicate ``i``."""
        c = self.columns(i)
        return c[0][w], c[1][w]

    def columns(self, i: int) -> Rows:
        """The columns of binary predicate ``i`` as the rows of its converse: ``(T, U)``
        where ``T[w]``, ``U[w]`` are the masks of ``p(*, w)`` (read them, do not change them)."""
        # a body that reads one column of p mostly reads them all (E(v_3) !p(v_1, v_3) &
        # p(v_2, v_3) reads column v_3 for each v_3 it visits): all at once, by one transpose
        c: Optional[Rows] = self._cache.get(("cols", i))
        if c is None:
            c = self._cache[("cols", i)] = transpose(self.bT[i], self.bU[i], self.n)
        return c

    def rows_other_than(self, i: int, v: Kleene) -> Mask:
        """Mask of the nodes ``u`` where the row ``p(u, *)`` of binary predicate ``i`` is
        not ``v`` (:data:`TRUE` or :data:`FALSE`) at every node."""
        # coerce asks it of a rule's head before each rule: rules share heads, and most
        # calls find the relation unchanged since the last one
        key = ("other", i, v)
        c = self._cache.get(key)
        if c is None:
            full, rt, ru = self.full, self.bT[i], self.bU[i]
            c = 0
            if v == TRUE:
                for u, r in enumerate(rt):
                    if full & ~r:
                        c |= 1 << u
            else:
                for u, r in enumerate(rt):
                    if r | ru[u]:
                        c |= 1 << u
            self._cache[key] = c
        return c

    def diagonal(self, i: int) -> Masks:
        """``(T, U)`` masks of ``p(v, v)``."""
        key = ("diag", i)
        c = self._cache.get(key)
        if c is None:
            c = self._cache[key] = diagonal_masks(self.bT[i], self.bU[i])
        return c

    def closure(self, i: int) -> Rows:
        """Rows ``(T, U)`` of the transitive closure ``p+`` (max-min paths)."""
        key = ("tc", i)
        c = self._cache.get(key)
        if c is None:
            n = self.n
            rt, ru = self.bT[i], self.bU[i]
            # a definite path only passes through definitely active nodes
            ct = closure_rows(rt, n, self.ma)
            cp = closure_rows([rt[u] | ru[u] for u in range(n)], n)
            c = self._cache[key] = (ct, [cp[u] & ~ct[u] for u in range(n)])
        return c

    def closure_column(self, i: int, w: Node) -> Masks:
        """``(T, U)`` masks of ``p+(*, w)`` for binary predicate ``i``."""
        c = self.closure_columns(i)
        return c[0][w], c[1][w]

    def closure_columns(self, i: int) -> Rows:
        """The columns of ``p+`` for binary predicate ``i``, as :meth:`columns` gives those of ``p``."""
        c: Optional[Rows] = self._cache.get(("tccols", i))
        if c is None:
            c = self._cache[("tccols", i)] = transpose(*self.closure(i), self.n)
        return c

    def closure_diagonal(self, i: int) -> Masks:
        key = ("tcdiag", i)
        c = self._cache.get(key)
        if c is None:
            c = self._cache[key] = diagonal_masks(*self.closure(i))
        return c

    # ---------------------------------------------------------------- topology
    def add_node(self) -> Node:
        """Append an active node with every predicate 0 on it; return its index."""
        u = self.n
        self.n += 1
        self.full = full_mask(self.n)
        for rows in self.bT:
            rows.append(0)
        for rows in self.bU:
            rows.append(0)
        if self.origin is not None:
            self.origin.append(0)  # a new individual
        self.touched()
        return u

    def duplicate_node(self, u: Node) -> Node:
        """Append a copy of node ``u`` that inherits every value (activity included);
        return its index."""
        w = self.add_node()
        bu, bw = 1 << u, 1 << w
        if self.ma & bu:
            self.ma |= bw
        for i in range(len(self.uT)):
            if self.uT[i] & bu:
                self.uT[i] |= bw
            if self.uU[i] & bu:
                self.uU[i] |= bw
        for rows_t, rows_u in zip(self.bT, self.bU):
            for rows in (rows_t, rows_u):
                for x in range(w):
                    if rows[x] & bu:
                        rows[x] |= bw
                rows[w] = rows[u]  # row u already relates to w as it does to itself
        for table in self.hi:
            for tup, v in list(table.items()):
                if u in tup:
                    for variant in _variants(tup, u, w):
                        table[variant] = v
        if self.origin is not None:
            self.origin[w] = self.origin[u]
        self.touched()
        return w

    def restrict(self, keep: Mask) -> Structure:
        """A new structure holding only the nodes in mask ``keep``, renumbered in order."""
        idx = bits(keep)
        if len(idx) == self.n:
            return self
        remap = {u: k for k, u in enumerate(idx)}
        gone = bits(self.full & ~keep)
        if len(gone) <= len(idx):
            # few nodes go (coerce drops one at a time): close each gap by a shift, the
            # highest first, instead of moving every kept bit
            lows = [(1 << u) - 1 for u in reversed(gone)]

            def pack(mask: Mask) -> Mask:
                for low in lows:
                    mask = mask & low | mask >> 1 & ~low
                return mask
        else:
            def pack(mask: Mask) -> Mask:
                out = 0
                for k, u in enumerate(idx):
                    if mask >> u & 1:
                        out |= 1 << k
                return out

        s = Structure(
            len(idx), list(self.nul),
            [pack(m) for m in self.uT], [pack(m) for m in self.uU],
            [[pack(rows[u]) for u in idx] for rows in self.bT],
            [[pack(rows[u]) for u in idx] for rows in self.bU],
            [{tuple(remap[x] for x in t): v for t, v in h.items() if all(x in remap for x in t)}
             for h in self.hi],
            pack(self.ma),
        )
        if self.origin is not None:
            s.origin = [self.origin[u] for u in idx]
        return s

    def drop_nodes(self, mask: Mask) -> None:
        """Remove the nodes in ``mask`` in place (the others are renumbered in order)."""
        r = self.restrict(self.full & ~mask)
        self.n, self.full, self.nul, self.uT, self.uU = r.n, r.full, r.nul, r.uT, r.uU
        self.bT, self.bU, self.hi, self.ma = r.bT, r.bU, r.hi, r.ma
        self.origin = r.origin
        self.tables = {}
        self._cache = {}
        self._key = None
        self._names = None

    def renumbered(self, numbers: Sequence[Node]) -> Structure:
        """A new structure whose node ``numbers[u]`` is node ``u`` of this one (``numbers``:
        a permutation of ``0..n-1``); every value, activity included, moves with its node."""
        order = [0] * self.n  # order[k]: the node that becomes node k
        for u, k in enumerate(numbers):
            order[k] = u

        s = Structure(
            self.n, list(self.nul), [spread(m, numbers) for m in self.uT], [spread(m, numbers) for m in self.uU],
            [[spread(rows[u], numbers) for u in order] for rows in self.bT],
            [[spread(rows[u], numbers) for u in order] for rows in self.bU],
            [{tuple(numbers[x] for x in t): v for t, v in sorted(h.items())} for h in self.hi],
            spread(self.ma, numbers),
        )
        if self.origin is not None:
            s.origin = [self.origin[u] for u in order]
        return s

    def known_names(self, preds: Sequence[int]) -> Optional[Tuple[Tuple[Kleene, ...], ...]]:
        """The nodes' values of the unary predicates ``preds`` (canonical names), as the
        structure's maker gave them (:meth:`give_names`), or None; forgotten at every mutation."""
        given = self._names
        return given[1] if given is not None and (given[0] is preds or given[0] == preds) else None

    def give_names(self, preds: Sequence[int], names: Tuple[Tuple[Kleene, ...], ...]) -> None:
        """Record ``names``, the nodes' values of the unary predicates ``preds`` (blur knows
        them for the structure it makes, which the join then keys by them)."""
        self._names = (preds, names)

    # ------------------------------------------------------------------ identity
    def key(self) -> Key:
        k = self._key
        if k is None:
            k = self._key = (
                self.n, tuple(self.nul), tuple(self.uT), tuple(self.uU),
                tuple(map(tuple, self.bT)), tuple(map(tuple, self.bU)),
                tuple(tuple(sorted(h.items())) for h in self.hi), self.ma,
            )
        return k

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Structure) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<Structure n={self.n}>"


def _variants(tup: Tuple[Node, ...], u: Node, w: Node) -> List[Tuple[Node, ...]]:
    """All tuples obtained by replacing some occurrences of ``u`` by ``w``."""
    out: List[Tuple[Node, ...]] = [()]
    for x in tup:
        if x == u:
            out = [o + (y,) for o in out for y in (u, w)]
        else:
            out = [o + (x,) for o in out]
    return [t for t in out if w in t]
