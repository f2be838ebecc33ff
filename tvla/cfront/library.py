"""The predicate library generated for one lowered C program (:class:`tvla.cfront.ir.CProgram`).

Contract: :func:`build_library` reads a ``CProgram`` and the properties to
check (:class:`Needs`) and returns a :class:`Library`: the predicates the
program needs (and no others), their TVP declarations
(:meth:`Library.declarations`), and one builder per statement kind that
returns a fully instantiated TVP action (:class:`Act`).
:mod:`tvla.cfront.translate` strings those actions along the CFG.

The store (docs/c.md, "The generated library"):

* a unary ``x(v)`` (``unique pointer``) per pointer variable, a binary
  ``f(v_1, v_2)`` (``function``) per pointer field the program uses; cycles
  are allowed;
* reachability: ``t[T]`` (``f*`` for a single field ``f``; else
  ``edge[all]*`` over the union ``edge[all]`` of the fields), ``r[T,x]``
  per variable, sharing ``is[T]`` and cyclicity ``c[T]``; the updates of
  ``t[T]`` are written here (finite differencing re-evaluates the closure of a
  relation that may be cyclic, which loses precision), the others are derived;
* a forward field set to its own cell (``p->opt = p``) beside another one: its
  self-loops are no edges of ``edge[all]``, ``self[f](v)`` and ``nn[f](v)`` keep
  them and whether the field is set (:attr:`Library.loops`);
* ``freed(v)``; with memory safety also ``bad[x]()`` (x holds an
  uninitialised value) and ``uninit[f](v)`` (field f of v not yet written);
* ``type[S](v)`` when the program allocates more than one struct type;
* data: ``dle[d]`` (a total preorder on int field d, as specs/sorting) for
  fields compared between cells, ``eq[d,K](v)`` for fields compared with a
  constant or a kept int variable K, ``inOrder[d,n]`` (sortedness along n),
  ``val[k,$c]()`` for a flag int variable k with value c;
* ``garbage()`` (memcleanup): some cell that was never freed became
  unreachable.  Unreachable cells are dropped (``%retain``) by the statement
  that makes them unreachable (after reporting valid-memtrack when the
  property asks for it), so a structure never holds garbage.

Every name is a TVP name; C names that clash with the library's are renamed
apart (:attr:`Library.var`, :attr:`Library.field`).
"""

import re
from collections import Counter
import dataclasses
from functools import cached_property, partial
from dataclasses import dataclass, replace
from typing import AbstractSet, Callable, Dict, FrozenSet, Iterable, Iterator, List, Mapping, Optional, Sequence, Set, \
    Tuple, Union

from tvla.cfront import ir
from tvla.cfront.tallies import decidable, effective_offset, tallied, tally_bases, tally_groups
from tvla.cfront.walks import nested_fields
from tvla.errors import TvlaError

__all__ = ["Needs", "needs_of", "Library", "Act", "build_library", "Precision", "const_name", "BACK_NAMES", "own_name"]

RESERVED = frozenset({"E", "A", "TC", "foreach", "in", "auto", "sm", "ac", "isNew", "instance", "isthread",
                      "ready", "runnable", "outside", "freed", "garbage"})
Value = Union[int, str, None]
Key = Union[int, str]   # an eq key: an int constant or a symbolic int variable
CellFormula = Callable[[str], str]
"""A formula about the cell named by its argument (a TVP variable), e.g. ``lambda a: f"x({a})"``."""


# ----------------------------------------------------------------------------- properties

@dataclass(frozen=True)
class Needs:
    """What the requested properties need: which messages to generate."""

    memsafety: bool = False
    memcleanup: bool = False
    unreach: bool = False
    sorted: Tuple[str, ...] = ()   # C pointer variables


def needs_of(properties: Iterable[str]) -> Needs:
    """The needs of property names (``memsafety``, ``memcleanup``, ``unreach-call``, ``sorted(x)``;
    the subproperties ``valid-deref``, ``valid-free``, ``valid-memtrack`` stand for memsafety)."""
    mem = clean = reach = False
    lists: List[str] = []
    for p in properties:
        p = p.replace(" ", "")
        m = re.match(r"^sorted\(([A-Za-z_]\w*)\)$", p)
        if m:
            lists.append(m.group(1))
        elif p in ("memsafety", "valid-memsafety", "valid-deref", "valid-free", "valid-memtrack"):
            mem = True
        elif p in ("memcleanup", "valid-memcleanup"):
            clean = True
        elif p == "unreach-call":
            reach = True
        else:
            raise TvlaError(f"unknown property {p}")
    return Needs(mem, clean, reach, tuple(dict.fromkeys(lists)))


# ----------------------------------------------------------------------------- names

def const_name(c: int) -> str:
    """The TVP name of an int constant inside a predicate name: ``$3``, ``$m3``."""
    return f"$m{-c}" if c < 0 else f"${c}"


def _sanitize(name: str) -> str:
    s = re.sub(r"[^A-Za-z0-9_]", "_", name) or "_"
    return "_" + s if s[0].isdigit() else s


def _key_id(key: "Key") -> str:
    """An eq key (a constant or an int variable) as part of a predicate name."""
    return const_name(key) if isinstance(key, int) else _sanitize(key)


def _rename_apart(names: Sequence[str], taken: Iterable[str]) -> Dict[str, str]:
    """A TVP identifier for each C name: itself when it is free, else with ``_`` appended."""
    used = set(taken)
    out: Dict[str, str] = {}
    for n in names:
        s = _sanitize(n)
        while s in used:
            s += "_"
        used.add(s)
        out[n] = s
    return out


# ----------------------------------------------------------------------------- actions

@dataclass(frozen=True)
class Act:
    """One instantiated TVP action (no parameters: every name in it is final)."""

    name: str
    title: str
    focus: Tuple[str, ...] = ()
    pre: Optional[str] = None
    messages: Tuple[Tuple[str, str], ...] = ()     # (formula, text), before the update
    new: bool = False
    updates: Tuple[Tuple[str, str], ...] = ()      # (left-hand side, formula)
    retain: Optional[str] = None

    @property
    def has_messages(self) -> bool:
        return bool(self.messages)

    def body(self) -> str:
        """The action's text after its name (equal bodies make one action)."""
        lines = [f"    %t {ir.quote(self.title)}"]
        if self.focus:
            lines.append("    %f { " + ",\n         ".join(self.focus) + " }")
        if self.pre is not None:
            lines.append(f"    %p {self.pre}")
        lines += [f"    %message ({f}) -> {ir.quote(text)}" for f, text in self.messages]
        if self.new:
            lines.append("    %new")
        if self.updates:
            lines.append("    {")
            lines += [f"        {lhs} = {rhs}" for lhs, rhs in self.updates]
            lines.append("    }")
        if self.retain is not None:
            lines.append(f"    %retain {self.retain}")
        return "\n".join(lines)

    def render(self, name: Optional[str] = None) -> str:
        return f"%action {name or self.name}() {{\n{self.body()}\n}}\n"


def _child_order(le: Callable[[str, str], str], v: str, w: str, reverse: bool, strict: bool) -> str:
    """Where an order predicate along a field holds of ``v`` and its child ``w`` (``le(a, b)``: a's
    datum is at most b's): v <= w (``reverse``: w <= v); ``strict``: v < w, that is not w <= v
    (``reverse``: not v <= w)."""
    return "!" * strict + (le(w, v) if reverse != strict else le(v, w))


def _or(items: Sequence[str], empty: str = "0") -> str:
    items = [i for i in items if i]
    return empty if not items else items[0] if len(items) == 1 else "(" + " | ".join(items) + ")"


def _and(items: Sequence[str], empty: str = "1") -> str:
    items = [i for i in items if i]
    return empty if not items else items[0] if len(items) == 1 else "(" + " & ".join(items) + ")"


def _key_bound_rules(lt: Callable[[int], str], eq: Callable[[int], str], keys: Sequence[int],
                     bounds: Sequence[int], live: Sequence[str] = ()) -> List[str]:
    """What ``lt(K)`` (a datum is below the bound K) says of ``eq(k)`` (it equals the key k) and
    of the other bounds, and that no datum lies between two bounds when every integer there is a
    key it is not equal to (``live``: literals that must hold for that, a register's ``!dead``)."""
    out = [f"%r {eq(k)} ==> {'' if k < b else '!'}{lt(b)}" for k in keys for b in bounds]
    out += [f"%r {lt(a)} ==> {lt(b)}" for a, b in zip(bounds, bounds[1:])]
    out += [f"%r !{lt(b)} ==> !{lt(a)}" for a, b in zip(bounds, bounds[1:])]
    for a, b in zip(bounds, bounds[1:]):
        if b - a > len(keys):   # some integer there is no key (and the range may be huge)
            continue
        between = list(range(a, b))
        if set(between) <= set(keys):   # a <= datum < b is one of these keys
            body = [f"!{lt(a)}", lt(b), *live] + [f"!{eq(k)}" for k in between[:-1]]
            out.append(f"%r {' & '.join(body)} ==> {eq(between[-1])}")
    return out


def _marked(name: str, ups: Sequence[Tuple[str, str]], exact: bool = False) -> str:
    """``name``, prefixed as an over-approximation when an update sets something unknown (1/2)
    that C may fix, unless ``exact`` says any choice of it is some run of C."""
    return name if exact or not any("1/2" in value for _lhs, value in ups) else ABSTRACTED + name


# ----------------------------------------------------------------------------- the library

