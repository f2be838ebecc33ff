"""``tvla verify``: C files in, verdicts per property out.

For each file: parse and lower it (:mod:`tvla.cfront.lower`), generate the
TVP program over its predicate library (:mod:`tvla.cfront.translate`), run
the analysis with the witness search on, turn every message into a C finding
(:class:`~tvla.cfront.verdict.Alarm`: its kind, its source position, and its
witness as source lines with the store before each step), and decide each
property (:func:`tvla.cfront.verdict.decide`).  Several files run in parallel
processes, one per core.
"""

import multiprocessing
import os
import re
import resource
import shutil
import signal
import tempfile
import time
from multiprocessing.connection import Connection, wait
from multiprocessing.context import ForkContext
from multiprocessing.process import BaseProcess
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Callable, Dict, FrozenSet, List, Mapping, Optional, Sequence, Set, Tuple, Union, cast

from tvla.cfront import ir
from tvla.cfront.library import ABSTRACTED, Precision
from tvla.cfront.liveness import ints_live_at
from tvla.cfront.tasks import TASK_SUFFIXES, Task, is_task_file, named_input, read_task
from tvla.cfront.verdict import FALSE, TRUE, UNKNOWN, Alarm, FileVerdict, PropertyVerdict, WitnessStep, decide
from tvla.concrete.csearch import CONCRETE_PROPERTIES, ConcreteSearch
from tvla.engine.memory import out_of_memory
from tvla.engine.options import Options, build_options
from tvla.engine.results import MessageRecord, NoWitness, Result, Witness, with_witnesses
from tvla.errors import TvlaError
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Vocabulary

if TYPE_CHECKING:  # imported where used, for start-up time
    from tvla.cfront.translate import Translation

__all__ = ["VerifyOptions", "verify_file", "verify_files", "c_files", "write_translation"]

C_SUFFIXES = (".c", ".i")
GRACE = 10.0   # seconds a worker gets past its time limit to stop cleanly before it is killed


@dataclass(frozen=True)
class VerifyOptions:
    """How ``tvla verify`` runs: the properties, the engine options, the witness bounds."""

    properties: Tuple[str, ...]
    malloc_may_fail: bool = False
    witness_nodes: Optional[int] = None   # None: 8, or more for a program that counts further
    witness_steps: int = 300
    witness_states: int = 5000
    max_structures: Optional[int] = None
    timeout: Optional[float] = 120.0
    memory_mb: Optional[int] = 4096
    concrete: bool = True   # concrete runs of the C program (tvla.concrete.csearch) may make a property false
    scratch: Optional[str] = None   # where the generated files go; None: the system's temporary directory
    data_model: Optional[str] = None   # ILP32 or LP64; None: the file's (tvla.cfront.parse.data_model_args)
    workers: int = 1   # processes per analysis (Options.workers): verify_files sets it (workers_beside)

    def engine_options(self, cprog: Optional[ir.CProgram] = None, witness: bool = True) -> Options:
        nodes = self.witness_nodes if self.witness_nodes is not None else witness_nodes(cprog)
        # the generated library's rules are meant with their contrapositives, and its updates
        # derived with unguarded deltas (LIBRARY_PROPERTIES)
        return build_options(witness=witness, witness_nodes=nodes, witness_steps=self.witness_steps,
                             witness_states=self.witness_states, max_structures=self.max_structures,
                             spec_closure=True, guarded_deltas=False, workers=self.workers)


# 8: a generic create(insert) that inserts twice before its loop, called for a list of lists, needs
# 6 cells before any leak; the search follows smaller stores first, so a larger bound costs only
# where those are exhausted (and --witness-states bounds it)
MIN_WITNESS_NODES, MAX_WITNESS_NODES = 8, 16


def witness_nodes(cprog: Optional[ir.CProgram]) -> int:
    """The largest store a witness may use by default: 8 cells, or the largest value a counter of
    the program keeps, plus 2 (a loop that builds 10 cells and errs at the ninth needs 10), at most 16."""
    counted = [abs(v) + 2 for iv in (cprog.ints if cprog else ()) if iv.other for v in iv.values]
    return max([MIN_WITNESS_NODES] + [min(n, MAX_WITNESS_NODES) for n in counted])


def c_files(paths: Sequence[str]) -> List[str]:
    """The files named (C files or task files), a directory standing for the files below it
    (:func:`walk`)."""
    out: List[str] = []
    for p in paths:
        out += walk(p) if os.path.isdir(p) else [p]
    return out


def walk(directory: str) -> List[str]:
    """The files below ``directory`` to verify, sorted, recursively: its task files (a YAML file
    naming ``input_files``; other YAML files are left alone) and the ``.c``/``.i`` files no task
    names (a task stands for its C file, so a competition's directory verifies each task once)."""
    found: List[str] = []
    for d, dirs, fs in os.walk(directory):
        dirs.sort()
        found += [os.path.join(d, f) for f in sorted(fs) if f.endswith(C_SUFFIXES + TASK_SUFFIXES)]
    inputs = {p: named_input(p) for p in found if is_task_file(p)}
    named = {os.path.normpath(f) for f in inputs.values() if f is not None}
    return [p for p in found if (inputs[p] is not None if p in inputs else os.path.normpath(p) not in named)]


def lower(path: str, opts: VerifyOptions, final_kills: bool = True) -> ir.CProgram:
    from tvla.cfront.lower import lower_file
    return lower_file(path, malloc_may_fail=opts.malloc_may_fail, final_kills=final_kills,
                      data_model=opts.data_model)


def write_translation(cprog: ir.CProgram, properties: Sequence[str], out_dir: str,
                      precision: Precision = Precision()) -> Tuple["Translation", str, str]:
    """Write PROGRAM.tvp and PROGRAM.tvs (the generated program and its input) into ``out_dir``;
    return the translation and the two paths."""
    from tvla.cfront.translate import translate
    tr = translate(cprog, tuple(properties), precision)
    base = re.sub(r"[\x00-\x1f\x7f]", "_", os.path.splitext(os.path.basename(cprog.file))[0]) or "program"
    tvp, tvs = os.path.join(out_dir, base + ".tvp"), os.path.join(out_dir, base + ".tvs")
    props = os.path.join(out_dir, base + ".properties")   # read by tvla analyze beside the program
    for path, text in ((tvp, tr.tvp), (tvs, tr.tvs), (props, LIBRARY_PROPERTIES)):
        with open(path, "w", encoding="utf-8") as fh:
            fh.write(text)
    return tr, tvp, tvs


