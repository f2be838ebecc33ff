"""Parsing with lark, and lark's syntax errors in the words of the language.

Both TVP and TVS go through :func:`parse`: a syntax error becomes a
:class:`~tvla.errors.TvlaError` at ``FILE:LINE:COL`` that names what was found
and what the language expects there (``expected %% or %action``), never a
lark-internal terminal name, with long offending text shortened.
"""

import hashlib
import os
import sys
from functools import lru_cache
from typing import Any, Iterable, Optional

import lark
from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from tvla.errors import Located, TvlaError
from tvla.lang.parse_cache import cache_dir, kept

# terminals defined by a regular expression, as a user would call them
TOKEN_WORDS = {
    "ID": "identifier", "LOC": "location", "STRING": "string", "NODE": "name",
    "HALF": "1/2", "BIG_OR": "|/{", "BIG_AND": "&/{", "PLUS_PAREN": "+(", "STAR_PAREN": "*(",
    "MSGARROW": "->", "ARROW": "->", "$END": "end of file",
}
ParseTree = Any
"""A node of a lark parse tree, read by grammar rule: a ``lark.Tree`` whose children mix
subtrees and ``lark.Token`` objects as the rule says, which lark's types cannot follow."""

MAX_SHOWN = 24  # longest offending text quoted in a message
MAX_EXPECTED = 12


def _cache_file(name: str, text: str) -> Optional[str]:
    """Where the built tables of a grammar text are kept (beside the parse cache), or None."""
    directory = cache_dir()
    if directory is None:
        return None
    key = hashlib.sha256(f"{text}{lark.__version__}{sys.version_info[:2]}".encode()).hexdigest()[:16]
    return os.path.join(directory, f"{name}-{key}.lark")


@lru_cache(maxsize=None)
def grammar(name: str) -> Lark:
    """The LALR parser of ``tvla/NAME.lark``.  Building its tables takes about half
    a second, so they are cached across runs, written atomically (concurrent runs
    never read half a file) under a name that changes with the grammar text."""
    with open(os.path.join(os.path.dirname(__file__), name + ".lark")) as fh:
        text = fh.read()
    return kept(_cache_file(name, text), Lark.load,
                lambda: Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=True),
                lambda parser, fh: parser.save(fh))


def shorten(text: str) -> str:
    """``text`` on one line, cut to :data:`MAX_SHOWN` characters."""
    text = text.replace("\n", " ")
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 3] + "..."


def describe(parser: Lark, names: Iterable[str]) -> str:
    """``'a', 'b' or 'c'`` for a set of terminal names."""
    words = set()
    for name in names:
        if name in TOKEN_WORDS:
            words.add(TOKEN_WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            continue
        words.add(pattern.value if isinstance(pattern, PatternStr) else name.lower())
    shown = sorted(words)
    if len(shown) > MAX_EXPECTED:
        return ", ".join(shown[:MAX_EXPECTED]) + ", ..."
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " or " + shown[-1]


def parse(name: str, located: Located) -> Tree:
    """Parse the preprocessed text of ``located`` with grammar ``name``."""
    parser = grammar(name)
    try:
        return parser.parse(located.text)
    except UnexpectedInput as exc:
        raise syntax_error(parser, located, exc) from None


def _expected(parser: Lark, names: Iterable[str]) -> str:
    said = describe(parser, names)
    return f" (expected {said})" if said else ""


def syntax_error(parser: Lark, located: Located, exc: UnexpectedInput) -> TvlaError:
    """The located :class:`TvlaError` for a lark ``UnexpectedInput``."""
    end = (len(located.linemap) or 1, 1)
    if isinstance(exc, UnexpectedCharacters):
        # the lexer's "allowed" terminals are not what the grammar expects here: not shown
        rest = located.text.split("\n")[exc.line - 1][exc.column - 1:].split()
        return located.error(f"syntax error: unexpected '{shorten(rest[0] if rest else '?')}'",
                             exc.line, exc.column)
    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type == "$END":
            return located.error("syntax error: unexpected end of file"
                                 f"{_expected(parser, exc.expected)}", *end)
        return located.error(f"syntax error: unexpected '{shorten(str(tok))}'"
                             f"{_expected(parser, exc.expected)}", tok.line, tok.column)
    if isinstance(exc, UnexpectedEOF):
        return located.error(f"syntax error: unexpected end of file{_expected(parser, exc.expected)}", *end)
    return located.error("syntax error", getattr(exc, "line", 1), getattr(exc, "column", 1))
