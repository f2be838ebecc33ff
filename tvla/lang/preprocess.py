"""A C-style preprocessor for TVP/TVS text, written in Python.

Handles comments, ``#include``, ``#define`` (object- and function-like, with
backslash continuation, ``##`` token pasting), ``#undef``, ``#ifdef``/
``#ifndef``/``#if``/``#elif``/``#else``/``#endif`` (C integer expressions with
``defined``, ``!``, ``&&``, ``||``, ``? :``), and keeps, for every output line,
the file and line it came from, and for every macro use its column and
definition, so that errors point into the right place.  CRLF line ends and a
UTF-8 byte-order mark are accepted.  A macro expansion that grows past
:data:`MAX_EXPANSION` characters stops with a located error.
"""

import bisect
import os
import re

from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union
from tvla.lang.condition import Condition
from tvla.errors import Located, TvlaError, line_col
from tvla.logic.formula import Where

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_DIRECTIVE = re.compile(r"^\s*#\s*([A-Za-z]+)\b(.*)$")
_PASTE = re.compile(r"\s*##\s*")
_SCAN = re.compile(r'"(?:[^"\\]|\\[\s\S]?)*"?|[A-Za-z_$][A-Za-z0-9_$]*')  # a string or a name
_ARG_CHAR = re.compile(r"[(),]")
MAX_EXPANSION = 1_000_000  # characters one source line may expand to
MAX_INCLUDE_DEPTH = 50


