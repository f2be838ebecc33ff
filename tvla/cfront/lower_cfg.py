"""The CFG under construction while lowering one C file (used by :mod:`tvla.cfront.lower`).

A :class:`Builder` owns everything one lowering accumulates: edges, fresh
node and variable names, the declared pointer and int variables, the struct
types met, and the unsupported constructs.  A :class:`Frame` is the context
of one (inlined) function body: its renamed variables, out-parameter
aliases, return variable, exit node, loop and switch targets and labels.

Statements that name :data:`BAD` (the value of an unsupported expression)
are never emitted: the unsupported construct is already recorded, and the
rest of the CFG is kept.
"""

from contextlib import contextmanager
from dataclasses import dataclass, field, fields, is_dataclass, replace
from typing import Dict, FrozenSet, Hashable, Iterator, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront import ir
from tvla.cfront.cinfo import SourceText, struct_name, struct_type
from tvla.cfront.embedded import Hosts, member_struct
from tvla.cfront.intvars import IntClass

__all__ = ["BAD", "Frame", "Builder"]

BAD = "<unsupported>"


@dataclass
class Frame:
    """One function body being lowered (main, or an inlined call)."""

    func: str
    scope: str                                   # "main" or "local"
    exit: str
    ret: Optional[str] = None                    # the variable the return value goes to
    ret_class: Optional[IntClass] = None         # for an int function: how its value is kept
    names: Dict[Hashable, str] = field(default_factory=dict)     # declaration key -> variable name
    aliases: Dict[Hashable, str] = field(default_factory=dict)   # T** parameter -> the variable it points to
    alias_keys: Dict[Hashable, Hashable] = field(default_factory=dict)   # int * parameter -> its variable's key
    field_aliases: Dict[Hashable, Tuple[str, str]] = field(default_factory=dict)   # int * parameter -> (cell, field)
    top: FrozenSet[Hashable] = frozenset()       # the variables declared in the body's own block
    cells: List[Tuple[str, ci.Cursor]] = field(default_factory=list)   # its struct variables' cells
    labels: Dict[str, str] = field(default_factory=dict)
    loops: List[Tuple[str, Optional[str]]] = field(default_factory=list)   # (break, continue) targets
    # the blocks and loops being lowered, outermost first: (statement, the part a continue leaves)
    scopes: List[Tuple[ci.Cursor, ci.Cursor]] = field(default_factory=list)
    cases: Dict[Hashable, str] = field(default_factory=dict)
    void_struct: Optional[ci.Cursor] = None      # the struct its void * values point to (an allocation wrapper)
    consts: Dict[Hashable, int] = field(default_factory=dict)   # int parameters given a constant at this call
    result: Optional[str] = None   # the cell a struct returned by value is copied into (struct T q = f();)


def names_bad(stmt: object) -> bool:
    """Does ``stmt`` (or a condition inside it) name :data:`BAD`? Such a statement is left out."""
    return stmt == BAD or (is_dataclass(stmt) and any(names_bad(getattr(stmt, f.name)) for f in fields(stmt)))