# the library's updates were tuned with unguarded deltas: guarded ones, more precise on some
# values, make blur merge cells the C programs' proofs keep apart (a list of lists)
LIBRARY_PROPERTIES = ("# the generated library's %r rules hold with their contrapositives\n"
                      "tvla.coerce.specRuleClosure = true\n"
                      "# its updates are derived with unguarded deltas under quantifiers\n"
                      "tvla.differencing.guardedQuantifiers = false\n")


def _abstracted(edge: Optional[ir.Edge], harmless: FrozenSet[ir.Edge]) -> bool:
    return (edge is not None and _abstracted_note(edge) and edge not in harmless)


def _abstracted_note(edge: ir.Edge) -> bool:
    return isinstance(edge.stmt, ir.Nop) and edge.stmt.note.startswith("abstracted")


DATA_WRITES = (ir.SetData, ir.CopyData, ir.LoadData, ir.SwapData, ir.Havoc, ir.CopyInt, ir.Step, ir.ShiftFlag,
               ir.Malloc)
"""Statements whose over-approximation (``Abstracted_...``, a new cell's datum) is in the values
written only: the store's pointers are C's whatever value is chosen."""


@dataclass(frozen=True)
class Abstractions:
    """How the over-approximated edges of a program bear on a witness (see :func:`abstractions`)."""

    harmless: FrozenSet[ir.Edge]      # never matter: they write a field nothing reads
    unobserved: FrozenSet[ir.Edge]    # matter only if a later step of the witness tests a value
    tests: FrozenSet[ir.Edge]         # the edges that branch on a datum or an int variable


def abstractions(cprog: ir.CProgram) -> Abstractions:
    """The :class:`Abstractions` of ``cprog``.  An over-approximated write of a value (a data action
    named ``Abstracted_``, or an ``abstracted`` note before writes of unknown values) may give a
    value no C run gives; a witness through it is still a C execution if no later step branches on
    a value, as pointers and the path do not depend on the values written."""
    after: Dict[str, List[ir.Edge]] = {}
    for e in cprog.edges:
        after.setdefault(e.source, []).append(e)
    writes = {e for e in cprog.edges if isinstance(e.stmt, DATA_WRITES)}
    tests = {e for e in cprog.edges if isinstance(e.stmt, ir.Assume) and not isinstance(e.stmt.cond, (ir.PtrCond, ir.HeadCond))
             or _abstracted_note(e) and len(after[e.source]) > 1}
    notes = {e for e in cprog.edges if _abstracted_note(e) and len(after[e.source]) == 1
             and after.get(e.target) and all(a in writes for a in after[e.target])}
    return Abstractions(harmless_abstractions(cprog, after), frozenset(writes | notes), frozenset(tests))


def harmless_abstractions(cprog: ir.CProgram, after: Dict[str, List[ir.Edge]]) -> FrozenSet[ir.Edge]:
    """The abstracted edges that only write an unknown value into a data field no condition or copy
    ever reads: whatever value the witness picks, every later step takes the same branches, so a
    witness through them is an execution of the C program (``after``: the edges from each node)."""
    read: Set[Optional[str]] = set()
    for e in cprog.edges:
        s = e.stmt.cond if isinstance(e.stmt, ir.Assume) else e.stmt
        if isinstance(s, ir.DataCond):
            read |= {s.lfield, s.rfield}
        elif isinstance(s, ir.CopyData):
            read.add(s.sfield)
        elif isinstance(s, (ir.SwapData, ir.LoadData)):
            read.add(s.field)   # (a register loaded from the field is compared later: d = c->d; d != e)
    out: Set[ir.Edge] = set()
    for e in cprog.edges:
        nxt = [a.stmt for a in after.get(e.target, ())] if _abstracted_note(e) else []
        if nxt and all(isinstance(a, ir.SetData) and a.value is None and a.field not in read for a in nxt):
            out.add(e)
    return frozenset(out)


def _kind(text: str) -> str:
    return text.split(":", 1)[0].strip()


def _witness(message: MessageRecord, tr: "Translation", voc: Vocabulary, ab: Abstractions,
             live: Mapping[str, FrozenSet[str]], words: Mapping[str, Tuple[str, str]],
             functions: Mapping[str, Mapping[int, str]]) -> Tuple[Optional[Tuple[WitnessStep, ...]], Optional[ir.Pos]]:
    """The witness of a message as C steps, and the first over-approximated edge that makes it
    perhaps no C execution (None: none).  An over-approximated write counts only once a later step
    tests a value, or when the violation itself is about values (a sorted list).  A step's store
    shows the values of the int variables ``live`` before it (the others' are no C value), in
    ``words`` (:meth:`tvla.cfront.library.Library.words`)."""
    from tvla.engine.results import NoWitness
    from tvla.output.witness_view import draw_store
    w = message.witness
    if w is None or isinstance(w, NoWitness):
        return None, None
    about_values = _kind(message.text) not in VALUE_FREE_KINDS
    memtrack = _kind(message.text) == "valid-memtrack"
    steps: List[WitnessStep] = []
    abstracted: Optional[ir.Pos] = None
    pending: Optional[ir.Pos] = None   # the first over-approximated write no step has tested yet
    for step in w.steps:
        edge = tr.edge_of(step.edge.source, step.edge.target, step.edge.action.label)
        over = _abstracted(edge, ab.harmless) or step.edge.action.name.startswith(ABSTRACTED)
        if abstracted is None and edge is not None:
            if over and edge in ab.unobserved and not about_values:
                pending = pending or edge.pos
            elif over or pending is not None and edge in ab.tests:
                abstracted = pending or edge.pos
            elif memtrack and _drops_what_c_holds(edge.stmt):
                abstracted = edge.pos   # C still points to what the analysis dropped: maybe no loss in C
        text = edge.text if edge is not None else step.edge.action.title
        pos = edge.pos if edge is not None else None
        if steps and (steps[-1].pos, steps[-1].action) == (pos, text):
            continue   # one C statement is several TVP steps (a store: cut, collect, link; kills after it)
        alive = live.get(edge.source) if edge is not None else None
        shown = {p: (said if alive is None or k in alive else "") for p, (k, said) in words.items()}
        steps.append(WitnessStep(edge.pos if edge is not None else None, text,
                                 c_store(draw_store(step.store, step.names, voc, data_notes(step.store, voc, functions)),
                                         shown)))
    return tuple(steps), abstracted


DATA_KEY = re.compile(r"^(eq|lt)\[(\w+),(\$m?\d+|\w+)\]$")
DATA_ORDER = re.compile(r"^dle\[(\w+)\]$")


