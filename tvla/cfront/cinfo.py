"""What the lowering asks of libclang's cursors and types, as small pure functions.

* types: is a type an integer, a pointer to a struct (which struct), a pointer
  to a pointer; the :class:`~tvla.cfront.ir.StructType` of a struct (pointer
  fields to structs and int fields; fields of other types are left out, and a
  use of one is reported by the lowering);
* cursors: stripping parentheses and casts, the callee of a call, a stable
  key for a declaration, and the C position and one-line source text of a
  cursor (its expansion location: a macro use such as ``assert(...)`` is
  located where it is written).
"""

import re
from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet, Hashable, Iterator, List, Optional, Sequence, Set, Tuple, TypeVar, Union

import clang.cindex as ci

from tvla.cfront.ir import IntRange, Pos, StructType
from tvla.cfront.parse import PRELUDE, STEP_OPS, binary_operator, evaluate_int, unary_operator

__all__ = ["BLOCK", "LOOPS", "encloses", "unbuiltin", "designated_function", "function_symbol", "tokens", "is_line_marker", "accessed_cells", "ABS_FUNCTIONS", "jumped_over_decls", "opaque_expression", "binary_conditional", "repeatable", "ERROR_FUNCTIONS", "EXIT_FUNCTIONS", "STOPPING_FUNCTIONS", "never_returns", "callee_definition", "strip_kept", "CELL_ALLOCATORS", "backward_jumps", "is_global_var", "jumped_back_over", "switch_range", "controlling_range", "LIBRARY_BUILTINS", "FORTIFIED", "call_arguments", "library_name", "HIDDEN_CALL_ATTRIBUTES", "hidden_calls", "K", "T", "walk_main", "all_zero", "is_aggregate", "has_backward_goto", "does_nothing", "INT_KINDS", "sizeof_struct", "is_int", "int_range", "field_range", "member_range", "is_void_pointer", "is_floating", "is_number", "struct_decl", "struct_name", "pointee_struct", "is_pointer",
           "int_cell", "is_int_cell", "is_byte_cell", "cell_words", "CELL_FIELD", "cell_deref", "is_datum",
           "is_function_pointer", "is_scalar", "definitions", "callable_from_main", "function_of", "function_value", "function_number", "FunctionFields", "function_field_values", "copied_functions", "constant_value",
           "struct_type", "fields_of", "decl_key", "initializer", "strip", "callee_name", "children", "SourceText",
           "switch_cases", "for_parts", "for_parts_unknown", "writes_operand", "Designator", "designations", "designated_fields",
           "returned_values"]

K = ci.CursorKind
T = ci.TypeKind
BLOCK = "__tvla_block"   # the struct without fields a void * given only blocks of bytes is retyped to
INT_KINDS = frozenset({T.BOOL, T.CHAR_U, T.UCHAR, T.CHAR16, T.CHAR32, T.USHORT, T.UINT, T.ULONG, T.ULONGLONG,
                       T.UINT128, T.CHAR_S, T.SCHAR, T.WCHAR, T.SHORT, T.INT, T.LONG, T.LONGLONG, T.INT128,
                       T.ENUM})
_IDENT = re.compile(r"^[A-Za-z_]\w*$")
# A line marker of gcc -E output (``# 10 "prog.c" 3 4``, around a macro from a system header such as
# NULL) or a #line directive: it sets the positions only
_LINE_MARKER = re.compile(r"\s*#\s*(line\s+)?\d+(\s+\"[^\"]*\")?(\s+\d+)*\s*")


def is_line_marker(line: str) -> bool:
    """Is ``line`` (a whole line of a file) a line marker or #line directive?"""
    return _LINE_MARKER.fullmatch(line) is not None


def is_int(t: ci.Type) -> bool:
    return t.get_canonical().kind in INT_KINDS


_SIGNED_KINDS = frozenset({T.CHAR_S, T.SCHAR, T.WCHAR, T.SHORT, T.INT, T.LONG, T.LONGLONG, T.INT128})


def int_range(t: ci.Type) -> Optional[IntRange]:
    """The values of an int type (an enum: of the type it is stored as); None for another type."""
    c = t.get_canonical()
    if c.kind == T.ENUM:
        decl = c.get_declaration()
        return int_range(decl.enum_type) if decl is not None and decl.kind == K.ENUM_DECL else None
    if c.kind not in INT_KINDS:
        return None
    if c.kind == T.BOOL:
        return IntRange(1, False, True)
    size = c.get_size()
    return IntRange(8 * size, c.kind in _SIGNED_KINDS) if size > 0 else None


def field_range(field: ci.Cursor) -> Optional[IntRange]:
    """The values an int field holds: its type's, or those of a bit-field's width (``unsigned a : 3``
    holds 0 to 7, ``int b : 2`` -2 to 1, as gcc makes a plain int bit-field signed)."""
    rng = int_range(field.type)
    if rng is None or rng.boolean or not field.is_bitfield():
        return rng
    return IntRange(max(field.get_bitfield_width(), 1), rng.signed)


def member_range(c: ci.Cursor) -> Optional[IntRange]:
    """The values an int lvalue holds: a field's (:func:`field_range`), else its type's."""
    s = strip(c)
    ref = s.referenced if s.kind == K.MEMBER_REF_EXPR else None
    return field_range(ref) if ref is not None and ref.kind == K.FIELD_DECL else int_range(s.type)


_FLOAT_KINDS = frozenset({T.FLOAT, T.DOUBLE, T.LONGDOUBLE, T.HALF, T.FLOAT128, T.FLOAT16, T.IBM128})   # the last two: parse.py


def is_floating(t: ci.Type) -> bool:
    return t.get_canonical().kind in _FLOAT_KINDS


def is_number(t: ci.Type) -> bool:
    """An int, a function pointer (followed as an int: :func:`function_value`) or a floating type
    (floating variables are never tracked, like abstracted ints)."""
    return is_scalar(t) or is_floating(t)


def is_pointer(t: ci.Type) -> bool:
    """A pointer to data (a function pointer is followed as an int)."""
    return t.get_canonical().kind == T.POINTER and not is_function_pointer(t)


def is_function_pointer(t: ci.Type) -> bool:
    c = t.get_canonical()
    return c.kind == T.POINTER and c.get_pointee().get_canonical().kind in (T.FUNCTIONPROTO, T.FUNCTIONNOPROTO)


def is_scalar(t: ci.Type) -> bool:
    """An int or a function pointer: the variables whose values :mod:`tvla.cfront.intvars` classifies."""
    return is_int(t) or is_function_pointer(t)