@dataclass(frozen=True)
class Library:
    """The predicates generated for one program, with formula helpers and action builders."""

    needs: Needs
    var: Dict[str, str]                    # C pointer variable -> predicate
    field: Dict[str, str]                  # C pointer field (used by a statement) -> predicate
    fields_of: Dict[str, Tuple[str, ...]]  # struct -> its used pointer fields
    loaded: FrozenSet[str]                 # pointer fields read by a Load (uninit matters)
    types: Tuple[str, ...]                 # structs with a type predicate (several allocated)
    ints_of: Dict[str, Tuple[str, ...]]    # struct -> its int fields with data predicates
    ordered: FrozenSet[str]                # int fields with dle[d]
    keys: Dict[str, Tuple[Key, ...]]   # int field -> eq keys (constants, symbolic int vars)
    in_order: Dict[str, str]               # int field -> pointer field of inOrder[d,n] and inROrder[d,n]
    flags: Dict[str, Tuple[int, ...]]      # flag int variable -> its values (nullary val[k,$c])
    symbolic: FrozenSet[str]               # symbolic int variables (eq keys)
    initial_bad: Tuple[str, ...]           # C pointer variables that start uninitialised
    cyclic: bool                           # c[T] is declared
    sorted_field: Dict[str, Tuple[str, str]] = dataclasses.field(default_factory=dict)  # sorted var -> (d, n)
    back: Dict[str, Tuple[str, ...]] = dataclasses.field(default_factory=dict)   # back field -> its forward fields
    pending: FrozenSet[str] = frozenset()   # globals and main's locals killed before an overwrite
    registers: Dict[str, Tuple[str, ...]] = dataclasses.field(default_factory=dict)  # register -> its int fields
    others: FrozenSet[str] = frozenset()    # counters: flags that may also hold another value
    succ_field: Dict[str, str] = dataclasses.field(default_factory=dict)   # valued int field -> its list field
    all_registers: FrozenSet[str] = frozenset()   # every register, with or without tracked fields
    cross: FrozenSet[str] = frozenset()     # pointer fields to another struct type (nn[f]: the field is set)
    stack_cells: bool = False               # some struct variable has a cell (nonheap(v))
    handles: FrozenSet[str] = frozenset()   # cross fields of structs without a field to their own type
    ranges: Dict[str, ir.IntRange] = dataclasses.field(default_factory=dict)   # flag, register -> its C type's values
    bounds: Dict[str, Tuple[int, ...]] = dataclasses.field(default_factory=dict)  # int field -> lt[d,K] keys
    constants: Dict[str, FrozenSet[int]] = dataclasses.field(default_factory=dict)  # int field -> constants it may hold
    compared_with: Dict[str, Tuple[str, ...]] = dataclasses.field(default_factory=dict)  # register -> pointers tested against it
    sentinel: FrozenSet[str] = frozenset()  # forward fields whose edges out of a ring's head t[T] leaves out
    stack_roots: int = 0                    # heads of rings, each made once (hops of reach_from)
    regions: Dict[str, Tuple[int, ...]] = dataclasses.field(default_factory=dict)  # symbolic -> its region values
    runs: FrozenSet[str] = frozenset()      # flags whose values stand for runs of integers (ir.IntVar.ordered)
    spares: Dict[str, int] = dataclasses.field(default_factory=dict)   # flag -> its value for untested values
    loops: FrozenSet[str] = frozenset()     # forward fields written as p->f = p (self[f](v)), beside other ones
    names: Dict[str, Tuple[Tuple[int, str], ...]] = dataclasses.field(default_factory=dict)  # function pointer flag -> names
    back_sharing: bool = False              # is[b] of each back field (Precision.back_sharing)
    pairs: Tuple[Tuple[str, str, str], ...] = ()   # (d, x, y): registers compared, both holding d (rr[d,x,y])
    observed: FrozenSet[str] = frozenset()  # ordered int fields whose order some test reads (_order_observed)
    same_cell: Tuple[Tuple[str, str], ...] = ()   # (d, e), d < e: int fields compared in one cell (fle[d,e])
    beyond: Dict[str, int] = dataclasses.field(default_factory=dict)   # counter -> side of its other values
    nested: FrozenSet[str] = frozenset()    # fields to the own type that hang sub-lists off a list (below[f]; walks.py)
    tree_order: Dict[str, Tuple[str, ...]] = dataclasses.field(default_factory=dict)  # int field -> its tree's fields
    tallies: FrozenSet[str] = frozenset()   # counters tied to the cells they counted (tvla.cfront.tallies)
    tally_base: Dict[str, int] = dataclasses.field(default_factory=dict)   # tallied counter -> its base
    tally_group: Dict[str, Tuple[str, ...]] = dataclasses.field(default_factory=dict)  # -> counters compared
    before: Tuple[Tuple[str, str], ...] = ()   # (f, x): pre[f,x](v), v's f is x's cell (_ring_ends)
    behind: Tuple[Tuple[str, str], ...] = ()   # (b, x): bk[b,x](v), v is x's back field b (_back_ends)
    tested: Tuple[Tuple[str, str], ...] = ()   # (f, x): has[f,x](), x's f is set (_field_tests)
    stack_ring: bool = False                # struct variables' cells are heads of rings (nonheap(v))
    heap_heads: FrozenSet[str] = frozenset()   # variables whose heap cell is such a head (rhead(v))
    outside: Tuple[str, ...] = ()   # fields some block too small for its struct leaves out (past_end[f](v))
    field_ranges: Dict[str, ir.IntRange] = dataclasses.field(default_factory=dict)  # int field -> its C type's values
    links: Tuple[ir.LinkPointer, ...] = ()   # link pointers whose target cell lk[flag](v) names
    member_heads: bool = False              # lone cells of list heads inside other cells (mhead(v))
    value_ranges: Dict[str, ir.IntRange] = dataclasses.field(default_factory=dict)  # symbolic variable -> its type's values
    shown: Dict[str, str] = dataclasses.field(default_factory=dict)   # pointer variable -> its C words (c_words)
    # int field (as in predicate names) holding function pointers -> the function each value names
    functions: Dict[str, Dict[int, str]] = dataclasses.field(default_factory=dict)

    # ------------------------------------------------------------- names
    # cached: formulae ask for them once per variable they name (millions of times in big programs)
    @cached_property
    def forward(self) -> Tuple[str, ...]:
        """The C pointer fields reachability follows: every used field but the back fields."""
        return tuple(f for f in self.field if f not in self.back)

    @cached_property
    def counted(self) -> Tuple[str, ...]:
        """The fields with ``pt[f]`` and ``is[f]``: the cross fields and, beside them, every other
        forward field, so that is[T] is known from them (:func:`shared_from`)."""
        if not self.cross or self.single:
            return tuple(f for f in self.field if f in self.cross)
        return self.forward

    @cached_property
    def sharing_known(self) -> bool:
        """is[T] is what ``pt[f]`` and ``is[f]`` of the forward fields say (:func:`shared_from`): each
        has them, and each of its edges counts in ``edge[all]`` (no self-loop kept apart, no field
        out of a struct variable's cell left out)."""
        return not self.single and self.counted == self.forward \
            and not (set(self.forward) & (self.loops | self.sentinel))

    @cached_property
    def single(self) -> bool:
        return len(self.forward) == 1

    @cached_property
    def tag(self) -> str:
        return self.field[self.forward[0]] if self.single else "all"

    @property
    def has_heap(self) -> bool:
        """Some pointer field is used: reachability goes through fields."""
        return bool(self.field)

    @property
    def bad_tracked(self) -> bool:
        return self.needs.memsafety or self.needs.memcleanup

    def v(self, x: str) -> str:
        return self.var[x]

    def edge(self, a: str, b: str) -> str:
        return f"{self.tag}({a}, {b})" if self.single and not self.sentinel else f"edge[all]({a}, {b})"

    def from_cell(self, w: str, a: str) -> str:
        """``a`` is reachable from the cell ``w`` as ``r[T,x]`` counts it: by t[T], and with
        :attr:`sentinel` fields also out of ``w`` itself when it is a struct variable's cell (the
        head of a ring reaches every cell of the ring, a walk along it only those ahead)."""
        if not self.sentinel:
            return self.t(w, a)
        out = _or([f"{self.field[f]}({w}, v_2)" for f in sorted(self.sentinel)])
        return f"({self.t(w, a)} | ({self.ring_head(w)} & (E(v_2) {out} & {self.t('v_2', a)})))"

    def ring_head(self, a: str) -> str:
        """``a`` is the head of a ring whose edges out t[T] leaves out (:attr:`sentinel`): a
        struct variable's cell (``nonheap``), or the heap cell of one of :attr:`heap_heads`."""
        return _or((["nonheap(" + a + ")"] if self.stack_ring else []) + ([f"rhead({a})"] if self.heap_heads else []))

    def fedge(self, f: str, a: str, b: str) -> str:
        """The edge of the C field ``f`` from ``a`` to ``b`` as ``t[T]`` counts it (see :attr:`sentinel`;
        a self-loop of a field in :attr:`loops` is no edge of ``edge[all]``: ``self[f]`` keeps it)."""
        n = self.field[f]
        conds = [f"{n}({a}, {b})"] + ([f"!{self.ring_head(a)}"] if f in self.sentinel else []) \
            + ([f"{a} != {b}"] if f in self.loops else [])
        return f"({' & '.join(conds)})" if len(conds) > 1 else conds[0]

    def t(self, a: str, b: str) -> str:
        return f"t[{self.tag}]({a}, {b})"

    def r(self, x: str, a: str = "v") -> str:
        return f"r[{self.tag},{self.var[x]}]({a})"

    def lost(self, x: str) -> str:
        return f"lost[{self.var[x]}]()"

    def bad(self, x: str) -> str:
        return f"bad[{self.var[x]}]()"

    def eq(self, d: str, key: Key, a: str = "v") -> str:
        return f"eq[{_sanitize(d)},{_key_id(key)}]({a})"

    def outside_pred(self, f: str, a: str = "v") -> str:
        """The cell's field f lies past the end of the block allocated for it."""
        return f"past_end[{_sanitize(f)}]({a})"

    def lt(self, d: str, key: int, a: str = "v") -> str:
        """``a->d < key`` (``key`` one of d's bounds)."""
        return f"lt[{_sanitize(d)},{_key_id(key)}]({a})"

    def val(self, k: str, c: Optional[int]) -> str:
        """``k == c``; ``c`` None: a counter k holds a value outside its ``flags[k]``."""
        return f"val[{_sanitize(k)},{'other' if c is None else const_name(c)}]()"

    def words(self) -> Dict[str, Tuple[str, str]]:
        """The variable of each flag's and region's nullary predicate, and what the predicate says
        in C (``val[x,$3]``: x, ``x in [3, 9]``)."""
        out = {}
        for k, values in [*self.flags.items(), *self.regions.items()]:
            for c in values:
                out[self.val(k, c)[:-2]] = (k, ir.value_words(k, values, c, k in self.runs or k in self.regions,
                                                              self.spares.get(k), self.ranges.get(k),
                                                              self.names.get(k, ())))
        return out

    def other_holds(self, k: str, op: str, c: int) -> Optional[bool]:
        """Whether ``k OP c`` holds for counter k's "another value", when its side (:attr:`beyond`)
        decides it: c is not past the value of k nearest to that side; None otherwise."""
        side = self.beyond.get(k, 0)
        edge = (max if side > 0 else min)(self.flags[k]) if side else None
        if edge is None or (c - edge) * side > 0:
            return None
        return ir.holds(edge + side, op, c)

    def states(self, k: str) -> List[Optional[int]]:
        """The values of flag k, and None for "another value" when k is a counter; for a symbolic
        variable with :attr:`regions`, the values that stand for its regions."""
        if k in self.regions:
            return list(self.regions[k])
        return list(self.flags[k]) + ([None] if k in self.others else [])

    def below(self, k: str, bound: int) -> str:
        """The symbolic variable k (with :attr:`regions`) is below ``bound`` (one of its constants)."""
        return _or([self.val(k, r) for r in self.regions[k] if r < bound])

    def dle(self, d: str, a: str, b: str) -> str:
        return f"dle[{_sanitize(d)}]({a}, {b})"

    def type_pred(self, struct: str, a: str = "v") -> str:
        return f"type[{_sanitize(struct)}]({a})"

    def reg(self, d: str, x: str, a: str = "v", below: bool = False) -> str:
        """``x <= a->d`` (``rle``), or ``a->d <= x`` (``below``: ``rge``) for a register x."""
        return f"r{'ge' if below else 'le'}[{_sanitize(d)},{_sanitize(x)}]({a})"

    def xeq(self, x: str, key: Key) -> str:
        """Register x equals the constant or once-chosen int variable ``key``."""
        return f"xeq[{_sanitize(x)},{_key_id(key)}]()"

    def dead(self, x: str) -> str:
        """Register x holds no value any path reads: no order against any cell, equal to no key."""
        return f"dead[{_sanitize(x)}]()"

    def next_is(self, d: str, key: Key, a: str = "v") -> str:
        """The successor of ``a`` along d's list field has d == key."""
        return f"nx[{_sanitize(d)},{_key_id(key)}]({a})"

    def reg_keys(self, x: str) -> List[Key]:
        """The eq keys of the fields register x holds: the values it is compared with."""
        return list(dict.fromkeys(k for d in self.registers.get(x, ()) for k in self.keys.get(d, ())))

    def rr(self, d: str, x: str, y: str) -> str:
        """Register x is at most register y (both hold field d; a pair of :attr:`pairs`)."""
        return f"rr[{_sanitize(d)},{_sanitize(x)},{_sanitize(y)}]()"

    def paired(self, x: str) -> List[Tuple[str, str]]:
        """(d, y) for each register y compared with register x, both holding d."""
        return [(d, b if a == x else a) for d, a, b in self.pairs if x in (a, b)]

    def pair_orders(self, x: str) -> List[str]:
        """Both ``rr`` predicates of register x with each register it is paired with."""
        return [self.rr(d, *pair) for d, y in self.paired(x) for pair in ((x, y), (y, x))]

    def reg_bounds(self, x: str) -> List[int]:
        """The bounds of the fields register x holds: ``xlt[x,K]()`` says x < K."""
        return sorted({b for d in self.registers.get(x, ()) for b in self.bounds.get(d, ())})

    def fle(self, d: str, e: str, a: str = "v") -> str:
        """``a->d <= a->e`` for two int fields of one cell (:attr:`same_cell`)."""
        return f"fle[{_sanitize(d)},{_sanitize(e)}]({a})"

    def same_cell_of(self, d: str) -> List[str]:
        """The fields compared with d in one cell."""
        return [b if a == d else a for a, b in self.same_cell if d in (a, b)]

    def xlt(self, x: str, bound: int) -> str:
        """Register x is below ``bound`` (one of :meth:`reg_bounds`)."""
        return f"xlt[{_sanitize(x)},{_key_id(bound)}]()"

    def regs_of(self, d: str) -> List[str]:
        return [x for x, ds in self.registers.items() if d in ds]

    def in_order_pred(self, d: str, a: str = "v", reverse: bool = False, n: Optional[str] = None,
                      strict: bool = False) -> str:
        """inOrder[d,n](a): a's d is <= that of its n-successor; ``reverse``: inROrder (>=);
        ``strict``: inSOrder, inSROrder (< and >); ``n``: the field (default that of ``in_order``)."""
        kind = ("S" if strict else "") + ("R" if reverse else "")
        return f"in{kind}Order[{_sanitize(d)},{self.field[n or self.in_order[d]]}]({a})"

    def orders(self, d: str) -> List[Tuple[str, bool, bool]]:
        """The (field, reverse, strict) of each order predicate of d along a field: inOrder,
        inROrder, inSOrder and inSROrder along its list field (a list without duplicates is
        strictly sorted); in a tree (:attr:`tree_order`) along each of its fields (a search tree's
        left child below its parent, the right one not)."""
        if d not in self.in_order:
            return []
        return [(f, r, strict) for f in self.tree_order.get(d) or (self.in_order[d],)
                for strict in (False, True) for r in (False, True)]

    def reach(self, a: str = "v", without: Sequence[str] = ()) -> str:
        """``a`` is reachable from some pointer variable not in ``without``."""
        return self.reach_from([x for x in self.var if x not in without], a)

    def reach_from(self, xs: Sequence[str], a: str) -> str:
        """``a`` is reachable from one of the pointer variables ``xs`` through any fields
        (back fields included: a cell only a back field leads to is not garbage)."""
        if not self.has_heap:
            return _or([f"{self.var[x]}({a})" for x in xs])
        reach = partial(self._reach_direct, xs)
        for i in range(self.stack_roots if self.sentinel and xs else 0):
            reach = partial(self._reach_hop, reach, f"h_{10 + 2 * i}", f"h_{11 + 2 * i}")
        return reach(a)

    def _reach_direct(self, xs: Sequence[str], a: str) -> str:
        direct = _or([self.r(x, a) for x in xs])
        if not self.back or not xs:
            return direct
        start = _or([self.r(x, "h_1") for x in xs])
        return f"({direct} | (E(h_1) {start} & {self.by_back_fields('h_1', a)}))"

    def _reach_hop(self, reach: CellFormula, h: str, k: str, a: str) -> str:
        """``reach`` and one more step through a struct variable it reaches: t[T] stops at those
        (:attr:`sentinel`), C does not; ``stack_roots`` hops reach every cell a path does."""
        out = _or([f"{n}({h}, {k})" for n in self.field.values()])
        return f"({reach(a)} | (E({h}) {self.ring_head(h)} & {reach(h)} & (E({k}) {out} & {self.reach_cell(k, a)})))"

    def reach_cell(self, w: str, a: str) -> str:
        """``a`` is reachable from the cell ``w`` through any fields."""
        if not self.back:
            return self.t(w, a)
        return f"({self.t(w, a)} | {self.by_back_fields(w, a)})"

    def by_back_fields(self, w: str, a: str) -> str:
        """``a`` is reachable from the cell ``w`` through paths that take back fields."""
        return _or([self.back_then_forward(w, a), self.back_path(w, a), self.any_path(w, a)])

    def back_path(self, w: str, a: str) -> str:
        """``a`` is above ``w`` along forward fields and every cell on the way (``w`` aside) is
        inverted by one back field (``inv[f,b]`` for every forward field f), so that field leads
        from ``w`` back to ``a``: definite on a summary node, unlike the closure of
        :meth:`any_path` (a doubly linked list kept only by its tail)."""
        plain: List[str] = []
        typed: List[str] = []
        for b, fs in self.back.items():
            only = self.inverting_type(b, fs)
            if only is None:   # a forward path may take a field b does not invert
                continue
            inverted = _and([only] + [f"inv[{self.field[f]},{self.field[b]}](h_5)" for f in fs])
            (typed if only else plain).append(inverted)

        def between(c: str, inverted: Sequence[str]) -> str:
            return _or([f"(A(h_5) ({self.t(c, 'h_5')} & {self.t('h_5', w)} & h_5 != {w}) -> {i})" for i in inverted])
        out = [f"({self.t(a, w)} & {between(a, plain + typed)})"] if plain or typed else []
        if typed:   # or below such a cell (an item of the list that cell owns; on a summary node
            # t[T](h_6, h_6) is 1/2: the cell itself needs the form above)
            out.append(f"(E(h_6) {self.t('h_6', a)} & {self.t('h_6', w)} & {between('h_6', typed)})")
        return _or(out)

    def inverting_type(self, b: str, fs: Sequence[str]) -> Optional[str]:
        """What a cell ``h_5`` on a forward path must be for the path to take only fields ``fs`` that
        ``b`` inverts: anything ("") when those are all the forward fields; a cell of the one struct
        type S with ``b`` when S's other forward fields lead to other struct types (a doubly linked
        list whose cells own item lists): a path between two cells that left S would pass a cell
        of another type.  None when neither holds."""
        if set(fs) == set(self.forward):
            return ""
        has = self.types_with(b)
        if len(has) != 1 or any(g not in self.cross for g in self.fields_of[has[0]]
                                if g in self.forward and g not in fs):
            return None
        return self.type_pred(has[0], "h_5")

    def types_with(self, f: str) -> List[str]:
        """The structs with a type predicate that have the field ``f``."""
        return [s for s in self.types if f in self.fields_of.get(s, ())]

    def back_then_forward(self, w: str, a: str) -> str:
        """One back field from ``w``, then forward fields to ``a``: implied by :meth:`any_path`,
        but definite through a summary node where t[T] is (the reversed part of a doubly
        linked list, which only the back field of the next cell leads to)."""
        return _or([f"(E(h_4) {self.field[b]}({w}, h_4) & {self.t('h_4', a)})" for b in self.back])

    def any_path(self, w: str, a: str) -> str:
        every = _or([f"{n}(h_2, h_3)" for n in self.field.values()])
        return f"TC({w}, {a})(h_2, h_3) {every}"

    def shared_def(self, a: str, src: Optional[CellFormula] = None) -> str:
        """The definition of ``is[T](a)``: two forward edges enter ``a``, from two cells or, with
        several fields, two fields of one cell (as in TVLA's trees: a cell with is[T] = 0 is the
        child of at most one cell through at most one field).  ``src(w)``: the sources counted."""
        def ok(w: str) -> str:
            return f" & {src(w)}" if src else ""
        two = f"(E(s_1, s_2) {self.edge('s_1', a)}{ok('s_1')} & {self.edge('s_2', a)}{ok('s_2')} & s_1 != s_2)"
        pairs = [f"{self.fedge(f, 's_1', a)} & {self.fedge(g, 's_1', a)}"
                 for i, f in enumerate(self.forward) for g in self.forward[i + 1:]]
        if src and len(pairs) > 1:
            # one quantifier for every pair of fields: src(s_1) written once, not once per pair (the
            # same value: & distributes over |), as the update after each statement repeats it
            return _or([two, f"(E(s_1) {src('s_1')} & {_or([f'({p})' for p in pairs])})"])
        return _or([two] + [f"(E(s_1) {p}{ok('s_1')})" for p in pairs])

    def unfreed(self, a: str) -> str:
        """Cell ``a`` is allocated memory not yet freed (the cell of a struct variable is not)."""
        return f"!freed({a}) & !nonheap({a})" if self.stack_cells else f"!freed({a})"

    def valid(self, x: str) -> str:
        """``x`` may be dereferenced: initialised, not NULL, not freed."""
        p = self.v(x)
        ok = f"(E(d_1) {p}(d_1) & !freed(d_1))"
        return _and([f"!{self.bad(x)}" if self.bad_tracked else "", ok])

    # ------------------------------------------------------------- declarations
    def declarations(self) -> str:
        """The TVP declarations section."""
        out = ["// pointer variables"]
        out += [f"%p {p}(v) unique pointer" for p in self.var.values()]
        if self.bad_tracked:
            out += [f"%p bad[{p}]()" for p in self.var.values()]
            out += [f"%p {self.lost(x)}" for x in self.var if x in self.pending]
        out += ["// flag int variables: val[k,$c]() when k == c"]
        for k in self.flags:
            out += [f"%p {self.val(k, c)}" for c in self.states(k)]
            out += self._flag_rules(k)
        if self.regions:
            out += ["// symbolic int variables compared with constants: val[k,$c]() when k is in c's region"]
        for k in self.regions:
            out += [f"%p {self.val(k, c)}" for c in self.states(k)]
            out += self._flag_rules(k)
        out += ["// cells", "%p freed(v)"] + (["%p nonheap(v)"] if self.stack_cells else []) \
            + (["%p rhead(v)"] if self.heap_heads else []) + (["%p mhead(v)"] if self.member_heads else [])
        out += [f"%p {self.outside_pred(f)}" for f in self.outside]
        out += [f"%p {self.type_pred(s)}" for s in self.types]
        out += [f"%r {self.type_pred(a)} ==> !{self.type_pred(b)}" for a in self.types for b in self.types if a != b]
        if self.has_heap:
            out += self._heap_declarations() + self._link_declarations()
        out += self._data_declarations()
        if self.needs.memcleanup:
            out += ["// an unfreed cell became unreachable", "%p garbage()"]
        if self.tallies:
            out += ["// counters tied to cells: unless tally_lost[k](), k is the number of cells with tally[k]"]
        for k in sorted(self.tallies):
            out += [f"%p {self.tally(k)}(v)", f"%p {self.tally_lost(k)}"]
            if k in self.tally_group and self.tally_group[k][0] == k:   # one flag per group
                out += [f"%p {self.tally_dropped(k)}"]
        return "\n".join(out) + "\n"

    def tally(self, k: str) -> str:
        return f"tally[{k}]"

    def tally_lost(self, k: str) -> str:
        return f"tally_lost[{k}]()"

    def tally_dropped(self, k: str) -> Optional[str]:
        """Of ``k``'s group (:func:`tvla.cfront.tallies.tally_groups`): has a cell all of them
        counted been dropped (so that each is its base plus its marks plus that many)?  None: no group."""
        group = self.tally_group.get(k)
        return f"tally_dropped[{group[0]}]()" if group else None

    def _link_declarations(self) -> List[str]:
        """``lk[flag](v)``: v is the cell a link pointer's target holds (``*pmax`` of ``struct node
        **pmax``).  An abstraction predicate: the cell a search keeps through a link (the largest
        datum seen so far) stays apart from the cells it passed, and so does its order against them.
        Its updates are derived (finite differencing)."""
        out = []
        for link in self.links:
            cases = []
            for i, (kind, name) in enumerate(link.targets):
                if i not in self.states(link.flag):
                    continue
                cell = f"{self.v(name)}(v)" if kind == "var" else \
                    f"(E(w_1) {self.v(link.cell)}(w_1) & {self.field[name]}(w_1, v))"
                cases.append(f"({self.val(link.flag, i)} & {cell})")
            if cases:
                out.append(f"%i lk[{_sanitize(link.flag)}](v) = {' | '.join(cases)}")
        return (["// the cell each link pointer's target holds"] if out else []) + out

    def _flag_rules(self, k: str) -> List[str]:
        values = self.states(k)
        out = [f"%r {self.val(k, a)} ==> !{self.val(k, b)}" for a in values for b in values if a != b]
        for c in values:
            others = [f"!{self.val(k, o)}" for o in values if o != c]
            if others:
                out.append(f"%r {' & '.join(others)} ==> {self.val(k, c)}")
        return out

    def _heap_declarations(self) -> List[str]:
        tag = self.tag
        out = ["// pointer fields (cycles allowed)"]
        out += [f"%p {f}(v_1, v_2) function" for f in self.field.values()]
        if self.bad_tracked:
            out += [f"%p uninit[{self.field[f]}](v)" for f in self.field if f in self.loaded]
        if not self.single or self.sentinel:
            out.append("%i edge[all](v_1, v_2) = " + " | ".join(self.fedge(f, "v_1", "v_2") for f in self.forward))
        rel = tag if self.single and not self.sentinel else "edge[all]"
        out += [f"%i t[{tag}](v_1, v_2) = {rel}*(v_1, v_2) transitive reflexive"]
        for x in self.var:
            out.append(f"%i {self.r(x)} = E(v_1) {self.v(x)}(v_1) & {self.from_cell('v_1', 'v')}")
            out.append(f"%r {self.r(x, 'v_1')} & {self.t('v_1', 'v')} ==> {self.r(x)}")
        out.append(f"%i is[{tag}](v) = {self.shared_def('v')}")
        if not self.single:
            out += self._forest_rules()
        if self.back and self.single or not self.single and self.cross:
            # the last step of a path into an unshared cell is its one incoming edge: a cell that
            # reaches it reaches that edge's source (keeps the part of a doubly linked list behind
            # the cell a walk by prev materialised reaching it, for the back path of reach_from;
            # with cells owned through a field to another type, its contrapositive drops the focus
            # that puts every owned cell of a summary below one owner's child)
            out.append(f"%r {self.t('v_1', 'v_3')} & {self.edge('v_2', 'v_3')} & !is[{tag}](v_3) & v_1 != v_3"
                       f" ==> {self.t('v_1', 'v_2')}")
        if not self.single and self.cross:
            # the first step of a path is an edge out of its first cell: when only one of them can
            # lead to the end, it does (a list cell that reaches the summary of its sub-list's tail
            # only through the sub-list's head: that head reaches it, and a cut elsewhere keeps it)
            other = f"E(v_4) {self.edge('v_1', 'v_4')} & v_4 != v_2 & {self.t('v_4', 'v_3')}"
            out.append(f"%r {self.t('v_1', 'v_3')} & v_1 != v_3 & {self.edge('v_1', 'v_2')} & !({other})"
                       f" ==> {self.t('v_2', 'v_3')}")
        out += self._cross_declarations()
        for n in (self.field[f] for f in self.field if f in self.loops):
            # a cell's f is itself, another cell or NULL: on a summary node the binary edge is 1/2
            # either way, these keep which (abstraction predicates)
            out += [f"%i self[{n}](v) = {n}(v, v)", f"%i nn[{n}](v) = E(v_1) {n}(v, v_1)"]
        out += self._nested_declarations()
        if self.cyclic:
            out.append(f"%i c[{tag}](v) = E(v_1) {self.edge('v', 'v_1')} & {self.t('v_1', 'v')}")
        for f, x in self.tested:   # whether x's f is set, as a test of the program reads it
            body = f"E(v_1, v_2) {self.v(x)}(v_1) & {self.fedge(f, 'v_1', 'v_2')}"
            out.append(f"%i has[{self.field[f]},{self.v(x)}]() = {body}")
        for f, x in self.before:   # the last cell of a ring that x starts (an abstraction predicate)
            out.append(f"%i pre[{self.field[f]},{self.v(x)}](v) = E(v_1) {self.fedge(f, 'v', 'v_1')} & {self.v(x)}(v_1)")
        for b, x in self.behind:   # the cell x's back field points to (an abstraction predicate)
            out.append(f"%i bk[{self.field[b]},{self.v(x)}](v) = E(v_1) {self.v(x)}(v_1) & {self.field[b]}(v_1, v)")
        for b, fs in self.back.items():
            nb = self.field[b]
            for f in fs:
                inverted = f"A(v_1) {self.field[f]}(v, v_1) -> {nb}(v_1, v)"
                out.append(f"%i inv[{self.field[f]},{nb}](v) = {self.owned_by(b, f, inverted)}")
            out.append(f"%i inv[{nb}](v) = A(v_1) {nb}(v, v_1) -> "
                       + _or([f"{self.field[f]}(v_1, v)" for f in fs]))
            if self.back_sharing and self.single:   # in a tree many children share a parent
                out.append(f"%i is[{nb}](v) = E(v_1, v_2) {nb}(v_1, v) & {nb}(v_2, v) & v_1 != v_2")
        return out

    def owned_by(self, b: str, f: str, body: str) -> str:
        """``body`` on the cells of the types that have the back field ``b`` beside ``f`` only, where a
        struct without ``b`` has a field ``f`` too (an item list's ``next`` beside a doubly linked
        list's): on its cells ``inv[f,b]`` would only say whether ``f`` is NULL, an abstraction
        predicate that splits each of its lists into the last cell and the others.  It is 0 there,
        which :meth:`back_path` reads as not inverted.  (An owner field, ``b`` of the cell ``f``
        points to, keeps ``body``.)"""
        has = self.types_with(b)
        if not has or any(f not in self.fields_of.get(s, ()) for s in has) or \
                not any(f in self.fields_of.get(s, ()) for s in self.types if s not in has):
            return body
        return f"{_or([self.type_pred(s) for s in has])} & ({body})"

    def _cross_declarations(self) -> List[str]:
        """For a field to another struct type (a stack cell's pointer into a tree, a cell's pointer
        to its data cell): ``nn[f](v)`` (v's f is set), ``pt[f](v)`` (an f-edge enters v) and
        ``is[f](v)`` (two do).  Reachability says nothing of these: without them a summary of
        such cells may point anywhere, twice at one cell, or nowhere, and is[T] of a cell they
        point at becomes 1/2 as soon as one of its other parents is freed or cut."""
        out = []
        for f, n in ((f, self.field[f]) for f in self.counted):
            if f in self.cross:
                out.append(f"%i nn[{n}](v) = E(v_1) {n}(v, v_1) nonabs")
            # a header's field (struct queue { node *head, *tail; }) marks the cell it points at as
            # a variable would; from cells of a linked structure it would split every summary
            abstract = "" if f in self.handles else " nonabs"
            out.append(f"%i pt[{n}](v) = E(v_1) {n}(v_1, v){abstract}")
            if n != self.tag:   # else it is is[T]
                out.append(f"%i is[{n}](v) = E(v_1, v_2) {n}(v_1, v) & {n}(v_2, v) & v_1 != v_2 nonabs")
        return out

    def _nested_declarations(self) -> List[str]:
        """For a field in :attr:`nested`: ``below[f](v)``, v hangs below an f-edge (it is in some
        cell's sub-list), and ``nn[f](v)``, v's f is set.  Both are abstraction predicates: the
        cells of the main list and those of the sub-lists are reached from the same variables, so
        without ``below[f]`` blur merges them, and without ``nn[f]`` a summary of main-list cells
        forgets that each has its sub-list."""
        out = []
        for f in sorted(self.nested):
            n = self.field[f]
            out += [f"%i below[{n}](v) = E(v_1, v_2) {n}(v_1, v_2) & {self.t('v_2', 'v')}",
                    f"%i nn[{n}](v) = E(v_1) {n}(v, v_1)",
                    f"%i hd[{n}](v) = E(v_1) {n}(v_1, v)"]
            if f not in self.loops and f not in self.sentinel:
                out.append(self._sole_parent_rule(n))
        return out

    def _sole_parent_rule(self, n: str) -> str:
        """A cell v_2 whose ``n`` is set, where every cell it may point to is unshared and reached
        from another cell v_1: v_1 reaches v_2 (the last step of the path into that unshared cell
        is its one incoming edge, from v_2).  ``nn[n]`` knows the edge exists where the edge itself
        is 1/2 (into a summary): without it, focus on a walk of the main list keeps the split that
        puts another cell's whole sub-list below the cell walked to, which no coerce rejects, until
        an update of that cell's sub-list breaches ``nn[n]``."""
        every = f"A(v_4) {n}(v_2, v_4) -> {self.t('v_1', 'v_4')} & !is[{self.tag}](v_4) & v_1 != v_4"
        return f"%r nn[{n}](v_2) & ({every}) ==> {self.t('v_1', 'v_2')}"

    def _forest_rules(self) -> List[str]:
        """Two cells v_1, v_2 that reach v_3 are ordered by t[T] unless both reach a shared cell
        v_4 that reaches v_3: walking back from v_3 through unshared cells (each has at most one
        parent, see is[T]) meets every cell that reaches v_3 until a shared one.  Coerce then
        drops the structures that put a summary node below two unrelated cells (which focus on
        t[T] creates in a tree and blur cannot undo)."""
        t = self.t
        meet = f"!(E(v_4) {t('v_1', 'v_4')} & {t('v_2', 'v_4')} & {t('v_4', 'v_3')} & is[{self.tag}](v_4))"
        return [f"%r {t('v_1', 'v_3')} & {t('v_2', 'v_3')} & !{t('v_1', 'v_2')} & {meet} ==> {t('v_2', 'v_1')}",
                f"%r {t('v_2', 'v_3')} & !{t('v_1', 'v_2')} & !{t('v_2', 'v_1')} & {meet} ==> !{t('v_1', 'v_3')}"]

    def _data_declarations(self) -> List[str]:
        out: List[str] = []
        for d in sorted(self.ordered):
            out += [f"%p dle[{_sanitize(d)}](v_1, v_2) transitive reflexive",
                    f"%r !{self.dle(d, 'v_1', 'v_2')} ==> {self.dle(d, 'v_2', 'v_1')}"]
        for d, keys in self.keys.items():
            out += [f"%p {self.eq(d, k)}" for k in keys]
            consts = [k for k in keys if isinstance(k, int)]
            out += [f"%r {self.eq(d, a)} ==> !{self.eq(d, b)}" for a in consts for b in consts if a != b]
            if d in self.ordered:
                out += self._eq_order_rules(d, keys)
        for d, bounds in self.bounds.items():
            out += [f"%p {self.lt(d, b)}" for b in bounds] + self._bound_rules(d, bounds)
        for d, keys in self.keys.items():
            out += [rule for x in keys if isinstance(x, str) and x in self.regions for rule in self._region_rules(d, x)]
        for x, ds in self.registers.items():
            out += [f"%p {self.xeq(x, k)}" for k in self.reg_keys(x)] + [f"%p {self.dead(x)}"]
            consts = [k for k in self.reg_keys(x) if isinstance(k, int)]
            out += [f"%r {self.xeq(x, a)} ==> !{self.xeq(x, b)}" for a in consts for b in consts if a != b]
            out += [f"%p {self.xlt(x, b)}" for b in self.reg_bounds(x)] + self._register_bound_rules(x)
            for d in ds:
                out += self._register_rules(d, x)
        for d, x, y in self.pairs:
            out += self._pair_rules(d, x, y) + self._pair_rules(d, y, x)
        for d, e in self.same_cell:
            # not an abstraction: cells apart only by how their two fields compare stay one summary
            # (a list of cells in every order of kinds multiplies the structures); the order a test
            # needs is focused on the cell it reads
            out += [f"%p {self.fle(d, e)} nonabs", f"%p {self.fle(e, d)} nonabs",
                    f"%r !{self.fle(d, e)} ==> {self.fle(e, d)}",
                    f"%r !{self.fle(e, d)} ==> {self.fle(d, e)}"] + self._same_cell_rules(d, e) + \
                self._same_cell_rules(e, d)
        out += self._same_cell_chains()
        for d, n in self.succ_field.items():
            out += [f"%i {self.next_is(d, k)} = E(v_1) {self.field[n]}(v, v_1) & {self.eq(d, k, 'v_1')}"
                    for k in self.keys.get(d, ())]
        for d in self.in_order:
            for n, r, strict in self.orders(d):
                holds = _child_order(partial(self.dle, d), "v", "v_1", r, strict)
                out.append(f"%i {self.in_order_pred(d, reverse=r, n=n, strict=strict)} = A(v_1) "
                           f"{self.field[n]}(v, v_1) -> {holds} nonabs")
        return out

    def _pair_rules(self, d: str, a: str, b: str) -> List[str]:
        """``a <= b`` for two registers holding d: total while both are live, and transitive with
        their order against every cell (a <= v->d <= b; a <= b <= v->d; v->d <= a <= b)."""
        le, ab = partial(self.reg, d), self.rr(d, a, b)
        live = f"!{self.dead(a)} & !{self.dead(b)}"
        return [f"%p {ab}", f"%r {live} & !{ab} ==> {self.rr(d, b, a)}",
                f"%r {le(a)} & {le(b, below=True)} ==> {ab}",
                f"%r {ab} & {le(b)} ==> {le(a)}", f"%r !{ab} & {le(a)} ==> !{le(b, below=True)}",
                f"%r {le(a, below=True)} & {ab} ==> {le(b, below=True)}",
                f"%r !{ab} & {le(b, below=True)} ==> !{le(a)}"]

    def _same_cell_rules(self, a: str, b: str) -> List[str]:
        """What keys and bounds say of ``a <= b`` in one cell: for each place of a datum of a (a
        key, or a run between two bounds that is no key) and each of b, the order where every
        integer of the one lies on one side of the other's (a == 1 and b == 2; a < 3 and b >= 5);
        and a <= x <= b for a register x holding both."""
        ab = self.fle(a, b)
        out = []
        for pa, lo_a, hi_a in self.places(a):
            for pb, lo_b, hi_b in self.places(b):
                if hi_a is not None and lo_b is not None and hi_a <= lo_b:
                    out.append(f"%r {_and([pa, pb])} ==> {ab}")
                elif lo_a is not None and hi_b is not None and lo_a > hi_b:
                    out.append(f"%r {_and([pa, pb])} ==> !{ab}")
        for x, ds in self.registers.items():
            if a in ds and b in ds:
                out += [f"%r {self.reg(a, x, below=True)} & {self.reg(b, x)} ==> {ab}",
                        f"%r {self.reg(a, x)} & !{self.reg(b, x)} ==> !{ab}"]
        return out

    def _same_cell_chains(self) -> List[str]:
        """Transitivity of ``fle`` through a third field of the cell: a <= b <= c gives a <= c, and a
        strict step makes it strict (a < b <= c, a <= b < c give !(c <= a))."""
        fields = sorted({d for pair in self.same_cell for d in pair})
        has = {(a, b) for a, b in self.same_cell} | {(b, a) for a, b in self.same_cell}
        out = []
        for a in fields:
            for b in fields:
                for c in fields:
                    if len({a, b, c}) == 3 and {(a, b), (b, c), (a, c)} <= has:
                        ab, bc, ca = self.fle(a, b), self.fle(b, c), self.fle(c, a)
                        out += [f"%r {ab} & {bc} ==> {self.fle(a, c)}", f"%r !{self.fle(b, a)} & {bc} ==> !{ca}",
                                f"%r {ab} & !{self.fle(c, b)} ==> !{ca}"]
        return out

    def places(self, d: str, a: str = "v") -> List[Tuple[str, Optional[int], Optional[int]]]:
        """The places a datum of d may take by its keys and bounds, as (formula, least, greatest;
        None where unbounded): each constant key, and each run between two bounds (or below the
        first, above the last) that holds an integer that is no key."""
        keys = sorted(k for k in self.keys.get(d, ()) if isinstance(k, int))
        out: List[Tuple[str, Optional[int], Optional[int]]] = [(self.eq(d, k, a), k, k) for k in keys]
        some_key = f"!{_or([self.eq(d, k, a) for k in keys])}" if keys else ""
        cuts: List[Optional[int]] = [None, *self.bounds.get(d, ()), None]
        for lo, hi in zip(cuts, cuts[1:]):
            least, most = ir.free_ends(lo, hi, set(keys))
            if least != "empty":
                run = ([f"!{self.lt(d, lo, a)}"] if lo is not None else []) + ([self.lt(d, hi, a)] if hi is not None else [])
                out.append((_and([some_key, *run]), least if isinstance(least, int) else None, most))
        return out

    def _register_rules(self, d: str, x: str) -> List[str]:
        """``x <= a->d`` and ``a->d <= x``: total, and transitive with dle[d]."""
        le, ge = partial(self.reg, d, x), partial(self.reg, d, x, below=True)
        # a live register is above or below every datum; a dead one neither (dead[x]: all 0)
        live = f"!{self.dead(x)}"
        out = [f"%p {le()} nonabs", f"%p {ge()} nonabs", f"%r {live} & !{le()} ==> {ge()}",
               f"%r {live} & !{ge()} ==> {le()}",
               f"%r {le('v_1')} & {self.dle(d, 'v_1', 'v_2')} ==> {le('v_2')}",
               f"%r {self.dle(d, 'v_1', 'v_2')} & {ge('v_2')} ==> {ge('v_1')}",
               f"%r {ge('v_1')} & {le('v_2')} ==> {self.dle(d, 'v_1', 'v_2')}"]
        pointed = _or([f"{self.v(p)}(v)" for p in self.compared_with.get(x, ())])
        if pointed != "0":
            # the order of the cells the program tests against x is abstraction: structures that
            # differ in it are not joined (which branch a search took stays known after it), while
            # summary nodes, pointed to by no variable, are not split by it
            out += [f"%i p{self.reg(d, x)} = {le()} & {pointed}",
                    f"%i p{self.reg(d, x, below=True)} = {ge()} & {pointed}"]
        for k in self.keys.get(d, ()):   # x == k and a cell's d == k: the same value
            same = f"{self.xeq(x, k)} & {self.eq(d, k)}"
            out += [f"%r {same} ==> {le()}", f"%r {same} ==> {ge()}",
                    f"%r {self.xeq(x, k)} & {le()} & {ge()} ==> {self.eq(d, k)}",
                    f"%r {self.eq(d, k)} & {le()} & {ge()} ==> {self.xeq(x, k)}"]
        return out

    def _register_bound_rules(self, x: str) -> List[str]:
        """What ``x < K`` says of x's other bounds and keys, and of its order against the cells
        of the fields it holds (the same rules as a cell's :meth:`_bound_rules`)."""
        lt = partial(self.xlt, x)
        out = _key_bound_rules(lt, partial(self.xeq, x), [k for k in self.reg_keys(x) if isinstance(k, int)],
                               self.reg_bounds(x), [f"!{self.dead(x)}"])
        for d in self.registers[x]:
            for b in self.bounds.get(d, ()):
                le, ge, cell = self.reg(d, x), self.reg(d, x, below=True), self.lt(d, b)
                out += [f"%r {le} & {cell} ==> {lt(b)}", f"%r {ge} & !{cell} ==> !{lt(b)}",
                        f"%r {lt(b)} & !{cell} ==> !{ge}", f"%r !{lt(b)} & {cell} ==> !{le}"]
                if b in self.keys.get(d, ()):   # x at b, the cell above it; the cell at b, x above it
                    at = self.eq(d, b)
                    out += [f"%r {self.xeq(x, b)} & !{cell} & !{at} ==> !{ge}",
                            f"%r {at} & !{lt(b)} & !{self.xeq(x, b)} & !{self.dead(x)} ==> !{le}"]
        return out

    def _bound_rules(self, d: str, bounds: Tuple[int, ...]) -> List[str]:
        """What ``d < K`` says of ``d == k`` and of ``d < K'`` for the other keys, and that no datum
        lies between two bounds when every integer there is a key it is not equal to."""
        out = _key_bound_rules(partial(self.lt, d), partial(self.eq, d),
                               [k for k in self.keys.get(d, ()) if isinstance(k, int)], bounds)
        if d in self.ordered:   # the order of two cells on either side of a bound, or at one and above it
            le = partial(self.dle, d)
            out += [f"%r {self.lt(d, b, 'v_1')} & !{self.lt(d, b, 'v_2')} ==> !{le('v_2', 'v_1')}" for b in bounds]
            out += [f"%r {self.eq(d, b, 'v_1')} & !{self.lt(d, b, 'v_2')} & !{self.eq(d, b, 'v_2')} ==> "
                    f"!{le('v_2', 'v_1')}" for b in bounds if b in self.keys.get(d, ())]
        return out

    def _region_rules(self, d: str, x: str) -> List[str]:
        """A cell whose d holds the symbolic variable x equals each constant key and lies below
        each bound of d exactly when x's region does (and a cell that does not is not x's)."""
        mine = self.eq(d, x)
        out = []
        for k in self.keys.get(d, ()):
            # (a key no value of x's type takes, 40000 of a short, is none of x's regions)
            if isinstance(k, int) and k in self.regions[x]:
                at, key = self.val(x, k), self.eq(d, k)
                out += [f"%r {at} & {mine} ==> {key}", f"%r {at} & {key} ==> {mine}",
                        f"%r !{at} & {mine} ==> !{key}", f"%r !{at} & {key} ==> !{mine}"]
        for b in (b for b in self.bounds.get(d, ()) if b in self.regions[x]):   # x's constants (_region_constants)
            below, lt = self.below(x, b), self.lt(d, b)
            out += [f"%r {below} & {mine} ==> {lt}", f"%r !{below} & {mine} ==> !{lt}",
                    f"%r {below} & !{lt} ==> !{mine}", f"%r !{below} & {lt} ==> !{mine}"]
        return [r.replace("%r 1 & ", "%r ").replace("%r !0 & ", "%r ") for r in out
                if not r.startswith(("%r 0 &", "%r !1 &"))]

    def _eq_order_rules(self, d: str, keys: Tuple[Key, ...]) -> List[str]:
        out = []
        for k in keys:
            out.append(f"%r {self.eq(d, k, 'v_1')} & {self.eq(d, k, 'v_2')} ==> {self.dle(d, 'v_1', 'v_2')}")
            out.append(f"%r {self.eq(d, k, 'v_1')} & {self.dle(d, 'v_1', 'v_2')} & {self.dle(d, 'v_2', 'v_1')}"
                       f" ==> {self.eq(d, k, 'v_2')}")
        consts = sorted(k for k in keys if isinstance(k, int))
        out += [f"%r {self.eq(d, a, 'v_1')} & {self.eq(d, b, 'v_2')} ==> !{self.dle(d, 'v_2', 'v_1')}"
                for a in consts for b in consts if a < b]
        return out


