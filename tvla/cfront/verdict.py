"""Verdicts of ``tvla verify``: from the analysis' alarms and their witnesses to ``true``/``false``/``unknown``.

The rules (docs/c.md, "Verdicts"), per property:

* ``false`` only with a concrete witness: some alarm of the property has a
  trace of concrete stores through the program that ends in the violation, and
  the trace takes no edge where the lowering over-approximated C (abstracted
  arithmetic), so the trace is an execution of the C program;
* ``true`` only when the analysis proved it: it ran to its fixpoint (no limit,
  not interrupted), the whole program was in the supported subset, and no alarm
  of the property was raised;
* ``unknown`` otherwise, with the reason: an unsupported construct, an alarm
  without a witness within the bound, a witness through abstracted code, or a
  limit.

Everything here is a plain value; the analysis that produces :class:`Alarm`
values lives in ``tvla.cli.verify``.
"""

from dataclasses import dataclass, field
from typing import Optional, Sequence, Tuple

from tvla.cfront.ir import Pos
from tvla.cfront.properties import SUBPROPERTIES, is_sorted_property

__all__ = ["WitnessStep", "Alarm", "PropertyVerdict", "FileVerdict", "decide", "TRUE", "FALSE", "UNKNOWN",
           "exit_status"]

TRUE, FALSE, UNKNOWN = "true", "false", "unknown"


@dataclass(frozen=True)
class WitnessStep:
    """One step of a witness: the C position of the statement about to run, its text, and the store before it."""

    pos: Optional[Pos]
    action: str
    store: str


@dataclass(frozen=True)
class Alarm:
    """A message of the analysis, as a C finding.

    ``kind`` is the violated subproperty (``valid-deref``, ``memcleanup``...);
    ``witness`` the concrete trace found (None: none within the bound, or not
    searched); ``abstracted`` the position of an over-approximated edge the
    witness passes (then it may not be a C execution); ``at_free``: reported
    at a ``free``."""

    kind: str
    pos: Pos
    message: str
    witness: Optional[Tuple[WitnessStep, ...]] = None
    abstracted: Optional[Pos] = None
    at_free: bool = False


@dataclass(frozen=True)
class PropertyVerdict:
    name: str
    verdict: str
    violated: Optional[str] = None
    reason: Optional[str] = None
    findings: Tuple[Alarm, ...] = ()
    witness: Tuple[WitnessStep, ...] = ()


@dataclass(frozen=True)
class FileVerdict:
    """What ``tvla verify`` found in one file; ``error`` is set when the file could not be analysed at all."""

    file: str
    properties: Tuple[PropertyVerdict, ...]
    seconds: float = 0.0
    error: Optional[str] = None
    structures: Tuple[Tuple[int, int], ...] = ()   # (C line, structures stored before its statements)
    unsupported: Tuple[Tuple[Pos, str], ...] = ()   # every construct outside the subset ("unsupported: ...")
    source: Tuple[str, ...] = field(default=(), compare=False, repr=False)   # the C file's lines
    expected: Tuple[Tuple[str, str], ...] = ()   # (property, verdict) a task file expects (tvla.cfront.tasks)


def kinds_of(prop: str) -> Tuple[str, ...]:
    """The message prefixes (violation kinds) of a property."""
    return (prop,) if is_sorted_property(prop) else SUBPROPERTIES[prop]


def decide(prop: str, alarms: Sequence[Alarm], unsupported: Sequence[Tuple[Pos, str]],
           limit: Optional[str], cuts: Sequence[Tuple[Pos, str]] = ()) -> PropertyVerdict:
    """The verdict of ``prop`` from all alarms of the run, the unsupported constructs, the limit hit
    (if any) and where the program's paths were cut (then no ``true``)."""
    mine = tuple(a for a in alarms if a.kind in kinds_of(prop))
    witnessed = [a for a in mine if a.witness is not None and a.abstracted is None]
    if witnessed and not unsupported:
        first = min(witnessed, key=_first_reported)
        return PropertyVerdict(prop, FALSE, first.kind, None, mine, first.witness or ())
    if unsupported:
        pos, what = unsupported[0]
        return PropertyVerdict(prop, UNKNOWN, None, f"{pos}: {what}", mine)
    stopped = f"the analysis stopped early ({limit})" if limit else ""
    if mine:
        return PropertyVerdict(prop, UNKNOWN, None, "; ".join(filter(None, [stopped, _no_witness_reason(mine)])),
                               mine)
    if limit:
        return PropertyVerdict(prop, UNKNOWN, None, stopped)
    if cuts:
        pos, what = cuts[0]
        return PropertyVerdict(prop, UNKNOWN, None, f"{pos}: {what}; no violation on the paths followed")
    return PropertyVerdict(prop, TRUE)


def _first_reported(alarm: Alarm) -> Tuple[bool, int]:
    """The order in which witnessed violations are reported: the one whose witness is shorter (it
    happens first), but a leak at a ``free`` after an invalid dereference or free: ``free(l); l =
    l->next;`` loses l's successors at the free in the abstraction, and C reads the freed cell
    right after it.  A leak elsewhere (``l->next->val = l->val`` loses a cell) comes first when it
    does (as Valgrind and LeakSanitizer report it, before a later double free)."""
    return alarm.kind == "valid-memtrack" and alarm.at_free, len(alarm.witness or ())


def _no_witness_reason(alarms: Sequence[Alarm]) -> str:
    through = [a for a in alarms if a.witness is not None and a.abstracted is not None]
    if through:
        a = through[0]
        return (f"{a.pos}: {a.kind} alarm; its witness passes {a.abstracted}, where the analysis does not follow "
                "C exactly (an abstracted value or memory), so it may not be an execution of the C program")
    return f"{alarms[0].pos}: {alarms[0].kind} alarm without a concrete witness within the bound (it may be false)"


def exit_status(files: Sequence[FileVerdict]) -> int:
    """0: every property true; 1: some false; 3: otherwise unknown; 2: some file could not be read."""
    verdicts = [p.verdict for f in files for p in f.properties]
    if any(f.error for f in files):
        return 2
    if FALSE in verdicts:
        return 1
    if UNKNOWN in verdicts:
        return 3
    return 0
