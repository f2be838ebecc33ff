"""From a lowered C program (:class:`tvla.cfront.ir.CProgram`) to a TVP program and its TVS input.

Contract: ``translate(cprog, properties)`` returns a :class:`Translation`:

* ``tvp``: the program, over the library :mod:`tvla.cfront.library` generates
  for ``cprog`` and the properties (``memsafety``, ``memcleanup``,
  ``unreach-call``, ``sorted(x)``);
* ``tvs``: its input, one empty store (globals NULL, other pointers
  uninitialised);
* ``edge_of(source, target, label)``: the :class:`~tvla.cfront.ir.Edge` a TVP
  CFG edge comes from (the engine's ``MessageRecord`` and ``Check`` carry the
  three), so every message is located at ``prog.c:LINE:COL``.

The analysis' messages are exactly the property violations it finds; each
text starts with the violated (sub)property: ``valid-deref:``,
``valid-free:``, ``valid-memtrack:``, ``memcleanup:``, ``unreach-call:``,
``sorted:``.  An IR edge becomes one or more TVP edges: a statement that may
fail (a dereference, a free) has its normal edge, which requires validity, and
a violation edge to the sink location ``stop.invalid`` that reports it (so a
path ends at its first violation); a store ``x->f = y`` is three steps (cut
the old field, drop what became unreachable, link), one (the link) where the
field holds no pointer (:mod:`tvla.cfront.empty`); a nondeterministic choice
is several edges.  IR locations keep their names (made TVP-safe); the steps of
one IR edge go through locations ``SOURCE.I.K``.
"""

import re
import dataclasses
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Set, Tuple, Union

from tvla.cfront import ir
from tvla.cfront import library as L
from tvla.cfront.liveness import ints_live_at_entry

__all__ = ["Translation", "translate", "SINK"]

SINK = "stop.invalid"


@dataclass(frozen=True)
class Translation:
    """A generated TVP program and input, with the way back from TVP edges to C."""

    tvp: str
    tvs: str
    edges: Dict[Tuple[str, str, str], Optional[ir.Edge]]   # (source, target, label) -> IR edge (None: edgeless program)
    locations: Dict[str, str]                    # IR location -> TVP location
    library: Optional[L.Library] = field(repr=False, compare=False, default=None)
    properties: Tuple[str, ...] = ()             # the properties it checks

    def edge_of(self, source: str, target: str, label: str) -> Optional[ir.Edge]:
        """The IR edge that TVP edge ``source --label--> target`` comes from (None: none)."""
        return self.edges.get((source, target, label))


@dataclass
class Plan:
    """What one IR edge becomes: alternative chains of actions from its source to its target, and
    violation checks from its source to the sink."""

    chains: List[List[L.Act]]
    checks: List[L.Act] = field(default_factory=list)


# ----------------------------------------------------------------------------- statements -> plans

def _derefs(lib: L.Library, xs: Sequence[str]) -> List[L.Act]:
    return [L.invalid_deref(lib, x) for x in dict.fromkeys(xs)] if lib.needs.memsafety else []


def _pointer_plan(lib: L.Library, s: ir.Statement) -> Optional[Plan]:
    if isinstance(s, ir.AssignNull):
        return Plan([[L.assign_null(lib, s.dst, uninit=s.uninit)]])
    if isinstance(s, ir.AssignVar):
        return Plan([[L.assign_var(lib, s.dst, s.src, s.moved)]] if s.dst != s.src else [[L.skip(lib)]])
    if isinstance(s, ir.Load):
        return Plan([[L.load(lib, s.dst, s.src, s.field, s.quiet)]], [] if s.quiet else _derefs(lib, [s.src]))
    if isinstance(s, ir.StoreNull):
        return Plan([[L.cut(lib, s.dst, s.field)] + ([] if s.empty else [L.collect(lib)])], _derefs(lib, [s.dst]))
    if isinstance(s, ir.Store) and s.empty:
        return Plan([[L.link(lib, s.dst, s.field, s.src, checked=True, moved=s.moved)]], _derefs(lib, [s.dst]))
    if isinstance(s, ir.Store):
        return Plan([[L.cut(lib, s.dst, s.field), L.collect(lib), L.link(lib, s.dst, s.field, s.src, moved=s.moved)]],
                    _derefs(lib, [s.dst]))
    if isinstance(s, ir.Malloc):
        chains = [[L.malloc(lib, s.dst, s.struct, s.zeroed, s.on_stack, s.written, s.outside, s.member_head)]]
        return Plan(chains + ([[L.assign_null(lib, s.dst)]] if s.may_fail else []))
    if isinstance(s, ir.Free) and s.scope_end:
        return Plan([[L.free(lib, s.var, scope_end=True), L.collect(lib)]])
    if isinstance(s, ir.Free):
        checks = [L.invalid_free(lib, s.var)] if lib.needs.memsafety else []
        return Plan([[L.free(lib, s.var), L.collect(lib)]], checks)
    if isinstance(s, ir.FreeNonHeap):
        return Plan([], [L.free_non_heap(lib, s.what)] if lib.needs.memsafety else [])
    if isinstance(s, ir.OutsideObject):
        return Plan([], [L.outside_object(lib, s.what, s.certain)])
    if isinstance(s, ir.Kill):
        return Plan([[L.assign_null(lib, s.var, kill=True, scope_end=s.scope_end, final=s.final)]])
    if isinstance(s, ir.Forget):
        return Plan([[L.forget(lib, s.var, s.field), L.collect(lib)]])
    if isinstance(s, ir.Deref):
        return Plan([[L.deref(lib, s.var, s.field)]], _derefs(lib, [s.var]))
    return None


