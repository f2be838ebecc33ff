"""C types as the concrete interpreter (:mod:`tvla.concrete.cexec`) reads them, from libclang.

Contract: :meth:`Types.of` maps a libclang type to one :class:`Ty` per canonical type (so two
``Ty`` are the same type exactly when they are the same object); :func:`convert` is C's conversion
of a value to a type (integers wrap as gcc does; a conversion C leaves undefined, or one between
two struct pointer types, raises :class:`~tvla.concrete.cmemory.Unmodeled`)."""

import re
from typing import Any, Dict, Optional, Tuple

import clang.cindex as ci

from tvla.concrete.cmemory import BYTES, NULL, UNDEF, Ptr, Unmodeled

__all__ = ["Ty", "Types", "convert", "truth", "tested", "wrap", "retarget", "type_at", "path_offset", "path_at"]

T = ci.TypeKind
_INTS = {T.BOOL: (1, False), T.CHAR_S: (8, True), T.SCHAR: (8, True), T.CHAR_U: (8, False), T.UCHAR: (8, False),
         T.SHORT: (16, True), T.USHORT: (16, False), T.INT: (32, True), T.UINT: (32, False),
         T.LONG: (64, True), T.ULONG: (64, False), T.LONGLONG: (64, True), T.ULONGLONG: (64, False),
         T.INT128: (128, True), T.UINT128: (128, False)}


class Ty:
    """A C type: ``kind`` is int, ptr, struct, array, vla (a variable-length array: its element type
    only), void, func or other."""

    __slots__ = ("kind", "name", "size", "bits", "signed", "boolean", "n", "elem", "fields", "_clang", "_types")

    def __init__(self, kind: str, name: str, size: int, clang_type: Any, types: "Types") -> None:
        self.kind, self.name, self.size = kind, name, size
        self.bits, self.signed, self.boolean = 0, False, False
        self.n = 0
        self.elem: Optional["Ty"] = None
        self.fields: Optional[Dict[str, "Ty"]] = None
        self._clang, self._types = clang_type, types

    @property
    def pointee(self) -> "Ty":
        """What a pointer points to (a pointer to a function or void too)."""
        if self.elem is None:
            self.elem = self._types.of(self._clang.get_pointee())
        return self.elem

    def field_names(self) -> Tuple[str, ...]:
        """A struct's fields in their order."""
        return tuple(self._all_fields())

    def _all_fields(self) -> Dict[str, "Ty"]:
        if self.fields is None:
            decl = self._clang.get_declaration()
            self.fields = {f.spelling: self._types.bitfield(self._types.of(f.type), f.get_bitfield_width())
                           if f.is_bitfield() else self._types.flexible(f.type)
                           if f.type.get_canonical().kind == ci.TypeKind.INCOMPLETEARRAY else self._types.of(f.type)
                           for f in decl.get_children() if f.kind == ci.CursorKind.FIELD_DECL}
        return self.fields

    def field(self, name: str) -> "Ty":
        """The type of a struct's field."""
        fields = self._all_fields()
        if name not in fields:
            raise Unmodeled(f"no field {name}")
        return fields[name]

    def offset(self, name: str) -> int:
        """The byte offset of a struct's field."""
        bits = self._clang.get_offset(name)
        if bits < 0 or bits % 8:
            raise Unmodeled(f"the offset of field {name}")
        return bits // 8

    def lo_hi(self) -> Tuple[int, int]:
        """The range of an integer type."""
        if self.boolean:
            return 0, 1
        if self.signed:
            return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1
        return 0, (1 << self.bits) - 1

    def __repr__(self) -> str:
        return self.name


_QUALIFIERS = re.compile(r"^(?:(?:const|volatile|restrict) )+|(?: (?:const|volatile|restrict))+$")


class Types:
    """The :class:`Ty` of each canonical libclang type, made once."""

    def __init__(self) -> None:
        self.memo: Dict[str, Ty] = {}

    def bitfield(self, base: Ty, width: int) -> Ty:
        """The type of a bit-field of ``width`` bits of the integer type ``base`` (a store wraps to it)."""
        key = f"{base.name}:{width}"
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = Ty("int", key, base.size, None, self)
            known.bits, known.signed, known.boolean = width, base.signed, base.boolean
        return known

    def array(self, elem: Ty, n: int) -> Ty:
        """The array of ``n`` elements of ``elem`` (a variable-length array whose declaration ran)."""
        key = f"{elem.name} [{n}]"
        known = self.memo.get(key)
        if known is None:
            known = self.memo[key] = Ty("array", key, n * elem.size, None, self)
            known.n, known.elem = n, elem
        return known

    def flexible(self, t: Any) -> Ty:
        """A struct's flexible array member ``T d[];``: an array of no elements of its own (those
        past the struct, in the block that holds it, are its elements)."""
        return self.array(self.of(t.get_canonical().element_type), 0)

    def of(self, t: Any) -> Ty:
        c = t.get_canonical()
        key = _QUALIFIERS.sub("", c.spelling)   # a const T is T: the same Ty (conversions keep qualifiers out)
        known = self.memo.get(key)
        if known is not None:
            return known
        kind = c.kind
        size = c.get_size()
        if kind in _INTS or kind == T.ENUM:
            ty = Ty("int", key, size, c, self)
            # an enum is its compatible integer type: unsigned int without a negative constant (gcc's
            # and clang's choice), so an enum bit-field of 1 bit holds 0 and 1, not 0 and -1
            base = c.get_declaration().enum_type.kind if kind == T.ENUM else kind
            bits, ty.signed = _INTS.get(base, (32, True))
            ty.bits = bits if kind == T.BOOL or size <= 0 else 8 * size   # long: 32 bits under -m32
            ty.boolean = kind == T.BOOL
        elif kind == T.POINTER:
            ty = Ty("ptr", key, size, c, self)
        elif kind == T.RECORD and c.get_declaration().kind == ci.CursorKind.STRUCT_DECL:
            ty = Ty("struct", key, size, c, self)
        elif kind == T.CONSTANTARRAY:
            ty = Ty("array", key, size, c, self)
            ty.n = c.element_count
            self.memo[key] = ty
            ty.elem = self.of(c.element_type)
            return ty
        elif kind == T.VARIABLEARRAY:   # its length is known when its declaration runs (:meth:`array`)
            ty = Ty("vla", key, 0, c, self)
            self.memo[key] = ty
            ty.elem = self.of(c.element_type)
            return ty
        elif kind == T.VOID:
            ty = Ty("void", key, 0, c, self)
        elif kind in (T.FUNCTIONPROTO, T.FUNCTIONNOPROTO):
            ty = Ty("func", key, 0, c, self)
        else:
            ty = Ty("other", key, size, c, self)
        self.memo[key] = ty
        return ty


