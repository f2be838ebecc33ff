"""Limits on the formulae of a program: the engine's algorithms recurse on formulae and walk
them with ``->`` and ``<->`` expanded, so a formula nested too deeply, or one that grows
too large once expanded (a chain of ``<->`` doubles at each step), stops the load with a
located error instead of exhausting the stack or running for ever."""

from typing import Iterator, List, Tuple

from tvla.errors import TvlaError
from tvla.lang.program import Program
from tvla.logic import formula as F
from tvla.logic.formula import Where

MAX_DEPTH = 10_000
"""Deepest formula accepted (levels of subformulae)."""

MAX_EXPANDED = 100_000
"""Most subformulae a formula may have once ``->`` and ``<->`` are expanded (shared ones counted each time)."""

MAX_COMPOSITE = 1_000_000
"""Most subformulae the ``|/{...}`` and ``&/{...}`` of a program may expand to, together."""


def program_formulas(program: Program) -> Iterator[Tuple[F.Formula, Where]]:
    """Every formula of ``program`` with where it is written (its declaration, rule or action)."""
    top = (program.path, 1, 1)
    for p in program.vocabulary.instrumentation:
        if p.definition is not None:
            yield p.definition, p.pos or top
    for body, head, where in program.rules:
        yield body, where
        yield head, where
    for f in program.global_focus:
        yield f, top
    for m in program.global_messages:
        yield m.formula, top
    for e in program.edges:
        a = e.action
        for g in [*a.focus, a.precondition, a.new, a.retain, *(m.formula for m in a.pre_messages + a.post_messages),
                  *(u for _params, u in a.updates.values())]:
            if g is not None:
                yield g, a.pos


def measure(f: F.Formula) -> Tuple[int, int]:
    """The nesting depth of ``f`` (1 for an atom) and the number of its subformulae with ``->``
    and ``<->`` expanded, counted without expanding, in one walk (both are checked on every
    formula of a program: a generated one has thousands)."""
    return F.bottom_up(f, "_limits", _measure_node)


def _measure_node(f: F.Formula, subs: List[Tuple[int, int]]) -> Tuple[int, int]:
    """``f``'s depth and its size once :func:`~tvla.logic.formula.desugar` expands it: ``a -> b``
    is ``!a | b``, ``a <-> b`` is ``(!a | b) & (!b | a)``."""
    depth, size = 0, 0
    for d, n in subs:
        depth, size = max(depth, d), size + n
    depth += 1
    if isinstance(f, F.Implies):
        return depth, 2 + size
    if isinstance(f, F.Iff):
        return depth, 5 + 2 * size
    return depth, 1 + size


def position(program: Program, f: F.Formula, fallback: Where) -> Where:
    """Where ``f`` is written: at its first atom, else ``fallback``."""
    while F.children(f):
        f = F.children(f)[0]
    pos = getattr(f, "pos", None)
    if pos is None or program.located is None:
        return fallback
    return program.located.where(*pos)


def check_formulas(program: Program) -> None:
    """Stop with a located error at a formula deeper than :data:`MAX_DEPTH` or larger, expanded,
    than :data:`MAX_EXPANDED`."""
    for f, where in program_formulas(program):
        depth, size = measure(f)
        if depth > MAX_DEPTH:
            raise TvlaError(f"formula nested too deeply: {depth} levels (at most {MAX_DEPTH})",
                            *position(program, f, where))
        if size > MAX_EXPANDED:
            raise TvlaError(f"formula too large once -> and <-> are expanded: more than {MAX_EXPANDED} "
                            "subformulae (a chain of <-> doubles its size at each step)", *position(program, f, where))
