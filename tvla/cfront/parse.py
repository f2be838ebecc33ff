"""Parsing C with libclang: a ``.c`` or ``.i`` file -> a ``clang.cindex.TranslationUnit``.

Contract:

* :func:`parse_file` parses with ``-nostdinc`` against the minimal headers
  shipped in ``tvla/cfront/include`` (``stdlib.h``, ``stdio.h``, ``assert.h``,
  ``stdbool.h``, ``string.h``, ``stddef.h``, ``limits.h``, ``stdint.h``, ``malloc.h``,
  ``alloca.h``, ``signal.h``... the list in docs/c.md), so no C compiler or system headers are needed; ``tvla_prelude.h`` is included first and declares the
  SV-COMP functions (``__VERIFIER_nondet_*``, ``__VERIFIER_assume``,
  ``reach_error``) for programs that use them undeclared.  Preprocessed
  ``.i`` files (``gcc -E`` output, with GNU extensions) parse the same way.
* A libclang error diagnostic becomes a :class:`tvla.errors.TvlaError`
  located at ``file:line:col``; warnings are ignored (``-w``), and the
  errors clang raises by default for old-style C (implicit declarations,
  int conversions) are demoted to warnings, as gcc does.
* Parsing (and the lowering, through :func:`deep_stack`) runs on a thread with a
  256 MB stack and a high recursion limit: libclang parses on the calling
  thread (``LIBCLANG_NOTHREADS``; its own thread has 8 MB, which 3,000 nested
  casts overflow, killing the process), and the lowering recurses as deep as
  the C nests.
* :func:`binary_operator`, :func:`unary_operator` and :func:`evaluate_int`
  reach the libclang 17+ entry points that the Python bindings do not wrap
  (operator kinds, constant evaluation), so that the lowering never has to
  read operators from tokens (tokens are wrong inside macro expansions).
"""

import contextlib
import ctypes
import os
import platform
import re
import sys
import threading
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple, TypeVar

import clang.cindex as ci

from tvla.errors import TvlaError, line_col

__all__ = ["ARITHMETIC", "DATA_MODELS", "data_model_args", "STEP_OPS", "fold", "INCLUDE_DIR", "PRELUDE", "clang_args", "float_type_macros", "parse_file", "reparse", "Edits", "deep_stack", "binary_operator", "unary_operator",
           "evaluate_int", "constants_memo"]

T = TypeVar("T")
Edits = Dict[int, Tuple[int, bytes]]   # edits of a file's text: byte offset -> (length replaced, replacement)
STACK_BYTES = 256 * 1024 * 1024
RECURSION_LIMIT = 100_000
_DEEP = "tvla-cfront-deep"   # the name of the threads deep_stack runs work on

INCLUDE_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "include")
PRELUDE = os.path.join(INCLUDE_DIR, "tvla_prelude.h")

# clang >= 16 makes these hard errors; gcc (and SV-COMP's sources) treat them as warnings.
_DEMOTED = ("implicit-function-declaration", "implicit-int", "int-conversion",
            "incompatible-function-pointer-types", "incompatible-pointer-types", "return-type")

# A program's own declaration of a verifier function may differ from the prelude's (e.g. int vs _Bool).
_PRELUDE_NAMES = ("__VERIFIER_", "reach_error")
# gcc-only attribute forms in glibc's headers (``__malloc__ (__builtin_free, 1)``): the attribute is
# dropped, the declaration stays valid.
_ATTRIBUTE_ERROR = re.compile(r"^'\w+' attribute (takes|requires|only applies|parameter|argument)")


# Type kinds libclang 18 reports that its Python bindings do not list (``_Float16``, ``__ibm128``, Intel
# OpenCL subgroup types, BTF type tags): without them ``Type.kind`` raises ValueError.  Registering each
# once is idempotent, and no type of these kinds is ever a pointer, a struct or an int to the lowering.
_MISSING_TYPE_KINDS = {32: "FLOAT16", 33: "IBM128", 178: "BTFTAGATTRIBUTED",
                       **{k: f"OCLINTELSUBGROUP_{k}" for k in range(161, 176)}}


