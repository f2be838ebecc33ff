"""The raw syntax of a TVP file, as the parser builds it and elaboration reads it.

A predicate name is kept as text: ``p``, ``p[a,b]`` or nested ``save[at[l]]``.
Substituting a ``foreach`` variable or an action argument replaces a plain
name as a whole, and inside brackets every identifier that is a whole
member (so ``r[n,z]`` with ``z := x`` is ``r[n,x]``).
"""

from typing import Any, Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple
from dataclasses import dataclass, field

from tvla.logic import formula as F
from tvla.logic.formula import Pos

SetExpr = Tuple[Any, ...]
"""A set expression: ``("name", name, pos)``, ``("lit", members)``, ``("comp", name, var,
inner)``, or ``(op, left, right)`` with op ``+``, ``-`` or ``&``."""

CfgEdge = Tuple[str, str, List[str], str, Pos, Pos]
"""A CFG edge as written: (source, action, arguments, target, position, action position)."""

Item = Tuple[str, Pos, Any]
"""An item of an action, a focus list or an update block: (kind, position, data)."""

Syntax = Tuple[List["Decl"], List["Decl"], List[CfgEdge], Optional[List[Tuple[str, Pos]]]]
"""A parsed TVP file: (declarations, actions, CFG edges, printed locations or None)."""


def pred_str(base: str, params: Sequence[str]) -> str:
    """The name of ``base`` with bracketed members: ``p[a,b]`` (``base`` without any)."""
    return f"{base}[{','.join(params)}]" if params else base


def split_name(name: str) -> Tuple[str, List[str]]:
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


def subst_name(name: str, mapping: Mapping[str, str]) -> str:
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
    set_expr: SetExpr
    pos: Optional[Pos] = field(default=None, compare=False, hash=False)

    def compute_free_vars(self) -> FrozenSet[str]:
        return self.body.free_vars()


@dataclass
class Decl:
    """A declaration, an action definition, or a ``foreach`` of declarations."""

    kind: str
    pos: Pos
    data: Dict[str, Any]
