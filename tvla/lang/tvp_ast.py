"""The raw syntax of a TVP file, as the parser builds it and elaboration reads it.

A predicate name is kept as text: ``p``, ``p[a,b]`` or nested ``save[at[l]]``.
Substituting a ``foreach`` variable or an action argument replaces a plain
name as a whole, and inside brackets every identifier that is a whole
member (so ``r[n,z]`` with ``z := x`` is ``r[n,x]``).
"""

from dataclasses import dataclass, field, replace
from enum import Enum
from typing import (Any, Dict, FrozenSet, Generic, List, Mapping, NamedTuple, Optional, Protocol, Sequence, Tuple,
                    TypeVar, Union)

from tvla.logic import formula as F
from tvla.logic.formula import Pos

Text = List[Tuple[str, str]]
"""A title or message text: pieces ``("s", text)`` written as is and ``("id", name)``, a name."""

Prop = Tuple[str, Pos]
"""A predicate property as written, with its position."""


# set expressions
@dataclass(frozen=True)
class SetName:
    """A declared set, by name."""

    name: str
    pos: Pos


@dataclass(frozen=True)
class SetLit:
    """``{a, b, ...}``."""

    members: Tuple[str, ...]


@dataclass(frozen=True)
class SetComp:
    """``{name : var in inner}``: ``name`` with each member of ``inner`` for ``var``."""

    name: str
    var: str
    inner: "SetExpr"


@dataclass(frozen=True)
class SetOp:
    """``left op right`` with op ``+`` (union), ``-`` (difference) or ``&`` (intersection)."""

    op: str
    left: "SetExpr"
    right: "SetExpr"


SetExpr = Union[SetName, SetLit, SetComp, SetOp]

Body = TypeVar("Body")


@dataclass(frozen=True)
class Foreach(Generic[Body]):
    """``foreach (var in set_expr) { body }``: of declarations, focus formulae or updates."""

    var: str
    set_expr: SetExpr
    body: Tuple[Body, ...]
    pos: Pos


FocusItem = Union[F.Formula, "Foreach[FocusItem]"]


# declarations (``%param``, ``%f``, ``%message`` and ignored ones are action items too)
@dataclass(frozen=True)
class SetDecl:
    """``%s name expr``."""

    name: str
    expr: SetExpr
    pos: Pos


@dataclass(frozen=True)
class ParamDecl:
    """``%param name in expr``."""

    name: str
    expr: SetExpr
    pos: Pos


@dataclass(frozen=True)
class CoreDecl:
    """``%p name(params) props {display}``."""

    name: str
    params: Tuple[str, ...]
    props: Tuple[Prop, ...]
    display: Tuple[str, ...]
    pos: Pos


@dataclass(frozen=True)
class InstrDecl:
    """``%i name(params) = definition props {display}``."""

    name: str
    params: Tuple[str, ...]
    definition: F.Formula
    props: Tuple[Prop, ...]
    display: Tuple[str, ...]
    pos: Pos


@dataclass(frozen=True)
class RuleDecl:
    """``%r body ==> head``."""

    body: F.Formula
    head: F.Formula
    pos: Pos


@dataclass(frozen=True)
class FocusDecl:
    """``%f { formulas }``."""

    formulas: Tuple[FocusItem, ...]
    pos: Pos


@dataclass(frozen=True)
class MessageDecl:
    """``%message formula -> text``."""

    formula: F.Formula
    text: Text
    pos: Pos


@dataclass(frozen=True)
class IgnoredDecl:
    """A decomposition declaration: meaningful to TVLA's decomposing engine only."""

    pos: Pos


Decl = Union[SetDecl, ParamDecl, CoreDecl, InstrDecl, RuleDecl, FocusDecl, MessageDecl, IgnoredDecl,
             "Foreach[Decl]"]


# actions
class Auto(Enum):
    """Where ``auto`` stands by an update: ``auto p(v) = f`` or ``p(v) = f auto``."""

    BEFORE = "before"
    AFTER = "after"


@dataclass(frozen=True)
class Assign:
    """``name(params) = rhs``, over the lines ``lines`` (first, last)."""

    name: str
    params: Tuple[str, ...]
    rhs: F.Formula
    pos: Pos
    lines: Tuple[int, int]
    auto: Optional[Auto] = None


@dataclass(frozen=True)
class LoneAuto:
    """An ``auto`` next to no update (an error)."""

    pos: Pos


UpdateItem = Union[Assign, LoneAuto, "Foreach[UpdateItem]"]


@dataclass(frozen=True)
class Title:
    """``%t text``."""

    text: Text
    pos: Pos


