"""A concrete interpreter of C programs, for the violations a run really reaches.

Contract:

* :class:`CProgramCode` compiles a libclang translation unit once: each function with a body becomes
  a list of instructions (evaluate, branch, jump, switch, declare, return) whose expressions are
  Python closures.  Nothing of the program is abstracted: integers are C integers of their type,
  memory is :class:`~tvla.concrete.cmemory.Memory`, calls (recursive ones too) are calls.
* :meth:`Machine.run` executes ``main`` once; every ``__VERIFIER_nondet_*()`` value (and, with
  ``malloc_may_fail``, whether a ``malloc`` fails) comes from the ``choose`` callback; the
  ``compared`` callback, when given, hears the integers each test compared (a search steers by them).  The
  :class:`Outcome` holds the first violation of each kind the run met (``valid-deref``,
  ``valid-free``, ``valid-memtrack``, ``memcleanup``, ``unreach-call``), in the competition's
  meaning (docs/c.md, "Properties"), and how the run ended.
* A run that does something this interpreter does not follow exactly (undefined behaviour, a
  construct outside the subset, a limit) ends there as ``unmodeled``: what it met before stays
  true of a C execution (a prefix of one), nothing after is claimed.
"""

import time
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import (Designator, is_line_marker, binary_conditional, all_zero, backward_jumps, hidden_calls, jumped_back_over, switch_range, case_values, children, designations, for_parts, for_parts_unknown, initializer,
                               function_symbol, is_aggregate, library_name, strip, switch_cases)
from tvla.cfront.embedded import offsetof_path
from tvla.cfront.ir import Pos
from tvla.cfront.parse import binary_operator, constants_memo, evaluate_int, unary_operator
from tvla.concrete.cblocks import scalar_paths
from tvla.concrete.ccalls import MAX_BLOCK, compile_call
from tvla.concrete.cmemory import (BLOCKS, BYTES, NULL, UNDEF, Halt, Memory, Obj, Ptr, Unmodeled, Violation,
                                   live_targets, refuse, zero)
from tvla.concrete.ctyping import Ty, Types, convert, path_at, path_offset, tested, type_at, wrap

__all__ = ["CProgramCode", "Machine", "Outcome", "Event", "Limits", "MEMORY_KINDS", "COMPARE", "TIME_LIMIT"]

K = ci.CursorKind
EVAL, BRANCH, JUMP, SWITCH, DECL, RET, VALUE = range(7)
ARRAYS = ("array", "vla")   # the kinds of Ty whose variable is its elements (its name decays to a pointer)
MEMORY_KINDS = ("valid-deref", "valid-free", "valid-memtrack")
TIME_LIMIT = "the search's time limit"   # why a run stopped at its deadline


@dataclass(frozen=True)
class Limits:
    steps: int = 20000        # statements of one run
    depth: int = 200          # nested calls
    blocks: int = 400         # objects made (cells and variables) before a malloc ends the run


@dataclass(frozen=True)
class Event:
    """A violation a run met: where, at which step, and at which step it counts as reported
    (``order``): a lost cell at the next call of the library or return from a function, as a leak
    check there would see it (an invalid access before that comes first: ``free(l); l = l->next;``)."""

    kind: str
    pos: Optional[Pos]
    message: str
    step: int
    order: int


@dataclass
class Outcome:
    events: Dict[str, Event] = field(default_factory=dict)
    end: str = "running"      # exit | error | assume | violation | unmodeled | limit
    why: str = ""
    steps: int = 0


class Agg:
    """A struct value (a copy of its slots, by path below the struct): every scalar of its type,
    :data:`UNDEF` where uninitialised (so that a copy into a zeroed object keeps it so)."""

    __slots__ = ("slots",)

    def __init__(self, slots: Dict[Tuple[Any, ...], Any]) -> None:
        self.slots = slots


Loc = Tuple[Obj, Tuple[Any, ...], Optional[int]]
Fn = Callable[["Frame"], Any]


class Frame:
    """A call's variables (by declaration), the values its expression holds while a call in it
    runs (roots for ``valid-memtrack``), and the machine it runs on."""

    __slots__ = ("vars", "pending", "m", "ended")

    def __init__(self, m: "Machine") -> None:
        self.vars: Dict[int, Obj] = {}
        self.pending: List[Any] = []
        self.m = m
        # the objects of block variables whose block the run left: what they held still counts for
        # valid-memtrack until the call returns or the variable is declared again, as the analysis
        # keeps a block's variables (docs/c.md, "Liveness")
        self.ended: Dict[int, Obj] = {}


@dataclass
class Function:
    name: str
    params: List[Tuple[int, Ty, str]]
    code: List[Tuple[Any, ...]] = field(default_factory=list)


Scope = List[int]
"""The variables of one block whose objects die when a run leaves it (their keys, see
:meth:`FunctionCompiler.s_compound_stmt`)."""


class Label:
    """A place in a function's code; ``scopes``: the blocks open there (a jump to it leaves the
    others open at the jump)."""

    __slots__ = ("at", "scopes")

    def __init__(self) -> None:
        self.at = -1
        self.scopes: List[Scope] = []


def _key(decl: ci.Cursor) -> int:
    return int(decl.canonical.hash)


class CProgramCode:
    """A translation unit compiled for :class:`Machine` (see the module's contract)."""

    def __init__(self, tu: ci.TranslationUnit, path: str) -> None:
        self.path = path
        self.types = Types()
        with open(path, "rb") as fh:
            self.text = fh.read()
        self.functions: Dict[str, Function] = {}
        self.globals: List[Tuple[int, Ty, str, Optional[ci.Cursor]]] = []
        self.global_keys: Dict[int, int] = {}
        self.bodies: Dict[str, ci.Cursor] = {}
        self.sites: List[Pos] = []
        self.kept_decls: Set[int] = set()   # declarations a goto jumps back over (cinfo.jumped_back_over)
        for c in tu.cursor.get_children():
            if c.kind == K.FUNCTION_DECL and c.is_definition():
                self.bodies[c.spelling] = c
            elif c.kind == K.VAR_DECL:
                self.add_global(c)
        with constants_memo():
            for name, c in self.bodies.items():
                self.functions[name] = self._compiled(name, c)
            ex = ExprCompiler(self, None)
            self.global_inits = [(key, ex.initializer(init, ty)) for key, ty, _n, init in self.globals
                                 if init is not None]
        for attr, what in hidden_calls(tu)[:1]:   # code the runs would not call: no run is one of C's
            self.functions["main"] = Function("main", [], [(EVAL, refuse(f"__attribute__(({what}))"), self.pos(attr),
                                                            "main")])

    def _compiled(self, name: str, c: ci.Cursor) -> "Function":
        """A function's code; one this compiler cannot read (a header's inline function using a
        construct it does not know) ends every run that calls it as unmodeled."""
        try:
            return FunctionCompiler(self, c).compile()
        except Exception as e:  # noqa: BLE001 - the other functions still run
            why = f"function {name} not compiled ({type(e).__name__})"
            return Function(name, [], [(EVAL, refuse(why), self.pos(c), name)])

    def add_global(self, c: ci.Cursor) -> None:
        """Declare a global (or a static local): one object for the whole run."""
        key = _key(c)
        if key in self.global_keys:
            if c.is_definition():
                i = self.global_keys[key]
                self.globals[i] = (key, self.types.of(c.type), c.spelling, initializer(c))
            return
        self.global_keys[key] = len(self.globals)
        self.globals.append((key, self.types.of(c.type), c.spelling, initializer(c)))

    def site(self, c: ci.Cursor) -> int:
        """A number for a call site (the choices of a run are told apart by it)."""
        self.sites.append(self.pos(c))
        return len(self.sites) - 1

    def pos(self, c: ci.Cursor) -> Pos:
        loc = c.extent.start if c.extent is not None else c.location
        return Pos(self.path, loc.line, loc.column)

    def source(self, c: ci.Cursor) -> str:
        e = c.extent
        if e.start.file is None or e.start.file.name != self.path:
            return c.spelling
        text = self.text[e.start.offset:e.end.offset].decode("utf-8", "replace")
        # gcc -E puts line markers inside expressions that come from macros (NULL, assert)
        return " ".join(" ".join(x for x in text.splitlines() if not is_line_marker(x)).split())