def _complete_type_kinds() -> None:
    """Register the type kinds of :data:`_MISSING_TYPE_KINDS` the bindings lack."""
    for value, name in _MISSING_TYPE_KINDS.items():
        try:
            ci.TypeKind.from_id(value)
        except ValueError:
            setattr(ci.TypeKind, name, ci.TypeKind(value))


_complete_type_kinds()


def clang_args(extra: Sequence[str] = ()) -> List[str]:
    """The command line libclang parses with."""
    args = ["-x", "c", "-std=gnu11", "-nostdinc", "-I", INCLUDE_DIR, "-include", PRELUDE, "-w"]
    args += [f"-Wno-error={w}" for w in _DEMOTED]
    return args + list(extra)


def deep_stack(work: Callable[[], T]) -> T:
    """``work()`` on a thread with a 256 MB stack and a recursion limit of 100,000 (at once when already
    on one, or when no such thread can be made: a small address-space limit); its exception is raised here."""
    if threading.current_thread().name == _DEEP:
        return work()
    box: Dict[str, Any] = {}

    def target() -> None:
        try:
            box["value"] = work()
        except BaseException as e:  # noqa: BLE001 - raised in the caller's thread
            box["error"] = e

    old_limit = sys.getrecursionlimit()
    try:
        threading.stack_size(STACK_BYTES)
        thread = threading.Thread(target=target, name=_DEEP, daemon=True)
        sys.setrecursionlimit(max(old_limit, RECURSION_LIMIT))
        thread.start()
    except (RuntimeError, ValueError, MemoryError):   # no thread of that size
        sys.setrecursionlimit(old_limit)
        return work()
    finally:
        threading.stack_size(0)
    try:
        thread.join()
    finally:
        sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]
    return box["value"]


def parse_file(path: str, extra_args: Sequence[str] = (), model: Optional[str] = None) -> ci.TranslationUnit:
    """Parse a C file for the data ``model`` (:func:`data_model_args`); raise :class:`TvlaError` at the
    first error diagnostic."""
    if not os.path.isfile(path):
        raise TvlaError("no such C file", path, 1, 1)
    text = check_no_nul(path)
    os.environ["LIBCLANG_NOTHREADS"] = "1"   # parse on deep_stack's thread, not on an 8 MB one of libclang's
    return deep_stack(lambda: _parse(path, [*float_type_macros(text), *data_model_args(text, model), *extra_args]))


def check_no_nul(path: str) -> bytes:
    """The file's bytes.  A NUL byte makes a binary file, not C: libclang would skip it silently and
    its text reach the generated TVP; say where it is (as the TVP reader does)."""
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as e:
        raise TvlaError(f"cannot read the file: {e.strerror}", path, 1, 1) from None
    at = data.find(b"\0")
    if at >= 0:
        raise TvlaError("binary data (NUL byte) in a text file", path, *line_col(data, at))
    return data


# The ISO/IEC TS 18661-3 floating types, which glibc's headers name in gcc -E output (math.h, complex.h,
# stdlib.h with _GNU_SOURCE) and clang 18 does not know.  They become macros, not typedefs, because
# the headers also write ``_Complex _Float32``; a file that typedefs one itself (glibc's headers for
# a gcc before 7) keeps its own.
# (libclang parses for the host: __float128 exists on x86 only, long double is a binary128 elsewhere)
_QUAD = "__float128" if platform.machine().lower() in ("x86_64", "amd64", "i386", "i686") else "long double"
_FLOAT_TYPES = (("_Float32", "float"), ("_Float64", "double"), ("_Float32x", "double"),
                ("_Float64x", "long double"), ("_Float128", _QUAD), ("_Float128x", _QUAD))
_OWN_FLOAT_TYPEDEF = re.compile(rb"\btypedef\b[^;{}]*\b(_Float\d+x?)\s*;")


def float_type_macros(text: bytes) -> List[str]:
    """``-D`` options that define the floating types of :data:`_FLOAT_TYPES` ``text`` does not typedef."""
    own = {m.decode() for m in _OWN_FLOAT_TYPEDEF.findall(text)}
    return [f"-D{name}={spelling}" for name, spelling in _FLOAT_TYPES if name not in own]


