"""Joins of the structure sets stored at CFG locations.

A join kind is a :class:`Join` strategy, one class per kind, chosen once from
the options (:attr:`~tvla.engine.options.Options.join_strategy`, looked up in
:data:`JOINS`, the one list of the kinds):

* ``rel`` (:class:`RelJoin`): keep every distinct (blurred) structure.
* ``part`` (:class:`PartJoin`): merge structures with the same nullary
  abstraction values and the same canonical names, joining the remaining
  values pointwise (TVLA default).
* ``ind`` (:class:`IndJoin`): one structure per valuation of the nullary
  abstraction predicates (TVLA's independent-attribute join): structures with
  different canonical names are joined over the union of their nodes, and a
  node that only one of them has becomes maybe-active.
* ``conc`` (:class:`ConcJoin`): like ``rel`` on unblurred (concrete) structures.
"""

from typing import ClassVar, Dict, FrozenSet, Hashable, Iterable, List, Optional, Sequence, Set, Tuple

from tvla.engine.blur import Name, canonical_names
from tvla.logic.embed import Cover, NodeName, NodeTag, Signature, SignatureIndex, embedding, may_embed, node_names, \
    node_tags, signature
from tvla.logic.kleene import HALF, Kleene, Mask, Masks
from tvla.logic.structure import Rows, Structure, bits, full_mask, join_masks, spread
from tvla.logic.vocabulary import Vocabulary

Table = Dict[Tuple[int, ...], Kleene]
"""The values of a predicate of arity three or more: node tuple -> value (0 left out)."""

class Join:
    """How a location keeps the structures that reach it: which of them are
    merged (those with the same :meth:`key`) and how (:meth:`merge`), and
    what the kind says about blurring and subsumption."""

    name: ClassVar[str]
    blurs: ClassVar[bool] = True                # actions blur their results (the ``b`` step runs)
    subsumes_by_default: ClassVar[bool] = False  # subsumption when ``Options.subsumption`` is None
    may_subsume: ClassVar[bool] = True          # subsumption is possible at all
    whole_key: ClassVar[bool] = False           # the key is the whole structure

    def key(self, s: Structure, abs_nullary: Sequence[int], abs_unary: Sequence[int]) -> Hashable:
        """The join key of ``s``: structures with the same key are merged."""
        return s.key()

    def merge(self, old: Structure, new: Structure, abs_unary: Sequence[int]) -> Optional[Structure]:
        """The join of the stored ``old`` and ``new`` (same key); None when ``old`` stays."""
        return None

    def __repr__(self) -> str:
        return f"<Join {self.name}>"


class RelJoin(Join):
    """``rel``: every distinct structure is kept (the key is the structure)."""

    name = "rel"
    whole_key = True


class ConcJoin(RelJoin):
    """``conc``: ``rel`` on concrete structures: nothing is blurred, nothing subsumed."""

    name = "conc"
    blurs = False
    may_subsume = False


class PartJoin(Join):
    """``part``: one structure per nullary abstraction values and canonical names,
    merged pointwise (TVLA's default)."""

    name = "part"
    subsumes_by_default = True

    def key(self, s: Structure, abs_nullary: Sequence[int], abs_unary: Sequence[int]) -> Hashable:
        nullary = tuple(s.nul[i] for i in abs_nullary)
        return nullary, tuple(canonical_names(s, abs_unary))

    def merge(self, old: Structure, new: Structure, abs_unary: Sequence[int]) -> Optional[Structure]:
        return merge(old, new)


class IndJoin(Join):
    """``ind``: one structure per nullary abstraction values, joined over the union
    of the canonical names (:func:`merge_universes`)."""

    name = "ind"
    subsumes_by_default = True

    def key(self, s: Structure, abs_nullary: Sequence[int], abs_unary: Sequence[int]) -> Hashable:
        return tuple(s.nul[i] for i in abs_nullary)

    def merge(self, old: Structure, new: Structure, abs_unary: Sequence[int]) -> Optional[Structure]:
        return merge_universes(old, new, canonical_names(old, abs_unary), canonical_names(new, abs_unary))


JOINS: Dict[str, Join] = {j.name: j for j in (RelJoin(), PartJoin(), IndJoin(), ConcJoin())}
"""The join kinds by their name (``-join``, ``tvla.joinType``), in the order they are listed."""


