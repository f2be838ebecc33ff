"""Whole-element memory operations of the concrete C interpreter: ``memset`` to zero, ``memcpy``
and ``realloc``.

Contract: each works on whole elements of an object (``memset(p, 0, sizeof *p)``, ``memcpy(dst,
src, n * sizeof *src)``, ``realloc`` of a heap block; ``memset`` to zero also on a range of whole
scalars inside one): their scalars are written one by one, so the objects stay what
:mod:`tvla.concrete.cmemory` describes.  A range past an object's end is an
invalid access (``valid-deref``); anything else (another byte than 0, a part of an element, two
element types) is not followed (:class:`~tvla.concrete.cmemory.Unmodeled`)."""

from typing import Any, List, Tuple

from tvla.concrete.cmemory import BLOCKS, UNDEF, Memory, Obj, Ptr, Unmodeled, Violation, zero
from tvla.concrete.ctyping import Ty, path_offset

__all__ = ["zero_fill", "copy_elements", "reallocated", "scalar_paths"]

MAX_SCALARS = 4096   # scalars of one element written one by one at most


def scalar_paths(ty: Ty) -> List[Tuple[Tuple[Any, ...], Ty]]:
    """The scalars of a value of type ``ty``: their paths below it and their types."""
    if ty.kind == "struct":
        return [((f,) + p, t) for f in ty.field_names() for p, t in scalar_paths(ty.field(f))]
    if ty.kind == "array" and ty.elem is not None:
        if ty.n * max(1, len(scalar_paths(ty.elem))) > MAX_SCALARS:
            raise Unmodeled("an array too large to copy")
        return [((i,) + p, t) for i in range(ty.n) for p, t in scalar_paths(ty.elem)]
    return [((), ty)]


def _elements(p: Any, n: Any, what: str) -> Tuple[Obj, int, int]:
    """The object, first element and number of elements of the ``n`` bytes at ``p``."""
    if not isinstance(p, Ptr) or p.obj is None or not isinstance(n, int):
        raise Unmodeled(f"{what} of no object")
    o = p.obj
    if not o.alive:
        raise Violation("valid-deref", f"{what} of a freed cell")
    if o.elem is None or len(p.path) != 1 or not isinstance(p.path[0], int):
        raise Unmodeled(f"{what} of a part of an element")
    size = o.elem.size
    if size <= 0 or n % size:
        raise Unmodeled(f"{what} of a part of an element")
    first, count = p.path[0], n // size
    if first < 0 or o.count is None or first + count > o.count:
        raise Violation("valid-deref", f"{what} past the end of an object")
    return o, first, count


def _within(p: Any, n: Any, what: str) -> None:
    """Raises :class:`Violation` when the ``n`` bytes at ``p`` leave its live object (a heap block
    not used yet too); a range this cannot place is left to the element checks."""
    if not isinstance(p, Ptr) or p.obj is None or not p.obj.alive or not isinstance(n, int):
        return
    o = p.obj
    if p.path == (0,):
        start = 0
    elif o.elem is not None and isinstance(p.path[0], int):
        start = path_offset(o.elem, p.path)
    else:
        return
    if n < 0 or start < 0 or start + n > o.extent():
        raise Violation("valid-deref", f"{what} past the end of an object")


def zero_fill(p: Any, byte: Any, n: Any) -> None:
    """``memset(p, 0, n)``: every scalar of the elements covered is 0 (NULL)."""
    if byte != 0:
        raise Unmodeled("memset to another byte than 0")
    _within(p, n, "memset")
    if isinstance(p, Ptr) and p.obj is not None and p.obj.elem is None and p.obj.kind in BLOCKS \
            and p.path == (0,) and n == p.obj.size:
        p.obj.slots.clear()   # a block not used yet: all of it zero
        p.obj.zero, p.obj.on_typed = True, None
        return
    if isinstance(p, Ptr) and p.obj is not None and p.obj.elem is None and p.obj.kind in BLOCKS \
            and p.path == (0,) and isinstance(n, int) and p.obj.alive:
        _zero_when_typed(p.obj, n)   # memset(t, 0, sizeof(t)) of a new struct: its first bytes
        return
    if isinstance(p, Ptr) and p.obj is not None and p.obj.elem is not None and p.obj.elem.size > 0 \
            and isinstance(n, int) and (len(p.path) != 1 or n % p.obj.elem.size):
        _zero_range(p, n)
        return
    o, first, count = _elements(p, n, "memset")
    assert o.elem is not None
    for i in range(first, first + count):
        for path, t in scalar_paths(o.elem):
            o.slots[(i,) + path] = zero(t.kind == "ptr")


