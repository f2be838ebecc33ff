"""Joins of the structure sets stored at CFG locations.

* ``rel``: keep every distinct (blurred) structure.
* ``part``: merge structures with the same nullary abstraction values and the
  same canonical names, joining the remaining values pointwise (TVLA default).
* ``ind``: merge structures with the same nullary values and canonical names
  whatever their other nullary values (one structure per nullary valuation of
  the abstraction predicates and universe).
* ``conc``: like ``rel`` on unblurred (concrete) structures.
"""

from .blur import canonical_names
from .embed import embedding, may_embed, node_names, signature
from .kleene import HALF
from .structure import Structure, full_mask, join_masks

JOINS = ("rel", "part", "ind", "conc")


def merge(a, b):
    """Pointwise join of two structures with the same universe and node order."""
    n = a.n
    full = full_mask(n)
    out = Structure(
        n,
        [x if x == y else HALF for x, y in zip(a.nul, b.nul)],
        [], [], [], [], [],
    )
    for ta, ua, tb, ub in zip(a.uT, a.uU, b.uT, b.uU):
        t, u = join_masks(ta, ua, tb, ub, full)
        out.uT.append(t)
        out.uU.append(u)
    for rta, rua, rtb, rub in zip(a.bT, a.bU, b.bT, b.bU):
        rows_t, rows_u = [], []
        for x in range(n):
            t, u = join_masks(rta[x], rua[x], rtb[x], rub[x], full)
            rows_t.append(t)
            rows_u.append(u)
        out.bT.append(rows_t)
        out.bU.append(rows_u)
    for ha, hb in zip(a.hi, b.hi):
        h = {}
        for k in set(ha) | set(hb):
            x, y = ha.get(k, 0), hb.get(k, 0)
            v = x if x == y else HALF
            if v:
                h[k] = v
        out.hi.append(h)
    return out


class LocationStore:
    """The structures of one location under a join discipline.

    With ``subsume``, a structure that embeds into one already stored is not
    added, and stored structures that embed into a new one are removed: the
    set describes the same stores with fewer structures."""

    def __init__(self, voc, join, subsume=False, canonical=True):
        self.voc = voc
        self.join = join
        self.abs_nullary = voc.abs_nullary
        self.abs_unary = voc.abs_unary
        self.items = {}  # join key -> structure
        self.subsume = subsume and join != "conc"
        self.signatures = {}  # join key -> (embed.signature, embed.node_names), computed when needed
        # structures are blurred (canonical names distinct) unless the action order has no b
        self.by_key = join == "rel" or not canonical
        self.vague = {}       # join keys of stored structures with a 1/2 abstraction value (ordered)

    def _key(self, s):
        if self.join in ("rel", "conc"):
            return s.key()
        names = tuple(canonical_names(s, self.abs_unary))
        if self.join == "ind":
            return ("ind", tuple(s.nul[i] for i in self.abs_nullary), names)
        return (tuple(s.nul[i] for i in self.abs_nullary), names)

    def add(self, s):
        """Join ``s`` in; return the key of the stored structure that changed, or None."""
        k = self._key(s)
        old = self.items.get(k)
        if old is None:
            if self.subsume and not self.make_room(k, s):
                return None
            self.items[k] = s
            return k
        if self.join in ("rel", "conc"):
            return None
        merged = merge(old, s)
        if merged.key() == old.key():
            return None
        self.items[k] = merged
        if self.subsume:
            self.signatures.pop(k, None)
            if self.is_vague(merged):
                self.vague[k] = None
        return k

    def make_room(self, k, s):
        """False when ``s`` embeds into a stored structure; else drop the stored
        structures that embed into ``s``.

        Under part and ind, between blurred structures, one embeds into another
        with another join key only when the other has a 1/2 in an abstraction
        value: with definite canonical names the map must keep every name, so
        both would have the same key (and would have been merged)."""
        by_key = self.by_key
        vague = self.is_vague(s)
        scan_in = self.items if by_key else self.vague
        if not (scan_in or by_key or vague):
            return True
        sig, names = self.signature(k, s)
        for j in scan_in:
            sig_t, names_t = self.signature(j, self.items[j])
            if may_embed(sig, sig_t) and embedding(s, self.items[j], True, names, names_t) is not None:
                del self.signatures[k]
                return False
        if by_key or vague:
            for j in [j for j, t in self.items.items() if self.embeds_into(j, t, s, sig, names)]:
                del self.items[j]
                self.signatures.pop(j, None)
                self.vague.pop(j, None)
        if vague:
            self.vague[k] = None
        return True

    def signature(self, k, s):
        """(embed.signature, embed.node_names) of ``s`` stored under ``k``, computed once."""
        got = self.signatures.get(k)
        if got is None:
            got = self.signatures[k] = (signature(s), node_names(s))
        return got

    def embeds_into(self, j, t, s, sig, names):
        sig_t, names_t = self.signature(j, t)
        return may_embed(sig_t, sig) and embedding(t, s, True, names_t, names) is not None

    def is_vague(self, s):
        """Does ``s`` have a 1/2 among its abstraction values (nullary or unary)?"""
        return any(s.uU[i] for i in self.abs_unary) or any(s.nul[i] == HALF for i in self.abs_nullary)

    def __len__(self):
        return len(self.items)

    def structures(self):
        return list(self.items.values())