def _addressed(fn: ci.Cursor) -> Set[int]:
    """The local variables of ``fn`` a pointer may keep after their block: those under a ``&``
    (``&x``, ``&s.f``, ``&a[i]``) and arrays (which decay to a pointer); the others die unseen."""
    out: Set[int] = set()
    for c in fn.walk_preorder():
        if c.kind == K.VAR_DECL and c.type.get_canonical().kind in _ARRAYS:
            out.add(_key(c))
        elif c.kind == K.UNARY_OPERATOR and unary_operator(c) == "&" and children(c):
            e = strip(children(c)[0])
            while e.kind in (K.MEMBER_REF_EXPR, K.ARRAY_SUBSCRIPT_EXPR) and children(e) \
                    and strip(children(e)[0]).type.get_canonical().kind not in _POINTERS:
                e = strip(children(e)[0])   # s.f, a[i]: inside the variable s, a
            if e.kind == K.DECL_REF_EXPR and e.referenced is not None and e.referenced.kind == K.VAR_DECL:
                out.add(_key(e.referenced))
    return out


_ARRAYS = (ci.TypeKind.CONSTANTARRAY, ci.TypeKind.INCOMPLETEARRAY, ci.TypeKind.VARIABLEARRAY)
_POINTERS = (ci.TypeKind.POINTER,)


def _value_dropped(c: ci.Cursor) -> ci.Cursor:
    """The expression whose value an expression statement ``c`` drops: ``c`` without parentheses
    and a cast to void (``(void) printf(...)``)."""
    while c.kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR, K.CSTYLE_CAST_EXPR) and len(children(c)) == 1 \
            and (c.kind != K.CSTYLE_CAST_EXPR or c.type.get_canonical().kind == ci.TypeKind.VOID):
        c = children(c)[0]
    return c


def _string(c: ci.Cursor) -> bool:
    """A string literal (or ``__func__``), behind parentheses and implicit casts."""
    while c.kind in (K.PAREN_EXPR, K.UNEXPOSED_EXPR) and len(children(c)) == 1:
        c = children(c)[0]
    return c.kind == K.STRING_LITERAL


def _resolved(ins: Tuple[Any, ...]) -> Tuple[Any, ...]:
    """An instruction with its labels replaced by the indices they stand at; a jump's blocks open
    where it stands (``ins[2]``) by the variables of those it leaves (not open at its target)."""
    if ins[0] == JUMP:
        target = ins[1]
        left = [sc for sc in ins[2] if not any(sc is t for t in target.scopes)]
        return JUMP, target.at, tuple(k for sc in left for k in sc)
    if ins[0] == BRANCH:
        return (BRANCH, ins[1], ins[2].at) + ins[3:]
    if ins[0] == SWITCH:
        return (SWITCH, ins[1], {v: lab.at for v, lab in ins[2].items()}, ins[3].at) + ins[4:]
    return ins


class FunctionCompiler:
    """One function's body as instructions (see :class:`CProgramCode`)."""

    def __init__(self, prog: CProgramCode, c: ci.Cursor) -> None:
        self.prog, self.cursor = prog, c
        self.types = prog.types
        self.code: List[Tuple[Any, ...]] = []
        self.loops: List[Tuple[Label, Optional[Label]]] = []
        self.labels: Dict[str, Label] = {}
        self.cases: Dict[int, Label] = {}
        self.in_block = 0   # statement expressions being compiled
        self.ex = ExprCompiler(prog, self)
        self.jumps = backward_jumps(c)   # its gotos back, over which a declaration keeps its object
        self.scopes: List[Scope] = []   # the blocks open at the instruction being compiled
        self.addressed = _addressed(c)

    def compile(self) -> Function:
        c = self.cursor
        params = [(_key(p), self.types.of(p.type), p.spelling) for p in c.get_arguments()]
        fn = Function(c.spelling, params)
        body = [k for k in c.get_children() if k.kind == K.COMPOUND_STMT]
        if body:   # not a block of its own: the return ends its variables' lifetimes (Machine.call)
            self.statements(body[0])
        end = c.extent.end   # falling off the end returns at the closing brace
        self.code.append((RET, None, Pos(self.prog.path, end.line, max(1, end.column - 1)), "return"))
        fn.code = [_resolved(i) for i in self.code]
        return fn

    def block_value(self, block: ci.Cursor) -> List[Tuple[Any, ...]]:
        """A GNU statement expression ``({ ...; e; })``: its statements as instructions of their own,
        ending with the value of the last one.  A ``return``, ``break`` or ``continue`` out of it is
        not followed."""
        outer, loops, self.code, self.loops = self.code, self.loops, [], []
        self.in_block += 1
        try:
            kids = children(block)
            for k in kids[:-1]:
                self.stmt(k)
            last = kids[-1] if kids else None
            if last is not None and (last.kind.is_expression() or last.kind == K.UNEXPOSED_EXPR):
                self.code.append((VALUE, self.ex.rv(last)[0], self.prog.pos(last), self.prog.source(last)))
            else:
                if last is not None:
                    self.stmt(last)
                self.code.append((VALUE, None, self.prog.pos(block), ""))
            return [_resolved(i) for i in self.code]
        finally:
            self.code, self.loops = outer, loops
            self.in_block -= 1

    def here(self, lab: Label) -> None:
        lab.at = len(self.code)
        lab.scopes = list(self.scopes)

    def jump(self, lab: Label) -> None:
        """A jump to ``lab``: the blocks it leaves end (``_resolved``)."""
        self.code.append((JUMP, lab, list(self.scopes)))

    def stmt(self, c: ci.Cursor) -> None:
        k = c.kind
        handler = getattr(self, "s_" + k.name.lower(), None)
        if handler is not None:
            handler(c)
        elif k.is_expression() or k == K.UNEXPOSED_EXPR:
            self.ex.discarded.add(_value_dropped(c).hash)
            self.code.append((EVAL, self.ex.rv(c)[0], self.prog.pos(c), self.prog.source(c)))
        elif k in (K.NULL_STMT, K.STRUCT_DECL, K.TYPEDEF_DECL, K.ENUM_DECL, K.UNION_DECL):
            pass
        else:
            self.code.append((EVAL, refuse(f"statement {k.name}"), self.prog.pos(c), self.prog.source(c)))

    def s_compound_stmt(self, c: ci.Cursor) -> None:
        """A block: the objects of its variables whose address may be kept die where a run leaves it
        (C11 6.2.4p6), so that a later access through a pointer to one is a use out of scope."""
        self.scoped(lambda: self.statements(c))

    def statements(self, c: ci.Cursor) -> None:
        for k in c.get_children():
            self.stmt(k)

    def scoped(self, compile_body: Callable[[], None]) -> None:
        """Compile a block (``compile_body``) whose end, reached in order, ends its variables."""
        self.scopes.append([])
        compile_body()
        end = Label()
        if self.scopes[-1]:
            self.jump(end)
        self.scopes.pop()
        self.here(end)

    def s_decl_stmt(self, c: ci.Cursor) -> None:
        for d in c.get_children():
            if d.kind != K.VAR_DECL:
                continue
            if d.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN):
                self.prog.add_global(d)
                continue
            init = initializer(d)
            ty = self.types.of(d.type)
            fill = self.ex.initializer(init, ty) if init is not None else None
            length = self.ex.rv([x for x in d.get_children() if x.kind.is_expression()][-1])[0] \
                if ty.kind == "vla" else None
            if jumped_back_over(d, self.jumps):
                self.prog.kept_decls.add(_key(d))
            if self.scopes and _key(d) in self.addressed:
                self.scopes[-1].append(_key(d))
            self.code.append((DECL, _key(d), ty, d.spelling, fill, length, self.prog.pos(d), self.prog.source(d)))

    def s_if_stmt(self, c: ci.Cursor) -> None:
        kids = children(c)
        other, end = Label(), Label()
        self.branch(kids[0], other)
        self.stmt(kids[1])
        if len(kids) > 2:
            self.jump(end)
            self.here(other)
            self.stmt(kids[2])
        else:
            self.here(other)
        self.here(end)

    def branch(self, cond: ci.Cursor, if_false: Label) -> None:
        fn, pos = self.ex.rv(cond)[0], self.prog.pos(cond)

        def test(fr: Frame) -> bool:
            v = fn(fr)
            if fr.m.compared is not None and isinstance(v, int):
                fr.m.compared(pos, "!=", v, 0)
            return tested(v, fr.m)
        self.code.append((BRANCH, test, if_false, pos, self.prog.source(cond)))

    def loop_body(self, body: ci.Cursor, brk: Label, cont: Label) -> None:
        self.loops.append((brk, cont))
        self.stmt(body)
        self.loops.pop()

    def s_while_stmt(self, c: ci.Cursor) -> None:
        cond, body = children(c)
        head, end = Label(), Label()
        self.here(head)
        self.branch(cond, end)
        self.loop_body(body, end, head)
        self.jump(head)
        self.here(end)

    def s_do_stmt(self, c: ci.Cursor) -> None:
        body, cond = children(c)
        start, test, end = Label(), Label(), Label()
        self.here(start)
        self.loop_body(body, end, test)
        self.here(test)
        self.branch(cond, end)
        self.jump(start)
        self.here(end)

    def s_for_stmt(self, c: ci.Cursor) -> None:
        self.scoped(lambda: self.for_loop(c))   # a block of its own: for (int i = 0; ...)

    def for_loop(self, c: ci.Cursor) -> None:
        if for_parts_unknown(c):
            raise Unmodeled("a for loop whose header a macro writes, with a part left out")
        init, cond, inc, body = for_parts(c)
        if init is not None:
            self.stmt(init)
        head, cont, end = Label(), Label(), Label()
        self.here(head)
        if cond is not None:
            self.branch(cond, end)
        self.loop_body(body, end, cont)
        self.here(cont)
        if inc is not None:
            self.stmt(inc)
        self.jump(head)
        self.here(end)

    def s_break_stmt(self, c: ci.Cursor) -> None:
        if not self.loops:
            self.code.append((EVAL, refuse("break outside a loop"), self.prog.pos(c), "break"))
            return
        self.jump(self.loops[-1][0])

    def s_continue_stmt(self, c: ci.Cursor) -> None:
        target = next((cont for _, cont in reversed(self.loops) if cont is not None), None)
        if target is None:
            self.code.append((EVAL, refuse("continue outside a loop"), self.prog.pos(c), "continue"))
            return
        self.jump(target)

    def s_return_stmt(self, c: ci.Cursor) -> None:
        if self.in_block:
            self.code.append((EVAL, refuse("return out of a statement expression"), self.prog.pos(c), "return"))
            return
        kids = children(c)
        ret = self.types.of(self.cursor.result_type)
        fn = None
        if kids:
            value = self.ex.rv(kids[0])[0]
            fn = (lambda fr: convert(value(fr), ret)) if ret.kind in ("int", "ptr") else value
        self.code.append((RET, fn, self.prog.pos(c), self.prog.source(c)))

    def label(self, name: str) -> Label:
        return self.labels.setdefault(name, Label())

    def s_goto_stmt(self, c: ci.Cursor) -> None:
        target = [k for k in c.get_children() if k.kind == K.LABEL_REF]
        self.jump(self.label(target[0].spelling if target else ""))

    def s_label_stmt(self, c: ci.Cursor) -> None:
        self.here(self.label(c.spelling))
        for k in c.get_children():
            self.stmt(k)

    def s_switch_stmt(self, c: ci.Cursor) -> None:
        kids = children(c)
        cond, body = kids[0], kids[-1]
        value = self.ex.rv(cond)[0]
        end = Label()
        table: Dict[int, Label] = {}
        default = end
        for case in switch_cases(body):
            lab = Label()
            self.cases[case.hash] = lab
            if case.kind == K.DEFAULT_STMT:
                default = lab
                continue
            bounds = case_values(case, switch_range(c))
            if bounds is None:
                self.code.append((EVAL, refuse("a case label that is not a constant"), self.prog.pos(case), "case"))
                return
            for v in range(bounds[0], bounds[1] + 1):
                table.setdefault(v, lab)
        self.code.append((SWITCH, value, table, default, self.prog.pos(cond), self.prog.source(cond)))
        self.loops.append((end, None))
        self.stmt(body)
        self.loops.pop()
        self.here(end)

    def s_case_stmt(self, c: ci.Cursor) -> None:
        lab = self.cases.get(c.hash)
        if lab is not None:
            self.here(lab)
        self.stmt(children(c)[-1])

    s_default_stmt = s_case_stmt