def _data_plan(lib: L.Library, s: Union[ir.Statement, ir.DataCond]) -> Optional[Plan]:
    if isinstance(s, ir.LoadData):
        if s.dst not in lib.registers:
            return Plan([[L.skip(lib, f"{s.dst} = {s.src}->{s.field}")]], _derefs(lib, [s.src]))
        return Plan([[L.load_data(lib, s.dst, s.src, s.field)]], _derefs(lib, [s.src]))
    if isinstance(s, ir.SetData):
        if s.value in lib.registers:
            return Plan([[a] for a in L.set_data_from_register(lib, s.var, s.field, s.value, s.later)],
                        _derefs(lib, [s.var]))
        if s.value in lib.flags:
            k = s.value
            past = L.set_data_past(lib, s.var, s.field, k, s.later) if k in lib.others else None
            other = [[past]] if past is not None else \
                _when_other(lib, [k], L.set_data(lib, s.var, s.field, None, later=s.later))
            return Plan([[L.set_data(lib, s.var, s.field, c, (k, c), s.later)] for c in lib.flags[k]] + other,
                        _derefs(lib, [s.var]))
        if s.value is None and s.within is not None:
            return Plan([[a] for a in L.set_data_within(lib, s.var, s.field, s.within, s.later)], _derefs(lib, [s.var]))
        return Plan([[L.set_data(lib, s.var, s.field, _value(lib, s.value), later=s.later)]], _derefs(lib, [s.var]))
    if isinstance(s, ir.CopyData):
        return Plan([[L.copy_data(lib, s.dst, s.dfield, s.src, s.sfield)]], _derefs(lib, [s.dst, s.src]))
    if isinstance(s, ir.SwapData):
        return Plan([[L.swap_data(lib, s.dst, s.src, s.field)]], _derefs(lib, [s.dst, s.src]))
    if isinstance(s, ir.Havoc):
        if s.var in lib.registers:
            return Plan([[L.forget_register(lib, s.var) if s.dead else L.havoc_register(lib, s.var)]])
        if s.var in lib.all_registers:   # a register without tracked fields
            return Plan([[L.skip(lib, f"{s.var} {'dead' if s.dead else '= ?'}")]])
        if s.var in lib.regions and not s.dead:   # a symbolic value chosen: in any region (of its type)
            regions = lib.regions[s.var] if s.within is None else ir.meeting(lib.regions[s.var], s.within, True)
            return Plan([[L.choose_region(lib, s.var, c)] for c in regions])
        if s.var in lib.symbolic and s.within is not None:   # no region tells what the type allows
            # (a variable no test or data statement reads: its value matters to nothing)
            return Plan([[L.Act(L.ABSTRACTED + L.skip(lib, f"{s.var} = ?").name, f"{s.var} = ? (of a narrower type)")]])
        if s.var not in lib.flags:
            return Plan([[L.skip(lib, f"{s.var} = ?")]])
        if s.dead:
            return Plan([[L.forget_flag(lib, s.var)]])
        values = lib.states(s.var) if s.value is None else [s.value]
        return Plan([[L.set_flag(lib, s.var, c)] for c in values if c in lib.states(s.var)])
    if isinstance(s, ir.CopyInt):
        if s.dst not in lib.registers:
            return Plan([[L.skip(lib, f"{s.dst} = {s.value}")]])
        return Plan([[L.copy_register(lib, s.dst, s.value)]])
    if isinstance(s, ir.ShiftFlag):
        if s.dst not in lib.flags:
            return Plan([[L.skip(lib, f"{s.dst} = {s.src} + {s.delta}")]])
        return Plan([[a] for c in lib.states(s.src) for a in L.shift_flag(lib, s.dst, s.src, c, s.delta, s.table)])
    if isinstance(s, ir.Step):
        if s.var in lib.registers:
            return Plan([[L.step_register(lib, s.var, s.delta)]])
        if s.var not in lib.flags:
            return Plan([[L.skip(lib, f"{s.var} += {s.delta}")]])
        return Plan([[a] for c in lib.states(s.var) for a in L.step_flag(lib, s.var, c, s.delta)])
    if isinstance(s, ir.DataCond):
        return _data_cond_plan(lib, s)
    return None


