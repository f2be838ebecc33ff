"""The raw syntax of a TVP file, as the parser builds it and elaboration reads it.

A predicate name is kept as text: ``p``, ``p[a,b]`` or nested ``save[at[l]]``.
Substituting a ``foreach`` variable or an action argument replaces a plain
name as a whole, and inside brackets every identifier that is a whole
member (so ``r[n,z]`` with ``z := x`` is ``r[n,x]``).
"""

from typing import List, Optional
from dataclasses import dataclass, field

from tvla.logic import formula as F


def pred_str(base, params):
    return f"{base}[{','.join(params)}]" if params else base


def split_name(name):
    """``save[at[l],x]`` -> ("save", ["at[l]", "x"]); a plain name has no members."""
    if not name.endswith("]") or "[" not in name:
        return name, []
    base, inner = name.split("[", 1)
    members: List[str] = []
    depth = 0
    cur: List[str] = []
    for ch in inner[:-1]:
        if ch == "," and depth == 0:
            members.append("".join(cur))
            cur = []
            continue
        depth += (ch == "[") - (ch == "]")
        cur.append(ch)
    members.append("".join(cur))
    return base, members


def subst_name(name, mapping):
    """Substitute identifiers in a predicate name: whole name, or its bracketed members."""
    if not mapping:
        return name
    base, members = split_name(name)
    if not members:
        return mapping.get(name, name)
    return pred_str(base, [subst_name(m, mapping) for m in members])


@dataclass(frozen=True)
class Composite(F.Formula):
    """``|/{ body : var in set }`` (op "|") or ``&/{...}`` (op "&"), expanded by elaboration."""

    op: str
    body: F.Formula
    var: str
    set_expr: tuple
    pos: Optional[tuple] = field(default=None, compare=False, hash=False)

    def compute_free_vars(self):
        return self.body.free_vars()


@dataclass
class Decl:
    """A declaration, an action definition, or a ``foreach`` of declarations."""

    kind: str
    pos: tuple
    data: dict
