"""Embedding: the information order between 3-valued structures.

``s`` embeds into ``t`` (``s ⊑ t``, every store ``s`` describes is described
by ``t``) when a map ``f`` from the nodes of ``s`` onto the nodes of ``t``
keeps every value or makes it 1/2 (``s.p(u..) == t.p(f(u)..)`` or
``t.p(f(u)..) == 1/2``, ``sm`` included) and sends several nodes to a node of
``t`` only when that node is a summary node.  Nullary values follow the same
order.

A cheap :func:`signature` (which values occur at all, per predicate) rules
most pairs out before the search: ``f`` is onto, so each value ``t`` has
definitely must occur in ``s``, and each value of ``s`` must occur in ``t``
or be covered by a 1/2 there.  Candidates for each node come from the unary
tables as bit masks; a backtracking search settles the binary ones.
"""

from .kleene import FALSE, HALF, TRUE


def signature(s):
    """(size, nullary values, occurs-1, occurs-0, occurs-1/2): bit ``k`` of each mask
    says whether unary or binary predicate number ``k`` (unary first) has that
    value somewhere in ``s``."""
    full = s.full
    one = zero = half = 0
    bit = 1
    for t, u in zip(s.uT, s.uU):
        one |= bit if t else 0
        half |= bit if u else 0
        zero |= bit if (t | u) != full else 0
        bit <<= 1
    for rows_t, rows_u in zip(s.bT, s.bU):
        one |= bit if any(rows_t) else 0
        half |= bit if any(rows_u) else 0
        zero |= bit if any((t | u) != full for t, u in zip(rows_t, rows_u)) else 0
        bit <<= 1
    return s.n, tuple(s.nul), one, zero, half


def may_embed(a, b):
    """Necessary condition on signatures for ``s ⊑ t`` (``a`` of ``s``, ``b`` of ``t``)."""
    n_s, nul_s, one_s, zero_s, half_s = a
    n_t, nul_t, one_t, zero_t, half_t = b
    if n_t > n_s or (n_s == 0) != (n_t == 0):
        return False
    if any(y != HALF and x != y for x, y in zip(nul_s, nul_t)):
        return False
    return (one_t & ~one_s == 0 and zero_t & ~zero_s == 0 and half_s & ~half_t == 0
            and one_s & ~(one_t | half_t) == 0 and zero_s & ~(zero_t | half_t) == 0)


def node_candidates(s, t, u):
    """Mask of the nodes of ``t`` whose unary values cover those of node ``u`` of ``s``."""
    cand = t.full
    b = 1 << u
    for st, su, tt, tu in zip(s.uT, s.uU, t.uT, t.uU):
        if st & b:
            cand &= tt | tu
        elif su & b:
            cand &= tu
        else:
            cand &= ~tt
        if not cand:
            return 0
    return cand


def value(rows_t, rows_u, u, w):
    b = 1 << w
    return TRUE if rows_t[u] & b else (HALF if rows_u[u] & b else FALSE)


def pair_fits(s, t, u, x, w, y):
    """The binary values of (u, w) in ``s`` are covered by those of (x, y) in ``t``."""
    for st, su, tt, tu in zip(s.bT, s.bU, t.bT, t.bU):
        a = value(st, su, u, w)
        if a != value(tt, tu, x, y) and not tu[x] >> y & 1:
            return False
    return True


def embedding(s, t, screened=False):
    """A node map (list) embedding ``s`` into ``t``, or None.  Predicates of arity
    three or more are compared under the map at the end.  ``screened``: the
    signatures were already compared."""
    if not screened and not may_embed(signature(s), signature(t)):
        return None
    cands = [node_candidates(s, t, u) for u in range(s.n)]
    if not all(cands):
        return None
    f = []
    if not extend(s, t, cands, f, 0, 0):
        return None
    for hs, ht in zip(s.hi, t.hi):
        for tup, v in hs.items():
            w = ht.get(tuple(f[z] for z in tup), FALSE)
            if w != v and w != HALF:
                return None
    return f


def extend(s, t, cands, f, u, used):
    """Assign nodes ``u..`` of ``s`` (``f`` holds the first ``u``; ``used`` the mask of
    their images); True when a complete map onto ``t`` is found."""
    if u == s.n:
        return used == t.full
    summary = t.summary
    mask = cands[u]
    while mask:
        low = mask & -mask
        mask ^= low
        x = low.bit_length() - 1
        if used & low and not summary & low:
            continue
        if s.n - u - 1 < bin(t.full & ~(used | low)).count("1"):
            continue  # too few nodes left to cover the rest of t
        if pair_fits(s, t, u, x, u, x) and all(
                pair_fits(s, t, u, x, w, f[w]) and pair_fits(s, t, w, f[w], u, x) for w in range(u)):
            f.append(x)
            if extend(s, t, cands, f, u + 1, used | low):
                return True
            f.pop()
    return False


def embeds(s, t):
    """Is every store described by ``s`` described by ``t``?"""
    return embedding(s, t) is not None