def _value(lib: L.Library, value: L.Value) -> L.Value:
    """A data value as the library sees it: an int, a symbolic int variable, or None (unknown)."""
    if isinstance(value, str) and value not in lib.symbolic:
        return None
    return value


def _when_other(lib: L.Library, ks: Sequence[object], act: L.Act) -> List[List[L.Act]]:
    """``act`` (which does not read them) as the chains taken when a counter among ``ks``
    holds another value: over-approximations."""
    return [[L.abstracted(lib, act, k)] for k in dict.fromkeys(ks) if isinstance(k, str) and k in lib.others]


def _register_cond_plan(lib: L.Library, c: ir.DataCond) -> Plan:
    """``x == v`` or ``x != v`` for a register x and a constant or a flag v (exact per value), or
    ``x < c`` by a bound of its fields (:func:`~tvla.cfront.library.register_bound`); a register
    that holds no tracked field (never loaded from a cell) is not tracked, nor is another order
    test: both ways, abstracted."""
    if L.register_bound(lib, c) is not None:
        return Plan([[L.register_int_cond(lib, c)]])
    if isinstance(c.value, str) and L.shared_field(lib, c.left, c.value) is not None:
        return Plan([[L.register_pair_cond(lib, c)]])
    values = lib.flags.get(c.value, ()) if isinstance(c.value, str) else (c.value,)
    exact = c.op in ("==", "!=")
    if c.left not in lib.registers or not values or any(v not in lib.reg_keys(c.left) for v in values) or not exact:
        return Plan([[L.Act(f"{L.ABSTRACTED}Reg_Cond_{c.left}", f"{c.left} {c.op} {c.value}")]])
    if isinstance(c.value, str) and c.value in lib.flags:
        k = c.value
        chains = [[L.register_int_cond(lib, c, a)] for a in lib.flags[k]]
        return Plan(chains + _when_other(lib, [k], L.Act(f"Reg_Cond_{c.left}_{k}", f"{c.left} {c.op} {k}")))
    return Plan([[L.register_int_cond(lib, c)]])


def _data_cond_plan(lib: L.Library, c: ir.DataCond) -> Plan:
    if c.lfield is None and c.left in lib.all_registers:
        return _register_cond_plan(lib, c)
    if c.lfield is None:
        act = L.int_cond(lib, c)
        decided = L.other_outcome(lib, c) is not None   # int_cond reads the other value itself
        undecided = [] if decided else [c.left, c.value]
        return Plan([[act]] + _when_other(lib, undecided, dataclasses.replace(act, focus=(), pre=None)))
    if c.right is not None and c.rfield != c.lfield:
        return Plan([[a] for a in L.cross_field_conds(lib, c)], _derefs(lib, [c.left, c.right]))
    if c.right is not None:
        return Plan([[L.node_data_cond(lib, c)]], _derefs(lib, [c.left, c.right]))
    checks = _derefs(lib, [c.left])
    if c.value in lib.registers and c.lfield in lib.registers[str(c.value)]:
        return Plan([[L.register_data_cond(lib, c)]], checks)
    if c.value in lib.flags:
        return Plan([[a] for v in lib.flags[str(c.value)] for a in L.value_data_conds(lib, c, v, (str(c.value), v))] +
                    _when_other(lib, [c.value], L.value_data_cond(lib, c, None)), checks)
    return Plan([[a] for a in L.value_data_conds(lib, c, _value(lib, c.value))], checks)


def plan(lib: L.Library, s: ir.Statement) -> Plan:
    """The TVP actions of one IR statement; one that writes a variable whose death left memory lost
    reports it (:func:`tvla.cfront.library.lost_on_overwrite`)."""
    p = statement_plan(lib, s)
    if lib.outside and lib.needs.memsafety:
        p.checks += [L.outside_deref(lib, x, f) for x, f in ir.field_accesses(s) if f in lib.outside]
    written = getattr(s, "dst", None) if isinstance(s, (ir.AssignNull, ir.AssignVar, ir.Load, ir.Malloc)) else None
    if written is not None and written in lib.pending:
        p.chains = [[L.lost_on_overwrite(lib, written, c[0])] + c[1:] for c in p.chains]
    counted = _tally_write(lib, s)
    if counted is not None:
        p.chains = [[L.tally_write(lib, counted[0], c[0], *counted[1:])] + c[1:] for c in p.chains]
    return p


