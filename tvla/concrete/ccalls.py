"""Calls in the concrete C interpreter (:mod:`tvla.concrete.cexec`): the program's own functions,
and the library it may call.

Contract: :func:`compile_call` turns a call cursor into a closure.  A function with a body is
called (recursion too); ``malloc``, ``calloc``, ``free``, the ``__VERIFIER_*`` functions,
``reach_error()`` and failing ``assert``, ``abort``/``exit`` and the printing functions are the
library, with the meaning of docs/c.md; a call of any other function defined nowhere ends the run
as unmodeled (its effect is unknown)."""

import ast
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional, Sequence

import clang.cindex as ci

from tvla.cfront.cinfo import (ABS_FUNCTIONS, ERROR_FUNCTIONS, EXIT_FUNCTIONS, POINTER_LIBRARY, STOPPING_FUNCTIONS, call_arguments, callee_name, children,
                               does_nothing, never_returns, strip)
from tvla.cfront.errno_calls import ERRNO_FUNCTION
from tvla.cfront.intvars import RANDOM_CALLS
from tvla.cfront.ir import IntRange
from tvla.concrete.cblocks import copy_elements, reallocated, zero_fill
from tvla.concrete.cmemory import BYTES, NULL, Halt, Obj, Ptr, Unmodeled, refuse
from tvla.concrete.ctyping import Ty, path_offset, tested, wrap

if TYPE_CHECKING:
    from tvla.concrete.cexec import ExprCompiler, Frame, Machine

__all__ = ["compile_call"]

Fn = Callable[["Frame"], Any]
MAX_BLOCK = 1 << 30   # bytes of the largest block a run allocates
_ERRNO_KEY = -1   # errno's object among a run's globals (declarations' keys are hashes: never negative)
QUIET_FUNCTIONS = ("printf", "puts", "putchar", "fprintf", "fflush", "fputs", "perror", "srand", "srandom")


def compile_call(ex: "ExprCompiler", c: ci.Cursor, ty: Ty) -> Fn:
    kids = children(c)
    given = call_arguments(c)
    args = [ex.rv(a)[0] for a in given]
    name = callee_name(c)
    if name is None:
        callee = ex.rv(kids[0])[0]
        library = {n: _LIBRARY[n](args, ex.prog.site(c)) for n in POINTER_LIBRARY if n not in ex.prog.bodies}
        return _indirect(callee, args, {**library, **{n: _error_call(ex, n, args) for n in ERROR_FUNCTIONS}})
    if name in ERROR_FUNCTIONS:
        return _error_call(ex, name, args)
    if name in ex.prog.bodies:   # the file's own rand(), even its own __VERIFIER_nondet_int(), as gcc runs it
        return _user(name, args)
    if name.startswith("__VERIFIER_nondet_"):
        return _nondet(ex.prog.site(c), ty)
    if name == ERRNO_FUNCTION and not args and ty.kind == "ptr":
        return _errno_location(ty.pointee)
    if name in RANDOM_CALLS and not args or name == "time" and len(args) == 1:
        return _nondet(ex.prog.site(c), ty, args, RANDOM_CALLS.get(name))
    if name in QUIET_FUNCTIONS and c.hash not in ex.discarded:
        return _printed(name, args, given)
    maker = _LIBRARY.get(name)
    return maker(args, ex.prog.site(c)) if maker is not None else refuse(f"a call of {name}, defined nowhere")


def _errno_location(elem: Ty) -> Fn:
    """glibc's ``__errno_location ()``: the address of the run's one ``errno`` (zero at the start), an
    object of the run made at the first call (a key no declaration has)."""
    def call(fr: "Frame") -> Any:
        m = fr.m
        o = m.globals.get(_ERRNO_KEY)
        if o is None:
            o = m.globals[_ERRNO_KEY] = m.memory.new("global", "errno", elem, 1, elem.size, zero=True)
        return Ptr(o, (0,), None)
    return call


def _with_args(fr: "Frame", args: List[Fn]) -> List[Any]:
    """The arguments' values, each held as a root while the next ones are evaluated."""
    values = []
    for a in args:
        v = a(fr)
        fr.pending.append(v)
        values.append(v)
    return values


def _release(fr: "Frame", n: int) -> None:
    for _ in range(n):
        fr.pending.pop()


def _call(fr: "Frame", name: str, args: List[Fn]) -> Any:
    """A call of the program's function ``name``, its arguments held as roots until it returns."""
    values = _with_args(fr, args)
    try:
        return fr.m.call(fr.m.code.functions[name], values)
    finally:
        _release(fr, len(values))


def _user(name: str, args: List[Fn]) -> Fn:
    return lambda fr: _call(fr, name, args)