class Builder:
    """Edges, names and declarations of the program being lowered."""

    def __init__(self, src: SourceText, malloc_may_fail: bool = False):
        self.src = src
        self.malloc_may_fail = malloc_may_fail
        self.edges: List[ir.Edge] = []
        self.used: set = {"entry", "exit", "error"}
        self.pointers: Dict[str, ir.PointerVar] = {}
        self.cells: Set[str] = set()      # pointer variables standing for a struct variable (its cell)
        self.ints: Dict[str, ir.IntVar] = {}
        self.structs: Dict[str, ir.StructType] = {}
        self.struct_bytes: Dict[str, int] = {}   # the size of each struct registered (not its host's)
        self.hosts = Hosts()              # embedded structs reached through interior pointers
        self.bare: Dict[str, Tuple[str, str]] = {}   # cells of such a struct standing alone -> (it, its host)
        self.head_cell: Dict[Tuple[str, str], str] = {}   # (struct variable's cell, path) -> its head's cell
        self.problems: List[Tuple[ir.Pos, str]] = []
        self._seen_problems: Set[Tuple[ir.Pos, str]] = set()
        self.cuts: List[Tuple[ir.Pos, str]] = []
        self._last: Dict[str, int] = {}   # per base name, the last k fresh gave it
        self._nodes = 0
        self._temps = 0
        self.frames: List[int] = []   # the inlined calls being lowered, innermost last
        self.node_frames: Dict[str, FrozenSet[int]] = {}   # per node, the inlined calls active there
        self._calls = 0

    # ------------------------------------------------------------------ nodes and edges

    def node(self) -> str:
        self._nodes += 1
        name = f"L{self._nodes}"
        self.node_frames[name] = frozenset(self.frames)
        return name

    def edge(self, src: Optional[str], dst: Optional[str], stmt: ir.Statement, c: ci.Cursor) -> None:
        """Add ``src -> dst`` doing ``stmt`` at ``c``'s position (nothing when either end is unreachable)."""
        if src is None or dst is None:
            return
        if names_bad(stmt):
            return
        self.edges.append(ir.Edge(src, dst, stmt, self.src.pos(c), self.src.text(c), frozenset(self.frames)))

    def step(self, src: Optional[str], stmt: ir.Statement, c: ci.Cursor) -> Optional[str]:
        """Add an edge from ``src`` to a new node; return the new node (None if ``src`` is)."""
        if src is None:
            return None
        dst = self.node()
        self.edge(src, dst, stmt, c)
        return dst

    def goto(self, src: Optional[str], dst: Optional[str], c: ci.Cursor) -> None:
        """Control goes on at ``dst`` (an empty Nop, merged away at the end)."""
        self.edge(src, dst, ir.Nop(), c)

    def join(self, ends: List[Optional[str]], c: ci.Cursor) -> Optional[str]:
        """One node where every reachable end of ``ends`` goes on (None if none is reachable)."""
        live = [e for e in ends if e is not None]
        if len(live) <= 1:
            return live[0] if live else None
        j = self.node()
        for e in live:
            self.goto(e, j, c)
        return j

    # ------------------------------------------------------------------ names and declarations

    def fresh(self, base: str) -> str:
        """``base``, else ``base_2``, ``base_3``... the first not used (the search goes on from the last
        one given for ``base``: names are never given back)."""
        k = self._last.get(base, 1)
        name = base if k == 1 else f"{base}_{k}"
        while name in self.used:
            k += 1
            name = f"{base}_{k}"
        self._last[base] = k
        self.used.add(name)
        return name

    def temp(self, struct: str) -> str:
        """A new temporary pointer variable (dies right after its use)."""
        while True:
            self._temps += 1
            name = f"tmp{self._temps}"
            if name not in self.used:
                break
        self.used.add(name)
        self.pointers[name] = ir.PointerVar(name, struct, "local", frame=self.frame(), temp=True)
        return name

    def frame(self) -> int:
        """The inlined call being lowered (0: main)."""
        return self.frames[-1] if self.frames else 0

    @contextmanager
    def frames_as(self, frames: Tuple[int, ...]) -> Iterator[None]:
        """Add edges as if the inlined calls ``frames`` were being lowered (a step put off to the end)."""
        saved, self.frames = self.frames, list(frames)
        try:
            yield
        finally:
            self.frames = saved

    @contextmanager
    def inlined_call(self) -> Iterator[None]:
        """Lower an inlined call: the variables made meanwhile are its own (:meth:`frame`)."""
        self._calls += 1
        self.frames.append(self._calls)
        try:
            yield
        finally:
            self.frames.pop()

    def pointer(self, base: str, struct_decl: ci.Cursor, scope: str, initialised: bool = False,
                cname: Optional[str] = None) -> str:
        """A new pointer variable named after ``base``, standing for the C variable ``cname``
        (``base`` when not given; "" for none)."""
        name = self.fresh(base)
        self.pointers[name] = ir.PointerVar(name, self.struct(struct_decl), scope, initialised,
                                            self.frame() if scope == "local" else 0,
                                            cname=base if cname is None else cname)
        return name

    def int_var(self, base: str, values: Tuple[int, ...]) -> str:
        name = self.fresh(base)
        self.ints[name] = ir.IntVar(name, values)
        return name

    def struct(self, decl: ci.Cursor) -> str:
        """Register a struct type (and those its pointer fields reach); return its name: an
        embedded struct reached through interior pointers is its host's (:mod:`tvla.cfront.embedded`)."""
        host = self.hosts.of(decl)
        if host is not None:
            return self.struct(host.container)
        name = struct_name(decl)
        self.struct_bytes.setdefault(name, decl.type.get_size())
        if name not in self.structs:   # a struct's fields are read once (a struct may have thousands)
            st, targets = struct_type(decl)
            hosted = self.hosts.by_struct   # a field to an embedded struct leads to its host's cells
            fields = [(f, hosted[t].name if t in hosted else t) for f, t in st.pointer_fields]
            self.structs[name] = self.member_head_fields(decl, replace(st, pointer_fields=tuple(fields)))
            for t in targets:
                self.struct(t)
        return name

    def member_heads_in(self, struct: str) -> List[Tuple[str, str]]:
        """(path, host) of each list head held apart inside a cell of ``struct`` (its field ``path``
        points to a lone cell of struct ``host``)."""
        st = self.structs.get(struct)
        heads = {path for c, path in self.hosts.member_heads if c == struct}
        return [(f, t) for f, t in st.pointer_fields if f in heads] if st is not None else []

    def head_cells_of(self, dst: str, struct: str, zeroed: bool) -> List[ir.Statement]:
        """The statements that make the lone cells of the list heads inside ``dst``'s new cell
        (of ``struct``) and point its fields to them."""
        out: List[ir.Statement] = []
        for path, host in self.member_heads_in(struct):
            head = self.temp(host)
            out += [ir.Malloc(head, host, zeroed, on_stack=True, member_head=True), ir.Store(dst, path, head, empty=True)]
        return out

    def member_head_fields(self, decl: ci.Cursor, st: ir.StructType) -> ir.StructType:
        """``st`` with each list head inside it held apart (:attr:`tvla.cfront.embedded.Hosts.member_heads`)
        as one pointer field to its own cell: ``bufs`` for the fields ``bufs.next``, ``bufs.prev``."""
        heads = sorted(path for c, path in self.hosts.member_heads if c == st.name)
        if not heads:
            return st
        def inside(f: str) -> bool:
            return any(f.startswith(path + ".") for path in heads)
        added = []
        for path in heads:
            inner = member_struct(decl, path)
            host = self.hosts.of(inner) if inner is not None else None
            if host is not None:
                added.append((path, host.name))
        return replace(st, pointer_fields=tuple(f for f in st.pointer_fields if not inside(f[0])) + tuple(added),
                       int_fields=tuple(f for f in st.int_fields if not inside(f)),
                       int_ranges=tuple(r for r in st.int_ranges if not inside(r[0])))

    def host_field(self, decl: ci.Cursor, fname: str) -> str:
        """Field ``fname`` of struct ``decl`` as a field of its cell: ``next`` of an embedded
        ``list_head`` is ``link.next`` of the cell that holds it."""
        host = self.hosts.of(decl)
        return f"{host.path}.{fname}" if host is not None else fname

    def unsupported(self, c: ci.Cursor, what: str) -> None:
        entry = (self.src.pos(c), f"unsupported: {what}")
        if entry not in self._seen_problems:
            self._seen_problems.add(entry)
            self.problems.append(entry)

    def cut(self, c: ci.Cursor, what: str) -> None:
        """Paths through ``c`` are not followed (a recursion deeper than the unrolling)."""
        entry = (self.src.pos(c), what)
        if entry not in self.cuts:
            self.cuts.append(entry)