# ----------------------------------------------------------------------------- reachability updates

def _removed(lib: Library, x: str, fields: Sequence[str], a: str, b: str) -> str:
    """The union edge a -> b disappears when the ``fields`` (forward ones) of the cell ``x`` points to are cut."""
    cut = _or([lib.fedge(f, a, b) for f in fields])
    kept = [lib.fedge(g, a, b) for g in lib.forward if g not in fields]
    return _and([f"{lib.v(x)}({a})", cut] + ([f"!{_or(kept)}"] if kept else []))


def t_cut(lib: Library, x: str, fields: Sequence[str]) -> List[Tuple[str, str]]:
    """The update of ``t[T]`` when the ``fields`` of x's cell are cut.

    A pair stays connected unless its path went through a removed edge (CUT).
    That is exact when x's cell is on no cycle and, with several fields, no
    cell below a removed edge is shared: then every path into that part
    enters through the removed edge.  Otherwise the closure is recomputed
    over the remaining edges (sound, less precise on summary nodes)."""
    fields = [f for f in fields if f not in lib.back]
    if not fields:   # back fields are not in t[T]
        return []

    def rm(a: str, b: str) -> str:
        return _removed(lib, x, fields, a, b)
    cut = f"(E(k_1, k_2) {lib.t('v_1', 'k_1')} & {rm('k_1', 'k_2')} & {lib.t('k_2', 'v_2')})"
    inexact = [f"(E(k_3) {lib.v(x)}(k_3) & c[{lib.tag}](k_3))" if lib.cyclic else ""]
    if not lib.single:
        inexact.append(f"(E(k_4, k_5, k_6) {rm('k_4', 'k_5')} & {lib.t('k_5', 'k_6')} & is[{lib.tag}](k_6))")
    lost = cut
    if any(inexact):
        # a step of the closure is a kept edge, or a pair of t[T] whose source cannot reach x's
        # cell (no path from it uses a removed edge): on summary nodes the old t[T] is definite
        # where a closure over the edges alone would be 1/2
        away = f"({lib.t('k_7', 'k_8')} & !(E(k_9) {lib.v(x)}(k_9) & {lib.t('k_7', 'k_9')}))"
        # a simple path never uses an edge out of its last cell nor into its first one: the
        # old pairs into x's cell stay, and with one removed edge so do those out of the cell
        # it led to (on a cycle, where t[T] holds both ways, these keep the cells behind a cut
        # definitely reachable from the variable at the cut edge's end)
        kept = [away, f"({lib.t('k_7', 'k_8')} & {lib.v(x)}(k_8))"]
        if lib.cross:
            # symmetrically, a pair whose target no removed edge's end reaches (a list of lists whose
            # head's inner list is cut: the head still reaches the older cells' inner lists; a list
            # cell whose inner list was merged with its successor's, cut from it: the 1/2 edge into
            # the merged summary would make the closure 1/2); only with a field to another struct:
            # on trees the closure, more definite, keeps apart structures that were merged
            # (tree_delete_min_leak: 2.5x the structures, 10x the time)
            kept.append(f"({lib.t('k_7', 'k_8')} & !(E(k_9, k_10) {rm('k_9', 'k_10')} & {lib.t('k_10', 'k_8')}))")
        if len(fields) == 1:
            kept.append(f"({lib.t('k_7', 'k_8')} & (E(k_9) {rm('k_9', 'k_7')}))")
        if lib.single and not lib.sentinel:
            # with one edge out of each cell a path never leaves a cycle: a path to a cell on none
            # passes no cycle, so not the cut edge of x's cell, which is on one (a DLL swap closes
            # a two-cell cycle before it cuts it: the summary ahead of it stays reachable)
            kept.append(f"({lib.t('k_7', 'k_8')} & !c[{lib.tag}](k_8))")
            if len(fields) == 1:
                kept.append(_entering_at_cut(lib, rm))
        step = f"(({lib.edge('k_7', 'k_8')} & !{rm('k_7', 'k_8')}) | {_or(kept)})"
        still = f"(v_1 == v_2 | TC(v_1, v_2)(k_7, k_8) {step})"
        lost = f"({_or(inexact)} ? !{still} : {cut})"
    return [(lib.t("v_1", "v_2"), f"{lib.t('v_1', 'v_2')} & !{lost}")]


def _entering_at_cut(lib: Library, rm: Callable[[str, str], str]) -> str:
    """The pairs of ``t[T]`` (``k_7``, ``k_8``) from a cell on no cycle whose path enters
    every cycle it meets at the end of the removed edge: with one edge out of each cell,
    that path runs the cycle from there to x's cell and stops, so it keeps every cell it
    reached (walking a list backwards, reversing it as it goes: the cells already reversed
    lead from the tail into the two-cell cycle at the cut, and stay reachable from it)."""
    c = f"c[{lib.tag}]"
    elsewhere = (f"(E(k_11, k_12) {lib.t('k_7', 'k_11')} & !{c}(k_11) & {lib.edge('k_11', 'k_12')} & {c}(k_12)"
                 f" & !(E(k_13) {rm('k_13', 'k_12')}))")
    return f"({lib.t('k_7', 'k_8')} & !{c}(k_7) & !{elsewhere})"


def t_link(lib: Library, x: str, f: str, y: str) -> List[Tuple[str, str]]:
    """The update of ``t[T]`` when the edge f from x's cell to y's cell is added (exact on any graph)."""
    if f in lib.back:
        return []
    t = lib.t("v_1", "v_2")
    source = f"{lib.v(x)}(k_1)" + (f" & !{lib.ring_head('k_1')}" if f in lib.sentinel else "")
    return [(t, f"{t} | (E(k_1, k_2) {lib.t('v_1', 'k_1')} & {source} & {lib.v(y)}(k_2) & {lib.t('k_2', 'v_2')})")]


def sharing_cut(lib: Library, x: str, fields: Sequence[str]) -> List[Tuple[str, str]]:
    """The updates of ``pt[f]`` and ``is[f]`` (:meth:`Library._cross_declarations`) when the
    ``fields`` of x's cell are cut: a cell x pointed at keeps an f-edge exactly when it had two
    (is[f]), and keeps two only if two other cells point at it."""
    out = []
    new: Dict[str, Tuple[str, str]] = {}
    into: List[str] = []   # x's cell points at v by a cut field
    for f in lib.counted:
        n = lib.field[f]
        if f not in fields:
            new[f] = (f"pt[{n}](v)", f"is[{n}](v)")
            continue
        into.append(f"(E(w_1) {lib.v(x)}(w_1) & {n}(w_1, v))")
        others = f"E(s_1, s_2) {n}(s_1, v) & !{lib.v(x)}(s_1) & {n}(s_2, v) & !{lib.v(x)}(s_2) & s_1 != s_2"
        new[f] = (f"({into[-1]} ? is[{n}](v) : pt[{n}](v))", f"(is[{n}](v) & ({into[-1]} ? ({others}) : 1))")
        out += [(f"pt[{n}](v)", new[f][0]), (f"is[{n}](v)", new[f][1])]
    if into and lib.sharing_known:   # (then every forward field is counted)
        # the cell that lost an edge stays shared as its other edges say; recounting them with
        # E(s_1, s_2) would give 1/2 where the other parent is in a summary node
        out.append((f"is[{lib.tag}](v)", f"({_or(into)} ? ({shared_from(lib, new)}) : is[{lib.tag}](v))"))
    return out


def shared_from(lib: Library, known: Mapping[str, Tuple[str, str]]) -> str:
    """is[T](v) from ``known``, for each forward field, the values of ``pt[f](v)`` and ``is[f](v)``:
    two edges of one field enter v, or edges of two fields."""
    fs = lib.forward
    return _or([f"{known[f][1]}" for f in fs]
               + [f"({known[f][0]} & {known[g][0]})" for i, f in enumerate(fs) for g in fs[i + 1:]])


def sharing_link(lib: Library, x: str, f: str, y: str) -> List[Tuple[str, str]]:
    """The updates of ``pt[f]``, ``is[f]`` (and is[T], where they know it) when x's f-edge, NULL
    before or y's cell, enters y's cell."""
    if f not in lib.counted:
        return []
    n, q = lib.field[f], lib.v(y)
    # where x->f is y's cell already no edge enters it (a link follows a cut; tvla check tries
    # every store)
    new = f"{q}(v) & !(E(w_1) {lib.v(x)}(w_1) & {n}(w_1, v))"
    out = [(f"pt[{n}](v)", f"pt[{n}](v) | {q}(v)"), (f"is[{n}](v)", f"is[{n}](v) | ({new} & pt[{n}](v))")]
    if lib.sharing_known and f in lib.forward:
        # y's cell is shared after the link exactly when an edge entered it before
        entered = _or([f"pt[{lib.field[g]}](v)" for g in lib.forward])
        out.append((f"is[{lib.tag}](v)", f"is[{lib.tag}](v) | ({new} & {entered})"))
    return out


# ----------------------------------------------------------------------------- garbage

def with_collect(lib: Library, act: Act, after: CellFormula, report: Optional[str]) -> Act:
    """``act`` that also drops the cells unreachable after it: ``after(a)`` says that cell ``a`` is
    reachable after the action, read on the structure before it.  ``report``: the valid-memtrack
    message text for unfreed cells that become unreachable (None: no message)."""
    lost = f"E(g_3) {lib.unfreed('g_3')} & !{after('g_3')}"
    messages = act.messages + (((lost, report),) if report else ())
    if act.new:   # the updates see the new cell, the messages and %retain do not
        lost = f"E(g_3) {lib.unfreed('g_3')} & !isNew(g_3) & !{after('g_3')}"
    updates = list(act.updates)
    if lib.has_heap:
        e1, tag = lib.edge("g_1", "v"), lib.tag
        recount = lib.shared_def("v", after)
        updates.append((f"is[{tag}](v)", f"((E(g_1) {e1} & !{after('g_1')}) ? {recount} : is[{tag}](v))"))
        for n in (lib.field[f] for f in lib.counted):
            updates.append((f"pt[{n}](v)", f"({_dropped_into(n, after)} ? (E(s_1) {n}(s_1, v) & {after('s_1')})"
                                           f" : pt[{n}](v))"))
            if n != tag:
                updates.append(_still_shared(n, after))
        if lib.back_sharing and lib.single:   # a dropped cell's back edge no longer shares its target
            updates += [_still_shared(lib.field[b], after) for b in lib.back]
    if lib.needs.memcleanup:
        updates.append(("garbage()", f"garbage() | ({lost})"))
    for k in sorted(lib.tallies):   # a counted cell dropped: the count no longer matches the cells
        group = lib.tally_group.get(k, ())
        # ... unless all its group counted it (a counter whose tally is lost counts nothing: any cell)
        shared = " & ".join(f"({lib.tally(j)}(g_4) | {lib.tally_lost(j)})" for j in group)
        gone = f"E(g_4) {lib.tally(k)}(g_4) & !{after('g_4')}" + (f" & !({shared})" if group else "")
        updates.append((lib.tally_lost(k), f"{lib.tally_lost(k)} | ({gone})"))
        dropped = lib.tally_dropped(k)
        if dropped is not None and group[0] == k:
            counted = " | ".join(f"{lib.tally(j)}(g_4)" for j in group)   # (by one at least: not any cell)
            updates.append((dropped, f"{dropped} | (E(g_4) {shared} & ({counted}) & !{after('g_4')})"))
    return Act(act.name, act.title, act.focus, act.pre, messages, act.new, tuple(updates), after("v"))


def _dropped_into(n: str, after: CellFormula) -> str:
    """Some cell the collect drops (``after`` does not keep it) has an ``n``-edge into v."""
    return f"(E(g_1) {n}(g_1, v) & !{after('g_1')})"


def _still_shared(n: str, after: CellFormula) -> Tuple[str, str]:
    """The update of ``is[n]`` by the collect: where a dropped cell's ``n``-edge entered v, two
    ``n``-edges of cells it keeps still must."""
    two = f"{n}(s_1, v) & {after('s_1')} & {n}(s_2, v) & {after('s_2')} & s_1 != s_2"
    return f"is[{n}](v)", f"({_dropped_into(n, after)} ? (E(s_1, s_2) {two}) : is[{n}](v))"


def memtrack_text(lib: Library, dead: Optional[str] = None) -> Optional[str]:
    """The valid-memtrack message (None without memsafety); ``dead``: the variable whose scope ends."""
    if not lib.needs.memsafety:
        return None
    if dead:
        return f"valid-memtrack: memory becomes unreachable when {lib.shown.get(dead) or 'a local variable'} goes out of scope"
    return "valid-memtrack: memory becomes unreachable"


def collect(lib: Library) -> Act:
    """Drop the cells no variable reaches (after a statement that cuts fields), reporting unfreed ones."""
    act = Act("Collect", "drop unreachable cells")
    return with_collect(lib, act, lambda a: lib.reach(a), memtrack_text(lib))


# ----------------------------------------------------------------------------- pointer statements

def _bad_copy(lib: Library, x: str, value: str) -> Tuple[Tuple[str, str], ...]:
    return ((lib.bad(x), value),) if lib.bad_tracked else ()


def assign_null(lib: Library, x: str, kill: bool = False, scope_end: bool = False, uninit: bool = False,
                final: bool = False) -> Act:
    """``x = NULL``, or ``x`` dies (``kill``: a dead variable nulled, reported only at ``scope_end``,
    or when it is overwritten unless ``final``: it never is), or ``x`` holds no value (``uninit``:
    its declaration without one is reached again)."""
    p = lib.v(x)
    title = (f"{x} goes out of scope" if scope_end else f"{x} is dead") if kill else \
        f"{x} declared without a value" if uninit else f"{x} = NULL"
    name = ("Out_Of_Scope_" if scope_end else "Kill_") + p if kill else ("Uninit_" if uninit else "Set_Null_") + p
    act = Act(name, title, updates=((f"{p}(v)", "0"),) + _bad_copy(lib, x, "1" if uninit else "0"))
    def after(a: str) -> str:
        return lib.reach(a, without=[x])
    if kill and final:   # what only x reached stays allocated to the end: garbage for memcleanup
        return with_collect(lib, act, after, None)
    if kill and not scope_end and lib.needs.memsafety:
        # a global or main's local, overwritten before it is read again: the overwrite loses the cells
        pending = (lib.lost(x), f"{lib.lost(x)} | (E(g_3) {lib.unfreed('g_3')} & !{after('g_3')})")
        act = replace(act, updates=act.updates + (pending,))
        return with_collect(lib, act, after, None)
    return with_collect(lib, act, after, memtrack_text(lib, x) if kill else memtrack_text(lib))


def lost_on_overwrite(lib: Library, x: str, act: Act) -> Act:
    """``act``, which writes ``x``, reporting the memory lost when ``x`` died (:func:`assign_null`)."""
    if x not in lib.pending or not lib.needs.memsafety:
        return act
    c = lib.shown.get(x) or "a variable"
    text = f"valid-memtrack: memory only {c} pointed to is lost when {c} is overwritten"
    return replace(act, messages=((lib.lost(x), text),) + act.messages,
                   updates=act.updates + ((lib.lost(x), "0"),))


def assign_var(lib: Library, x: str, y: str, moved: bool = False) -> Act:
    """``x = y``; ``moved``: y dies, NULL after it."""
    p, q = lib.v(x), lib.v(y)
    ups = ((f"{p}(v)", f"{q}(v)"),) + _bad_copy(lib, x, lib.bad(y) if lib.bad_tracked else "")
    act = Act(f"{'Move' if moved else 'Copy'}_Var_{p}_{q}", f"{x} = {y}", focus=(f"{q}(v)",),
              updates=ups + (_moved(lib, y) if moved else ()))
    return with_collect(lib, act, lambda a: _or([lib.reach(a, without=[x]), lib.reach_from([y], a)]),
                        memtrack_text(lib))


def load(lib: Library, x: str, y: str, f: str, quiet: bool = False) -> Act:
    """``x = y->f`` (y is valid: the caller checks it; ``quiet``: else x is NULL)."""
    p, q, n = lib.v(x), lib.v(y), lib.field[f]
    focus: Tuple[str, ...] = (f"E(v_1, v_2) {q}(v_1) & {n}(v_1, v_2) & {lib.t('v_2', 'v')}",)
    ups: Tuple[Tuple[str, str], ...] = ((f"{p}(v)", f"E(v_1) {q}(v_1) & {n}(v_1, v)"),)
    if lib.bad_tracked:
        focus += (f"{q}(v) & uninit[{n}](v)",)
        ups += ((lib.bad(x), f"E(v) {q}(v) & uninit[{n}](v)"),)
    act = Act(f"{'Quiet_' if quiet else ''}Load_{p}_{q}_{n}", f"{x} = {y}->{f}", focus, None if quiet else lib.valid(y),
              updates=ups)

    def after(a: str) -> str:
        return _or([lib.reach(a, without=[x]), f"(E(a_1, a_2) {q}(a_1) & {n}(a_1, a_2) & {lib.reach_cell('a_2', a)})"])
    return with_collect(lib, act, after, memtrack_text(lib))


def malloc(lib: Library, x: str, struct: str, zeroed: bool, on_stack: bool = False,
           written: Tuple[str, ...] = (), outside: Tuple[str, ...] = (), member_head: bool = False) -> Act:
    """``x = malloc(sizeof(struct S))`` (``calloc`` when ``zeroed``); ``on_stack``: the cell of the
    struct variable ``x`` (:class:`tvla.cfront.ir.Malloc`), marked ``nonheap``; ``member_head``: the
    lone cell of a list's head inside another cell, marked ``nonheap`` and ``mhead``.  An over-approximation
    when an uninitialised datum, not ``written`` at once, may take a place in the order of its field
    that no integer has (:func:`free_field`)."""
    p = lib.v(x)
    ups = [(f"{p}(v)", "isNew(v)")] + list(_bad_copy(lib, x, "0"))
    if on_stack:
        ups.append(("nonheap(v)", "nonheap(v) | isNew(v)"))
    if member_head:
        ups.append(("mhead(v)", "mhead(v) | isNew(v)"))
    heap_head = x in lib.heap_heads and not on_stack
    if heap_head:
        ups.append(("rhead(v)", "rhead(v) | isNew(v)"))
    if on_stack and lib.stack_ring or heap_head:
        # the edges t[T] closes leave out those of a ring's head: the new one changes that
        # relation, and the closure re-evaluated over a summary's 1/2 edges lost its paths
        # (the cell has no edges yet: the paths between the others stay as they are)
        t = lib.t("v_1", "v_2")
        ups.append((t, f"{t} | isNew(v_1) & isNew(v_2)"))
    if struct in lib.types:
        ups.append((lib.type_pred(struct), f"{lib.type_pred(struct)} | isNew(v)"))
    if lib.bad_tracked and not zeroed:
        ups += [(f"uninit[{lib.field[f]}](v)", f"uninit[{lib.field[f]}](v) | isNew(v)")
                for f in lib.fields_of.get(struct, ()) if f in lib.loaded]
    ints = lib.ints_of.get(struct, ())
    for d in ints:
        ups += data_updates(lib, d, lambda a: f"isNew({a})", 0 if zeroed else None, fresh=True)
    for a, b in lib.same_cell:   # 0 <= 0 in a zeroed cell; else unknown, as in a cell without them
        new = "1" if zeroed and a in ints and b in ints else "1/2"
        ups += [(lib.fle(a, b), f"{lib.fle(a, b)} | isNew(v) & {new}"), (lib.fle(b, a), f"{lib.fle(b, a)} | isNew(v) & {new}")]
    for d in sorted(lib.ordered - set(ints)):
        # dle[d] is a total preorder over every cell: a cell without d is unordered (1/2)
        # against the others, else a new one breaches totality and stops the analysis
        ups += order_updates(lib, d, lambda a: f"isNew({a})", lambda w: "1/2", lambda w: "1/2", True)
        ups += register_writes(lib, d, lambda a: f"isNew({a})", lambda x, below: "1/2", True)
    ups += [(lib.outside_pred(f), f"{lib.outside_pred(f)} | isNew(v)") for f in outside]
    if member_head:
        name, title = f"Member_Head_{p}", f"the list head {x} inside a cell{' (zeroed)' if zeroed else ''}"
    elif on_stack:
        name, title = f"Struct_Var_{p}", f"struct {struct} {x}{' (zeroed)' if zeroed else ''}"
    else:
        name = f"{'Calloc' if zeroed else 'Malloc'}_{p}_{_sanitize(struct)}" + "".join(f"_no_{_sanitize(f)}" for f in outside)
        title = f"{x} = {'calloc' if zeroed else 'malloc'}(sizeof(struct {struct}))" + \
            (f" (too small for {', '.join(outside)})" if outside else "")
    if not zeroed and any(d in lib.ordered and d not in written and not free_field(lib, d) for d in ints):
        name = ABSTRACTED + name
    if zeroed and any(unkeyed(lib, d, 0) for d in ints):
        name = ABSTRACTED + name
    act = Act(name, title, new=True, updates=tuple(ups))
    return with_collect(lib, act, lambda a: lib.reach(a, without=[x]), memtrack_text(lib))