def _error_call(ex: "ExprCompiler", name: str, args: List[Fn]) -> Fn:
    """A call of the error function ``name``: a program's own reach_error() is the error, whatever
    its body (which runs after it where it may return)."""
    body = ex.prog.bodies.get(name)
    if body is None or never_returns(body, STOPPING_FUNCTIONS - {name}):
        return _error(args, 0)
    return _error_returns(None if does_nothing(body) else _user(name, args))


def _indirect(callee: Fn, args: List[Fn], library: Dict[str, Fn]) -> Fn:
    """A call through a function pointer; ``library``: the call of each error function or library
    function (``free``, ``exit``) it may hold."""
    def call(fr: "Frame") -> Any:
        f = callee(fr)
        if isinstance(f, tuple) and f[0] == "function" and f[1] in library:
            return library[f[1]](fr)
        if not (isinstance(f, tuple) and f[0] == "function" and f[1] in fr.m.code.functions):
            raise Unmodeled("a call through a pointer to no function of the program")
        return _call(fr, f[1], args)
    return call


def _nondet(site: int, ty: Ty, args: Sequence[Fn] = (), within: Optional[IntRange] = None) -> Fn:
    """Any value of ``ty`` (``within`` that range: ``rand()``'s); ``args`` (``time(NULL)``'s) must be
    null pointers."""
    if ty.kind != "int":
        return refuse(f"a nondeterministic {ty.name}")

    def call(fr: "Frame") -> int:
        if any(tested(a(fr), fr.m) for a in args):
            raise Unmodeled("time() storing its value")
        fr.m.checkpoint()
        v = wrap(fr.m.choose(site, ty), ty)
        return within.convert(v) if within is not None else v
    return call


