"""The abstract transition graph of the termination analysis (``-td.dot FILE``).

One DOT node per stored structure that has a transition (``L3#2`` is the
second structure stored at ``L3``, as ``-tvs`` numbers them), one edge per
abstract transition, labelled with the CFG action; the structures of a loop
where no progress was shown are drawn red.
"""

from typing import Set, Tuple

from tvla.engine.results import Result
from tvla.output.render import quote


def transition_dot(result: Result) -> str:
    """The DOT text of ``result.termination``'s transition graph."""
    term = result.termination
    if term is None:
        raise ValueError("the run has no termination analysis (-td)")
    bad: Set[str] = set()
    rank = {loc: i for i, loc in enumerate(result.order)}
    for lp in term.loops:
        bad.update(lp.locations)
    states = sorted({t.source for t in term.transitions} | {t.target for t in term.transitions},
                    key=lambda s: (rank.get(s[0], len(rank)), s[1]))
    lines = [f"digraph {quote('termination: ' + term.verdict)} {{", "  node [shape=box];"]
    for loc, k in states:
        color = ", color=red" if loc in bad else ""
        lines.append(f"  {quote(f'{loc}#{k + 1}')} [label={quote(f'{loc} #{k + 1}')}{color}];")
    seen: Set[Tuple[Tuple[str, int], Tuple[str, int], int]] = set()
    for t in term.transitions:
        key = (t.source, t.target, t.edge)
        if key in seen:
            continue
        seen.add(key)
        label = result.edges[t.edge].label
        src, dst = f"{t.source[0]}#{t.source[1] + 1}", f"{t.target[0]}#{t.target[1] + 1}"
        lines.append(f"  {quote(src)} -> {quote(dst)} [label={quote(label)}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_transition_dot(path: str, result: Result) -> None:
    """Write :func:`transition_dot` to ``path``."""
    with open(path, "w") as fh:
        fh.write(transition_dot(result))