def cut(lib: Library, x: str, f: str) -> Act:
    """``x->f = NULL`` (x is valid); the cells it disconnects are dropped by a following :func:`collect`."""
    p, n = lib.v(x), lib.field[f]
    ups = [(f"{n}(v_1, v_2)", f"{n}(v_1, v_2) & !{p}(v_1)")] + t_cut(lib, x, [f]) + sharing_cut(lib, x, [f])
    if lib.bad_tracked and f in lib.loaded:
        ups.append((f"uninit[{n}](v)", f"uninit[{n}](v) & !{p}(v)"))
    return Act(f"Cut_{p}_{n}", f"{x}->{f} = NULL", cut_focus(lib, x, f), lib.valid(x), updates=tuple(ups))


def cut_focus(lib: Library, x: str, f: str) -> Tuple[str, ...]:
    """What a cut of ``x->f`` focuses on: x's cell and the cells below the edge, whose reachability
    changes; below a back field (not in t[T]) only the cell it points to, whose sharing and
    ``inv`` change (the whole list behind a doubly linked list's tail, split from every summary
    it shares one with, made a loop freeing a list of lists from its tail back 20 times slower)."""
    p, n = lib.v(x), lib.field[f]
    if f in lib.back:
        return (f"{p}(v)", f"E(v_1) {p}(v_1) & {n}(v_1, v)")
    return (f"{p}(v)", f"E(v_1, v_2) {p}(v_1) & {n}(v_1, v_2) & {lib.t('v_2', 'v')}")


def forget(lib: Library, x: str, f: str) -> Act:
    """The stale field ``x->f`` is forgotten (:class:`~tvla.cfront.ir.Forget`): cut, and read as an
    uninitialised pointer from here on; nothing where x holds no valid cell.  The cells it
    disconnects are dropped by a following :func:`collect`."""
    p, n = lib.v(x), lib.field[f]
    ups = [(f"{n}(v_1, v_2)", f"{n}(v_1, v_2) & !{p}(v_1)")] + t_cut(lib, x, [f]) + sharing_cut(lib, x, [f])
    if lib.bad_tracked and f in lib.loaded:
        ups.append((f"uninit[{n}](v)", f"uninit[{n}](v) | {p}(v) & !freed(v)"))
    return Act(f"Stale_{p}_{n}", f"{x}->{f} is not read again", cut_focus(lib, x, f), updates=tuple(ups))


def _moved(lib: Library, y: str) -> Tuple[Tuple[str, str], ...]:
    """The updates that null ``y`` where it dies as the source of a copy or a link (its reachability
    follows by differencing)."""
    return ((f"{lib.v(y)}(v)", "0"),) + _bad_copy(lib, y, "0")


def link(lib: Library, x: str, f: str, y: str, checked: bool = False, moved: bool = False) -> Act:
    """``x->f = y`` after :func:`cut` made ``x->f`` NULL, or where it holds no pointer (``checked``:
    without the cut, the link requires ``x`` valid, as the cut does); ``moved``: y dies, NULL after it."""
    p, q, n = lib.v(x), lib.v(y), lib.field[f]
    ups = [(f"{n}(v_1, v_2)", f"{n}(v_1, v_2) | {p}(v_1) & {q}(v_2)")]
    ups += t_link(lib, x, f, y) + sharing_link(lib, x, f, y)
    ups += _moved(lib, y) if moved else ()
    if lib.bad_tracked and f in lib.loaded:
        ups.append((f"uninit[{n}](v)", f"({p}(v) ? {lib.bad(y)} : uninit[{n}](v))"))
    focus = (f"{p}(v)", f"{q}(v)", f"E(v_1) {q}(v_1) & {lib.t('v_1', 'v')}")
    return Act(f"Link_{p}_{n}_{'Moved_' if moved else ''}{q}", f"{x}->{f} = {y}", focus,
               lib.valid(x) if checked else None, updates=tuple(ups))


def free(lib: Library, x: str, scope_end: bool = False) -> Act:
    """``free(x)`` when valid (NULL: nothing): the cell is marked freed and its fields cut.
    ``scope_end``: the cell of the struct variable x dies with its function (it is always valid)."""
    p = lib.v(x)
    ups = [("freed(v)", f"freed(v) | {p}(v)")]
    if lib.has_heap:
        ups += [(f"{n}(v_1, v_2)", f"{n}(v_1, v_2) & !{p}(v_1)") for n in lib.field.values()]
        ups += t_cut(lib, x, list(lib.field)) + sharing_cut(lib, x, list(lib.field))
    if lib.bad_tracked:
        ups += [(f"uninit[{lib.field[f]}](v)", f"uninit[{lib.field[f]}](v) & !{p}(v)")
                for f in lib.field if f in lib.loaded]
    if scope_end:
        return Act(f"End_Struct_Var_{p}", f"{x} goes out of scope", (f"{p}(v)",), updates=tuple(ups))
    pre = _and([f"!{lib.bad(x)}" if lib.bad_tracked else "", f"!(E(v) {p}(v) & freed(v))",
                f"!(E(v) {p}(v) & nonheap(v))" if lib.stack_cells else ""])
    return Act(f"Free_{p}", f"free({x})", (f"{p}(v)",) + cut_targets(lib, x, list(lib.field)), pre,
               updates=tuple(ups))


def cut_targets(lib: Library, x: str, fields: Sequence[str]) -> Tuple[str, ...]:
    """Where is[T] is known from ``pt[f]`` and ``is[f]`` (:func:`sharing_cut`), the focus on the cells
    the cut ``fields`` of x's cell point at: in a summary node, the one an edge of x's cell enters
    would stay 1/2 after the cut."""
    cut = [lib.field[f] for f in fields if f in lib.forward]
    if not lib.sharing_known or not cut:
        return ()
    return (f"E(v_1) {lib.v(x)}(v_1) & ({' | '.join(f'{n}(v_1, v)' for n in cut)})",)


# ----------------------------------------------------------------------------- checks

def invalid_deref(lib: Library, x: str) -> Act:
    """The violation branch of a dereference of ``x`` (valid-deref), towards the sink."""
    p = lib.v(x)
    null = f"!(E(v) {p}(v))"
    msgs = []
    c = lib.shown.get(x, "")
    if lib.bad_tracked:
        msgs.append((lib.bad(x), f"valid-deref: uninitialised pointer {_named(c)}dereferenced"))
        null = f"!{lib.bad(x)} & {null}"
    msgs += [(null, f"valid-deref: NULL pointer {_named(c)}dereferenced"),
             (f"E(v) {p}(v) & freed(v)", f"valid-deref: {c} points to freed memory" if c else
              "valid-deref: a pointer to freed memory dereferenced")]
    return Act(f"Invalid_Deref_{p}", f"invalid dereference of {x}", (f"{p}(v)",), f"!{lib.valid(x)}",
               tuple(msgs))


def _named(c: str) -> str:
    """A pointer's C words before the word after them (``p `` of ``NULL pointer p dereferenced``),
    nothing where it has none."""
    return f"{c} " if c else ""


def outside_deref(lib: Library, x: str, f: str) -> Act:
    """The violation branch of an access to field f of x's cell where the block allocated for the
    cell ends before f (valid-deref)."""
    p = lib.v(x)
    bad = f"E(v) {p}(v) & {lib.outside_pred(f)}"
    return Act(f"Outside_Deref_{p}_{_sanitize(f)}", f"{x}->{f} outside its block", (f"{p}(v)",), bad,
               ((bad, f"valid-deref: {lib.shown[x] + '->' if x in lib.shown else 'field '}{f} lies past"
                      " the end of the block allocated for the cell"),))


def invalid_free(lib: Library, x: str) -> Act:
    """The violation branch of ``free(x)`` (valid-free), towards the sink."""
    p = lib.v(x)
    c = lib.shown.get(x, "")
    msgs = [(lib.bad(x), f"valid-free: uninitialised pointer {_named(c)}freed"),
            (f"E(v) {p}(v) & freed(v)", f"valid-free: {c or 'memory'} freed twice")]
    pre = f"{lib.bad(x)} | (E(v) {p}(v) & freed(v))"
    if lib.stack_cells:
        msgs.append((f"E(v) {p}(v) & nonheap(v)", f"valid-free: {c or 'a pointer'} points to a variable, not to the heap"))
        pre += f" | (E(v) {p}(v) & nonheap(v))"
    return Act(f"Invalid_Free_{p}", f"invalid free({x})", (f"{p}(v)",), pre, tuple(msgs))


def free_non_heap(lib: Library, what: str) -> Act:
    return Act("Free_Non_Heap", f"free({what})", messages=(("1", f"valid-free: free of non-heap memory {what}"),))


def outside_object(lib: Library, what: str, certain: bool) -> Act:
    """A field outside the object (:class:`tvla.cfront.ir.OutsideObject`)."""
    needs = lib.needs
    kinds = [("valid-deref", needs.memsafety)] + ([] if certain else [("unreach-call", needs.unreach),
                                                                      ("memcleanup", needs.memcleanup)])
    return Act("Outside_Object", "field outside the object",
               messages=tuple(("1", f"{k}: {what}") for k, wanted in kinds if wanted))


def not_clean(lib: Library) -> str:
    """Some allocated cell is not freed (memcleanup at the end of the program)."""
    return f"garbage() | (E(v) {lib.unfreed('v')})"


def reach_error(lib: Library, goes_on: bool = False) -> Act:
    """``reach_error()``: the unreach-call violation; it aborts the program (as the competition's
    ``reach_error`` does), so memory still allocated then is a memcleanup violation, unless the
    program's own reach_error does nothing (``goes_on``: the program ends elsewhere)."""
    msgs = [("1", "unreach-call: reach_error() is called")] if lib.needs.unreach else []
    if goes_on:
        return Act("Reach_Error_Returns", "reach_error()", messages=tuple(msgs))
    if lib.needs.memcleanup:
        msgs.append((not_clean(lib), "memcleanup: memory not freed when reach_error() aborts the program"))
    return Act("Reach_Error", "reach_error()", messages=tuple(msgs))


def program_exit(lib: Library, how: str) -> Act:
    """The end of the program: memcleanup (some cell not freed) and the sortedness properties."""
    msgs = []
    if lib.needs.memcleanup:
        msgs.append((not_clean(lib), "memcleanup: memory not freed at program exit"))
    for x, (d, n) in lib.sorted_field.items():
        within = lib.r(x) if lib.has_heap else f"{lib.v(x)}(v)"
        msgs.append((f"!(A(v) {within} -> {lib.in_order_pred(d)})",
                     f"sorted: the list from {x} is not sorted by {d}"))
    title = {"return": "return from main", "exit": "exit()", "abort": "abort()"}.get(how, how)
    return Act(f"Exit_{_sanitize(how)}", title, messages=tuple(msgs))


def deref(lib: Library, x: str, field: str) -> Act:
    """``x->field`` of a field kept as a variable: only where ``x`` may be dereferenced (elsewhere
    the run ends in the violation, :func:`invalid_deref`); nothing changes."""
    return Act(f"Deref_{lib.v(x)}", f"{x}->{field}", (f"{lib.v(x)}(v)",), lib.valid(x))


def skip(lib: Library, note: str = "") -> Act:
    return Act("Skip" if not note else "Skip_" + _sanitize(note)[:40], note or "skip")


# ----------------------------------------------------------------------------- data

def _value_eq(lib: Library, key: Key, value: Value) -> str:
    """eq[d,key] of a cell whose d becomes ``value`` (an int, a symbolic variable, None: any); a
    symbolic variable with regions equals a constant key (one of its constants) in its region."""
    if value is None:
        return "1/2"
    if key == value:
        return "1"
    if outside_type(lib, key, value) or outside_type(lib, value, key):
        return "0"   # no value of x's type is the constant (256 of an unsigned char)
    if isinstance(key, int) and isinstance(value, str) and value in lib.regions and key in lib.regions[value]:
        return lib.val(value, key)   # (every constant key of x's fields is one of x's constants)
    if isinstance(key, str) and key in lib.regions and isinstance(value, int) and value in lib.regions[key]:
        return lib.val(key, value)   # a constant written into x's field: one of x's constants
    if isinstance(key, str) and isinstance(value, str) and key in lib.regions and lib.regions[key] == lib.regions.get(value):
        return _same_region(lib, key, value)
    return "0" if isinstance(key, int) and isinstance(value, int) else "1/2"


def field_holds(lib: Library, d: str, k: Key) -> bool:
    """May field d hold the key ``k`` (a constant of its type, or a symbolic variable)?"""
    rng = lib.field_ranges.get(d)
    return not isinstance(k, int) or rng is None or k in rng


def outside_type(lib: Library, c: Key, x: Value) -> bool:
    """Is the constant ``c`` no value of the symbolic variable ``x``'s type?"""
    rng = lib.value_ranges.get(x) if isinstance(x, str) else None
    return isinstance(c, int) and rng is not None and c not in rng


def _same_region(lib: Library, x: str, y: str) -> str:
    """``x == y`` for two symbolic variables with the same regions: true in a region of one
    integer, unknown in a wider one, false in two regions."""
    reps = lib.regions[x]
    single = {r for r, nxt in zip(reps, reps[1:]) if nxt == r + 1 and r != reps[0]}
    return _or([f"({lib.val(x, r)} & {lib.val(y, r)})" if r in single else f"(1/2 & {lib.val(x, r)} & {lib.val(y, r)})"
                for r in reps])


def _value_lt(lib: Library, bound: int, value: Value) -> str:
    """lt[d,bound] of a cell whose d becomes ``value`` (an int, a symbolic variable with regions,
    or None: any; a field with bounds is given no other symbolic value)."""
    if isinstance(value, str) and value in lib.regions:
        # each bound of a field given x is one of x's constants (_region_constants): else unknown
        return lib.below(value, bound) if bound in lib.regions[value] else "1/2"
    if isinstance(value, str) and bound in lib.reg_bounds(value):
        return lib.xlt(value, bound)
    return "1/2" if not isinstance(value, int) else "1" if value < bound else "0"


def _order_to(lib: Library, d: str, value: Value, w: str, above: bool) -> str:
    """``value <= w->d`` (``above``) or ``w->d <= value``, from w's eq predicates; 1/2 when unknown."""
    keys = lib.keys.get(d, ())
    if isinstance(value, str) and d in lib.registers.get(value, ()):
        return lib.reg(d, value, w, below=not above)
    if isinstance(value, str):
        return f"({lib.eq(d, value, w)} ? 1 : 1/2)" if value in keys else "1/2"
    if value is None:
        return "1/2"
    rng = lib.field_ranges.get(d)
    if rng is not None and (value <= rng.bounds[0] if above else value >= rng.bounds[1]):
        return "1"   # INT_MIN lies below every int datum, INT_MAX above
    consts = [k for k in keys if isinstance(k, int)]
    yes = [lib.eq(d, k, w) for k in consts if (k >= value if above else k <= value)]
    no = [lib.eq(d, k, w) for k in consts if not (k >= value if above else k <= value)]
    if not yes and not no:
        return "1/2"
    return _or([_or(yes), f"(1/2 & !{_or(no)})"])


def data_updates(lib: Library, d: str, node: CellFormula, value: Value, fresh: bool = False) -> List[Tuple[str, str]]:
    """The updates of d's data predicates when the d of the cell ``node(a)`` (unique) becomes ``value``.

    ``fresh``: the cell is new (every predicate 0 on it), and the updates are
    written ``p | delta`` so that finite differencing keeps the other cells'
    ``inOrder`` exactly; otherwise ``inOrder`` gets an explicit update."""
    if fresh:
        ups = [(lib.eq(d, k), f"{lib.eq(d, k)} | {node('v')} & {_value_eq(lib, k, value)}")
               for k in lib.keys.get(d, ()) if _value_eq(lib, k, value) != "0"
               and field_holds(lib, d, k)]
        ups += [(lib.lt(d, b), f"{lib.lt(d, b)} | {node('v')} & {_value_lt(lib, b, value)}")
                for b in lib.bounds.get(d, ()) if _value_lt(lib, b, value) != "0"]
    else:
        held = isinstance(value, str) and d in lib.registers.get(value, ())   # a register's keys hold d's

        def new_eq(k: Key) -> str:
            if not field_holds(lib, d, k):
                return "0"   # d holds no such value (-1 of an unsigned char field)
            return lib.xeq(str(value), k) if held else _value_eq(lib, k, value)
        ups = [(lib.eq(d, k), f"({node('v')} ? {new_eq(k)} : {lib.eq(d, k)})") for k in lib.keys.get(d, ())]
        ups += [(lib.lt(d, b), f"({node('v')} ? {_value_lt(lib, b, value)} : {lib.lt(d, b)})")
                for b in lib.bounds.get(d, ())]
        ups += same_cell_updates(lib, d, node, value)
    if d not in lib.ordered:
        return ups

    def above(w: str) -> str:
        return _order_to(lib, d, value, w, True)

    def below(w: str) -> str:
        return _order_to(lib, d, value, w, False)
    # the written cell against each register: equal to the one written, unknown for the others
    return ups + order_updates(lib, d, node, above, below, fresh) + register_writes(
        lib, d, node, lambda x, _below: "1" if x == value else "1/2", fresh)


def _le_value(lib: Library, e: str, value: Value, w: str, above: bool) -> str:
    """``value <= w->e`` (``above``) or ``w->e <= value``, from e's bounds and keys or a register's
    order against w (1/2 when unknown)."""
    if isinstance(value, int):
        below = _below_const(lib, e, value if above else value + 1, w)
        return {"0": "1", "1": "0"}.get(below, f"!{below}") if above else below
    if value is None or e not in lib.registers.get(value, ()):
        return "1/2"
    return _order_to(lib, e, value, w, above)


def _below_const(lib: Library, e: str, c: int, w: str) -> str:
    """``w->e < c`` from e's keys and bounds: by the place of its datum (:meth:`Library.places`),
    unknown in a run that holds integers on both sides of c."""
    if c in lib.bounds.get(e, ()):
        return lib.lt(e, c, w)
    rng = lib.field_ranges.get(e)
    if rng is not None and not c > rng.bounds[0]:
        return "0"   # no datum lies below its type's least value
    if rng is not None and c > rng.bounds[1]:
        return "1"
    return _or([place if most is not None and most < c else _and(["1/2", place])
                for place, least, most in lib.places(e, w) if least is None or least < c])


def same_cell_updates(lib: Library, d: str, node: CellFormula, value: Value) -> List[Tuple[str, str]]:
    """The updates of ``fle`` of the cell ``node`` whose d becomes ``value``, against each field
    compared with d in one cell (``value`` None: unknown)."""
    ups = []
    for e in lib.same_cell_of(d):
        for a, b, above in ((d, e, True), (e, d, False)):
            ups.append((lib.fle(a, b), f"({node('v')} ? {_le_value(lib, e, value, 'v', above)} : {lib.fle(a, b)})"))
    return ups


def _free_datum(lib: Library, d: str) -> bool:
    """Is any order of a datum of d against the other field of its cell some integer's, whatever
    else is known of it?  So it is when d has only constant keys, no bound, no order and one
    field compared with it: a datum none of the keys may lie below or above any integer."""
    return not lib.bounds.get(d) and d not in lib.ordered and len(lib.same_cell_of(d)) == 1 \
        and all(isinstance(k, int) for k in lib.keys.get(d, ()))


def same_cell_inexact(lib: Library, d: str, value: Value, later: Tuple[str, ...] = ()) -> bool:
    """Does writing ``value`` into d leave its order against a field compared with it in one cell
    unknown (1/2) where C fixes it?  An unknown choice is harmless where the datum it orders is
    free (:func:`_free_datum`): the written one for a nondet value, else the other field's; and
    against a field written ``later`` before any read (whose write sets the order again)."""
    for e in (e for e in lib.same_cell_of(d) if e not in later):
        unknown = value is None or any("1/2" in _le_value(lib, e, value, "v", above) for above in (True, False))
        if unknown and not _free_datum(lib, d if value is None else e):
            return True
    return False


def register_writes(lib: Library, d: str, node: CellFormula, new: Callable[[str, bool], str],
                    fresh: bool = False) -> List[Tuple[str, str]]:
    """The updates of every register's order against the cell ``node`` whose d is written:
    ``new(x, below)`` is the new ``lib.reg(d, x, ., below)`` at the written cell; ``fresh``: the
    cell is new (``p | delta`` for differencing)."""
    ups = []
    for x in lib.regs_of(d):
        for below in (False, True):
            reg, value = lib.reg(d, x, below=below), f"!{lib.dead(x)} & {new(x, below)}"
            ups.append((reg, f"{reg} | {node('v')} & {value}" if fresh else f"({node('v')} ? ({value}) : {reg})"))
    return ups


def order_updates(lib: Library, d: str, node: CellFormula, above: CellFormula, below: CellFormula,
                  fresh: bool) -> List[Tuple[str, str]]:
    """The updates of dle[d] (and inOrder[d,n]) when the cell ``node`` gets a new d with
    ``above(w)`` = (new d <= w->d) and ``below(w)`` = (w->d <= new d)."""
    n1, n2, d12 = node("v_1"), node("v_2"), lib.dle(d, "v_1", "v_2")
    if fresh:
        delta = _or([f"({n1} & {n2})", f"({n1} & !{n2} & {above('v_2')})", f"({n2} & !{n1} & {below('v_1')})"])
        return [(d12, f"{d12} | {delta}")]
    ups = [(d12, f"(({n1} & {n2}) ? 1 : ({n1} ? {above('v_2')} : ({n2} ? {below('v_1')} : {d12})))")]
    for n, r, strict in lib.orders(d):
        nf, pred = lib.field[n], lib.in_order_pred(d, reverse=r, n=n, strict=strict)
        up, down = (below, above) if r else (above, below)
        if strict:   # new d < w->d is not w->d <= new d; v->d < new d is not new d <= v->d
            mine = f"(A(o_1) {nf}(v, o_1) -> (!{node('o_1')} & !{down('o_1')}))"
            new_below = f"!{up('v')}"
        else:
            mine, new_below = f"(A(o_1) {nf}(v, o_1) -> ({node('o_1')} | {up('o_1')}))", down('v')
        # per successor, as in swap_data: a summary node whose n may lead to the cell keeps
        # its definite inOrder where the new datum is above it (below it: inROrder)
        theirs = f"(A(o_1) {nf}(v, o_1) -> ({node('o_1')} ? {new_below} : {pred}))"
        ups.append((pred, f"({node('v')} ? {mine} : {theirs})"))
    return ups


def _has_data(lib: Library, d: str) -> bool:
    return any(d in ints for ints in lib.ints_of.values())


def set_data(lib: Library, x: str, d: str, value: Value, guard: Optional[Tuple[str, int]] = None,
             later: Tuple[str, ...] = ()) -> Act:
    """``x->d = value`` (x valid); ``guard``: (flag variable k, c) when value is k's value c;
    ``later``: the cell's fields written after it before any read (``ir.SetData.later``)."""
    p = lib.v(x)
    ups = data_updates(lib, d, lambda a: f"{p}({a})", value) if _has_data(lib, d) else []
    pre = _and([lib.valid(x)] + ([lib.val(*guard)] if guard else []))
    shown = guard[0] if guard else ("?" if value is None else value)
    name = f"Set_Data_{p}_{d}_{_key_name(value)}" + (f"_{guard[0]}" if guard else "")
    if value is None and d in lib.ordered and not free_field(lib, d):
        name = ABSTRACTED + name   # with 3 and 4 among the data, "between them" is no integer's place
    if isinstance(value, int) and (unkeyed(lib, d, value) or symbolic_unknown(lib, d, value)):
        name = ABSTRACTED + name
    if not name.startswith(ABSTRACTED) and same_cell_inexact(lib, d, value, later):
        name = ABSTRACTED + name   # the order against the cell's other field is left unknown
    focus = (f"{p}(v)",) + ((lib.val(*guard),) if guard else ())
    return Act(name, f"{x}->{d} = {shown}" + (f" [{guard[0]} == {guard[1]}]" if guard else ""), focus, pre,
               updates=tuple(ups))


