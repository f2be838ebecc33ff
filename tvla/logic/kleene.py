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
