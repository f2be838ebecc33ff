"""Arrays indexed by constants only: one scalar per element.

``struct node *heads[2]`` holding two lists, ``int counts[3]``, a field ``struct node *next[2]`` (the
levels of a two-level skip list) or ``int vals[4]`` of a cell: the lowering follows scalar variables
and fields only.  When every use of such an array is an element at a constant index in bounds
(``heads[0]``, ``p->next[1]``, ``vals[K]`` with an enum constant), its elements are independent
variables (fields): this pass declares them so (``heads__0``, ``heads__1``) and renames each element
``heads[0]`` to its scalar, of the same length (padded with spaces where the index is spelled
longer) so that every later column of the line stays.  A declaration becomes one declarator per
element (``*heads__0 = NULL, *heads__1 = NULL``, the initialiser list split), which moves the
columns after it on its line only.

An element at an index that is no constant (``table[i]``, ``p->next[lvl]``; an index and a base
without side effects, calls or arrays) is one of the scalars, chosen by the index's value: a read
becomes ``(i == 0 ? table__0 : i == 1 ? table__1 : ... : (__tvla_out_of_bounds("table[i]"),
table__0))``, a statement writing it (``table[i] = p;``, ``count[i]++;``) becomes ``do { if (i == 0)
table__0 = p; else if ... else __tvla_out_of_bounds("table[i]"); } while (0)``, and an index out of
bounds is a valid-deref violation (the lowering's :class:`~tvla.cfront.ir.OutsideObject`).  These
edits are longer than what they replace: later columns of their line move, lines do not (a
replaced span's line breaks are kept at its end).

An array used any other way (its element's address, a write inside an expression, decayed to a
pointer, passed to a function, ``sizeof`` of it, a string or designated initialiser, a struct
initialiser around an array field, qualifiers after its stars) keeps its type, and the lowering
reports it as unsupported.  The edits are byte ranges of the file's text (:func:`array_edits`),
applied with the other rewrites of the file.
"""

import re
from typing import Dict, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import K, T, children, decl_key, initializer, is_line_marker, is_pointer, is_scalar, repeatable, walk_main
from tvla.cfront.ir import quote
from tvla.cfront.parse import STEP_OPS, Edits, binary_operator, evaluate_int, unary_operator

__all__ = ["array_edits", "MAX_ELEMENTS", "OUT_OF_BOUNDS"]

MAX_ELEMENTS = 16    # arrays longer than this stay arrays
OUT_OF_BOUNDS = "__tvla_out_of_bounds"   # declared by the prelude; its call is a valid-deref violation
Up = Tuple[ci.Cursor, ...]   # a cursor's parent, grandparent and the two above them
_IDENT = re.compile(rb"[A-Za-z_][A-Za-z_0-9]*")


def _candidate(d: ci.Cursor, main: str) -> Optional[int]:
    """The length of array ``d`` (a variable or field of the main file) when it may be split."""
    if d.kind not in (K.VAR_DECL, K.FIELD_DECL) or d.location.file is None or d.location.file.name != main:
        return None
    t = d.type.get_canonical()
    if t.kind != T.CONSTANTARRAY or not 0 < t.element_count <= MAX_ELEMENTS:
        return None
    elem = t.element_type
    return t.element_count if is_pointer(elem) or is_scalar(elem) else None


class _Uses:
    """The arrays of a file that may be split, and the element each of their uses names."""

    def __init__(self, main: str) -> None:
        self.main = main
        self.decls: Dict[Tuple[str, int], Dict[int, ci.Cursor]] = {}   # by offset: a walk meets a
        # struct declared in a typedef twice
        self.uses: Dict[Tuple[str, int], List[Tuple[ci.Cursor, ci.Cursor, int]]] = {}
        # uses at an index that is no constant: the name, the subscript and the statement writing it
        self.chosen: Dict[Tuple[str, int], List[Tuple[ci.Cursor, ci.Cursor, Optional[ci.Cursor]]]] = {}
        self.rejected: Set[Tuple[str, int]] = set()
        self.init_types: Set[Tuple[str, int]] = set()   # records built by an initialiser list

    def visit(self, c: ci.Cursor, up: Up) -> None:
        if _candidate(c, self.main) is not None:
            self.decls.setdefault(decl_key(c), {})[int(c.location.offset)] = c
        if c.kind == K.INIT_LIST_EXPR and c.type.get_declaration().kind == K.STRUCT_DECL:
            self.init_types.add(decl_key(c.type.get_declaration()))
        if c.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) and c.referenced is not None:
            length = _candidate(c.referenced, self.main)
            if length is not None:
                self.use(decl_key(c.referenced), length, c, up)

    def use(self, key: Tuple[str, int], length: int, ref: ci.Cursor, up: Up) -> None:
        """``ref`` names the array (of ``length`` elements): fine as the base of ``a[k]`` (through its
        decay to a pointer), or of ``a[i]`` read or written by a statement."""
        parent = up[0] if up else None
        at = 1 if parent is not None and parent.kind == K.UNEXPOSED_EXPR else 0
        sub = up[at] if len(up) > at else None
        kids = children(sub) if sub is not None and sub.kind == K.ARRAY_SUBSCRIPT_EXPR else []
        base = kids[0] if len(kids) == 2 else None
        if sub is None or base is None or not (base == ref or base == parent):
            self.rejected.add(key)
            return
        k = evaluate_int(kids[1])
        if k is not None and 0 <= k < length:
            self.uses.setdefault(key, []).append((ref, sub, k))
            return
        writer = _writer(sub, up[at + 1:])
        if k is not None or writer is False or not repeatable(kids[1]) or not repeatable(ref):
            self.rejected.add(key)
            return
        self.chosen.setdefault(key, []).append((ref, sub, writer))


