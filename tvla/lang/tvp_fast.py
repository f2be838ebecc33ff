"""The fast path of TVP parsing: a hand-written recursive-descent reader of
well-formed TVP text, building the same raw syntax (:mod:`tvla.lang.tvp_ast`),
positions included, as lark's parser of ``tvp.lark`` (:mod:`tvla.lang.tvp_parse`).

The grammar in ``tvp.lark`` stays the definition of the language and lark the
reader of record: :func:`read` returns ``None`` wherever it is not sure to read
the text as lark does (a syntax error, a rare construct such as the ignored
decomposition declarations, a reserved word used as a name, nesting past
:data:`MAX_NESTING`), and the caller then parses with lark, which also reports
the errors.  It is about four times as fast as lark's LALR parser with its
transformer, which matters for the long programs ``tvla verify`` generates
(formulae hundreds of characters long in every update).  A test reads every
TVP file of the project and every C translation of the corpus both ways.
"""

import re
from typing import Callable, List, Optional, Tuple, TypeVar, Union

from tvla.errors import Located
from tvla.logic import formula as F
from tvla.logic.formula import Pos
from tvla.lang.tvp_ast import (
    ActionDecl, ActionItem, Assign, CfgEdge, Composite, CoreDecl, Decl, FocusDecl, FocusItem, Foreach, InstrDecl,
    MessageDecl, New, ParamDecl, Precond, Prop, Retain, RuleDecl, SetComp, SetDecl, SetExpr, SetLit, SetName, SetOp,
    Syntax, Text, Title, UpdateItem, Updates, attach_auto, pred_str, quantified, unquote)

MAX_NESTING = 60
"""Nesting of formulae and sets past which lark (which does not recurse) reads the text."""

_MSG_AHEAD = r"""(?=\s*("|[A-Za-z_$][A-Za-z0-9_$]*(\[[A-Za-z0-9_$,\[\]\s]*\])?\s*(\+\s*["A-Za-z_$]|%|\}|\{|$)))"""
_TOKEN = re.compile(r"""
 (?P<ws>[\ \t\f\r\n]+)
|(?P<msgarrow>->""" + _MSG_AHEAD + r""")
|(?P<half>1\s*/\s*2)
|(?P<bigor>\|\s*/\s*\{)
|(?P<bigand>&\s*/\s*\{)
|(?P<plus>\+\s*\()
|(?P<star>\*\s*\()
|(?P<string>"(?:\\.|[^"\\\n])*")
|(?P<kw>%%|%[A-Za-z_]+)
|(?P<op>==>|<->|->|==|!=|[()\[\]{},:?!&|+\-=])
|(?P<name>[A-Za-z0-9_$.]+)
""", re.X)
_ID = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*\Z")
_RESERVED = frozenset(("E", "A", "TC", "in", "auto", "foreach", "0", "1"))
"""Words the grammar reads as keywords somewhere: read by lark wherever they stand for a name."""
_BINARY: Tuple[Tuple[str, Callable[[F.Formula, F.Formula], F.Formula]], ...] = (
    ("<->", F.Iff), ("->", F.Implies), ("|", F.Or), ("&", F.And))
"""The binary connectives from the loosest; each is left-associative."""


Item = TypeVar("Item")


class NotSure(Exception):
    """The text is not one the fast reader reads exactly as lark does."""


Tokens = Tuple[List[str], List[str], List[int], List[int]]
"""Kinds, texts, lines and columns (1-based) of the tokens of a text."""


def tokens(text: str) -> Tokens:
    """The tokens of ``text``, blanks left out; a kind is the text of a keyword or operator, or
    the group name of :data:`_TOKEN` (``name``, ``string``, ``half``, ...)."""
    kinds: List[str] = []
    texts: List[str] = []
    lines: List[int] = []
    cols: List[int] = []
    line, start, end = 1, 0, 0
    for m in _TOKEN.finditer(text):
        if m.start() != end:
            raise NotSure("a character no token starts with")
        end = m.end()
        group = m.lastgroup or ""
        word = m.group()
        if group != "ws":
            kinds.append(word if group in ("op", "kw") else group)
            texts.append(word)
            lines.append(line)
            cols.append(m.start() - start + 1)
        if "\n" in word:
            line += word.count("\n")
            start = m.start() + word.rindex("\n") + 1
    if end != len(text):
        raise NotSure("a character no token starts with")
    return kinds, texts, lines, cols


