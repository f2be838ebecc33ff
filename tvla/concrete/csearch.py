"""Searching concrete executions of a C program for violations (``tvla verify``'s ``false``
where the abstraction cannot give a witness).

Contract: :meth:`ConcreteSearch.find` runs ``main`` many times (:mod:`tvla.concrete.cexec`), each
run with its own nondeterministic choices drawn from a seeded generator (the same program gives
the same runs), and returns, for each property asked that some run violates, a :class:`Found`: the
violated subproperty, where, and the run's steps as a witness (C positions, statements, stores).
:meth:`ConcreteSearch.holds` makes the one run of a program that makes no choice.
A property is violated by a run as the competition defines it (docs/c.md): ``unreach-call`` when
it calls ``reach_error()``; ``memcleanup`` when it terminates with cells not freed; ``memsafety``
at its first invalid dereference or free, or a cell lost (a cell lost by a ``free``, whose
successors only the freed cell held, is named after an invalid access that follows it, as
``free(l); l = l->next;`` is first a use after free).  Runs are evidence of ``false``, and of
``true`` only where a run is the program's one execution (:meth:`ConcreteSearch.holds`)."""

import random
import time
from collections import deque
from dataclasses import dataclass
from itertools import islice
from typing import Any, Deque, Dict, List, Optional, Sequence, Set, Tuple

import clang.cindex as ci

from tvla.cfront.ir import Pos
from tvla.cfront.parse import evaluate_int, parse_file
from tvla.cfront.verdict import WitnessStep
from tvla.concrete.cexec import COMPARE, TIME_LIMIT, CProgramCode, Event, Limits, Machine, Outcome
from tvla.concrete.cmemory import BLOCKS, BYTES, UNDEF, Obj, Ptr, Unmodeled
from tvla.concrete.ctyping import Ty

__all__ = ["CONCRETE_PROPERTIES", "Found", "ConcreteSearch", "violated", "program_constants", "render"]


CONCRETE_PROPERTIES = ("memsafety", "memcleanup", "unreach-call")
# the one run of a program without choices: it may loop and allocate more than a searched run
ONLY_RUN_LIMITS = Limits(steps=2_000_000, blocks=200_000)


@dataclass(frozen=True)
class Found:
    prop: str
    kind: str
    pos: Optional[Pos]
    message: str
    witness: Tuple[WitnessStep, ...]


def violated(prop: str, out: Outcome) -> Optional[Event]:
    """The event of a run that violates ``prop`` (see the module's contract), or None."""
    ev = out.events
    if prop in ("unreach-call", "memcleanup"):
        return ev.get(prop)
    if prop != "memsafety":
        return None
    lost = ev.get("valid-memtrack")
    access = ev.get("valid-deref") or ev.get("valid-free")
    if lost is not None and access is not None:
        return access if access.order < lost.order else lost
    return access or lost


class Chooser:
    """The nondeterministic values of one run: per call site, either its first K values nonzero
    and then 0 (a loop run K times: K up to ``most``, or one of ``loops``), or values drawn each
    time; values from small numbers, the program's constants and their neighbours, and the
    extremes of the type."""

    def __init__(self, rng: random.Random, constants: Sequence[int], most: int = 12,
                 loops: Sequence[int] = ()) -> None:
        self.rng, self.constants, self.most, self.loops = rng, constants, most, loops
        self.plans: Dict[int, List[int]] = {}
        self.made: List[int] = []

    def __call__(self, site: int, ty: Optional[Ty]) -> int:
        rng = self.rng
        if ty is None:   # may this malloc fail
            v = 1 if rng.random() < 0.2 else 0
        else:
            plan = self.plans.get(site)
            if plan is None:
                times = rng.choice(self.loops) if self.loops else rng.randint(0, self.most)
                plan = self.plans[site] = [times] if rng.random() < 0.5 else []
            if plan and plan[0] > 0:
                plan[0] -= 1
                v = self.value(ty, nonzero=True)
            elif plan:
                v = 0
            else:
                v = self.value(ty)
        self.made.append(v)
        return v

    def value(self, ty: Ty, nonzero: bool = False) -> int:
        rng = self.rng
        lo, hi = ty.lo_hi()
        if not nonzero and rng.random() < 0.25:   # a loop on a value drawn each time ends soon
            return 0
        for _ in range(8):
            r = rng.random()
            if ty.boolean or r < 0.4:
                v = rng.randint(-2, 5) if not ty.boolean else rng.randint(0, 1)
            elif r < 0.7 and self.constants:
                v = rng.choice(self.constants) + rng.choice((-1, 0, 0, 1))
            elif r < 0.85:
                v = rng.choice((lo, hi, lo + 1, hi - 1))
            else:
                v = rng.randint(max(lo, -1000), min(hi, 1000))
            if lo <= v <= hi and (v != 0 or not nonzero):
                return v
        return 1