def data_notes(store: Structure, voc: Vocabulary,
               functions: Optional[Mapping[str, Mapping[int, str]]] = None) -> Callable[[int], List[str]]:
    """What a witness store says of each cell's int fields, in C words: ``d=3`` (the datum equals a
    constant, or a variable, the program compares it with), ``d<3``, else ``d#1`` (the rank of the
    datum among the cells' data of d, 0 the least) for a field whose data are ordered; a function
    pointer field (a key of ``functions``) by the name of the function its value names
    (``release=release_checked``)."""
    from tvla.logic.heap import ranks, true_tuples
    said: Dict[int, Dict[str, str]] = {}
    below: Dict[Tuple[int, str], List[int]] = {}
    for p in voc.unary:
        m = DATA_KEY.match(p.name) if p.kind == "core" else None
        if m is None:
            continue
        kind, f, key = m.groups()
        value = f"-{key[2:]}" if key.startswith("$m") else key.lstrip("$")
        for (u,) in true_tuples(store, p):
            if kind == "eq":
                named = (functions or {}).get(f, {})
                said.setdefault(u, {})[f] = f"{f}={named.get(int(value), value) if value.isdigit() else value}"
            elif value.lstrip("-").isdigit():
                below.setdefault((u, f), []).append(int(value))
    for (u, f), bounds in below.items():
        said.setdefault(u, {}).setdefault(f, f"{f}<{min(bounds)}")
    for p in voc.binary:
        m = DATA_ORDER.match(p.name) if p.kind == "core" else None
        if m is not None:
            for u, r in enumerate(ranks(store, p)):
                said.setdefault(u, {}).setdefault(m.group(1), f"{m.group(1)}#{r}")
    return lambda u: [said[u][f] for f in sorted(said.get(u, {}))]


VALUE_FREE_KINDS = frozenset({"valid-deref", "valid-free", "valid-memtrack", "memcleanup", "unreach-call"})
"""The violations that do not look at values: whether one happens depends on the path and the pointers."""


def c_store(text: str, words: Optional[Mapping[str, str]] = None) -> str:
    """A drawn store in C words: ``bad[x]`` (x holds no value yet) shows as ``x uninitialised`` instead
    of ``x = NULL``, ``garbage`` as ``a cell was lost``, ``lost[x]`` as x dead with a lost cell, a
    true nullary predicate named in ``words`` as its words there (``x in [1, 9]``; none when they are
    empty); other parts stay as drawn."""
    parts = text.split("; ")
    flags = next((p[len("true: "):].split(", ") for p in parts if p.startswith("true: ")), [])
    bad = [f[4:-1] for f in flags if f.startswith("bad[") and f.endswith("]")]
    out = []
    for p in parts:
        if p.startswith("true: "):
            # a dead register (dead[x]) holds no value: nothing to show
            rest = [f for f in flags if not (f.startswith(("bad[", "dead[")) and f.endswith("]"))]
            rest = ["a cell was lost" if f == "garbage" else
                    f"{f[5:-1]} is dead and only it pointed to a lost cell" if f.startswith("lost[") else
                    (words or {}).get(f, f) for f in rest]
            rest = [f for f in rest if f]
            plain = [f for f in rest if " " in f]
            marks = [f for f in rest if " " not in f]
            out += plain + (["true: " + ", ".join(marks)] if marks else [])
        elif p.endswith(" = NULL"):
            null = [v for v in p[:-len(" = NULL")].split(", ") if v not in bad]
            if null:
                out.append(", ".join(null) + " = NULL")
        else:
            out.append(p)
    if bad:
        out.append(", ".join(bad) + " uninitialised")
    return "; ".join(out)


def alarms_of(result: Result, tr: "Translation", cprog: ir.CProgram) -> List[Alarm]:
    """Every message of the run as an :class:`Alarm` at its C position."""
    out: List[Alarm] = []
    ab = abstractions(cprog)
    live = ints_live_at(cprog)
    words = tr.library.words() if tr.library is not None else {}
    functions = tr.library.functions if tr.library is not None else {}
    for m in result.messages:
        edge = tr.edge_of(m.location, m.target, m.label)
        pos = edge.pos if edge is not None else ir.Pos(cprog.file, 0)
        witness, abstracted = _witness(m, tr, result.vocabulary, ab, live, words, functions)
        at_free = edge is not None and isinstance(edge.stmt, ir.Free)
        out.append(Alarm(_kind(m.text), pos, m.text, witness, abstracted, at_free))
    return sorted(out, key=lambda a: (a.pos, a.kind, a.message))


def _analyse(cprog: ir.CProgram, opts: VerifyOptions, precision: Precision,
             deadline: Optional[float], witness: bool = True, breaks: bool = True,
             exact: bool = False, earlier: Optional[Tuple["Translation", Result]] = None
             ) -> Tuple["Translation", Result]:
    """One run of ``cprog``'s translation, stopped at ``deadline``; with ``witness``, the witness
    search (bounded by its number of states, not by the deadline) follows, also after a run the
    deadline stopped: the alarms found by then may be real.  Without ``breaks``, a constraint
    breach after an update drops the structure instead of stopping the run.  ``exact``: the run
    blurs nothing (join conc) and stops at the first store of more than :data:`EXACT_NODES`
    cells or after :data:`EXACT_STRUCTURES` structures; its witness search follows only when it
    finished, among stores as large as the largest it met, takes the witnesses of ``earlier``
    where that bound is the same (:func:`_earlier_witnesses`), and searches others only if
    :data:`EXACT_SEARCH_TIME` is left before ``deadline``."""
    from tvla.cli.api import attach_witnesses, load, read_inputs, run_loaded
    with tempfile.TemporaryDirectory(prefix="tvla-verify-", dir=opts.scratch) as d:
        tr, tvp, tvs = write_translation(cprog, opts.properties, d, precision)
        engine = replace(opts.engine_options(cprog, witness), break_on_coerce_failure=breaks)
        bound = engine.witness_nodes   # the runs before an exact one searched within it
        if exact:
            most = min(EXACT_STRUCTURES, engine.max_structures or EXACT_STRUCTURES)
            engine = replace(engine, join="conc", max_nodes=EXACT_NODES, max_structures=most)
        try:
            analysis = load(tvp, replace(engine, witness=False))
        except TvlaError as e:   # not the C file's fault: its translation passed a limit of the engine
            raise BeyondLimits(f"the generated analysis passes a limit of the engine: {e.message}") from None
        structures, given = read_inputs(analysis, tvs)
        stop = (lambda: time.monotonic() > deadline) if deadline else None
        result = run_loaded(analysis, structures, given, tvp, tvs, should_stop=stop)
        if witness and result.messages and not (exact and result.limit_hit):
            # a run without blur met every store of every execution: a witness may be as large
            if exact and opts.witness_nodes is None:
                largest = max((result.max_nodes(loc) for loc in result.locations), default=0)
                engine = replace(engine, witness_nodes=max(engine.witness_nodes, largest))
            reused = _earlier_witnesses(result, earlier[1]) \
                if earlier is not None and earlier[0].tvp == tr.tvp and engine.witness_nodes == bound else None
            # past the runs before it, a search could outlast the time limit and lose their verdicts
            late = exact and deadline is not None and deadline - time.monotonic() < EXACT_SEARCH_TIME
            if reused is not None:
                result = with_witnesses(result, reused)
            elif not late:
                result = attach_witnesses(result, analysis.program, engine.witness_nodes, engine.witness_steps,
                                          engine.witness_states)
    return tr, result