def set_data_past(lib: Library, x: str, d: str, k: str, later: Tuple[str, ...] = ()) -> Optional[Act]:
    """``x->d = k`` for counter k holding another value, when all of those lie on one side of its
    values (:attr:`Library.beyond`: ``n->d = i++`` counting up from 0) and no constant of d lies
    there: every such value agrees on d's predicates, so one write of a value past them all is
    the write (:func:`set_data` marks it abstracted where d's order leaves it inexact).  None
    otherwise."""
    side = lib.beyond.get(k, 0)
    kept = [c for c in lib.flags.get(k, ()) if isinstance(c, int)]
    if not side or not kept:
        return None
    past = max(kept) if side > 0 else min(kept)
    consts = {c for c in lib.keys.get(d, ()) if isinstance(c, int)} | set(lib.bounds.get(d, ()))
    if any((c - past) * side > 0 for c in consts):
        return None
    act = set_data(lib, x, d, past + side * (1 + max((abs(c - past) for c in consts), default=0)), later=later)
    return dataclasses.replace(act, name=f"{act.name}_past_{k}", title=f"{x}->{d} = {k} [{k} past {past}]",
                               pre=_and([act.pre, lib.val(k, None)]) if act.pre else lib.val(k, None),
                               focus=act.focus + (lib.val(k, None),))


def set_data_within(lib: Library, x: str, d: str, within: Union[ir.IntRange, ir.Span],
                    later: Tuple[str, ...] = ()) -> List[Act]:
    """``x->d = v`` for any v of the type ``within``, narrower than d's (``__VERIFIER_nondet_uchar()``
    into an int): one exact write per run of integers between d's constants that meets the type
    (:func:`~tvla.cfront.ir.run_of`: every value of a run agrees on each key and bound); for a
    :class:`~tvla.cfront.ir.Span` (``n % 2``), the same writes, abstracted (a run the span meets
    may hold no value the expression takes).
    Where d is ordered or has a symbolic key, that is not enough: any value, abstracted."""
    keys = lib.keys.get(d, ())
    consts = sorted({k for k in keys if isinstance(k, int)} | set(lib.bounds.get(d, ())))
    reps = ir.region_values(consts, None) if consts else None
    if d in lib.ordered or any(isinstance(k, str) for k in keys) or reps is None:
        act = set_data(lib, x, d, None, later=later)
        return [act if not consts or act.name.startswith(ABSTRACTED) else
                dataclasses.replace(act, name=ABSTRACTED + act.name)]
    lo, hi = within.bounds
    acts = []
    for k, v in enumerate(reps):
        start, end = ir.run_of(reps, k)
        a, b = max(lo, start if start is not None else lo), min(hi, end if end is not None else hi)
        if a > b:
            continue   # the run holds no value of the type
        act = set_data(lib, x, d, v, later=later)
        over = ABSTRACTED if isinstance(within, ir.Span) or act.name.startswith(ABSTRACTED) else ""
        acts.append(dataclasses.replace(act, name=f"{over}Set_Data_{lib.v(x)}_{d}_{_key_name(a)}_{_key_name(b)}",
                                        title=f"{x}->{d} = {a}" if a == b else f"{x}->{d} = ? in [{a}, {b}]"))
    return acts


def set_data_from_register(lib: Library, x: str, d: str, value: str, later: Tuple[str, ...] = ()) -> List[Act]:
    """``x->d = value`` for a register ``value``: the written cell's order against every other
    register of d is unknown (1/2), and a choice of it may be no run of C, where the two hold
    copies of one value (``b = a; p->d = b`` leaves ``p->d < a`` open).  So the write is an
    over-approximation where another register is live, split from the exact write where all are
    dead."""
    act = set_data(lib, x, d, value, later=later)
    others = [lib.dead(r) for r in lib.regs_of(d) if r != value] if d in lib.ordered else []
    if not others:
        return [act]
    exact = dataclasses.replace(act, pre=_and([act.pre or ""] + others))
    live = _or([f"!{o}" for o in others])
    return [exact, dataclasses.replace(act, name=f"{ABSTRACTED}{act.name}_live", pre=_and([act.pre or "", live]))]


def unkeyed(lib: Library, d: str, c: int) -> bool:
    """Is writing the constant ``c`` into field d an over-approximation?  So it is when d is ordered
    and c is no eq key of d: no key tells which cells hold c, so the written cell's order against
    them is left unknown, though two cells given 0 hold one value (unless no test reads the order)."""
    return d in lib.observed and c not in lib.keys.get(d, ())


def symbolic_unknown(lib: Library, d: str, c: int) -> bool:
    """Is writing the constant ``c`` into field d an over-approximation against a symbolic key of d?
    So it is when the key has no region for c: each written cell's eq[d,x] is left unknown on its
    own, though every cell given c holds one value (a witness may make one equal to x, one not)."""
    return any(isinstance(k, str) and k not in lib.registers and _value_eq(lib, k, c) == "1/2"
               for k in lib.keys.get(d, ()))


def _key_name(value: Value) -> str:
    return "any" if value is None else const_name(value) if isinstance(value, int) else value


def copy_data(lib: Library, dst: str, dd: str, src: str, sd: str) -> Act:
    """``dst->dd = src->sd`` (both valid)."""
    p, q = lib.v(dst), lib.v(src)
    pre = _and([lib.valid(dst), lib.valid(src)])
    name, title = f"Copy_Data_{p}_{dd}_{q}_{sd}", f"{dst}->{dd} = {src}->{sd}"
    if not _has_data(lib, dd) or (dd == sd and dst == src):
        return Act(name, title, (f"{p}(v)", f"{q}(v)"), pre)
    if dd != sd:
        across = _across_updates(lib, p, q, dd, sd)
        if dst == src and sd in lib.same_cell_of(dd):   # p->e = p->d: the two are equal
            across = tuple((lhs, f"({p}(v) ? 1 : {lhs})" if lhs in (lib.fle(dd, sd), lib.fle(sd, dd)) else new)
                           for lhs, new in across)
        return Act(_marked(name, across), title, (f"{p}(v)", f"{q}(v)"), pre, updates=across)
    ups = [(lib.eq(dd, k), f"({p}(v) ? (E(w_1) {q}(w_1) & {lib.eq(dd, k, 'w_1')}) : {lib.eq(dd, k)})")
           for k in lib.keys.get(dd, ())]
    ups += [(lib.lt(dd, b), f"({p}(v) ? (E(w_1) {q}(w_1) & {lib.lt(dd, b, 'w_1')}) : {lib.lt(dd, b)})")
            for b in lib.bounds.get(dd, ())]
    if dd in lib.ordered:
        ups += order_updates(lib, dd, lambda a: f"{p}({a})", lambda w: f"(E(w_1) {q}(w_1) & {lib.dle(dd, 'w_1', w)})",
                             lambda w: f"(E(w_1) {q}(w_1) & {lib.dle(dd, w, 'w_1')})", False)
        ups += register_writes(lib, dd, lambda a: f"{p}({a})",
                               lambda x, below: f"(E(w_1) {q}(w_1) & {lib.reg(dd, x, 'w_1', below)})")
    same = same_cell_updates(lib, dd, lambda a: f"{p}({a})", None)   # against the cell's other fields: unknown
    return Act(_marked(name, same), title, (f"{p}(v)", f"{q}(v)"), pre, updates=tuple(ups + same))


def _across_updates(lib: Library, p: str, q: str, dd: str, sd: str) -> Tuple[Tuple[str, str], ...]:
    """The updates of ``p->dd = q->sd`` for two fields: dd equals each key of sd that q's sd equals
    (the library gives sd the keys of dd: :func:`_shared_keys`); dd's order against the other
    cells, its bounds and the registers' order against it are unknown (no order across fields),
    and then the copy over-approximates C (a witness choosing ``p->dd == 3`` after
    ``p->dd = q->sd`` with q's sd 5 would be no run of C)."""
    shared = set(lib.keys.get(sd, ()))
    eqs = {lib.eq(dd, k): f"(E(w_1) {q}(w_1) & {lib.eq(sd, k, 'w_1')})" if k in shared else "1/2"
           for k in lib.keys.get(dd, ())}
    return tuple((lhs, f"({p}(v) ? {eqs[lhs]} : {lhs})" if lhs in eqs else value)
                 for lhs, value in data_updates(lib, dd, lambda a: f"{p}({a})", None))


def _swapped(p: str, q: str, a: str, w: str, body: CellFormula) -> str:
    """``body`` of the cell whose old value cell ``a`` holds after p's and q's values are
    exchanged: q's cell for p's, p's for q's, ``a`` itself otherwise (``w`` names the other)."""
    return (f"({p}({a}) ? (E({w}) {q}({w}) & {body(w)}) : "
            f"({q}({a}) ? (E({w}) {p}({w}) & {body(w)}) : {body(a)}))")


def swap_data(lib: Library, x: str, y: str, d: str) -> Act:
    """``x->d`` and ``y->d`` exchange their values (both valid): every data predicate of a cell
    becomes that of its image under the exchange (eq[d,K], dle[d] on both sides, inOrder)."""
    p, q = lib.v(x), lib.v(y)
    pre = _and([lib.valid(x), lib.valid(y)])
    name, title = f"Swap_Data_{p}_{q}_{d}", f"swap {x}->{d} and {y}->{d}"
    if not _has_data(lib, d) or x == y:
        return Act(name, title, (f"{p}(v)", f"{q}(v)"), pre)
    ups = [(lib.eq(d, k), _swapped(p, q, "v", "w_1", partial(lib.eq, d, k))) for k in lib.keys.get(d, ())]
    ups += [(lib.lt(d, b), _swapped(p, q, "v", "w_1", partial(lib.lt, d, b))) for b in lib.bounds.get(d, ())]

    moved = f"({p}(v) | {q}(v))"
    same = [(fle, f"({moved} ? 1/2 : {fle})") for e in lib.same_cell_of(d) for fle in (lib.fle(d, e), lib.fle(e, d))]
    ups += same   # each cell's d against its other fields: unknown
    name = _marked(name, same)

    def order(a: str, b: str) -> str:   # the new dle[d](a, b)
        return _swapped(p, q, a, "w_1", lambda c: _swapped(p, q, b, "w_2", lambda e: lib.dle(d, c, e)))
    if d in lib.ordered:
        ups.append((lib.dle(d, "v_1", "v_2"), order("v_1", "v_2")))
        ups += [(reg(), _swapped(p, q, "v", "w_1", reg)) for x in lib.regs_of(d)
                for reg in (partial(lib.reg, d, x), partial(lib.reg, d, x, below=True))]
        # a pair (v, its successor) changes order only if one of them is a swapped cell; the
        # others keep inOrder: recomputing them would lose a summary node's definite inOrder
        # (its n to itself is 1/2)
        moved = f"({p}(v) | {q}(v) | {p}(o_1) | {q}(o_1))"
        for n, r, strict in lib.orders(d):
            new = _child_order(order, "v", "o_1", r, strict)
            pred = lib.in_order_pred(d, reverse=r, n=n, strict=strict)
            ups.append((pred, f"(A(o_1) {lib.field[n]}(v, o_1) -> ({moved} ? {new} : {pred}))"))
    return Act(name, title, (f"{p}(v)", f"{q}(v)"), pre, updates=tuple(ups))


def load_data(lib: Library, x: str, y: str, d: str) -> Act:
    """``x = y->d`` for a register x (y valid): x's order against every cell is that of y's d;
    against its other fields, unknown (then an over-approximation)."""
    p = lib.v(y)
    ups = []
    for e in lib.registers.get(x, ()):
        for below in (False, True):
            same = f"(E(w_1) {p}(w_1) & {lib.dle(d, *(('v', 'w_1') if below else ('w_1', 'v')))})"
            ups.append((lib.reg(e, x, below=below), same if e == d else "1/2"))
    keys, bounds = lib.keys.get(d, ()), lib.bounds.get(d, ())
    ups += [(lib.xeq(x, k), f"(E(w_1) {p}(w_1) & {lib.eq(d, k, 'w_1')})" if k in keys else "1/2")
            for k in lib.reg_keys(x)]
    ups += [(lib.xlt(x, b), f"(E(w_1) {p}(w_1) & {lib.lt(d, b, 'w_1')})" if b in bounds else "1/2")
            for b in lib.reg_bounds(x)]
    for e, z in lib.paired(x):   # x against each register it is compared with: as the cell is
        ups += [(lib.rr(e, x, z), f"(E(w_1) {p}(w_1) & {lib.reg(e, z, 'w_1', below=True)})" if e == d else "1/2"),
                (lib.rr(e, z, x), f"(E(w_1) {p}(w_1) & {lib.reg(e, z, 'w_1')})" if e == d else "1/2")]
    ups += _revive(lib, x)
    # x's order against the other fields it holds is unknown, and in C it may be fixed (another
    # register put this datum into a cell's e): a witness through it may be no run of C
    return Act(_marked(f"Load_Data_{_sanitize(x)}_{p}_{_sanitize(d)}", ups), f"{x} = {y}->{d}",
               (f"{p}(v)",), lib.valid(y), updates=tuple(ups))


def copy_register(lib: Library, x: str, src: Union[int, str]) -> Act:
    """``x = src`` for a register x: src another register (x takes its order against every cell
    and its equalities), or a constant or a symbolic variable (a key: x equals it, and every
    cell whose datum is known equal to it; the rest of x's order is unknown)."""
    reg = src if isinstance(src, str) and src in lib.registers else None
    ups = []
    for d in lib.registers.get(x, ()):
        for below in (False, True):
            if reg is not None and d in lib.registers[reg]:
                new = lib.reg(d, reg, below=below)
            elif isinstance(src, int) and at_limit(lib, x, d, src):
                new = _le_value(lib, d, src, "v", above=not below)
            elif src in lib.keys.get(d, ()):
                new = f"({lib.eq(d, src)} ? 1 : 1/2)"
            else:
                new = "1/2"
            ups.append((lib.reg(d, x, below=below), new))
    for k in lib.reg_keys(x):
        if reg is not None:
            new = lib.xeq(reg, k) if k in lib.reg_keys(reg) else "1/2"
        elif k == src:
            new = "1"
        else:   # two different constants differ; a symbolic value equals what its region says, if any
            new = _value_eq(lib, k, src)
        ups.append((lib.xeq(x, k), new))
    values = [(lib.xlt(x, b), _copied_lt(lib, b, src)) for b in lib.reg_bounds(x)]
    pair_unknown = False
    for e, z in lib.paired(x):   # x against each register it is compared with: as src is
        tracked = isinstance(src, str) and (e, z) in lib.paired(src)
        pair_unknown = pair_unknown or not (src == z or tracked)
        ups += [(lib.rr(e, x, z), "1" if src == z else lib.rr(e, str(src), z) if tracked else "1/2"),
                (lib.rr(e, z, x), "1" if src == z else lib.rr(e, z, str(src)) if tracked else "1/2")]
    ups += values + _revive(lib, x)
    # an unknown value (1/2, alone or as a branch) makes the copy an over-approximation: a witness
    # through it may be no run of C, unless it only places a value chosen once or a constant
    # among data that are chosen but for at most one constant (free_placement): any place in
    # their order is then that of some integer
    # a constant that cells of a field x holds may be given without its key (:func:`unkeyed`): such
    # a cell is not known to hold it (x = 0 may then be placed above a cell holding 0)
    keyed = not isinstance(src, int) or not any(unkeyed(lib, d, src) and src in lib.constants.get(d, ())
                                                for d in lib.registers.get(x, ()))
    exact = free_placement(lib, x, src) and keyed or _placed_by_region(lib, x, src)
    # x's order against a register it is compared with, unknown: that register may hold the same
    # constant, which no choice of the order needs to respect
    exact = exact and not pair_unknown
    return Act(_marked(f"Copy_Reg_{_sanitize(x)}_{_key_name(src)}", ups, exact), f"{x} = {src}", updates=tuple(ups))


def at_limit(lib: Library, x: str, d: str, c: int) -> bool:
    """Is the constant ``c`` of register x at or past an end of field d's type (``last = INT_MIN``
    below every int datum, ``int last = -1`` below every ``unsigned char``), where a test compares
    the values themselves (:func:`compared_as_values`)?"""
    rng, xrng = lib.field_ranges.get(d), lib.ranges.get(x)
    if rng is None or xrng is None or rng.boolean or not compared_as_values(rng, xrng):
        return False
    return not rng.bounds[0] < c < rng.bounds[1]


def compared_as_values(a: ir.IntRange, b: ir.IntRange) -> bool:
    """Does C compare a value of type ``a`` with one of type ``b`` as the integers they are?  So it
    does when both have one signedness, or the unsigned one is the narrower (an ``unsigned
    char`` or an ``unsigned`` is converted to a wider signed type, not -1 to UINT_MAX)."""
    if a.signed == b.signed:
        return True
    unsigned, signed = (a, b) if b.signed else (b, a)
    return unsigned.bits < max(signed.bits, 32)


def _copied_lt(lib: Library, bound: int, src: Union[int, str]) -> str:
    """``xlt[x,bound]`` of a register x given ``src``: a constant, a register, a symbolic variable
    with regions (1/2 when the value's place against the bound is not known)."""
    if isinstance(src, int):
        return "1" if src < bound else "0"
    if src in lib.regions:
        return lib.below(src, bound) if bound in lib.regions[src] else "1/2"
    return lib.xlt(src, bound) if bound in lib.reg_bounds(src) else "1/2"


def _placed_by_region(lib: Library, x: str, src: Union[int, str]) -> bool:
    """Is ``x = src`` exact for a constant or a symbolic ``src`` with regions?  So it is when src
    decides x's keys and bounds (a constant; a symbolic variable's region, or another such
    variable with the same regions, equal to it in a region of one integer and free to be in a
    wider one), and the fields x holds have every constant (and a constant src) as a bound: the
    rules then order x against every cell that holds a constant or lies on another side of a
    bound, and place it freely only among chosen data of its own region."""
    if isinstance(src, int):
        decided = all(isinstance(k, int) or src in lib.regions.get(k, ()) for k in lib.reg_keys(x))
        own: Set[int] = {src}
    elif src in lib.regions:
        reps = lib.regions[src]
        decided = set(lib.reg_bounds(x)) <= set(reps) and all(
            k in reps if isinstance(k, int) else k == src or lib.regions.get(k) == reps for k in lib.reg_keys(x))
        own = set()
    else:
        return False
    # every constant a bound and every bound a key: a bound that is no key (a register's order
    # test) leaves x = that bound unordered against the cells just above it, which no rule decides
    return decided and all(({k for k in lib.keys.get(d, ()) if isinstance(k, int)} | own) <= set(lib.bounds.get(d, ()))
                           <= set(lib.keys.get(d, ())) | own for d in lib.registers.get(x, ()))


def free_placement(lib: Library, x: str, src: Union[int, str, None]) -> bool:
    """Is giving register x the value ``src`` (a constant, a symbolic variable, None: a nondet
    value) exact whatever order it gives x against the cells?  So it is when the fields x holds
    have at most one constant among the values they may hold or are compared with (none but src
    when src is one; a bound is one of them): every other datum is chosen, so any order of them
    and x is that of some integers.  Two constants, 3 and 4, leave no integer between them."""
    if isinstance(src, str) and (src not in lib.symbolic or src in lib.regions):
        return False   # a value held elsewhere, or a region's: not any place is an integer's
    return all(free_field(lib, d, src) for d in lib.registers.get(x, ()))


def free_field(lib: Library, d: str, src: Union[int, str, None] = None) -> bool:
    """May a value ``src`` (None: a nondet one) take any place in the order of field d's data?
    So it may when d has at most one constant among the values it may hold or is compared with
    (none but src when src is one); one bound leaves endless runs of integers on either side."""
    # a bound is a constant compared with (one a register's order test gives is no key)
    if d not in lib.observed and all(isinstance(k, int) for k in lib.keys.get(d, ())):
        return True   # no test reads the order: each datum only needs an integer of its keys and bounds
    consts = set(lib.constants.get(d, ())) | {k for k in lib.keys.get(d, ()) if isinstance(k, int)} \
        | set(lib.bounds.get(d, ()))
    rng = lib.field_ranges.get(d)
    if rng is not None and any(not rng.bounds[0] < c < rng.bounds[1] for c in consts - {src}):
        return False   # no integer lies past INT_MIN: a datum may not take a place below it
    return not (consts - {src} if isinstance(src, int) else len(consts) > 1)


def havoc_register(lib: Library, x: str) -> Act:
    """Register x takes any value (an over-approximation when its order against the cells may be
    no integer's: :func:`free_placement`)."""
    ups = tuple((lib.reg(d, x, below=b), "1/2") for d in lib.registers.get(x, ()) for b in (False, True))
    ups += tuple((lib.xeq(x, k), "1/2") for k in lib.reg_keys(x)) + tuple(_revive(lib, x))
    ups += tuple((lib.xlt(x, b), "1/2") for b in lib.reg_bounds(x))
    ups += tuple((order, "1/2") for order in lib.pair_orders(x))
    exact = free_placement(lib, x, None)
    return Act(("" if exact else ABSTRACTED) + f"Havoc_{_sanitize(x)}", f"{x} = ?", updates=ups)


def step_register(lib: Library, x: str, delta: int) -> Act:
    """``x += delta`` for a register whose value moves one way only (a counter whose values cells
    hold: ``n->d = i++``, :func:`tvla.cfront.intvars._held_in_order`).  Stepping up, x passes every
    datum at or below it, and lies at or below each datum above it when ``delta`` is 1 (the
    datum is at least x + 1); the rest of its order, keys, bounds and pairs are kept where the step
    decides them, else unknown.  Stepping down is the mirror image."""
    live, up, one = f"!{lib.dead(x)}", delta > 0, abs(delta) == 1
    ups = []
    for d in lib.registers.get(x, ()):
        le, ge = lib.reg(d, x), lib.reg(d, x, below=True)   # x <= v->d, v->d <= x
        passed, kept = (ge, le) if up else (le, ge)         # the data x moves past, and those ahead
        ahead = f"({live} & !{passed})" if one else f"({live} & !{passed} & 1/2)"
        behind = f"({passed} | {live} & 1/2)"
        ups += [(kept, ahead), (passed, behind)]
    keys = lib.reg_keys(x)
    for k in keys:
        back = k - delta if isinstance(k, int) else None
        ups.append((lib.xeq(x, k), lib.xeq(x, back) if back in keys else f"({lib.xeq(x, k)} ? 0 : 1/2)"))
    bounds = lib.reg_bounds(x)
    for b in bounds:
        xlt = lib.xlt(x, b)
        ups.append((xlt, lib.xlt(x, b - delta) if b - delta in bounds else f"({xlt} & 1/2)" if up else f"({xlt} | 1/2)"))
    for e, z in lib.paired(x):
        below, above = lib.rr(e, x, z), lib.rr(e, z, x)   # x <= z, z <= x
        passed_rr, kept_rr = (above, below) if up else (below, above)
        ups += [(kept_rr, f"!{passed_rr}" if one else f"(!{passed_rr} & 1/2)"), (passed_rr, f"({passed_rr} | 1/2)")]
    exact = one and free_placement(lib, x, None) and not (keys or bounds or lib.paired(x))
    return Act(_marked(f"Step_Reg_{_sanitize(x)}_{_key_name(delta)}", ups, exact), f"{x} += {delta}",
               updates=tuple(ups))


def _revive(lib: Library, x: str) -> List[Tuple[str, str]]:
    """A register given a value is live."""
    return [(lib.dead(x), "0")] if x in lib.registers else []


def forget_register(lib: Library, x: str) -> Act:
    """Register x dies: its value is never read again, so it keeps none (no order against any cell,
    equal to no key): stores that differ only in it become one, and a concrete store only one."""
    ups = [(lib.reg(d, x, below=b), "0") for d in lib.registers.get(x, ()) for b in (False, True)]
    ups += [(lib.xeq(x, k), "0") for k in lib.reg_keys(x)] + [(lib.dead(x), "1")]
    ups += [(lib.xlt(x, b), "0") for b in lib.reg_bounds(x)]
    ups += [(order, "0") for order in lib.pair_orders(x)]
    return Act(f"Forget_Reg_{_sanitize(x)}", f"{x} dead", updates=tuple(ups))


def register_int_cond(lib: Library, c: ir.DataCond, value: Optional[int] = None) -> Act:
    """``x == value`` or ``x != value`` for a register x and an eq key (``value``: the value of
    the flag ``c.value`` on this branch; None: c.value itself is the key)."""
    x, key = c.left, c.value if value is None else value
    bound = register_bound(lib, c) if value is None else None
    if bound is not None:
        test = lib.xlt(x, bound) if c.op in ("<", "<=") else f"!{lib.xlt(x, bound)}"
        focus: Tuple[str, ...] = (lib.xlt(x, bound),)
    else:
        assert key is not None and key in lib.reg_keys(x) and c.op in ("==", "!="), "an exact register test"
        test = lib.xeq(x, key) if c.op == "==" else f"!{lib.xeq(x, key)}"
        focus = (lib.xeq(x, key),)
    guard = [lib.val(str(c.value), value)] if value is not None else []
    name = f"Reg_Cond_{_sanitize(x)}_{_OPS[c.op]}_{_key_name(key)}" + (f"_{_sanitize(str(c.value))}" if guard else "")
    return Act(name, f"{x} {c.op} {c.value}", focus + tuple(guard), _and(guard + [test]))