def merge(a: Structure, b: Structure) -> Structure:
    """Pointwise join of two structures with the same universe and node order."""
    n = a.n
    full = full_mask(n)
    # raw masks: the kernel of every join; zipping the four lists is 15-20% faster than the accessors
    out = Structure(
        n,
        [x if x == y else HALF for x, y in zip(a.nul, b.nul)],
        [], [], [], [], [], a.maybe_active | b.maybe_active,
    )
    for ta, ua, tb, ub in zip(a.uT, a.uU, b.uT, b.uU):
        t, u = join_masks(ta, ua, tb, ub, full)
        out.uT.append(t)
        out.uU.append(u)
    for rta, rua, rtb, rub in zip(a.bT, a.bU, b.bT, b.bU):
        rows_t: List[Mask] = []
        rows_u: List[Mask] = []
        for x in range(n):
            t, u = join_masks(rta[x], rua[x], rtb[x], rub[x], full)
            rows_t.append(t)
            rows_u.append(u)
        out.bT.append(rows_t)
        out.bU.append(rows_u)
    for ha, hb in zip(a.hi, b.hi):
        h: Table = {}
        for k in set(ha) | set(hb):
            x, y = ha.get(k, 0), hb.get(k, 0)
            v = x if x == y else HALF
            if v:
                h[k] = v
        out.hi.append(h)
    return out


def side(names: Sequence[Name], order: Sequence[Name]) -> Tuple[List[int], Mask]:
    """Where the nodes of ``s`` (canonical ``names``) go in the union ``order`` of
    names: the position of each and its mask."""
    rank = {nm: k for k, nm in enumerate(order)}
    pos = [rank[nm] for nm in names]
    return pos, sum(1 << k for k in pos)


def merge_universes(a: Structure, b: Structure, names_a: Sequence[Name], names_b: Sequence[Name]) -> Structure:
    """The join of blurred structures with other canonical names (``-join ind``):
    nodes with the same name are joined; a node of one side only is
    maybe-active and keeps that side's values; a tuple of nodes that no side
    has together is 0 (no store either side describes has all of them, so
    any value keeps those stores; 0 lets focus and coerce skip the tuple)."""
    if names_a == names_b:
        return merge(a, b)
    order = sorted(set(names_a) | set(names_b))
    n = len(order)
    full = full_mask(n)
    pa, ca = side(names_a, order)
    pb, cb = side(names_b, order)
    only = full & ~(ca & cb)  # nodes one side lacks
    unary = [join_sides(spread(ta, pa), spread(ua, pa), ca, spread(tb, pb), spread(ub, pb), cb)
             for (ta, ua), (tb, ub) in zip(a.unary_tables(), b.unary_tables())]
    binary: List[Rows] = []
    for (rta, rua), (rtb, rub) in zip(a.binary_tables(), b.binary_tables()):
        rows_a = placed_rows(rta, rua, pa, n)
        rows_b = placed_rows(rtb, rub, pb, n)
        rows_t: List[Mask] = []
        rows_u: List[Mask] = []
        for k in range(n):
            ra = ca if ca >> k & 1 else 0  # the columns side a has in row k
            rb = cb if cb >> k & 1 else 0
            ta, ua = rows_a[k]
            tb, ub = rows_b[k]
            t, u = join_sides(ta, ua, ra, tb, ub, rb)
            rows_t.append(t)
            rows_u.append(u)
        binary.append((rows_t, rows_u))
    hi = [merge_higher(ha, hb, pa, pb, ca, cb) for ha, hb in zip(a.hi, b.hi)]
    return Structure.from_tables(n, [x if x == y else HALF for x, y in zip(a.nul, b.nul)], unary, binary, hi,
                                 spread(a.maybe_active, pa) | spread(b.maybe_active, pb) | only)


def join_sides(ta: Mask, ua: Mask, ca: Mask, tb: Mask, ub: Mask, cb: Mask) -> Masks:
    """Join of two ``(T, U)`` masks where side a covers ``ca`` and side b ``cb``:
    where both cover, the pointwise join; where one does, its value."""
    both = ca & cb
    t, u = join_masks(ta & both, ua & both, tb & both, ub & both, both)
    t |= (ta & ca & ~cb) | (tb & cb & ~ca)
    u |= (ua & ca & ~cb) | (ub & cb & ~ca)
    return t, u