class BeyondLimits(Exception):
    """The translation of a C file cannot be analysed (e.g. ``|/{...}`` over 500 pointer variables
    expands past the engine's limit): its properties not settled otherwise are unknown."""


Settled = Callable[[Dict[str, PropertyVerdict]], None]
"""Told, as the verification of a file goes on, the verdicts no later step changes, each once (a
worker sends them to :func:`verify_files`, which gathers them and keeps them if it must kill the
worker at its time limit)."""


def verify_file(path: str, opts: VerifyOptions, tell: Optional[Settled] = None) -> FileVerdict:
    """The verdicts of one C file; a file that cannot be read or parsed gives a FileVerdict with
    ``error`` (:func:`verify_on_stack`, on a deep stack: a program with thousands of variables
    gives the analysis formulae nested as deep)."""
    from tvla.cfront.parse import deep_stack
    return deep_stack(lambda: verify_on_stack(path, opts, tell))


def verify_on_stack(path: str, opts: VerifyOptions, tell: Optional[Settled] = None) -> FileVerdict:
    """The verdicts of one C file (see :func:`verify_file`).

    With data in the cells (:func:`has_data`), memory safety, cleanup and unreach-call may also
    come from a run without the data (:func:`proofs_without_data`): first, within a share of the
    time, when only memory safety and cleanup are asked (a competition task checks one property);
    else after the run with data, in the time it leaves, for those it left unknown at the time
    limit (a search tree whose keys decide reach_error: the run with data does not finish, the one
    without proves memory safety; ids counted from a global and removed by a nondet id: the run with
    data does not finish, the one without proves the reach_error() the list's shape rules out), or
    that it left unknown with an alarm (one the data's abstraction makes, which the run without
    them does not: a sorted insertion into a ring with a sentinel).  The run with data goes first
    where unreach-call is asked: the data may decide it (a sort's order check), and they often
    make the run faster (a tree with parent pointers: 5 s with them, 15 s without).  What
    the runs with summary nodes leave unknown may come from a run without blur (:func:`_exact`).
    Concrete runs of the C program (:func:`concrete_falses`) settle, before the analysis, the
    properties one of the first :data:`FIRST_RUNS` violates, and after it search those it left unknown
    and those whose violation it found: a ``false`` no run repeats is unknown (:func:`unconfirmed`),
    unless some run met a construct the interpreter does not model.  ``tell`` hears the verdicts
    settled so far before each analysis run (those of the runs before, a ``true`` of the analysis)."""
    t0 = time.perf_counter()
    tell = tell or (lambda settled: None)
    deadline = time.monotonic() + opts.timeout if opts.timeout else None
    asked = opts
    settled: Dict[str, PropertyVerdict] = {}
    try:
        cprog = lower(path, opts)
        settled = {**never_reached(cprog, opts), **never_allocated(cprog, opts)}
        runs = ConcreteSearch.of_file(path, opts.malloc_may_fail, opts.data_model) if opts.concrete else None
        settled.update(one_execution(runs, [p for p in opts.properties if p not in settled], opts.timeout))
        settled.update(concrete_falses(runs, [p for p in opts.properties if p not in settled], 0, FIRST_RUNS,
                                       FIRST_SECONDS, opts.witness_steps))
        opts = replace(opts, properties=tuple(p for p in opts.properties if p not in settled))
        if not opts.properties:
            return FileVerdict(path, _in_order(asked, settled), time.perf_counter() - t0,
                               unsupported=cprog.unsupported, source=cprog.source)
        tell(settled)
        verdicts, proved, tr, result = _analysed(cprog, opts, deadline, tell)
        if _memtrack_unsure(cprog, {**{v.name: v for v in verdicts}, **proved}):
            again, also, _, _ = _analysed(lower(path, opts, final_kills=False),
                                          replace(opts, properties=("memsafety",)), deadline, tell)
            found = {**{v.name: v for v in again}, **also}
            verdicts = tuple(found["memsafety"] if v.name == "memsafety" else v for v in verdicts)
            proved = {**proved, **also}
    except BeyondLimits as e:
        return _gave_up(path, asked, str(e), time.perf_counter() - t0, settled)
    except TvlaError as e:
        return FileVerdict(path, (), time.perf_counter() - t0, str(e))
    translated = [v.name for v in verdicts if v.verdict == FALSE and runs is not None and v.name in CONCRETE_PROPERTIES]
    late = concrete_falses(runs, [v.name for v in verdicts if v.verdict == UNKNOWN and v.name not in proved]
                           + translated, FIRST_RUNS, SEARCH_RUNS, _search_time(deadline, opts.timeout),
                           opts.witness_steps, STEERED_RUNS)
    if runs is not None and runs.modeled:
        verdicts = tuple(unconfirmed(v) if v.name in translated and v.name not in late else v for v in verdicts)
    verdicts = _in_order(asked, {**{v.name: v for v in verdicts}, **proved, **settled, **late})
    return FileVerdict(path, verdicts, time.perf_counter() - t0, structures=structures_by_line(result, tr),
                       unsupported=cprog.unsupported, source=cprog.source)


