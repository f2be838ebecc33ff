"""TVS files: read and write 3-valued structures in TVLA's format.

What :func:`write_tvs` writes reads back with :func:`read_tvs` to equal
structures.  Reading goes through the same preprocessor as TVP files.

TVLA's built-in ``ac`` (active) gives the maybe-active nodes: ``ac = {u:1/2}``
makes ``u`` maybe-active, ``u:0`` removes it, and a node it does not list is
active.  It is written (for every node) only when some node is maybe-active.
"""

from typing import IO, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union

from lark import Token

from tvla.errors import Located
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask
from tvla.lang.preprocess import Defines, preprocess
from tvla.logic.structure import Node, Structure, bits
from tvla.lang.syntax import ParseTree, parse
from tvla.lang.tvp_ast import pred_str
from tvla.logic.vocabulary import Predicate, Vocabulary

_VALUES = {"0": FALSE, "1": TRUE}


def _value(tree: ParseTree) -> Kleene:
    tok = tree.children[0]
    return HALF if tok.type == "HALF" else _VALUES[str(tok)]


def _name(tree: ParseTree) -> str:
    """Text of a (possibly nested) predicate name: ``p``, ``p[a,b]``, ``save[at[l]]``."""
    base, *members = tree.children
    return pred_str(str(base), [_name(m) for m in members])


def read_tvs(path: str, voc: Vocabulary, defines: Optional[Defines] = None, search_path: Iterable[str] = (),
             given: Optional[List[Set[str]]] = None) -> List[Tuple[Optional[str], Structure]]:
    """Read every structure of a TVS file; return a list of (location or None, Structure).

    ``given``: a list that receives, per structure, the set of predicate names it lists."""
    located = preprocess(path, defines, search_path)
    tree = parse("tvs", located)
    out: List[Tuple[Optional[str], Structure]] = []
    for item in tree.children:
        if item.data == "location":
            name = str(item.children[0])
            for st in item.children[1:]:
                out.append((name, _build(st, voc, located, given)))
        else:
            out.append((None, _build(item, voc, located, given)))
    return out


def _build(tree: ParseTree, voc: Vocabulary, located: Located, given: Optional[List[Set[str]]] = None) -> Structure:
    node_list, *entries = tree.children
    names = [str(t) for t in node_list.children] if node_list is not None else []
    index: Dict[str, int] = {}
    for t in (node_list.children if node_list is not None else []):
        if str(t) in index:
            raise located.error(f"node '{t}' listed twice", t.line, t.column)
        index[str(t)] = len(index)
    s = Structure.empty(voc, len(names))
    listed: Set[str] = set()
    gone = 0  # nodes 'ac' says are not there
    if given is not None:
        given.append(listed)

    def node(tok: Token) -> Node:
        if str(tok) not in index:
            raise located.error(f"node '{tok}' is not in the universe %n", tok.line, tok.column)
        return index[str(tok)]

    for entry in entries:
        pn = entry.children[0]
        name = _name(pn)
        pos = (pn.children[0].line, pn.children[0].column)
        p = voc.get(name)
        listed.add(name)
        if p is None and name == "ac":
            gone |= _activity(s, entry, node, located, pos)
            continue
        if p is None:
            raise located.error(f"undeclared predicate '{name}'", *pos)
        if entry.data == "nullary_entry":
            if p.arity != 0:
                raise located.error(f"predicate '{name}' has arity {p.arity}; give it a set of tuples", *pos)
            s.nul[p.index] = _value(entry.children[1])
            continue
        tl = entry.children[1]
        for item in (tl.children if tl is not None else []):
            spec = item.children[0]
            v = _value(item.children[1]) if len(item.children) > 1 and item.children[1] is not None else TRUE
            tup: Tuple[int, ...]
            if spec.data == "one":
                tup = (node(spec.children[0]),)
            elif spec.data == "pair":
                tup = (node(spec.children[0]), node(spec.children[2]))
            else:
                tup = tuple(node(c) for c in spec.children)
            if len(tup) != p.arity:
                raise located.error(f"predicate '{name}' has arity {p.arity} but a tuple of "
                                    f"{len(tup)} node(s) is given", *pos)
            if name == "sm" and v == TRUE:
                raise located.error("sm is never 1: summary nodes have sm = 1/2", *pos)
            s.set_value(p, tup, v)
    if gone:
        s.drop_nodes(gone)
    return s