class ExprCompiler:
    """Expressions as closures: :meth:`rv` (the value) and :meth:`lv` (the location)."""

    def __init__(self, prog: CProgramCode, fc: Optional[FunctionCompiler]) -> None:
        self.prog, self.fc, self.types = prog, fc, prog.types
        self.discarded: Set[int] = set()   # the expressions whose value no one reads (by hash)

    def rv(self, c: ci.Cursor) -> Tuple[Fn, Ty]:
        ty = self.types.of(c.type)
        k = c.kind
        const = evaluate_int(c) if ty.kind == "int" else None
        if const is not None:
            value = wrap(const, ty)
            return (lambda fr: value), ty
        handler = getattr(self, "r_" + k.name.lower(), None)
        if handler is None:
            return refuse(f"expression {k.name}"), ty
        return handler(c, ty), ty

    def lv(self, c: ci.Cursor) -> Tuple[Callable[[Frame], Loc], Ty]:
        ty = self.types.of(c.type)
        k = c.kind
        if k == K.MEMBER_REF_EXPR:   # the field's own type: a bit-field's width
            bt = self.types.of(children(c)[0].type)
            st = bt.pointee if bt.kind == "ptr" else bt
            if st.kind == "struct":
                ty = st.field(c.spelling)
        if k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR) and len(children(c)) == 1:
            return self.lv(children(c)[0])
        handler = getattr(self, "l_" + k.name.lower(), None)
        if handler is None:
            return refuse(f"location {k.name}"), ty
        return handler(c, ty), ty

    # ---- values -----------------------------------------------------------------------------

    def r_paren_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        return self.rv(children(c)[0])[0]

    def r_integer_literal(self, c: ci.Cursor, ty: Ty) -> Fn:
        return refuse("an integer literal without a value")

    def r_string_literal(self, c: ci.Cursor, ty: Ty) -> Fn:
        return lambda fr: "string"   # only printed (printf's format): any use as memory is not followed

    def r_unexposed_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        every = children(c)
        parts = binary_conditional(c)
        if parts is not None:   # x ?: y: x once
            x, y = self.rv(parts[0])[0], self.rv(parts[1])[0]
            return lambda fr: _either(x(fr), y, fr, ty)
        if len(every) >= 2 and ty.kind == "int" and all(k.kind == K.MEMBER_REF for k in every[1:]):
            offset = self.offsetof(c)   # offsetof(T, m): T (a type or typeof an expression), then m
            return refuse("offsetof of an unknown field") if offset is None else (lambda fr: offset)
        if len(every) != 1:
            return refuse("an implicit expression")
        return self.converted(every[0], ty)

    def r_cstyle_cast_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        return self.converted(children(c)[-1], ty)   # the type (a name, typeof) comes first

    def converted(self, operand: ci.Cursor, ty: Ty) -> Fn:
        """The value of ``operand`` converted to ``ty`` (an implicit or explicit cast, a decay)."""
        inner = self.types.of(operand.type)
        if operand.type.get_canonical().kind == ci.TypeKind.INCOMPLETEARRAY \
                and strip(operand).kind == K.MEMBER_REF_EXPR:
            inner = self.types.flexible(operand.type)   # a flexible array member (an extern T a[] is not followed)
        if inner.kind in ARRAYS and ty.kind == "ptr":
            if _string(operand):
                return lambda fr: "string"   # only passed on (assert's message, printf's format)
            loc = self.lv(operand)[0]
            return lambda fr: _decay(loc(fr), inner)
        if ty.kind == "int" and inner.kind == "ptr":
            offset = self.null_member_offset(operand)
            if offset is not None:   # the kernel's offsetof: (size_t) &((T *)0)->m is m's offset
                return lambda fr: offset
        value = self.rv(operand)[0]
        if inner.kind != "func" and ty.kind in ("int", "ptr") and inner is not ty:
            return lambda fr: convert(value(fr), ty)
        return value

    def offsetof(self, c: ci.Cursor) -> Optional[int]:
        """``offsetof(T, a.b)`` (``__builtin_offsetof``: a type and member references), in bytes."""
        kids = children(c)
        return _member_offset(self.types.of(kids[0].type), [m.spelling for m in kids[1:]])

    def null_member_offset(self, c: ci.Cursor) -> Optional[int]:
        """``&((T *)0)->a.b`` behind casts (the offsetof macro of Linux and of SV-COMP's tasks):
        the offset of ``a.b`` in ``T``, what C compilers make of it; None for another expression."""
        found = offsetof_path(c)
        if found is None:
            return None
        return _member_offset(self.types.of(found[0].type), found[1].split("."))

    def r_stmtexpr(self, c: ci.Cursor, ty: Ty) -> Fn:
        kids = children(c)
        if self.fc is None or not kids or kids[0].kind != K.COMPOUND_STMT:
            return refuse("a statement expression")
        code = self.fc.block_value(kids[0])
        return lambda fr: fr.m.execute(fr, code)

    def r_decl_ref_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        ref = c.referenced
        if ref is not None and ref.kind == K.FUNCTION_DECL:
            name = library_name(function_symbol(ref))   # the function an asm label or alias names
            return lambda fr: ("function", name)
        if ty.kind in ARRAYS:
            loc = self.lv(c)[0]
            return lambda fr: _decay(loc(fr), ty)
        loc = self.l_decl_ref_expr(c, ty)
        return self.loader(loc, ty, c)

    def loader(self, loc: Callable[[Frame], Loc], ty: Ty, c: ci.Cursor) -> Fn:
        """The read of a location of type ``ty``.  An integer never written holds some value (as
        the analysis' garbage does): the run chooses it at its first read, and keeps it."""
        if ty.kind == "struct":
            return lambda fr: _read_agg(loc(fr), ty)
        ptr = ty.kind == "ptr"
        site = self.prog.site(c) if ty.kind == "int" else -1

        def load(fr: Frame) -> Any:
            o, path, _ = loc(fr)
            v = o.read(path, ptr)
            if v is UNDEF and site >= 0:
                v = o.slots[path] = wrap(fr.m.choose(site, ty), ty)
            return v
        return load

    def r_member_ref_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        return self.loader(self.l_member_ref_expr(c, ty), ty, c)

    def r_array_subscript_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        return self.loader(self.l_array_subscript_expr(c, ty), ty, c)

    def r_cxx_unary_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        """``sizeof`` of a variable-length array variable (the others are constants), its bytes."""
        kids = children(c)
        if len(kids) != 1 or not kids[0].kind.is_expression() or self.types.of(kids[0].type).kind != "vla":
            return refuse("sizeof of a variable-length type")
        loc = self.lv(kids[0])[0]

        def size(fr: Frame) -> int:
            o, path, _ = loc(fr)
            if path != ():
                raise Unmodeled("sizeof of a variable-length type")
            return (o.count or 0) * o.elem.size
        return size

    def r_conditional_operator(self, c: ci.Cursor, ty: Ty) -> Fn:
        cond, a, b = [self.rv(k)[0] for k in children(c)]
        return lambda fr: a(fr) if tested(cond(fr), fr.m) else b(fr)

    def r_unary_operator(self, c: ci.Cursor, ty: Ty) -> Fn:
        op = unary_operator(c)
        arg = children(c)[0]
        if op == "&":
            return self.address(arg)
        if op == "*":
            return self.loader(self.l_unary_operator(c, ty), ty, c)
        if op in ("++", "--", "post++", "post--"):
            return self.step(arg, op)
        if op == "__extension__":
            return self.rv(arg)[0]
        value = self.rv(arg)[0]
        if op == "!":
            return lambda fr: 0 if tested(value(fr), fr.m) else 1
        if op in ("-", "~", "+"):
            return lambda fr: _arith(op, 0 if op != "~" else -1, value(fr), ty, unary=True)
        return refuse(f"operator {op}")

    def address(self, arg: ci.Cursor) -> Fn:
        """``&arg``: no access.  ``&p->f`` of a freed ``p`` is the field's address (a later access is
        the violation); of NULL, NULL where ``f`` is at offset 0 (``&*p`` is ``p``, ``&a[i]`` is
        ``a + i``); any other invalid pointer on the way is undefined behaviour, not a violation."""
        inner = arg
        while inner.kind == K.PAREN_EXPR:
            inner = children(inner)[0]
        if inner.kind == K.MEMBER_REF_EXPR and self.types.of(children(inner)[0].type).kind == "ptr":
            base = self.rv(children(inner)[0])[0]
            st, name = self.types.of(children(inner)[0].type).pointee, inner.spelling
            return lambda fr: _field_address(base(fr), st, name)
        if inner.kind == K.UNARY_OPERATOR and unary_operator(inner) == "*":
            return self.rv(children(inner)[0])[0]
        loc = self.lv(arg)[0]
        return lambda fr: _address_of(loc, fr)

    def step(self, arg: ci.Cursor, op: str) -> Fn:
        loc, ty = self.lv(arg)
        delta = 1 if "+" in op else -1
        post = op.startswith("post")

        def run(fr: Frame) -> Any:
            where = loc(fr)
            old = load_at(where, ty)
            new = _add_ptr(old, delta) if ty.kind == "ptr" else _int_step(old, delta, ty)
            store_at(fr, where, new)
            return old if post else new
        return run

    def r_binary_operator(self, c: ci.Cursor, ty: Ty) -> Fn:
        op = binary_operator(c)
        left, right = children(c)
        if op == "=":
            return self.assign(left, right)
        if op == ",":
            a, b = self.rv(left)[0], self.rv(right)[0]
            return lambda fr: (a(fr), b(fr))[1]
        (a, lt), (b, rt) = self.rv(left), self.rv(right)
        if op == "&&":
            return lambda fr: 1 if tested(a(fr), fr.m) and tested(b(fr), fr.m) else 0
        if op == "||":
            return lambda fr: 1 if tested(a(fr), fr.m) or tested(b(fr), fr.m) else 0
        told = (self.prog.pos(c), op) if op in COMPARE else None
        return _held(a, b, lambda x, y: _binary(op, x, y, lt, rt, ty), told)

    def assign(self, left: ci.Cursor, right: ci.Cursor) -> Fn:
        loc, ty = self.lv(left)
        value = self.rv(right)[0]

        def run(fr: Frame) -> Any:
            where = loc(fr)
            v = value(fr)
            store_at(fr, where, convert(v, ty) if ty.kind in ("int", "ptr") else v)
            return v
        return run

    def r_compound_assignment_operator(self, c: ci.Cursor, ty: Ty) -> Fn:
        op = binary_operator(c)[:-1]
        left, right = children(c)
        loc, lt = self.lv(left)
        value, rt = self.rv(right)

        def run(fr: Frame) -> Any:
            where = loc(fr)
            old = load_at(where, lt)
            new = _binary(op, old, value(fr), lt, rt, lt, compound=True)
            store_at(fr, where, new)
            return new
        return run

    def r_call_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        return compile_call(self, c, ty)

    def r_init_list_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        return refuse("an initialiser list in an expression")

    def r_compound_literal_expr(self, c: ci.Cursor, ty: Ty) -> Fn:
        """``(struct T){ .f = e, ... }``: a struct value, every member the list does not give zero."""
        init = next((k for k in children(c) if k.kind == K.INIT_LIST_EXPR), None)
        if ty.kind != "struct" or init is None:
            return refuse("a compound literal other than of a struct")
        writes = self._list_writes(init, ty, ())

        def value(fr: Frame) -> Agg:
            o = Obj(0, "stack", "compound literal", ty, 1)   # a scratch object, no root
            for path, t in scalar_paths(ty):
                if t.kind not in ("int", "ptr"):
                    raise Unmodeled("a compound literal other than of a struct")
                o.slots[path] = zero(t.kind == "ptr")
            for path, v in writes:
                _put(o, path, v(fr))
            return Agg(dict(o.slots))
        return value

    # ---- locations --------------------------------------------------------------------------

    def l_decl_ref_expr(self, c: ci.Cursor, ty: Ty) -> Callable[[Frame], Loc]:
        ref = c.referenced
        if ref is None or ref.kind not in (K.VAR_DECL, K.PARM_DECL):
            return refuse("a reference to no variable")
        key = _key(ref)
        whole = ty.kind in ARRAYS
        path = () if whole else (0,)
        machine_globals = self.prog.global_keys
        is_global = key in machine_globals or ref.storage_class in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN) \
            or ref.semantic_parent is None or ref.semantic_parent.kind == K.TRANSLATION_UNIT
        if is_global:
            if key not in machine_globals:
                self.prog.add_global(ref)
            return lambda fr: (fr.m.globals[key], path, None)
        name = c.spelling

        def var(fr: Frame) -> Loc:
            o = fr.vars.get(key)
            if o is None:
                raise Unmodeled(f"{name} used before its declaration ran")
            return o, path, None
        return var

    def l_paren_expr(self, c: ci.Cursor, ty: Ty) -> Callable[[Frame], Loc]:
        return self.lv(children(c)[0])[0]

    def l_member_ref_expr(self, c: ci.Cursor, ty: Ty) -> Callable[[Frame], Loc]:
        base = children(c)[0]
        name = c.spelling
        bt = self.types.of(base.type)
        if bt.kind == "ptr":
            ptr = self.rv(base)[0]
            st = bt.pointee
            if st.kind != "struct":
                return refuse("a member of a union")

            def arrow(fr: Frame) -> Loc:
                p = ptr(fr)
                if isinstance(p, Ptr) and p.path[:1] == (BYTES,):
                    return _field_by_bytes(p, st, name)
                o, path = fr.m.memory.deref(p, st)
                return o, path + (name,), None
            return arrow
        if bt.kind != "struct":
            return refuse("a member of a union")
        loc = self.lv(base)[0]

        def dot(fr: Frame) -> Loc:
            o, path, _ = loc(fr)
            return o, path + (name,), None
        return dot

    def l_array_subscript_expr(self, c: ci.Cursor, ty: Ty) -> Callable[[Frame], Loc]:
        base, index = children(c)
        (p, pt), (i, it) = self.rv(base), self.rv(index)
        if pt.kind != "ptr":
            p, i, pt = i, p, it
        elem = ty

        def at(fr: Frame) -> Loc:
            k = i(fr)
            if not isinstance(k, int):
                raise Unmodeled("an index that is no integer")
            q = _typed_add(p(fr), k, elem)
            o, path = fr.m.memory.deref(q, elem)
            return o, path, q.bound
        return at

    def l_unary_operator(self, c: ci.Cursor, ty: Ty) -> Callable[[Frame], Loc]:
        if unary_operator(c) != "*":
            return refuse("a location that is no variable, field or element")
        ptr = self.rv(children(c)[0])[0]

        def star(fr: Frame) -> Loc:
            p = ptr(fr)
            o, path = fr.m.memory.deref(p, ty)
            return o, path, p.bound if isinstance(p, Ptr) else None
        return star

    def initializer(self, init: ci.Cursor, ty: Ty) -> Callable[[Frame, Obj], None]:
        """A declaration's initialiser: writes the new variable ``obj``."""
        if init.kind == K.INIT_LIST_EXPR:
            writes = self._list_writes(init, ty, (0,) if ty.kind != "array" else ())

            def fill(fr: Frame, o: Obj) -> None:
                o.zero = True
                for path, value in writes:
                    _put(o, path, value(fr))
            return fill
        value = self.rv(init)[0]
        path = (0,)
        if ty.kind == "array":
            return refuse("an array initialised from a string")
        conv = ty.kind in ("int", "ptr")

        def one(fr: Frame, o: Obj) -> None:
            v = value(fr)
            _put(o, path, convert(v, ty) if conv else v)
        return one

    def _list_writes(self, init: ci.Cursor, ty: Ty, path: Tuple[Any, ...]) -> List[Tuple[Tuple[Any, ...], Fn]]:
        """The writes of initialiser list ``init`` into the object of type ``ty`` at ``path``: each
        element at its designators' place (``.f``, ``[i]``, nested), else at the one after the
        element before (C's order)."""
        out: List[Tuple[Tuple[Any, ...], Fn]] = []
        if all_zero(init):   # { 0 }: the object is zeroed, whatever its first element is
            return out
        nxt: Optional[int] = 0
        for designators, k in designations(init):
            if designators:
                nxt = _element_index(ty, designators[0])
            place = _designated(path, ty, nxt, designators[1:])
            if nxt is None or place is None:
                out.append((path, refuse("an initialiser designating no element")))
                return out
            p, t = place
            nxt += 1
            if t is None:
                continue   # more elements than the object has (a C error gcc only warns of)
            if k.kind == K.INIT_LIST_EXPR:
                out += self._list_writes(k, t, p)
            elif t.kind in ("struct", "array") and not is_aggregate(k.type):
                # { 1, 2, 3 } for { int a[2]; int n; }: braces left out, the scalars fill the inner
                # object first; not followed (read as written, n would get 2)
                out.append((p, refuse("an initialiser list without the braces of an inner object")))
                return out
            else:
                value = self.rv(k)[0]
                out.append((p, (lambda v, t: (lambda fr: convert(v(fr), t)))(value, t)
                            if t.kind in ("int", "ptr") else value))
        return out


