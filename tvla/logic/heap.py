"""Reading a store as a heap: true tuples, pointer variables, fields, data order.

A structure is a set of predicate values; a reader (the witness search, its
text and drawings, the structure drawings) sees a heap in it: the pointer
variables (unary core predicates declared ``pointer``, ``unique`` or ``box``),
the pointer fields (binary core predicates that are functions), the order in
which one follows the nodes from the variables along the fields, and the
data order (the core predicate declared ``transitive reflexive``, such as
``dle``).  The helpers here are shared by the concrete search and the
writers; each is defined once.
"""

from typing import Iterable, List, Optional, Set, Tuple

from tvla.logic.kleene import TRUE, Kleene
from tvla.logic.structure import Node, Structure, bits
from tvla.logic.vocabulary import Predicate, Vocabulary


def tuples_with(s: Structure, p: Predicate, value: Kleene) -> List[Tuple[Node, ...]]:
    """The argument tuples at which predicate ``p`` has ``value`` (TRUE or HALF) in
    ``s``, in node order."""
    if p.arity == 0:
        return [()] if s.nul[p.index] == value else []
    if p.arity == 1:
        return [(u,) for u in bits(s.unary_nodes(p.index, value))]
    if p.arity == 2:
        rows = s.rows(p.index)[0 if value == TRUE else 1]
        return [(u, w) for u, row in enumerate(rows) for w in bits(row)]
    return sorted(t for t, v in s.hi[p.index].items() if v == value)


def true_tuples(s: Structure, p: Predicate) -> List[Tuple[Node, ...]]:
    """The argument tuples at which ``p`` is 1."""
    return tuples_with(s, p, TRUE)


def pointers(voc: Vocabulary) -> List[Predicate]:
    """The pointer variables: unary core predicates that hold for at most one node."""
    return [p for p in voc.unary if p.kind == "core" and p.is_pointer]


def fields(voc: Vocabulary) -> List[Predicate]:
    """The pointer fields: binary core predicates that are functions."""
    return [p for p in voc.binary if p.kind == "core" and "function" in p.props]


def successor(s: Structure, u: Node, fs: Iterable[Predicate]) -> Optional[Node]:
    """The node that a field of node ``u`` points to (the first field that points), or None."""
    for f in fs:
        row = s.rows(f.index)[0][u]
        if row:
            return (row & -row).bit_length() - 1
    return None


def traversal_order(s: Structure, voc: Vocabulary) -> List[Node]:
    """Nodes in the order a reader follows them: from each pointer variable along the
    fields, then the rest."""
    fs = fields(voc)
    out: List[Node] = []
    seen: Set[Node] = set()
    u: Optional[Node]
    for p in pointers(voc):
        for (u,) in true_tuples(s, p):
            while u is not None and u not in seen:
                seen.add(u)
                out.append(u)
                u = successor(s, u, fs)
    return out + [u for u in range(s.n) if u not in seen]


def order_predicate(voc: Vocabulary) -> Optional[Predicate]:
    """The first core predicate declared ``transitive reflexive`` (laid out as data order), or None."""
    return next((p for p in voc.binary if p.kind == "core" and {"transitive", "reflexive"} <= p.props), None)


def data_values(store: Structure, voc: Vocabulary) -> Optional[List[int]]:
    """The rank of each node's datum in the data order (the core predicate declared
    transitive reflexive, as the drawings lay it out), 0 for the smallest; None
    when the program has no data order."""
    order = order_predicate(voc)
    return None if order is None else ranks(store, order)


def ranks(store: Structure, order: Predicate) -> List[int]:
    """The rank of each node in the preorder ``order`` (a binary predicate), 0 for the smallest."""
    rel = set(true_tuples(store, order))
    n = store.n
    classes = [frozenset(w for w in range(n) if (w, u) in rel and (u, w) in rel) for u in range(n)]
    return [len({classes[w] for w in range(n) if (w, u) in rel and (u, w) not in rel}) for u in range(n)]