def shared_field(lib: Library, x: str, y: str) -> Optional[str]:
    """The field d of the pair (d, x, y) of :attr:`Library.pairs`: registers x and y are compared
    and both hold d (their order is then tracked: ``rr[d,x,y]()``), or None."""
    return next((d for d, z in lib.paired(x) if z == y), None)


def register_pair_cond(lib: Library, c: ir.DataCond) -> Act:
    """``x OP y`` for two registers holding field d (:func:`shared_field`): exact through
    ``rr[d,x,y]()`` (x <= y), which every assignment of either keeps (a load takes the cell's
    order against the other register, a copy the copied register's) and rules tie to their order
    against every cell."""
    x, y = c.left, str(c.value)
    d = shared_field(lib, x, y)
    assert d is not None, "two registers holding one field"
    le, ge = lib.rr(d, x, y), lib.rr(d, y, x)
    test = order_test(c.op, le, ge)
    return Act(f"Reg_Pair_Cond_{_sanitize(x)}_{_OPS[c.op]}_{_sanitize(y)}", f"{x} {c.op} {y}", (le, ge), test)


def register_bound(lib: Library, c: ir.DataCond) -> Optional[int]:
    """The bound K of register x's fields that decides ``x OP c`` for a constant c by order
    (``x < K`` or its negation), or None."""
    if not isinstance(c.value, int) or c.left not in lib.registers:
        return None
    bound = ir.strict_bound(c.op, c.value, lib.ranges.get(c.left))
    return bound if bound in lib.reg_bounds(c.left) else None


def register_data_cond(lib: Library, c: ir.DataCond) -> Act:
    """``left->d OP x`` for a register x (left valid): exact through x's order against the cell."""
    p, d, x = lib.v(c.left), c.lfield, c.value
    assert d is not None and isinstance(x, str), "a condition between a field and a register"
    le, ge = lib.reg(d, x, "v_1"), lib.reg(d, x, "v_1", below=True)
    test = order_test(ir.FLIP[c.op], le, ge)   # v_1->d OP x is x FLIP(OP) v_1->d
    focus = (f"{p}(v)", f"E(v_1) {p}(v_1) & {le}", f"E(v_1) {p}(v_1) & {ge}")
    return Act(f"Data_Cond_{p}_{_sanitize(d)}_{_OPS[c.op]}_{_sanitize(x)}", f"{c.left}->{d} {c.op} {x}", focus,
               _and([lib.valid(c.left), f"(E(v_1) {p}(v_1) & {test})"]))


def set_flag(lib: Library, k: str, c: Optional[int]) -> Act:
    """Flag variable ``k`` takes the value ``c`` (None: a counter's "another value")."""
    ups = tuple((lib.val(k, o), "1" if o == c else "0") for o in lib.states(k))
    shown = "other" if c is None else const_name(c)
    return Act(f"Set_Flag_{k}_{shown}", f"{k} = {'another value' if c is None else c}", updates=ups)


def choose_region(lib: Library, k: str, c: int) -> Act:
    """The symbolic variable ``k`` (with regions) takes a value in ``c``'s region: each cell's datum
    in a field keyed by k is unknown against it (the region rules make it exact where the cell
    holds one of k's constants), as cells may hold data before k is chosen."""
    act = set_flag(lib, k, c)
    ups = tuple((lib.eq(d, k), "1/2") for d, ks in sorted(lib.keys.items()) if k in ks)
    return dataclasses.replace(act, updates=act.updates + ups)


def forget_flag(lib: Library, k: str) -> Act:
    """Flag variable ``k`` is dead: it takes its first value (as at the entry), whatever it held."""
    first = lib.flags[k][0]
    return dataclasses.replace(set_flag(lib, k, first), name=f"Forget_Flag_{_sanitize(k)}", title=f"{k} dead")


ABSTRACTED = "Abstracted_"   # the name prefix of an action that over-approximates C


def abstracted(lib: Library, act: Act, k: str) -> Act:
    """``act`` taken when counter ``k`` holds another value: an over-approximation (a witness
    through it may not be an execution of the C program)."""
    base = act.name[len(ABSTRACTED):] if act.name.startswith(ABSTRACTED) else act.name
    return dataclasses.replace(act, name=f"{ABSTRACTED}{base}_{_sanitize(k)}_other",
                               pre=_and([lib.val(k, None)] + ([act.pre] if act.pre else [])))


def shift_flag(lib: Library, k: str, j: str, c: Optional[int], delta: int,
               table: Optional[Tuple[Tuple[int, Optional[int]], ...]] = None) -> List[Act]:
    """``k = j + delta`` when flag or counter ``j`` holds ``c``: k holds c + delta (or, past
    k's values, another value); from j's "another value", any state of k (abstracted).  With a
    ``table`` (``k = len - j``): k holds the value it gives c (where it gives None, any state of
    k, abstracted)."""
    if table is None:
        name = f"Shift_{_sanitize(k)}_{_sanitize(j)}_{const_name(c)}_{const_name(delta)}" if c is not None else ""
        return _flag_moves(lib, k, j, c, None if c is None else c + delta, name, f"{k} = {j} + {delta}")
    value = dict(table).get(c) if c is not None else None
    name = f"Map_{_sanitize(k)}_{_sanitize(j)}_{const_name(c)}" if c is not None else ""
    return _flag_moves(lib, k, j, c, value, name, f"{k} = {value} ({j} = {c})")


def step_flag(lib: Library, k: str, c: Optional[int], delta: int) -> List[Act]:
    """Counter ``k`` is incremented by ``delta`` when it holds ``c``: one action, or, from
    "another value", one per state it may reach (abstracted), unless the step goes away from its
    values (:attr:`Library.beyond`): another value again."""
    if c is None and lib.beyond.get(k, 0) * delta > 0:   # further away from its values: still another
        return [dataclasses.replace(set_flag(lib, k, None), name=f"Step_{_sanitize(k)}_other_{const_name(delta)}",
                                    title=f"{k} += {delta}", pre=lib.val(k, None))]
    name = f"Step_{_sanitize(k)}_{const_name(c)}_{const_name(delta)}" if c is not None else ""
    return _flag_moves(lib, k, k, c, None if c is None else c + delta, name, f"{k} += {delta}")


def _flag_moves(lib: Library, k: str, j: str, c: Optional[int], value: Optional[int], name: str,
                title: str) -> List[Act]:
    """k takes ``value``, computed from j's value ``c`` (converted to k's type; past k's values:
    another value); from j's "another value" (``c`` None) or where C leaves it undefined
    (``value`` None), any state of k, abstracted."""
    rng = lib.ranges.get(k)
    moved = None if value is None else ir.held(value, rng)   # 255 + 1 is 0 in a uchar
    t = moved if moved is not None and moved in lib.flags[k] else None
    if moved is None or t is None and k not in lib.others:   # the second is a safeguard: k's values hold j's moved
        if c is None:
            return [abstracted(lib, set_flag(lib, k, s), j) for s in lib.states(k)]
        return [dataclasses.replace(a, name=f"{ABSTRACTED}{name}_{a.name}", title=f"{title} (any value)", pre=lib.val(j, c))
                for a in (set_flag(lib, k, s) for s in lib.states(k))]
    return [dataclasses.replace(set_flag(lib, k, t), name=name, title=title, pre=lib.val(j, c))]


# ----------------------------------------------------------------------------- conditions

def head_cond(lib: Library, cond: ir.HeadCond) -> Act:
    """``var`` points (``positive``) or does not point to the lone cell of a list's head inside a cell."""
    p = lib.v(cond.var)
    test = f"(E(v) {p}(v) & mhead(v))"
    name = f"{'Is' if cond.positive else 'Is_Not'}_Member_Head_{p}"
    return Act(name, f"{cond.var} {'is' if cond.positive else 'is not'} a list head inside a cell", (f"{p}(v)",),
               test if cond.positive else f"!{test}")


def ptr_cond(lib: Library, cond: ir.PtrCond) -> Act:
    """``left == right`` / ``!=`` (right None: NULL); an uninitialised pointer may compare either way."""
    p = lib.v(cond.left)
    focus: Tuple[str, ...]
    if cond.right is None:
        test, shown, focus = f"(E(v) {p}(v))", "NULL", (f"{p}(v)",)
        holds = f"!{test}" if cond.positive else test
    else:
        q = lib.v(cond.right)
        test, shown, focus = f"(A(v) {p}(v) <-> {q}(v))", cond.right, (f"{p}(v)", f"{q}(v)")
        holds = test if cond.positive else f"!{test}"
    unknown = [lib.bad(x) for x in (cond.left, cond.right) if x is not None] if lib.bad_tracked else []
    op = "==" if cond.positive else "!="
    name = f"{'Is_Eq' if cond.positive else 'Is_Not_Eq'}_{p}_{lib.v(cond.right) if cond.right else 'NULL'}"
    return Act(name, f"{cond.left} {op} {shown}", focus, _or(unknown + [holds]))


def order_test(op: str, ab: str, ba: str) -> str:
    """``a OP b`` from ``ab`` (a <= b) and ``ba`` (b <= a), a total order's two directions."""
    return {"<=": ab, ">=": ba, "<": f"!{ba}", ">": f"!{ab}", "==": f"({ab} & {ba})", "!=": f"!({ab} & {ba})"}[op]


def node_data_cond(lib: Library, c: ir.DataCond) -> Act:
    """``left->d OP right->d'`` (both valid); exact through dle[d] when d == d', else nondeterministic."""
    assert c.right is not None, "a condition between two cells"
    p, q = lib.v(c.left), lib.v(c.right)
    pre = [lib.valid(c.left), lib.valid(c.right)]
    focus = [f"{p}(v)", f"{q}(v)"]
    if c.lfield == c.rfield and c.lfield in lib.ordered:
        d = c.lfield
        both = f"{p}(v_1) & {q}(v_2)"
        focus += [f"E(v_1, v_2) {both} & {lib.dle(d, 'v_1', 'v_2')}", f"E(v_1, v_2) {both} & {lib.dle(d, 'v_2', 'v_1')}"]
        pre.append(f"(E(v_1, v_2) {both} & {order_test(c.op, lib.dle(d, 'v_1', 'v_2'), lib.dle(d, 'v_2', 'v_1'))})")
    name = f"Data_Cond_{p}_{c.lfield}_{_OPS[c.op]}_{q}_{c.rfield}"
    return Act(name, f"{c.left}->{c.lfield} {c.op} {c.right}->{c.rfield}", tuple(focus), _and(pre))


_OPS = {"<": "lt", "<=": "le", "==": "eq", "!=": "ne", ">": "gt", ">=": "ge"}


def cross_field_conds(lib: Library, c: ir.DataCond) -> List[Act]:
    """``left->d OP right->e`` for two different fields (both valid): decided where both data are
    known constants (the fields share their keys: :func:`_shared_keys`), else taken as an
    over-approximation (no order across fields)."""
    assert c.right is not None and c.lfield is not None and c.rfield is not None, "two cells' fields"
    act, lf, rf = node_data_cond(lib, c), c.lfield, c.rfield
    if c.left == c.right and rf in lib.same_cell_of(lf):
        return [same_cell_cond(lib, c, act)]
    p, q = lib.v(c.left), lib.v(c.right)
    left = [k for k in lib.keys.get(lf, ()) if isinstance(k, int)]
    right = [k for k in lib.keys.get(rf, ()) if isinstance(k, int)]

    def both(a: int, b: int) -> str:
        return f"((E(v_1) {p}(v_1) & {lib.eq(lf, a, 'v_1')}) & (E(v_2) {q}(v_2) & {lib.eq(rf, b, 'v_2')}))"
    holds = _or([both(a, b) for a in left for b in right if ir.holds(a, c.op, b)])
    known = _or([both(a, b) for a in left for b in right])
    focus = act.focus + tuple(f"{p}(v) & {lib.eq(lf, a)}" for a in left) + \
        tuple(f"{q}(v) & {lib.eq(rf, b)}" for b in right)
    pre = act.pre or ""
    out = [dataclasses.replace(act, focus=focus, pre=_and([pre, holds]))] if holds != "0" else []
    unknown = f"!{known}" if known != "0" else ""
    return out + [dataclasses.replace(act, name=ABSTRACTED + act.name, focus=focus, pre=_and([pre, unknown]))]


def same_cell_cond(lib: Library, c: ir.DataCond, act: Act) -> Act:
    """``p->d OP p->e`` for two fields of one cell: exact through ``fle``."""
    p, d, e = lib.v(c.left), str(c.lfield), str(c.rfield)
    de, ed = lib.fle(d, e, "v_1"), lib.fle(e, d, "v_1")
    test = order_test(c.op, de, ed)
    focus = act.focus + (f"{p}(v) & {lib.fle(d, e)}", f"{p}(v) & {lib.fle(e, d)}")
    return dataclasses.replace(act, focus=focus, pre=_and([act.pre or "", f"(E(v_1) {p}(v_1) & {test})"]))


def value_data_cond(lib: Library, c: ir.DataCond, value: Value, guard: Optional[Tuple[str, int]] = None,
                    unkeyed: bool = False) -> Act:
    """``left->d OP value`` (left valid): refined by d's eq predicates when it has them.
    ``unkeyed``: the branch taken when left->d is none of d's keys, where an order test with a
    constant goes both ways. A test that is not exact is named as an over-approximation."""
    p, d = lib.v(c.left), c.lfield
    assert d is not None, "a condition on a field"
    test, exact = _value_test(lib, c, value, unkeyed)
    focus = [f"{p}(v)"] + ([lib.val(*guard)] if guard else [])
    strict = strict_key(lib, d, c.op, value)
    if strict is not None:
        focus.append(f"{p}(v) & {lib.lt(d, strict)}")
    elif exact and value is not None:
        if c.op in ("==", "!=") or value in lib.bounds.get(d, ()):
            focus.append(f"{p}(v) & {lib.eq(d, value)}")
        if c.op not in ("==", "!=") and value in lib.bounds.get(d, ()):
            focus.append(f"{p}(v) & {lib.lt(d, int(value))}")
    pre = [lib.valid(c.left)] + ([lib.val(*guard)] if guard else [])
    if test != "1":
        pre.append(f"(E(v_1) {p}(v_1) & {test})")
    shown = guard[0] if guard else ("?" if value is None else value)
    name = f"Data_Cond_{p}_{d}_{_OPS[c.op]}_{_key_name(value)}" + (f"_{guard[0]}" if guard else "")
    name = name if exact else ABSTRACTED + name + ("_unkeyed" if unkeyed else "")
    return Act(name, f"{c.left}->{d} {c.op} {shown}" + (f" [{guard[0]} == {guard[1]}]" if guard else ""),
               tuple(focus), _and(pre))


def strict_key(lib: Library, d: str, op: str, value: Value) -> Optional[int]:
    """The bound K of d with ``d OP value`` equal to ``d < K`` or its negation (``d > 500``: 501,
    :func:`~tvla.cfront.ir.order_bound`: for integers ``d <= c`` is ``d < c + 1`` whatever their
    type), or None."""
    k = ir.order_bound(op, value) if isinstance(value, int) else None
    return k if k in lib.bounds.get(d, ()) else None


def _value_test(lib: Library, c: ir.DataCond, value: Value, unkeyed: bool) -> Tuple[str, bool]:
    """The test of ``v_1->d OP value`` through d's bounds or eq predicates, and whether it is exact."""
    d = str(c.lfield)
    strict = strict_key(lib, d, c.op, value)
    if strict is not None:
        below = lib.lt(d, strict, "v_1")
        return (below if c.op in ("<", "<=") else f"!{below}"), True
    keys = lib.keys.get(d, ())
    consts = [k for k in keys if isinstance(k, int)]
    if value is None or value not in keys or isinstance(value, str) and c.op not in ("==", "!="):
        return "1", False
    if c.op in ("==", "!="):
        return (lib.eq(d, value, "v_1") if c.op == "==" else f"!{lib.eq(d, value, 'v_1')}"), True
    if value in lib.bounds.get(d, ()):
        assert isinstance(value, int), "a bound is a constant"
        below, equal = lib.lt(d, value, "v_1"), lib.eq(d, value, "v_1")
        return {"<": below, "<=": f"({below} | {equal})", ">": f"(!{below} & !{equal})", ">=": f"!{below}"}[c.op], True
    if unkeyed:
        return _not_any(lib, d, consts), False
    assert isinstance(value, int), "an order test with a constant key"
    return _or([lib.eq(d, k, "v_1") for k in consts if ir.holds(k, c.op, value)]), True


def value_data_conds(lib: Library, c: ir.DataCond, value: Value, guard: Optional[Tuple[str, int]] = None
                     ) -> List[Act]:
    """The alternatives of ``left->d OP value``: exact on cells whose d is a key, and, for an order
    test with a constant, an over-approximation on the other cells."""
    acts = [value_data_cond(lib, c, value, guard)]
    d = str(c.lfield)
    if isinstance(value, int) and c.op not in ("==", "!=") and value in lib.keys.get(d, ()) \
            and value not in lib.bounds.get(d, ()) and strict_key(lib, d, c.op, value) is None:
        acts.append(value_data_cond(lib, c, value, guard, unkeyed=True))
    return acts


def _not_any(lib: Library, d: str, keys: Sequence[Key]) -> str:
    """None of d's eq[d,k] for ``keys`` holds at v_1."""
    return "1" if not keys else f"!{_or([lib.eq(d, k, 'v_1') for k in keys])}"


def other_outcome(lib: Library, c: ir.DataCond) -> Optional[bool]:
    """Whether ``k OP c`` holds for flag k's "another value", when c is a constant the side of
    k's other values decides (:meth:`Library.other_holds`); None otherwise."""
    return lib.other_holds(c.left, c.op, c.value) if isinstance(c.value, int) else None


def int_cond(lib: Library, c: ir.DataCond) -> Act:
    """``k OP value`` for a flag variable k (a value or another flag) or a symbolic one with
    regions (a constant); other int conditions go both ways, named as over-approximations (a
    witness through them is not an execution)."""
    k, value = c.left, c.value
    name = f"Int_Cond_{_sanitize(k)}_{_OPS[c.op]}_{_key_name(value) if value is not None else 'any'}"
    title = f"{k} {c.op} {'?' if value is None else value}"
    own = lib.regions.get(k, lib.flags.get(k))   # a region is on one side of each of its constants
    if own is None:   # a symbolic value: both ways, an over-approximation
        return Act(ABSTRACTED + name, title)
    beyond = other_outcome(lib, c)   # None unless k's other values are on one side of value
    if isinstance(value, int):
        assert k not in lib.regions or value in own, "a constant a symbolic variable is compared with is its own"
        pairs = [lib.val(k, a) for a in own if ir.holds(a, c.op, value)] + ([lib.val(k, None)] if beyond else [])
    elif isinstance(value, str) and value in lib.flags and k in lib.flags:
        pairs = [f"{lib.val(k, a)} & {lib.val(value, b)}" for a in own for b in lib.flags[value]
                 if ir.holds(a, c.op, b)]
    else:
        return Act(ABSTRACTED + name, title)
    focus = tuple(lib.val(k, a) for a in own) + ((lib.val(k, None),) if beyond is not None else ())
    if isinstance(value, str):
        focus += tuple(lib.val(value, b) for b in lib.flags[value])
    return Act(name, title, focus, _or([f"({p})" for p in pairs]))


# ----------------------------------------------------------------------------- tallies

def tally(lib: Library, s: ir.Tally) -> Act:
    """After ``k += 1``: the first of ``s.vars`` pointing to a cell k has not counted gets counted;
    after ``k -= 1``, the first pointing to a counted one is no longer; none: the tally is lost."""
    k, t = s.counter, lib.tally(s.counter)
    neg = "!" if s.delta > 0 else ""   # the cells that may move: not counted, or counted
    fits = [f"(E(v_1) {lib.v(x)}(v_1) & {neg}{t}(v_1))" for x in s.vars]
    picks = [_and([f"{lib.v(x)}(v)", f"{neg}{t}(v)"] + [f"!{f}" for f in fits[:i]]) for i, x in enumerate(s.vars)]
    kept = f"!{lib.tally_lost(k)}"   # a lost tally marks nothing: its marks would only split cells
    new = f"{t}(v) | ({kept} & {_or(picks)})" if s.delta > 0 else f"{t}(v) & !{_or(picks)}"
    updates = ((f"{t}(v)", new), (lib.tally_lost(k), f"{lib.tally_lost(k)} | {_and(['!' + f for f in fits])}"))
    name = "_".join(["Tally" if s.delta > 0 else "Untally", _sanitize(k)] + [lib.v(x) for x in s.vars])
    verb = "counts" if s.delta > 0 else "no longer counts"
    return Act(name, f"{k} {verb} the cell of {' or '.join(s.vars) or 'no variable'}", updates=updates)


def tally_write(lib: Library, k: str, act: Act, source: Optional[str] = None, reset: bool = False) -> Act:
    """``act``, a write of the tallied counter ``k``, also writing its tally: empty and kept
    (``reset``: k = 0), a copy of ``source``'s (k = source), else empty and lost."""
    if source is not None and source in lib.tallies:
        ups = [(f"{lib.tally(k)}(v)", f"{lib.tally(source)}(v)"), (lib.tally_lost(k), lib.tally_lost(source))]
    else:   # a reset count is its base only where its group dropped none of their cells
        ups = [(f"{lib.tally(k)}(v)", "0"), (lib.tally_lost(k), (lib.tally_dropped(k) or "0") if reset else "1")]
    return dataclasses.replace(act, updates=act.updates + tuple(ups))


def _at_least(n: int, member: Callable[[str], str], prefix: str) -> str:
    """At least ``n`` distinct cells are members."""
    vs = [f"{prefix}_{i}" for i in range(1, n + 1)]
    if not vs:
        return "1"
    distinct = [f"{a} != {b}" for i, a in enumerate(vs) for b in vs[i + 1:]]
    return f"(E({', '.join(vs)}) " + " & ".join([member(v) for v in vs] + distinct) + ")"


def _exactly(n: int, member: Callable[[str], str], prefix: str) -> str:
    if n < 0:
        return "0"
    return f"({_at_least(n, member, prefix)} & !{_at_least(n + 1, member, prefix)})"


def tally_cond(lib: Library, c: ir.TallyCond) -> Act:
    """The branch where ``left OP right + offset`` holds, cut where both tallies are kept and they
    decide it fails: left - right is |L \\ R| - |R \\ L| plus the difference of their bases (an
    order test: none in all)."""
    k = effective_offset(c, lib.tally_base) if decidable(c, lib.tally_base) else None
    right = _sanitize(c.right) if c.right is not None else "const"
    title = f"{c.left} {c.op} {c.right or 0} + {c.offset} (by the cells counted)"
    if k is None:
        return Act(f"Tally_Cond_{_sanitize(c.left)}_{_OPS[c.op]}_{right}_any", title)   # no cut
    fails = _tally_fails(lib, c, k)   # where the marks say the test fails
    dropped = lib.tally_dropped(c.left) if c.right is None else None   # a constant: no cells dropped
    kept = " & ".join([f"!{lib.tally_lost(x)}" for x in c.counters()] + ([f"!{dropped}"] if dropped else []))
    name = f"Tally_Cond_{_sanitize(c.left)}_{_OPS[c.op]}_{right}_{const_name(c.offset)}"
    return Act(name, title, pre=f"!({kept} & {fails})")


def _tally_fails(lib: Library, c: ir.TallyCond, k: int) -> str:
    """Where the marks of ``c``'s counters say ``|L| op |R| + k`` fails (a constant: ``|L| op k``)."""
    a = lib.tally(c.left)
    if c.right is None:
        def marked(w: str) -> str:
            return f"{a}({w})"
        return {"==": f"!{_exactly(k, marked, 'x')}", "!=": _exactly(k, marked, "x"),
                "<": _at_least(k, marked, "x"), ">=": f"!{_at_least(k, marked, 'x')}",
                "<=": _at_least(k + 1, marked, "x"), ">": f"!{_at_least(k + 1, marked, 'x')}"}[c.op]
    b = lib.tally(c.right)

    def only_a(w: str) -> str:
        return f"{a}({w}) & !{b}({w})"

    def only_b(w: str) -> str:
        return f"{b}({w}) & !{a}({w})"
    none_a, none_b = f"!{_at_least(1, only_a, 'x')}", f"!{_at_least(1, only_b, 'x')}"
    one_a, one_b = _exactly(1, only_a, "x"), _exactly(1, only_b, "x")
    # the differences counted where one of them is empty or holds one cell (an individual one: on
    # a summary node "exactly one" is 1/2), as when each counter marked one cell the other did not
    # (cnt marks the cells before the last, n those after the first: cnt == n - 1)
    equal = f"(({none_b} & {_exactly(k, only_a, 'x')}) | ({one_b} & {_exactly(k + 1, only_a, 'x')}))" if k >= 0 \
        else f"(({none_a} & {_exactly(-k, only_b, 'x')}) | ({one_a} & {_exactly(1 - k, only_b, 'x')}))"
    differ = f"(({none_b} & !{_exactly(k, only_a, 'x')}) | ({none_a} & !{_exactly(-k, only_b, 'x')})" \
        f" | ({one_b} & !{_exactly(k + 1, only_a, 'x')}) | ({one_a} & !{_exactly(1 - k, only_b, 'x')}))"

    def gap_at_least(j: int) -> str:   # where the marks say a - b >= j (one of A \ B, B \ A is empty)
        if j > 0:
            return f"({none_b} & {_at_least(j, only_a, 'x')})"
        return none_b if j == 0 else f"({none_b} | ({none_a} & !{_at_least(1 - j, only_b, 'x')}))"

    def gap_at_most(j: int) -> str:   # where they say a - b <= j
        if j < 0:
            return f"({none_a} & {_at_least(-j, only_b, 'x')})"
        return none_a if j == 0 else f"({none_a} | ({none_b} & !{_at_least(j + 1, only_a, 'x')}))"
    return {"==": differ, "!=": equal,
            "<": gap_at_least(k), "<=": gap_at_least(k + 1), ">": gap_at_most(k), ">=": gap_at_most(k - 1)}[c.op]


