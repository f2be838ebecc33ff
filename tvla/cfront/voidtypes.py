"""``void *`` variables, parameters, fields and results that only ever hold one type of pointer.

C keeps cells behind ``void *``: a generic list's ``void *data`` pointing to a payload, ``void *v =
malloc(sizeof(struct node))`` read back as ``struct node *``, ``void release(void *p)``.  The lowering
follows typed pointers only, so such a program was outside the subset.  This pass finds, for every
``void *`` declared in the main file (an *entity*: a variable, a parameter, a struct field, a
function's result), what it holds:

* a *flow* into an entity (its initialiser, ``e = rhs``, a call's argument for a parameter, a
  ``return``) gives it the pointee of the value's type once casts to ``void *`` are peeled off
  (``n->data = p`` with ``struct point *p``), the struct of a ``malloc(sizeof(struct T))``, nothing
  for NULL, or joins it to another entity it copies;
* a *conversion* of an entity's value to ``T *`` (``struct point *p = n->data``, a cast) gives it T;
* arithmetic on it, ``&`` of it, an index, a value of no known type (``__VERIFIER_nondet_pointer()``,
  ``malloc(n)`` without ``sizeof``), a function whose address is taken (its parameters get the
  arguments of calls not seen here) leave it as it is.

Entities joined by copies form a class; a class given exactly one pointee type T (blocks, BLOCK,
where it is given nothing but NULL), and nothing that leaves it as it is, is retyped: the ``void`` keyword of each of its declarations is replaced by a
four-letter typedef of T (declared in a header included first), so lines and columns stay those of
the file, and the file is parsed again (:func:`void_pointer_edits` gives the edits).  Retyping changes no value of
the program: every value stored in the entity has type T, every value read from it is used as a T.
A reparse that fails keeps the first parse.
"""

from typing import Dict, Hashable, Iterator, List, Optional, Set, Tuple, Union

import clang.cindex as ci
from networkx.utils import UnionFind

from tvla.cfront.cinfo import BLOCK, CELL_ALLOCATORS, K, callee_name, children, decl_key, fields_of, initializer, is_int_cell, \
    is_void_pointer, pointee_struct, sizeof_struct, struct_name, walk_main
from tvla.cfront.parse import STEP_OPS, Edits, binary_operator, constants_memo, evaluate_int, unary_operator

__all__ = ["void_pointer_edits", "void_pointee_types"]

Fact = Tuple[str, Hashable]    # ("type", struct decl key) | ("entity", key) | ("keep", None)
_CASTS = (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR)
_DECLS = (K.VAR_DECL, K.PARM_DECL, K.FIELD_DECL, K.FUNCTION_DECL)
_KEEP: Fact = ("keep", None)
_BLOCK: Fact = ("type", BLOCK)   # a block of a constant size, never read as a struct
Pointee = Union[ci.Cursor, str]   # a struct (or int cell) declaration, or BLOCK


def _declared_type(c: ci.Cursor) -> ci.Type:
    return c.result_type if c.kind == K.FUNCTION_DECL else c.type


def entity(c: Optional[ci.Cursor], main: str) -> Optional[Hashable]:
    """The key of declaration ``c`` when it is a ``void *`` entity of file ``main`` (the same for
    every declaration of it: a prototype's parameter and the definition's are one entity)."""
    if c is None or c.kind not in _DECLS or c.location.file is None or c.location.file.name != main:
        return None
    if not is_void_pointer(_declared_type(c)):
        return None
    if c.kind == K.FUNCTION_DECL:
        return ("return", decl_key(c.canonical)) if _defined(c, main) else None
    if c.kind == K.PARM_DECL:
        fn = c.semantic_parent
        if fn is None or fn.kind != K.FUNCTION_DECL or not _defined(fn, main):
            return None
        keys = [decl_key(a) for a in fn.get_arguments()]
        return ("param", decl_key(fn.canonical), keys.index(decl_key(c))) if decl_key(c) in keys else None
    return ("decl", decl_key(c.canonical))