def _zero_when_typed(o: Obj, n: int) -> None:
    """The first ``n`` bytes of a heap block not used yet are zero: its scalars there once its
    first use types it (a zeroed block stays zeroed: nothing to do)."""
    if o.zero or n == 0:
        return
    before = o.on_typed

    def zero_first(typed: Obj) -> None:
        if before is not None:
            before(typed)
        _zero_range(Ptr(typed, (0,), None), n)
    o.on_typed = zero_first


def _zero_range(p: Ptr, n: int) -> None:
    """``memset(p, 0, n)`` of a range of bytes of a typed object that is no run of whole elements
    (``memset(t, 0, sizeof(t))`` of a struct, ``memset(&s->f, 0, ...)``): the scalars inside it
    become 0; one only partly inside, or a bit-field, is not followed.  The range lies inside the
    object (:func:`_within`, checked by the memset)."""
    o = p.obj
    assert o is not None and o.elem is not None
    elem = o.elem
    if not o.alive:
        raise Violation("valid-deref", "memset of a freed cell")
    start = path_offset(elem, p.path)
    end, size = start + n, elem.size
    scalars = [(path_offset(elem, (0,) + q), t, q) for q, t in scalar_paths(elem)]
    if any(t.kind == "int" and ":" in t.name for _off, t, _q in scalars):
        raise Unmodeled("memset of a part of a struct with bit-fields")
    for i in range(start // size, min(o.count or 0, -(-end // size))):
        for off, t, q in scalars:
            lo = i * size + off
            if start <= lo and lo + t.size <= end:
                o.slots[(i,) + q] = zero(t.kind == "ptr")
            elif lo < end and start < lo + t.size:
                raise Unmodeled("memset of a part of a scalar")


def copy_elements(dst: Any, src: Any, n: Any) -> None:
    """``memcpy(dst, src, n)`` between elements of one type (a heap block not used yet takes the
    source's: ``a = malloc(sizeof *a); memcpy(a, b, sizeof *a);``)."""
    _within(src, n, "memcpy")
    _within(dst, n, "memcpy")
    s, sf, _ = _elements(src, n, "memcpy")
    if isinstance(dst, Ptr) and dst.obj is not None and dst.obj.kind in BLOCKS and dst.path == (0,) \
            and dst.obj.alive:
        Memory.typed(dst.obj, s.elem)
    d, df, count = _elements(dst, n, "memcpy")
    if d.elem is not s.elem:
        raise Unmodeled("memcpy between two types")
    assert s.elem is not None
    values = [[s.read((sf + k,) + path, t.kind == "ptr") for path, t in scalar_paths(s.elem)] for k in range(count)]
    for k, row in enumerate(values):
        for (path, _t), v in zip(scalar_paths(s.elem), row):
            d.slots[(df + k,) + path] = v   # UNDEF too: uninitialised in a zeroed block as well


def reallocated(memory: Memory, p: Any, n: Any) -> Ptr:
    """``realloc(p, n)`` of a live heap block (or NULL): a new block of ``n`` bytes holding the old
    one's elements that fit, the old one freed."""
    if not isinstance(n, int) or n <= 0 or not isinstance(p, Ptr):
        raise Unmodeled("realloc to no bytes or of no pointer")
    o = p.obj
    new = memory.new("heap", "", None if o is None else o.elem, None, n)
    if o is None:
        return Ptr(new, (0,), None)
    if o.kind != "heap" or not o.alive or p.path != (0,):
        raise Unmodeled("realloc of no live heap block")
    if o.elem is None and o.on_typed is not None:
        raise Unmodeled("realloc of a block partly zeroed, not used yet")
    if o.elem is None:   # never used: all of it zero (calloc) or all uninitialised
        if o.zero and n > o.size:
            raise Unmodeled("realloc growing a calloc'd block not used yet")
        new.zero = o.zero
    else:
        new.count = n // o.elem.size
        keep = min(new.count, o.count or 0)
        new.zero = False
        for path, v in o.slots.items():
            if path[0] < keep:
                new.slots[path] = v
        if o.zero:   # a calloc'd block: the zeros it held stay, the bytes past it are uninitialised
            for i in range(keep):
                for path, t in scalar_paths(o.elem):
                    new.slots.setdefault((i,) + path, zero(t.kind == "ptr"))
    memory.free(p)
    return Ptr(new, (0,), None)