def _writer(sub: ci.Cursor, up: Up) -> object:
    """How ``a[i]`` (``sub``) is used: read (None), written by the statement returned (``a[i] = e;``,
    ``a[i] += e;``, ``a[i]++;``, where the statement holds no other array element), or another way
    (False: its address, a write inside an expression)."""
    parent = up[0] if up else None
    if parent is None or parent.kind == K.UNEXPOSED_EXPR:
        return None
    kids = children(parent)
    writes = parent.kind in (K.BINARY_OPERATOR, K.COMPOUND_ASSIGNMENT_OPERATOR) and kids and kids[0] == sub and \
        (parent.kind == K.COMPOUND_ASSIGNMENT_OPERATOR or binary_operator(parent) == "=")
    writes = writes or parent.kind == K.UNARY_OPERATOR and unary_operator(parent) in STEP_OPS
    if not writes or len(up) < 2 or not _statement_place(parent, up[1]) or _subscripts(parent) != 1:
        return False
    return parent


def _statement_place(s: ci.Cursor, holder: ci.Cursor) -> bool:
    """Is expression ``s`` a statement of its own in ``holder`` (where ``do { ... } while (0)`` may
    stand)?"""
    kids = children(holder)
    if holder.kind == K.COMPOUND_STMT:
        return True
    if holder.kind == K.IF_STMT:
        return bool(kids) and kids[0] != s
    if holder.kind == K.DO_STMT:
        return bool(kids) and kids[0] == s
    if holder.kind in (K.WHILE_STMT, K.FOR_STMT, K.CASE_STMT, K.DEFAULT_STMT, K.LABEL_STMT):
        return bool(kids) and kids[-1] == s
    return False


def _subscripts(c: ci.Cursor) -> int:
    return sum(x.kind == K.ARRAY_SUBSCRIPT_EXPR for x in c.walk_preorder())


def _element_names(text: bytes, name: str, n: int) -> Optional[List[str]]:
    """Names for the elements no identifier of the file already has: ``name__0`` (as long as
    ``name[0]``: a use's range and text stay), else ``name_0`` (a use is padded with a space)."""
    words = set(_IDENT.findall(text))
    for sep in ("__", "_"):
        names = [f"{name}{sep}{i}" for i in range(n)]
        if not any(x.encode() in words for x in names):
            return names
    return None


def _stars(text: bytes, at: int) -> Optional[str]:
    """The stars of the declarator whose name starts at ``at`` (None: a qualifier among them)."""
    i = at
    while i > 0 and text[i - 1:i] in (b" ", b"\t", b"*", b"\n", b"\r"):
        i -= 1
    before = _IDENT.findall(text[max(0, i - 16):i])
    if before and before[-1] in (b"const", b"volatile", b"restrict", b"__restrict") and b"*" in text[i:at]:
        return None
    return "*" * text[i:at].count(b"*")


def _initialisers(d: ci.Cursor, text: bytes, n: int) -> Optional[List[Optional[str]]]:
    """Each element's initialiser text (None: none), or None when it cannot be split."""
    if d.kind == K.FIELD_DECL:
        return [None] * n
    init = initializer(d)
    if init is None:
        return [None] * n
    if init.kind != K.INIT_LIST_EXPR:
        return None
    parts: List[Optional[str]] = [text[x.extent.start.offset:x.extent.end.offset].decode("utf-8", "replace")
                                  for x in children(init)]
    if len(parts) > n or any(not p or p.lstrip().startswith(("[", ".")) for p in parts):
        return None
    return parts + ["0"] * (n - len(parts))


def _declaration(d: ci.Cursor, text: bytes, names: List[str]) -> Optional[Tuple[int, Tuple[int, bytes]]]:
    """The edit turning declarator ``name[N] = {...}`` into one declarator per element."""
    at, end = int(d.location.offset), int(d.extent.end.offset)
    stars = _stars(text, at)
    inits = _initialisers(d, text, len(names))
    if stars is None or inits is None or d.extent.end.file is None or d.extent.end.file.name != d.location.file.name:
        return None
    parts = [(stars if i else "") + x + (f" = {v}" if v is not None else "") for i, (x, v) in enumerate(zip(names, inits))]
    return at, (end - at, ", ".join(parts).encode())