def _tally_write(lib: L.Library, s: ir.Statement) -> Optional[Tuple[str, Optional[str], bool]]:
    """(counter, the counter copied, reset) of a statement that writes a tallied counter other
    than by ``+= 1`` or ``-= 1`` (a Tally follows those), else None."""
    if isinstance(s, ir.Havoc) and s.var in lib.tallies:
        return s.var, None, s.value == lib.tally_base[s.var] and not s.dead and not s.uninit
    if isinstance(s, ir.Step) and s.var in lib.tallies and s.delta not in (1, -1):
        return s.var, None, False
    if isinstance(s, ir.ShiftFlag) and s.dst in lib.tallies:
        copied = s.delta == 0 and s.table is None
        return s.dst, s.src if copied else None, False
    return None


def statement_plan(lib: L.Library, s: ir.Statement) -> Plan:
    """The TVP actions of one IR statement."""
    if isinstance(s, ir.Assume):
        if isinstance(s.cond, ir.PtrCond):
            return Plan([[L.ptr_cond(lib, s.cond)]])
        if isinstance(s.cond, ir.HeadCond):
            return Plan([[L.head_cond(lib, s.cond)]])
        if isinstance(s.cond, ir.TallyCond):
            tallied = set(s.cond.counters()) <= lib.tallies
            return Plan([[L.tally_cond(lib, s.cond) if tallied else L.skip(lib, "a test of counters")]])
        return _data_cond_plan(lib, s.cond)
    if isinstance(s, ir.Tally):
        return Plan([[L.tally(lib, s) if s.counter in lib.tallies else L.skip(lib, f"{s.counter} counts a cell")]])
    for make in (_pointer_plan, _data_plan):
        p = make(lib, s)
        if p is not None:
            return p
    if isinstance(s, ir.ReachError):
        return Plan([[L.reach_error(lib, s.goes_on)]])
    if isinstance(s, ir.Exit):
        return Plan([[L.program_exit(lib, s.how)]])
    if isinstance(s, ir.Nop):
        return Plan([[L.skip(lib, s.note)]])
    raise TypeError(f"unknown IR statement {s!r}")


# ----------------------------------------------------------------------------- assembling

def _location_names(cprog: ir.CProgram) -> Dict[str, str]:
    """A TVP location name per IR location (letters, digits, ``_``; distinct)."""
    locs: Dict[str, None] = {cprog.entry: None}
    for e in cprog.edges:
        locs[e.source] = None
        locs[e.target] = None
    used: Set[str] = set()
    out: Dict[str, str] = {}
    for loc in locs:
        s = re.sub(r"[^A-Za-z0-9_]", "_", loc) or "_"
        while s in used:
            s += "_"
        used.add(s)
        out[loc] = s
    return out


class _Actions:
    """The distinct actions of a program: equal bodies share one name."""

    def __init__(self) -> None:
        self.by_body: Dict[str, str] = {}
        self.texts: List[str] = []

    def label(self, act: L.Act) -> str:
        body = act.body()
        name = self.by_body.get(body)
        if name is None:
            base = re.sub(r"[^A-Za-z0-9_$]", "_", act.name)
            name, k = base, 1
            while name in self.by_body.values():
                k += 1
                name = f"{base}_{k}"
            self.by_body[body] = name
            self.texts.append(act.render(name))
        return f"{name}()"


def _ordered_edges(cprog: ir.CProgram) -> List[ir.Edge]:
    """The IR edges with those leaving the entry first (the TVP entry is the first edge's source)."""
    return sorted(cprog.edges, key=lambda e: e.source != cprog.entry)


def _emit(cprog: ir.CProgram, lib: L.Library, locs: Dict[str, str]) \
        -> Tuple[List[str], List[str], Dict[Tuple[str, str, str], Optional[ir.Edge]]]:
    """The TVP CFG lines, the action texts, and the edge map."""
    actions = _Actions()
    lines: List[str] = []
    back: Dict[Tuple[str, str, str], Optional[ir.Edge]] = {}

    def add(src: str, act: L.Act, tgt: str, edge: Optional[ir.Edge]) -> None:
        label = actions.label(act)
        lines.append(f"{src} {label} {tgt}")
        back.setdefault((src, tgt, label), edge)
    for i, e in enumerate(_ordered_edges(cprog)):
        src, tgt, p = locs[e.source], locs[e.target], plan(lib, e.stmt)
        for check in p.checks:
            add(src, check, SINK, e)
        for j, chain in enumerate(p.chains):
            here = src
            for k, act in enumerate(chain):
                there = tgt if k == len(chain) - 1 else f"{src}.{i}.{j}{k}"
                add(here, act, there, e)
                here = there
    if not lines:
        add(locs[cprog.entry], L.skip(lib), locs[cprog.entry] + "_end", None)
    return lines, actions.texts, back


