"""Parsing TVS with lark (grammar in ``tvs.lark``) into raw syntax
(:mod:`tvla.lang.tvs_syntax`).  Only :mod:`tvla.lang.tvs` imports this module,
and only when the parse cache misses (lark is slow to import)."""

from typing import List, Tuple

from lark import Token

from tvla.errors import Located
from tvla.lang.syntax import ParseTree, parse
from tvla.lang.tvp_ast import pred_str
from tvla.lang.tvs_syntax import Entry, Item, Name, StructureSyntax, TupleItem, TvsFile
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene

_VALUES = {"0": FALSE, "1": TRUE}


def parse_tvs(located: Located) -> TvsFile:
    """The raw syntax of preprocessed TVS text."""
    out: List[Item] = []
    for item in parse("tvs", located).children:
        if item.data == "location":
            name = str(item.children[0])
            out.extend(Item(name, _structure(st)) for st in item.children[1:])
        else:
            out.append(Item(None, _structure(item)))
    return tuple(out)


def _value(tree: ParseTree) -> Kleene:
    tok = tree.children[0]
    return HALF if tok.type == "HALF" else _VALUES[str(tok)]


def _token(tok: Token) -> Name:
    return Name(str(tok), tok.line or 1, tok.column or 1)  # a token of the lexer has both


def _pred_name(tree: ParseTree) -> str:
    """Text of a (possibly nested) predicate name: ``p``, ``p[a,b]``, ``save[at[l]]``."""
    base, *members = tree.children
    return pred_str(str(base), [_pred_name(m) for m in members])


def _structure(tree: ParseTree) -> StructureSyntax:
    node_list, *entries = tree.children
    nodes = tuple(_token(t) for t in node_list.children) if node_list is not None else ()
    return StructureSyntax(nodes, tuple(_entry(e) for e in entries))


def _entry(entry: ParseTree) -> Entry:
    pn = entry.children[0]
    pred = Name(_pred_name(pn), pn.children[0].line, pn.children[0].column)
    if entry.data == "nullary_entry":
        return Entry(pred, _value(entry.children[1]), None)
    tl = entry.children[1]
    return Entry(pred, FALSE, tuple(_tuple_item(it) for it in (tl.children if tl is not None else [])))


def _tuple_item(item: ParseTree) -> TupleItem:
    spec = item.children[0]
    value = _value(item.children[1]) if len(item.children) > 1 and item.children[1] is not None else TRUE
    nodes: Tuple[Name, ...]
    if spec.data == "pair":
        nodes = (_token(spec.children[0]), _token(spec.children[2]))
    else:
        nodes = tuple(_token(c) for c in spec.children)
    return TupleItem(spec.data, nodes, value)