def _analysed(cprog: ir.CProgram, opts: VerifyOptions, deadline: Optional[float], tell: Settled
              ) -> Tuple[Tuple[PropertyVerdict, ...], Dict[str, PropertyVerdict], "Translation", Result]:
    """The analysis' verdicts of ``opts.properties`` (see :func:`verify_on_stack`), those proved by
    a run without data, and the last run with its translation."""
    data = has_data(cprog, opts)
    first = data and all(p in MEMORY for p in opts.properties)
    proved, coarse = proofs_without_data(cprog, opts, deadline) if first else ({}, None)
    rest = replace(opts, properties=tuple(p for p in opts.properties if p not in proved))
    if coarse is not None and not rest.properties:
        return (), proved, coarse[0], coarse[1]
    if coarse is not None and deadline is not None and time.monotonic() >= deadline:
        # the run without data took the time: another would stop at once, after its translation
        late = tuple(decide(p, [], cprog.unsupported, "time limit", cprog.cuts) for p in rest.properties)
        return late, proved, coarse[0], coarse[1]
    then = data and not first and any(p in WITHOUT_DATA for p in opts.properties)
    tell(proved)
    verdicts, tr, result = _precise(cprog, rest, _share(deadline, 1 - COARSE_SHARE) if then else deadline)
    tell({v.name: v for v in verdicts if v.verdict == TRUE})   # no later run changes a proof
    unproved = tuple(v.name for v in verdicts if v.verdict == UNKNOWN and v.name in WITHOUT_DATA)
    if then and unproved:   # at a limit, or an alarm the data make (a sorted ring's sentinel)
        proved, _ = proofs_without_data(cprog, replace(opts, properties=unproved), deadline)
        tell(proved)
    exact = _exact(cprog, rest, verdicts, proved, (tr, result), deadline)
    return (exact[0], proved, exact[1], exact[2]) if exact is not None else (verdicts, proved, tr, result)


def _memtrack_unsure(cprog: ir.CProgram, verdicts: Dict[str, PropertyVerdict]) -> bool:
    """Does memsafety need a run without the kills of variables never used again (``Kill.final``)
    and without forgotten stale fields (``Forget``) and unread fields (``Deref.unread``), which lose
    cells the same way?
    Such a kill drops what the variable reaches from reachability, though the variable still holds
    it: a cell another variable reached too is lost in that run when the other dies, which C does
    not lose (a valid-memtrack alarm whose witness passes such a kill is no C execution:
    :func:`_witness`).  Any other verdict of that run stands: its proofs hold (it loses more,
    never less), a memsafety ``false`` has a witness through no such kill, and a cell only the
    variable reached stays allocated to the end in both (memcleanup)."""
    v = verdicts.get("memsafety")
    return v is not None and v.verdict == UNKNOWN and any(f.kind == "valid-memtrack" for f in v.findings) \
        and any(_drops_what_c_holds(e.stmt) for e in cprog.edges)


def _drops_what_c_holds(s: ir.Statement) -> bool:
    """Does ``s`` drop from reachability cells C still points to: the kill of a variable never used
    again (``Kill.final``), a forgotten stale field (``Forget``), a store into an unread field
    (``Deref.unread``)?"""
    return isinstance(s, ir.Kill) and s.final or isinstance(s, ir.Forget) or isinstance(s, ir.Deref) and s.unread


ONLY_RUN_SECONDS = 10.0   # the run of a program that makes no choice (its one execution)
FIRST_RUNS, FIRST_SECONDS = 300, 4.0   # concrete runs before the analysis: most violations show at once
SEARCH_RUNS, SEARCH_SECONDS = 3000, 10.0   # and after it, for the properties it left unknown
STEERED_RUNS = 2000   # then runs steered by the tests of runs before (a datum a test compares with 4 set to 4)


def one_execution(runs: Optional[ConcreteSearch], properties: Sequence[str], timeout: Optional[float]
                  ) -> Dict[str, PropertyVerdict]:
    """``true`` for each property of ``properties`` that the one execution of a program without
    choices keeps (:meth:`~tvla.concrete.csearch.ConcreteSearch.holds`, within
    :data:`ONLY_RUN_SECONDS` or a quarter of the time limit): that run is every run, whatever the
    analysis could follow of it (arrays, arithmetic, unsupported constructs)."""
    if runs is None or not properties:
        return {}
    seconds = min(ONLY_RUN_SECONDS, timeout / 4) if timeout else ONLY_RUN_SECONDS
    return {p: PropertyVerdict(p, TRUE) for p in runs.holds(properties, seconds)}


def concrete_falses(runs: Optional[ConcreteSearch], properties: Sequence[str], start: int, stop: int,
                    seconds: float, steps: int, steer: int = 0) -> Dict[str, PropertyVerdict]:
    """``false`` for each property of ``properties`` that a concrete run of the C program
    (:mod:`tvla.concrete.csearch`, runs ``start`` to ``stop``, then ``steer`` steered runs)
    violates, with that run as the witness."""
    asked = [p for p in properties if p in CONCRETE_PROPERTIES]
    if runs is None or not asked or seconds <= 0:
        return {}
    out = {}
    for prop, f in runs.find(asked, start, stop, seconds, steps, steer).items():
        pos = f.pos or ir.Pos(runs.code.path, 1, 1)
        finding = Alarm(f.kind, pos, f"{f.message} (a run of the C program)", f.witness)
        out[prop] = PropertyVerdict(prop, FALSE, f.kind, None, (finding,), f.witness)
    return out


def unconfirmed(v: PropertyVerdict) -> PropertyVerdict:
    """``unknown`` for a ``false`` whose witness is a run of the translated program (the analysis')
    that no run of the C program repeated: the translation, not C, may be what the witness runs
    (it once kept a dead recursive call's local out of scope where C has it in scope)."""
    found = next((a for a in v.findings if a.witness == v.witness), None)
    where = f"{found.pos}: " if found is not None else ""
    return PropertyVerdict(v.name, UNKNOWN, None, f"{where}{v.violated} violated in a run of the program as "
                           "translated for the analysis, but in no run of the C program searched", v.findings)


def _search_time(deadline: Optional[float], timeout: Optional[float]) -> float:
    """The seconds of the search after the analysis: what is left of the time limit, at most
    :data:`SEARCH_SECONDS`, and at least a tenth of the limit (up to 5 s) past it."""
    if deadline is None or not timeout:
        return SEARCH_SECONDS
    return min(SEARCH_SECONDS, max(deadline - time.monotonic(), min(5.0, 0.1 * timeout)))


