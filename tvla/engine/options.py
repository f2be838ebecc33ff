"""Analysis options: one frozen value, its defaults, validation and TVLA spellings.

Every front end (each ``tvla`` subcommand, the Python API, the benchmark)
builds its :class:`Options` with :func:`build_options`; everything downstream
(loading, compiling, the fixpoint, the writers) receives it and never
re-interprets option strings.  TVLA's properties-file keys and their meaning
are listed once, in :data:`PROPERTIES`; the defaults are the field defaults.
See docs/engine.md for what each option does.
"""

import os
import re
from dataclasses import asdict, dataclass, field, replace
from functools import partial
from typing import Any, Callable, Dict, Iterable, Mapping, Optional, Tuple, Union

from tvla.engine.join import JOINS, Join
from tvla.errors import TvlaError
from tvla.lang.preprocess import parse_command_define

SAVES = ("all", "back", "ext")
# TVLA's grammar of -action: optional focus and coerce, then precondition and
# update, then optional coerce and blur (Engine.java rejects everything else).
ACTION_ORDER = re.compile(r"f?c?puc?b?")


def parse_bool(text: object) -> bool:
    """A properties-file boolean: ``true`` or ``false``, as TVLA spells them (it refuses
    anything else, ``TRUE``, ``yes`` or an empty value included: "invalid format")."""
    word = str(text).strip()
    if word not in ("true", "false"):
        raise TvlaError(f"expected true or false, not {word!r}")
    return word == "true"


CONC_NODES = 50   # -join conc without --max-nodes: the nodes a store may add to the largest input


@dataclass(frozen=True)
class Options:
    """Everything that changes what an analysis computes, plus how it is loaded."""

    join: str = "part"                    # a name of JOINS: rel | part | ind | conc (see join_strategy)
    action_order: str = "fcpucb"          # letters of the action pipeline
    max_structures: Optional[int] = None  # -ms: stop after this many stored structures
    max_messages: Optional[int] = None    # -mm: stop after this many distinct messages
    max_nodes: Optional[int] = None       # stop when a structure to store has more nodes
    save: str = "all"                     # all | back | ext: locations that store structures
    differencing: bool = True             # derive updates of instrumentation predicates
    guarded_deltas: bool = True           # ... with TVLA's deltas under E (differencing.Differencer)
    automatic: bool = True                # automatic constraints (closure of the rules)
    spec_closure: bool = False            # ... of the spec's own %r rules too (TVLA: as written)
    post_order: bool = False              # visit locations in post order (-post)
    subsumption: Optional[bool] = None    # drop structures that embed into another stored one
                                          # (None: yes for the part and ind joins)
    witness: bool = False                 # search a concrete trace for every message
    witness_nodes: int = 5                # ... among stores of at most this many nodes
    witness_steps: int = 300              # ... and traces of at most this many CFG steps
    witness_states: int = 5000           # ... following at most this many concrete states
    break_on_coerce_failure: bool = True  # a breach found by the coerce after an update stops the run
    termination: bool = False             # -td: termination analysis after the fixpoint
    defines: Tuple[Tuple[str, str], ...] = ()   # preprocessor macros given with -D
    search_path: Tuple[str, ...] = ()            # -path directories
    workers: int = field(default=1, compare=False)   # processes applying actions (2: a helper, tvla.engine.parallel)
    ignored_properties: Tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        if self.join not in JOINS:
            raise TvlaError(f"unknown join '{self.join}' (expected one of {', '.join(JOINS)})")
        if self.save not in SAVES:
            raise TvlaError(f"unknown -save mode '{self.save}' (expected one of {', '.join(SAVES)})")
        order = self.action_order
        if not ACTION_ORDER.fullmatch(order):
            raise TvlaError(f"bad action order '{order}' (TVLA's form: [f][c]pu[c][b], e.g. fcpucb)")
        for name, flag in (("max_structures", "-ms"), ("max_messages", "-mm"), ("max_nodes", "--max-nodes"),
                           ("witness_nodes", "--witness-nodes"), ("witness_steps", "--witness-steps"),
                           ("witness_states", "--witness-states")):
            value = getattr(self, name)
            if value is not None and (not isinstance(value, int) or value < 0):
                raise TvlaError(f"{flag} takes a number of at least 0, not {value!r}")
        if not isinstance(self.workers, int) or self.workers < 1:
            raise TvlaError(f"--workers takes a number of at least 1, not {self.workers!r}")

    def node_bound(self, largest_input: int) -> Optional[int]:
        """The most nodes a structure to store may have: ``max_nodes``, else, under ``conc`` (no
        blur: a loop that allocates meets ever larger stores, forever), :data:`CONC_NODES` more
        than the largest input structure has."""
        if self.max_nodes is not None:
            return self.max_nodes
        return largest_input + CONC_NODES if self.join == "conc" else None

    @property
    def join_strategy(self) -> Join:
        """The :class:`~tvla.engine.join.Join` that ``join`` names."""
        return JOINS[self.join]

    @property
    def pipeline(self) -> str:
        """The action order actually run.  As in TVLA, ``b`` is implied: every join
        that blurs blurs after each action, and one that does not (conc) never does."""
        return self.action_order.replace("b", "") + ("b" if self.join_strategy.blurs else "")

    @property
    def subsumes(self) -> bool:
        """Whether locations drop structures subsumed by others (see ``subsumption``):
        by default under the part and ind joins, never under conc."""
        strategy = self.join_strategy
        if self.subsumption is None:
            return strategy.subsumes_by_default
        return self.subsumption and strategy.may_subsume

    @property
    def blurs(self) -> bool:
        return self.join_strategy.blurs

    def with_properties(self, props: Mapping[str, str]) -> "Options":
        """These options overridden by a TVLA properties mapping (key -> text)."""
        out = self
        for key in props:
            if key == EXTERNAL_MACROS:   # TVLA's -D appends to this list: the command line's come after
                macros = property_value(props, key, _macros)
                out = replace(out, defines=macros + out.defines)
                continue
            spec = PROPERTIES.get(key)
            if spec is not None:
                # the value is checked by its converter, then by Options itself (a join kind)
                out = property_value(props, key, partial(_with_value, out, *spec))
        ignored = tuple(sorted(k for k in props if k not in PROPERTIES and k not in IGNORED_QUIETLY
                               and k != EXTERNAL_MACROS))
        return replace(out, ignored_properties=self.ignored_properties + ignored)

    def to_json(self) -> Dict[str, Any]:
        """The options as data (for reports)."""
        out = asdict(self)
        out["defines"] = {k: v for k, v in self.defines}
        out["search_path"] = list(self.search_path)
        del out["ignored_properties"]
        del out["termination"]  # the result's own "termination" entry says it ran
        del out["workers"]  # how it ran, not what it computed: the results are the same
        return out