# ----------------------------------------------------------------------------- building the library

def _statements(cprog: ir.CProgram) -> Iterator[Union[ir.Statement, ir.PtrCond, ir.HeadCond, ir.DataCond, ir.TallyCond]]:
    for e in cprog.edges:
        s = e.stmt
        yield s.cond if isinstance(s, ir.Assume) else s


def _pointer_fields(cprog: ir.CProgram) -> Tuple[List[str], FrozenSet[str], bool]:
    """The pointer fields the statements use (in order), those a Load reads, and whether some Store exists."""
    used: Dict[str, None] = {}
    loaded, store = set(), False
    for s in _statements(cprog):
        if isinstance(s, (ir.Load, ir.Store, ir.StoreNull)):
            used[s.field] = None
        if isinstance(s, ir.Load):
            loaded.add(s.field)
        store = store or isinstance(s, ir.Store)
    return list(used), frozenset(loaded), store


def _int_vars(cprog: ir.CProgram) -> Tuple[Dict[str, Tuple[int, ...]], FrozenSet[str]]:
    """Flag int variables (with values) that a condition or a data statement reads, and symbolic ones."""
    kinds = {iv.name: iv.values for iv in cprog.ints if not iv.register}
    read = set()
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond):
            if s.lfield is None:
                read.add(s.left)
            if isinstance(s.value, str):
                read.add(s.value)
        elif isinstance(s, ir.SetData) and isinstance(s.value, str):
            read.add(s.value)
        elif isinstance(s, ir.ShiftFlag):
            read.add(s.src)
        elif isinstance(s, ir.TallyCond):   # a test only the tallies decide (lower_expr.bounded_cond)
            read.update(s.counters())
    flags = {k: tuple(sorted(set(kinds[k]))) for k in kinds if k in read and kinds[k]}
    return flags, frozenset(k for k in kinds if k in read and not kinds[k])


def _key_order(keys: Iterable[Key]) -> Tuple[Key, ...]:
    """Keys in the library's order: the constants ascending, then the symbolic variables by name."""
    return tuple(sorted(keys, key=lambda k: (isinstance(k, str), k)))


def _given(values: Dict[str, Dict[Key, None]], d: str, value: Key, flags: Dict[str, Tuple[int, ...]],
           symbolic: FrozenSet[str]) -> None:
    """Record that field d is given or compared with ``value``: a constant, a symbolic variable,
    or a flag (each of its values); other variables tell nothing."""
    vs: Sequence[Key] = flags[value] if isinstance(value, str) and value in flags else (value,)
    for v in vs:
        if isinstance(v, int) or v in symbolic:
            values.setdefault(d, {})[v] = None


def _written(cprog: ir.CProgram, flags: Dict[str, Tuple[int, ...]], symbolic: FrozenSet[str]
             ) -> Dict[str, Dict[Key, None]]:
    """The values each int field is written: constants (a flag's values), symbolic variables, and
    0 where ``calloc`` zeroes a cell."""
    written: Dict[str, Dict[Key, None]] = {}
    for s in _statements(cprog):
        if isinstance(s, ir.SetData) and s.value is not None:
            _given(written, s.field, s.value, flags, symbolic)
        elif isinstance(s, ir.Malloc) and s.zeroed:
            for d in cprog.struct(s.struct).int_fields:
                _given(written, d, 0, flags, symbolic)
    return written


def _data_fields(cprog: ir.CProgram, flags: Dict[str, Tuple[int, ...]], symbolic: FrozenSet[str],
                 sorted_fields: Iterable[str], registers: Dict[str, Tuple[str, ...]],
                 written: Dict[str, Dict[Key, None]], strict: Dict[str, FrozenSet[int]]
                 ) -> Tuple[FrozenSet[str], Dict[str, Tuple[Key, ...]]]:
    """The int fields with an order (compared between cells) and their eq keys (a register
    compared with a value gives that value to the fields it holds); ``written``: what
    :func:`_written` gives; ``strict``: the fields whose order tests with constants are bounds
    (:func:`_strict_bounds`), which give those constants no key."""
    ordered: Set[str] = set(sorted_fields)
    values: Dict[str, Dict[Key, None]] = {}   # the values compared with
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and s.lfield is None and s.left in registers and s.value is not None \
                and s.op in ("==", "!="):   # by order: a bound (_register_tested)
            for d in registers[s.left]:
                _given(values, d, s.value, flags, symbolic)
        if isinstance(s, ir.DataCond) and s.lfield is not None:
            if s.right is not None and s.rfield == s.lfield:
                ordered.add(s.lfield)
            elif s.right is None and s.value is not None and (s.op in ("==", "!=") or s.lfield not in strict):
                _given(values, s.lfield, s.value, flags, symbolic)
    held = {d for ds in registers.values() for d in ds}
    for d, vs in written.items():
        # a constant written but never compared with is "none of the keys", unless the order of
        # the field (or of a register holding it) needs to know which constant it is
        if d in values or d in ordered or d in held:
            values.setdefault(d, {}).update((v, None) for v in vs if d in ordered or d in held or isinstance(v, str))
    _shared_keys(cprog, values, written, registers)
    keys = {d: _key_order(vs) for d, vs in values.items() if vs}
    return frozenset(ordered), keys


def _shared_keys(cprog: ir.CProgram, values: Dict[str, Dict[Key, None]], written: Dict[str, Dict[Key, None]],
                 registers: Dict[str, Tuple[str, ...]]) -> None:
    """Fields whose data meet share their keys, along chains: one copied into the other
    (``p->e = q->d``), both held by one register (``v = p->e; p->d = v``), or compared with each
    other (``p->d != p->e``, whose fields also take every constant they are written as keys), so
    that which key a datum equals survives the move, and such a comparison is decided."""
    pairs = {(s.sfield, s.dfield) for s in _statements(cprog) if isinstance(s, ir.CopyData) and s.dfield != s.sfield}
    compared = {(s.lfield, s.rfield) for s in _statements(cprog) if isinstance(s, ir.DataCond) and
                s.right is not None and s.lfield is not None and s.rfield is not None and s.lfield != s.rfield}
    for a, b in compared:
        for f in (a, b):
            values.setdefault(f, {}).update((v, None) for v in written.get(f, {}))
    pairs |= compared | {(fs[0], f) for fs in registers.values() for f in fs[1:]}
    changed = True
    while changed:
        changed = False
        for a, b in sorted(pairs):
            for x, y in ((a, b), (b, a)):
                new = [k for k in values.get(y, {}) if k not in values.get(x, {})]
                if new:
                    values.setdefault(x, {}).update((k, None) for k in new)
                    changed = True


def _field_constants(cprog: ir.CProgram, written: Dict[str, Dict[Key, None]]) -> Dict[str, FrozenSet[int]]:
    """The constants each int field may be given: written (:func:`_written`), or copied into a
    register that is written to it."""
    held: Dict[str, Set[int]] = {}   # register -> the constants copied into it
    copies = [(s.dst, s.value) for s in _statements(cprog) if isinstance(s, ir.CopyInt)]
    for _ in range(len(copies) + 1):   # through copies between registers
        for dst, v in copies:
            got = {v} if isinstance(v, int) else set(held.get(v, ()))
            held.setdefault(dst, set()).update(got)
    out = {d: {v for v in vs if isinstance(v, int)} for d, vs in written.items()}
    for s in _statements(cprog):
        if isinstance(s, ir.SetData) and isinstance(s.value, str) and s.value in held:
            out.setdefault(s.field, set()).update(held[s.value])
    return {d: frozenset(vs) for d, vs in out.items()}


def _self_field(cprog: ir.CProgram, struct: str, used: Sequence[str]) -> Optional[str]:
    """The field along which a list of ``struct`` is walked: a used pointer field to the same struct."""
    own = [f for f, target in cprog.struct(struct).pointer_fields if target == struct and f in used]
    for name in ("next", "n", "nxt", "link"):
        if name in own:
            return name
    return own[0] if own else None


def _tree_fields(cprog: ir.CProgram, struct: str, used: Sequence[str], back: Dict[str, Tuple[str, ...]]
                 ) -> Tuple[str, ...]:
    """The forward fields of a tree of ``struct``: its used pointer fields to its own type but
    the back fields, when there are several (``left``, ``right``); none for a list."""
    own = tuple(f for f, target in cprog.struct(struct).pointer_fields
                if target == struct and f in used and f not in back)
    return own if len(own) > 1 else ()


def _owner(cprog: ir.CProgram, d: str) -> Optional[str]:
    return next((s.name for s in cprog.structs if d in s.int_fields), None)


def _sorted_fields(cprog: ir.CProgram, needs: Needs, used: Sequence[str]) -> Dict[str, Tuple[str, str]]:
    """For each sorted(x): the int field and the pointer field of x's list (none: trivially sorted)."""
    compared = {s.lfield for s in _statements(cprog) if isinstance(s, ir.DataCond) and s.right is not None}
    out: Dict[str, Tuple[str, str]] = {}
    ptrs = {p.name: p for p in cprog.pointers}
    for x in needs.sorted:
        if x not in ptrs:
            raise TvlaError(f"sorted({x}): {x} is not a pointer variable of {cprog.file}")
        st = cprog.struct(ptrs[x].struct)
        ints = [d for d in st.int_fields if d in compared] + list(st.int_fields)
        n = _self_field(cprog, st.name, used)
        if ints and n:
            out[x] = (ints[0], n)
    return out


BACK_NAMES = ("prev", "previous", "pred", "back", "parent", "up", "bwd", "blink", "father", "head", "header", "root")


def own_name(field: str) -> str:
    """A field's own name, lower case (``l.prev`` of a struct embedded as ``l``: ``prev``)."""
    return field.rsplit(".", 1)[-1].lower()


def _back_fields(cprog: ir.CProgram, used: Sequence[str]) -> Dict[str, Tuple[str, ...]]:
    """The back fields of the used ones, with the forward fields they invert: a field to its own
    struct named as a back pointer (``prev``, ``parent``, ...) beside other used fields to the
    same struct, one of which some store links (a ``prev`` beside a ``next`` that only ever holds
    NULL is the list's one link), but a ``head`` or ``root`` whose value is stored into a forward
    field (``s->next = o->head; o->head = s`` starts a sub-list); and two unnamed fields that the
    stores link both ways (:func:`_mutual_fields`).  Reachability, sharing and cyclicity follow
    the forward fields only (a doubly linked list or a tree with parent pointers is not one big
    cycle), and ``inv[f,b]`` records that b inverts f.  The choice only affects precision:
    garbage is still found through every field (:meth:`Library.reach_from`)."""
    back: Dict[str, Tuple[str, ...]] = {}
    roots = _root_fields(cprog)
    stores = {(s.dst, s.field, s.src) for s in _statements(cprog) if isinstance(s, ir.Store)}
    for st in cprog.structs:
        own = [f for f, target in st.pointer_fields if target == st.name and f in used]
        for b in own:
            name = own_name(b)
            if name in BACK_NAMES or name.endswith(("prev", "parent")) or b in roots:
                fwd = tuple(f for f in own if f != b and own_name(f) not in BACK_NAMES and f not in roots)
                if any(f == g for f in fwd for _, g, _ in stores) and \
                        (name not in WEAK_BACK_NAMES or b in roots or not _starts_chain(cprog, b, fwd, stores)):
                    back[b] = tuple(dict.fromkeys(back.get(b, ()) + fwd))
        back.update(_mutual_fields(cprog, [f for f in own if f not in back and own_name(f) not in BACK_NAMES],
                                   stores))
    back.update(_owner_fields(cprog, used))
    return back


WEAK_BACK_NAMES = ("head", "header", "root")   # back pointers to a list's first cell, or a sub-list's start


def _starts_chain(cprog: ir.CProgram, b: str, fwd: Sequence[str], stores: AbstractSet[Tuple[str, str, str]]
                  ) -> bool:
    """A value loaded from ``b`` is stored into a field of ``fwd``: b leads forward.  Registers are
    shared (:mod:`tvla.cfront.coalesce`): only one that every assignment loads from ``b`` counts."""
    defs: Dict[str, Set[bool]] = {}
    for s in _statements(cprog):
        if isinstance(s, (ir.AssignNull, ir.AssignVar, ir.Load, ir.Malloc, ir.LinkRead)):
            defs.setdefault(s.dst, set()).add(isinstance(s, ir.Load) and s.field == b)
    return any(g in fwd and defs.get(src) == {True} for _, g, src in stores)


def _linked_both_ways(stores: AbstractSet[Tuple[str, str, str]], f: str, b: str) -> bool:
    """Some store ``a->f = c`` of two variables has its inverse ``c->b = a`` among the stores."""
    return any((c, b, a) in stores for a, g, c in stores if g == f and a != c)


def _mutual_fields(cprog: ir.CProgram, own: Sequence[str], stores: AbstractSet[Tuple[str, str, str]]
                   ) -> Dict[str, Tuple[str, ...]]:
    """Two fields of a struct to itself, not named as back fields, that the stores link both ways
    (``n->right = h; h->left = n``: a doubly linked list under other names, not a tree): the one
    walked less (fewer loads; the later declared of equals) is the back field of the other.  Not
    where a field is also linked both ways with itself: pointer reversal (Deutsch-Schorr-Waite's
    ``p->left = q`` and later ``q->left = p``) links a tree's fields both ways too."""
    loads = Counter(s.field for s in _statements(cprog) if isinstance(s, ir.Load))
    if any(_linked_both_ways(stores, f, f) for f in own):
        return {}
    for i, f in enumerate(own):
        for b in own[i + 1:]:
            if _linked_both_ways(stores, f, b):
                if loads[b] > loads[f]:
                    f, b = b, f
                return {b: (f,)}
    return {}


def _root_fields(cprog: ir.CProgram) -> FrozenSet[str]:
    """Fields every store gives the value of one and the same variable of ``main`` or global, which
    no other field is given, and one store gives that variable's own cell (``list->first = list;``
    then ``c->first = list`` for every other cell ``c``): a pointer to the list's first cell under
    any name, a back field as ``head`` is."""
    stored: Dict[str, Set[str]] = {}
    itself: Set[str] = set()
    for s in _statements(cprog):
        if isinstance(s, ir.Store):
            stored.setdefault(s.field, set()).add(s.src)
            if s.dst == s.src:
                itself.add(s.field)
    lasting = {p.name for p in cprog.pointers if p.scope in ("global", "main")}
    return frozenset(f for f, srcs in stored.items() if f in itself and len(srcs) == 1 and srcs <= lasting
                     and sum(srcs <= other for other in stored.values()) == 1)


OWNER_NAMES = BACK_NAMES + ("owner", "outer", "container", "bucket", "list", "group")


def _owner_fields(cprog: ir.CProgram, used: Sequence[str]) -> Dict[str, Tuple[str, ...]]:
    """Back fields across struct types: in a struct without a used field to its own type (a data
    cell hanging off a list cell), a used field to a struct that is linked (has a used field to
    its own type) and points back to it by used fields (``c->d = d; d->owner = c``) is a back
    field of those; so is, in a linked struct, such a field named as an owner (``it->owner = b``
    for the items of a bucket's list, which ``b->items`` starts)."""
    linked = {st.name for st in cprog.structs if any(t == st.name and f in used for f, t in st.pointer_fields)}
    back: Dict[str, Tuple[str, ...]] = {}
    for st in cprog.structs:
        for b, target in st.pointer_fields:
            if b not in used or target not in linked or st.name in linked and \
                    (target == st.name or own_name(b) not in OWNER_NAMES):
                continue
            fwd = tuple(f for f, t in cprog.struct(target).pointer_fields if t == st.name and f in used)
            if fwd and all(f not in back for f in fwd):
                back[b] = fwd
    return back


@dataclass(frozen=True)
class Precision:
    """Predicates a library may add for precision at a cost, each off in a coarser run.

    ``successors``: ``nx[d,K]`` (what a cell's successor holds), precise but often costly;
    ``back_sharing``: ``is[b]`` for each back field of a list (two back edges enter a cell: the
    neighbour of a cell unlinked but still pointing at it, as dancing links do), without which that
    neighbour blurs into its segment; in a list whose back links a bug leaves wrong it splits
    every summary; ``field_tests``: ``has[f,x]()`` (:func:`_field_tests`), with which coerce may
    first see a structure is no tree after an update, a breach that stops the run (it is then
    run again without them)."""

    successors: bool = True
    back_sharing: bool = False
    field_tests: bool = True


def _kept_ints(cprog: ir.CProgram, ordered: AbstractSet[str], keys: Dict[str, Tuple[Key, ...]],
               bounds: Dict[str, Tuple[int, ...]], same_cell: Tuple[Tuple[str, str], ...]) -> Dict[str, Tuple[str, ...]]:
    """Per struct, the int fields the library keeps: ordered, with keys or bounds, or compared with
    another field of the same cell."""
    paired = {d for pair in same_cell for d in pair}
    return {st.name: tuple(d for d in st.int_fields if d in ordered or keys.get(d) or bounds.get(d) or d in paired)
            for st in cprog.structs}


def _orders(cprog: ir.CProgram, ordered: AbstractSet[str], observed: AbstractSet[str], used: Sequence[str],
            back: Dict[str, Tuple[str, ...]]) -> Tuple[Dict[str, str], Dict[str, Tuple[str, ...]]]:
    """Per ordered field, the pointer field of its struct's list (``inOrder`` runs along it) and,
    for one whose order the program observes in a tree, the tree's fields."""
    in_order: Dict[str, str] = {}
    tree_order: Dict[str, Tuple[str, ...]] = {}
    for d in sorted(ordered):
        owner = _owner(cprog, d)
        n = _self_field(cprog, owner, used) if owner else None
        if n:
            in_order[d] = n
        tree = _tree_fields(cprog, owner, used, back) if owner and n and d in observed else ()
        if tree:
            tree_order[d] = tree
    return in_order, tree_order


def build_library(cprog: ir.CProgram, needs: Needs, precision: Precision = Precision()) -> Library:
    """The library of ``cprog`` for ``needs``: only the predicates its statements and properties use,
    and those of ``precision``."""
    used, loaded, store = _pointer_fields(cprog)
    sorted_field = _sorted_fields(cprog, needs, used)
    flags, symbolic = _int_vars(cprog)
    others = frozenset(iv.name for iv in cprog.ints if iv.other and iv.name in flags)
    registers = _registers(cprog)
    written = _written(cprog, flags, symbolic)
    spoilt = _spoilt(cprog, flags, symbolic, registers)   # at least: regions are of symbolic variables
    strict = _strict_bounds(cprog, flags, registers, written, symbolic, spoilt)
    ordered, keys = _data_fields(cprog, flags, symbolic, [d for d, _ in sorted_field.values()], registers, written,
                                 strict)
    var = _rename_apart([p.name for p in cprog.pointers], RESERVED)
    fld = _rename_apart(used, set(RESERVED) | {"all"} | set(var.values()))
    back, cross = _back_fields(cprog, used), _cross_fields(cprog, fld)
    mallocs = [s for s in _statements(cprog) if isinstance(s, ir.Malloc)]
    allocated = list(dict.fromkeys(s.struct for s in mallocs))
    observed, ordered = ordered, ordered | {d for ds in registers.values() for d in ds}
    constants = _field_constants(cprog, written)
    loops = _loop_fields(cprog, used, back)
    regions, keys, bounds = _regions(cprog, keys, ordered, flags, symbolic, registers, constants, strict)
    same_cell = _same_cell(cprog)
    ints_of = _kept_ints(cprog, ordered, keys, bounds, same_cell)
    in_order, tree_order = _orders(cprog, ordered, observed, used, back)
    ring = _sentinels(cprog, fld, back, cross) if ordered else NO_RING
    bases = tally_bases(cprog)
    tallies = frozenset(k for k in tallied(cprog, bases) if k in others)
    fields_of = {st.name: tuple(f for f, _ in st.pointer_fields if f in fld) for st in cprog.structs}
    return Library(needs, var, fld, fields_of, loaded, tuple(allocated) if len(allocated) > 1 else (), ints_of,
                   ordered, keys, in_order, flags, symbolic,
                   tuple(p.name for p in cprog.pointers if not p.initialised), store, sorted_field,
                   back,
                   frozenset(s.var for s in _statements(cprog) if isinstance(s, ir.Kill) and not (s.scope_end or s.final)),
                   registers, others, _succ_fields(cprog, keys, used, back) if precision.successors else {},
                   frozenset(iv.name for iv in cprog.ints if iv.register), cross,
                   any(s.on_stack for s in mallocs), _handle_fields(cprog, cross),
                   {iv.name: iv.range for iv in cprog.ints if iv.range is not None and (iv.name in flags or iv.register)},
                   bounds, constants,
                   _compared_with(cprog, registers), ring.fields, ring.heads,
                   regions, frozenset(iv.name for iv in cprog.ints if iv.ordered and iv.name in flags),
                   {iv.name: iv.spare for iv in cprog.ints if iv.spare is not None and iv.name in flags},
                   loops, {iv.name: iv.names for iv in cprog.ints if iv.names and iv.name in flags},
                   precision.back_sharing, _register_pairs(cprog, registers),
                   _order_observed(cprog, observed, registers), same_cell,
                   {iv.name: iv.beyond for iv in cprog.ints if iv.beyond and iv.name in others},
                   nested_fields(cprog, set(used), set(back) | loops), tree_order=tree_order,
                   tallies=tallies, tally_base=bases, tally_group=tally_groups(cprog, tallies, bases),
                   before=_ring_ends(cprog, set(in_order.values())) if store else (),
                   behind=_back_ends(cprog, back) if store else (),
                   tested=_field_tests(cprog, [f for f in fld if f not in back]) if precision.field_tests else (),
                   stack_ring=ring.stack, heap_heads=ring.heap,
                   outside=tuple(dict.fromkeys(f for s in mallocs for f in s.outside)),
                   field_ranges=_field_ranges(cprog),
                   links=tuple(k for k in cprog.links if _link_kept(k, flags, var, fld)),
                   value_ranges={iv.name: iv.range for iv in cprog.ints if iv.range is not None and iv.name in symbolic},
                   member_heads=any(s.member_head for s in mallocs),
                   shown={p.name: c_words(p.cname) for p in cprog.pointers if p.cname},
                   functions={_sanitize(f): {0: "NULL", **dict(cprog.function_names)}
                              for st in cprog.structs for f in st.function_fields})


ELEMENT = re.compile(r"__(\d+)")


def c_words(cname: str) -> str:
    """A variable's C name as C writes it: an array element the arrays pass made a variable of,
    ``heads__0``, is ``heads[0]``."""
    return ELEMENT.sub(r"[\1]", cname)


def _ring_ends(cprog: ir.CProgram, ordered: Set[str]) -> Tuple[Tuple[str, str], ...]:
    """(f, x) for each list field f of a data order and pointer variable x (no temporary) that a
    test compares with a variable an f field is read into (``p->next != h``: the walk of a ring
    that starts at h, be h's cell on the heap or a list's head standing alone).  The cell before
    x's then stays apart from the cells between (``pre[f,x]``): in a sorted ring it is the one
    cell not below its successor, and merged with the others it made all of them unordered.
    (The variable read into may be a named one: coalescing gives temporaries the name of a
    callee's local.)"""
    loads: Dict[str, Dict[str, None]] = {}
    for e in cprog.edges:
        if isinstance(e.stmt, ir.Load) and e.stmt.field in ordered:
            loads.setdefault(e.stmt.dst, {}).setdefault(e.stmt.field)
    temps = cprog.temps
    out: Dict[Tuple[str, str], None] = {}
    for e in cprog.edges:
        c = e.stmt.cond if isinstance(e.stmt, ir.Assume) else None
        if not isinstance(c, ir.PtrCond) or c.right is None:
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if b not in temps:
                out.update(((f, b), None) for f in loads.get(a, ()))
    return tuple(out)


def _back_ends(cprog: ir.CProgram, back: Dict[str, Tuple[str, ...]]) -> Tuple[Tuple[str, str], ...]:
    """(b, x) for each back field b of one forward field and each pointer variable x (no temporary)
    whose b the program reads or writes (``q = c->prev``, ``c->prev = p``), or that is copied into
    such a variable (``x = tmp``).  The cell x's b points to is the one before x's, or the one x was
    unlinked from: the program reaches it through x and needs no variable for it, as a singly linked
    list would.  Unnamed, it merged with the cells next to it.  In an insertion sort in place it is
    the one whose order against its successor is unknown (the sorted part's last cell, before the
    next cell to insert and left behind by it; the cell a backward scan stops at): merged, it made
    them all unordered, and a forward scan that must stop at it (``while (q->d <= c->d) q =
    q->next;`` stops at the latest at c's old predecessor) could run past the list's end.  A list
    reversed by ``x->next = x->prev; x = tmp;`` once its head is dead reaches its reversed part only
    through the b of the cell the walk stands on: with the edge into a summary 1/2, every cell of
    that part seemed lost.  ``bk[b,x]`` keeps it apart."""
    backs = {b for b, fs in back.items() if len(fs) == 1}
    temps = cprog.temps
    out: Dict[Tuple[str, str], None] = {}
    for s in _statements(cprog):
        if isinstance(s, ir.Load):
            x, field = s.src, s.field
        elif isinstance(s, (ir.Store, ir.StoreNull)):
            x, field = s.dst, s.field
        else:
            continue
        if field in backs and x not in temps:
            out.setdefault((field, x))
    copies = [s for s in _statements(cprog) if isinstance(s, ir.AssignVar) and s.src not in temps]
    grown = True
    while grown:   # a variable copied into one of them: its cell's b is read through that one
        grown = False
        for s in copies:
            for b in backs:
                if (b, s.dst) in out and (b, s.src) not in out:
                    out[(b, s.src)] = None
                    grown = True
    return tuple(out)