def never_reached(cprog: ir.CProgram, opts: VerifyOptions) -> Dict[str, PropertyVerdict]:
    """``unreach-call`` proved without an analysis, when it is asked and no function ``main`` may
    call names an error function (``cprog.error_named``: also for a program with unsupported
    constructs), or no path of the CFG from its entry leads to a call of ``reach_error()`` (the CFG
    holds every call, inlined, unless the program has unsupported constructs; a recursive call cut
    off repeats a body already there)."""
    import networkx as nx   # only C input needs it
    if "unreach-call" not in opts.properties:
        return {}
    if not cprog.error_named:
        return {"unreach-call": PropertyVerdict("unreach-call", TRUE)}
    if cprog.unsupported:
        return {}
    graph = nx.DiGraph((e.source, e.target) for e in cprog.edges)
    graph.add_node(cprog.entry)
    if cprog.error in graph and cprog.error in nx.descendants(graph, cprog.entry):
        return {}
    return {"unreach-call": PropertyVerdict("unreach-call", TRUE)}


def never_allocated(cprog: ir.CProgram, opts: VerifyOptions) -> Dict[str, PropertyVerdict]:
    """``memcleanup`` proved without an analysis, when it is asked and no function ``main`` may call
    allocates heap memory (``cprog.allocates``: also for a program with unsupported constructs,
    such as arrays on the stack or from ``alloca``): nothing is left to free."""
    if "memcleanup" in opts.properties and not cprog.allocates:
        return {"memcleanup": PropertyVerdict("memcleanup", TRUE)}
    return {}


def _precise(cprog: ir.CProgram, opts: VerifyOptions, deadline: Optional[float]
             ) -> Tuple[Tuple[PropertyVerdict, ...], "Translation", Result]:
    """The verdicts of the runs with data, coarse precision first (:func:`precisions`), each run
    checking only what the ones before left unknown, and the last run.  A coarser run is mostly the
    faster, not always (without ``nx[d,K]`` a doubly linked list checked datum by datum took
    minutes, with it 0.2 s): each run but the last stops after :data:`PRECISION_SHARE` of the time
    left; when one stopped so, the last gets :data:`RETRY_SHARE`, and if it stops too, the first
    run stopped runs again with all the time left, if that is more than it had (with less it would
    stop before the point it reached: the time goes to the witness search instead).  A run that a
    breach stops while its library has ``has[f,x]`` runs again without them."""
    verdicts: Dict[str, PropertyVerdict] = {}
    plan = list(precisions(cprog, opts))
    cut: Optional[Precision] = None   # a run its share stopped
    had = 0.0                         # the seconds it had
    i = 0
    while i < len(plan):
        unknown = tuple(p for p, v in verdicts.items() if v.verdict == UNKNOWN)
        left = replace(opts, properties=unknown or opts.properties)
        later = i < len(plan) - 1
        share = PRECISION_SHARE if later else RETRY_SHARE if cut is not None else None
        start, stop = time.monotonic(), _share(deadline, share) if share else deadline
        tr, result = _analyse(cprog, left, plan[i], stop)
        if result.limit_hit == "coerce-failed" and plan[i].field_tests and tr.library is not None \
                and tr.library.tested:
            plan[i] = replace(plan[i], field_tests=False)   # a breach has[f,x] let coerce see
            continue
        decided = _decide_all(cprog, left, tr, result)
        if result.limit_hit == "coerce-failed" and not cprog.unsupported:
            decided = _past_breach(cprog, left, plan[i], deadline, decided)
        verdicts.update((v.name, v) for v in decided)
        if cprog.unsupported or cprog.cuts or all(v.verdict != UNKNOWN for v in verdicts.values()):
            break
        if result.limit_hit == "interrupted":
            if deadline is None or time.monotonic() >= deadline:
                break   # the time is up: another run would stop at once
            if later and cut is None:
                cut, had = plan[i], (stop or start) - start
            elif not later and cut is not None and deadline - time.monotonic() > had:
                plan.append(cut)
                cut = None
        i += 1
    return _in_order(opts, verdicts), tr, result


PRECISION_SHARE = 0.6   # of the time left, at most, for each run of _precise but the last
RETRY_SHARE = 0.5       # for the last, when an earlier one was stopped by its share


EXACT_NODES = 24             # cells of the largest store the exact run follows (a loop building 20 cells)
EXACT_STRUCTURES = 10000     # structures it stores at most
EXACT_SEARCH_TIME = 30.0     # seconds it leaves at least for the witness search of its new alarms


def _exact(cprog: ir.CProgram, opts: VerifyOptions, verdicts: Tuple[PropertyVerdict, ...],
           proved: Dict[str, PropertyVerdict], last: Tuple["Translation", Result], deadline: Optional[float]
           ) -> Optional[Tuple[Tuple[PropertyVerdict, ...], "Translation", Result]]:
    """The verdicts, last run and translation of a run that blurs nothing, for a program whose
    properties the runs with summary nodes left unknown though they finished (an alarm without a
    witness): where every execution is bounded (a loop counting to a constant, a list of that many
    cells walked), that run meets every store of every execution
    and ends; else it stops at its first store of :data:`EXACT_NODES` cells, or at its share of
    the time, and changes nothing (None).  What blurring loses, the length of a list a counter
    counted, it keeps: ``count == len + 1`` after appending to a list of ``len`` cells is proved.
    It checks the properties of the ``last`` run (its translation, and so its witnesses, are the
    same) and changes only the verdicts left unknown."""
    left = tuple(v.name for v in verdicts if v.verdict == UNKNOWN and v.name not in proved)
    if not left or last[1].limit_hit or cprog.unsupported or cprog.cuts:
        return None
    if deadline is not None and deadline - time.monotonic() < 1.0:
        return None
    same = replace(opts, properties=last[0].properties or left)
    tr, result = _analyse(cprog, same, precisions(cprog, same)[-1], deadline, exact=True, earlier=last)
    if result.limit_hit:
        return None
    found = {v.name: v for v in _decide_all(cprog, same, tr, result) if v.name in left}
    return tuple(found.get(v.name, v) for v in verdicts), tr, result


def _earlier_witnesses(result: Result, earlier: Result) -> Optional[List[Union[Witness, NoWitness]]]:
    """The witnesses of ``result``'s messages from ``earlier`` (a run of the same translation),
    when it reported every one of them: the search from the program's entry depends only on the
    program and the message; else None."""
    known = {(m.location, m.action, m.text): m.witness for m in earlier.messages}
    found = [known.get((m.location, m.action, m.text)) for m in result.messages]
    return None if any(w is None for w in found) else cast(List[Union[Witness, NoWitness]], found)