_ILP32_SIZE_T = re.compile(rb"^\s*typedef\s+unsigned\s+int\s+size_t\s*;", re.MULTILINE)


DATA_MODELS = ("ILP32", "LP64")


def data_model_args(text: bytes, model: Optional[str] = None) -> List[str]:
    """``-m32`` for the data ``model`` ILP32 (``long`` and pointers of 32 bits: the competition's
    ILP32 tasks), none for LP64 (gcc on x86-64).  Without a model, the file's: ILP32 for a file
    ``gcc -m32 -E`` made (its ``size_t`` is an ``unsigned int``), else LP64."""
    if model is None:
        model = "ILP32" if _ILP32_SIZE_T.search(text) else "LP64"
    return ["-m32"] if model == "ILP32" else []


def reparse(path: str, text: bytes, header: str, model: Optional[str] = None) -> ci.TranslationUnit:
    """Parse ``path`` as if it held ``text``, with ``header`` included after the prelude (both handed
    to libclang: nothing is written to disk), for the data ``model``."""
    hdr = os.path.join(INCLUDE_DIR, "tvla_retyped.h")
    args = [*float_type_macros(text), *data_model_args(text, model), "-include", hdr]
    return deep_stack(lambda: _parse(path, args, [(path, text), (hdr, header.encode())]))


def _parse(path: str, extra_args: Sequence[str],
           unsaved: Sequence[Tuple[str, bytes]] = ()) -> ci.TranslationUnit:
    try:
        tu = ci.Index.create().parse(path, args=clang_args(extra_args), unsaved_files=list(unsaved))
    except ci.TranslationUnitLoadError as e:
        raise TvlaError(f"libclang could not parse the file ({e})", path, 1, 1) from None
    for d in tu.diagnostics:
        if d.severity >= ci.Diagnostic.Error and not _tolerated(d):
            loc = d.location
            where = loc.file.name if loc.file is not None else path
            raise TvlaError(d.spelling, where, loc.line or 1, loc.column or 1)
    return tu


def _tolerated(d: ci.Diagnostic) -> bool:
    """A clash with the prelude's declaration of a verifier function (the program's own one wins),
    or a gcc attribute clang does not know."""
    s = d.spelling
    if _ATTRIBUTE_ERROR.match(s):
        return True
    return s.startswith("conflicting types for") and any(f"'{n}" in s for n in _PRELUDE_NAMES)


# ----------------------------------------------------------------------------- libclang 17+ entry points

def _lib_function(name: str, restype: Any, argtypes: Optional[List[Any]]) -> Any:
    fn = getattr(ci.conf.lib, name)
    fn.restype, fn.argtypes = restype, argtypes
    return fn


def _spelling(fn_name: str, kind: int) -> str:
    fn = _lib_function(fn_name, ci._CXString, [ctypes.c_int])
    return ci._CXString.from_result(fn(kind))


_UNARY_NAMES = {1: "post++", 2: "post--", 3: "++", 4: "--", 13: "__extension__"}
STEP_OPS = ("++", "--", "post++", "post--")   # the unary operators that step their operand


def binary_operator(cursor: ci.Cursor) -> str:
    """The operator of a binary or compound-assignment operator cursor: ``"=="``, ``"&&"``, ``"+="``..."""
    kind = _lib_function("clang_getCursorBinaryOperatorKind", ctypes.c_int, [ci.Cursor])(cursor)
    return _spelling("clang_getBinaryOperatorKindSpelling", kind)


def unary_operator(cursor: ci.Cursor) -> str:
    """The operator of a unary operator cursor: ``"!"``, ``"*"``, ``"&"``, ``"-"``, ``"++"`` (prefix),
    ``"post++"``, ``"__extension__"``..."""
    kind = _lib_function("clang_getCursorUnaryOperatorKind", ctypes.c_int, [ci.Cursor])(cursor)
    return _UNARY_NAMES.get(kind) or _spelling("clang_getUnaryOperatorKindSpelling", kind)


_CXEVAL_INT = 1