def _element(ref: ci.Cursor, sub: ci.Cursor, text: bytes, name: str) -> Optional[Tuple[int, Tuple[int, bytes]]]:
    """The edit renaming the element ``a[k]`` to its scalar, padded to its length (from where the
    array's name is spelled: the member name of ``p->vals[k]``)."""
    at, end = int(ref.location.offset), int(sub.extent.end.offset)
    span = text[at:end]
    if end - at < len(name) or b"\n" in span or not span.startswith(ref.spelling.encode()):
        return None
    return at, (end - at, name.encode() + b" " * (end - at - len(name)))


def _edits_of(key: Tuple[str, int], uses: _Uses, text: bytes) -> Optional[Edits]:
    decls = list(uses.decls.get(key, {}).values())
    d = decls[0] if len(decls) == 1 else None   # an extern declaration besides: left as it is
    if d is None or not uses.uses.get(key) and not uses.chosen.get(key) and initializer(d) is None:
        return None   # never used nor initialised (a struct's char buffer): nothing to gain
    if d.kind == K.FIELD_DECL and decl_key(d.semantic_parent) in uses.init_types:
        return None
    names = _element_names(text, d.spelling, _candidate(d, uses.main) or 0)
    decl = _declaration(d, text, names) if names is not None else None
    if names is None or decl is None:
        return None
    out: Edits = dict([decl])
    for ref, sub, k in uses.uses.get(key, []):
        e = _element(ref, sub, text, names[k])
        if e is None:
            return None
        out[e[0]] = e[1]
    for ref, sub, writer in uses.chosen.get(key, []):
        e = _chosen(ref, sub, writer, text, names)
        if e is None:
            return None
        out[e[0]] = e[1]
    return out


def _span(c: ci.Cursor) -> Tuple[int, int]:
    return int(c.extent.start.offset), int(c.extent.end.offset)


def _chosen(ref: ci.Cursor, sub: ci.Cursor, writer: Optional[ci.Cursor], text: bytes,
            names: List[str]) -> Optional[Tuple[int, Tuple[int, bytes]]]:
    """The edit choosing the element of ``a[i]`` by the value of ``i`` (see the module docstring);
    None where the text is not the subscript's own (a macro's) or a comment is in the statement."""
    (start, end), (base_at, _), at = _span(sub), _span(ref), int(ref.location.offset)
    i0, i1 = _span(children(sub)[1])
    if not text[at:].startswith(ref.spelling.encode()) or not text[start:end].rstrip().endswith(b"]"):
        return None
    head, index = (text[a:b].decode("utf-8", "replace") for a, b in ((base_at, at), (i0, i1)))   # p-> of p->next[i]
    idx = index if index.isidentifier() else f"({index})"
    elems = [head + n for n in names]
    oob = f'{OUT_OF_BOUNDS}({quote(f"{head}{ref.spelling}[{index}]")})'
    if writer is None:
        tests = "".join(f"{idx} == {k} ? {e} : " for k, e in enumerate(elems))
        return start, (end - start, _lines_kept(f"({tests}({oob}, {elems[0]})", ")", text[start:end]))
    lo, hi = _span(writer)
    if b"//" in text[lo:hi] or b"/*" in text[lo:hi]:
        return None   # a comment would run on over the arms written on one line
    before, after = (_one_line(text[a:b]) for a, b in ((lo, start), (end, hi)))
    arms = " else ".join(f"if ({idx} == {k}) {before}{e}{after};" for k, e in enumerate(elems))
    return lo, (hi - lo, _lines_kept(f"do {{ {arms} else {oob};", " } while (0)", text[lo:hi]))


def _one_line(part: bytes) -> str:
    """A part of a statement on one line: its lines joined, line markers dropped (``table[i] = NULL;``
    in a ``.i`` file spans five lines)."""
    lines = part.decode("utf-8", "replace").splitlines()
    return " ".join(x for x in lines if not is_line_marker(x))


def _lines_kept(body: str, closing: str, replaced: bytes) -> bytes:
    """``body + closing`` on one line, with the line breaks of the text it replaces before ``closing``
    (so that every later line keeps its number)."""
    return (body + "\n" * replaced.count(b"\n") + closing).encode()


def array_edits(tu: ci.TranslationUnit, text: bytes) -> Edits:
    """The edits splitting every array of ``tu``'s main file (whose text is ``text``) that is indexed
    by constants only (see the module docstring)."""
    uses = _Uses(tu.spelling)
    top: Up = ()
    for c, up in walk_main(tu, lambda parent, above: (parent,) + above[:3], top):
        uses.visit(c, up)
    out: Edits = {}
    for key in sorted(set(uses.decls) - uses.rejected):
        mine = _edits_of(key, uses, text)
        if mine is not None and not any(at in out for at in mine):
            out.update(mine)
    return out