def _defined(fn: ci.Cursor, main: str) -> bool:
    """Is function ``fn`` defined in file ``main``?  A library function declared there (``void
    *malloc(size_t)``, ``void free(void *)`` in a preprocessed file) takes and returns pointers
    of every type: its parameters and result are no entities."""
    d = fn.get_definition()
    return d is not None and d.location.file is not None and d.location.file.name == main


def _param_entity(fn: ci.Cursor, i: int, main: str) -> Optional[Hashable]:
    args = list(fn.get_arguments())
    return entity(args[i], main) if i < len(args) else None


def _peel(c: ci.Cursor) -> Tuple[ci.Cursor, Optional[ci.Cursor]]:
    """``c`` without parentheses and casts, and the first pointee type met on the way down (the
    type the value has before it became a ``void *``)."""
    while True:
        st = pointee_struct(c.type)
        if st is not None:
            return c, st
        kids = children(c)
        if c.kind in _CASTS and kids and kids[-1].kind.is_expression():
            c = kids[-1]
        elif c.kind == K.UNARY_OPERATOR and kids and unary_operator(c) == "__extension__":
            c = kids[0]
        else:
            return c, None


class _Facts:
    """One walk over the file: what flows into each entity, what each is read as, which are kept."""

    def __init__(self, main: str) -> None:
        self.main = main
        self.classes = UnionFind()   # entities joined by copies
        self.types: Dict[Hashable, Set[Hashable]] = {}
        self.kept: Set[Hashable] = set()
        self.structs: Dict[Hashable, ci.Cursor] = {}
        self.callees: Set[int] = set()

    def fact(self, key: Hashable, f: Fact) -> None:
        self.classes.union(key, *([f[1]] if f[0] == "entity" else []))   # alone until a copy joins it
        if f[0] == "type":
            self.types.setdefault(key, set()).add(f[1])
        elif f[0] == "keep":
            self.kept.add(key)

    def typed(self, st: ci.Cursor) -> Fact:
        """The fact that a value points to a cell of struct (or int cell) ``st``."""
        self.structs[decl_key(st)] = st
        return ("type", decl_key(st))

    def ref(self, c: ci.Cursor) -> Optional[Hashable]:
        """The entity an expression (casts aside) reads: a variable, a field, a call's result."""
        c, _ = _peel(c)
        if c.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.CALL_EXPR):
            return entity(c.referenced, self.main)
        return None

    def sources(self, c: ci.Cursor) -> List[Fact]:
        """What an expression stored into an entity gives it."""
        core, st = _peel(c)
        if st is not None:
            return [self.typed(st)]
        if evaluate_int(core) == 0:
            return []
        if core.kind == K.CONDITIONAL_OPERATOR and len(children(core)) == 3:
            return self.sources(children(core)[1]) + self.sources(children(core)[2])
        key = self.ref(core)
        if key is not None:
            return [("entity", key)]
        if core.kind == K.CALL_EXPR and callee_name(core) in CELL_ALLOCATORS:
            args = list(core.get_arguments())
            st = sizeof_struct(args)
            if st is not None:
                return [self.typed(st)]
            # a block of bytes, unless the entity is read as a struct (the lowering then checks the size)
            return [_BLOCK] if args and all(evaluate_int(a) is not None for a in args) else []
        return [_KEEP]

    def flow(self, key: Optional[Hashable], value: Optional[ci.Cursor]) -> None:
        if key is not None and value is not None:
            for f in self.sources(value):
                self.fact(key, f)

    def visit(self, c: ci.Cursor, fn: Optional[ci.Cursor]) -> None:
        k = c.kind
        key = entity(c, self.main) if k in _DECLS else None
        if key is not None:
            self.classes.union(key)   # a class of its own, even with no flow (only NULL)
        if k == K.VAR_DECL:
            self.flow(key, initializer(c))
        elif k == K.BINARY_OPERATOR:
            self.binary(c)
        elif k == K.UNARY_OPERATOR and children(c) and unary_operator(c) in STEP_OPS + ("&",):
            self.keep(children(c)[0])
        elif k == K.ARRAY_SUBSCRIPT_EXPR and children(c):
            self.keep(children(c)[0])
        elif k == K.CALL_EXPR:
            self.call(c)
        elif k == K.RETURN_STMT and fn is not None and children(c):
            self.flow(entity(fn, self.main), children(c)[0])
        elif k in (K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR):
            self.conversion(c)
        elif k == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.FUNCTION_DECL \
                and c.hash not in self.callees:
            self.taken(c.referenced)
        elif k == K.INIT_LIST_EXPR:
            self.init_list(c)

    def binary(self, c: ci.Cursor) -> None:
        kids = children(c)
        if len(kids) != 2:
            return
        op = binary_operator(c)
        if op == "=":
            lhs = kids[0]
            while lhs.kind == K.PAREN_EXPR and children(lhs):
                lhs = children(lhs)[0]
            if lhs.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR):
                self.flow(entity(lhs.referenced, self.main), kids[1])
        elif op not in ("==", "!=", "&&", "||", ","):   # arithmetic, compound assignment, order
            self.keep(kids[0])
            self.keep(kids[1])

    def keep(self, c: ci.Cursor) -> None:
        key = self.ref(c)
        if key is not None:
            self.kept.add(key)

    def call(self, c: ci.Cursor) -> None:
        kids = children(c)
        callee = kids[0] if kids else None
        while callee is not None and callee.kind in _CASTS and children(callee):
            callee = children(callee)[-1]
        if callee is not None:
            self.callees.add(callee.hash)
        fn = c.referenced
        if fn is None or fn.kind != K.FUNCTION_DECL:
            return
        for i, arg in enumerate(c.get_arguments()):
            self.flow(_param_entity(fn, i, self.main), arg)

    def conversion(self, c: ci.Cursor) -> None:
        """A ``void *`` value converted to ``T *``: the entity it reads holds T's."""
        kids = children(c)
        st = pointee_struct(c.type)
        if st is None or not kids or not is_void_pointer(kids[-1].type):
            return
        key = self.ref(kids[-1])
        if key is not None:
            self.fact(key, self.typed(st))

    def taken(self, fn: ci.Cursor) -> None:
        """A function whose address is taken: calls through pointers give its parameters values
        this walk does not see, and its result goes where they go."""
        for i in range(len(list(fn.get_arguments()))):
            key = _param_entity(fn, i, self.main)
            if key is not None:
                self.kept.add(key)
        key = entity(fn, self.main)
        if key is not None:
            self.kept.add(key)

    def init_list(self, c: ci.Cursor) -> None:
        """``{ ... }`` of a struct sets its fields without ``=``: its ``void *`` fields are left as
        they are."""
        st = c.type.get_canonical().get_declaration()
        if st is not None and st.kind == K.STRUCT_DECL:
            for f in fields_of(st):
                key = entity(f, self.main)
                if key is not None:
                    self.kept.add(key)