def _tvs(cprog: ir.CProgram, lib: L.Library) -> str:
    """The input: no cell; uninitialised pointers bad; flag variables read before written
    unknown (a counter holds "another value", which every action treats as unknown), the others
    their first value (any would do: each path writes them before reading them, and a witness
    search then starts from one store, not one per combination of their values)."""
    preds: List[str] = []
    if lib.bad_tracked:
        preds += [f"    bad[{lib.var[x]}] = 1" for x in lib.initial_bad]
    live = ints_live_at_entry(cprog)
    preds += [f"    {lib.dead(x)[:-2]} = 1" for x in lib.registers if x not in live]
    for k, values in [*lib.flags.items(), *lib.regions.items()]:
        if k in lib.others:   # "another value" stands for any value: one start, not one per value
            preds.append(f"    {lib.val(k, None)[:-2]} = 1")
            continue
        preds += [f"    {lib.val(k, c)[:-2]} = 1/2" for c in values] if len(values) > 1 and k in live else \
                 [f"    {lib.val(k, c)[:-2]} = 1" for c in values[:1]]
    preds += [f"    {lib.tally_lost(k)[:-2]} = 1" for k in sorted(lib.tallies)]   # nothing counted yet
    return f"// input of {_one_line(cprog.file)}: the store before main\n%n = {{}}\n%p = {{\n" + "\n".join(preds) + "\n}\n"


def _one_line(name: str) -> str:
    """A file name for a ``//`` comment (a name may hold a line break)."""
    return name.replace("\r", "\\r").replace("\n", "\\n")


# a disjunction of reachability atoms r[T,x](w) with one tag T and one cell w
_REACH_RUN = re.compile(r"\(r\[(\w+),\w+\]\((\w+)\)(?: \| r\[\1,\w+\]\(\2\))+\)")
_REACH_VAR = re.compile(r"r\[\w+,(\w+)\]")


def factor_reach_sets(text: str) -> Tuple[str, List[str]]:
    """``text`` with each disjunction of three or more ``r[T,x](w)`` written
    ``|/{r[T,$var](w) : $var in $reachK}``, and the ``%s $reachK {...}`` declarations, one per
    list of variables in order of first use.  Elaboration expands it into the same
    left-nested disjunction; "reachable from a live variable" is most of the updates after a
    statement that may drop cells, over a few lists of variables: the text, which lark parses
    at every fresh ``tvla verify``, shrinks by about a quarter.  (``$`` is in no generated name
    but constants', which are ``$`` and digits.)"""
    sets: Dict[Tuple[str, ...], str] = {}

    def factor(m: "re.Match[str]") -> str:
        xs = tuple(_REACH_VAR.findall(m.group(0)))
        if len(xs) < 3:
            return m.group(0)
        name = sets.setdefault(xs, f"$reach{len(sets) + 1}")
        return f"|/{{r[{m.group(1)},$var]({m.group(2)}) : $var in {name}}}"
    out = _REACH_RUN.sub(factor, text)
    return out, [f"%s {name} {{{', '.join(xs)}}}" for xs, name in sets.items()]


def translate(cprog: ir.CProgram, properties: Sequence[str], precision: L.Precision = L.Precision()) -> Translation:
    """The TVP program and TVS input of ``cprog`` checking ``properties``, with the predicates of
    ``precision`` (:class:`~tvla.cfront.library.Precision`)."""
    lib = L.build_library(cprog, L.needs_of(properties), precision)
    locs = _location_names(cprog)
    lines, actions, back = _emit(cprog, lib, locs)
    header = (f"// generated by tvla.cfront from {_one_line(cprog.file)}\n"
              f"// properties: {', '.join(properties)}\n")
    body, sets = factor_reach_sets(lib.declarations() + "%%\n" + "\n".join(actions))
    sets_text = "\n".join(["// lists of pointer variables a cell may be reachable from"] + sets) + "\n" if sets else ""
    tvp = header + sets_text + body + "%%\n" + "\n".join(lines) + "\n"
    return Translation(tvp, _tvs(cprog, lib), back, locs, lib, tuple(properties))
