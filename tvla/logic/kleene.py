"""Kleene's 3-valued logic.

Values are encoded as integers in the truth order: ``FALSE`` = 0, ``HALF`` = 1
(unknown, written 1/2), ``TRUE`` = 2, so that ``and`` is ``min``, ``or`` is
``max`` and ``not`` is ``2 - x``.
"""

from typing import Tuple

FALSE, HALF, TRUE = 0, 1, 2

Kleene = int
"""A 3-valued truth value: FALSE, HALF or TRUE."""

Mask = int
"""A set of nodes as a bit set: bit ``u`` stands for node ``u``."""

Masks = Tuple[Mask, Mask]
"""A 3-valued set of nodes ``(T, U)``: the nodes where a value is 1, and (disjoint) where it is 1/2.
Every unary predicate, and every row of a binary one, is stored this way; formulae evaluate to it."""

_NAMES = {FALSE: "0", HALF: "1/2", TRUE: "1"}


def show(v: Kleene) -> str:
    """Print a value as TVLA does: 0, 1/2 or 1."""
    return _NAMES[v]


def k_and(a: Kleene, b: Kleene) -> Kleene:
    return a if a < b else b


def k_or(a: Kleene, b: Kleene) -> Kleene:
    return a if a > b else b


def k_not(a: Kleene) -> Kleene:
    return 2 - a


def k_implies(a: Kleene, b: Kleene) -> Kleene:
    return k_or(k_not(a), b)


def k_iff(a: Kleene, b: Kleene) -> Kleene:
    if a == HALF or b == HALF:
        return HALF
    return TRUE if a == b else FALSE


def join(a: Kleene, b: Kleene) -> Kleene:
    """Information-order join: equal values stay, different ones become 1/2."""
    return a if a == b else HALF


def definite(a: Kleene) -> bool:
    return a != HALF
