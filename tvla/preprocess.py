"""A C-style preprocessor for TVP/TVS text, written in Python.

Handles comments, ``#include``, ``#define`` (object- and function-like, with
backslash continuation), ``#undef``, ``#ifdef``/``#ifndef``/``#if``/``#elif``/
``#else``/``#endif``, and keeps, for every output line, the file and line it
came from so that errors point into the right included file.
"""

import ast
import os
import re

from .errors import Located, TvlaError

_IDENT = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_DIRECTIVE = re.compile(r"^\s*#\s*([A-Za-z]+)\b(.*)$")


def _read(path, where=None):
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
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise TvlaError("binary data (not UTF-8 text)", path, line, col)


def strip_comments(text, path):
    """Replace comments by spaces (keeping newlines); strings are left intact."""
    out = []
    i, n = 0, len(text)
    line, col = 1, 1
    while i < n:
        ch = text[i]
        if ch == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(text[i:j])
            col += j - i
            i = j
            continue
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
            continue
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                raise TvlaError("unterminated comment (/* without */)", path, line, col)
            chunk = text[i : j + 2]
            out.append(re.sub(r"[^\n]", " ", chunk))
            nl = chunk.count("\n")
            if nl:
                line += nl
                col = len(chunk) - chunk.rfind("\n")
            else:
                col += len(chunk)
            i = j + 2
            continue
        out.append(ch)
        if ch == "\n":
            line += 1
            col = 1
        else:
            col += 1
        i += 1
    return "".join(out)


class Macro:
    __slots__ = ("params", "body")

    def __init__(self, params, body):
        self.params = params  # None for object-like macros
        self.body = body


def parse_command_define(spec):
    """``NAME``, ``NAME(value)`` (TVLA's -D form) or ``NAME=value`` -> (name, value)."""
    m = re.match(r"^([A-Za-z_$][A-Za-z0-9_$]*)(?:\((.*)\)|=(.*))?$", spec.strip())
    if not m:
        raise TvlaError(f"bad macro definition -D{spec}")
    value = m.group(2) if m.group(2) is not None else m.group(3)
    return m.group(1), ("1" if value is None else value)