class Steered:
    """The choices of a run made again, one of them changed (``given``), then those of ``rest``
    (a run that goes further than the one it steers asks more); :meth:`compared` keeps each
    comparison the run makes with the number of choices made before it."""

    def __init__(self, given: Sequence[int], rest: Chooser) -> None:
        self.given, self.rest = given, rest
        self.made: List[int] = []
        self.ints: List[bool] = []   # which choices are integers (not a malloc's failure)
        self.tests: List[Tuple[Pos, str, int, int, int]] = []

    def __call__(self, site: int, ty: Optional[Ty]) -> int:
        i = len(self.made)
        v = self.given[i] if i < len(self.given) else self.rest(site, ty)
        self.made.append(v)
        self.ints.append(ty is not None)
        return v

    def compared(self, pos: Pos, op: str, x: int, y: int) -> None:
        if len(self.tests) < STEERING_TESTS:
            self.tests.append((pos, op, x, y, len(self.made)))


LONG_RUNS = 200          # runs whose loops run as many times as a constant of the program says
LONG_LOOPS = 300         # the largest such constant (a run makes at most Limits.blocks objects)
STEERING_TESTS = 2000     # the comparisons of a run a steered search reads
STEERING_CHOICES = 3      # the choices (the latest equal to a compared value) one comparison changes


def outcomes(run: Steered) -> Set[Tuple[Pos, str, bool]]:
    """What the tests of a run decided: each place, operator and outcome."""
    return {(pos, op, bool(COMPARE[op](x, y))) for pos, op, x, y, _n in run.tests}


def steered(run: Steered, seen: Set[Tuple[Pos, str, bool]]) -> List[List[int]]:
    """The choices of ``run`` changed to turn one of its tests the way no run has taken yet: a
    choice equal to one side of the comparison (among those made before it) set to the other side
    or its neighbour, whichever flips the test (input-to-state: ``x->d == 4`` where ``x->d`` is a
    value drawn sets that value to 4)."""
    out: List[List[int]] = []
    done: Set[Tuple[int, int]] = set()
    for pos, op, x, y, n in run.tests:
        test = COMPARE[op]
        if (pos, op, not test(x, y)) in seen:
            continue
        for mine, other, flip in ((x, y, lambda v: test(v, y)), (y, x, lambda v: test(x, v))):
            at = (i for i in range(n - 1, -1, -1) if run.ints[i] and run.made[i] == mine)
            for i in islice(at, STEERING_CHOICES):
                for v in (other, other + 1, other - 1):
                    if flip(v) != test(x, y) and (i, v) not in done:
                        done.add((i, v))
                        out.append(run.made[:i] + [v] + run.made[i + 1:])
    return out


class Replay:
    """The choices of a run made again."""

    def __init__(self, made: Sequence[int]) -> None:
        self.made, self.at = list(made), 0

    def __call__(self, site: int, ty: Optional[Ty]) -> int:
        v = self.made[self.at] if self.at < len(self.made) else 0
        self.at += 1
        return v


