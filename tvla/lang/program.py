"""The program model: a checked TVP analysis ready to be compiled.

A :class:`Program` holds the vocabulary, the consistency rules, global focus
formulae and messages, and the CFG whose :class:`Edge` objects carry
:class:`Action` values instantiated with their actual arguments.  It is built
by :func:`tvla.lang.tvp.load_program`; the engine compiles it.
"""

from dataclasses import dataclass, field
from typing import Optional

from tvla.errors import Located
from tvla.logic import formula as F
from tvla.logic.vocabulary import Vocabulary


@dataclass
class Message:
    formula: F.Formula
    text: list  # pieces ("s", str) / ("id", name)

    def render(self):
        return "".join(p[1] for p in self.text)


@dataclass
class Action:
    """An action instantiated with actual arguments (one per distinct CFG use)."""

    name: str
    args: tuple
    title: str
    focus: list
    precondition: Optional[F.Formula]
    pre_messages: list
    new: Optional[F.Formula]  # None: no %new; TRUE_F: one node
    updates: dict  # predicate name -> (params, formula)
    retain: Optional[F.Formula]
    post_messages: list
    pos: tuple
    # predicates whose update is marked ``auto``: derived by finite differencing
    auto: tuple = ()
    # name -> (params, formula) written with TVLA's ``p(v) = formula auto``: the
    # update when differencing is off (the prefix ``auto p(v) = ...`` has none)
    auto_written: dict = field(default_factory=dict)
    # predicate name -> (file, line, col) of its update formula (tvla check reports there)
    update_pos: dict = field(default_factory=dict)

    @property
    def label(self):
        return f"{self.name}({', '.join(self.args)})"


@dataclass
class Edge:
    source: str
    action: Action
    target: str
    pos: tuple


@dataclass
class Program:
    """A parsed and checked TVP analysis."""

    path: str
    vocabulary: Vocabulary
    sets: dict
    rules: list  # (body, head, where)
    actions: dict  # name -> raw action Decl
    edges: list
    printed: list
    global_focus: list
    global_messages: list
    located: Optional[Located] = None  # the preprocessed text, for positions and macros

    @property
    def macros(self):
        """Macros defined at the end of the program text (its input is read with them)."""
        return self.located.macros if self.located is not None else {}

    @property
    def entry(self):
        return self.edges[0].source if self.edges else None

    @property
    def locations(self):
        seen = []
        for e in self.edges:
            for loc in (e.source, e.target):
                if loc not in seen:
                    seen.append(loc)
        return seen