def _past_breach(cprog: ir.CProgram, opts: VerifyOptions, precision: Precision, deadline: Optional[float],
                 first: Tuple[PropertyVerdict, ...]) -> Tuple[PropertyVerdict, ...]:
    """The verdicts after a run that a constraint breach stopped, from a run that drops the
    structure breached and goes on.  A breach says the structure the update started from describes
    no store, unless an update formula is wrong: then the structures dropped may describe stores,
    so that run proves nothing, and only the violations it finds with a concrete witness (false)
    are taken from it; every other verdict stays the first run's."""
    tr, result = _analyse(cprog, opts, precision, deadline, breaks=False)
    later = _decide_all(cprog, opts, tr, result, limit="coerce-failed")
    return tuple(b if b.verdict == FALSE and a.verdict != FALSE else a for a, b in zip(first, later))


def _share(deadline: Optional[float], share: float) -> Optional[float]:
    """The time that ``share`` of what is left before ``deadline`` leaves."""
    if deadline is None:
        return None
    now = time.monotonic()
    return now + max(0.0, deadline - now) * share


def _in_order(opts: VerifyOptions, verdicts: Dict[str, PropertyVerdict]) -> Tuple[PropertyVerdict, ...]:
    return tuple(verdicts[p] for p in opts.properties)


COARSE_SHARE = 0.35   # of the time limit, at most, for the run without data
MEMORY = ("memsafety", "memcleanup")
WITHOUT_DATA = MEMORY + ("unreach-call",)   # what a run without the data may prove


def has_data(cprog: ir.CProgram, opts: VerifyOptions) -> bool:
    """The library of ``cprog`` has data predicates (``dle``, ``eq``, registers), which the run
    without the data leaves out, and the program is within the subset."""
    from tvla.cfront.library import build_library, needs_of
    lib = build_library(cprog, needs_of(opts.properties))
    return bool(lib.ordered or lib.keys or lib.registers) and not cprog.unsupported and not cprog.cuts


def proofs_without_data(cprog: ir.CProgram, opts: VerifyOptions, deadline: Optional[float]
                         ) -> Tuple[Dict[str, PropertyVerdict], Optional[Tuple["Translation", Result]]]:
    """The properties asked of a program with data in its cells (:data:`WITHOUT_DATA`) that a run
    without the data proves (:mod:`tvla.cfront.dataless`: far fewer structures), by name, and that
    run; ``{}`` and None when no such run is made.  Only ``true`` is taken from it: its alarms may
    lie on branches the data rules out.  The run stops at ``deadline`` or after
    :data:`COARSE_SHARE` of the time limit, whichever comes first."""
    from tvla.cfront.dataless import without_data
    coarse_properties = tuple(p for p in opts.properties if p in WITHOUT_DATA)
    if not coarse_properties or not has_data(cprog, opts):
        return {}, None
    # deadline is set exactly when opts.timeout is
    stop = None if deadline is None or not opts.timeout else \
        min(deadline, time.monotonic() + opts.timeout * COARSE_SHARE)
    coarse, only = without_data(cprog), replace(opts, properties=coarse_properties)
    tr, result = _analyse(coarse, only, Precision(successors=False), stop, witness=False)
    return {v.name: v for v in _decide_all(coarse, only, tr, result) if v.verdict == TRUE}, (tr, result)


def _decide_all(cprog: ir.CProgram, opts: VerifyOptions, tr: "Translation", result: Result,
                limit: Optional[str] = None) -> Tuple[PropertyVerdict, ...]:
    """The verdict of each property asked, from one run of ``cprog`` (``limit``: one to count as
    hit, whatever the run hit: no property is then true)."""
    alarms = alarms_of(result, tr, cprog)
    limit = limit or ("time limit" if result.limit_hit == "interrupted" else result.limit_hit)
    return tuple(decide(p, alarms, cprog.unsupported, limit, cprog.cuts) for p in opts.properties)


def precisions(cprog: ir.CProgram, opts: VerifyOptions) -> Tuple[Precision, ...]:
    """The analyses to run, coarse first, each for what the ones before left unknown: without
    ``nx[d,K]`` (what a cell's successor holds), which decides most programs in a fraction of the
    time, then with it (a list whose red cells are each followed by a black one needs it); last,
    for a list with back links, with their sharing (:class:`~tvla.cfront.library.Precision`)."""
    from tvla.cfront.library import build_library, needs_of
    lib = build_library(cprog, needs_of(opts.properties))
    out = [Precision(successors=False), Precision()] if lib.succ_field else [Precision()]
    if lib.back and lib.single:
        out.append(Precision(back_sharing=True))
    return tuple(out)


def structures_by_line(result: Result, tr: "Translation") -> Tuple[Tuple[int, int], ...]:
    """Per C line, the most structures stored at a location where one of its statements starts."""
    most: Dict[int, int] = {}
    for (source, _target, _label), edge in tr.edges.items():
        if edge is not None and source in result.locations:
            n = len(result.locations[source])
            most[edge.pos.line] = max(most.get(edge.pos.line, 0), n)
    return tuple(sorted(most.items()))


def _limited(path: str, opts: VerifyOptions, tell: Optional[Settled] = None) -> FileVerdict:
    """:func:`verify_file` under the memory limit (run in a worker process of its own)."""
    if opts.memory_mb:
        limit = opts.memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    try:
        return verify_file(path, opts, tell)
    except Exception as e:  # noqa: BLE001 - a bug: the file is unknown, the others go on, no traceback
        if out_of_memory(e):
            return _gave_up(path, opts, f"memory limit ({opts.memory_mb} MB)", 0.0)
        return _gave_up(path, opts, f"internal error: {type(e).__name__}: {e}", 0.0)


def _gave_up(path: str, opts: VerifyOptions, why: str, seconds: float,
             settled: Optional[Dict[str, PropertyVerdict]] = None) -> FileVerdict:
    """Unknown (``why``) but the verdicts ``settled`` before the file was given up."""
    settled = settled or {}
    return FileVerdict(path, tuple(settled.get(p) or decide(p, [], (), why) for p in opts.properties), seconds)


def _death(code: Optional[int]) -> str:
    """How a worker process ended: ``exit status 1``, ``killed by signal 11 (SIGSEGV)``."""
    if code is not None and code < 0:
        try:
            return f"killed by signal {-code} ({signal.Signals(-code).name})"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit status {code}"