@dataclass(frozen=True)
class Precond:
    """``%p formula``."""

    formula: F.Formula
    pos: Pos


@dataclass(frozen=True)
class New:
    """``%new`` with its formula, if any."""

    formula: Optional[F.Formula]
    pos: Pos


@dataclass(frozen=True)
class Updates:
    """``{ updates }``."""

    items: Tuple[UpdateItem, ...]
    pos: Pos


@dataclass(frozen=True)
class Retain:
    """``%retain formula``."""

    formula: F.Formula
    pos: Pos


ActionItem = Union[Title, FocusDecl, Precond, MessageDecl, New, Updates, Retain, ParamDecl, IgnoredDecl]


@dataclass(frozen=True)
class ActionDecl:
    """``%action name(params) { items }``; ``pos`` is that of its name."""

    name: str
    params: Tuple[str, ...]
    items: Tuple[ActionItem, ...]
    pos: Pos


class CfgEdge(NamedTuple):
    """A CFG edge as written."""

    source: str
    action: str
    args: Tuple[str, ...]
    target: str
    pos: Pos
    action_pos: Pos


class Syntax(NamedTuple):
    """A parsed TVP file."""

    decls: List[Decl]
    actions: List[ActionDecl]
    cfg: List[CfgEdge]
    printed: Optional[List[Tuple[str, Pos]]]


def pred_str(base: str, params: Sequence[str]) -> str:
    """The name of ``base`` with bracketed members: ``p[a,b]`` (``base`` without any)."""
    return f"{base}[{','.join(params)}]" if params else base


def split_name(name: str) -> Tuple[str, List[str]]:
    """``save[at[l],x]`` -> ("save", ["at[l]", "x"]); a plain name has no members."""
    if not name.endswith("]") or "[" not in name:
        return name, []
    base, inner = name.split("[", 1)
    if "[" not in inner:   # no nested brackets: the members are between the commas
        return base, inner[:-1].split(",")
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



def quantified(kind: Any, vs: Tuple[str, ...], body: F.Formula) -> F.Formula:
    """``kind(vs) body``, or ``body`` itself when it is a quantifier of the same kind and binds
    every variable of ``vs`` or does not use it: ``E(x) E(y) f`` is ``E(y) f`` in Kleene logic
    when x is not free there (a chain of 3,000 ``E(w)`` cost n^3000 steps to evaluate)."""
    if isinstance(body, kind) and not set(vs) & body.free_vars():
        return body
    return kind(vs, body)


def unquote(literal: str) -> str:
    """The text of a string literal ``"..."`` with its escapes ``\\n``, ``\\"``, ``\\\\`` read."""
    return literal[1:-1].replace('\\n', "\n").replace('\\"', '"').replace("\\\\", "\\")


class AutoWord(Protocol):
    """The word ``auto`` among the updates of a block, where the parser read it."""

    line: int
    column: int


def _assign_at(items: Sequence[Union[UpdateItem, AutoWord]], k: int) -> Optional[Assign]:
    item = items[k] if 0 <= k < len(items) else None
    return item if isinstance(item, Assign) else None


def attach_auto(items: Sequence[Union[UpdateItem, AutoWord]]) -> Tuple[UpdateItem, ...]:
    """The updates of a block with each ``auto`` given to its update.

    TVLA writes ``auto`` after the formula, ``p(v) = f auto`` (:attr:`Auto.AFTER`);
    tvla also reads it before the predicate, ``auto p(v) = f``
    (:attr:`Auto.BEFORE`).  Between two updates it belongs to the one before, unless
    it starts a line on which the next update starts (``auto q(v) = g``).  An
    ``auto`` next to no update is kept as :class:`LoneAuto` (an error, reported by
    elaboration)."""
    out: List[UpdateItem] = []
    kinds: Dict[int, Auto] = {}
    for k, item in enumerate(items):
        if isinstance(item, (Assign, LoneAuto, Foreach)):
            out.append(item)
            continue
        prev, nxt = _assign_at(items, k - 1), _assign_at(items, k + 1)
        line = item.line or 0  # a word read by a parser has its line
        before = nxt is not None and (prev is None or (line > prev.lines[1] and line == nxt.lines[0]))
        if before:
            kinds[id(nxt)] = Auto.BEFORE
        elif prev is not None:
            kinds.setdefault(id(prev), Auto.AFTER)
        else:
            out.append(LoneAuto((item.line, item.column)))
    return tuple(replace(it, auto=kinds[id(it)]) if isinstance(it, Assign) and id(it) in kinds else it
                 for it in out)