def property_value(props: Mapping[str, str], key: str, convert: Callable[[str], Any]) -> Any:
    """``convert`` of the value of ``key`` (present in ``props``); its error is located at
    the key when ``props`` knows where the key is written."""
    try:
        return convert(props[key])
    except TvlaError as e:
        where = props.where if isinstance(props, Properties) else {}
        if key not in where or e.file is not None:
            raise
        message = e.message if e.message.startswith(key) else f"{key}: {e.message}"
        raise TvlaError(message, *where[key]) from None


def _macros(text: str) -> Tuple[Tuple[str, str], ...]:
    """The macros of ``tvla.parser.externalMacros``: whitespace-separated, each as ``-D`` spells it."""
    return tuple(parse_command_define(m) for m in text.split())


def _with_value(options: "Options", name: Optional[str], convert: Callable[[str], Any], text: str) -> "Options":
    """``options`` with field ``name`` set to ``convert(text)`` (only checked when ``name`` is None)."""
    value = convert(text)
    return options if name is None else replace(options, **{name: value})


def _str(value: object) -> str:
    return str(value).strip()


# the values of tvla.engine.type that name TVLA's plain (sequential) engine
PLAIN_ENGINES = ("tvla", "plain", "intra", "")


def plain_engine(value: object) -> None:
    """Check ``tvla.engine.type``: only the plain engine is implemented."""
    if _str(value).lower() not in PLAIN_ENGINES:
        raise TvlaError(f"tvla.engine.type = {_str(value)}: only the plain engine (tvla) is supported, "
                        "not the multithreaded, interprocedural or decomposition engines")
    return None


# TVLA property key -> (Options field or None: only checked, converter)
PROPERTIES: Dict[str, Tuple[Optional[str], Callable[[Any], Any]]] = {
    "tvla.joinType": ("join", _str),
    "tvla.engine.actionOrder": ("action_order", _str),
    "tvla.generateAutomaticConstraints": ("automatic", parse_bool),
    "tvla.coerce.specRuleClosure": ("spec_closure", parse_bool),   # this engine's own key
    "tvla.differencing.difference": ("differencing", parse_bool),
    "tvla.differencing.guardedQuantifiers": ("guarded_deltas", parse_bool),   # this engine's own key
    "tvla.cfg.saveLocations": ("save", _str),
    "tvla.cfg.postOrder": ("post_order", parse_bool),
    "tvla.engine.breakIfCoerceAfterUpdateFailed": ("break_on_coerce_failure", parse_bool),
    "tvla.engine.type": (None, plain_engine),
}