def placed_rows(rows_t: Sequence[Mask], rows_u: Sequence[Mask], pos: Sequence[int], n: int) -> List[Masks]:
    """Row masks of one side moved to union positions (rows it lacks are empty)."""
    out: List[Masks] = [(0, 0)] * n
    for u, k in enumerate(pos):
        out[k] = (spread(rows_t[u], pos), spread(rows_u[u], pos))
    return out


def merge_higher(ha: Table, hb: Table, pa: Sequence[int], pb: Sequence[int], ca: Mask, cb: Mask) -> Table:
    """:func:`merge_universes` for one predicate of arity three or more."""
    ta = {tuple(pa[x] for x in t): v for t, v in ha.items()}
    tb = {tuple(pb[x] for x in t): v for t, v in hb.items()}
    out: Table = {}
    for tup in set(ta) | set(tb):  # a tuple in neither table is 0 on every side that has it
        va, vb = ta.get(tup, 0), tb.get(tup, 0)
        in_a = all(ca >> x & 1 for x in tup)
        in_b = all(cb >> x & 1 for x in tup)
        v = (va if va == vb else HALF) if in_a and in_b else va if in_a else vb
        if v:
            out[tup] = v
    return out


class StoreKey:
    """A join key with its hash computed once: a location's keys are nested tuples
    over every node, looked up again at every subsumption scan and worklist step."""

    __slots__ = ("value", "hash")

    def __init__(self, value: Hashable) -> None:
        self.value = value
        self.hash = hash(value)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoreKey) and self.hash == other.hash and self.value == other.value

    def __repr__(self) -> str:
        return f"StoreKey({self.value!r})"


class Screen:
    """What subsumption needs of a stored structure, computed once: its
    :func:`~tvla.logic.embed.signature`, its :func:`~tvla.logic.embed.node_names`
    and :func:`~tvla.logic.embed.node_tags`, which tags of the structures tested
    against it have a candidate node in it (``cover``), and the candidates in it
    of their node names (``known``): most tests fail at once, on a node that
    nothing in it covers, and the cover settles those by a set operation."""

    __slots__ = ("signature", "names", "tags", "cover", "known")

    def __init__(self, s: Structure) -> None:
        self.signature = signature(s)
        self.names = node_names(s)
        self.tags = node_tags(self.names, s.maybe_active)
        self.cover = Cover(self.names, s.maybe_active, s.unary_count)
        self.known: Dict[NodeName, Mask] = {}