def _member_offset(t: Ty, names: Sequence[str]) -> Optional[int]:
    """The byte offset of the member ``names`` (``a``, ``b``: ``a.b``) in struct ``t`` (None: no such)."""
    total = 0
    for name in names:
        if t.kind != "struct" or name not in t.field_names():
            return None
        total += t.offset(name)
        t = t.field(name)
    return total


def _element_index(ty: Optional[Ty], d: Designator) -> Optional[int]:
    """The index of the element designator ``d`` names in an object of type ``ty``."""
    if ty is None:
        return None
    if isinstance(d, str):
        names = ty.field_names() if ty.kind == "struct" else ()
        return names.index(d) if d in names else None
    i = evaluate_int(d) if ty.kind == "array" else None
    return i if i is not None and i >= 0 else None


def _designated(path: Tuple[Any, ...], ty: Ty, i: Optional[int], rest: Sequence[Designator]
                ) -> Optional[Tuple[Tuple[Any, ...], Optional[Ty]]]:
    """The path and type of element ``i`` of an object of type ``ty`` at ``path``, then of the
    element each designator of ``rest`` names in it in turn (``.o.m``, ``.b[2]``); None where one
    names no element."""
    if i is None:
        return None
    p, t = _element(path, ty, i)
    for d in rest:
        j = _element_index(t, d)
        if j is None:
            return None
        p, t = _element(p, t, j)
    return p, t


