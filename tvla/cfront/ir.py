"""The C front end's intermediate form: a control-flow graph of three-address heap statements.

This is the contract between the two halves of the C front end:

* ``tvla.cfront.lower`` turns a parsed C file (functions inlined, expressions
  split so that every statement has at most one dereference and one side
  effect, ``&&``/``||``/``?:`` and loops turned into edges) into a
  :class:`CProgram`;
* ``tvla.cfront.translate`` turns a :class:`CProgram` into a TVP program over a
  generated predicate library, which the engine analyses.

Every statement is one CFG edge and keeps the C source position it comes
from (:class:`Pos`), so every message, witness step and report line can name
``prog.c:LINE:COL``.  Pointer variables and fields are plain names; a variable
name is unique in the whole program (the lowering renames inlined locals and
temporaries apart).  ``None`` as a source pointer stands for ``NULL``.
"""

from dataclasses import dataclass, field
from typing import AbstractSet, Callable, Dict, FrozenSet, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

__all__ = [
    "Pos", "StructType", "held", "PointerVar", "IntVar",
    "AssignNull", "AssignVar", "Load", "StoreNull", "Store", "Malloc", "Free", "FreeNonHeap", "OutsideObject",
    "Kill", "Forget", "Span", "SetData", "CopyData", "Havoc", "CopyInt", "PtrCond", "HeadCond", "DataCond", "TallyCond", "Tally", "Assume", "ReachError",
    "Exit", "Nop", "Spin", "Statement", "Edge", "CProgram", "DATA_OPS", "fresh_nodes", "fresh_name", "chain", "loops", "on_cycles", "leading_to", "field_accesses", "nondet_values", "run_of", "meeting", "value_words", "quote", "holds", "FLIP", "NEGATE", "order_bound", "strict_bound",
]


@dataclass(frozen=True, order=True)
class Pos:
    """A position in a C source file (1-based line and column)."""

    file: str
    line: int
    column: int = 0

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}" if self.column else f"{self.file}:{self.line}"


@dataclass(frozen=True)
class StructType:
    """A struct type: its pointer fields (name, pointee struct name), its int fields and the
    values of each int field's C type (``int_ranges``, where known)."""

    name: str
    pointer_fields: Tuple[Tuple[str, str], ...]
    int_fields: Tuple[str, ...] = ()
    int_ranges: Tuple[Tuple[str, "IntRange"], ...] = ()
    function_fields: Tuple[str, ...] = ()   # the int fields that hold function pointers


@dataclass(frozen=True)
class PointerVar:
    """A pointer variable (global, local of ``main``, inlined local or temporary) and its pointee type.

    ``scope`` is ``"global"``, ``"main"`` (a local of ``main``: it lives until
    the program ends) or ``"local"`` (a callee's local or a temporary: it dies
    when its scope ends).  ``initialised``: globals start as NULL, locals as
    uninitialised garbage."""

    name: str
    struct: str
    scope: str = "main"
    initialised: bool = False
    frame: int = field(default=0, compare=False)   # the inlined call it belongs to (0: main's, a global)
    # a variable coalesced from the locals of several calls (frame 0): those calls
    calls: FrozenSet[int] = field(default=frozenset(), compare=False)
    temp: bool = field(default=False, compare=False)   # a temporary of the lowering
    # the C variable it stands for ("" for none: a temporary, or variables of several names coalesced)
    cname: str = field(default="", compare=False)