class Members:
    """The join keys of the stored structures of one signature, each at a slot (a bit of a
    mask), indexed by node tag so that a subsumption scan rules structures out by a few
    integer operations instead of a test per structure: ``having[tag]`` has the slots of the
    structures with a node with that tag, ``lacking[tag]`` those known (by their screen's
    cover) to have no candidate node for it, ``vague`` those with a 1/2 abstraction value.
    A freed slot is taken again by the next key, so the masks stay as wide as the group."""

    __slots__ = ("slot", "key_at", "free", "every", "vague", "having", "lacking")

    def __init__(self) -> None:
        self.slot: Dict[Hashable, int] = {}
        self.key_at: List[Hashable] = []  # slot -> key (None at a free slot)
        self.free: List[int] = []
        self.every: Mask = 0
        self.vague: Mask = 0
        self.having: Dict[NodeTag, Mask] = {}
        self.lacking: Dict[NodeTag, Mask] = {}

    def add(self, k: Hashable, screen: Screen, vague: bool) -> None:
        """Index the structure stored under ``k`` (its screen: ``screen``)."""
        if self.free:
            i = self.free.pop()
            self.key_at[i] = k
        else:
            i = len(self.key_at)
            self.key_at.append(k)
        self.slot[k] = i
        b = 1 << i
        self.every |= b
        if vague:
            self.vague |= b
        having = self.having
        for tag in screen.tags:
            having[tag] = having.get(tag, 0) | b
        self.learnt(k, screen.cover.bad)

    def learnt(self, k: Hashable, tags: Iterable[NodeTag]) -> None:
        """Record that the ``tags`` have no candidate node in the structure of ``k``."""
        b = 1 << self.slot[k]
        lacking = self.lacking
        for tag in tags:
            lacking[tag] = lacking.get(tag, 0) | b

    def remove(self, k: Hashable, screen: Screen) -> None:
        """Forget ``k`` (its screen: ``screen``, as indexed and learnt since)."""
        i = self.slot.pop(k)
        self.key_at[i] = None
        self.free.append(i)
        keep = ~(1 << i)
        self.every &= keep
        self.vague &= keep
        for index, tags in ((self.having, screen.tags), (self.lacking, screen.cover.bad)):
            for tag in tags:
                m = index.get(tag)
                if m is not None:
                    m &= keep
                    if m:
                        index[tag] = m
                    else:
                        del index[tag]

    def keys_at(self, mask: Mask) -> List[Hashable]:
        """The keys at the slots of ``mask``, in slot order."""
        key_at = self.key_at
        return [key_at[i] for i in bits(mask)]

    def into_which(self, tags: FrozenSet[NodeTag], vague_only: bool) -> List[Hashable]:
        """The keys (of the vague structures only, with ``vague_only``) not known to lack a
        candidate for one of ``tags``: the structures that a structure with these node tags
        may embed into."""
        out = self.vague if vague_only else self.every
        lacking = self.lacking
        for tag in tags:
            m = lacking.get(tag)
            if m:
                out &= ~m
        return self.keys_at(out)

    def embeddable_into(self, cover: Cover) -> List[Hashable]:
        """The keys whose structure has a candidate in ``cover``'s structure for every
        node tag: those that may embed into it (``cover`` learns the tags it is asked)."""
        good, bad = cover.good, cover.bad
        gone = 0
        for tag, m in self.having.items():
            if tag not in good and (tag in bad or cover.lacks(tag)):
                gone |= m
        return self.keys_at(self.every & ~gone) if gone else list(self.slot)


Group = Dict[Signature, Members]
"""Join keys grouped by the signature of their structure, so that a signature test
stands for every structure that has it."""

Vague = Set[Signature]
"""The signatures of the groups that have a structure with a 1/2 abstraction value."""