def _walk(tu: ci.TranslationUnit) -> Iterator[Tuple[ci.Cursor, Optional[ci.Cursor]]]:
    """Every cursor of the main file in preorder, with the function it is in."""
    return walk_main(tu, lambda c, fn: c if c.kind == K.FUNCTION_DECL else fn, None)


def void_pointee_types(tu: ci.TranslationUnit) -> Dict[Hashable, Pointee]:
    """Entity key -> the one struct (or int cell) its class holds, or BLOCK for a class given only
    blocks of bytes (``void *lo = malloc(16)``, only copied, compared and freed), for every class
    retyped."""
    facts = _Facts(tu.spelling)
    for c, fn in _walk(tu):
        facts.visit(c, fn)
    out: Dict[Hashable, Pointee] = {}
    for members in facts.classes.to_sets():
        types = set().union(*(facts.types.get(m, set()) for m in members))
        if len(types) > 1:
            types.discard(BLOCK)   # malloc(8) read as a struct T: the lowering checks the size
        if not types:
            types = {BLOCK}   # only NULL stored (or nothing), never read as a T: any pointer type holds that
        if len(types) == 1 and not any(m in facts.kept for m in members):
            t = next(iter(types))
            out.update((m, BLOCK if t == BLOCK else facts.structs[t]) for m in members)
    return out