def _field_tests(cprog: ir.CProgram, forward: Sequence[str]) -> Tuple[Tuple[str, str], ...]:
    """(f, x) for each forward field f and pointer variable x (no temporary) whose f a test compares
    with NULL (``while (n->left && n->right)``, read into a temporary), with two forward fields or more.
    ``has[f,x]()`` then keeps apart the structures where x's f is set from those where it is not: the
    join merged them, and after ``if (n->left == NULL) n->left = c; else n->right = c;`` the right
    child the loop test had ruled out was 1/2, its cut a lost subtree."""
    if len(forward) < 2:
        return ()
    temps = cprog.temps
    loaded: Dict[str, Dict[Tuple[str, str], None]] = {}
    for e in cprog.edges:
        s = e.stmt
        if isinstance(s, ir.Load) and s.dst in temps and s.src not in temps and s.field in forward:
            loaded.setdefault(s.dst, {}).setdefault((s.field, s.src))
    out: Dict[Tuple[str, str], None] = {}
    for e in cprog.edges:
        c = e.stmt.cond if isinstance(e.stmt, ir.Assume) else None
        if isinstance(c, ir.PtrCond) and c.right is None:
            for pair in loaded.get(c.left, ()):
                out.setdefault(pair)
    return tuple(out)


def _order_observed(cprog: ir.CProgram, ordered: FrozenSet[str], registers: Dict[str, Tuple[str, ...]]
                    ) -> FrozenSet[str]:
    """The int fields whose order some test reads: ``ordered`` (compared between cells, sorted) and
    the fields of a register compared with a cell or with another register.  The order of the
    other fields (a register's, to carry its data) is never tested, so any place a witness gives a
    datum in it is harmless (:func:`free_field`)."""
    out = set(ordered)
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and isinstance(s.value, str) and s.value in registers:
            out.update(registers[s.value])
            out.update([s.lfield] if s.lfield is not None else registers.get(s.left, ()))
    return frozenset(out)


def _same_cell(cprog: ir.CProgram) -> Tuple[Tuple[str, str], ...]:
    """(d, e), d < e, for each two int fields a test compares in one cell (``p->lo <= p->hi``)."""
    return tuple(sorted({tuple(sorted((s.lfield, s.rfield))) for s in _statements(cprog)  # type: ignore[misc]
                         if isinstance(s, ir.DataCond) and s.right == s.left and s.lfield is not None
                         and s.rfield is not None and s.lfield != s.rfield}))


def _register_pairs(cprog: ir.CProgram, registers: Dict[str, Tuple[str, ...]]) -> Tuple[Tuple[str, str, str], ...]:
    """(d, x, y), x < y, for each two registers a test compares (``a > b``), both holding d, for
    two registers holding d where one is copied into the other (``b = a; p->d = b;``: the cell's
    order against ``a`` is then known), and for the registers copied into one of a pair and the
    other (``p = dequeue()`` copies the callee's ``prio``: its order against ``last`` is then
    known when the copy is made)."""
    out: Dict[Tuple[str, str, str], None] = {}

    def add(d: str, x: str, y: str) -> bool:
        a, b = sorted((x, y))
        if x == y or (d, a, b) in out or d not in registers.get(x, ()) or d not in registers.get(y, ()):
            return False
        out[(d, a, b)] = None
        return True

    def pair(x: str, y: str) -> None:   # on the first field both hold
        shared = [d for d in registers.get(x, ()) if d in registers.get(y, ())]
        if shared:
            add(shared[0], x, y)
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and s.lfield is None and isinstance(s.value, str) and s.value in registers:
            pair(s.left, s.value)
    copies = [(s.dst, s.value) for s in _statements(cprog) if isinstance(s, ir.CopyInt) and isinstance(s.value, str)]
    for dst, src in copies:
        pair(dst, src)
    grown = True
    while grown:
        grown = False
        for dst, src in copies:
            for d, x, y in list(out):
                if dst in (x, y):
                    grown = add(d, src, y if dst == x else x) or grown
    return tuple(sorted(out))


def _loop_fields(cprog: ir.CProgram, used: Sequence[str], back: Dict[str, Tuple[str, ...]]) -> FrozenSet[str]:
    """The forward fields a statement sets to their own cell (``p->opt = p``), when reachability
    follows several fields: such a self-loop puts its cell on a cycle (``c[T]``) and makes it
    shared (``is[T]``) though no path uses it, which wrecks the list shape around it (every cut
    recomputes the closure, a list of such cells loses its order); left out of ``edge[all]`` and
    kept by the unary ``self[f](v)``, which blur keeps on a summary node where the binary edge
    would be 1/2."""
    forward = [f for f in used if f not in back]
    if len(forward) < 2:
        return frozenset()
    return frozenset(s.field for s in _statements(cprog)
                     if isinstance(s, ir.Store) and s.src == s.dst and s.field in forward)


@dataclasses.dataclass(frozen=True)
class Ring:
    """What :func:`_sentinels` finds: the forward fields whose edges out of a ring's head t[T]
    leaves out, the number of such heads, whether struct variables' cells are heads, and the
    variables whose heap cell is one."""

    fields: FrozenSet[str] = frozenset()
    heads: int = 0
    stack: bool = False
    heap: FrozenSet[str] = frozenset()


def _sentinels(cprog: ir.CProgram, fld: Dict[str, str], back: Dict[str, Tuple[str, ...]],
               cross: FrozenSet[str]) -> Ring:
    """The heads of rings whose edges out t[T] leaves out: a struct variable's cell whose
    address the program stores into a forward field to a cell's own type (a list closed into
    a ring through a head: ``LIST_HEAD``, ``n->next = &head``), and a heap cell closed so
    (``h->next = h``) whose variable holds nothing else (:func:`_heap_heads`).  Through the
    head every cell of a ring reaches every other, so reachability would not tell the cells
    behind a walk from those ahead of it (a bubble sort's sorted end); without the head's edges
    it does.  Only when each head is made once (not in a loop): :meth:`Library.reach_from` then
    finds every cell a path through the heads reaches in as many steps.  Only for programs that
    order cells by their data (a sort's passes): elsewhere the ring's reachability decides as
    much, and the analysis without the data (:mod:`tvla.cfront.dataless`) keeps it, which proves
    memory safety in a fraction of the time."""
    stmts = list(_statements(cprog))
    forward = [f for f in fld if f not in back and f not in cross]
    stored = {s.src for s in stmts if isinstance(s, ir.Store) and s.field in forward}
    cells = [e for e in cprog.edges if isinstance(e.stmt, ir.Malloc) and e.stmt.on_stack]
    stack = bool(_copies(stmts, {s.dst for s in stmts if isinstance(s, ir.Malloc) and s.on_stack}) & stored)
    on_cycle = ir.on_cycles(cprog.edges)
    if stack and (len(cells) > MAX_STACK_ROOTS or any(map(on_cycle, cells))):
        return NO_RING
    on_stack = len(cells) if stack else 0
    heap = {x: e for x, e in _heap_heads(cprog, stmts).items() if _copies(stmts, {x}) & stored and not on_cycle(e)}
    if on_stack + len(heap) > MAX_STACK_ROOTS:
        heap = {}
    heads = on_stack + len(heap)
    return Ring(frozenset(forward), heads, stack, frozenset(heap)) if heads else NO_RING


def _copies(stmts: Sequence[object], holders: Set[str]) -> Set[str]:
    """``holders`` and the variables copies of them reach (``p = &head; q = p``)."""
    out = set(holders)
    grown = True
    while grown:
        more = {s.dst for s in stmts if isinstance(s, ir.AssignVar) and s.src in out} - out
        out |= more
        grown = bool(more)
    return out


def _heap_heads(cprog: ir.CProgram, stmts: Sequence[object]) -> Dict[str, ir.Edge]:
    """Each variable that only one ``malloc`` on the heap gives a cell, and nothing else but
    NULL, which a test compares with another pointer (``p->next != h``: a walk stops at it,
    its cell is where a ring starts), with that malloc's edge."""
    made: Dict[str, List[ir.Edge]] = {}
    for e in cprog.edges:
        if isinstance(e.stmt, ir.Malloc) and not e.stmt.on_stack:
            made.setdefault(e.stmt.dst, []).append(e)
    other = {s.dst for s in stmts if isinstance(s, (ir.AssignVar, ir.Load))}
    temps = cprog.temps
    tested = {x for s in stmts if isinstance(s, ir.PtrCond) and s.right is not None for x in (s.left, s.right)}
    return {x: es[0] for x, es in made.items()
            if len(es) == 1 and x not in other and x not in temps and x in tested}


MAX_STACK_ROOTS = 3   # the reach formula doubles with each
NO_RING = Ring()



def _order_tests(cprog: ir.CProgram, flags: Dict[str, Tuple[int, ...]]) -> Iterator[Tuple[ir.DataCond, Key]]:
    """Each test of a field against a value by order (``p->d > 0``) with each value it compares
    with: the constant, a flag's values, or the name of another int variable."""
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and s.lfield is not None and s.right is None and s.op not in ("==", "!=") \
                and s.value is not None:
            for v in flags[s.value] if isinstance(s.value, str) and s.value in flags else (s.value,):
                yield s, v


def _order_tested(cprog: ir.CProgram, flags: Dict[str, Tuple[int, ...]], strict: Dict[str, FrozenSet[int]]
                  ) -> Dict[str, Set[int]]:
    """The constants each int field is compared with by an order (``p->d > 0``; a flag: its
    values), or its strict bounds (:func:`_strict_bounds`)."""
    tested: Dict[str, Set[int]] = {}
    for s, v in _order_tests(cprog, flags):
        tested.setdefault(str(s.lfield), set()).update([v] if isinstance(v, int) else [])
    return {d: set(strict.get(d, cs)) for d, cs in tested.items()}


def _strict_bounds(cprog: ir.CProgram, flags: Dict[str, Tuple[int, ...]], registers: Dict[str, Tuple[str, ...]],
                   written: Dict[str, Dict[Key, None]], symbolic: FrozenSet[str],
                   spoilt: AbstractSet[str]) -> Dict[str, FrozenSet[int]]:
    """For each int field tested by order only against constants (or flags), the bounds that make
    each test one ``lt[d,K]`` (``p->d > 500``: 501, :func:`~tvla.cfront.ir.strict_bound`) with no eq
    key: a key beside its bound made three places of a datum where two decide the test.  Not for a
    field a register holds (a constant copied into the register is placed by keys that are bounds,
    :func:`_placed_by_region`), nor one given or compared with a symbolic value (whose regions
    lie between the constants tested), nor one that cannot have bounds (:func:`_boundable`, of a
    wide type of either sign, not ``spoilt``)."""
    frng = _field_ranges(cprog)
    unfit = {d for ds in registers.values() for d in ds}   # held by a register
    unfit |= {d for d, vs in written.items() if any(isinstance(v, str) for v in vs)}   # given a symbolic value
    unfit |= {str(s.lfield) for s in _statements(cprog) if isinstance(s, ir.DataCond) and s.value in symbolic}
    out: Dict[str, Set[int]] = {}
    for s, v in _order_tests(cprog, flags):
        d = str(s.lfield)
        k = ir.strict_bound(s.op, v, frng.get(d)) if isinstance(v, int) else None
        if k is None:   # a test always or never true for the type, or against a variable
            unfit.add(d)
        else:
            out.setdefault(d, set()).add(k)
    return {d: frozenset(ks) for d, ks in out.items()
            if d not in unfit and _boundable(d, ks, spoilt, frng, signed=False)}


def _register_tested(cprog: ir.CProgram, registers: Dict[str, Tuple[str, ...]],
                     rng: Dict[str, Optional[ir.IntRange]]) -> Dict[str, Set[int]]:
    """For each int field, the bounds that order tests of the registers holding it with constants
    need (``x > 20``: :func:`~tvla.cfront.ir.strict_bound`, 21).  Bounds only, no eq keys (a key
    beside close bounds multiplied the states), and not where the field's bounds are its region
    variables' (:func:`_regions`)."""
    tested: Dict[str, Set[int]] = {}
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and s.lfield is None and s.left in registers and isinstance(s.value, int):
            bound = ir.strict_bound(s.op, s.value, rng.get(s.left))
            if bound is not None:
                for d in registers[s.left]:
                    tested.setdefault(d, set()).add(bound)
    return tested


def _var_constants(cprog: ir.CProgram, symbolic: FrozenSet[str], ranges: Dict[str, Optional[ir.IntRange]]
                   ) -> Dict[str, Set[int]]:
    """The constants each symbolic variable is compared with, for those compared only with values
    of their own type ``ranges[x]`` (``x > 0``: each comparison then compares the values themselves)."""
    out: Dict[str, Set[int]] = {}
    odd: Set[str] = set()
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and s.lfield is None and s.left in symbolic and isinstance(s.value, int):
            rng = ranges.get(s.left)
            if rng is None or s.value not in rng:
                odd.add(s.left)
            out.setdefault(s.left, set()).add(s.value)
    return {x: cs for x, cs in out.items() if x not in odd}


def _spoilt(cprog: ir.CProgram, flags: Dict[str, Tuple[int, ...]], regions: AbstractSet[str],
            registers: Dict[str, Tuple[str, ...]]) -> Set[str]:
    """The int fields that cannot have bounds: a write ties their datum to a value held elsewhere
    whose place among the bounds is not tracked (another field's, a symbolic variable's without
    regions, a register's whose fields are not tracked)."""
    spoilt = set()
    for s in _statements(cprog):
        if isinstance(s, ir.SetData) and isinstance(s.value, str) and s.value not in flags and s.value not in regions \
                and s.value not in registers:
            spoilt.add(s.field)
        elif isinstance(s, ir.CopyData) and s.dfield != s.sfield:
            spoilt.add(s.dfield)
    return spoilt


def _boundable(d: str, consts: AbstractSet[int], spoilt: AbstractSet[str], ranges: Dict[str, ir.IntRange],
               signed: bool = True) -> bool:
    """May field d have the bounds ``consts``: not spoilt, of a wide type (``signed``: a signed one)
    that holds them away from its limits (a datum below, between or above them exists)?  An
    unsigned field may where no register holds it (:func:`_strict_bounds`): a register's loads and
    order tests assume the field's values are the register's."""
    rng = ranges.get(d)
    if d in spoilt or rng is None or signed and not rng.signed or rng.boolean or rng.bits < 16:
        return False
    return all(rng.convert(k - 1) == k - 1 and rng.convert(k + 1) == k + 1 for k in consts)


def _link_kept(link: ir.LinkPointer, flags: Dict[str, Tuple[int, ...]], var: Dict[str, str],
               fld: Dict[str, str]) -> bool:
    """Does the library keep everything link's target is made of (its flag, cell, variables, fields)?"""
    return link.flag in flags and all(name in var if kind == "var" else name in fld and link.cell in var
                                      for kind, name in link.targets)


def _field_ranges(cprog: ir.CProgram) -> Dict[str, ir.IntRange]:
    """The type of each int field that has one type in every struct."""
    kinds: Dict[str, Set[ir.IntRange]] = {}
    for st in cprog.structs:
        for f, r in st.int_ranges:
            kinds.setdefault(f, set()).add(r)
    return {f: rs.pop() for f, rs in kinds.items() if len(rs) == 1}


@dataclass
class _Regions:
    """The constants of symbolic variables with regions and of the fields that hold them."""

    var: Dict[str, Set[int]]     # symbolic variable -> the constants its regions lie between
    field: Dict[str, Set[int]]   # int field -> its constant keys and bounds
    need: Set[str]               # the fields that need bounds: their region keys are ordered by them


def _region_constants(holders: Dict[str, List[str]], keys: Dict[str, Tuple[Key, ...]], ordered: AbstractSet[str],
                      tested: Dict[str, Set[int]], var_consts: Dict[str, Set[int]],
                      constants: Dict[str, FrozenSet[int]]) -> _Regions:
    """Close the constants under what the rules of :meth:`Library._region_rules` need: a variable
    takes every constant key and bound of the fields that hold it (so each of its regions is on
    one side of each), and a field with bounds takes the constants of its region variables (two
    such variables in different regions never hold one datum).  A field has bounds when it is
    ordered, holds two region variables, or is compared with constants by order; a gap between
    two of its constants too small for a different value of each of its region variables is made
    of constants.  ``holders``: for each field, the symbolic variables it may hold (its keys, and
    those copied into a register that holds it)."""
    region_keys = {d: [x for x in xs if x in var_consts] for d, xs in holders.items()}
    need = {d for d, xs in region_keys.items() if xs and (d in ordered or len(xs) > 1 or tested.get(d))}
    # a variable takes the constants written into its fields too: a cell given 0 is x when x is 0
    field = {d: {k for k in keys.get(d, ()) if isinstance(k, int)} | tested.get(d, set()) | set(constants.get(d, ()))
             for d in set(keys) | set(holders)}
    var = {x: set(cs) for x, cs in var_consts.items()}
    changed = True
    while changed:
        changed = False
        for d, xs in region_keys.items():
            for x in xs:
                before = (len(var[x]), len(field[d]))
                var[x] |= field[d]
                if d in need:
                    field[d] |= var[x]
                changed = changed or before != (len(var[x]), len(field[d]))
            if d in need and len(xs) > 1:
                cs = sorted(field[d])
                gaps = {v for a, b in zip(cs, cs[1:]) if 0 < b - a - 1 < len(xs) for v in range(a + 1, b)}
                changed = changed or not gaps <= field[d]
                field[d] |= gaps
    return _Regions(var, field, need)


def _regions(cprog: ir.CProgram, keys: Dict[str, Tuple[Key, ...]], ordered: FrozenSet[str],
             flags: Dict[str, Tuple[int, ...]], symbolic: FrozenSet[str], registers: Dict[str, Tuple[str, ...]],
             constants: Dict[str, FrozenSet[int]], strict: Dict[str, FrozenSet[int]]
             ) -> Tuple[Dict[str, Tuple[int, ...]], Dict[str, Tuple[Key, ...]], Dict[str, Tuple[int, ...]]]:
    """The region values of the symbolic variables compared with constants, d's eq keys with the
    constants those regions need, and each int field's bounds (``lt[d,K](v)``: v->d < K).

    A symbolic variable x compared with constants (``assume(x > 0)``) gets a flag of one value per
    region between them (:func:`~tvla.cfront.ir.region_values`), which makes those tests exact;
    a cell given x takes x's region as its eq keys and bounds.  A field compared with constants by
    order gets them as bounds, which makes such a test exact on a cell whose datum is none of
    d's keys.  Only where every field that holds a region variable or needs bounds can have them
    (:func:`_boundable`); a variable that cannot is left without regions (its tests abstracted)."""
    rng = {iv.name: iv.range for iv in cprog.ints}
    ranges = _field_ranges(cprog)
    tested = _order_tested(cprog, flags, strict)
    var_consts = _var_constants(cprog, symbolic, rng)
    holders = {d: [x for x in ks if isinstance(x, str)] for d, ks in keys.items()}
    # a symbolic key of a field given constants or tested against them by order gets regions too:
    # a cell given -1 equals x exactly when x is -1, for every such cell at once (without, each
    # cell's eq[d,x] is its own 1/2), and a cell given x lies below a bound when x's region does;
    # a symbolic variable is chosen once (intvars), and no register is one
    for d, xs in holders.items():
        if constants.get(d) or tested.get(d):
            for x in xs:
                if x in symbolic:
                    var_consts.setdefault(x, set())
    for s in _statements(cprog):
        if isinstance(s, ir.CopyInt) and s.dst in registers and isinstance(s.value, str) and s.value in symbolic:
            for d in registers[s.dst]:   # the register's keys and bounds are decided by the region
                holders.setdefault(d, []).append(s.value)
    while True:
        spoilt = _spoilt(cprog, flags, set(var_consts), registers)
        rc = _region_constants(holders, keys, ordered, tested, var_consts, constants)
        values = {x: ir.region_values(cs, rng.get(x)) for x, cs in rc.var.items()}
        dropped = {x for x, v in values.items() if v is None}
        dropped |= {x for d in rc.need if not _boundable(d, rc.field[d], spoilt, ranges)
                    for x in holders[d] if x in var_consts}
        if not dropped:
            break
        var_consts = {x: cs for x, cs in var_consts.items() if x not in dropped}
    bounds = {d: tuple(sorted(rc.field[d])) for d in sorted(rc.need)}
    by_registers = _register_tested(cprog, registers, rng)
    for d in sorted(set(tested) | set(by_registers)):
        cs = tested.get(d, set()) | by_registers.get(d, set())
        # a strict field's bounds are its only constants away from the type's limits (an unsigned
        # field given 0 may have the bound 501)
        near = rc.field.get(d, set()) if d not in strict else set()
        if d not in bounds and cs and _boundable(d, near | cs, spoilt, ranges, d not in strict):
            bounds[d] = tuple(sorted(cs))
    out_keys = dict(keys)
    kept = {x for x, v in values.items() if v is not None}
    for d in sorted(set(rc.need) | {d for d, xs in holders.items() if kept & set(xs)}):
        # a field holding a region variable keeps the constants written into it as keys too: a
        # cell given 5 before x is chosen is then x's exactly when x's region is 5's (the region
        # rules decide it when x is chosen), not by x's flags before the choice
        add = rc.field[d] if d in rc.need else set(constants.get(d, ()))
        out_keys[d] = _key_order({*keys.get(d, ()), *add})
    return {x: v for x, v in values.items() if v is not None}, out_keys, bounds


def _handle_fields(cprog: ir.CProgram, cross: FrozenSet[str]) -> FrozenSet[str]:
    """The ``cross`` fields of structs that have no field to their own type (a list header, a
    queue with head and tail): few such cells exist, unlike list cells."""
    linked = [st for st in cprog.structs if any(t == st.name for _, t in st.pointer_fields)]
    return frozenset(f for f in cross if not any(f == g for st in linked for g, _ in st.pointer_fields))


def _cross_fields(cprog: ir.CProgram, used: Iterable[str]) -> FrozenSet[str]:
    """The used pointer fields that lead to another struct type in every struct that has them
    (a stack cell's pointer to a tree node, a list cell's pointer to its data cell): whether such
    a field is set is no matter of reachability, so ``nn[f]`` keeps it."""
    kinds: Dict[str, Set[bool]] = {}
    for st in cprog.structs:
        for f, target in st.pointer_fields:
            kinds.setdefault(f, set()).add(target != st.name)
    return frozenset(f for f in used if kinds.get(f) == {True})


def _succ_fields(cprog: ir.CProgram, keys: Dict[str, Tuple[Key, ...]], used: Sequence[str],
                 back: Dict[str, Tuple[str, ...]]) -> Dict[str, str]:
    """For each int field with eq keys, the list field of its struct (``nx[d,K]``: what the
    successor holds, as in a list whose red cells are followed by black ones)."""
    out = {}
    for d in keys:
        owner = _owner(cprog, d)
        n = _self_field(cprog, owner, used) if owner else None
        own = [f for f, t in cprog.struct(owner).pointer_fields if t == owner and f in used and f not in back] \
            if owner else []
        if n and len(own) == 1:   # in a tree, what one child holds says little and splits a lot
            out[d] = n
    return out


def _compared_with(cprog: ir.CProgram, registers: Dict[str, Tuple[str, ...]]) -> Dict[str, Tuple[str, ...]]:
    """For each register, the pointer variables whose cell's datum some test compares with it."""
    out: Dict[str, Dict[str, None]] = {}
    for s in _statements(cprog):
        if isinstance(s, ir.DataCond) and s.lfield is not None and s.right is None and s.value in registers:
            out.setdefault(str(s.value), {})[s.left] = None
    return {x: tuple(ps) for x, ps in out.items()}


def _registers(cprog: ir.CProgram) -> Dict[str, Tuple[str, ...]]:
    """Each register int variable with the int fields it is read from, written to or compared with;
    a register only read from cells (never compared, never written back) tells nothing and is left out."""
    regs = {iv.name for iv in cprog.ints if iv.register}
    fields: Dict[str, Dict[str, None]] = {}
    used: Set[str] = set()
    for s in _statements(cprog):
        if isinstance(s, ir.LoadData) and s.dst in regs:
            fields.setdefault(s.dst, {})[s.field] = None
        elif isinstance(s, (ir.SetData, ir.DataCond)) and getattr(s, "value", None) in regs:
            used.add(str(s.value))
            d = s.field if isinstance(s, ir.SetData) else s.lfield
            if d is not None:
                fields.setdefault(str(s.value), {})[d] = None
        if isinstance(s, ir.DataCond) and s.lfield is None and s.left in regs:
            used.add(s.left)
    # a register copied into a kept one is kept; the two hold the fields of either
    copies = [(s.dst, s.value) for s in _statements(cprog) if isinstance(s, ir.CopyInt) and s.value in regs]
    for _ in copies:
        for dst, src in copies:
            if dst in used:
                used.add(str(src))
                both = {**fields.get(dst, {}), **fields.get(str(src), {})}
                if both:
                    fields.setdefault(str(src), {}).update(both)
                    fields.setdefault(dst, {}).update(both)
    return {x: tuple(ds) for x, ds in sorted(fields.items()) if x in used}
