"""What an analysis computed, as plain values that writers read.

A :class:`Result` holds the stored structures of every location, the
messages with the structures that triggered them, one :class:`Check` per CFG
edge whose action has a ``%message``, the overall verdict, what became of the
input structures, warnings, the options used and the time per phase.  The
engine computes all of it; the text, JSON, TVS, DOT and HTML writers read a
``Result`` and nothing else.  The JSON form is documented in docs/json.md.

Results are values: a :class:`Result` and its records are frozen, and a
witness search (``tvla analyze --witness``) gives a new ``Result`` whose
messages carry their :class:`Witness` or :class:`NoWitness`
(:func:`with_witnesses`).  The witness types are data only: the search is
``tvla.concrete.witness``, their text, JSON and drawings
``tvla.output.witness_view``.
"""

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple, Union

from tvla.lang.program import Edge
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Vocabulary

if TYPE_CHECKING:  # the writers read a Result, never the engine's options module
    from tvla.engine.options import Options

WitnessJson = Callable[[Union["Witness", "NoWitness"]], Any]
"""The JSON of a searched witness (``tvla.output.witness_view.witness_json``)."""

PHASES = ("focus", "coerce", "precondition", "update", "blur", "join")

PROVED, ALARM, UNREACHED = "proved", "alarm", "unreached"


@dataclass(frozen=True)
class Trigger:
    """A stored structure on which a message fires, and where.

    ``index`` is the structure's position in ``Result.locations[location]``;
    ``binding`` assigns the message formula's quantified variables to nodes
    (``(("v", 2),)``); ``nodes`` and ``tuples`` (``(pred, node tuple)``) are
    the parts of the structure that make the formula hold (the culprit)."""

    index: int
    binding: Tuple[Tuple[str, int], ...] = ()
    nodes: Tuple[int, ...] = ()
    tuples: Tuple[Tuple[str, Tuple[int, ...]], ...] = ()

    def to_json(self) -> Dict[str, Any]:
        return {"structure": self.index, "binding": {v: f"u{u}" for v, u in self.binding},
                "nodes": [f"u{u}" for u in self.nodes],
                "tuples": [[p, [f"u{u}" for u in t]] for p, t in self.tuples]}


@dataclass(frozen=True)
class Step:
    """One step of a witness: the concrete store at a location and the CFG edge taken from it."""

    location: str
    store: Structure  # a concrete store
    names: Tuple[str, ...]  # name of each node of the store
    edge: Edge  # the CFG edge taken from the location


@dataclass(frozen=True)
class Witness:
    """A concrete trace from the entry that shows a message: its last step is at the
    message's location, and its edge is the one whose action reports the message."""

    nodes: int  # the largest store of the trace (the smallest K that finds it)
    steps: Tuple[Step, ...]
    voc: Vocabulary = field(compare=False, repr=False)
    breaking: Tuple[int, ...] = ()  # nodes of the last store that make the message hold


@dataclass(frozen=True)
class NoWitness:
    """The search ran and found no witness within the bound (the alarm may be false)."""

    nodes: int
    steps: int
    states: Optional[int] = None   # the search stopped after following this many states (None: all within the bound)


@dataclass(frozen=True)
class MessageRecord:
    """One distinct message reported at a location by an action."""

    location: str
    action: str          # the action's title (%t)
    text: str
    count: int = 0       # times it was reported (a structure re-processed after a join counts again)
    structures: int = 0  # stored structures of its location on which it fired (TVLA's count)
    label: str = ""      # the action as written in the CFG, e.g. Get_Next_L(t, t)
    target: str = ""     # the target location of the edge that reports it
    triggers: Tuple[Trigger, ...] = ()
    witness: Optional[Union[Witness, NoWitness]] = None   # once a search ran
    file: str = ""       # where the edge that reports it is written (the TVP file and line)
    line: int = 0

    def to_json(self, witness_json: Optional[WitnessJson] = None) -> Dict[str, Any]:
        """The message as data; ``witness_json(witness)`` gives the JSON of a searched
        witness (``tvla.output.witness_view.witness_json``), without it ``null``."""
        witness = witness_json(self.witness) if witness_json is not None and self.witness is not None else None
        return {"location": self.location, "action": self.action, "label": self.label,
                "file": self.file, "line": self.line,
                "text": self.text, "count": self.count, "structures": self.structures,
                "triggers": [t.to_json() for t in self.triggers], "witness": witness}


@dataclass(frozen=True)
class Check:
    """A CFG edge whose action has a ``%message``, and what became of it."""

    location: str
    target: str
    action: str          # label as written in the CFG
    title: str
    message: str         # the texts of its messages ("; "-joined); those that fired for an alarm
    status: str          # proved | alarm | unreached
    count: int = 0       # stored structures on which a message fired
    file: str = ""       # where the edge is written (the TVP file and line)
    line: int = 0

    def to_json(self) -> Dict[str, Any]:
        return {"location": self.location, "action": self.action, "title": self.title,
                "file": self.file, "line": self.line,
                "message": self.message, "status": self.status}