def _pointee_key(p: Pointee) -> Tuple[str, int]:
    """A pointee's key: its declaration's, or ``(BLOCK, 0)``, after every declaration's."""
    return (BLOCK, 0) if isinstance(p, str) else decl_key(p)


def _type_words(st: Pointee) -> Optional[str]:
    """How the header names the type a retyped entity points to: ``struct tag`` for a struct with a
    tag declared at file scope (the header's mention declares the same one), the integer type of an
    int cell, the block struct the header declares; None for a struct that has no tag or lives in a
    block."""
    if isinstance(st, str):
        return f"struct {BLOCK}"
    if is_int_cell(st):
        return fields_of(st)[0].type.spelling
    parent = st.semantic_parent
    if parent is None or parent.kind != K.TRANSLATION_UNIT or struct_name(st) != st.spelling:
        return None
    return f"struct {st.spelling}"


def _void_token(c: ci.Cursor) -> Optional[int]:
    """The byte offset of the ``void`` keyword that spells the type of declaration ``c``: before its
    name (a typedef of ``void *`` has none), anywhere in an unnamed parameter."""
    name_at = c.location.offset
    for tok in c.get_tokens():
        start = tok.extent.start
        if c.spelling and start.offset >= name_at:
            return None
        if tok.spelling == "void" and tok.kind == ci.TokenKind.KEYWORD and start.file is not None \
                and start.file.name == c.location.file.name:
            return int(start.offset)
    return None


def _typedef_names(text: bytes, count: int) -> List[str]:
    """``count`` names of four characters (``void``'s length: columns stay) the file does not use."""
    pool = [f"__V{i}" for i in range(10)] + [f"_V{i:02d}" for i in range(100)]
    return [n for n in pool if n.encode() not in text][:count]


def _edits(tu: ci.TranslationUnit, types: Dict[Hashable, Pointee],
           names: Dict[Tuple[str, int], str]) -> Dict[int, str]:
    """Byte offset of a ``void`` keyword -> the typedef replacing it, for the keywords every
    declaration sharing them (``void *a, *b;``) wants replaced by the same name."""
    wanted: Dict[int, Set[Optional[str]]] = {}
    for c, _ in _walk(tu):
        if c.kind not in _DECLS or "void" not in _declared_type(c).spelling:
            continue
        at = _void_token(c)
        if at is None:
            continue
        st = types.get(entity(c, tu.spelling))
        wanted.setdefault(at, set()).add(names.get(_pointee_key(st)) if st is not None else None)
    out: Dict[int, str] = {}
    for at, ns in wanted.items():
        name = next(iter(ns))
        if len(ns) == 1 and name is not None:
            out[at] = name
    return out


def void_pointer_edits(tu: ci.TranslationUnit, text: bytes) -> Tuple[Edits, str]:
    """The edits of ``tu``'s main file (whose text is ``text``) declaring every ``void *`` entity that
    holds one type of pointer as a pointer to that type (see the module docstring): byte offset of a
    ``void`` keyword -> (4, its typedef), and the header declaring the typedefs."""
    with constants_memo():
        types = void_pointee_types(tu)
    if not types:
        return {}, ""
    structs = {_pointee_key(st): st for st in types.values()}
    words = {k: w for k, w in ((k, _type_words(st)) for k, st in structs.items()) if w is not None}
    names = dict(zip(sorted(words, key=lambda k: (k == (BLOCK, 0), k)), _typedef_names(text, len(words))))
    edits: Edits = {at: (4, n.encode()) for at, n in _edits(tu, types, names).items() if text[at:at + 4] == b"void"}
    header = "".join(f"typedef {words[k]} {n};\n" for k, n in sorted(names.items(), key=lambda kv: kv[1]))
    if (BLOCK, 0) in names:   # a struct without fields (a GNU extension): only its address is used
        header = f"struct {BLOCK} {{}};\n" + header
    return edits, header if edits else ""