_CONSTANT_LEAVES = (ci.CursorKind.INTEGER_LITERAL, ci.CursorKind.CHARACTER_LITERAL, ci.CursorKind.CXX_UNARY_EXPR,
                    ci.CursorKind.CXX_BOOL_LITERAL_EXPR)
_CONSTANT_NODES = (ci.CursorKind.PAREN_EXPR, ci.CursorKind.UNEXPOSED_EXPR, ci.CursorKind.CSTYLE_CAST_EXPR,
                   ci.CursorKind.UNARY_OPERATOR, ci.CursorKind.BINARY_OPERATOR, ci.CursorKind.CONDITIONAL_OPERATOR,
                   ci.CursorKind.TYPE_REF)


_memo: Optional[Dict[ci.Cursor, bool]] = None


@contextlib.contextmanager
def constants_memo() -> Iterator[None]:
    """Within it, whether a cursor is constant is worked out once: :func:`evaluate_int` is asked at every
    level of a nested expression (``x + 1 + 1 ...``, ``!!!x``, ``a && b && ...``), and each answer
    would otherwise walk the whole subexpression again (quadratic in the nesting).  For one
    translation unit at a time (cursors are compared by libclang)."""
    global _memo
    outer, _memo = _memo, {}
    try:
        yield
    finally:
        _memo = outer


def _constant(cursor: ci.Cursor) -> bool:
    """Built from literals, ``sizeof`` and enum constants only: clang would also fold ``p->d || 1``
    to 1 and a const variable to its initialiser, losing a dereference or a variable."""
    if _memo is None:
        return _is_constant(cursor)
    known = _memo.get(cursor)
    if known is None:
        known = _memo[cursor] = _is_constant(cursor)
    return known


def _is_constant(cursor: ci.Cursor) -> bool:
    k = cursor.kind
    if k in _CONSTANT_LEAVES:
        return True
    if k == ci.CursorKind.DECL_REF_EXPR:
        ref = cursor.referenced
        return ref is not None and ref.kind == ci.CursorKind.ENUM_CONSTANT_DECL
    if k == ci.CursorKind.UNARY_OPERATOR and unary_operator(cursor) in STEP_OPS + ("*", "&"):
        return False
    if k == ci.CursorKind.BINARY_OPERATOR and binary_operator(cursor) in ("=", ","):
        return False
    return k in _CONSTANT_NODES and all(_constant(c) for c in cursor.get_children())


def evaluate_int(cursor: ci.Cursor) -> Optional[int]:
    """The value of an integer constant expression (literals, enum constants, ``sizeof``), else None."""
    if not _constant(cursor):
        return None
    ev = _lib_function("clang_Cursor_Evaluate", ctypes.c_void_p, [ci.Cursor])
    res = ev(cursor)
    if not res:
        return None
    try:
        if _lib_function("clang_EvalResult_getKind", ctypes.c_int, [ctypes.c_void_p])(res) != _CXEVAL_INT:
            return None
        return _lib_function("clang_EvalResult_getAsLongLong", ctypes.c_longlong, [ctypes.c_void_p])(res)
    finally:
        _lib_function("clang_EvalResult_dispose", None, [ctypes.c_void_p])(res)


ARITHMETIC = ("+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^")
INT_MIN, INT_MAX = -2 ** 31, 2 ** 31 - 1


def fold(op: str, a: int, b: int) -> Optional[int]:
    """``a op b`` on C ints for an operator of :data:`ARITHMETIC`; None where C leaves it
    undefined (division by zero, overflow, a shift out of range) or ``op`` is another one."""
    if op in ("/", "%"):
        if b == 0:
            return None
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)   # C truncates toward zero
        v = q if op == "/" else a - b * q
    elif op in ("<<", ">>"):
        if not 0 <= b < 32 or a < 0 and op == "<<":
            return None
        v = a << b if op == "<<" else a >> b
    else:
        ops = {"+": a + b, "-": a - b, "*": a * b, "&": a & b, "|": a | b, "^": a ^ b}
        if op not in ops:
            return None
        v = ops[op]
    return v if INT_MIN <= v <= INT_MAX else None
