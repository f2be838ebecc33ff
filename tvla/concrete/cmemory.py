"""The memory of a C execution (:mod:`tvla.concrete.cexec`): objects, pointers, and the checks of
the competition's memory properties.

Contract:

* Every object (a variable, a heap block) is an :class:`Obj`: an array of ``count`` elements of
  one type (a scalar variable is an array of one); its scalars are kept in ``slots`` by path, the
  element index first, then field names and array indices (``(0, "next")``, ``(2,)``,
  ``(0, "a", 3)``).  A slot never written is uninitialised (:data:`UNDEF`), or zero in a
  ``calloc``'d block or a global; a slot that holds :data:`UNDEF` (an uninitialised member of a
  struct copied in) is uninitialised in every object.
* A pointer is a :class:`Ptr`: an object, the path of what it points to, and the number of
  elements of the array its last index ranges over; ``NULL`` has no object.
* :meth:`Memory.deref` is the one place a pointer is followed: NULL, uninitialised, freed,
  dead or out-of-bounds pointers raise :class:`Violation` (``valid-deref``); :meth:`Memory.free`
  checks ``valid-free``; :meth:`Memory.lost` finds the heap blocks no root reaches (``valid-memtrack``).
* What C leaves undefined or this model does not follow (a block read as two different types, an
  integer read before it is written) raises :class:`Unmodeled`: the execution is dropped, never
  reported.
"""

from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

__all__ = ["Unmodeled", "Violation", "Halt", "BYTES", "BLOCKS", "zero", "refuse", "Obj", "Ptr", "NULL", "UNDEF", "Memory",
           "Path"]

BLOCKS = ("heap", "alloca")
"""The kinds of objects made by bytes (``malloc``, ``alloca``), typed by their first use; an
``alloca`` block belongs to the frame of its call (it dies when that returns; freeing it is invalid)."""

Path = Tuple[Any, ...]


class Unmodeled(Exception):
    """The execution does something the interpreter does not follow exactly (undefined behaviour,
    an unsupported construct): it is dropped."""


class Violation(Exception):
    """A memory-safety violation: ``kind`` is ``valid-deref`` or ``valid-free``."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message


class Halt(Exception):
    """The run ends: ``how`` is exit (the program terminates), error (reach_error) or assume (a
    ``__VERIFIER_assume`` that does not hold: no execution goes on)."""

    def __init__(self, how: str) -> None:
        super().__init__(how)
        self.how = how


class _Undef:
    __slots__ = ()

    def __repr__(self) -> str:
        return "UNDEF"


UNDEF: Any = _Undef()
_ABSENT = object()   # a slot never written
"""The value of a slot never written."""


class Obj:
    """An object of the store: a variable (``kind`` "stack" or "global") or a heap block ("heap")."""

    __slots__ = ("ident", "kind", "name", "size", "elem", "count", "slots", "zero", "alive", "on_typed")

    def __init__(self, ident: int, kind: str, name: str, elem: Any, count: Optional[int], size: int = 0,
                 zero: bool = False) -> None:
        self.ident = ident
        self.kind = kind
        self.name = name
        self.size = size            # bytes (heap blocks)
        self.elem = elem            # the type of its elements (None: a heap block not yet used)
        self.count = count          # its number of elements (None: a heap block not yet used)
        self.slots: Dict[Path, Any] = {}
        self.zero = zero
        self.alive = True
        # what a heap block not yet used must become when its first use types it (bytes zeroed before)
        self.on_typed: Optional[Callable[["Obj"], None]] = None

    def extent(self) -> int:
        """The bytes the object spans: a heap or alloca block's size, else its elements'."""
        if self.kind in BLOCKS:
            return self.size
        return (self.count or 0) * (self.elem.size if self.elem is not None else 0)

    def read(self, path: Path, pointer: bool) -> Any:
        """The scalar at ``path`` (a pointer or not): as written, else zero in a zeroed object, else
        :data:`UNDEF`."""
        v = self.slots.get(path, _ABSENT)
        if v is _ABSENT:
            return zero(pointer) if self.zero else UNDEF
        return v


class Ptr:
    """A pointer: ``obj`` None is NULL; ``bound`` is the length of the array ``path[-1]`` indexes
    (None: the object's own element count)."""

    __slots__ = ("obj", "path", "bound")

    def __init__(self, obj: Optional[Obj], path: Path = (), bound: Optional[int] = None) -> None:
        self.obj = obj
        self.path = path
        self.bound = bound

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Ptr) and self.obj is other.obj and self.path == other.path

    def __hash__(self) -> int:
        return hash((id(self.obj), self.path))

    def moved(self, k: int) -> "Ptr":
        """The pointer ``k`` elements further (pointer arithmetic)."""
        if self.obj is None or not self.path or not isinstance(self.path[-1], int):
            raise Unmodeled("pointer arithmetic outside an array")
        return Ptr(self.obj, self.path[:-1] + (self.path[-1] + k,), self.bound)