def _element(path: Tuple[Any, ...], ty: Optional[Ty], i: int) -> Tuple[Tuple[Any, ...], Optional[Ty]]:
    """The path and type of element ``i`` of an object of type ``ty`` at ``path`` (a scalar is its
    own only element; None: no such element)."""
    if ty is None:
        return path, None
    if ty.kind == "struct":
        names = ty.field_names()
        return (path + (names[i],), ty.field(names[i])) if i < len(names) else (path, None)
    if ty.kind == "array":
        return (path + (i,), ty.elem) if ty.n <= 0 or i < ty.n else (path, None)
    return (path, ty) if i == 0 else (path, None)


# ---- helpers on values ----------------------------------------------------------------------

def _either(x: Any, y: Fn, fr: Frame, ty: Ty) -> Any:
    """The value of ``x ?: y`` of type ``ty``: ``x`` when it is true, else ``y``'s."""
    v = x if tested(x, fr.m) else y(fr)
    return convert(v, ty) if ty.kind in ("int", "ptr") else v


def _decay(loc: Loc, arr: Ty) -> Ptr:
    o, path, _ = loc
    return Ptr(o, (0,), None) if path == () else Ptr(o, path + (0,), _elements(o, path, arr))


def _elements(o: Obj, path: Tuple[Any, ...], arr: Ty) -> int:
    """The elements of the array ``arr`` at ``path`` of ``o``: its length, but for a struct's last
    member of at most one element (C99's flexible array ``int d[];``, GNU's ``int d[0];``, the old
    struct hack ``int d[1];``) in a heap or alloca block, as many as fit up to the block's end."""
    if arr.n > 1 or o.kind not in BLOCKS or not isinstance(path[-1], str) or arr.elem is None \
            or arr.elem.size <= 0 or o.elem is None:
        return arr.n
    owner = type_at(o.elem, path[:-1])
    if owner is None or owner.kind != "struct" or owner.field_names()[-1] != path[-1]:
        return arr.n
    return max(arr.n, (o.size - path_offset(o.elem, path)) // arr.elem.size)


def _field_by_bytes(p: Ptr, st: Ty, name: str) -> Loc:
    """The field ``name`` of a struct ``st`` that a pointer by bytes says starts at its offset (the
    result of ``container_of`` on a member of no such struct): inside the object, the field found
    there by the layout; outside it, an access out of bounds."""
    o = p.obj
    assert o is not None and o.elem is not None
    if not o.alive:
        raise Violation("valid-deref", "dereference of a freed cell")
    at, ft = p.path[1] + st.offset(name), st.field(name)
    size = o.extent()
    if at < 0 or at + ft.size > size:
        raise Violation("valid-deref", "access out of the bounds of an object")
    found = path_at(o.elem, at, ft)
    if found is None:
        raise Unmodeled("a field that overlaps another object's fields")
    return o, found[0], found[1]


def _field_address(p: Any, st: Ty, name: str) -> Ptr:
    """``&p->name`` for a pointer ``p`` to a struct ``st``, without an access (see ``address``)."""
    if not isinstance(p, Ptr) or st.kind != "struct":
        raise Unmodeled("an address computed through an uninitialised pointer")
    if p.obj is None:
        if st.offset(name) == 0:
            return NULL
        raise Unmodeled("an address computed through NULL")
    if p.path[:1] == (BYTES,):   # container_of's result: the field found at its address, if any
        o = p.obj
        assert o.elem is not None
        off, ft = p.path[1] + st.offset(name), st.field(name)
        found = path_at(o.elem, off, ft)
        return Ptr(o, found[0], found[1]) if found is not None else Ptr(o, (BYTES, off), None)
    if p.obj.kind in BLOCKS and len(p.path) == 1:   # a block's first use may be its field's address
        Memory.typed(p.obj, st)
    return Ptr(p.obj, p.path + (name,), None)


def _address_of(loc: Callable[[Frame], Loc], fr: Frame) -> Ptr:
    """``&lvalue``: no access, so an invalid pointer on the way (``&p->next`` with p NULL or freed)
    is C's undefined behaviour, not a violation."""
    try:
        o, path, bound = loc(fr)
    except Violation as v:
        raise Unmodeled(f"an address computed through an invalid pointer ({v.message})") from None
    return Ptr(o, path, bound)


def _typed_add(p: Any, k: int, elem: Ty) -> Any:
    """``p + k`` for a pointer to ``elem``: by bytes for a ``char *`` into anything but chars."""
    if isinstance(p, Ptr) and p.obj is not None:
        o = p.obj
        if p.path[:1] == (BYTES,) or elem.size == 1 and o.elem is not None and o.elem.size != 1:
            off = p.path[1] if p.path[:1] == (BYTES,) else path_offset(o.elem, p.path)
            return Ptr(o, (BYTES, off + k), None)
        if o.kind in BLOCKS and len(p.path) == 1:
            Memory.typed(o, elem)
    return _add_ptr(p, k)


def _add_ptr(p: Any, k: int) -> Any:
    if not isinstance(p, Ptr) or p.obj is None:
        raise Unmodeled("arithmetic on NULL or an uninitialised pointer")
    return p.moved(k) if k else p


def _int_step(v: Any, delta: int, ty: Ty) -> int:
    if not isinstance(v, int):
        raise Unmodeled("++ or -- of an uninitialised value")
    return _fit(v + delta, ty, True)


def _fit(v: int, ty: Ty, arithmetic: bool) -> int:
    """An arithmetic result in ``ty``: unsigned wraps; a signed overflow of an int or wider is
    undefined (the run is dropped); narrower types were promoted to int, the conversion back wraps."""
    lo, hi = ty.lo_hi()
    if lo <= v <= hi:
        return v
    if ty.signed and ty.bits >= 32 and arithmetic:
        raise Unmodeled("signed integer overflow")
    return wrap(v, ty)


def _held(a: Fn, b: Fn, f: Callable[[Any, Any], Any], compare: Optional[Tuple[Pos, str]] = None) -> Fn:
    """``f`` of the values of ``a`` and ``b``; a comparison (``compare``: where, which) of two
    integers is told to the machine's ``compared``."""
    def run(fr: Frame) -> Any:
        x = a(fr)
        fr.pending.append(x)   # a pointer computed first stays a root while the other operand calls
        try:
            y = b(fr)
        finally:
            fr.pending.pop()
        if compare is not None and (x is UNDEF or y is UNDEF):
            fr.m.guessed = True   # an uninitialised pointer's garbage, taken as no object's address
        r = f(x, y)
        if compare is not None and fr.m.compared is not None and isinstance(x, int) and isinstance(y, int):
            fr.m.compared(compare[0], compare[1], x, y)
        return r
    return run


COMPARE = {"==": lambda x, y: x == y, "!=": lambda x, y: x != y, "<": lambda x, y: x < y,
            ">": lambda x, y: x > y, "<=": lambda x, y: x <= y, ">=": lambda x, y: x >= y}


def _binary(op: str, x: Any, y: Any, lt: Ty, rt: Ty, ty: Ty, compound: bool = False) -> Any:
    if op in COMPARE:
        if isinstance(x, Ptr) or isinstance(y, Ptr) or x is UNDEF or y is UNDEF:
            return _compare_ptr(op, x, y)
        if not isinstance(x, int) or not isinstance(y, int):
            raise Unmodeled("a comparison of an uninitialised value")
        return 1 if COMPARE[op](x, y) else 0
    if isinstance(x, Ptr) or isinstance(y, Ptr):
        return _ptr_arith(op, x, y, lt, rt)
    if compound:
        if ty.kind != "int" or not isinstance(x, int) or not isinstance(y, int):
            raise Unmodeled("a compound assignment of no integers")
        t = _computation(op, lt, rt)
        return wrap(_arith(op, wrap(x, t), y if op in ("<<", ">>") else wrap(y, t), t, unary=False), ty)
    return _arith(op, x, y, ty, unary=False)


def _computation(op: str, lt: Ty, rt: Ty) -> Ty:
    """The type ``x op= y`` computes in: C's usual arithmetic conversions of the promoted
    operands (the wider; of one width, the unsigned), the promoted ``x`` alone for a shift."""
    a = lt if lt.bits >= 32 else _INT
    b = rt if rt.bits >= 32 else _INT
    if op in ("<<", ">>") or a.bits > b.bits:
        return a
    if b.bits > a.bits:
        return b
    return b if a.signed else a


def _compare_ptr(op: str, x: Any, y: Any) -> int:
    if isinstance(x, int) and x == 0:
        x = NULL
    if isinstance(y, int) and y == 0:
        y = NULL
    if (x is UNDEF) != (y is UNDEF) and op in ("==", "!="):
        # an uninitialised pointer holds garbage: some address equal to no object's (one value C allows)
        return 1 if op == "!=" else 0
    if not isinstance(x, Ptr) or not isinstance(y, Ptr):
        raise Unmodeled("a comparison of an uninitialised pointer")
    if x.obj is y.obj and x.obj is not None and (x.path[:1] == (BYTES,)) != (y.path[:1] == (BYTES,)):
        raise Unmodeled("a comparison of a pointer by bytes with another")
    if op in ("==", "!="):
        return 1 if _same_address(x, y) == (op == "==") else 0
    if x.obj is None or x.obj is not y.obj or x.path[:-1] != y.path[:-1]:
        raise Unmodeled("an order between pointers to different objects")
    return 1 if COMPARE[op](x.path[-1], y.path[-1]) else 0


def _same_address(x: Ptr, y: Ptr) -> bool:
    """Do ``x`` and ``y`` hold one address?  Two paths into one object may (a struct and its first
    member: ``(void *) &d->first == (void *) d``)."""
    if x == y:
        return True
    if x.obj is None or x.obj is not y.obj or x.obj.elem is None or x.path[:1] == (BYTES,):
        return False
    return path_offset(x.obj.elem, x.path) == path_offset(x.obj.elem, y.path)


def _ptr_arith(op: str, x: Any, y: Any, lt: Ty, rt: Ty) -> Any:
    if op == "-" and isinstance(x, Ptr) and isinstance(y, Ptr):
        if x.obj is None or x.obj is not y.obj or x.path[:-1] != y.path[:-1]:
            raise Unmodeled("a difference of pointers to different objects")
        return x.path[-1] - y.path[-1]
    if op in ("+", "-") and isinstance(x, Ptr) and isinstance(y, int):
        return _typed_add(x, y if op == "+" else -y, lt.pointee)
    if op == "+" and isinstance(y, Ptr) and isinstance(x, int):
        return _typed_add(y, x, rt.pointee)
    raise Unmodeled(f"pointer operation {op}")


def _arith(op: str, x: Any, y: Any, ty: Ty, unary: bool) -> int:
    if not isinstance(x, int) or not isinstance(y, int):
        raise Unmodeled("arithmetic on an uninitialised value")
    if op in ("/", "%"):
        if y == 0:
            raise Unmodeled("division by zero")
        q = abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1)
        v = q if op == "/" else x - y * q
    elif op in ("<<", ">>"):
        if y < 0 or y >= max(ty.bits, 32) or (op == "<<" and x < 0):
            raise Unmodeled("a shift out of range")
        v = x << y if op == "<<" else x >> y
    elif op == "+":
        v = x + y
    elif op == "-":
        v = x - y
    elif op == "*":
        v = x * y
    elif op == "&":
        v = x & y
    elif op == "|":
        v = x | y
    elif op == "^":
        v = x ^ y
    elif op == "~" and unary:
        v = ~y
    else:
        raise Unmodeled(f"operator {op}")
    return _fit(v, ty, True)


