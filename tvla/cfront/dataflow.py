"""Forward "must" data flow over a :class:`~tvla.cfront.ir.CProgram`'s CFG.

Contract: :func:`forward_must` gives, for every node some path from the entry
reaches, the facts that hold there on every such path: the meet (intersection)
over the node's incoming edges of ``transfer(facts at the edge's source, the
edge's statement)``, from no fact at the entry.  A node no path reaches is left
out (it would have every fact).  The passes that find what is still known
(:mod:`tvla.cfront.reuse`: loads whose value a variable holds;
:mod:`tvla.cfront.empty`: fields that hold no pointer) are this with their own
``transfer``.
"""

from typing import Callable, Dict, FrozenSet, Hashable, List, TypeVar

from tvla.cfront import ir

__all__ = ["forward_must"]

Fact = TypeVar("Fact", bound=Hashable)
Transfer = Callable[[FrozenSet[Fact], ir.Statement], FrozenSet[Fact]]


def forward_must(prog: ir.CProgram, transfer: Transfer[Fact]) -> Dict[str, FrozenSet[Fact]]:
    """The facts that hold at each reached node on every path from the entry (see the module docstring)."""
    into: Dict[str, List[ir.Edge]] = {}
    out: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        into.setdefault(e.target, []).append(e)
        out.setdefault(e.source, []).append(e)
    nodes = [prog.entry] + [n for n in dict.fromkeys(e.target for e in prog.edges) if n != prog.entry]
    facts: Dict[str, FrozenSet[Fact]] = {prog.entry: frozenset()}
    # a worklist: a node whose facts change puts its successors back (one more round over every node
    # per nested loop was quadratic in the nesting)
    todo, queued = list(reversed(nodes[1:])), set(nodes[1:])
    while todo:
        n = todo.pop()
        queued.discard(n)
        ins = [transfer(facts[e.source], e.stmt) for e in into.get(n, ()) if e.source in facts]
        if not ins:
            continue
        new = frozenset.intersection(*ins)
        if new != facts.get(n):
            facts[n] = new
            for e in out.get(n, ()):
                if e.target not in queued and e.target != prog.entry:
                    queued.add(e.target)
                    todo.append(e.target)
    return facts