class LocationStore:
    """The structures of one location under a :class:`Join` strategy.

    With ``subsume``, a structure that embeds into one already stored is not
    added, and stored structures that embed into a new one are removed: the
    set describes the same stores with fewer structures."""

    def __init__(self, voc: Vocabulary, join: Join, subsume: bool = False, canonical: bool = True):
        self.voc = voc
        self.join = join
        self.abs_nullary = voc.abs_nullary
        self.abs_unary = voc.abs_unary
        self.items: Dict[Hashable, Structure] = {}  # join key -> structure
        self.interned: Dict[Hashable, StoreKey] = {}  # the keys of items, each to itself
        self.subsume = subsume and join.may_subsume
        # with subsumption, the stored structures' screens and their keys by signature; a
        # structure that is not vague is screened only once a test needs it (pending)
        self.screens: Dict[Hashable, Screen] = {}
        self.groups: Group = {}
        self.index = SignatureIndex()  # the signatures of groups
        self.vague_groups: Vague = set()  # the signatures of groups with a structure with a 1/2 abstraction value
        self.pending: Dict[Hashable, None] = {}
        # structures are blurred (canonical names distinct) unless the action order has no b
        self.by_key = join.whole_key or not canonical

    def add(self, s: Structure) -> Optional[Hashable]:
        """Join ``s`` in; return the key of the stored structure that changed, or None."""
        k = StoreKey(self.join.key(s, self.abs_nullary, self.abs_unary))
        stored = self.interned.get(k)
        if stored is None:
            return self.add_new(k, s)
        # the stored key object from here on, so that the dicts keyed by it find it by
        # identity (comparing two equal StoreKeys is a Python call)
        k = stored
        old = self.items[k]
        merged = self.join.merge(old, s, self.abs_unary)
        if merged is None or merged.key() == old.key():
            return None
        self.items[k] = merged
        if self.subsume:
            self.leave(k)
            vague = self.is_vague(merged)
            if self.by_key or vague:
                self.enter(k, Screen(merged), vague)
            else:
                self.pending[k] = None
        return k

    def add_new(self, k: StoreKey, s: Structure) -> Optional[Hashable]:
        """Store ``s`` under ``k``, a key not stored yet, unless subsumption drops it;
        return ``k``, or None when ``s`` embeds into a stored structure."""
        if self.subsume:
            vague = self.is_vague(s)
            if self.by_key or vague or self.vague_groups:
                screen = Screen(s)
                if not self.make_room(s, screen, vague):
                    return None
                self.enter(k, screen, vague)
            else:
                self.pending[k] = None
        self.interned[k] = k
        self.items[k] = s
        return k

    def enter(self, k: Hashable, screen: Screen, vague: bool) -> None:
        """Keep the screen of the structure stored under ``k`` and its place in the groups."""
        self.screens[k] = screen
        members = self.groups.get(screen.signature)
        if members is None:
            members = self.groups[screen.signature] = Members()
            self.index.add(screen.signature)
        members.add(k, screen, vague)
        if vague:
            self.vague_groups.add(screen.signature)

    def leave(self, k: Hashable) -> None:
        """Forget the screen of the structure stored under ``k`` and its place in the groups."""
        if k in self.pending:
            del self.pending[k]
            return
        screen = self.screens.pop(k)
        sig = screen.signature
        members = self.groups[sig]
        members.remove(k, screen)
        if not members.slot:
            del self.groups[sig]
            self.index.remove(sig)
        if not members.vague:
            self.vague_groups.discard(sig)

    def screen_all(self) -> None:
        """Screen the stored structures not screened yet (none of them is vague)."""
        for k in self.pending:
            self.enter(k, Screen(self.items[k]), False)
        self.pending.clear()

    def make_room(self, s: Structure, screen: Screen, vague: bool) -> bool:
        """False when ``s`` (vague or not) embeds into a stored structure; else drop
        the stored structures that embed into ``s``.

        Under part and ind, between blurred structures, one embeds into another
        with another join key only when the other has a 1/2 in an abstraction
        value: with definite canonical names the map must keep every name, so
        both would have the same key (and would have been merged).  Which
        stored structure ``s`` embeds into, and in which order the others are
        dropped, does not matter: the structures are tested a signature at a
        time, and within one the node tags rule most of them out at once
        (:class:`Members`); the embedding search settles the others."""
        by_key = self.by_key
        if by_key or vague:
            self.screen_all()
        if self.embeds_into_stored(s, screen):
            return False
        if by_key or vague:
            for j in self.embedded_in(s, screen):
                del self.items[j]
                del self.interned[j]
                self.leave(j)
        return True

    def embeds_into_stored(self, s: Structure, screen: Screen) -> bool:
        """Does ``s`` embed into a stored structure (under :meth:`make_room`'s premises)?"""
        sig, names, tags, items, screens = screen.signature, screen.names, screen.tags, self.items, self.screens
        by_key, vague = self.by_key, self.vague_groups
        for sig_t in self.index.above(sig):
            if not by_key and sig_t not in vague or not may_embed(sig, sig_t):
                continue
            members = self.groups[sig_t]
            for j in members.into_which(tags, not by_key):
                t = screens[j]
                if t.cover.misses(tags):
                    members.learnt(j, tags & t.cover.bad)
                elif embedding(s, items[j], True, names, t.names, t.known) is not None:
                    return True
        return False

    def embedded_in(self, s: Structure, screen: Screen) -> List[Hashable]:
        """The keys of the stored structures that embed into ``s``."""
        sig, names, items, screens, groups = screen.signature, screen.names, self.items, self.screens, self.groups
        return [j for sig_t in self.index.below(sig) if may_embed(sig_t, sig)
                for j in groups[sig_t].embeddable_into(screen.cover)
                if embedding(items[j], s, True, screens[j].names, names, screen.known) is not None]

    def is_vague(self, s: Structure) -> bool:
        """Does ``s`` have a 1/2 among its abstraction values (nullary or unary)?"""
        return any(s.unary_nodes(i, HALF) for i in self.abs_unary) or any(s.nul[i] == HALF for i in self.abs_nullary)

    def __len__(self) -> int:
        return len(self.items)

    def structures(self) -> List[Structure]:
        return list(self.items.values())