def verify_tasks(paths: Sequence[str], opts: VerifyOptions, jobs: Optional[int] = None,
                 should_stop: Callable[[], bool] = lambda: False, asked: bool = False) -> List[FileVerdict]:
    """:func:`verify_files` of C files and task files (:mod:`tvla.cfront.tasks`): a task's C file for
    the properties the task names (those of ``opts`` when ``asked``: given on the command line) and its
    data model (unless ``opts`` sets one), its verdicts with those the task expects.  A task file that
    cannot be read is an error of its own."""
    tasks: Dict[str, Task] = {}
    out: Dict[int, FileVerdict] = {}
    for i, p in enumerate(paths):
        try:
            if is_task_file(p):
                tasks[p] = read_task(p)
        except TvlaError as e:   # this task's error; the others still run
            out[i] = FileVerdict(p, (), error=str(e))
    groups: Dict[Tuple[Tuple[str, ...], Optional[str]], List[int]] = {}
    for i, p in enumerate(paths):
        if i not in out:
            task = tasks.get(p)
            props = task.properties if task is not None and not asked else opts.properties
            model = opts.data_model or (task.data_model if task is not None else None)
            groups.setdefault((props, model), []).append(i)
    for (props, model), idx in groups.items():
        if not props:   # a task of properties tvla does not check only: nothing to answer
            out.update((i, _nothing_asked(paths[i], tasks[paths[i]])) for i in idx)
            continue
        files = [tasks[paths[i]].file if paths[i] in tasks else paths[i] for i in idx]
        for i, v in zip(idx, verify_files(files, replace(opts, properties=props, data_model=model), jobs, should_stop)):
            out[i] = replace(v, expected=tasks[paths[i]].expected) if paths[i] in tasks else v
    return [out[i] for i in range(len(paths))]


def _nothing_asked(path: str, task: Task) -> FileVerdict:
    """The note on a task file that asks for no property tvla checks, at its first line."""
    what = f"unsupported: the task asks for no property tvla checks ({', '.join(task.left_out)})"
    return FileVerdict(task.file, (), unsupported=((ir.Pos(path, 1, 1), what),))


@dataclass(frozen=True)
class _Job:
    """A worker verifying the ``index``-th file, started at ``t0``, writing its generated files in
    ``scratch`` (made and removed here: a worker killed at its limit cannot clean up)."""

    index: int
    path: str
    proc: BaseProcess
    t0: float
    scratch: str

    def end(self, kill: bool = False) -> float:
        """Wait for the worker (killed first with ``kill``), remove its files; its seconds."""
        if kill:
            self.proc.kill()
        self.proc.join()
        shutil.rmtree(self.scratch, ignore_errors=True)
        return time.monotonic() - self.t0


def _start(ctx: ForkContext, index: int, path: str, opts: VerifyOptions) -> Tuple[Connection, _Job]:
    here, there = ctx.Pipe(duplex=False)
    scratch = tempfile.mkdtemp(prefix="tvla-verify-")
    proc: BaseProcess = ctx.Process(target=_worker, args=(path, replace(opts, scratch=scratch), there),
                                    daemon=True)
    proc.start()
    there.close()
    return here, _Job(index, path, proc, time.monotonic(), scratch)


def _interrupted(running: List[_Job], todo: List[Tuple[int, str]], opts: VerifyOptions,
                 settled: Dict[int, Dict[str, PropertyVerdict]]) -> Dict[int, FileVerdict]:
    """Stop the workers ``running``: their files (but the verdicts they ``settled``) and those
    ``todo`` are unknown (interrupted)."""
    out = {job.index: _gave_up(job.path, opts, "interrupted", job.end(kill=True), settled[job.index])
           for job in running}
    out.update((i, _gave_up(path, opts, "interrupted before it started", 0.0)) for i, path in todo)
    return out


def _worker(path: str, opts: VerifyOptions, conn: Connection) -> None:
    """Send the verdicts settled as they come (a dict), then the file's :class:`FileVerdict`."""
    conn.send(_limited(path, opts, conn.send))
    conn.close()


def _finished(conn: Connection, job: _Job, opts: VerifyOptions, settled: Dict[str, PropertyVerdict]
              ) -> Optional[FileVerdict]:
    """What the worker of ``job`` sent: its FileVerdict, or None after verdicts it settled (added
    to ``settled``: kept if the worker dies or is killed)."""
    try:
        got: Union[FileVerdict, Dict[str, PropertyVerdict]] = conn.recv()
    except EOFError:   # the worker died (out of memory, a signal)
        seconds = job.end()
        return _gave_up(job.path, opts, f"the analysis stopped ({_death(job.proc.exitcode)})", seconds, settled)
    if isinstance(got, dict):
        settled.update(got)
        return None
    job.end()
    # a worker that gave up (a memory limit, an internal error) keeps what it settled before
    return replace(got, properties=tuple(settled[v.name] if v.verdict == UNKNOWN and v.name in settled else v
                                         for v in got.properties))


def verify_files(paths: Sequence[str], opts: VerifyOptions, jobs: Optional[int] = None,
                 should_stop: Callable[[], bool] = lambda: False) -> List[FileVerdict]:
    """Verify every file, each in a worker process of its own (``jobs`` at once; default one per core),
    so that a file past its time or memory limit is stopped without taking the others with it: the
    engine stops cleanly at ``opts.timeout``, and a worker still running 10 s later is killed.  Once
    ``should_stop()`` (Ctrl-C), the workers are killed: the files not done are unknown (interrupted)."""
    jobs = max(1, min(jobs or os.cpu_count() or 1, len(paths)))
    from tvla.engine.parallel import workers_beside  # lazy: it imports the engine's actions
    opts = replace(opts, workers=workers_beside(jobs))
    ctx = multiprocessing.get_context("fork")
    todo = list(enumerate(paths))
    running: Dict[Connection, _Job] = {}
    settled: Dict[int, Dict[str, PropertyVerdict]] = {i: {} for i in range(len(paths))}
    done: Dict[int, FileVerdict] = {}
    while todo or running:
        if should_stop():
            done.update(_interrupted(list(running.values()), todo, opts, settled))
            break
        while todo and len(running) < jobs:
            conn, job = _start(ctx, *todo.pop(0), opts)
            running[conn] = job
        ready = cast(List[Connection], wait(list(running), timeout=1.0))  # wait returns what it is given
        for conn in ready:
            job = running[conn]
            got = _finished(conn, job, opts, settled[job.index])
            if got is not None:
                running.pop(conn)
                done[job.index] = got
        for conn, job in list(running.items()):
            if opts.timeout and time.monotonic() - job.t0 > opts.timeout + GRACE:
                running.pop(conn)
                done[job.index] = _gave_up(job.path, opts, "time limit", job.end(kill=True), settled[job.index])
    return [done[i] for i in range(len(paths))]