def function_of(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The function a function designator names (``f`` or ``&f``, parentheses and casts aside), else None."""
    s = strip(c, casts=True)
    kids = children(s)
    if s.kind == K.UNARY_OPERATOR and len(kids) == 1 and unary_operator(s) == "&":
        s = strip(kids[0], casts=True)
    ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind == K.FUNCTION_DECL else None


def constant_value(c: ci.Cursor) -> Optional[int]:
    """The value of an integer constant expression, of a null pointer constant (``NULL``: 0) or of a
    function designator, else None."""
    v = evaluate_int(c)
    if v is None and evaluate_int(strip(c, casts=True)) == 0:
        return 0
    return function_value(c) if v is None else v


def function_value(c: ci.Cursor) -> Optional[int]:
    """A function designator as the int a function pointer holding it is followed as (its
    :func:`function_number`); None for another expression."""
    f = function_of(c)
    return function_number(f) if f is not None else None


@dataclass(frozen=True)
class FunctionFields:
    """The values the program writes to each function pointer field of a struct (by
    :func:`decl_key`; :func:`function_field_values`).  ``followed`` False: an initialiser designates
    a field past an array index (``.ops[1].f = g``), so any field may hold anything."""

    written: Dict[Hashable, Optional[FrozenSet[int]]]
    followed: bool = True

    def of(self, field: ci.Cursor) -> Optional[FrozenSet[int]]:
        """The values written to ``field`` (a field never written: none, it holds NULL or is
        uninitialised), or None when they are not followed."""
        return self.written.get(decl_key(field), frozenset()) if self.followed else None


def function_field_values(tu: ci.TranslationUnit) -> FunctionFields:
    """For each function pointer field of a struct, the values the program writes to it
    (:func:`constant_value`: function designators and NULL, by ``p->f = g`` or an initialiser list;
    ``p->f = rel`` of a parameter: what every call passes it, see :class:`_Arguments`), or None when
    some write is no constant or its address is taken (``&p->f``): a call through the field may then
    call anything."""
    out: Dict[Hashable, Optional[FrozenSet[int]]] = {}
    arguments = _Arguments(tu)

    def write(field: Optional[ci.Cursor], value: Optional[int]) -> None:
        if field is None or field.kind != K.FIELD_DECL or not is_function_pointer(field.type):
            return
        key = decl_key(field)
        known = out.get(key, frozenset())
        out[key] = None if value is None or known is None else known | {value}

    for c in tu.cursor.walk_preorder():
        kids = children(c) if c.kind in (K.BINARY_OPERATOR, K.UNARY_OPERATOR, K.INIT_LIST_EXPR) else []
        lhs = strip(kids[0]) if kids else None
        if c.kind == K.BINARY_OPERATOR and binary_operator(c) == "=" and lhs is not None and lhs.kind == K.MEMBER_REF_EXPR:
            for value in arguments.values(kids[1], frozenset()):
                write(lhs.referenced, value)
        elif c.kind == K.UNARY_OPERATOR and unary_operator(c) == "&" and lhs is not None and lhs.kind == K.MEMBER_REF_EXPR:
            write(lhs.referenced, None)
        elif c.kind == K.INIT_LIST_EXPR and struct_decl(c.type) is not None:
            for field, designators, e in designated_fields(c, fields_of(struct_decl(c.type))):
                target = _designated(field, designators[1:])
                if target is None and len(designators) > 1:   # .a[1].f = g: which field is not followed
                    return FunctionFields({}, False)
                write(target, constant_value(e))
    return FunctionFields(out)


def copied_functions(c: ci.Cursor, fields: Optional[FunctionFields]) -> Optional[Tuple[int, ...]]:
    """The values ``c`` may have when it reads a function pointer field (``p->f``): those the
    program writes to the field (``fields``) and NULL; None for another expression or a field whose
    values are not followed."""
    s = strip(c, casts=True)
    ref = s.referenced if s.kind == K.MEMBER_REF_EXPR else None
    if ref is None or ref.kind != K.FIELD_DECL or not is_function_pointer(ref.type) or fields is None:
        return None
    written = fields.of(ref)
    return None if written is None else tuple(sorted(written | {0}))


class _Arguments:
    """The constant values an expression may have: each arm of ``a ? f : g`` on its own, and for a
    parameter never written in its function (``rel`` of ``make(kind, rel)``) the values every call
    passes it, unless the function may be called through a pointer (None: not a constant)."""

    def __init__(self, tu: ci.TranslationUnit) -> None:
        self.calls: Dict[Hashable, List[List[ci.Cursor]]] = {}
        self.written: Set[Hashable] = set()   # parameters assigned or whose address is taken
        callees: Set[int] = set()
        for c in tu.cursor.walk_preorder():
            kids = children(c)
            if c.kind == K.CALL_EXPR and c.referenced is not None and c.referenced.kind == K.FUNCTION_DECL:
                self.calls.setdefault(decl_key(c.referenced.canonical), []).append(list(c.get_arguments()))
                callees |= {strip(kids[0], casts=True).location.offset} if kids else set()
            target = strip(kids[0]) if kids and writes_operand(c) or \
                kids and c.kind == K.UNARY_OPERATOR and unary_operator(c) == "&" else None
            if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None:
                self.written.add(decl_key(target.referenced))
        self.taken = {decl_key(c.referenced.canonical) for c in tu.cursor.walk_preorder()
                      if c.kind == K.DECL_REF_EXPR and c.referenced is not None
                      and c.referenced.kind == K.FUNCTION_DECL and c.location.offset not in callees}

    def values(self, c: ci.Cursor, seen: FrozenSet[Hashable]) -> List[Optional[int]]:
        s = strip(c, casts=True)
        kids = children(s)
        if s.kind == K.CONDITIONAL_OPERATOR and len(kids) == 3:
            return self.values(kids[1], seen) + self.values(kids[2], seen)
        ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
        if ref is None or ref.kind != K.PARM_DECL:
            return [constant_value(c)]
        fn = ref.semantic_parent
        key = decl_key(ref)
        if fn is None or fn.kind != K.FUNCTION_DECL or key in self.written or key in seen \
                or decl_key(fn.canonical) in self.taken:
            return [None]
        index = [decl_key(p) for p in fn.get_arguments()].index(key)
        out: List[Optional[int]] = []
        for args in self.calls.get(decl_key(fn.canonical), []):
            out += self.values(args[index], seen | {key}) if index < len(args) else [None]
        return out


def _designated(field: Optional[ci.Cursor], path: Sequence["Designator"]) -> Optional[ci.Cursor]:
    """The field ``.f.g.h = e`` gives: from ``f``'s declaration, down the members named after it
    (None past an array index or a name no struct has)."""
    for name in path:
        decl = struct_decl(field.type) if field is not None else None
        field = next((f for f in fields_of(decl) if f.spelling == name), None) if decl is not None else None
    return field


def function_number(f: ci.Cursor) -> int:
    """The int that stands for function ``f``: one more than the offset of its first declaration in
    its file (never 0, which is NULL; the same for every declaration of f)."""
    return int(f.canonical.location.offset) + 1


def struct_decl(t: ci.Type) -> Optional[ci.Cursor]:
    """The declaration of a struct type (None for any other type, unions included)."""
    c = t.get_canonical()
    if c.kind != T.RECORD:
        return None
    d = c.get_declaration()
    return d if d.kind == K.STRUCT_DECL else None


def struct_name(decl: ci.Cursor) -> str:
    """A struct's name: its tag, else the typedef that names it, else one made from its line."""
    name = decl.spelling
    if _IDENT.match(name or ""):
        return name
    return f"anon_struct_{decl.location.line}"


def is_void_pointer(t: ci.Type) -> bool:
    c = t.get_canonical()
    return c.kind == T.POINTER and c.get_pointee().kind == T.VOID


def pointee_struct(t: ci.Type) -> Optional[ci.Cursor]:
    """The struct declaration a pointer type points to (None: not a pointer to a struct); a pointer
    to an integer points to its :func:`int_cell`."""
    c = t.get_canonical()
    if c.kind != T.POINTER:
        return None
    return struct_decl(c.get_pointee()) or int_cell(c.get_pointee())


# A heap cell holding one integer (``int *p = malloc(sizeof(int)); *p = 1``) is lowered as a cell of
# a struct with one int field, CELL_FIELD, declared in tvla_prelude.h for each integer type: ``*p``
# is then ``p->value`` and the library, the properties and the witnesses need nothing new.
CELL_FIELD = "value"
_CELL_TAGS = {T.INT: "int", T.UINT: "uint", T.CHAR_S: "char", T.CHAR_U: "char", T.SCHAR: "schar",
              T.UCHAR: "uchar", T.SHORT: "short", T.USHORT: "ushort", T.LONG: "long", T.ULONG: "ulong",
              T.LONGLONG: "llong", T.ULONGLONG: "ullong", T.BOOL: "bool"}


def _cell_offsets() -> Dict[str, int]:
    """Where the prelude declares the struct of each integer type's cells (offset of its tag)."""
    with open(PRELUDE, encoding="utf-8") as fh:
        text = fh.read()
    return {tag: text.index(f"struct __tvla_{tag}_cell ") + len("struct ") for tag in set(_CELL_TAGS.values())}


_CELL_OFFSETS = _cell_offsets()


def int_cell(t: ci.Type) -> Optional[ci.Cursor]:
    """The prelude's struct standing for a heap cell of integer type ``t`` (None for another type,
    enums included: their values are not followed through cells)."""
    tag = _CELL_TAGS.get(t.get_canonical().kind)
    if tag is None:
        return None
    tu = t.get_declaration().translation_unit
    found = ci.Cursor.from_location(tu, tu.get_location(PRELUDE, _CELL_OFFSETS[tag]))
    return found if found is not None and found.kind == K.STRUCT_DECL else None


def is_int_cell(decl: Optional[ci.Cursor]) -> bool:
    """Is ``decl`` one of the structs :func:`int_cell` returns?"""
    return decl is not None and decl.spelling.startswith("__tvla_") and decl.spelling.endswith("_cell")


def cell_words(decl: ci.Cursor) -> str:
    """What a cell of struct ``decl`` holds, in C words: ``struct node``, or ``int`` for an int cell."""
    return fields_of(decl)[0].type.spelling if is_int_cell(decl) else f"struct {struct_name(decl)}"


def is_byte_cell(decl: Optional[ci.Cursor]) -> bool:
    """A cell of one ``char`` (or ``_Bool``): a ``char *`` is also how C views the bytes of any cell."""
    return is_int_cell(decl) and decl is not None and decl.type.get_size() == 1


def cell_deref(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The pointer operand of ``*p`` (or ``p[0]``) when ``p`` points to an :func:`int_cell`; else None."""
    kids = children(c)
    if c.kind == K.UNARY_OPERATOR and len(kids) == 1 and unary_operator(c) == "*":
        base = kids[0]
    elif c.kind == K.ARRAY_SUBSCRIPT_EXPR and len(kids) == 2 and evaluate_int(kids[1]) == 0:
        base = kids[0]
    else:
        return None
    return base if is_int_cell(pointee_struct(base.type)) else None


def accessed_cells(root: ci.Cursor) -> FrozenSet[Hashable]:
    """The int cells (by :func:`decl_key`) whose element some expression below ``root`` reads or
    writes: ``*p`` or ``p[i]`` of a pointer to one, or a call of a function not defined in the
    file (``memset``, ``strcpy``...) but ``free`` given such a pointer."""
    out: Set[Hashable] = set()
    for c in root.walk_preorder():
        kids = children(c)
        bases: List[ci.Cursor] = []
        if c.kind == K.UNARY_OPERATOR and len(kids) == 1 and unary_operator(c) == "*" or \
                c.kind == K.ARRAY_SUBSCRIPT_EXPR and kids:
            bases = kids[:1]
        elif c.kind == K.CALL_EXPR and callee_definition(c) is None and callee_name(c) != "free":
            bases = kids[1:]
        for t in (strip(b, casts=True).type for b in bases):
            cell = pointee_struct(t) if is_pointer(t) else None
            if is_int_cell(cell):
                out.add(decl_key(cell))
    return frozenset(out)


def is_datum(c: ci.Cursor) -> bool:
    """An int field of a cell: ``p->d``, or ``*p`` of an int cell (``c`` stripped)."""
    return c.kind == K.MEMBER_REF_EXPR and is_int(c.type) or cell_deref(c) is not None


def struct_type(decl: ci.Cursor) -> Tuple[StructType, List[ci.Cursor]]:
    """The StructType of a struct and the declarations of the structs its pointer fields point to.
    The fields of a struct embedded in it (a field of struct type, not a pointer) are its own,
    named ``outer.inner`` (``n->pl.a`` is field ``pl.a`` of n's cell)."""
    ptrs: List[Tuple[str, str]] = []
    ints: List[Tuple[str, Optional[IntRange]]] = []
    targets: List[ci.Cursor] = []
    _collect_fields(decl, "", ptrs, ints, targets, set())

    def flat(f: str) -> str:   # the field as part of a predicate name
        return re.sub(r"\W", "_", f)
    # an embedded field whose predicate name would be another field's is left out (unsupported)
    taken = {flat(f) for f in [f for f, _ in ptrs] + [f for f, _ in ints] if "." not in f}
    ptrs = [(f, t) for f, t in ptrs if "." not in f or flat(f) not in taken]
    ints = [(f, r) for f, r in ints if "." not in f or flat(f) not in taken]
    ranges = tuple((f, r) for f, r in ints if r is not None)
    kept = [f for f, _ in ints]
    functions = tuple(f for f in _function_fields(decl, "") if f in kept)
    return StructType(struct_name(decl), tuple(ptrs), tuple(kept), ranges, functions), targets


def _function_fields(decl: ci.Cursor, prefix: str) -> List[str]:
    """The function pointer fields of a struct, those of structs embedded in it named ``outer.inner``."""
    out: List[str] = []
    for f in fields_of(decl):
        embedded = struct_decl(f.type)
        if is_function_pointer(f.type):
            out.append(prefix + f.spelling)
        elif embedded is not None and f.spelling and embedded != decl:
            out += _function_fields(embedded, prefix + f.spelling + ".")
    return out


def fields_of(decl: ci.Cursor) -> List[ci.Cursor]:
    """The field declarations of a struct, in order (of its definition when it has one)."""
    return [f for f in (decl.get_definition() or decl).get_children() if f.kind == K.FIELD_DECL]


def _collect_fields(decl: ci.Cursor, prefix: str, ptrs: List[Tuple[str, str]],
                    ints: List[Tuple[str, Optional[IntRange]]], targets: List[ci.Cursor], inside: Set[Tuple[str, int]]) -> None:
    for f in fields_of(decl):
        name = prefix + f.spelling
        target = pointee_struct(f.type)
        embedded = struct_decl(f.type)
        if target is not None:
            ptrs.append((name, struct_name(target)))
            targets.append(target)
        elif is_number(f.type):   # a floating field: a datum whose value is never read; a function pointer's: an int
            ints.append((name, field_range(f)))
        elif embedded is not None and f.spelling and decl_key(embedded) not in inside:
            _collect_fields(embedded, name + ".", ptrs, ints, targets, inside | {decl_key(embedded)})


def sizeof_struct(args: List[ci.Cursor]) -> Optional[ci.Cursor]:
    """The struct whose ``sizeof`` is an argument of an allocation whose result has no struct type
    (``(void) malloc(sizeof(struct T))``, the block dropped; ``void *p = malloc(sizeof *n)``)."""
    for a in args:
        a = strip(a)
        if a.kind == K.CXX_UNARY_EXPR:
            for k in children(a):
                decl = struct_decl(k.type)
                if decl is not None:
                    return decl
    return None


def decl_key(c: ci.Cursor) -> Tuple[str, int]:
    """A key identifying a declaration (file and offset of its name)."""
    loc = c.location
    return (loc.file.name if loc.file is not None else "", loc.offset)


LOOPS = (K.WHILE_STMT, K.DO_STMT, K.FOR_STMT)


def encloses(outer: ci.Cursor, inner: ci.Cursor) -> bool:
    """Does the source range of ``outer`` hold the start of ``inner``?"""
    return outer.extent.start.offset <= inner.extent.start.offset < outer.extent.end.offset


def writes_operand(c: ci.Cursor) -> bool:
    """Does ``c`` write its first operand (``=``, ``+=``, ``++``...)?"""
    return c.kind == K.BINARY_OPERATOR and binary_operator(c) == "=" or c.kind == K.COMPOUND_ASSIGNMENT_OPERATOR \
        or c.kind == K.UNARY_OPERATOR and unary_operator(c) in STEP_OPS


def children(c: ci.Cursor) -> List[ci.Cursor]:
    return list(c.get_children())


def mentions(s: ci.Cursor, key: Hashable) -> bool:
    """Does ``s`` refer to the declaration ``key`` (:func:`decl_key`: a variable, or a field
    through ``p->f``) anywhere?"""
    return any(c.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) and c.referenced is not None and decl_key(c.referenced) == key
               for c in s.walk_preorder())


Ctx = TypeVar("Ctx")


def walk_main(tu: ci.TranslationUnit, down: Callable[[ci.Cursor, Ctx], Ctx], top: Ctx) -> Iterator[Tuple[ci.Cursor, Ctx]]:
    """Every cursor of ``tu``'s main file in preorder, with the context its parent hands down: ``top``
    at file scope, ``down(parent, parent's context)`` below (the enclosing function, the parent
    itself...).  No recursion: C nests deeper than Python's stack."""
    main = tu.spelling
    todo = [(c, top) for c in reversed(children(tu.cursor)) if c.location.file is not None and c.location.file.name == main]
    while todo:
        c, ctx = todo.pop()
        yield c, ctx
        inner = down(c, ctx)
        todo.extend((k, inner) for k in reversed(children(c)))


def has_backward_goto(c: ci.Cursor) -> bool:
    """Does a ``goto`` below ``c`` jump to a label written before it (a loop made of gotos)?
    A label that cannot be found counts as backward."""
    if c.kind == K.GOTO_STMT:
        label = c.referenced
        return label is None or label.extent.start.offset <= c.extent.start.offset
    return any(has_backward_goto(ch) for ch in c.get_children())


def backward_jumps(fn: ci.Cursor) -> Tuple[Tuple[int, int], ...]:
    """(the label's offset, the goto's) of each ``goto`` below ``fn`` that jumps back to a label
    written before it."""
    return tuple((g.referenced.extent.start.offset, g.extent.start.offset) for g in fn.walk_preorder()
                 if g.kind == K.GOTO_STMT and g.referenced is not None
                 and g.referenced.extent.start.offset <= g.extent.start.offset)


def jumped_back_over(d: ci.Cursor, jumps: Sequence[Tuple[int, int]]) -> bool:
    """Does one of its function's ``jumps`` (:func:`backward_jumps`) go back from after declaration
    ``d`` to before it (so that the declaration is reached again while its object lives on: C
    keeps one object, runs its initialiser again, and leaves it indeterminate without one)?"""
    at = d.extent.start.offset
    return any(label <= at < goto for label, goto in jumps)


def is_global_var(ref: ci.Cursor) -> bool:
    """Is ``ref`` the declaration of a variable at file scope?"""
    return ref.kind == K.VAR_DECL and ref.semantic_parent is not None \
        and ref.semantic_parent.kind == K.TRANSLATION_UNIT


def initializer(d: ci.Cursor) -> Optional[ci.Cursor]:
    """The initialiser of a variable declaration (not the size of an array, also a child)."""
    exprs = [x for x in d.get_children() if x.kind.is_expression()]
    if not exprs:
        return None
    if d.type.get_canonical().kind in (T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY) and \
            exprs[-1].kind not in (K.INIT_LIST_EXPR, K.STRING_LITERAL):
        return None
    return exprs[-1]


def is_aggregate(t: ci.Type) -> bool:
    """A struct or an array: what an initialiser list's element may fill with braces of its own."""
    return t.get_canonical().kind in (T.RECORD, T.CONSTANTARRAY, T.INCOMPLETEARRAY, T.VARIABLEARRAY)


def all_zero(init: ci.Cursor) -> bool:
    """Is every element of an initialiser list (and of its inner lists) the constant 0?"""
    return all(all_zero(k) if k.kind == K.INIT_LIST_EXPR else evaluate_int(k) == 0 for k in children(init))


Designator = Union[str, ci.Cursor]
"""One step of a designated initialiser: ``.f`` a field's name, ``[i]`` the index expression."""


def designations(init: ci.Cursor) -> List[Tuple[Tuple[Designator, ...], ci.Cursor]]:
    """The elements of an initialiser list ``init``, each with its designators (``.o.m = 3``:
    ``("o", "m")``; ``[2] = 7``: the cursor of ``2``; none: the element after the one before, in
    order) and its value.  libclang shows a designated element as an unexposed expression whose
    children are the designators, then the value."""
    out: List[Tuple[Tuple[Designator, ...], ci.Cursor]] = []
    for e in children(init):
        kids = children(e)
        first = next(iter(e.get_tokens()), None) if e.kind == K.UNEXPOSED_EXPR and len(kids) >= 2 else None
        if first is not None and first.spelling in (".", "["):
            out.append((tuple(k.spelling if k.kind == K.MEMBER_REF else k for k in kids[:-1]), kids[-1]))
        else:
            out.append(((), e))
    return out


def designated_fields(init: ci.Cursor, fields: Sequence[ci.Cursor]
                      ) -> List[Tuple[Optional[ci.Cursor], Tuple[Designator, ...], ci.Cursor]]:
    """The elements of a struct's initialiser list ``init`` (``fields``: the struct's, in order), each
    with the field it gives (its first designator's, else the one after the element before; None:
    no such field, or past the last), its designators and its value."""
    names = [f.spelling for f in fields]
    out: List[Tuple[Optional[ci.Cursor], Tuple[Designator, ...], ci.Cursor]] = []
    i = 0
    for designators, e in designations(init):
        if designators:   # .next = &head; after it, the next field in order
            i = names.index(designators[0]) if designators[0] in names else len(names)
        out.append((fields[i] if i < len(fields) else None, designators, e))
        i += 1
    return out


_TRANSPARENT = (K.PAREN_EXPR, K.UNEXPOSED_EXPR)


def binary_conditional(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, ci.Cursor]]:
    """``(x, y)`` when ``c`` is GNU's ``x ?: y``: libclang shows it as an unexposed expression of
    four children, ``x``, twice the value of ``x`` (the test and the first arm), then ``y``."""
    kids = children(c) if c.kind == K.UNEXPOSED_EXPR else []
    if len(kids) != 4 or not all(k.extent == kids[0].extent for k in kids[1:3]):
        return None
    return kids[0], kids[3]


def opaque_expression(c: ci.Cursor, parent: Optional[ci.Cursor]) -> bool:
    """Is ``c`` (a child of ``parent``) an expression libclang shows without its kind, of several
    children, other than ``offsetof(T, m)`` and an element of an initialiser list with designators
    (both read by their children): ``x ?: y``, ``__builtin_choose_expr(c, a, b)``...?  Reading one
    as its last child (as an implicit conversion is read) would be wrong."""
    kids = children(c) if c.kind == K.UNEXPOSED_EXPR else []
    if len(kids) < 2 or all(k.kind == K.MEMBER_REF for k in kids[1:]):
        return False
    return parent is None or parent.kind != K.INIT_LIST_EXPR


def repeatable(c: ci.Cursor) -> bool:
    """Can the text of ``c`` be written twice for the same value: one line without a call, an array
    element, an assignment, a step or a statement expression?"""
    return c.extent.start.line == c.extent.end.line and not any(_effect(x) for x in c.walk_preorder())


def _effect(x: ci.Cursor) -> bool:
    """Is ``x`` a call, an array element, an assignment or a step (or a statement expression)?"""
    return x.kind in (K.CALL_EXPR, K.ARRAY_SUBSCRIPT_EXPR) or x.kind.name == "StmtExpr" or writes_operand(x)


def strip(c: ci.Cursor, casts: bool = False) -> ci.Cursor:
    """``c`` without parentheses, implicit conversions and ``__extension__`` (and explicit casts when
    ``casts``)."""
    while True:
        kids = children(c)
        if c.kind == K.PAREN_EXPR and len(kids) == 1:
            c = kids[0]
        elif c.kind == K.UNEXPOSED_EXPR and len(kids) == 1 and _is_expr(kids[0]):
            c = kids[0]
        elif c.kind == K.UNARY_OPERATOR and unary_operator(c) == "__extension__":
            c = kids[0]
        elif casts and c.kind == K.CSTYLE_CAST_EXPR:
            c = kids[-1]
        else:
            return c


def strip_kept(c: ci.Cursor) -> ci.Cursor:
    """``c`` as :func:`strip` leaves it, and without the explicit casts that keep every value of their
    operand (``(long) i``, ``(int) c`` of a char, a cast of a pointer); one that may change an int's
    value (``(signed char)(x + 100)``, ``(unsigned) i``) stays, so that a value computed through it
    is not taken for its operand's."""
    while True:
        c = strip(c)
        if c.kind != K.CSTYLE_CAST_EXPR or not children(c):
            return c
        to, frm = int_range(c.type), int_range(strip(children(c)[-1]).type)
        if to is not None and frm is not None and not frm.within(to):
            return c
        c = children(c)[-1]


def keeps_value(value: ci.Cursor, target: Optional[IntRange]) -> bool:
    """Does C keep every value of the operand of ``value`` (its explicit casts and parentheses
    aside) through those casts and the conversion to the type ``target``?  (``unsigned char c = i``
    for an int i does not; an unknown type keeps nothing.)"""
    ranges = [target]
    c = strip(value)
    while c.kind == K.CSTYLE_CAST_EXPR and children(c):
        ranges.append(int_range(c.type))
        c = strip(children(c)[-1])
    source = int_range(c.type)
    return source is not None and all(r is not None and source.within(r) for r in ranges)


def for_parts(c: ci.Cursor) -> Tuple[Optional[ci.Cursor], Optional[ci.Cursor], Optional[ci.Cursor], ci.Cursor]:
    """(init, cond, inc, body) of a ``for``, any of the first three None; libclang omits the missing
    ones, so they are told apart by where they stand relative to the two ``;`` of the header (where
    a macro writes the header, which the text does not show, see :func:`for_parts_unknown`)."""
    kids = children(c)
    body, heads = kids[-1], kids[:-1]
    if len(heads) == 3:
        return heads[0], heads[1], heads[2], body
    _, semis = _header(c)
    parts: List[Optional[ci.Cursor]] = [None, None, None]
    for h in heads:
        off = h.extent.start.offset
        parts[0 if len(semis) < 2 or off < semis[0] else 1 if off < semis[1] else 2] = h
    return parts[0], parts[1], parts[2], body


def for_parts_unknown(c: ci.Cursor) -> bool:
    """Does the ``for`` ``c`` leave out one or two parts of its header where the text does not show
    which (a macro, ``#define UPTO(i, n) for (i = 0; i < (n);)``: the parts stand where the macro
    is called, the ``;`` in its definition)?  :func:`for_parts` would guess, and a wrong guess is
    another loop."""
    heads = children(c)[:-1]
    if not 0 < len(heads) < 3:
        return False
    inside, semis = _header(c)
    return len(semis) < 2 or inside is None or not all(
        h.extent.start.file is not None and h.extent.start.file.name == inside[0]
        and inside[1] < h.extent.start.offset < inside[2] for h in heads)


def _header(c: ci.Cursor) -> Tuple[Optional[Tuple[str, int, int]], List[int]]:
    """The file and the offsets of the ``(`` and ``)`` around a ``for``'s header (None: not found),
    and the offsets of the ``;`` between them, as its tokens show them."""
    semis: List[int] = []
    depth, start = 0, None
    for t in c.get_tokens():
        if t.spelling == "(":
            depth += 1
            start = t.extent.start if depth == 1 else start
        elif t.spelling == ")":
            depth -= 1
            if depth == 0:
                where = (start.file.name, start.offset, t.extent.start.offset) \
                    if start is not None and start.file is not None else None
                return where, semis
        elif t.spelling == ";" and depth == 1:
            semis.append(t.extent.start.offset)
    return None, semis


MAX_CASE_RANGE = 8


def switch_range(switch: ci.Cursor) -> Optional[IntRange]:
    """The type a ``switch`` compares in, where its labels may change when converted to it."""
    kids = children(switch)
    return controlling_range(kids[0]) if kids else None


def controlling_range(value: ci.Cursor) -> Optional[IntRange]:
    """The type a switch on ``value`` converts its labels to: ``value``'s promoted type, when it is
    an int type of 32 bits or more (a narrower one is promoted to int, which holds every label as
    written: None)."""
    rng = int_range(value.type)
    return rng if rng is not None and not rng.boolean and rng.bits >= 32 else None


def case_values(case: ci.Cursor, within: Optional[IntRange] = None) -> Optional[Tuple[int, int]]:
    """The first and last value of a ``case`` label (GNU's ``case 1 ... 3:`` too), converted to
    the switch's type ``within`` (:func:`switch_range`: ``case -1`` of an ``unsigned long`` is
    ULONG_MAX); None when a bound is not a constant or the range is empty."""
    kids = children(case)
    bounds = [evaluate_int(k) for k in kids[:-1]] if len(kids) in (2, 3) else []
    values = [b if within is None else within.convert(b) for b in bounds if b is not None]
    if not values or len(values) != len(bounds) or values[0] > values[-1]:
        return None
    return values[0], values[-1]


def switch_cases(body: ci.Cursor) -> List[ci.Cursor]:
    """The case and default labels of a switch body (not those of nested switches), the body itself
    when it is one (``switch (x) case 2: a = 5;``)."""
    out: List[ci.Cursor] = []

    def walk(c: ci.Cursor) -> None:
        if c.kind in (K.CASE_STMT, K.DEFAULT_STMT):
            out.append(c)
        if c.kind != K.SWITCH_STMT and not c.kind.is_expression():
            for ch in c.get_children():
                walk(ch)
    walk(body)
    return out


def jumped_over_decls(tu: ci.TranslationUnit) -> List[ci.Cursor]:
    """The declarations of local variables of the file that a jump may pass by and that are used
    after its target: a ``case`` of a switch begun before the declaration, or a label a ``goto``
    before the declaration or outside its block jumps to, lies after it in its block, and the
    variable is named after that label (``switch (x) { int k = 5; case 1: ... k ... }``: ``k`` is
    indeterminate at ``case 1``, and is so anew each time the switch runs; a ``goto out`` past
    declarations to a clean-up that does not name them is no such jump)."""
    gotos: Dict[int, List[int]] = {}
    switch_at: Dict[int, int] = {}
    last_use: Dict[Hashable, int] = {}
    for c in tu.cursor.walk_preorder():
        if c.kind == K.GOTO_STMT and c.referenced is not None:
            gotos.setdefault(c.referenced.extent.start.offset, []).append(c.extent.start.offset)
        elif c.kind == K.SWITCH_STMT:
            for case in switch_cases(children(c)[-1]):
                switch_at[case.extent.start.offset] = c.extent.start.offset
        elif c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.VAR_DECL:
            key = decl_key(c.referenced)
            last_use[key] = max(last_use.get(key, -1), c.extent.start.offset)
    out: List[ci.Cursor] = []
    for block in tu.cursor.walk_preorder():
        if block.kind != K.COMPOUND_STMT:
            continue
        stmts, hi = children(block), block.extent.end.offset
        labels = [lab for st in stmts for lab in _labels(st, False)]   # once per block: linear in its size
        back = bool(labels) and has_backward_goto(block)
        for st in stmts if labels else ():
            decls = [d for d in children(st) if d.kind == K.VAR_DECL and d.storage_class != ci.StorageClass.STATIC] \
                if st.kind == K.DECL_STMT else []
            at = st.extent.start.offset
            targets = [at if looped else where for where, looped in labels if where > st.extent.end.offset and
                       (any(g < at or g > hi for g in gotos.get(where, ())) or switch_at.get(where, hi) < at)]
            if targets and back:
                targets.append(at)   # after the jump, control may go back to a use written before it
            out.extend(d for d in decls if targets and last_use.get(decl_key(d), -1) >= min(targets))
    return out


_LOOPS = (K.WHILE_STMT, K.FOR_STMT, K.DO_STMT)


def _labels(c: ci.Cursor, looped: bool) -> Iterator[Tuple[int, bool]]:
    """The offset of each label, ``case`` and ``default`` below ``c``, and whether it lies inside a
    loop (``looped``: ``c`` does), whose next round may use a variable before the label."""
    if c.kind in (K.LABEL_STMT, K.CASE_STMT, K.DEFAULT_STMT):
        yield c.extent.start.offset, looped
    for k in children(c):
        yield from _labels(k, looped or c.kind in _LOOPS)


def _is_expr(c: ci.Cursor) -> bool:
    return c.kind.is_expression() or c.kind.name == "StmtExpr"


CELL_ALLOCATORS = ("malloc", "calloc")   # the allocators whose cells the analysis models
ABS_FUNCTIONS = {"abs": 32, "labs": 64, "llabs": 64}   # with the bits of their int type
# a call of one is the error of unreach-call (glibc's, macOS's and BSD's failing assert included)
ERROR_FUNCTIONS = ("reach_error", "__VERIFIER_error", "__assert_fail", "__assert_perror_fail", "__assert_rtn",
                   "__assert")
EXIT_FUNCTIONS = {"abort": "abort", "exit": "exit", "_Exit": "exit", "_exit": "exit"}   # with how each ends
STOPPING_FUNCTIONS = frozenset(ERROR_FUNCTIONS) | frozenset(EXIT_FUNCTIONS)   # a call of one never returns
# the library functions also followed when called through a function pointer (`void (*rel)(void *) = free`)
POINTER_LIBRARY = frozenset({"free"}) | frozenset(EXIT_FUNCTIONS)


# the C library's functions whose GCC builtin is the function itself (__builtin_malloc is malloc)
LIBRARY_BUILTINS = frozenset({"malloc", "calloc", "realloc", "free", "alloca", "memset", "memcpy", "memmove",
                              "memcmp", "strlen", "strcmp", "strncmp", "strcpy", "strdup", "strndup", "abort", "exit",
                              "_Exit", "printf", "puts", "putchar", "abs", "labs", "llabs"})


# glibc's checked functions (_FORTIFY_SOURCE, on by default with -O2 on some systems): each is its
# unchecked function with one more argument, at this index (a size, or a flag), dropped
FORTIFIED = {"__memcpy_chk": ("memcpy", 3), "__memmove_chk": ("memmove", 3), "__memset_chk": ("memset", 3),
             "__printf_chk": ("printf", 0), "__fprintf_chk": ("fprintf", 1)}


def unbuiltin(name: str) -> str:
    """``f`` of gcc's ``__builtin_f``, else ``name``."""
    return name[len("__builtin_"):] if name.startswith("__builtin_") else name


def library_name(name: str) -> str:
    """``name`` of a called function, ``__builtin_f`` read as ``f`` for a function of the C library,
    a checked function of :data:`FORTIFIED` as the function it checks."""
    base = unbuiltin(name)
    if base in FORTIFIED:
        return FORTIFIED[base][0]
    return base if base in LIBRARY_BUILTINS else name


def call_arguments(call: ci.Cursor) -> List[ci.Cursor]:
    """The arguments of ``call`` as its function's (:func:`library_name`) takes them: a checked
    function's extra argument (:data:`FORTIFIED`) left out."""
    args = list(call.get_arguments())
    ref = call.referenced
    name = function_symbol(ref) if ref is not None and ref.kind == K.FUNCTION_DECL else ""
    base = unbuiltin(name)
    if base in FORTIFIED and len(args) > FORTIFIED[base][1]:
        del args[FORTIFIED[base][1]]
    return args


# attributes that make code run where the C text shows no call: a variable's cleanup function when
# it leaves its scope, a constructor before main, a destructor after it (neither followed)
HIDDEN_CALL_ATTRIBUTES = ("cleanup", "constructor", "destructor")


def hidden_calls(tu: ci.TranslationUnit) -> List[Tuple[ci.Cursor, str]]:
    """Each attribute of :data:`HIDDEN_CALL_ATTRIBUTES` in the file's own declarations, with its name."""
    out = []
    for top in tu.cursor.get_children():
        if top.location.file is None or top.location.file.name != tu.spelling:
            continue
        for c in top.walk_preorder():
            if c.kind == K.UNEXPOSED_ATTR:
                words = [t.spelling for t in c.get_tokens()][:1]
                if words and words[0].strip("_") in HIDDEN_CALL_ATTRIBUTES:
                    out.append((c, words[0].strip("_")))
    return out


def callee_definition(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The definition of the function ``c`` calls directly (None: not such a call, or no body here)."""
    s = strip(c, casts=True)
    ref = s.referenced if s.kind == K.CALL_EXPR else None
    return ref.get_definition() if ref is not None and ref.kind == K.FUNCTION_DECL else None


def returned_values(fdef: ci.Cursor) -> List[Optional[ci.Cursor]]:
    """The value each ``return`` of the function ``fdef`` returns (None: ``return;``)."""
    return [children(r)[0] if len(children(r)) == 1 else None
            for r in fdef.walk_preorder() if r.kind == K.RETURN_STMT]


def callee_name(call: ci.Cursor) -> Optional[str]:
    """The name of the function a call calls directly (None: a call through a function pointer):
    parentheses, ``*`` and ``&`` around the function's name are looked through (``(reach_error)()``);
    a builtin of the C library by the function's own name (:func:`library_name`); a function
    declared with an asm label or as an alias of another (:func:`function_symbol`), that one."""
    ref = call.referenced
    kids = children(call)
    if kids:
        named = designated_function(kids[0])
        if named is not None:
            ref = named
        elif _computed_callee(kids[0]):
            return None   # libclang names pick of pick(x)(), whose callee is the pointer pick returns
    if ref is not None and ref.kind == K.FUNCTION_DECL:
        return library_name(function_symbol(ref))
    return None


def tokens(c: ci.Cursor) -> List[str]:
    """The spellings of the tokens of ``c``'s text."""
    return [t.spelling for t in c.get_tokens()]


def _computed_callee(c: ci.Cursor) -> bool:
    """Whether a call's callee expression ``c`` computes a function pointer (a call, a field, an
    element, a variable, a conditional...) rather than naming a function."""
    c = strip(c, casts=True)
    while c.kind == K.UNARY_OPERATOR and unary_operator(c) in ("*", "&") and children(c):
        c = strip(children(c)[0], casts=True)
    return c.kind in (K.CALL_EXPR, K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR, K.CONDITIONAL_OPERATOR,
                      K.BINARY_OPERATOR, K.UNARY_OPERATOR, K.DECL_REF_EXPR) or c.kind.name == "StmtExpr"


def designated_function(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The function declaration the expression ``c`` designates by name, through parentheses,
    casts, ``*`` and ``&`` (``(*f)`` of a function ``f``, not of a pointer variable), else None."""
    c = strip(c, casts=True)
    while c.kind == K.UNARY_OPERATOR and unary_operator(c) in ("*", "&") and children(c):
        c = strip(children(c)[0], casts=True)
    ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
    return ref if ref is not None and ref.kind == K.FUNCTION_DECL else None


def function_symbol(decl: ci.Cursor) -> str:
    """The name the function ``decl`` is linked by: the label of ``__asm__("name")`` or the target of
    ``__attribute__((alias("name")))`` on one of its declarations (a call of it calls that
    function), else its own name."""
    for d in (decl, decl.canonical):
        for a in d.get_children():
            if a.kind == K.ASM_LABEL_ATTR and a.spelling:
                return a.spelling
            if a.kind == K.UNEXPOSED_ATTR:
                words = tokens(a)
                if len(words) >= 3 and words[0] in ("alias", "__alias__") and words[1] == "(" and words[2].startswith('"'):
                    return words[2].strip('"')
    return decl.spelling


def definitions(tu: ci.TranslationUnit) -> Dict[str, ci.Cursor]:
    """The function definitions of the file, by name."""
    return {c.spelling: c for c in tu.cursor.get_children()
            if c.kind == K.FUNCTION_DECL and c.is_definition()}


def callable_from_main(tu: ci.TranslationUnit) -> Optional[Tuple[FrozenSet[str], FrozenSet[str]]]:
    """The functions ``main`` may call (``main`` too), and those of them the file defines; None when
    there is no ``main`` to start from.  A function is callable when a callable one names it (a
    call, or its address taken), or when a global's initialiser does (a table of function pointers)."""
    top = list(tu.cursor.get_children())
    bodies = definitions(tu)
    if "main" not in bodies:
        return None
    todo = ["main"] + [r for c in top if c.kind == K.VAR_DECL for r in _functions_named(c)]
    seen: Set[str] = set()
    while todo:
        f = todo.pop()
        if f not in seen:
            seen.add(f)
            todo += _functions_named(bodies[f]) if f in bodies else []
    return frozenset(seen), frozenset(seen & bodies.keys())


def _functions_named(c: ci.Cursor) -> List[str]:
    """The functions named below ``c``."""
    return [library_name(function_symbol(d.referenced)) for d in c.walk_preorder()
            if d.kind == K.DECL_REF_EXPR and d.referenced is not None and d.referenced.kind == K.FUNCTION_DECL]


def does_nothing(fdef: ci.Cursor) -> bool:
    """A function definition whose body does nothing and returns (``void reach_error() {}``): a call
    of it goes on after it."""
    bodies = [c for c in fdef.get_children() if c.kind == K.COMPOUND_STMT]
    return bool(bodies) and all(c.kind in (K.NULL_STMT, K.RETURN_STMT) and not children(c)
                                for c in children(bodies[-1]))


def never_returns(fdef: ci.Cursor, stopping: FrozenSet[str]) -> bool:
    """Does every run of the function ``fdef``'s body stop the program inside it: a call of one of
    ``stopping`` (``abort``, ``__assert_fail``...) or a loop on a label (``ERROR: goto ERROR;``) at
    its top level, and no ``return`` or ``goto`` before it?"""
    bodies = [c for c in fdef.get_children() if c.kind == K.COMPOUND_STMT]
    for st in children(bodies[-1]) if bodies else ():
        s = strip(st, casts=True)
        while s.kind == K.CONDITIONAL_OPERATOR and constant_value(children(s)[0]) is not None:
            s = strip(children(s)[1 if constant_value(children(s)[0]) else 2], casts=True)   # assert(0)
        kids = children(s)
        if s.kind == K.CALL_EXPR and callee_name(s) in stopping:
            return True
        if s.kind == K.LABEL_STMT and kids and kids[0].kind == K.GOTO_STMT \
                and [k.spelling for k in children(kids[0])] == [s.spelling]:
            return True
        if any(k.kind in (K.RETURN_STMT, K.GOTO_STMT, K.INDIRECT_GOTO_STMT) for k in s.walk_preorder()):
            return False
    return False


class SourceText:
    """Positions and one-line texts of cursors, reading each source file once."""

    def __init__(self, main_file: str, main_lines: Tuple[str, ...],
                 origin: Optional[Callable[[int, bool], Tuple[int, int]]] = None):
        """``origin``: the line and column in the main file of an offset of the text parsed (an
        edited copy of the file: :class:`tvla.cfront.rewrite.Origins`), True for the end of a range."""
        self.main_file = main_file
        self._lines: Dict[str, Tuple[str, ...]] = {main_file: main_lines}
        self._pos: Dict[ci.Cursor, Pos] = {}   # an inlined body puts many edges at each of its cursors
        self._text: Dict[Tuple[ci.Cursor, int], str] = {}
        self._origin = origin

    def _place(self, loc: ci.SourceLocation, end: bool = False) -> Tuple[int, int]:
        """The line and column of ``loc`` in its file as the user wrote it."""
        if self._origin is not None and loc.file is not None and loc.file.name == self.main_file:
            return self._origin(loc.offset, end)
        return loc.line, loc.column

    def _file(self, c: ci.Cursor) -> str:
        f = c.extent.start.file
        return f.name if f is not None else self.main_file

    def pos(self, c: ci.Cursor) -> Pos:
        known = self._pos.get(c)
        if known is None:
            line, column = self._place(c.extent.start)
            known = self._pos[c] = Pos(self._file(c), line or 1, column or 0)
        return known

    def end_pos(self, c: ci.Cursor) -> Pos:
        """The place of the last character of ``c`` (a function's closing brace)."""
        line, column = self._place(c.extent.end, True)
        return Pos(self.pos(c).file, line, max(column - 1, 1))

    def lines(self, name: str) -> Tuple[str, ...]:
        if name not in self._lines:
            try:
                with open(name, encoding="utf-8", errors="replace") as fh:
                    self._lines[name] = tuple(fh.read().splitlines())
            except OSError:
                self._lines[name] = ()
        return self._lines[name]

    def text(self, c: ci.Cursor, limit: int = 72) -> str:
        """The C text of a cursor on one line (whitespace collapsed, cut at ``limit``)."""
        known = self._text.get((c, limit))
        if known is None:
            known = self._text[(c, limit)] = self._cut_text(c, limit)
        return known

    def _cut_text(self, c: ci.Cursor, limit: int) -> str:
        (first, start), (final, end) = self._place(c.extent.start), self._place(c.extent.end, True)
        lines = self.lines(self._file(c))
        if not first or first > len(lines):
            return ""
        last = min(final or first, len(lines))
        chunk: List[str] = []
        shown = 0   # the length of the text so far, plus 1
        for n in range(first, last + 1):   # only as many lines as the limit can show
            x = lines[n - 1]
            x = x[:end - 1] if n == final else x
            chunk.append(x[start - 1:] if n == first else x)
            words = chunk[-1].split()
            if words and not is_line_marker(lines[n - 1]):
                shown += len(" ".join(words)) + 1
            if shown > limit + 1:
                break
        # gcc -E puts line markers inside expressions that come from macros (NULL, assert)
        text = " ".join(" ".join(x for i, x in enumerate(chunk) if not is_line_marker(lines[first - 1 + i])).split())
        return text if len(text) <= limit else text[:limit - 3] + "..."
