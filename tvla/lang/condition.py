"""Integer expressions of ``#if`` / ``#elif`` lines, as the C preprocessor reads them.

``Condition(text).value()`` evaluates decimal numbers, identifiers (0: the
preprocessor has already replaced ``defined X`` and the macros it knows), the
unary ``! - + ~``, the binary operators of C with their precedence, and
``c ? a : b``.  Malformed text raises ``ValueError``.
"""

import re
from typing import Callable, Dict, List, Optional, Union

Token = Union[int, str]
"""A token of an expression: a number (an identifier is 0) or an operator."""

_COND_TOKEN = re.compile(r"\s*(?:(\d+)[uUlL]*|([A-Za-z_$][\w$]*)|(&&|\|\||==|!=|<=|>=|<<|>>|[-+*/%<>!~&|^?:()]))")
_BINARY = {
    "*": 10, "/": 10, "%": 10, "+": 9, "-": 9, "<<": 8, ">>": 8, "<": 7, "<=": 7, ">": 7, ">=": 7,
    "==": 6, "!=": 6, "&": 5, "^": 4, "|": 3, "&&": 2, "||": 1, "?": 0,
}
_APPLY: Dict[str, Callable[[int, int], int]] = {
    "*": lambda a, b: a * b, "/": lambda a, b: int(a / b), "%": lambda a, b: a - b * int(a / b),
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "<<": lambda a, b: a << _shift(b), ">>": lambda a, b: a >> _shift(b),
    "<": lambda a, b: int(a < b), "<=": lambda a, b: int(a <= b), ">": lambda a, b: int(a > b),
    ">=": lambda a, b: int(a >= b), "==": lambda a, b: int(a == b), "!=": lambda a, b: int(a != b),
    "&": lambda a, b: a & b, "^": lambda a, b: a ^ b, "|": lambda a, b: a | b,
    "&&": lambda a, b: int(bool(a) and bool(b)), "||": lambda a, b: int(bool(a) or bool(b)),
}
WIDTH = 64
"""Bits of the integers of ``#if`` (C's ``intmax_t``): results wrap around, shifts go up to WIDTH - 1."""


def _shift(count: int) -> int:
    """A shift count, checked as C's (``1 << 99999999999999`` would take all the memory)."""
    if not 0 <= count < WIDTH:
        raise ValueError(f"shift count {count} out of range")
    return count


def _wrap(v: int) -> int:
    """``v`` as a signed WIDTH-bit integer."""
    return (v + (1 << (WIDTH - 1))) % (1 << WIDTH) - (1 << (WIDTH - 1))


_UNARY: Dict[Token, Callable[[int], int]] = {
    "!": lambda a: int(not a), "-": lambda a: -a, "+": lambda a: a, "~": lambda a: ~a,
}


class Condition:
    """A C preprocessor integer expression (identifiers left after expansion are 0).

    Prefix operators are applied in a loop, so ``!!!...`` of any length is fine;
    only parentheses and ``? :`` nest by recursion."""

    def __init__(self, text: str) -> None:
        self.tokens: List[Token] = []
        pos = 0
        text = text.strip()
        while pos < len(text):
            m = _COND_TOKEN.match(text, pos)
            if not m or m.end() == pos:
                raise ValueError(text[pos:])
            num, ident, op = m.groups()
            self.tokens.append(int(num) if num else 0 if ident else op)
            pos = m.end()
        self.k = 0

    def value(self) -> int:
        """The value of the expression (0 for no tokens)."""
        if not self.tokens:
            return 0
        v = self.expr(0)
        if self.k != len(self.tokens):
            raise ValueError("trailing tokens")
        return v

    def peek(self) -> Optional[Token]:
        return self.tokens[self.k] if self.k < len(self.tokens) else None

    def take(self, expected: Optional[str] = None) -> Token:
        tok = self.peek()
        if tok is None or (expected is not None and tok != expected):
            raise ValueError(f"expected {expected}")
        self.k += 1
        return tok

    def unary(self) -> int:
        """A number or parenthesised expression after its prefix operators."""
        prefix: List[Token] = []
        while self.peek() in _UNARY:
            prefix.append(self.take())
        tok = self.take()
        if tok == "(":
            v = self.expr(0)
            self.take(")")
        elif isinstance(tok, int):
            v = tok
        else:
            raise ValueError(f"unexpected {tok}")
        for op in reversed(prefix):
            v = _wrap(_UNARY[op](v))
        return v

    def expr(self, min_prec: int) -> int:
        """An expression of binary operators of precedence ``min_prec`` or more (precedence climbing)."""
        left = self.unary()
        while isinstance(op := self.peek(), str) and _BINARY.get(op, -1) >= min_prec:
            self.take()
            if op == "?":
                then = self.expr(0)
                self.take(":")
                other = self.expr(0)
                left = then if left else other
            else:
                left = _wrap(_APPLY[op](left, self.expr(_BINARY[op] + 1)))
        return left