class Preprocessor:
    """Expands one top file (and its includes) into text plus a line map."""

    def __init__(self, defines=None, search_path=()):
        self.macros = {}
        for name, value in (defines or {}).items():
            self.macros[name] = value if isinstance(value, Macro) else Macro(None, value)
        self.search_path = list(search_path)
        self.out_lines = []
        self.linemap = []
        self.include_stack = []

    # -- macro expansion -------------------------------------------------
    def expand(self, line, where, active=frozenset()):
        out = []
        i, n = 0, len(line)
        while i < n:
            ch = line[i]
            if ch == '"':
                j = i + 1
                while j < n and line[j] != '"':
                    j += 2 if line[j] == "\\" else 1
                out.append(line[i : j + 1])
                i = j + 1
                continue
            m = _IDENT.match(line, i)
            if m and (i == 0 or not (line[i - 1].isalnum() or line[i - 1] in "_$")):
                name = m.group(0)
                macro = self.macros.get(name)
                if macro is None or name in active:
                    out.append(name)
                    i = m.end()
                    continue
                if macro.params is None:
                    out.append(self.expand(macro.body, where, active | {name}))
                    i = m.end()
                    continue
                j = m.end()
                while j < n and line[j] in " \t":
                    j += 1
                if j >= n or line[j] != "(":
                    out.append(name)
                    i = m.end()
                    continue
                args, end = self._split_args(line, j, where)
                if len(args) == 1 and args[0].strip() == "" and not macro.params:
                    args = []
                if len(args) != len(macro.params):
                    raise TvlaError(
                        f"macro {name} expects {len(macro.params)} argument(s), got {len(args)}",
                        *where,
                    )
                args = [self.expand(a.strip(), where, active) for a in args]
                body = _IDENT.sub(
                    lambda mm: args[macro.params.index(mm.group(0))]
                    if mm.group(0) in macro.params
                    else mm.group(0),
                    macro.body,
                )
                out.append(self.expand(body, where, active | {name}))
                i = end
                continue
            if m:
                out.append(m.group(0))
                i = m.end()
                continue
            out.append(ch)
            i += 1
        return "".join(out)

    @staticmethod
    def _split_args(line, j, where):
        depth = 0
        args, cur = [], []
        k = j
        while k < len(line):
            c = line[k]
            if c == "(":
                depth += 1
                if depth > 1:
                    cur.append(c)
            elif c == ")":
                depth -= 1
                if depth == 0:
                    args.append("".join(cur))
                    return args, k + 1
                cur.append(c)
            elif c == "," and depth == 1:
                args.append("".join(cur))
                cur = []
            else:
                cur.append(c)
            k += 1
        raise TvlaError("unterminated macro argument list", *where)

    # -- #if expressions ---------------------------------------------------
    def eval_condition(self, expr, where):
        expr = re.sub(
            r"\bdefined\s*\(\s*([A-Za-z_$][\w$]*)\s*\)|\bdefined\s+([A-Za-z_$][\w$]*)",
            lambda m: "1" if (m.group(1) or m.group(2)) in self.macros else "0",
            expr,
        )
        expr = self.expand(expr, where)
        expr = _IDENT.sub(lambda m: "0", expr)
        expr = expr.replace("&&", " and ").replace("||", " or ")
        expr = re.sub(r"!(?!=)", " not ", expr)
        try:
            tree = ast.parse(expr.strip() or "0", mode="eval")
            return bool(_safe_eval(tree.body))
        except (SyntaxError, ValueError, ZeroDivisionError):
            raise TvlaError(f"cannot evaluate #if expression: {expr.strip()}", *where)

    # -- files -------------------------------------------------------------
    def resolve_include(self, name, current_file, where):
        candidates = [os.path.join(os.path.dirname(current_file), name)]
        candidates += [os.path.join(d, name) for d in self.search_path]
        for c in candidates:
            if os.path.isfile(c):
                return c
        raise TvlaError(f'cannot find included file "{name}"', *where)

    def process_file(self, path, where=None):
        if len(self.include_stack) > 50:
            raise TvlaError("#include nested too deeply (recursive include?)", *where)
        text = _read(path, where)
        text = strip_comments(text, path)
        self.include_stack.append(path)
        lines = text.split("\n")
        # stack of (taking, any_branch_taken, else_seen, where)
        conds = []
        i = 0
        while i < len(lines):
            raw = lines[i]
            lineno = i + 1
            where_here = (path, lineno, 1)
            # backslash continuation (for directives and ordinary lines alike)
            extra = 0
            while raw.endswith("\\") and i + 1 < len(lines):
                i += 1
                extra += 1
                raw = raw[:-1] + " " + lines[i]
            active = all(c[0] for c in conds)
            m = _DIRECTIVE.match(raw)
            if m:
                word, rest = m.group(1), m.group(2).strip()
                if word in ("ifdef", "ifndef"):
                    name = rest.split()[0] if rest.split() else ""
                    if not name:
                        raise TvlaError(f"#{word} needs a macro name", *where_here)
                    val = (name in self.macros) == (word == "ifdef")
                    conds.append([val, val, False, where_here])
                elif word == "if":
                    val = self.eval_condition(rest, where_here) if active else False
                    conds.append([val, val, False, where_here])
                elif word == "elif":
                    if not conds or conds[-1][2]:
                        raise TvlaError("#elif without #if", *where_here)
                    c = conds[-1]
                    outer = all(x[0] for x in conds[:-1])
                    val = (not c[1]) and outer and self.eval_condition(rest, where_here)
                    c[0] = val
                    c[1] = c[1] or val
                elif word == "else":
                    if not conds or conds[-1][2]:
                        raise TvlaError("#else without #if", *where_here)
                    c = conds[-1]
                    c[0] = not c[1]
                    c[1] = True
                    c[2] = True
                elif word == "endif":
                    if not conds:
                        raise TvlaError("#endif without #if", *where_here)
                    conds.pop()
                elif not active:
                    pass
                elif word == "include":
                    mm = re.match(r'^"([^"]+)"|^<([^>]+)>', rest)
                    if not mm:
                        raise TvlaError('#include expects "file"', *where_here)
                    target = self.resolve_include(mm.group(1) or mm.group(2), path, where_here)
                    self.process_file(target, where_here)
                elif word == "define":
                    self._define(rest, where_here)
                elif word == "undef":
                    self.macros.pop(rest.split()[0] if rest.split() else "", None)
                else:
                    raise TvlaError(f"unknown preprocessor directive #{word}", *where_here)
                for k in range(extra + 1):
                    self._emit("", path, lineno + k)
            else:
                if active:
                    self._emit(self.expand(raw, where_here), path, lineno)
                else:
                    self._emit("", path, lineno)
                for k in range(extra):
                    self._emit("", path, lineno + k + 1)
            i += 1
        if conds:
            raise TvlaError("#if/#ifdef without matching #endif", *conds[-1][3])
        self.include_stack.pop()

    def _define(self, rest, where):
        m = re.match(r"^([A-Za-z_$][\w$]*)(\(([^)]*)\))?\s*(.*)$", rest)
        if not m:
            raise TvlaError("#define needs a macro name", *where)
        name = m.group(1)
        params = None
        if m.group(2) is not None:
            params = [p.strip() for p in m.group(3).split(",") if p.strip()]
        self.macros[name] = Macro(params, m.group(4).strip())

    def _emit(self, text, path, line):
        self.out_lines.append(text)
        self.linemap.append((path, line))


def _safe_eval(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, bool)):
        return node.value
    if isinstance(node, ast.BoolOp):
        vals = [_safe_eval(v) for v in node.values]
        return all(vals) if isinstance(node.op, ast.And) else any(vals)
    if isinstance(node, ast.UnaryOp):
        v = _safe_eval(node.operand)
        if isinstance(node.op, ast.Not):
            return not v
        if isinstance(node.op, ast.USub):
            return -v
        if isinstance(node.op, ast.UAdd):
            return +v
    if isinstance(node, ast.Compare):
        left = _safe_eval(node.left)
        for op, comp in zip(node.ops, node.comparators):
            right = _safe_eval(comp)
            ok = {
                ast.Eq: left == right, ast.NotEq: left != right, ast.Lt: left < right,
                ast.LtE: left <= right, ast.Gt: left > right, ast.GtE: left >= right,
            }.get(type(op))
            if not ok:
                return False
            left = right
        return True
    if isinstance(node, ast.BinOp):
        a, b = _safe_eval(node.left), _safe_eval(node.right)
        ops = {ast.Add: lambda: a + b, ast.Sub: lambda: a - b, ast.Mult: lambda: a * b,
               ast.FloorDiv: lambda: a // b, ast.Div: lambda: a // b, ast.Mod: lambda: a % b}
        if type(node.op) in ops:
            return ops[type(node.op)]()
    raise ValueError("unsupported")


def preprocess(path, defines=None, search_path=()):
    """Preprocess ``path``; return a :class:`Located` text with its line map and
    the macros defined at its end (``.macros``).  ``defines`` maps names to
    values or :class:`Macro` objects."""
    pp = Preprocessor(defines, search_path)
    pp.process_file(path)
    return Located("\n".join(pp.out_lines) + "\n", pp.linemap, path, dict(pp.macros))