# macros, whitespace-separated, each as -D gives one (NAME, NAME(value), NAME=value)
EXTERNAL_MACROS = "tvla.parser.externalMacros"

# keys that only steer output; the command line reads them itself
IGNORED_QUIETLY = ("tvla.terse",)


class Properties(Dict[str, str]):
    """Properties by key (later keys win), with where each value is written: ``where[key]``
    is (file, line, column) of the key, for errors about the value."""

    def __init__(self) -> None:
        super().__init__()
        self.where: Dict[str, Tuple[str, int, int]] = {}

    def merge(self, other: Mapping[str, str]) -> None:
        """Add ``other``'s keys (and positions), overriding these."""
        self.update(other)
        for key in other:
            self.where.pop(key, None)
        if isinstance(other, Properties):
            self.where.update(other.where)


LINE_END = re.compile(r"\r\n|\r|\n")


def read_properties(path: str) -> Properties:
    """A Java properties file (``key = value``, ``key: value``, ``#``/``!`` comments)."""
    import javaproperties  # pulls in urllib and http (40 ms): only when a properties file exists
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            out, line = Properties(), 1
            for entry in javaproperties.parse(fh):
                if isinstance(entry, javaproperties.KeyValue):
                    out[entry.key] = entry.value
                    out.where[entry.key] = (path, line, len(entry.source) - len(entry.source.lstrip()) + 1)
                line += len(LINE_END.findall(entry.source))
            return out
    except OSError as e:
        raise TvlaError(f"cannot read properties file {path}: {e.strerror}", path, 1, 1) from None
    except ValueError as e:
        raise TvlaError(f"malformed properties file: {e}", path, 1, 1) from None


def program_properties(program_path: str) -> Properties:
    """TVLA reads ``PROGRAM.properties`` beside the program before any ``-props`` file."""
    path = os.path.splitext(program_path)[0] + ".properties"
    return read_properties(path) if os.path.isfile(path) else Properties()


def gather_properties(program_path: Optional[str] = None, props: Optional[str] = None) -> Properties:
    """``PROGRAM.properties`` beside ``program_path`` (when given), then the ``props``
    file (``-props``, when given); later keys win."""
    out = Properties()
    if program_path:
        out.merge(program_properties(program_path))
    if props:
        out.merge(read_properties(props))
    return out


Defines = Union[Dict[str, str], Iterable[Union[str, Tuple[str, str]]]]
"""Macros as a mapping (name -> value), or in order as ``(name, value)`` pairs or the
command line's ``NAME``, ``NAME(value)``, ``NAME=value``."""


def _defines(defines: Defines) -> Tuple[Tuple[str, str], ...]:
    """Macros as ``((name, value), ...)`` from a dict (sorted by name), ``(name, value)``
    pairs, or the command line's ``NAME``, ``NAME(value)``, ``NAME=value`` (in order)."""
    if isinstance(defines, dict):
        return tuple(sorted(defines.items()))
    return tuple(parse_command_define(d) if isinstance(d, str) else (d[0], d[1]) for d in defines)


def build_options(program_path: Optional[str] = None, *, props: Optional[str] = None,
                  defines: Optional[Defines] = None, search_path: Optional[Iterable[str]] = None,
                  options: Optional[Options] = None, **flags: Any) -> Options:
    """The :class:`Options` of a run; the one way every front end builds them.

    Later sources win: ``options`` (default: the defaults); ``PROGRAM.properties``
    beside ``program_path``, when a path is given (the command line gives it, as
    TVLA reads that file; the Python API does not); the properties file ``props``
    (``-props``); ``defines`` (see :func:`_defines`) and ``search_path``, when given;
    then each other field of :class:`Options` in ``flags`` whose value is not None
    (None: the flag was not given)."""
    base = options or Options()
    if defines is not None:
        base = replace(base, defines=_defines(defines))
    if search_path is not None:
        base = replace(base, search_path=tuple(search_path))
    base = base.with_properties(gather_properties(program_path, props))
    return replace(base, **{k: v for k, v in flags.items() if v is not None})
