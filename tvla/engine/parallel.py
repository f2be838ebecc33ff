"""A helper process for one analysis: both cores for the structures of a location visit.

A visit of a location applies each out-edge to every structure that arrived there since the
last visit (:meth:`~tvla.engine.fixpoint.Fixpoint.process`).  These applications are
independent (an action is a function of the structure it is applied to, docs/engine.md);
only the joins of their results into the stores depend on order.  Once an analysis has run
:data:`WARMUP` seconds (a short one never pays for a process) with ``Options.workers`` above 1,
the fixpoint forks a :class:`Helper`, which inherits the compiled analysis.  At each visit of
two structures or more, the helper applies the edges to structures from the front of the
visit's list while this process applies them to those at the back (:func:`apply_edges` on
both sides, :class:`Batch`); between its own, the fixpoint reports the messages and joins
the results known so far, in the order a run without the helper does, so the stored
structures, the messages and the verdicts are the same.

Structures cross the pipe as their tables (:func:`pack`), messages as their index in the
action's list, a breach as its rule.  The helper ignores Ctrl-C (the fixpoint stops it); if
it fails or dies, the fixpoint applies the edges itself from then on.
"""

import os
import signal
from collections import defaultdict
from typing import TYPE_CHECKING, Any, Callable, DefaultDict, Dict, List, Optional, Sequence, Set, Tuple

from tvla.engine.action import CoerceFailed, CompiledAction, FocusKey, Interrupted
from tvla.engine.focus import FocusUnbounded
from tvla.lang.program import Edge, Message
from tvla.logic.structure import Structure

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

WARMUP = 1.0
"""Seconds an analysis runs alone before it forks a helper."""


def workers_beside(jobs: int) -> int:
    """``Options.workers`` for each of ``jobs`` analyses run at once: 2 (a helper each) where the
    machine has a core for every process, else 1."""
    return 2 if (os.cpu_count() or 1) >= 2 * jobs else 1

Packed = Tuple[Any, ...]
"""A structure as :func:`pack` writes it."""

Outcome = Tuple[str, Any, List[int]]
"""What applying one edge to one structure gave: ``("ok", results, messages)``, ``("breach",
rule, messages)`` (the coerce after the update found a breach), ``("runaway", (formula,
nodes before, nodes after), messages)`` (a focus kept materializing) or ``("stopped", None,
messages)`` (interrupted); ``messages``: the indices (:func:`message_list`) of the messages it
reported, in order."""

Stats = Dict[str, float]


def pack(s: Structure) -> Packed:
    """The tables of ``s``, which :func:`unpack` makes a structure again (not its caches)."""
    return s.n, s.nul, s.uT, s.uU, s.bT, s.bU, s.hi, s.ma


def unpack(p: Packed) -> Structure:
    n, nul, uT, uU, bT, bU, hi, ma = p
    return Structure(n, nul, uT, uU, bT, bU, hi, ma)


def message_list(action: CompiledAction) -> List[Message]:
    """The messages ``action`` may report, in the order their indices refer to."""
    return [m for _f, m in action.pre_messages + action.post_messages]


Apply = Callable[[Edge], CompiledAction]


def apply_edges(compiled: Apply, edges: Sequence[Tuple[int, Edge]], shared: Set[FocusKey], s: Structure,
                stats: Stats, stop: Optional[Callable[[], bool]]) -> List[Outcome]:
    """Per edge of ``edges`` (in order), the :data:`Outcome` of applying its action to ``s``; the
    first focus of ``s`` is shared by the edges whose focus key is in ``shared``."""
    focused: Dict[FocusKey, Any] = {}
    row: List[Outcome] = []
    for _k, e in edges:
        action = compiled(e)
        index = {id(m): i for i, m in enumerate(message_list(action))}
        reported: List[int] = []
        share = focused if action.focus_key in shared else None
        try:
            row.append(("ok", action.apply(s, stats, lambda m: reported.append(index[id(m)]), share, stop),
                        reported))
        except Interrupted:
            row.append(("stopped", None, reported))
        except CoerceFailed as err:
            row.append(("breach", err.rule, reported))
        except FocusUnbounded as grew:
            row.append(("runaway", (str(grew.formula), grew.before, grew.after), reported))
    return row


def pack_outcomes(row: List[Outcome]) -> List[Outcome]:
    return [(kind, [pack(r) for r in v] if kind == "ok" else v, msgs) for kind, v, msgs in row]


def unpack_outcomes(row: List[Outcome]) -> List[Outcome]:
    return [(kind, [unpack(r) for r in v] if kind == "ok" else v, msgs) for kind, v, msgs in row]


Unit = Callable[[Structure, Stats], List[Outcome]]
"""The outcomes of the edges of the location being visited on one structure (:func:`apply_edges`)."""

Job = Callable[[str, Structure, Stats], List[Outcome]]
"""The helper's job: ``job(location, structure, stats)``, a :data:`Unit` of that location."""

Answer = Tuple[int, Optional[List[Outcome]], Stats]
"""The helper's answer for structure number ``i``: ``(i, outcomes, time per phase)``."""

IN_FLIGHT = 4
"""Structures sent to the helper and not yet answered: it has the next one at hand when it answers."""


