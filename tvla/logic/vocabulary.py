"""Predicates of an analysis and their layout in structures.

Built-in predicates: ``sm`` (summary), ``isNew`` (new node inside an action),
``instance`` (old node to its copy made by ``%new formula``), and TVLA's
thread predicates ``isthread``, ``ready`` (an abstraction predicate),
``runnable`` and ``outside``, which analyses may update and inputs may give.
"""

from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Tuple

from tvla.logic import formula as F
from tvla.logic.formula import Formula, Where

PROPERTIES = {
    "unique": 1, "pointer": 1, "box": 1, "abs": 1, "nonabs": 1,
    "function": 2, "invfunction": 2, "symmetric": 2, "antisymmetric": 2,
    "reflexive": 2, "antireflexive": 2, "transitive": 2, "acyclic": 2,
}

BUILTINS = ("sm", "isNew", "instance", "isthread", "ready", "runnable", "outside")
UPDATABLE_BUILTINS = ("sm", "isthread", "ready", "runnable", "outside")


@dataclass
class Predicate:
    """A predicate of the vocabulary: its arity, parameter names, kind and properties."""

    name: str
    arity: int
    params: Tuple[str, ...]
    kind: str  # "core", "instr" or "builtin"
    props: FrozenSet[str] = frozenset()
    definition: Optional[Formula] = None
    display: Tuple[str, ...] = ()
    pos: Optional[Where] = None
    index: int = -1  # position within the table of its arity
    abstraction: bool = False

    @property
    def closure_of(self) -> Optional[str]:
        """The field ``f`` of which this binary predicate is defined as the reflexive closure
        (``t[f](v_1, v_2) = f*(v_1, v_2)``), else None."""
        d = self.definition
        if isinstance(d, F.Closure) and d.reflexive and self.arity == 2 and (d.a, d.b) == self.params:
            return d.pred
        return None

    @property
    def is_pointer(self) -> bool:
        return self.arity == 1 and ("pointer" in self.props or "box" in self.props or "unique" in self.props)


@dataclass
class Vocabulary:
    """All predicates, grouped by arity, with indices into structure tables."""

    preds: Dict[str, Predicate] = field(default_factory=dict)
    nullary: List[Predicate] = field(default_factory=list)
    unary: List[Predicate] = field(default_factory=list)
    binary: List[Predicate] = field(default_factory=list)
    higher: List[Predicate] = field(default_factory=list)
    # abs_unary's tuple while the unary predicates number the key (add only appends)
    abs_unary_memo: Dict[int, Tuple[int, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def create(cls) -> "Vocabulary":
        voc = cls()
        voc.add(Predicate("sm", 1, ("v",), "builtin"))
        voc.add(Predicate("isNew", 1, ("v",), "builtin"))
        voc.add(Predicate("instance", 2, ("v_1", "v_2"), "builtin"))
        for name in ("isthread", "ready", "runnable", "outside"):
            voc.add(Predicate(name, 1, ("v",), "builtin", frozenset({"abs"} if name == "ready" else ())))
        return voc

    def add(self, p: Predicate) -> Predicate:
        table = {0: self.nullary, 1: self.unary, 2: self.binary}.get(p.arity, self.higher)
        p.index = len(table)
        table.append(p)
        self.preds[p.name] = p
        if p.arity == 0:
            p.abstraction = "nonabs" not in p.props
        elif p.arity == 1:
            p.abstraction = ("abs" in p.props or p.kind != "builtin") and "nonabs" not in p.props
        return p

    def __getitem__(self, name: str) -> Predicate:
        return self.preds[name]

    def __contains__(self, name: object) -> bool:
        return name in self.preds

    def get(self, name: str) -> Optional[Predicate]:
        return self.preds.get(name)

    @property
    def abs_unary(self) -> Tuple[int, ...]:
        """The indices of the unary abstraction predicates: one tuple while no unary predicate
        is added (blurred structures keep it beside their canonical names)."""
        memo = self.abs_unary_memo
        t = memo.get(len(self.unary))
        if t is None:
            memo.clear()
            t = memo[len(self.unary)] = tuple(p.index for p in self.unary if p.abstraction)
        return t

    @property
    def abs_nullary(self) -> List[int]:
        return [p.index for p in self.nullary if p.abstraction]

    @property
    def instrumentation(self) -> List[Predicate]:
        return [p for p in self.preds.values() if p.kind == "instr"]
