"""The program model: a checked TVP analysis ready to be compiled.

A :class:`Program` holds the vocabulary, the consistency rules, global focus
formulae and messages, and the CFG whose :class:`Edge` objects carry
:class:`Action` values instantiated with their actual arguments.  It is built
by :func:`tvla.lang.tvp.load_program`; the engine compiles it.
"""

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from tvla.errors import Located
from tvla.lang.tvp_ast import ActionDecl, Text
from tvla.logic import formula as F
from tvla.logic.formula import Where
from tvla.logic.vocabulary import Vocabulary

if TYPE_CHECKING:
    from tvla.lang.preprocess import Macro

Update = Tuple[Tuple[str, ...], F.Formula]
"""The update of a predicate by an action: its parameters and its formula."""


@dataclass
class Message:
    """A message: its text is reported where its formula may hold."""

    formula: F.Formula
    text: Text

    def render(self) -> str:
        return "".join(p[1] for p in self.text)


@dataclass
class Action:
    """An action instantiated with actual arguments (one per distinct CFG use)."""

    name: str
    args: Tuple[str, ...]
    title: str
    focus: List[F.Formula]
    precondition: Optional[F.Formula]
    pre_messages: List[Message]
    new: Optional[F.Formula]  # None: no %new; TRUE_F: one node
    updates: Dict[str, Update]  # predicate name -> (params, formula)
    retain: Optional[F.Formula]
    post_messages: List[Message]
    pos: Where
    # predicates whose update is marked ``auto``: derived by finite differencing
    auto: Tuple[str, ...] = ()
    # name -> (params, formula) written with TVLA's ``p(v) = formula auto``: the
    # update when differencing is off (the prefix ``auto p(v) = ...`` has none)
    auto_written: Dict[str, Update] = field(default_factory=dict)
    # predicate name -> (file, line, col) of its update formula (tvla check reports there)
    update_pos: Dict[str, Where] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.name}({', '.join(self.args)})"


@dataclass
class Edge:
    """A CFG edge: ``action`` leads from location ``source`` to ``target``."""

    source: str
    action: Action
    target: str
    pos: Where


@dataclass
class Program:
    """A parsed and checked TVP analysis."""

    path: str
    vocabulary: Vocabulary
    sets: Dict[str, List[str]]
    rules: List[Tuple[F.Formula, F.Formula, Where]]  # (body, head, where)
    actions: Dict[str, ActionDecl]  # name -> its raw syntax
    edges: List[Edge]
    printed: List[str]
    global_focus: List[F.Formula]
    global_messages: List[Message]
    located: Optional[Located] = None  # the preprocessed text, for positions and macros

    @property
    def macros(self) -> Dict[str, "Macro"]:
        """Macros defined at the end of the program text (its input is read with them)."""
        return self.located.macros if self.located is not None else {}

    @property
    def entry(self) -> str:
        """The source of the first edge: where the analysis starts (a checked program
        has at least one edge: elaboration rejects an empty CFG)."""
        return self.edges[0].source

    @property
    def locations(self) -> List[str]:
        """The locations of the CFG, in order of first appearance."""
        seen: List[str] = []
        for e in self.edges:
            for loc in (e.source, e.target):
                if loc not in seen:
                    seen.append(loc)
        return seen
