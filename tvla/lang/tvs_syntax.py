"""Raw syntax of TVS files: what a file says, before a vocabulary gives it meaning.

Plain tuples of names, positions (line and column of the preprocessed text) and
Kleene values, so that a parsed file is cheap to keep across runs
(:mod:`tvla.lang.parse_cache`).
"""

from typing import NamedTuple, Optional, Tuple

from tvla.logic.kleene import Kleene


class Name(NamedTuple):
    """A node name (or a predicate name) where it is written."""
    text: str
    line: int
    column: int


class TupleItem(NamedTuple):
    """``u``, ``u->w`` or ``(u, w, z)``, with its value (``:1/2``; 1 when none is written)."""
    shape: str  # "one", "pair" or "many"
    nodes: Tuple[Name, ...]
    value: Kleene


class Entry(NamedTuple):
    """``p = 1/2`` (``items`` is None) or ``p = {tuples}``."""
    pred: Name
    value: Kleene  # of a nullary entry
    items: Optional[Tuple[TupleItem, ...]]


class StructureSyntax(NamedTuple):
    """``%n = {nodes} %p = {entries}``."""
    nodes: Tuple[Name, ...]
    entries: Tuple[Entry, ...]


class Item(NamedTuple):
    """A structure, under ``%location NAME`` when ``location`` is set."""
    location: Optional[str]
    structure: StructureSyntax


TvsFile = Tuple[Item, ...]