_INT_TYPES = Types()
_INT: Ty = Ty("int", "int", 4, None, _INT_TYPES)
_INT.bits, _INT.signed = 32, True


def load_at(where: Loc, ty: Ty) -> Any:
    o, path, _ = where
    return o.read(path, ty.kind == "ptr")


def store_at(fr: Frame, where: Loc, v: Any) -> None:
    o, path, _ = where
    if isinstance(v, Agg) or _drops_heap_pointer(o.slots.get(path), v):
        fr.m.dirty = True   # a cell may be lost
    _put(o, path, v)


def _drops_heap_pointer(old: Any, new: Any) -> bool:
    """Does writing ``new`` over ``old`` drop a pointer to a live heap block?  Only then may a block
    become unreachable: variables are roots while they live, NULL and freed blocks hold nothing, and
    a pointer into the same block keeps it (each check walks the whole store, once per statement)."""
    target = old.obj if isinstance(old, Ptr) else None
    if target is None or target.kind != "heap" or not target.alive:
        return False
    return not (isinstance(new, Ptr) and new.obj is target)


def _put(o: Obj, path: Tuple[Any, ...], v: Any) -> None:
    """Write a scalar, or a struct's copy (:class:`Agg`), at ``path``."""
    if isinstance(v, Agg):
        _write_agg(o, path, v)
    else:
        o.slots[path] = v