def _assume(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        if args and not tested(args[0](fr), fr.m):
            fr.m.checkpoint()   # the run stops here (loops forever): a cell lost before it stays lost
            raise Halt("assume")
        return None
    return call


def _error(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        fr.m.event("unreach-call", "reach_error() is called")
        fr.m.terminate("error")
    return call


def _error_returns(body: Optional[Fn]) -> Fn:
    """The program's own reach_error() that may return: the error, then its ``body`` runs (None:
    it does nothing) and the run goes on."""
    def call(fr: "Frame") -> Any:
        fr.m.event("unreach-call", "reach_error() is called")
        return body(fr) if body is not None else None
    return call


def _exit(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        _with_args(fr, args)
        fr.m.terminate("exit")
    return call


def _quiet(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        _release(fr, len(_with_args(fr, args)))
        return 0
    return call


def _printed(name: str, args: List[Fn], exprs: List[ci.Cursor]) -> Fn:
    """A printing function whose value the program uses: ``putchar(c)`` gives c as an unsigned
    char, ``printf``/``fprintf`` of a format without conversions the bytes it writes; any other
    value (a count of formatted output, ``puts``'s nonnegative one) ends the run as unmodeled."""
    if name == "putchar":
        return _int_result(args, lambda v: v & 0xFF, "putchar of no integer")
    at = {"printf": 0, "fprintf": 1}.get(name)   # the format's argument
    count = _plain_length(exprs[at]) if at is not None and len(exprs) > at else None
    if count is None:
        return refuse(f"the value {name} returns")
    quiet = _quiet(args, 0)
    return lambda fr: quiet(fr) or count


def _plain_length(fmt: ci.Cursor) -> Optional[int]:
    """The bytes a format string literal without conversions (``"done\\n"``, ``"100%%"``) prints;
    None for another expression or format."""
    s = strip(fmt, casts=True)
    if s.kind != ci.CursorKind.STRING_LITERAL or not s.spelling.startswith('"'):
        return None
    try:
        text = ast.literal_eval(s.spelling)
    except (ValueError, SyntaxError):
        return None
    if not isinstance(text, str) or any(ord(ch) > 127 for ch in text) or "%" in text.replace("%%", ""):
        return None
    return len(text.replace("%%", "%"))


def _malloc(args: List[Fn], site: int, zero: bool = False) -> Fn:
    def call(fr: "Frame") -> Any:
        values = [a(fr) for a in args]
        if not all(isinstance(v, int) for v in values) or len(values) != (2 if zero else 1):
            raise Unmodeled("an allocation of an unknown size")
        size = values[0] * values[1] if zero else values[0]
        m = fr.m
        m.checkpoint()
        # malloc(0) is a block of no bytes, as glibc's (C allows NULL too): every access to it is out of
        # its bounds, and it must be freed; a huge one fails (NULL), which runs do not model
        if not 0 <= size <= MAX_BLOCK:
            raise Unmodeled("an allocation of a negative or huge size")
        if m.malloc_may_fail and m.choose(site, None):
            return NULL
        m.dirty = True   # not yet stored anywhere: a malloc whose value is dropped loses it
        return Ptr(_block(m, "heap", size, zero), (0,), None)
    return call


def _block(m: "Machine", kind: str, size: int, zero: bool = False) -> Obj:
    """A new block of ``size`` bytes (``heap`` or ``alloca``), within the run's allocation limit."""
    if m.memory.made > m.limits.blocks:
        raise Unmodeled("the run's allocation limit")
    return m.memory.new(kind, "", None, None, size, zero)


def _alloca(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        values = [a(fr) for a in args]
        if len(values) != 1 or not isinstance(values[0], int) or not 0 < values[0] <= MAX_BLOCK:
            raise Unmodeled("an alloca of an unknown, zero or huge size")
        o = _block(fr.m, "alloca", values[0])
        fr.vars[-1 - o.ident] = o   # the calling frame's (a key no declaration has): a root while it runs, gone at return
        return Ptr(o, (0,), None)
    return call


def _calloc(args: List[Fn], site: int) -> Fn:
    return _malloc(args, site, zero=True)


def _free(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        m = fr.m
        p = args[0](fr)
        m.checkpoint()
        m.memory.free(_start_of_block(p))
        m.dirty = True
        return None
    return call


def _start_of_block(p: Any) -> Any:
    """A pointer at byte 0 of a heap block (``&p->first``, ``(char *)p + 0``) as the block's start."""
    if not isinstance(p, Ptr) or p.obj is None or p.path == (0,) or p.obj.kind != "heap" or p.obj.elem is None:
        return p
    off = p.path[1] if p.path[:1] == (BYTES,) else path_offset(p.obj.elem, p.path)
    return Ptr(p.obj, (0,), None) if off == 0 else p


def _on_elements(name: str, work: Callable[[Any, Any, Any], None]) -> Callable[[List[Fn], int], Fn]:
    """``memset``/``memcpy``/``memmove`` (three arguments, the first returned) done by ``work`` on
    whole elements."""
    def make(args: List[Fn], site: int) -> Fn:
        def call(fr: "Frame") -> Any:
            values = _with_args(fr, args)
            _release(fr, len(values))
            if len(values) != 3:
                raise Unmodeled(f"{name} with other arguments")
            work(*values)
            fr.m.dirty = True   # pointers overwritten
            return values[0]
        return call
    return make


_memset = _on_elements("memset", zero_fill)
_memcpy = _on_elements("memcpy", copy_elements)
_memmove = _on_elements("memmove", copy_elements)   # copy_elements reads every value before it writes one


def _realloc(args: List[Fn], site: int) -> Fn:
    def call(fr: "Frame") -> Any:
        values = _with_args(fr, args)
        _release(fr, len(values))
        m = fr.m
        m.checkpoint()
        if len(values) != 2 or not isinstance(values[1], int) or values[1] > MAX_BLOCK:
            raise Unmodeled("realloc of an unknown or huge size")
        if m.malloc_may_fail and m.choose(site, None):
            return NULL
        m.dirty = True
        return reallocated(m.memory, values[0], values[1])
    return call


def _abs(bits: int) -> Callable[[List[Fn], int], Fn]:
    """``abs``, ``labs``, ``llabs`` of an int of ``bits`` bits; of the least value C leaves it undefined."""
    least = -(1 << (bits - 1))
    return lambda args, site: _int_result(args, lambda v: abs(v) if v > least else None,
                                          "abs of the least value or of no integer")


def _int_result(args: List[Fn], value: Callable[[int], Optional[int]], what: str) -> Fn:
    """A library function of one int whose result ``value`` gives (None: one C leaves undefined);
    where there is none, or the argument is no integer, the run ends as unmodeled (``what``)."""
    def call(fr: "Frame") -> Any:
        values = _with_args(fr, args)
        _release(fr, len(values))
        got = value(values[0]) if len(values) == 1 and isinstance(values[0], int) else None
        if got is None:
            raise Unmodeled(what)
        return got
    return call


def _expect(args: List[Fn], site: int) -> Fn:
    return args[0]


_LIBRARY: Dict[str, Callable[[List[Fn], int], Fn]] = {
    "__VERIFIER_assume": _assume, "malloc": _malloc, "calloc": _calloc, "free": _free, "alloca": _alloca,
    "__builtin_alloca": _alloca,
    "__builtin_expect": _expect, "memset": _memset, "__builtin_memset": _memset, "memcpy": _memcpy,
    "__builtin_memcpy": _memcpy, "memmove": _memmove, "__builtin_memmove": _memmove, "realloc": _realloc,
    **{n: _error for n in ERROR_FUNCTIONS}, **{n: _exit for n in EXIT_FUNCTIONS},
    **{n: _quiet for n in QUIET_FUNCTIONS}, **{n: _abs(bits) for n, bits in ABS_FUNCTIONS.items()}}