class Reader:
    """One pass over the tokens of a text; every method reads one construct of ``tvp.lark``
    from the current token on, or raises :class:`NotSure`."""

    def __init__(self, text: str) -> None:
        self.kinds, self.texts, self.lines, self.cols = tokens(text)
        self.kinds.append("$end")
        self.i = 0
        self.depth = 0
        self.in_message = False   # reading the formula of a %message, outside brackets

    # tokens
    def kind(self, k: int = 0) -> str:
        return self.kinds[self.i + k]

    def pos(self) -> Pos:
        return (self.lines[self.i], self.cols[self.i])

    def take(self, kind: str) -> str:
        if self.kinds[self.i] != kind:
            raise NotSure(f"expected {kind}")
        self.i += 1
        return self.texts[self.i - 1]

    def ident(self) -> str:
        word = self.take("name")
        if word in _RESERVED or not _ID.match(word):
            raise NotSure("a reserved word or a location as a name")
        return word

    def end_line(self) -> int:
        """The line on which the last token read ends."""
        return self.lines[self.i - 1] + self.texts[self.i - 1].count("\n")

    def nested(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise NotSure("nested deeply")

    # names and lists
    def pred_name(self) -> Tuple[str, Pos]:
        pos = self.pos()
        base = self.ident()
        if self.kind() != "[":
            return base, pos
        self.i += 1
        self.nested()
        members = [self.pred_name()[0]]
        while self.kind() == ",":
            self.i += 1
            members.append(self.pred_name()[0])
        self.take("]")
        self.depth -= 1
        return pred_str(base, members), pos

    def ids(self, close: str = ")") -> Tuple[str, ...]:
        """``[ID ("," ID)*]`` up to ``close``, which is read too."""
        out: List[str] = []
        if self.kind() != close:
            out.append(self.ident())
            while self.kind() == ",":
                self.i += 1
                out.append(self.ident())
        self.take(close)
        return tuple(out)

    # set expressions
    def set_expr(self) -> SetExpr:
        left = self.set_term()
        while self.kind() in ("+", "-", "&"):
            op = self.kind()
            self.i += 1
            left = SetOp(op, left, self.set_term())
        return left

    def set_term(self) -> SetExpr:
        kind = self.kind()
        if kind == "name":
            pos = self.pos()
            return SetName(self.ident(), pos)
        self.nested()
        if kind == "(":
            self.i += 1
            inner = self.set_expr()
            self.take(")")
        elif kind == "{":
            inner = self.set_braces()
        else:
            raise NotSure("not a set")
        self.depth -= 1
        return inner

    def set_braces(self) -> SetExpr:
        self.take("{")
        if self.kind() == "}":
            self.i += 1
            return SetLit(())
        first = self.pred_name()[0]
        if self.kind() == ":":
            self.i += 1
            var = self.ident()
            self.in_word()
            inner = self.set_expr()
            self.take("}")
            return SetComp(first, var, inner)
        members = [first]
        while self.kind() == ",":
            self.i += 1
            members.append(self.pred_name()[0])
        self.take("}")
        return SetLit(tuple(members))

    def in_word(self) -> None:
        if self.take("name") != "in":
            raise NotSure("expected in")

    # formulae
    def formula(self) -> F.Formula:
        if self.at_quantifier():
            return self.quantifier()
        return self.binary(0)

    def at_quantifier(self) -> bool:
        return self.kinds[self.i] == "name" and self.texts[self.i] in ("E", "A", "TC") and self.kind(1) == "("

    def binary(self, level: int) -> F.Formula:
        if level == len(_BINARY):
            return self.unary()
        op, make = _BINARY[level]
        left = self.binary(level + 1)
        while self.kind() == op or (op == "->" and self.kind() == "msgarrow" and not self.in_message):
            self.i += 1
            left = make(left, self.quantifier() if self.at_quantifier() else self.binary(level + 1))
        return left

    def unary(self) -> F.Formula:
        if self.kind() != "!":
            return self.atom()
        self.i += 1
        self.nested()
        sub = self.quantifier() if self.at_quantifier() else self.unary()
        self.depth -= 1
        return F.Not(sub)

    def quantifier(self) -> F.Formula:
        word = self.texts[self.i]
        self.i += 2
        self.nested()
        if word == "TC":
            a, b = self.pair()
            self.take("(")
            x, y = self.pair()
            out: F.Formula = F.TC(a, b, x, y, self.formula())
        else:
            vs = self.ids()
            if not vs:
                raise NotSure("no variables")
            out = quantified(F.Exists if word == "E" else F.Forall, vs, self.formula())
        self.depth -= 1
        return out

    def pair(self) -> Tuple[str, str]:
        """``ID "," ID ")"``."""
        a = self.ident()
        self.take(",")
        b = self.ident()
        self.take(")")
        return a, b

    def atom(self) -> F.Formula:
        kind = self.kind()
        if kind == "name":
            return self.named()
        if kind == "half":
            self.i += 1
            return F.HALF_F
        if kind == "(":
            return self.parenthesized()
        if kind in ("bigor", "bigand"):
            return self.composite()
        raise NotSure("not a formula")

    def named(self) -> F.Formula:
        word = self.texts[self.i]
        if word in ("0", "1"):
            self.i += 1
            return F.FALSE_F if word == "0" else F.TRUE_F
        if self.kind(1) in ("==", "!="):
            left, negated = self.ident(), self.kind() == "!="
            self.i += 1
            eq = F.Eq(left, self.ident())
            return F.Not(eq) if negated else eq
        name, pos = self.pred_name()
        kind = self.kind()
        self.i += 1
        if kind == "(":
            return F.Atom(name, self.ids(), pos)
        if kind not in ("plus", "star"):
            raise NotSure("a name alone")
        a, b = self.pair()
        return F.Closure(name, a, b, kind == "star", pos)

    def inside(self, read: Callable[[], F.Formula]) -> F.Formula:
        """``read()`` nested one level, where a ``->`` is never a message's."""
        self.nested()
        message, self.in_message = self.in_message, False
        out = read()
        self.in_message = message
        self.depth -= 1
        return out

    def parenthesized(self) -> F.Formula:
        self.i += 1
        cond = self.inside(self.formula)
        if self.kind() == "?":
            self.i += 1
            then = self.inside(self.formula)
            self.take(":")
            cond = F.Ite(cond, then, self.inside(self.formula))
        self.take(")")
        return cond

    def composite(self) -> F.Formula:
        op, pos = ("|" if self.kind() == "bigor" else "&"), self.pos()
        self.i += 1
        body = self.inside(self.formula)
        self.take(":")
        var = self.ident()
        self.in_word()
        self.nested()
        expr = self.set_expr()
        self.depth -= 1
        self.take("}")
        return Composite(op, body, var, expr, pos)

    def focus_list(self) -> Tuple[FocusItem, ...]:
        """``"{" [focus_list] "}"``."""
        self.take("{")
        items: List[FocusItem] = []
        while self.kind() != "}":
            if self.kind() == "name" and self.texts[self.i] == "foreach":
                pos = self.pos()
                var, expr = self.foreach_head()
                items.append(Foreach(var, expr, self.focus_list(), pos))
            else:
                items.append(self.formula())
            if self.kind() == "," and self.kind(1) != "}":
                self.i += 1
        self.i += 1
        return tuple(items)

    def foreach_head(self) -> Tuple[str, SetExpr]:
        """``foreach ( ID in set_expr )``."""
        self.i += 1
        self.take("(")
        var = self.ident()
        self.in_word()
        expr = self.set_expr()
        self.take(")")
        return var, expr

    def message_text(self) -> Text:
        pieces: Text = [self.piece()]
        while self.kind() == "+":
            self.i += 1
            pieces.append(self.piece())
        return pieces

    def piece(self) -> Tuple[str, str]:
        if self.kind() == "string":
            self.i += 1
            return ("s", unquote(self.texts[self.i - 1]))
        return ("id", self.pred_name()[0])

    def message(self, pos: Pos) -> MessageDecl:
        """``%message [scope] formula -> text``, the keyword read."""
        if self.kind() == "[":
            self.i += 1
            self.inside(self.formula)
            self.take("]")
        self.in_message = True
        formula = self.formula()
        self.in_message = False
        self.take("msgarrow")
        return MessageDecl(formula, self.message_text(), pos)

    # declarations
    def decl(self) -> Decl:
        kind, pos = self.kind(), self.pos()
        self.i += 1
        if kind in ("%s", "%pset"):
            name = self.ident()
            return SetDecl(name, self.set_expr(), pos)
        if kind == "%param":
            return self.param(pos)
        if kind in ("%p", "%i"):
            return self.predicate(kind)
        if kind == "%r":
            body = self.formula()
            self.take("==>")
            return RuleDecl(body, self.formula(), pos)
        if kind == "%f":
            return FocusDecl(self.focus_list(), pos)
        if kind == "%message":
            return self.message(pos)
        if kind == "name" and self.texts[self.i - 1] == "foreach":
            self.i -= 1
            var, expr = self.foreach_head()
            return Foreach(var, expr, self.braced(self.decl), pos)
        raise NotSure("not a declaration the fast reader knows")

    def param(self, pos: Pos) -> ParamDecl:
        name = self.ident()
        self.in_word()
        return ParamDecl(name, self.set_expr(), pos)

    def predicate(self, kind: str) -> Union[CoreDecl, InstrDecl]:
        name, pos = self.pred_name()
        self.take("(")
        params = self.ids()
        definition = None
        if kind == "%i":
            self.take("=")
            definition = self.formula()
        props: List[Prop] = []
        while self.kind() == "name" and self.texts[self.i] != "foreach":
            prop_pos = self.pos()
            props.append((self.ident(), prop_pos))
        display = self.display() if self.kind() == "{" else ()
        if definition is None:
            return CoreDecl(name, params, tuple(props), display, pos)
        return InstrDecl(name, params, definition, tuple(props), display, pos)

    def display(self) -> Tuple[str, ...]:
        self.i += 1
        out: List[str] = []
        while self.kind() != "}":
            if self.kind() not in ("name", "half"):
                raise NotSure("not a display item")
            word = self.texts[self.i]
            if self.kind() == "name" and word not in ("0", "1"):
                self.ident()
            else:
                self.i += 1
            out.append(word)
            if self.kind() != ",":
                break
            self.i += 1
            if self.kind() == "}":
                raise NotSure("a comma before }")
        self.take("}")
        return tuple(out)

    # actions
    def action(self) -> ActionDecl:
        self.take("%action")
        pos = self.pos()
        name = self.ident()
        self.take("(")
        params = self.ids()
        return ActionDecl(name, params, self.braced(self.action_item), pos)

    def braced(self, read: Callable[[], Item]) -> Tuple[Item, ...]:
        """``"{" read()* "}"``."""
        self.take("{")
        items: List[Item] = []
        while self.kind() != "}":
            items.append(read())
        self.i += 1
        return tuple(items)

    def action_item(self) -> ActionItem:
        kind, pos = self.kind(), self.pos()
        self.i += 1
        if kind == "%t":
            return Title(self.message_text(), pos)
        if kind == "%f":
            return FocusDecl(self.focus_list(), pos)
        if kind == "%p":
            return Precond(self.formula(), pos)
        if kind == "%message":
            return self.message(pos)
        if kind == "%new":
            return New(None if self.kind() in ("{", "}") or self.kind().startswith("%") else self.formula(), pos)
        if kind == "{":
            return Updates(self.updates(), pos)
        if kind == "%retain":
            return Retain(self.formula(), pos)
        if kind == "%param":
            return self.param(pos)
        raise NotSure("not an action item the fast reader knows")

    def updates(self) -> Tuple[UpdateItem, ...]:
        """``update_item* "}"``, the ``{`` read."""
        items: List[Union[UpdateItem, "_Word"]] = []
        while self.kind() != "}":
            word = self.texts[self.i] if self.kind() == "name" else ""
            if word == "auto":
                items.append(_Word(self.lines[self.i], self.cols[self.i]))
                self.i += 1
            elif word == "foreach":
                pos = self.pos()
                var, expr = self.foreach_head()
                self.take("{")
                items.append(Foreach(var, expr, self.updates(), pos))
            else:
                items.append(self.assign())
        self.i += 1
        return attach_auto(items)

    def assign(self) -> Assign:
        name, pos = self.pred_name()
        self.take("(")
        params = self.ids()
        self.take("=")
        rhs = self.formula()
        return Assign(name, params, rhs, pos, (pos[0] or 0, self.end_line()))

    # the control-flow graph
    def location(self) -> str:
        word = self.take("name")
        if word in _RESERVED:
            raise NotSure("a reserved word as a location")
        return word

    def edge(self) -> CfgEdge:
        pos = self.pos()
        source = self.location()
        action_pos = self.pos()
        action = self.ident()
        self.take("(")
        args = self.ids()
        return CfgEdge(source, action, args, self.location(), pos, action_pos)

    def printed(self) -> List[Tuple[str, Pos]]:
        out: List[Tuple[str, Pos]] = []
        while self.kind() != "$end":
            if self.kind() == "name":
                out.append((self.texts[self.i], self.pos()))
                self.location()
            elif self.kind() in ("{", "}", ","):
                self.i += 1
            else:
                raise NotSure("not a printed location")
        return out

    def syntax(self) -> Syntax:
        decls: List[Decl] = []
        while self.kind() != "%%":
            decls.append(self.decl())
        self.i += 1
        actions: List[ActionDecl] = []
        while self.kind() != "%%":
            actions.append(self.action())
        self.i += 1
        cfg: List[CfgEdge] = []
        while self.kind() not in ("%%", "$end"):
            cfg.append(self.edge())
        printed = None
        if self.kind() == "%%":
            self.i += 1
            printed = self.printed()
        return Syntax(decls, actions, cfg, printed)


class _Word:
    """An ``auto`` read among updates."""

    def __init__(self, line: int, column: int) -> None:
        self.line, self.column = line, column


def read(located: Located) -> Optional[Syntax]:
    """The raw syntax of preprocessed TVP text, as lark would build it; ``None`` where the
    fast reader is not sure (lark then reads the text and reports any error)."""
    try:
        return Reader(located.text).syntax()
    except (NotSure, IndexError, RecursionError):
        return None

