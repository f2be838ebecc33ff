"""A load fused with the NULL test that follows it: one action per branch instead of three.

The lowering reads the field a condition tests into a temporary
(``while (p->next != NULL)``, ``if (p->left == NULL)``): a ``Load`` into a node
whose only edges out are the two tests of the temporary against NULL.  For the
analysis that is three actions, the load and a test per branch, and the
structures the load makes (it focuses the loaded cell) are stored at the node
in between and tested there.  Fused, each branch is the load taken only where
the loaded pointer is NULL (``Load.null`` True) or not (False): the action
focuses the loaded cell, so its test is definite, and the node in between is
gone.  The temporary is still written (the branch that follows may read it).

Only where the node in between is entered by the load alone and left by
exactly the two tests, so no path sees it otherwise.  The fused edges keep
the test's position and text (a witness shows the condition).
"""

from dataclasses import replace
from typing import Dict, List

from tvla.cfront import ir

__all__ = ["fuse_null_tests"]


def _tests(edges: List[ir.Edge], t: str) -> Dict[bool, ir.Edge]:
    """The two edges ``t == NULL`` and ``t != NULL`` by their polarity, or {} when ``edges`` are not those."""
    out: Dict[bool, ir.Edge] = {}
    for e in edges:
        c = e.stmt.cond if isinstance(e.stmt, ir.Assume) else None
        if not isinstance(c, ir.PtrCond) or c.left != t or c.right is not None or c.positive in out:
            return {}
        out[c.positive] = e
    return out if len(out) == 2 else {}


def fuse_null_tests(prog: ir.CProgram) -> ir.CProgram:
    """``prog`` with each load followed only by its NULL tests fused with them (see the module docstring)."""
    into: Dict[str, List[ir.Edge]] = {}
    outs: Dict[str, List[ir.Edge]] = {}
    for e in prog.edges:
        into.setdefault(e.target, []).append(e)
        outs.setdefault(e.source, []).append(e)
    fused: Dict[ir.Edge, List[ir.Edge]] = {}
    gone = set()
    for e in prog.edges:
        s = e.stmt
        if not isinstance(s, ir.Load) or s.null is not None or len(into[e.target]) != 1 \
                or e.target in (prog.entry, prog.exit, prog.error):
            continue
        tests = _tests(outs.get(e.target, []), s.dst)
        if tests:
            fused[e] = [ir.Edge(e.source, t.target, replace(s, null=null), t.pos, t.text)
                        for null, t in sorted(tests.items(), reverse=True)]
            gone.update(tests.values())
    edges = [f for e in prog.edges if e not in gone for f in fused.get(e, [e])]
    return replace(prog, edges=tuple(edges))