@dataclass(frozen=True)
class EdgeRecord:
    source: str
    target: str
    label: str
    title: str
    file: str = ""       # where the edge is written
    line: int = 0

    def stop_json(self, what: Dict[str, Any]) -> Dict[str, Any]:
        """The JSON of a stop on this edge (:class:`Breach`, :class:`Runaway`): the edge, ``what``
        stopped there, then where the edge is written."""
        return {"location": self.source, "target": self.target, "action": self.label, "title": self.title,
                **what, "file": self.file, "line": self.line}


def written(record: Union[MessageRecord, Check, EdgeRecord]) -> str:
    """``FILE:LINE: `` of the CFG line a message, check or edge comes from (compiler style), or
    nothing for one the engine made."""
    return f"{record.file}:{record.line}: " if record.file else ""


@dataclass(frozen=True)
class Breach:
    """Where the coerce after an update found a broken rule, which stopped the run
    (TVLA's "constraint was breached during the operation of Coerce, after Update"):
    the edge and the rule, as :meth:`~tvla.engine.coerce.Rule.described` says it."""

    edge: EdgeRecord
    rule: str

    def to_json(self) -> Dict[str, Any]:
        return self.edge.stop_json({"rule": self.rule})

    def __str__(self) -> str:
        return f"{written(self.edge)}{self.edge.source}: constraint breached after {self.edge.title!r}: {self.rule}"


@dataclass(frozen=True)
class Runaway:
    """Where a focus kept materializing, which stopped the run (TVLA stops with "Focusing on
    predicate p will cause an infinite number of structures"): the edge, the formula and how
    far one structure grew (:class:`~tvla.engine.focus.FocusUnbounded`)."""

    edge: EdgeRecord
    formula: str
    before: int          # nodes of the structure focused
    after: int           # nodes of the structure it made when it stopped

    def to_json(self) -> Dict[str, Any]:
        return self.edge.stop_json({"formula": self.formula, "nodes_before": self.before, "nodes_after": self.after})

    def __str__(self) -> str:
        return (f"{written(self.edge)}{self.edge.source}: focus on '{self.formula}' of {self.edge.title!r} kept "
                f"materializing (a structure grew from {self.before} to {self.after} nodes): it has no finite "
                "set of definite structures there")


@dataclass(frozen=True)
class DroppedInput:
    index: int           # 1-based position in the input file
    reason: str          # the rule it violates

    def to_json(self) -> Dict[str, Any]:
        return {"structure": self.index, "reason": self.reason}


@dataclass(frozen=True)
class InputSummary:
    given: int = 0
    used: int = 0
    dropped: Tuple[DroppedInput, ...] = ()
    completed: Tuple[str, ...] = ()   # instrumentation predicates computed from definitions
    # what completion and the consistency rules changed in a structure that was kept,
    # said to the user: "structure 3: summary node u1 became a single node ..."
    changes: Tuple[str, ...] = ()

    def to_json(self) -> Dict[str, Any]:
        return {"given": self.given, "used": self.used,
                "dropped": [d.to_json() for d in self.dropped], "completed": list(self.completed),
                "changes": list(self.changes)}


@dataclass(frozen=True)
class TransitionRecord:
    """An abstract transition of the termination analysis: the structure ``source``
    (location, index) goes to ``target`` by CFG edge number ``edge``."""

    source: Tuple[str, int]
    target: Tuple[str, int]
    edge: int


@dataclass(frozen=True)
class TerminationLoop:
    """A cycle of abstract transitions on which no progress was shown."""

    locations: Tuple[str, ...]      # in CFG order
    structure: Tuple[str, int]      # one structure of the loop (location, index)
    structures: int                 # how many structures the loop goes through
    actions: Tuple[str, ...]        # the actions of its transitions, as written in the CFG

    def to_json(self) -> Dict[str, Any]:
        return {"locations": list(self.locations),
                "structure": {"location": self.structure[0], "index": self.structure[1]},
                "structures": self.structures, "actions": list(self.actions)}


@dataclass(frozen=True)
class Termination:
    """The verdict of ``-td``: ``terminating`` or ``possibly non-terminating``."""

    verdict: str
    loops: Tuple[TerminationLoop, ...]
    transitions: Tuple[TransitionRecord, ...] = field(repr=False)
    reason: Optional[str] = None    # why no proof was attempted (a run stopped early)

    def to_json(self) -> Dict[str, Any]:
        return {"verdict": self.verdict, "loops": [lp.to_json() for lp in self.loops],
                "transitions": len(self.transitions), "reason": self.reason}