def _read_agg(loc: Loc, ty: Ty) -> Agg:
    """The struct of type ``ty`` at ``loc``: its slots, and every scalar not written (zero in a zeroed
    object, else :data:`UNDEF`)."""
    o, path, _ = loc
    n = len(path)
    slots = {p[n:]: v for p, v in o.slots.items() if p[:n] == path}
    for rel, t in scalar_paths(ty):
        if rel not in slots:
            slots[rel] = o.read(path + rel, t.kind == "ptr")
    return Agg(slots)


def _write_agg(o: Obj, path: Tuple[Any, ...], v: Agg) -> None:
    n = len(path)
    for p in [p for p in o.slots if p[:n] == path]:
        del o.slots[p]
    for rel, value in v.slots.items():
        o.slots[path + rel] = value


SWITCH_CASES_TOLD = 16
LAZY_CHECKS = 8          # a lazy leak check comes after at most this many statements, or half the live cells   # a switch tells ``compared`` its value against this many of its cases


class Machine:
    """One execution of a :class:`CProgramCode` (see the module's contract).  ``compared``, when
    given, hears each comparison of two integers (where, the operator, the two values), each
    integer a branch tests (as ``!=`` 0) and a switch's value against its cases (as ``==``)."""

    def __init__(self, code: CProgramCode, choose: Callable[[int, Optional[Ty]], int],
                 limits: Limits = Limits(), malloc_may_fail: bool = False,
                 trace: Optional[Callable[["Machine", Tuple[Any, ...]], None]] = None,
                 deadline: Optional[float] = None,
                 compared: Optional[Callable[[Pos, str, int, int], None]] = None,
                 window: Optional[Tuple[int, int]] = None) -> None:
        self.code, self.limits = code, limits
        self.compared = compared
        self.deadline = deadline
        self.malloc_may_fail = malloc_may_fail
        self.trace = trace
        self.memory = Memory()
        self.globals: Dict[int, Obj] = {}
        self.frames: List[Frame] = []
        self.outcome = Outcome()
        self.dirty = False
        self.pos: Optional[Pos] = None
        self.lost_pending: Optional[Event] = None
        # leak checks: every statement of ``window`` (a witness: all), else lazily (see check_lost)
        self.window = window if window is not None or trace is None else (-1, self.limits.steps)
        self.made: List[int] = []       # the choices so far, for a run made again
        self.guessed = False            # a value of an uninitialised pointer was taken (ctyping.tested)
        self.unchecked = 0              # lazy: dirty statements since the last check (at step ``settled``)
        self.settled = 0
        self.found: Optional[Tuple[int, int]] = None   # lazy: a cell was lost between these steps
        self.pick = choose

    def choose(self, site: int, ty: Optional[Ty]) -> int:
        """The value of a nondeterministic choice (recorded)."""
        v = self.pick(site, ty)
        self.made.append(v)
        return v

    def run(self) -> Outcome:
        """Execute ``main``.  Leak checks walk the store, so a run checks lazily (amortised over
        the statements that may lose a cell), then, where a check found a lost cell, is made
        again with the same choices, checking every statement since the check before (where
        the cell was lost is part of the event): the same outcome as checking every statement."""
        out = self.execute_main()
        if self.found is None:
            return out
        values = iter(self.made)
        again = Machine(self.code, lambda _site, _ty: next(values, 0), self.limits, self.malloc_may_fail,
                        deadline=self.deadline, window=self.found)
        return again.execute_main()

    def execute_main(self) -> Outcome:
        main = self.code.functions.get("main")
        out = self.outcome
        try:
            if main is None:
                raise Unmodeled("no main function")
            self._globals()
            self.call(main, [])
        except Halt as h:
            out.end = h.how
        except Violation as v:
            self.event(v.kind, v.message)
            out.end = "violation"
        except Unmodeled as u:
            out.end, out.why = "unmodeled", str(u)
        except RecursionError:
            out.end, out.why = "limit", "calls nested too deep"
        except Exception as e:  # noqa: BLE001 - a construct the interpreter mishandles: drop the run, claim nothing
            out.end, out.why = "unmodeled", f"{type(e).__name__}: {e}"
        return out

    def _globals(self) -> None:
        top = Frame(self)
        self.frames.append(top)
        for key, ty, name, _init in self.code.globals:
            self.globals[key] = self._object("global", name, ty, zero=True)
        for key, fill in self.code.global_inits:
            fill(top, self.globals[key])
        self.frames.pop()

    def _vla(self, ty: Ty, length: Any) -> Ty:
        """The array a variable-length array's declaration makes, of ``length`` elements (C leaves a
        length below 1 undefined)."""
        assert ty.elem is not None
        if not isinstance(length, int) or ty.elem.kind == "vla":
            raise Unmodeled("a variable-length array of an unknown length")
        if not 0 < length * ty.elem.size <= MAX_BLOCK:
            raise Unmodeled("a variable-length array of no elements or of a huge size")
        return self.code.types.array(ty.elem, length)

    def _object(self, kind: str, name: str, ty: Ty, zero: bool = False) -> Obj:
        if ty.kind == "array":
            return self.memory.new(kind, name, ty.elem, ty.n, ty.size, zero)
        return self.memory.new(kind, name, ty, 1, ty.size, zero)

    def event(self, kind: str, message: str) -> None:
        if kind not in self.outcome.events:
            steps = self.outcome.steps
            self.outcome.events[kind] = Event(kind, self.pos, message, steps, steps)

    def checkpoint(self) -> None:
        """A call of the library or a return: a cell lost before it counts as reported now."""
        lost = self.lost_pending
        if lost is not None:
            self.lost_pending = None
            self.outcome.events.setdefault(lost.kind, Event(lost.kind, lost.pos, lost.message, lost.step,
                                                            self.outcome.steps))

    def terminate(self, how: str) -> None:
        """The program ends (return from main, exit, abort, reach_error): cells not freed break memcleanup.
        A cell lost in the statement that ends it (``return build() > 3;``, whose callee's locals died
        holding it) is lost before."""
        if self.dirty:
            self.check_lost()
        self.settle()
        self.checkpoint()
        if self.memory.unfreed():
            self.event("memcleanup", "memory not freed when the program ends")
        raise Halt(how)

    def call(self, fn: "Function", args: List[Any]) -> Any:
        if len(self.frames) > self.limits.depth:
            raise Unmodeled("calls nested too deep")
        fr = Frame(self)
        for (key, ty, name), a in zip(fn.params, args):
            o = self._object("stack", name, ty)
            fr.vars[key] = o
            _put(o, (0,), convert(a, ty) if ty.kind in ("int", "ptr") else a)
        self.frames.append(fr)
        try:
            result = self.execute(fr, fn.code)
            self.checkpoint()
        except Exception:
            self.settle()   # the run ends: a lazy check while the frames still hold their variables
            raise
        finally:
            self.frames.pop()
        if fr.pending:
            self.dirty = True
        self.end_lifetimes(list(fr.vars.values()))
        return result

    def execute(self, fr: Frame, code: List[Tuple[Any, ...]]) -> Any:
        pc = idle = 0
        out = self.outcome
        while True:
            ins = code[pc]
            op = ins[0]
            if op == JUMP:
                if ins[2]:
                    self.leave_block(fr, ins[2])
                pc = ins[1]
                idle += 1
                if idle > len(code):   # jumps only since the last statement: a loop doing nothing, forever
                    raise Unmodeled("a loop that does nothing forever")
                continue
            idle = 0
            out.steps += 1
            if out.steps > self.limits.steps:
                raise Unmodeled("the run's step limit")
            if not out.steps & 255 and self.deadline is not None and time.monotonic() > self.deadline:
                raise Unmodeled(TIME_LIMIT)
            self.pos = ins[-2]
            if self.trace is not None:
                self.trace(self, ins)
            if op == EVAL:
                ins[1](fr)
                pc += 1
            elif op == BRANCH:
                pc = pc + 1 if ins[1](fr) else ins[2]
            elif op == DECL:
                if ins[1] in self.code.kept_decls and ins[1] in fr.vars:   # reached again by a goto back
                    o = fr.vars[ins[1]]   # in its block: one object (its initialiser runs again)
                    if ins[4] is None:   # without one its value becomes indeterminate (C11 6.2.4p6)
                        o.slots.clear()
                else:
                    o = self._object("stack", ins[3], ins[2] if ins[5] is None else self._vla(ins[2], ins[5](fr)))
                    if ins[1] in fr.vars or fr.ended.pop(ins[1], None) is not None:
                        self.dirty = True   # a block's variable again (a loop): the last one's value is gone
                fr.vars[ins[1]] = o
                if ins[4] is not None:
                    ins[4](fr, o)
                pc += 1
            elif op == SWITCH:
                v = ins[1](fr)
                if not isinstance(v, int):
                    raise Unmodeled("a switch on an uninitialised value")
                if self.compared is not None:
                    for k in islice(ins[2], SWITCH_CASES_TOLD):
                        self.compared(ins[-2], "==", v, k)
                pc = ins[2].get(v, ins[3])
            elif op == VALUE:   # the end of a statement expression: its value
                return ins[1](fr) if ins[1] is not None else None
            else:  # RET
                value = ins[1](fr) if ins[1] is not None else None
                if fr is self.frames[0]:
                    self.terminate("exit")
                return value
            if self.dirty:
                self.check_lost()

    def leave_block(self, fr: Frame, keys: Tuple[int, ...]) -> None:
        """The run leaves a block: its variables ``keys`` die, as a callee's do when it returns (a
        later access through a pointer kept to one is a use out of scope; entered again, the block
        makes them anew).  Not yet declared (a jump past them), they have no object."""
        ended = {key: o for key, o in ((key, fr.vars.pop(key, None)) for key in keys) if o is not None}
        fr.ended.update(ended)
        self.end_lifetimes(list(ended.values()))

    def end_lifetimes(self, objs: List[Obj]) -> None:
        """The variables ``objs`` die (their block left, their function returned): cells may be lost
        only if one of them held a pointer to a live object."""
        if any(live_targets(o.slots.values()) for o in objs):
            self.dirty = True
        for o in objs:
            o.alive = False

    def check_lost(self) -> None:
        """After a statement that may have lost a cell: in ``window``, whether it did (the first
        lost cell is the event; after it, checks change nothing); lazily, a check once the
        statements since the last one are half the live cells (amortised: a check walks the store)."""
        self.dirty = False
        if self.window is None:
            self.unchecked += 1
            if self.unchecked > max(LAZY_CHECKS, len(self.memory.live) // 2):
                self.settle()
            return
        steps = self.outcome.steps
        if steps <= self.window[0] or steps > self.window[1] or self.lost_pending is not None \
                or "valid-memtrack" in self.outcome.events:
            return
        if self.memory.lost(self.roots(), self.held()):
            self.lost_pending = Event("valid-memtrack", self.pos, "memory becomes unreachable", steps, steps)

    def settle(self) -> None:
        """Lazily: a check of the statements since the last one; a lost cell makes them the window
        of the run made again (and ends the checks)."""
        if self.window is not None or self.found is not None or not (self.unchecked or self.dirty):
            return
        self.unchecked, self.dirty = 0, False
        if self.memory.lost(self.roots(), self.held()):
            self.found = (self.settled, self.outcome.steps)
        self.settled = self.outcome.steps

    def roots(self) -> List[Obj]:
        """The variables alive: those of every frame, the globals."""
        return [o for f in self.frames for o in f.vars.values()] + list(self.globals.values())

    def held(self) -> List[Any]:
        """The values expressions being evaluated hold, and those of the variables whose block the
        run left in a call still running (:attr:`Frame.ended`)."""
        return [v for f in self.frames for v in f.pending] + \
            [v for f in self.frames for o in f.ended.values() for v in o.slots.values()]
