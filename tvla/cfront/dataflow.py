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

import heapq
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
    nodes = _reverse_postorder(prog.entry, out)   # the entry is number 0
    order = {n: k for k, n in enumerate(nodes)}
    facts: Dict[str, FrozenSet[Fact]] = {prog.entry: frozenset()}
    # a worklist taken in reverse postorder: a loop's head is settled before its body, so each node is
    # visited about once per loop around it that changes its facts (a stack visited nested loops
    # again and again: 900 nested loops took 20 s); a sorted list is a heap
    todo = list(range(1, len(nodes)))
    queued = set(todo)
    while todo:
        k = heapq.heappop(todo)
        queued.discard(k)
        n = nodes[k]
        ins = [transfer(facts[e.source], e.stmt) for e in into.get(n, ()) if e.source in facts]
        if not ins:
            continue
        new = frozenset.intersection(*ins)
        if new != facts.get(n):
            facts[n] = new
            for e in out.get(n, ()):
                t = order.get(e.target, 0)
                if t and t not in queued:
                    queued.add(t)
                    heapq.heappush(todo, t)
    return facts


def _reverse_postorder(entry: str, out: Dict[str, List[ir.Edge]]) -> List[str]:
    """Each node the entry reaches, in reverse postorder of a depth-first walk from it (no recursion:
    CFGs of deep programs are deep)."""
    post: List[str] = []
    seen = {entry}
    stack = [(entry, iter(out.get(entry, ())))]
    while stack:
        node, edges = stack[-1]
        for e in edges:
            if e.target not in seen:
                seen.add(e.target)
                stack.append((e.target, iter(out.get(e.target, ()))))
                break
        else:
            stack.pop()
            post.append(node)
    return post[::-1]
