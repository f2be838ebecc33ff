"""TVS files: read and write 3-valued structures in TVLA's format.

What :func:`write_tvs` writes reads back with :func:`read_tvs` to equal
structures.  Reading goes through the same preprocessor as TVP files.

TVLA's built-in ``ac`` (active) gives the maybe-active nodes: ``ac = {u:1/2}``
makes ``u`` maybe-active, ``u:0`` removes it, and a node it does not list is
active.  It is written (for every node) only when some node is maybe-active.
"""

from typing import IO, Callable, Dict, Iterable, List, Optional, Sequence, Set, Tuple, Union

from tvla.errors import Located
from tvla.logic.kleene import FALSE, HALF, TRUE, Kleene, Mask
from tvla.lang.parse_cache import cached
from tvla.lang.preprocess import Defines, preprocess
from tvla.logic.structure import Node, Structure, bits
from tvla.lang.tvs_syntax import Entry, Name, StructureSyntax, TvsFile
from tvla.logic.vocabulary import Predicate, Vocabulary


def parse_file(path: str, defines: Optional[Defines] = None,
               search_path: Iterable[str] = ()) -> Tuple[Located, TvsFile]:
    """Preprocess and parse a TVS file (the parse cached across runs)."""
    located = preprocess(path, defines, search_path)

    def build() -> TvsFile:
        from tvla.lang.tvs_parse import parse_tvs  # lark: imported only when needed
        return parse_tvs(located)
    return located, cached("tvs", located.text, build)


def read_tvs(path: str, voc: Vocabulary, defines: Optional[Defines] = None, search_path: Iterable[str] = (),
             given: Optional[List[Set[str]]] = None) -> List[Tuple[Optional[str], Structure]]:
    """Read every structure of a TVS file; return a list of (location or None, Structure).

    ``given``: a list that receives, per structure, the set of predicate names it lists."""
    located, items = parse_file(path, defines, search_path)
    return [(item.location, _build(item.structure, voc, located, given)) for item in items]


def _build(syntax: StructureSyntax, voc: Vocabulary, located: Located,
           given: Optional[List[Set[str]]] = None) -> Structure:
    index: Dict[str, int] = {}
    for t in syntax.nodes:
        if t.text in index:
            raise located.error(f"node '{t.text}' listed twice", t.line, t.column)
        index[t.text] = len(index)
    s = Structure.empty(voc, len(index))
    listed: Set[str] = set()
    gone = 0  # nodes 'ac' says are not there
    if given is not None:
        given.append(listed)

    def node(tok: Name) -> Node:
        if tok.text not in index:
            raise located.error(f"node '{tok.text}' is not in the universe %n", tok.line, tok.column)
        return index[tok.text]

    for entry in syntax.entries:
        name, pos = entry.pred.text, (entry.pred.line, entry.pred.column)
        p = voc.get(name)
        listed.add(name)
        if p is None and name == "ac":
            gone |= _activity(s, entry, node, located)
            continue
        if p is None:
            raise located.error(f"undeclared predicate '{name}'", *pos)
        if entry.items is None:
            if p.arity != 0:
                raise located.error(f"predicate '{name}' has arity {p.arity}; give it a set of tuples", *pos)
            s.nul[p.index] = entry.value
            continue
        for item in entry.items:
            tup = tuple(node(t) for t in item.nodes)
            if len(tup) != p.arity:
                raise located.error(f"predicate '{name}' has arity {p.arity} but a tuple of "
                                    f"{len(tup)} node(s) is given", *pos)
            if name == "sm" and item.value == TRUE:
                raise located.error("sm is never 1: summary nodes have sm = 1/2", *pos)
            s.set_value(p, tup, item.value)
    if gone:
        s.drop_nodes(gone)
    return s


def _activity(s: Structure, entry: Entry, node: Callable[[Name], Node], located: Located) -> Mask:
    """Apply an ``ac`` entry: 1/2 makes a node maybe-active; return the mask of
    the nodes it sets to 0 (to be removed)."""
    if entry.items is None or any(item.shape != "one" for item in entry.items):
        raise located.error("predicate 'ac' has arity 1; give it a set of nodes", entry.pred.line, entry.pred.column)
    gone = 0
    for item in entry.items:
        u = node(item.nodes[0])
        if item.value == HALF:
            s.set_maybe_active(s.maybe_active | 1 << u)
        elif item.value == FALSE:
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
    located, items = parse_file(path, defines, search_path)
    arities: Dict[str, Optional[int]] = {}
    for entry in (e for item in items for e in item.structure.entries):
        name = entry.pred.text
        arity = _written_arity(entry)
        known = arities.setdefault(name, arity)
        if arity is not None and known is not None and known != arity:
            raise located.error(f"predicate '{name}' is written with arity {known} and {arity}",
                                entry.pred.line, entry.pred.column)
        if known is None:
            arities[name] = arity
    voc = Vocabulary.create()
    for name, arity in arities.items():
        if name not in voc and name != "ac":
            arity = 1 if arity is None else arity
            voc.add(Predicate(name, arity, tuple(f"v_{i}" for i in range(1, arity + 1)), "core"))
    return voc


def _written_arity(entry: Entry) -> Optional[int]:
    if entry.items is None:
        return 0
    return len(entry.items[0].nodes) if entry.items else None