NULL = Ptr(None)


def live_targets(values: Iterable[Any]) -> List[Obj]:
    """The live objects that the pointers among ``values`` point to (what reachability follows)."""
    return [v.obj for v in values if isinstance(v, Ptr) and v.obj is not None and v.obj.alive]


def zero(pointer: bool) -> Any:
    """The zero of a scalar: NULL or 0."""
    return NULL if pointer else 0


def refuse(why: str) -> Callable[..., Any]:
    """A closure (of any arguments) for what runs do not follow: calling it ends the run."""
    def run(*_args: Any) -> Any:
        raise Unmodeled(why)
    return run

BYTES = "#"
"""The first element of the path of a pointer by bytes (``(char *)p + k``): its second is the offset."""


def _target(p: Any, kind: str, what: str) -> Optional[Obj]:
    """The object a pointer about to be used points to (None: NULL); an uninitialised one breaks ``kind``."""
    if p is UNDEF:
        raise Violation(kind, f"{what} of an uninitialised pointer")
    if not isinstance(p, Ptr):
        raise Unmodeled(f"{what} of a non-pointer")
    return p.obj


class Memory:
    """The objects of one execution, and the checks on them."""

    def __init__(self) -> None:
        self.made = 0             # objects made so far (their idents)
        self.live: Dict[int, Obj] = {}   # the heap blocks not freed, by ident (in the order made)
        self.allocated = 0
        self.stacked = 0          # alloca blocks made

    def new(self, kind: str, name: str, elem: Any, count: Optional[int], size: int = 0, zero: bool = False) -> Obj:
        if kind == "heap":
            self.allocated += 1
            name = name or f"c{self.allocated}"
        elif kind == "alloca":
            self.stacked += 1
            name = name or f"a{self.stacked}"
        o = Obj(self.made, kind, name, elem, count, size, zero)
        self.made += 1
        if kind == "heap":
            self.live[o.ident] = o
        return o

    def deref(self, p: Any, elem: Any) -> Tuple[Obj, Path]:
        """The object and path ``p`` points to, read as a ``elem`` (a type with a byte ``size``);
        raises :class:`Violation` where C's access is invalid."""
        o = _target(p, "valid-deref", "dereference")
        if o is None:
            raise Violation("valid-deref", "dereference of NULL")
        if p.path[:1] == (BYTES,):
            raise Unmodeled("an access by bytes")
        if not o.alive:
            raise Violation("valid-deref", "dereference of a freed cell" if o.kind == "heap"
                            else "dereference of memory of a returned call (alloca)" if o.kind == "alloca"
                            else "dereference of a variable out of scope")
        if o.kind in BLOCKS and len(p.path) == 1:
            self.typed(o, elem)
        i = p.path[-1]
        bound = p.bound if len(p.path) > 1 else o.count
        if isinstance(i, int) and (i < 0 or bound is None or i >= bound):
            raise Violation("valid-deref", "access out of the bounds of an object")
        return o, p.path

    @staticmethod
    def typed(o: Obj, elem: Any) -> None:
        """Fix a heap block's element type at its first use; a use as another type is not followed."""
        if o.elem is None:
            size = elem.size
            if size <= 0 or 0 < o.size < size:
                raise Unmodeled("a heap block used as a type larger than the block")
            o.elem, o.count = elem, o.size // size
            if o.on_typed is not None:
                o.on_typed(o)
        elif o.elem != elem:
            raise Unmodeled("a heap block used as two types")

    def free(self, p: Any) -> None:
        """``free(p)``: raises :class:`Violation` (``valid-free``) unless p is NULL or a live heap block's start."""
        o = _target(p, "valid-free", "free")
        if o is None:
            return
        if o.kind != "heap":
            raise Violation("valid-free", "free of memory not on the heap")
        if not o.alive:
            raise Violation("valid-free", "free of a cell already freed")
        if p.path != (0,):   # the caller made a pointer to the block's start (0,) by the layout
            raise Violation("valid-free", "free of a pointer inside a heap block")
        o.alive = False
        del self.live[o.ident]

    def lost(self, roots: Iterable[Obj], values: Iterable[Any]) -> List[Obj]:
        """The live heap blocks that no pointer reaches from ``roots`` (live variables) and
        ``values`` (pointers held by an expression being evaluated)."""
        if not self.live:
            return []
        seen: Set[int] = set()
        todo = [o for o in roots if o.alive] + live_targets(values)
        while todo:
            o = todo.pop()
            if o.ident in seen:
                continue
            seen.add(o.ident)
            todo += live_targets(o.slots.values())
        return [o for o in self.live.values() if o.ident not in seen]

    def unfreed(self) -> List[Obj]:
        """The heap blocks not freed."""
        return list(self.live.values())