class Helper:
    """A forked process that applies edges to structures for the fixpoint that forked it."""

    def __init__(self, job: Job) -> None:
        from multiprocessing.connection import Pipe   # only a run that lasts forks: see start-up
        parent, child = Pipe()
        self.pid = os.fork()
        if self.pid == 0:   # the helper: serve until the pipe closes, never return
            parent.close()
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                die_with_parent()
                serve(child, job)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        child.close()
        self.conn: Optional["Connection"] = parent
        self.batches = 0   # batches begun: an answer names its batch (one left early is not read)

    def send(self, loc: str, i: int, s: Structure) -> bool:
        """Ask for the outcomes of structure number ``i`` of the current batch at ``loc``; False
        when the helper is gone."""
        if self.conn is None:
            return False
        try:
            self.conn.send((self.batches, loc, i, pack(s)))
            return True
        except (OSError, ValueError):
            self.close(kill=True)
            return False

    def receive(self, block: bool, stop: Optional[Callable[[], bool]]) -> Optional[Answer]:
        """An answer to the current batch (outcomes None: the job raised), or None:
        none yet (``block`` false), or the helper failed, died, or ``stop()`` became true while
        waiting (the helper is then stopped: :attr:`conn` is None)."""
        conn = self.conn
        if conn is None:
            return None
        try:
            while True:   # until an answer of the current batch
                while not conn.poll(0.05 if block else 0):
                    if not block:
                        return None
                    if stop is not None and stop():
                        self.close(kill=True)
                        return None
                batch, i, rows, stats = conn.recv()
                if batch == self.batches:
                    break
        except (OSError, EOFError, ValueError):
            self.close(kill=True)
            return None
        return i, (None if rows is None else unpack_outcomes(rows)), stats

    def close(self, kill: bool = False) -> None:
        """Stop the helper and reap it."""
        conn, self.conn = self.conn, None
        if conn is None:
            return
        if kill:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except OSError:
                pass
        conn.close()   # the helper's recv ends: it exits
        try:
            os.waitpid(self.pid, 0)
        except OSError:
            pass


PR_SET_PDEATHSIG = 1   # prctl(2)


def die_with_parent() -> None:
    """Linux: the helper is killed when the process that forked it dies (it holds copies of that
    process's files, such as the pipe a ``tvla verify`` worker answers on)."""
    try:
        import ctypes
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass   # elsewhere it ends when its pipe closes


def serve(conn: "Connection", job: Job) -> None:
    """The helper's loop: a request is (batch, location, i, packed structure); the answer (batch,
    i, packed outcomes, time per phase), the outcomes None when the job raised."""
    while True:
        try:
            batch, loc, i, packed = conn.recv()
        except EOFError:
            return
        stats: DefaultDict[str, float] = defaultdict(float)
        try:
            rows: Any = pack_outcomes(job(loc, unpack(packed), stats))
        except Exception:
            rows = None
        conn.send((batch, i, rows, dict(stats)))


class Batch:
    """The outcomes of one location visit's structures, shared with a helper: the helper takes
    structures from the front (:data:`IN_FLIGHT` at a time), this process from the back, between
    the joins of the outcomes already known (:meth:`row` is asked for them in order), so that the
    joins overlap the helper's work."""

    def __init__(self, helper: Helper, loc: str, structures: List[Structure], unit: Unit, stats: Stats,
                 stop: Optional[Callable[[], bool]]) -> None:
        self.helper, self.loc, self.structures = helper, loc, structures
        self.unit, self.stats, self.stop = unit, stats, stop
        self.rows: List[Optional[List[Outcome]]] = [None] * len(structures)
        self.front, self.back = 0, len(structures)   # [front, back): given to no one yet
        self.sent: Set[int] = set()
        helper.batches += 1
        self.fill()

    def fill(self) -> None:
        while len(self.sent) < IN_FLIGHT and self.front < self.back and self.helper.conn is not None:
            if not self.helper.send(self.loc, self.front, self.structures[self.front]):
                break
            self.sent.add(self.front)
            self.front += 1

    def row(self, i: int) -> List[Outcome]:
        """The outcomes (per edge) of structure number ``i``, once known."""
        while self.rows[i] is None:
            self.collect(block=self.front >= self.back)
            if self.rows[i] is None and self.front < self.back:
                self.back -= 1
                self.rows[self.back] = self.unit(self.structures[self.back], self.stats)
        row = self.rows[i]
        assert row is not None
        return row

    def collect(self, block: bool) -> None:
        """Take the helper's answers (wait for one if ``block``); when it is gone, take back what it
        had, to be done here."""
        while self.sent:
            got = self.helper.receive(block, self.stop)
            if got is None:
                if self.helper.conn is None:
                    self.take_back()
                return
            i, rows, stats = got
            self.sent.discard(i)
            for phase, seconds in stats.items():
                self.stats[phase] += seconds
            self.rows[i] = rows if rows is not None else self.unit(self.structures[i], self.stats)
            block = False
            self.fill()

    def take_back(self) -> None:
        # once stop() is true, each application the unit starts stops at once
        for i in sorted(self.sent):
            self.rows[i] = self.unit(self.structures[i], self.stats)
        self.sent.clear()