def _read(path: str, where: Optional[Where] = None) -> str:
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        if where:
            raise TvlaError(f"cannot read {path}: {exc.strerror}", *where)
        raise TvlaError(f"cannot read {path}: {exc.strerror}", path, 1, 1)
    if b"\x00" in data:
        line = data[: data.index(b"\x00")].count(b"\n") + 1
        raise TvlaError("binary data (NUL byte) in a text file", path, line, 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise TvlaError("binary data (not UTF-8 text)", path, *line_col(data, exc.start))
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n")


_COMMENT_OR_STRING = re.compile(r'"|//|/\*')


def strip_comments(text: str, path: str) -> str:
    """Replace comments by spaces (keeping newlines); strings are left intact."""
    out: List[str] = []
    i, n = 0, len(text)
    while True:
        m = _COMMENT_OR_STRING.search(text, i)
        if m is None:
            out.append(text[i:])
            return "".join(out)
        j = m.start()
        out.append(text[i:j])
        if m.group() == '"':
            k = j + 1
            while k < n and text[k] != '"' and text[k] != "\n":
                k += 2 if text[k] == "\\" else 1
            i = min(k + 1, n)
            out.append(text[j:i])
        elif m.group() == "//":
            i = text.find("\n", j)
            i = n if i < 0 else i
            out.append(" " * (i - j))
        else:
            k = text.find("*/", j + 2)
            if k < 0:
                raise TvlaError("unterminated comment (/* without */)", path, *line_col(text, j))
            i = k + 2
            out.append(re.sub(r"[^\n]", " ", text[j:i]))


class Macro:
    """A ``#define``: object-like (``params`` None) or function-like."""

    __slots__ = ("params", "body", "where")

    def __init__(self, params: Optional[List[str]], body: str, where: Optional[Where] = None) -> None:
        self.params = params  # None for object-like macros
        self.body = body
        self.where = where  # (file, line, col) of the #define; None for -D macros

    def defined_at(self) -> str:
        """`` (macro defined at FILE:LINE)`` for a message, or nothing for a -D macro."""
        return f" (macro defined at {self.where[0]}:{self.where[1]})" if self.where else ""


Defines = Mapping[str, Union[str, Macro]]
"""Macros given before the text: name -> value, or -> :class:`Macro`."""

Span = Tuple[int, int, bool]
"""A macro argument substituted unchanged into a line: (start, end, inert: no quote and no macro name)."""

Argument = Tuple[str, List[Span]]
"""A macro argument as written, and the spans in it (see ``Preprocessor._expand``)."""

Segment = Tuple[int, int, int, int, Macro]
"""A macro use on an output line: (start, end, use col, use length, macro) (see ``Located``)."""


def parse_command_define(spec: str) -> Tuple[str, str]:
    """``NAME``, ``NAME(value)`` (TVLA's -D form) or ``NAME=value`` -> (name, value)."""
    m = re.match(r"^([A-Za-z_$][A-Za-z0-9_$]*)(?:\((.*)\)|=(.*))?$", spec.strip())
    if not m:
        raise TvlaError(f"bad macro definition -D{spec}")
    value = m.group(2) if m.group(2) is not None else m.group(3)
    return m.group(1), ("1" if value is None else value)


class Preprocessor:
    """Expands one top file (and its includes) into text plus a line map."""

    def __init__(self, defines: Optional[Defines] = None, search_path: Iterable[str] = ()) -> None:
        self.macros: Dict[str, Macro] = {}
        for name, value in (defines or {}).items():
            self.macros[name] = value if isinstance(value, Macro) else Macro(None, value)
        self.search_path = list(search_path)
        self.out_lines: List[str] = []
        self.linemap: List[Tuple[str, int]] = []
        self.segments: Dict[int, List[Segment]] = {}  # output line -> [(start, end, use col, use length, macro)]
        self.include_stack: List[str] = []
        self._active: Dict[str, int] = {}  # macro name -> times on the stack of expansions
        self._state = 0  # the stack of expansions, numbered
        self._states: Dict[Tuple[int, str], int] = {}  # (stack, macro entered) -> the stack then
        self._cache: Dict[Tuple[str, int], str] = {}  # (object-like macro, stack) -> expansion

    # -- macro expansion -------------------------------------------------
    # The macros being expanded (C's rule: a macro is not expanded again inside its own expansion)
    # are a stack: ``_active`` counts the names on it, ``_state`` numbers the stack (interned in
    # ``_states``) for the cache of object-like expansions.  Copying a set of active names at every
    # level made a chain of 10,000 macros quadratic in time and memory.

    def _enter(self, name: str) -> int:
        prev = self._state
        state = self._states.get((prev, name))
        if state is None:
            state = self._states[(prev, name)] = len(self._states) + 1
        self._state = state
        self._active[name] = self._active.get(name, 0) + 1
        return prev

    def _leave(self, name: str, prev: int) -> None:
        self._state = prev
        self._active[name] -= 1

    def expand(self, line: str, where: Where, segments: Optional[List[Segment]] = None) -> str:
        """Expand the macros of ``line``; record top-level uses in ``segments``."""
        if not self.macros:   # nothing to expand (a generated TVP defines none): the line as it is
            return line
        return self._expand(line, where, segments)[0]

    def _expand(self, line: str, where: Where, segments: Optional[List[Segment]] = None,
                spans: Sequence[Span] = ()) -> Tuple[str, bool]:
        """(expansion of ``line``, whether ``line`` is inert: no quote, no macro name).

        ``spans``: sorted spans of ``line`` that are macro arguments substituted unchanged, thus
        balanced in parentheses with no comma outside them; an inert one is copied at once and an
        argument list steps over any, so that a chain of N macros passing an argument on to the next
        one costs O(N) scans, not O(N^2)."""
        out: List[str] = []
        size = 0
        i, n = 0, len(line)
        macros, active = self.macros, self._active
        inert = True
        inert_spans = [sp for sp in spans if sp[2]]
        si, ns = 0, len(inert_spans)
        while i < n:
            while si < ns and inert_spans[si][0] < i:
                si += 1
            limit = inert_spans[si][0] if si < ns else n
            m = _SCAN.search(line, i, limit) if limit > i else None   # limit == i: an inert span, no macro in it
            if m is not None and m.group(0)[0] == '"' and m.end() == limit < n:
                m = _SCAN.search(line, i)  # a string running into the span: scan as one
            if m is None:   # plain text up to the span, or the inert span itself
                plain = inert_spans[si][1] if limit == i else limit
                out.append(line[i:plain])
                size += plain - i
                i = plain
                continue
            start, end = m.span()
            if start > i:
                out.append(line[i:start])
                size += start - i
            name = m.group(0)
            macro = None if name[0] == '"' else macros.get(name)
            if name[0] == '"' or macro is not None:
                inert = False
            expanded = None
            if macro is not None and not active.get(name) and \
                    not (start > 0 and (line[start - 1].isalnum() or line[start - 1] in "_$")):
                # errors point at this use of the macro (nested uses: at the top-level one)
                use = (where[0], where[1], start + 1) if segments is not None else where
                expanded = self._expand_use(line, end, name, macro, use, spans)
            if expanded is None:   # no macro, or a function-like one's name without arguments
                out.append(name)
                size += end - start
                i = end
                continue
            piece, end = expanded
            if segments is not None and macro is not None:
                segments.append((size + 1, size + len(piece), start + 1, end - start, macro))
            out.append(piece)
            size += len(piece)
            i = end
            if size > MAX_EXPANSION:
                break
        if size > MAX_EXPANSION:
            raise TvlaError(f"macro expansion longer than {MAX_EXPANSION} characters "
                            f"(a macro that grows without bound?)", *where)
        return "".join(out), inert

    def _expand_use(self, line: str, end: int, name: str, macro: Macro, use: Where,
                    spans: Sequence[Span]) -> Optional[Tuple[str, int]]:
        """The expansion of the use of ``macro`` whose name ends at ``end`` of ``line``, and where
        the use ends (after its arguments); None for a function-like macro not followed by ``(``."""
        if macro.params is None:
            return self._expand_object(name, macro, use), end
        j, n = end, len(line)
        while j < n and line[j] in " \t":
            j += 1
        if j >= n or line[j] != "(":
            return None
        args, end = self._split_args(line, j, use, name, macro, spans)
        return self._expand_call(name, macro, macro.params, args, use), end

    def _expand_object(self, name: str, macro: Macro, where: Where) -> str:
        key = (name, self._state)
        text = self._cache.get(key)
        if text is None:
            prev = self._enter(name)
            try:
                text = self.expand(macro.body, where)
            finally:
                self._leave(name, prev)
            self._cache[key] = text
        return text

    def _expand_call(self, name: str, macro: Macro, params: List[str], args: List[Argument],
                     where: Where) -> str:
        """The expansion of a call of the function-like ``macro`` (its ``params``) with ``args``."""
        if len(args) == 1 and args[0][0].strip() == "" and not params:
            args = []
        if len(args) != len(params):
            raise TvlaError(f"macro {name} expects {len(params)} argument(s), got {len(args)}"
                            f"{macro.defined_at()}", *where)
        raw: List[str] = []
        expanded: List[Tuple[str, bool]] = []
        for text, spans in args:
            lead = len(text) - len(text.lstrip())
            text = text.strip()
            raw.append(text)
            spans = [(s - lead, e - lead, inert) for s, e, inert in spans if e - lead <= len(text)]
            expanded.append(self._expand(text, where, spans=spans))
        body = macro.body
        index = {p: k for k, p in enumerate(params)}
        pasting = "##" in body
        pieces: List[str] = []
        spans_out: List[Span] = []
        size = last = 0
        for mm in _IDENT.finditer(body):
            k = index.get(mm.group(0))
            if k is None:
                continue
            # an argument next to ## is pasted as written, not expanded first (as in C)
            pasted = pasting and (body[: mm.start()].rstrip().endswith("##")
                                  or body[mm.end():].lstrip().startswith("##"))
            text, inert = (raw[k], False) if pasted else expanded[k]
            pieces.append(body[last: mm.start()])
            size += mm.start() - last
            # an argument as written (balanced, no comma outside parentheses) that expanded to itself
            if not pasting and text and text == raw[k]:
                spans_out.append((size, size + len(text), inert))
            pieces.append(text)
            size += len(text)
            last = mm.end()
        pieces.append(body[last:])
        text = "".join(pieces)
        if pasting:
            text = _PASTE.sub("", text)
        prev = self._enter(name)
        try:
            return self._expand(text, where, spans=spans_out)[0]
        finally:
            self._leave(name, prev)

    @staticmethod
    def _split_args(line: str, j: int, where: Where, name: str, macro: Macro,
                    spans: Sequence[Span] = ()) -> Tuple[List[Argument], int]:
        """The arguments (text, spans in it) of the call whose ``(`` is at ``j``, and the index after
        its ``)``; a span of ``line`` (see ``_expand``) is stepped over at once."""
        args: List[Argument] = []
        inner: List[Span] = []
        start = k = j + 1
        depth = 1
        si, ns = bisect.bisect_left(spans, (k,)), len(spans)
        while True:
            while si < ns and spans[si][0] < k:
                si += 1
            limit = spans[si][0] if si < ns else len(line)
            m = _ARG_CHAR.search(line, k, limit)
            if m is None:
                if limit == len(line):
                    break
                s, e, inert = spans[si]
                inner.append((s - start, e - start, inert))
                k = e
                si += 1
                continue
            p = m.start()
            c = line[p]
            if c == "(":
                depth += 1
            elif c == ")":
                depth -= 1
                if depth == 0:
                    args.append((line[start:p], inner))
                    return args, p + 1
            elif depth == 1:
                args.append((line[start:p], inner))
                start, inner = p + 1, []
            k = p + 1
        raise TvlaError(f"unterminated argument list of macro {name}{macro.defined_at()}", *where)

    # -- #if expressions ---------------------------------------------------
    def eval_condition(self, expr: str, where: Where) -> bool:
        """The truth of an ``#if`` / ``#elif`` expression."""
        expr = re.sub(
            r"\bdefined\s*\(\s*([A-Za-z_$][\w$]*)\s*\)|\bdefined\s+([A-Za-z_$][\w$]*)",
            lambda m: "1" if (m.group(1) or m.group(2)) in self.macros else "0",
            expr,
        )
        expr = self.expand(expr, where)
        try:
            return bool(Condition(expr).value())
        except (ValueError, ZeroDivisionError, RecursionError):
            raise TvlaError(f"cannot evaluate #if expression: {_short(expr.strip())}", *where) from None

    # -- files -------------------------------------------------------------
    def resolve_include(self, name: str, current_file: str, where: Where) -> str:
        """The file ``#include`` means: beside ``current_file``, else in the search path."""
        candidates = [os.path.join(os.path.dirname(current_file), name)]
        candidates += [os.path.join(d, name) for d in self.search_path]
        for c in candidates:
            if os.path.isfile(c):
                # errors then name specs/x.tvp, not programs/y/../../specs/x.tvp
                return os.path.normpath(c)
        raise TvlaError(f'cannot find included file "{name}"', *where)

    def include(self, rest: str, path: str, where: Where) -> None:
        """Process the file of an ``#include`` line (``rest``: what follows the word)."""
        mm = re.match(r'^"([^"]+)"|^<([^>]+)>', rest)
        if not mm:
            raise TvlaError('#include expects "file"', *where)
        target = self.resolve_include(mm.group(1) or mm.group(2), path, where)
        real = [os.path.realpath(p) for p in self.include_stack]
        if os.path.realpath(target) in real:
            chain = self.include_stack[real.index(os.path.realpath(target)):] + [target]
            raise TvlaError(f"recursive #include: {' -> '.join(chain)}", *where)
        if len(self.include_stack) > MAX_INCLUDE_DEPTH:
            raise TvlaError(f"#include nested more than {MAX_INCLUDE_DEPTH} deep", *where)
        self.process_file(target, where)

    def process_file(self, path: str, where: Optional[Where] = None) -> None:
        """Preprocess ``path`` (included from ``where``) into the output lines."""
        text = strip_comments(_read(path, where), path)
        self.include_stack.append(path)
        lines = text.split("\n")
        conds: List[List[Any]] = []  # stack of [taking, any branch taken, else seen, where]
        i = 0
        while i < len(lines):
            lineno = i + 1
            raw, i = _logical_line(lines, i)
            extra = i - lineno
            m = _DIRECTIVE.match(raw)
            if m:
                self.directive(m.group(1), m.group(2).strip(), conds, path, (path, lineno, 1))
                for k in range(extra + 1):
                    self._emit("", path, lineno + k)
                continue
            if all(c[0] for c in conds):
                segments: List[Segment] = []
                try:
                    text = self.expand(raw, (path, lineno, 1), segments=segments)
                except RecursionError:
                    raise TvlaError("macro calls nested too deeply", path, lineno, 1) from None
                self._emit(text, path, lineno)
                if segments:
                    self.segments[len(self.out_lines)] = segments
            else:
                self._emit("", path, lineno)
            for k in range(extra):
                self._emit("", path, lineno + k + 1)
        if conds:
            raise TvlaError("#if/#ifdef without matching #endif", *conds[-1][3])
        self.include_stack.pop()

    def directive(self, word: str, rest: str, conds: List[List[Any]], path: str, where: Where) -> None:
        """Apply one ``#word rest`` directive; ``conds`` is the stack of open #if's."""
        active = all(c[0] for c in conds)
        if word in ("ifdef", "ifndef"):
            if not rest.split():
                raise TvlaError(f"#{word} needs a macro name", *where)
            val = active and (rest.split()[0] in self.macros) == (word == "ifdef")
            conds.append([val, val or not active, False, where])
        elif word == "if":
            val = self.eval_condition(rest, where) if active else False
            conds.append([val, val or not active, False, where])
        elif word in ("elif", "else"):
            if not conds or conds[-1][2]:
                raise TvlaError(f"#{word} without #if", *where)
            c = conds[-1]
            outer = all(x[0] for x in conds[:-1])
            val = not c[1] and outer and (word == "else" or self.eval_condition(rest, where))
            c[0], c[1], c[2] = val, c[1] or val, word == "else"
        elif word == "endif":
            if not conds:
                raise TvlaError("#endif without #if", *where)
            conds.pop()
        elif not active:
            pass
        elif word == "include":
            self.include(rest, path, where)
        elif word == "define":
            self._define(rest, where)
        elif word == "undef":
            self.macros.pop(rest.split()[0] if rest.split() else "", None)
            self._cache.clear()
            self._states.clear()
        else:
            raise TvlaError(f"unknown preprocessor directive #{word}", *where)

    def _define(self, rest: str, where: Where) -> None:
        m = re.match(r"^([A-Za-z_$][\w$]*)(\(([^)]*)\))?\s*(.*)$", rest)
        if not m:
            raise TvlaError("#define needs a macro name", *where)
        name = m.group(1)
        params = None
        body = m.group(4).strip()
        if m.group(2) is not None:
            params = [p.strip() for p in m.group(3).split(",") if p.strip()]
        else:
            body = _PASTE.sub("", body)
        self.macros[name] = Macro(params, body, where)
        self._cache.clear()
        self._states.clear()

    def _emit(self, text: str, path: str, line: int) -> None:
        self.out_lines.append(text)
        self.linemap.append((path, line))


def _logical_line(lines: List[str], i: int) -> Tuple[str, int]:
    """The line at ``i`` joined with its backslash continuations; (text, next index)."""
    raw = lines[i]
    i += 1
    while raw.rstrip(" \t").endswith("\\") and i < len(lines):
        raw = raw.rstrip(" \t")[:-1] + " " + lines[i]
        i += 1
    if raw.rstrip(" \t").endswith("\\"):
        raw = raw.rstrip(" \t")[:-1]
    return raw, i


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def preprocess(path: str, defines: Optional[Defines] = None, search_path: Iterable[str] = ()) -> Located:
    """Preprocess ``path``; return a :class:`Located` text with its line map, its
    macro uses, and the macros defined at its end (``.macros``).  ``defines``
    maps names to values or :class:`Macro` objects."""
    pp = Preprocessor(defines, search_path)
    try:
        pp.process_file(path)
    except RecursionError:
        raise TvlaError("macros or #includes nested too deeply", path, 1, 1) from None
    return Located("\n".join(pp.out_lines) + "\n", pp.linemap, path, dict(pp.macros), pp.segments)