def _activity(s: Structure, entry: ParseTree, node: Callable[[Token], Node], located: Located,
              pos: Tuple[int, int]) -> Mask:
    """Apply an ``ac`` entry: 1/2 makes a node maybe-active; return the mask of
    the nodes it sets to 0 (to be removed)."""
    if entry.data == "nullary_entry":
        raise located.error("predicate 'ac' has arity 1; give it a set of nodes", *pos)
    gone = 0
    tl = entry.children[1]
    for item in (tl.children if tl is not None else []):
        spec = item.children[0]
        if spec.data != "one":
            raise located.error("predicate 'ac' has arity 1; give it a set of nodes", *pos)
        v = _value(item.children[1]) if len(item.children) > 1 and item.children[1] is not None else TRUE
        u = node(spec.children[0])
        if v == HALF:
            s.set_maybe_active(s.maybe_active | 1 << u)
        elif v == FALSE:
            gone |= 1 << u
    return gone


def _fmt(v: Kleene) -> str:
    return "" if v == TRUE else (":1/2" if v == HALF else ":0")


def format_structure(s: Structure, voc: Vocabulary, names: Optional[Sequence[str]] = None) -> str:
    """TVS text of one structure."""
    names = names or [f"u{k}" for k in range(s.n)]
    lines = [f"%n = {{{', '.join(names)}}}", "%p = {"]
    for p in voc.preds.values():
        if p.name in ("isNew", "instance"):
            continue
        if p.arity == 0:
            v = s.nul[p.index]
            if v != FALSE:
                lines.append(f"\t{p.name} = {'1' if v == TRUE else '1/2'}")
            continue
        items: List[str] = []
        if p.arity == 1:
            t, u = s.unary_masks(p.index)
            for x in bits(t | u):
                items.append(names[x] + (":1/2" if u >> x & 1 else ""))
        elif p.arity == 2:
            for x, (t, u) in enumerate(zip(*s.rows(p.index))):
                for y in bits(t | u):
                    items.append(f"{names[x]}->{names[y]}" + (":1/2" if u >> y & 1 else ""))
        else:
            for tup, v in sorted(s.hi[p.index].items()):
                items.append("(" + ", ".join(names[x] for x in tup) + ")" + _fmt(v))
        if items:
            lines.append(f"\t{p.name} = {{{', '.join(items)}}}")
        if p.name == "sm" and s.maybe_active:
            active = [names[x] + (":1/2" if s.is_maybe_active(x) else "") for x in range(s.n)]
            lines.append(f"\tac = {{{', '.join(active)}}}")
    lines.append("}")
    return "\n".join(lines)


def write_tvs(path_or_file: Union[str, IO[str]], groups: Iterable[Tuple[Optional[str], Sequence[Structure]]],
              voc: Vocabulary) -> str:
    """Write ``groups``: a list of (location or None, [structures]).

    Structures of a named location are wrapped in ``%location NAME = { ... }``."""
    parts: List[str] = []
    for loc, structures in groups:
        body: List[str] = []
        for k, s in enumerate(structures):
            body.append(f"// structure {k + 1} of {len(structures)}" + (f" at {loc}" if loc else ""))
            body.append(format_structure(s, voc))
        if loc is None:
            parts.append("\n".join(body))
        else:
            parts.append(f"%location {loc} = {{\n" + "\n".join(body) + "\n}")
    text = "\n\n".join(parts) + "\n"
    if hasattr(path_or_file, "write"):
        path_or_file.write(text)
    else:
        with open(path_or_file, "w") as fh:
            fh.write(text)
    return text


def implied_vocabulary(path: str, defines: Optional[Defines] = None, search_path: Iterable[str] = ()) -> Vocabulary:
    """The vocabulary a TVS file uses, for reading it without its program: every
    predicate it lists, as a core predicate, in order of first use, with the
    arity its tuples are written with (``p = 1`` nullary, ``{u}`` unary,
    ``{u->w}`` binary, ``{(u, w, z)}`` that many; unary when only ``{}``)."""
    located = preprocess(path, defines, search_path)
    arities: Dict[str, Optional[int]] = {}
    entries = [t for t in parse("tvs", located).iter_subtrees_topdown() if t.data in ("nullary_entry", "table_entry")]
    for entry in entries:
        pn = entry.children[0]
        name = _name(pn)
        arity = _written_arity(entry)
        known = arities.setdefault(name, arity)
        if arity is not None and known is not None and known != arity:
            raise located.error(f"predicate '{name}' is written with arity {known} and {arity}",
                                pn.children[0].line, pn.children[0].column)
        if known is None:
            arities[name] = arity
    voc = Vocabulary.create()
    for name, arity in arities.items():
        if name not in voc and name != "ac":
            arity = 1 if arity is None else arity
            voc.add(Predicate(name, arity, tuple(f"v_{i}" for i in range(1, arity + 1)), "core"))
    return voc


def _written_arity(entry: ParseTree) -> Optional[int]:
    if entry.data == "nullary_entry":
        return 0
    tl = entry.children[1]
    if tl is None or not tl.children:
        return None
    spec = tl.children[0].children[0]
    return {"one": 1, "pair": 2}.get(spec.data, len(spec.children))