def wrap(v: int, ty: Ty) -> int:
    """``v`` converted to the integer type ``ty`` (modulo its width, as gcc does for signed types)."""
    if ty.boolean:
        return 1 if v else 0
    m = 1 << ty.bits
    v &= m - 1
    return v - m if ty.signed and v >= m >> 1 else v


def convert(v: Any, ty: Ty) -> Any:
    """The value ``v`` converted to ``ty``."""
    if v is UNDEF:
        return v
    if ty.kind == "int":
        if isinstance(v, bool) or isinstance(v, int):
            return wrap(int(v), ty)
        if isinstance(v, Ptr) and ty.boolean:
            return 0 if v.obj is None else 1
        raise Unmodeled("a pointer converted to an integer")
    if ty.kind == "ptr":
        if isinstance(v, int):
            if v == 0:
                return NULL
            raise Unmodeled("an integer converted to a pointer")
        if isinstance(v, Ptr) and v.obj is not None and v.obj.elem is not None:
            return retarget(v, ty.pointee)
        return v
    return v


def retarget(v: Ptr, want: Ty) -> Ptr:
    """``v`` seen as a pointer to ``want``: a struct at the same address (``container_of``, a cast
    of a pointer to a struct's first member) is found by the layout; other views keep ``v``."""
    o = v.obj
    assert o is not None and o.elem is not None
    if v.path[:1] == (BYTES,):
        if want.kind != "struct":
            return v
        off = v.path[1]
    elif want.kind != "struct" or type_at(o.elem, v.path) is want:
        return v
    else:
        off = path_offset(o.elem, v.path)
    found = path_at(o.elem, off, want)
    if found is None:   # no such struct there (container_of of the list's head): only its fields may be
        return Ptr(o, (BYTES, off), None)
    return Ptr(o, found[0], found[1])


def type_at(elem: Ty, path: Tuple[Any, ...]) -> Optional[Ty]:
    """The type of what ``path`` names in an object of ``elem`` elements (None: a path by bytes)."""
    t = elem
    for x in path[1:]:
        if isinstance(x, str):
            if t.kind != "struct":
                return None
            t = t.field(x)
        elif t.kind == "array" and t.elem is not None:
            t = t.elem
        else:
            return None
    return t


def path_offset(elem: Ty, path: Tuple[Any, ...]) -> int:
    """The byte offset of what ``path`` names in an object of ``elem`` elements."""
    if not path or not isinstance(path[0], int):
        raise Unmodeled("an address by bytes")
    off, t = path[0] * elem.size, elem
    for x in path[1:]:
        if isinstance(x, str):
            off, t = off + t.offset(x), t.field(x)
        elif t.kind == "array" and t.elem is not None:
            off, t = off + x * t.elem.size, t.elem
        else:
            raise Unmodeled("an address by bytes")
    return off


def path_at(elem: Ty, off: int, want: Ty) -> Optional[Tuple[Tuple[Any, ...], Optional[int]]]:
    """The path (and the bound of its last index) of a ``want`` at byte ``off`` of an object of
    ``elem`` elements, the outermost first; None when none starts there."""
    if elem.size <= 0 or off < 0:
        return None
    i, rem = divmod(off, elem.size)
    path: Tuple[Any, ...] = (i,)
    bound: Optional[int] = None
    t = elem
    while True:
        if rem == 0 and t is want:
            return path, bound
        if t.kind == "struct":
            inside = [f for f in t.field_names() if t.offset(f) <= rem < t.offset(f) + max(1, t.field(f).size)]
            if not inside:
                return None
            f = inside[0]
            path, rem, t = path + (f,), rem - t.offset(f), t.field(f)
        elif t.kind == "array" and t.elem is not None and t.elem.size > 0:
            j, rem = divmod(rem, t.elem.size)
            path, bound, t = path + (j,), t.n, t.elem
        else:
            return None


def truth(v: Any) -> bool:
    """Whether a scalar is nonzero (a pointer: not NULL)."""
    if isinstance(v, int):
        return v != 0
    if isinstance(v, Ptr):
        return v.obj is not None
    if v is UNDEF:   # an uninitialised pointer (integers get a value at their first read): garbage, not NULL
        return True
    raise Unmodeled("a test of a value that is no scalar")


def tested(v: Any, m: Any) -> bool:
    """:func:`truth` of ``v`` in a run of the machine ``m``: an uninitialised pointer's garbage,
    taken as not NULL, is one value of several C allows, noted as a guess (``m.guessed``)."""
    if v is UNDEF:
        m.guessed = True
    return truth(v)