class ConcreteSearch:
    """The runs of one C file: :meth:`find` searches runs ``start`` to ``stop`` of its sequence (so
    a search can go on where an earlier one stopped; of a program that makes no choice, one run);
    ``modeled`` turns false once a run met what the interpreter does not model (its runs then show
    violations, but no run of theirs shows that there is none)."""

    def __init__(self, code: CProgramCode, constants: Sequence[int], malloc_may_fail: bool = False,
                 limits: Limits = Limits(), seed: int = 0) -> None:
        self.code, self.constants = code, constants
        self.malloc_may_fail, self.limits, self.seed = malloc_may_fail, limits, seed
        self.modeled = True
        self.single = False   # the program makes no choice (found by holds): one run is all runs

    @classmethod
    def of_file(cls, path: str, malloc_may_fail: bool = False,
                data_model: Optional[str] = None) -> Optional["ConcreteSearch"]:
        """The search of a C file (for the data model, as :func:`~tvla.cfront.parse.parse_file`),
        None when it cannot be compiled (nothing is searched then)."""
        try:
            tu = parse_file(path, model=data_model)
            return cls(CProgramCode(tu, path), program_constants(tu, path), malloc_may_fail)
        except Exception:  # noqa: BLE001 - a construct the compiler of runs does not know: no runs, no claim
            return None

    def holds(self, properties: Sequence[str], seconds: float) -> Tuple[str, ...]:
        """The properties of ``properties`` (of :data:`CONCRETE_PROPERTIES`) that the program's one
        execution keeps, when it has one: a run that asks for no value (no ``__VERIFIER_nondet_*()``,
        no read of an uninitialised int, no ``malloc`` that may fail), takes no value of an
        uninitialised pointer, and ends (a return from ``main``, ``exit``, ``abort``, a
        ``reach_error()`` that does not return, an assumption that fails) within ``seconds`` and
        :data:`ONLY_RUN_LIMITS`, meeting nothing the interpreter does not model.  Else none."""
        asked: List[int] = []

        def choose(site: int, _ty: Optional[Ty]) -> int:
            asked.append(site)
            raise Unmodeled("a choice")   # several executions: this run proves nothing, stop it
        m = Machine(self.code, choose, ONLY_RUN_LIMITS, self.malloc_may_fail,
                    deadline=time.monotonic() + seconds)
        out = m.run()
        # stopped by the clock, a later run may get further, to a choice
        self.single = not asked and not m.guessed and out.why != TIME_LIMIT
        if not self.single or out.end not in ("exit", "error", "assume"):
            return ()
        return tuple(p for p in properties if p in CONCRETE_PROPERTIES and violated(p, out) is None)

    def find(self, properties: Sequence[str], start: int, stop: int, seconds: float,
             steps: int = 300, steer: int = 0) -> Dict[str, Found]:
        """The properties some run of ``start`` to ``stop`` violates (within ``seconds``), each
        with its witness: the first of at most ``steps`` statements, else the shortest; then, for
        those no run violated, up to ``steer`` runs steered by the tests of the runs before
        (:meth:`steered_runs`), then the long runs (:meth:`long_runs`)."""
        best: Dict[str, Tuple[Event, List[int]]] = {}
        until = time.monotonic() + seconds
        if self.single:
            stop, steer = min(stop, start + 1), 0
        for r in range(start, stop):
            if _settled(best, properties, steps) or time.monotonic() > until:
                break
            # the first runs loop a few times only: their witnesses are short
            chooser = Chooser(random.Random(f"{self.seed}:{r}"), self.constants, min(12, 1 + r // 40))
            out = Machine(self.code, chooser, self.limits, self.malloc_may_fail, deadline=until).run()
            self.modeled = self.modeled and out.end != "unmodeled"
            _keep(best, properties, out, chooser.made)
        if any(p not in best for p in properties) and steer:
            self.steered_runs(properties, best, steer, until)
            self.long_runs(properties, best, until)
        return {p: Found(p, e.kind, e.pos, e.message, self.witness(made, e)) for p, (e, made) in best.items()}

    def steered_runs(self, properties: Sequence[str], best: Dict[str, Tuple[Event, List[int]]], runs: int,
                     until: float) -> None:
        """Up to ``runs`` runs (until ``until``) that each take a test some way no run took before:
        a fresh run when none is left to steer, else one of the choices of :func:`steered`, whose
        run, if it decided a test a new way, is steered in turn; ``best`` keeps the violations."""
        seen: Set[Tuple[Pos, str, bool]] = set()
        pending: Deque[List[int]] = deque()
        for k in range(runs):
            if all(p in best for p in properties) or time.monotonic() > until:
                break
            rest = Chooser(random.Random(f"{self.seed}:steered:{k}"), self.constants, min(12, 1 + k // 40))
            run = Steered(pending.popleft() if pending else [], rest)
            out = Machine(self.code, run, self.limits, self.malloc_may_fail, deadline=until,
                          compared=run.compared).run()
            _keep(best, properties, out, run.made)
            new = outcomes(run) - seen
            if new:
                seen |= new
                pending.extend(steered(run, seen))

    def long_runs(self, properties: Sequence[str], best: Dict[str, Tuple[Event, List[int]]],
                  until: float) -> None:
        """Up to :data:`LONG_RUNS` runs (until ``until``) whose loops run as many times as a
        constant of the program past 12 says, or one time more or less (``if (c == 30)`` after a
        loop counting c); ``best`` keeps the violations."""
        loops = sorted({c + d for c in self.constants if 12 < c <= LONG_LOOPS for d in (-1, 0, 1)})
        for k in range(LONG_RUNS if loops else 0):
            if all(p in best for p in properties) or time.monotonic() > until:
                break
            chooser = Chooser(random.Random(f"{self.seed}:long:{k}"), self.constants, loops=loops)
            out = Machine(self.code, chooser, self.limits, self.malloc_may_fail, deadline=until).run()
            _keep(best, properties, out, chooser.made)

    def witness(self, made: Sequence[int], event: Event) -> Tuple[WitnessStep, ...]:
        """The steps of the run with the choices ``made`` up to ``event``: each statement with the
        store before it."""
        steps: List[WitnessStep] = []

        def trace(m: Machine, ins: Tuple[Any, ...]) -> None:
            if len(steps) < event.step:
                steps.append(WitnessStep(ins[-2], ins[-1], render(m)))
        Machine(self.code, Replay(made), self.limits, self.malloc_may_fail, trace).run()
        return tuple(steps)


def _settled(best: Dict[str, Tuple[Event, List[int]]], properties: Sequence[str], steps: int) -> bool:
    """Whether every property has a violation within ``steps`` statements."""
    return all(p in best and best[p][0].step <= steps for p in properties)


def _keep(best: Dict[str, Tuple[Event, List[int]]], properties: Sequence[str], out: Outcome,
          made: Sequence[int]) -> None:
    """Keep in ``best`` each violation of ``out`` that comes sooner than the one kept."""
    for prop in properties:
        event = violated(prop, out)
        if event is not None and (prop not in best or event.step < best[prop][0].step):
            best[prop] = (event, list(made))


def program_constants(tu: ci.TranslationUnit, path: str) -> List[int]:
    """The integer literals of the file: runs draw values near them."""
    out = set()
    for c in tu.cursor.walk_preorder():
        if c.kind == ci.CursorKind.INTEGER_LITERAL and c.location.file is not None and c.location.file.name == path:
            v = evaluate_int(c)
            if v is not None:
                out.add(v)
    return sorted(out)


def render(m: Machine) -> str:
    """The store as the witness shows it: the variables of the running function and the globals,
    then the fields of each heap cell not freed."""
    fr = m.frames[-1] if m.frames else None
    variables = list(fr.vars.values()) if fr is not None else []
    variables += list(m.globals.values())
    parts = [_variable(o) for o in variables]
    parts += [_slots(o) for o in m.memory.live.values() if o.slots]
    return "; ".join(p for p in parts if p)


def _variable(o: Obj) -> str:
    if not o.slots:
        return "" if o.zero else f"{o.name} uninitialised"
    return _slots(o)


def _slots(o: Obj) -> str:
    """The slots of ``o`` in index order, a run of three or more elements of an array that hold
    one value as ``a[1..127] = -1``."""
    items = [(p, _value(v)) for p, v in sorted(o.slots.items(), key=lambda kv: _slot_key(kv[0]))]
    array = _is_array(o)
    parts: List[str] = []
    i = 0
    while i < len(items):
        j = i
        while (array and j + 1 < len(items) and len(items[j + 1][0]) == 1 == len(items[i][0])
               and items[j + 1][0][0] == items[j][0][0] + 1 and items[j + 1][1] == items[i][1]):
            j += 1
        path, value = items[i]
        where = f"[{path[0]}..{items[j][0][0]}]" if j - i >= 2 else _path(path, array)
        parts.append(f"{o.name}{where} {value}")
        i = j + 1 if j - i >= 2 else i + 1
    return "; ".join(parts)


def _slot_key(path: Tuple[Any, ...]) -> Tuple[Tuple[int, Any], ...]:
    """Indices in numeric order, fields by name."""
    return tuple((0, x) if isinstance(x, int) else (1, str(x)) for x in path)


def _is_array(o: Obj) -> bool:
    return (o.count or 1) > 1


def _path(path: Tuple[Any, ...], array: bool = False) -> str:
    """``[i]`` of an element (none for a scalar's only one), then ``.f`` and ``[j]`` inside it."""
    out = "" if path[:1] == (0,) and not array else f"[{path[0]}]"
    for x in path[1:]:
        out += f"[{x}]" if isinstance(x, int) else f".{x}"
    return out


def _value(v: Any) -> str:
    if v is UNDEF:
        return "uninitialised"
    if isinstance(v, tuple):   # a function
        return f"= {v[1]}"
    if isinstance(v, Ptr):
        if v.obj is None:
            return "= NULL"
        where = v.obj.name if v.obj.kind in BLOCKS else "&" + v.obj.name
        if v.path[:1] == (BYTES,):   # container_of of a member of no such struct
            off = v.path[1]
            return f"-> {where} {'+' if off >= 0 else '-'} {abs(off)} bytes"
        return f"-> {where}{_path(v.path) if v.path != (0,) else ''}"
    return f"= {v}"