@dataclass(frozen=True)
class IntRange:
    """The values of a C integer type of ``bits`` bits: a value converted to it wraps around
    (as gcc does for the signed types too); ``_Bool`` holds 0 or 1 (any nonzero value is 1)."""

    bits: int
    signed: bool
    boolean: bool = False

    def convert(self, v: int) -> int:
        if self.boolean:
            return int(v != 0)
        m = 1 << self.bits
        v %= m
        return v - m if self.signed and v >= m >> 1 else v

    def __contains__(self, v: int) -> bool:
        return self.convert(v) == v

    @property
    def bounds(self) -> Tuple[int, int]:
        """The least and the greatest value."""
        if self.boolean:
            return 0, 1
        return (-(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1) if self.signed else (0, (1 << self.bits) - 1)

    @property
    def wraps(self) -> bool:
        """Does a step past its ends wrap around in the program's own semantics (an unsigned or a
        narrower type; a signed int of 32 bits or more overflowing is undefined behaviour instead)?"""
        return not self.signed or self.bits < 32

    def within(self, other: "IntRange") -> bool:
        """Does every value of this type keep its value in ``other``?"""
        if self.boolean or other.boolean:
            return self.boolean and not other.boolean or self == other
        if self.signed and not other.signed:
            return False
        return self.bits + (not self.signed and other.signed) <= other.bits


MAX_REGION_VALUES = 7
"""The most values of a variable tested by order against constants: one per constant and one per
run of integers between them (``x > 0`` and ``x < 10``: -1, 0, 1, 10, 11 stand for every int)."""


def held(v: int, rng: Optional[IntRange]) -> int:
    """``v`` as a variable of type ``rng`` holds it (``v`` itself where the type is unknown)."""
    return rng.convert(v) if rng is not None else v


def region_values(consts: Iterable[int], rng: Optional[IntRange]) -> Optional[Tuple[int, ...]]:
    """The values that stand for every value of a variable of type ``rng`` (None: unknown) when it
    is only compared with the constants ``consts``: each constant, and the least value of each run
    of integers around them (below the least constant: the one just below it); every comparison
    with the constants takes the same branch for all the values of a run.  None when there are
    more than :data:`MAX_REGION_VALUES`."""
    ordered = sorted(set(consts))
    runs = [ordered[0] - 1] if ordered else [0]
    runs += [c + 1 for k, c in enumerate(ordered) if k + 1 == len(ordered) or ordered[k + 1] > c + 1]
    values = {v for v in set(ordered) | set(runs) if rng is None or v in rng}
    return tuple(sorted(values)) if len(values) <= MAX_REGION_VALUES else None


def run_of(values: Sequence[int], k: int) -> Tuple[Optional[int], Optional[int]]:
    """The run of integers the ``k``-th of the ordered ``values`` of :func:`region_values` stands
    for: the least every integer up to it, each other one up to the next (None: no end)."""
    return (values[k] if k > 0 else None), (values[k + 1] - 1 if k + 1 < len(values) else None)


def meeting(values: Tuple[int, ...], within: IntRange, ordered: bool, spare: Optional[int] = None) -> Tuple[int, ...]:
    """The values of a flag that a value of the type ``within`` may take.  Tested by order
    (``ordered``), each value stands for its run of integers (:func:`run_of`); else each stands
    for itself, and ``spare`` for every value that none of the others is."""
    lo, hi = within.bounds
    if ordered:
        runs = [run_of(values, k) for k in range(len(values))]
        return tuple(v for v, (a, b) in zip(values, runs) if (a is None or a <= hi) and (b is None or b >= lo))
    named = sum(lo <= v <= hi for v in values if v != spare)
    return tuple(v for v in values if (hi - lo + 1 > named if v == spare else lo <= v <= hi))


def field_accesses(s: "Statement") -> List[Tuple[str, str]]:
    """The (variable, field) pairs whose field of the variable's cell ``s`` reads or writes (a
    data test's left operand before its right, a copy's source before its destination)."""
    if isinstance(s, (Load, LoadData)):
        return [(s.src, s.field)]
    if isinstance(s, (StoreNull, Store)):
        return [(s.dst, s.field)]
    if isinstance(s, (SetData, Deref)):
        return [(s.var, s.field)]
    if isinstance(s, CopyData):
        return [(s.src, s.sfield), (s.dst, s.dfield)]
    if isinstance(s, SwapData):
        return [(s.dst, s.field), (s.src, s.field)]
    c = s.cond if isinstance(s, Assume) else None
    if isinstance(c, DataCond) and c.lfield is not None:
        return [(c.left, c.lfield)] + ([(c.right, c.rfield)] if c.right is not None and c.rfield is not None else [])
    return []


def nondet_values(value: Optional[IntRange], target: Optional[IntRange]) -> Union[Tuple[int, ...], bool]:
    """What a nondeterministic value of type ``value`` becomes once stored into the type ``target``
    (None: int-wide, or unknown): its two values when it has two (a ``_Bool`` either way), True when
    it may be any value of the target, False when only some (``__VERIFIER_nondet_uchar()`` into an
    int: "any value" would over-approximate it)."""
    if value is not None and value.boolean or target is not None and target.boolean:
        return (0, 1)
    if target is None:
        return value is None or value.bits >= 32
    # converted, a value of as many bits or more takes every value of the target (it wraps around);
    # an int into a long takes only the int's (p->d > 2147483647 never holds)
    return (32 if value is None else value.bits) >= target.bits


@dataclass(frozen=True)
class IntVar:
    """An int variable the lowering kept (assigned once, or a flag with few values, or a register
    that holds data); others are havoc."""

    name: str
    values: Tuple[int, ...] = ()   # the constant values it may take; () = a symbolic value chosen once
    register: bool = False         # a datum moved between cells and the variable (LoadData, SetData)
    other: bool = False            # a counter: it may also hold a value outside ``values``
    # its C type's values (None: a type the lowering does not know); not part of its identity
    range: Optional[IntRange] = field(default=None, compare=False)
    # a flag whose values stand for runs of integers (tested by order: region_values), or the value
    # of a flag that stands for every value its tests do not name
    ordered: bool = field(default=False, compare=False)
    spare: Optional[int] = field(default=None, compare=False)
    # a function pointer's values: (value, the function it names), for the words of witnesses
    names: Tuple[Tuple[int, str], ...] = field(default=(), compare=False)
    # a counter whose "another value" is always above its values (+1) or below them (-1): a test
    # against a constant within its values decides it (intvars.IntClass.beyond)
    beyond: int = field(default=0, compare=False)


def quote(text: str) -> str:
    """``text`` as a string literal, of C or of a TVP file (one line)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ") + '"'


def value_words(name: str, values: Sequence[int], v: int, ordered: bool, spare: Optional[int] = None,
                rng: Optional[IntRange] = None, names: Sequence[Tuple[int, str]] = ()) -> str:
    """What the value ``v`` of the flag ``name`` (its ``values``, read as :class:`IntVar` says)
    says in C: ``x = 3``, ``x <= -1``, ``x in [1, 9]``, ``x >= 10``, ``x is none of 0, 5``; for a
    function pointer (its ``names``), ``f = mark`` or ``f = NULL``."""
    if names:
        return f"{name} = {dict(names).get(v, 'NULL' if v == 0 else 'another function')}"
    if v == spare:
        return f"{name} is none of {', '.join(str(c) for c in values if c != spare)}"
    if not ordered:
        return f"{name} = {v}"
    lo, hi = run_of(values, list(values).index(v))
    least, most = rng.bounds if rng is not None else (None, None)
    lo = v if lo is None and v == least else lo
    hi = most if hi is None else hi
    if lo == hi:
        return f"{name} = {v}"
    if lo is None:
        return f"{name} <= {hi}"
    return f"{name} >= {lo}" if hi is None else f"{name} in [{lo}, {hi}]"


# ----------------------------------------------------------------------------- statements

@dataclass(frozen=True)
class AssignNull:
    """``dst = NULL``; ``uninit``: ``dst`` holds no value at all (a local declared without one,
    its declaration reached again: a new call of its function, a new turn of its loop)."""

    dst: str
    uninit: bool = False


@dataclass(frozen=True)
class AssignVar:
    """``dst = src`` between pointer variables; ``moved``: ``src`` dies here (it is NULL after:
    :func:`tvla.cfront.liveness.insert_kills`), nothing can be lost by that, ``dst`` holds its cell."""

    dst: str
    src: str
    moved: bool = False


@dataclass(frozen=True)
class Load:
    """``dst = src->field`` (dereferences ``src``); ``quiet``: where ``src`` is not valid (NULL, freed,
    uninitialised) no violation but NULL (the cell of a list's head inside the cell a ``free``
    is given, taken before the free: :attr:`Malloc.member_head`)."""

    dst: str
    src: str
    field: str
    quiet: bool = False


@dataclass(frozen=True)
class StoreNull:
    """``dst->field = NULL`` (dereferences ``dst``); ``empty``: the field holds no pointer there
    (:mod:`tvla.cfront.empty`), so no cell can become unreachable."""

    dst: str
    field: str
    empty: bool = False


@dataclass(frozen=True)
class Store:
    """``dst->field = src`` (dereferences ``dst``); ``empty``: as for :class:`StoreNull`, no cut needed;
    ``moved``: as for :class:`AssignVar`, ``src`` dies here (``dst``'s cell now reaches its cell)."""

    dst: str
    field: str
    src: str
    empty: bool = False
    moved: bool = False


@dataclass(frozen=True)
class Malloc:
    """``dst = malloc(sizeof(struct))``; ``zeroed`` for ``calloc`` (pointer fields NULL, ints 0).

    ``may_fail``: the result may also be NULL (``--malloc-may-fail``).  ``on_stack``: the cell
    of a struct variable (a global or a local of ``main``), which ``dst`` then points to for
    good: not on the heap (freeing it is invalid, it is never lost nor left to clean up).
    ``written``: the int fields the statements right after write before any may read them
    (:mod:`tvla.cfront.fresh_data`).  ``outside``: the fields that lie past the bytes allocated
    (``malloc(sizeof(struct node *))`` for a struct node): any access to one is a valid-deref
    violation.  ``member_head``: the lone cell of a list's head inside another cell
    (:attr:`tvla.cfront.embedded.Hosts.member_heads`), made with it (``on_stack``: no cell of the
    heap of its own) and dying with it (a :class:`Free` ``scope_end`` after the cell's)."""

    dst: str
    struct: str
    zeroed: bool = False
    may_fail: bool = False
    on_stack: bool = False
    member_head: bool = False
    outside: Tuple[str, ...] = ()
    written: Tuple[str, ...] = field(default=(), compare=False)   # an annotation, not what is done


@dataclass(frozen=True)
class Free:
    """``free(var)``: fine on NULL; a violation (valid-free) on a freed cell or an uninitialised pointer.

    ``scope_end``: not a call of ``free`` but the end of the function whose struct variable's cell
    ``var`` points to (:class:`Malloc` ``on_stack``): the cell dies, a pointer left to it dangles."""

    var: str
    scope_end: bool = False


@dataclass(frozen=True)
class FreeNonHeap:
    """``free(&x)`` or ``free`` of another pointer that is not to the heap: always a valid-free violation."""

    what: str


@dataclass(frozen=True)
class OutsideObject:
    """A field read or written outside the object a pointer points to (a list's head standing alone
    taken for the struct that embeds a list_head): a valid-deref violation when ``certain``; else
    (a head inside a struct variable, whose memory may lie there) every property's alarm, each
    after an ``abstracted`` edge, so that none of them is true or false on this path."""

    what: str
    certain: bool = True


@dataclass(frozen=True)
class Kill:
    """``var`` is dead from here on.

    ``scope_end``: it goes out of scope (a callee's local at its return): a cell
    only it pointed to is lost (valid-memtrack).  Otherwise the variable is still
    in scope but never read again (the liveness pass); nulling it keeps the
    abstraction small and is not a leak.  ``final``: nor written again (a global
    or ``main``'s local): a cell only it pointed to stays allocated to the end,
    memcleanup's business, and no overwrite will report it."""

    var: str
    scope_end: bool = False
    final: bool = False


@dataclass(frozen=True)
class Forget:
    """The pointer field ``field`` of ``var``'s cell is stale: C never reads it again before the cell
    is freed or the field written (:mod:`tvla.cfront.dead_fields`).  It is cut and reads as an
    uninitialised pointer from here on; a cell only it reached is lost here."""

    var: str
    field: str


DATA_OPS = ("<", "<=", "==", "!=", ">", ">=")


FLIP = {"<": ">", "<=": ">=", "==": "==", "!=": "!=", ">": "<", ">=": "<="}
"""The operator of a comparison with its sides exchanged (``a < b`` is ``b > a``)."""
NEGATE = {"<": ">=", "<=": ">", "==": "!=", "!=": "==", ">": "<=", ">=": "<"}
"""The operator of the test that fails where a comparison holds (``a < b``: ``a >= b``)."""


def holds(a: int, op: str, b: int) -> bool:
    """``a op b`` for one of :data:`DATA_OPS`."""
    return {"<": a < b, "<=": a <= b, "==": a == b, "!=": a != b, ">": a > b, ">=": a >= b}[op]


def free_ends(lo: Optional[int], hi: Optional[int], keys: AbstractSet[int]
              ) -> Tuple[Union[int, None, str], Optional[int]]:
    """The least and the greatest integer of ``[lo, hi)`` (None: unbounded on that side) that is
    none of ``keys``; ``("empty", None)`` when every integer there is a key."""
    least: Optional[int] = lo
    while least is not None and least in keys:
        least += 1
    most: Optional[int] = None if hi is None else hi - 1
    while most is not None and most in keys:
        most -= 1
    if least is not None and most is not None and least > most:
        return "empty", None
    return least, most


def order_bound(op: str, c: int) -> Optional[int]:
    """The K with ``x op c`` equal to ``x < K`` (``<``, ``<=``) or to ``!(x < K)`` (``>``, ``>=``)
    for an integer x: c, or c + 1 after ``<=`` and ``>``; None for (in)equality."""
    if op in ("==", "!="):
        return None
    return c + 1 if op in ("<=", ">") else c


def strict_bound(op: str, c: int, rng: Optional[IntRange]) -> Optional[int]:
    """:func:`order_bound` for an x of type ``rng``; None also for an unknown type, or a K that is
    not above the type's least value and within it (a test always or never true)."""
    k = order_bound(op, c)
    if k is None or rng is None or rng.boolean:
        return None
    lo, hi = rng.bounds
    return k if lo < k <= hi else None


@dataclass(frozen=True)
class Span:
    """The integers ``lo`` to ``hi`` an abstracted expression may hold (``n % 4`` of an int: -3 to 3):
    a superset of its values, not every one of them reached."""

    lo: int
    hi: int

    @property
    def bounds(self) -> Tuple[int, int]:
        return self.lo, self.hi

    @staticmethod
    def remainder(k: int, signed: bool) -> "Span":
        """The values of ``n % k`` (k > 0): from -(k-1) (0 where ``n`` is never negative: not
        ``signed``) to k-1."""
        return Span(1 - k if signed else 0, k - 1)


@dataclass(frozen=True)
class SetData:
    """``var->field = value``: an int literal, the name of a kept :class:`IntVar`, or None (any value;
    ``within``: any value of that narrower type, a ``__VERIFIER_nondet_uchar()`` into an int, or
    of a :class:`Span`, an over-approximation)."""

    var: str
    field: str
    value: Union[int, str, None]
    within: Union[IntRange, Span, None] = None
    later: Tuple[str, ...] = ()   # the cell's int fields written after this before any read (fresh_data)


@dataclass(frozen=True)
class Deref:
    """``var->field`` read or written where the field is kept as an int variable
    (:mod:`tvla.cfront.singletons`), or a store into a pointer field no statement reads (``unread``,
    :mod:`tvla.cfront.unread_fields`): ``var`` must point to a live cell; nothing changes."""

    var: str
    field: str
    unread: bool = False


@dataclass(frozen=True)
class LoadData:
    """``dst = src->field`` for a register int variable ``dst`` (dereferences ``src``)."""

    dst: str
    src: str
    field: str


@dataclass(frozen=True)
class CopyData:
    """``dst->dfield = src->sfield`` for int fields."""

    dst: str
    dfield: str
    src: str
    sfield: str


@dataclass(frozen=True)
class SwapData:
    """``dst->field`` and ``src->field`` exchange their values (the swap ``t = a->f; a->f = b->f;
    b->f = t`` through an untracked int ``t``; dereferences both)."""

    dst: str
    field: str
    src: str


@dataclass(frozen=True)
class Havoc:
    """A kept int variable takes any of its values (``IntVar.values``), or a flag is set: ``value``;
    ``uninit``: the declaration of a local without an initializer (its value is indeterminate);
    ``dead``: the variable is never read again before a write, it takes ``value`` (its first) so
    that stores differing only in it become one; ``within``: a symbolic variable takes any value of
    that narrower type (its regions that meet the type's values)."""

    var: str
    value: Optional[int] = None
    uninit: bool = False
    dead: bool = False
    within: Optional[IntRange] = None


@dataclass(frozen=True)
class CopyInt:
    """A register takes ``value``: a constant, or the value of a symbolic variable or another register."""

    dst: str
    value: Union[int, str]


@dataclass(frozen=True)
class Step:
    """A counter (an IntVar with ``other``) or a register is incremented by ``delta``."""

    var: str
    delta: int


@dataclass(frozen=True)
class StepData:
    """``var->field += delta`` for an int field (``range``: the values of its type).  Only the
    lowering makes it: :mod:`tvla.cfront.data_steps` replaces it at once by tests of the field
    against the program's constants and exact writes (later passes never see it)."""

    var: str
    field: str
    delta: int
    range: Optional[IntRange] = None


@dataclass(frozen=True)
class ShiftFlag:
    """``dst = src + delta`` for a flag or counter ``src`` (``dst`` takes src's values shifted); with
    a ``table``, ``dst`` takes the value the table gives src's (``dst = len - src``, ``src % 2``;
    None: C leaves it undefined, and dst holds any value)."""

    dst: str
    src: str
    delta: int
    table: Optional[Tuple[Tuple[int, Optional[int]], ...]] = None


@dataclass(frozen=True)
class PtrCond:
    """``left == right`` (``right`` None: NULL); ``positive`` False for ``!=``."""

    left: str
    right: Optional[str]
    positive: bool = True


@dataclass(frozen=True)
class HeadCond:
    """``var`` points to the lone cell of a list's head inside another cell (:attr:`Malloc.member_head`);
    ``positive`` False: it does not."""

    var: str
    positive: bool = True


@dataclass(frozen=True)
class DataCond:
    """``left->lfield OP right->rfield``, or ``left->lfield OP value`` when ``right`` is None
    (``value`` an int literal or a kept :class:`IntVar`'s name); or ``intvar OP value``
    when ``lfield`` is None.  Dereferences ``left`` and ``right``."""

    left: str
    lfield: Optional[str]
    op: str
    right: Optional[str] = None
    rfield: Optional[str] = None
    value: Union[int, str, None] = None


@dataclass(frozen=True)
class TallyCond:
    """``left OP right + offset`` for two tallied counters (``right`` None: ``left OP offset``,
    a constant), as far as the cells they counted decide it (:mod:`tvla.cfront.tallies`): a
    filter placed before the comparison itself, which never stops an execution."""

    left: str
    right: Optional[str]
    offset: int
    op: str
    # an order test with an offset decided too: a bound implied by a test with more terms
    # (lower_expr.bounded_cond), or one of counters that count cells made or freed (tallies)
    bound: bool = False

    def counters(self) -> Tuple[str, ...]:
        return (self.left,) if self.right is None else (self.left, self.right)


@dataclass(frozen=True)
class Tally:
    """After ``counter += 1``: the first of ``vars`` that points to a cell ``counter`` has not
    counted yet gets counted (:mod:`tvla.cfront.tallies`); none: the tally is lost.  After
    ``counter -= 1`` (``delta`` -1): the first that points to a counted cell is no longer."""

    counter: str
    vars: Tuple[str, ...]
    delta: int = 1


@dataclass(frozen=True)
class Assume:
    """Continue only when the condition holds (a branch, ``__VERIFIER_assume``, a loop test)."""

    cond: Union[PtrCond, HeadCond, DataCond, TallyCond]


@dataclass(frozen=True)
class ReachError:
    """A call of ``reach_error()`` (the unreach-call property); execution stops there, inside the
    inlined calls ``frames`` (their variables are still in scope), unless it ``goes_on`` (the
    program's own reach_error does nothing: another edge goes on after the call)."""

    frames: FrozenSet[int] = field(default=frozenset(), compare=False)
    goes_on: bool = False


@dataclass(frozen=True)
class Exit:
    """Program end: return from ``main``, ``exit(...)`` or ``abort()`` (``how``), inside the
    inlined calls ``frames``."""

    how: str = "return"
    frames: FrozenSet[int] = field(default=frozenset(), compare=False)


@dataclass(frozen=True)
class Nop:
    """No effect (a nondeterministic branch, a statement abstracted away); ``note`` says which."""

    note: str = ""


@dataclass(frozen=True)
class Spin(Nop):
    """No effect, on an edge back to its node: the program stays in this loop forever (no path
    leaves it: ``_EXIT: goto _EXIT;``, or a path ends at a cut recursive call) inside the inlined
    calls ``frames``, whose variables stay in scope there (:func:`~tvla.cfront.liveness.held_at`).
    Only the liveness pass reads it; the lowering drops it after that pass."""

    frames: FrozenSet[int] = field(default=frozenset(), compare=False)


LinkTarget = Tuple[str, str]
"""What a link pointer may point to: ``("var", name)`` or ``("field", f)`` (of its cell)."""


@dataclass(frozen=True)
class LinkPointer:
    """A link pointer after its statements were expanded (:mod:`tvla.cfront.links`): the value
    ``i`` of ``flag`` means it points to ``targets[i]``, a variable or a field of ``cell``."""

    flag: str
    cell: str
    targets: Tuple[LinkTarget, ...]

    def renamed(self, rename: Dict[str, str]) -> "LinkPointer":
        """The link with pointer variables renamed (:mod:`tvla.cfront.coalesce`)."""
        return LinkPointer(self.flag, rename.get(self.cell, self.cell),
                           tuple((k, rename.get(n, n) if k == "var" else n) for k, n in self.targets))


@dataclass(frozen=True)
class LinkRead:
    """``dst = *pp`` for a link pointer ``pp`` (:mod:`tvla.cfront.links`): the variable or the field
    of ``cell`` that the flag ``at`` names.  Expanded into branches on ``at`` once lowering is done."""

    dst: str
    cell: str
    at: str


@dataclass(frozen=True)
class LinkWrite:
    """``*pp = src`` for a link pointer (``src`` None: NULL); expanded like :class:`LinkRead`."""

    cell: str
    at: str
    src: Optional[str]


@dataclass(frozen=True)
class LinkCopy:
    """``pp = qq`` for two link pointers: ``pp`` points where ``qq`` does (its cell variable and
    the flag value standing for ``qq``'s target); expanded like :class:`LinkRead`."""

    dst_cell: str
    dst_at: str
    src_cell: str
    src_at: str


Statement = Union[AssignNull, AssignVar, Load, StoreNull, Store, Malloc, Free, FreeNonHeap, OutsideObject, Kill, Forget,
                  SetData, Deref, LoadData, CopyData, SwapData, Havoc, CopyInt, Step, StepData, ShiftFlag, Assume, ReachError, Exit, Nop,
                  LinkRead, LinkWrite, LinkCopy, Tally]


@dataclass(frozen=True)
class Edge:
    """One CFG edge: ``source`` -> ``target`` doing ``stmt``; ``pos`` is its C position, ``text``
    the C text it comes from (shown in reports); ``frames``: the inlined calls active on it."""

    source: str
    target: str
    stmt: Statement
    pos: Pos
    text: str = ""
    frames: FrozenSet[int] = field(default=frozenset(), compare=False)


@dataclass(frozen=True)
class CProgram:
    """A lowered C program: one CFG from ``entry``; ``exit`` is where terminating paths end
    (after an :class:`Exit` edge); ``error`` where :class:`ReachError` edges go.

    ``unsupported`` lists located reasons (a construct outside the subset); when it is
    not empty the verdicts are ``unknown`` and the CFG may be partial.  ``cuts`` lists
    where paths end although C goes on (a recursive call past the unrolling): every
    path of the CFG is then a prefix of a run of C, so a violation with a witness is
    one, but the absence of violations proves nothing.  ``error_named`` is False when no function
    ``main`` may call names an error function: none is called, whatever the CFG holds; ``allocates``
    is False when none may allocate heap memory: none is left allocated."""

    file: str
    structs: Tuple[StructType, ...]
    pointers: Tuple[PointerVar, ...]
    ints: Tuple[IntVar, ...]
    edges: Tuple[Edge, ...]
    entry: str
    exit: str
    error: str = "error"
    unsupported: Tuple[Tuple[Pos, str], ...] = ()
    cuts: Tuple[Tuple[Pos, str], ...] = ()
    source: Tuple[str, ...] = field(default=(), compare=False, repr=False)  # the C file's lines
    error_named: bool = True   # False: no function main may call names an error function (reach_error)
    allocates: bool = True     # False: no function main may call allocates heap memory (malloc, strdup...)
    links: Tuple[LinkPointer, ...] = ()   # the link pointers (T **pp) expanded into a cell and a flag
    # the functions a function pointer's value names (cinfo.function_number -> name), for witnesses
    function_names: Tuple[Tuple[int, str], ...] = ()

    def struct(self, name: str) -> StructType:
        return next(s for s in self.structs if s.name == name)

    @property
    def temps(self) -> FrozenSet[str]:
        """The pointer variables that are temporaries of the lowering."""
        return frozenset(p.name for p in self.pointers if p.temp)


def fresh_nodes(prog: CProgram, prefix: str) -> Iterator[str]:
    """Node names ``prefix1``, ``prefix2``... that no edge of ``prog`` uses."""
    used = {n for e in prog.edges for n in (e.source, e.target)}
    k = 0
    while True:
        k += 1
        if f"{prefix}{k}" not in used:
            yield f"{prefix}{k}"


def fresh_name(prog: CProgram, base: str, taken: Iterable[str] = ()) -> str:
    """``base``, or ``base2``, ``base3``...: the first that names no variable of ``prog`` nor is in ``taken``."""
    used = {p.name for p in prog.pointers} | {iv.name for iv in prog.ints} | set(taken)
    name, k = base, 1
    while name in used:
        k += 1
        name = f"{base}{k}"
    return name


def loops(edges: Sequence[Edge]) -> Dict[str, FrozenSet[str]]:
    """For each node on a cycle of two nodes or more, the nodes of its strongly connected component."""
    import networkx as nx   # only C input needs it, and only for some statements
    graph = nx.DiGraph((e.source, e.target) for e in edges)
    out: Dict[str, FrozenSet[str]] = {}
    for nodes in nx.strongly_connected_components(graph):
        if len(nodes) > 1:
            comp = frozenset(nodes)
            out.update((n, comp) for n in comp)
    return out


def on_cycles(edges: Sequence[Edge]) -> Callable[[Edge], bool]:
    """Whether an edge of ``edges`` lies on a cycle of their graph (it may run more than once)."""
    component = loops(edges)
    return lambda e: e.source == e.target or e.source in component and e.target in component[e.source]


def leading_to(edges: Sequence[Edge], ends: Sequence[str]) -> FrozenSet[str]:
    """The nodes of ``ends`` and those from which a path of ``edges`` leads to one of them."""
    into: Dict[str, List[str]] = {}
    for e in edges:
        into.setdefault(e.target, []).append(e.source)
    seen, todo = set(ends), list(ends)
    while todo:
        for n in into.get(todo.pop(), ()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return frozenset(seen)


def chain(edge: Edge, stmts: Sequence[Statement], fresh: Iterator[str]) -> List[Edge]:
    """Edges from ``edge.source`` to ``edge.target`` doing ``stmts`` one after the other, through
    new nodes, each at the edge's position and text (``stmts`` must not be empty)."""
    out, cur = [], edge.source
    for i, s in enumerate(stmts):
        nxt = edge.target if i == len(stmts) - 1 else next(fresh)
        out.append(Edge(cur, nxt, s, edge.pos, edge.text, edge.frames))
        cur = nxt
    return out