@dataclass(frozen=True)
class Result:
    """The outcome of one analysis run."""

    program: str
    input: str
    options: "Options"
    vocabulary: Vocabulary
    locations: Dict[str, List[Structure]]  # location -> structures (store order)
    order: List[str]                   # locations in CFG order
    edges: List["EdgeRecord"]          # in CFG order
    printed: List[str]                 # locations the program asks to print
    messages: List[MessageRecord]      # in order of first report
    checks: List["Check"]              # in CFG order
    reached: FrozenSet[str]            # locations some structure reached
    inputs: "InputSummary"
    seconds: Dict[str, float]          # phase -> seconds
    total_seconds: float
    limit_hit: Optional[str] = None    # max-structures | max-messages | max-nodes | interrupted | coerce-failed | memory | focus-unbounded
    warnings: List[str] = field(default_factory=list)
    version: str = ""
    # the input structures as the run started from them (completed, coerced, blurred,
    # duplicates removed): the witness search and the self-check start there too
    prepared_inputs: Tuple[Structure, ...] = field(default=(), repr=False)
    termination: Optional[Termination] = None  # with -td
    breach: Optional[Breach] = None    # with limit_hit coerce-failed
    runaway: Optional[Runaway] = None  # with limit_hit focus-unbounded

    @property
    def voc(self) -> Vocabulary:
        return self.vocabulary

    @property
    def join(self) -> str:
        return self.options.join

    @property
    def total_structures(self) -> int:
        return sum(len(v) for v in self.locations.values())

    @property
    def total_messages(self) -> int:
        """Distinct messages (location, action, text)."""
        return len(self.messages)

    @property
    def total_message_structures(self) -> int:
        """Messages counted per structure, as TVLA counts them."""
        return sum(m.structures for m in self.messages)

    @property
    def verdict(self) -> str:
        """proved | alarms | vacuous | incomplete (stopped at a limit without an alarm)."""
        if self.messages:  # every message is an alarm, whichever check it belongs to
            return "alarms"
        if self.limit_hit:
            return "incomplete"
        # nothing checked proves nothing: no input, no check at all, or no check reached
        if self.inputs.used == 0 or all(c.status == UNREACHED for c in self.checks):
            return "vacuous"
        return "proved"

    def messages_at(self, location: str) -> List[MessageRecord]:
        return [m for m in self.messages if m.location == location]

    def max_nodes(self, location: str) -> int:
        return max((s.n for s in self.locations.get(location, [])), default=0)

    def witness(self, message: MessageRecord) -> Optional[Union[Witness, NoWitness]]:
        """The concrete trace found for ``message`` (None: none searched or none found)."""
        return message.witness

    def to_json(self, witness_json: Optional[WitnessJson] = None) -> Dict[str, Any]:
        """The JSON form (docs/json.md); ``witness_json`` as for :meth:`MessageRecord.to_json`."""
        return {
            "tool": "tvla", "version": self.version,
            "program": self.program, "input": self.input, "join": self.options.join,
            "options": self.options.to_json(),
            "verdict": self.verdict,
            "checks": [c.to_json() for c in self.checks],
            "inputs": self.inputs.to_json(),
            "warnings": list(self.warnings),
            "locations": {loc: self.location_json(loc) for loc in self.order},
            "messages": [m.to_json(witness_json) for m in self.messages],
            "total_structures": self.total_structures,
            "total_messages": self.total_messages,
            "total_message_structures": self.total_message_structures,
            "analysis_seconds": round(self.total_seconds, 3),
            "phase_seconds": {ph: round(self.seconds.get(ph, 0.0), 3) for ph in PHASES},
            "limit_hit": self.limit_hit,
            "breach": self.breach.to_json() if self.breach is not None else None,
            "runaway": self.runaway.to_json() if self.runaway is not None else None,
            **({"termination": self.termination.to_json()} if self.termination is not None else {}),
        }

    def location_json(self, loc: str) -> Dict[str, Any]:
        return {"structures": len(self.locations.get(loc, [])), "max_nodes": self.max_nodes(loc),
                "messages": len(self.messages_at(loc)),
                "message_structures": sum(m.structures for m in self.messages_at(loc)),
                "reached": loc in self.reached}


def with_witnesses(result: Result, found: Sequence[Union[Witness, NoWitness]]) -> Result:
    """A copy of ``result`` whose messages carry ``found``: a :class:`Witness` or
    :class:`NoWitness` for each message, in order."""
    if len(found) != len(result.messages):
        raise ValueError(f"{len(found)} witnesses for {len(result.messages)} messages")
    return replace(result, messages=[replace(m, witness=w) for m, w in zip(result.messages, found)])
