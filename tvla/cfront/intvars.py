"""Which int variables the lowering keeps, decided once for the whole file before lowering.

Every assignment to an int variable is collected: its initialiser (a global
without one starts at 0), ``v = e`` anywhere, the arguments of every call
(for a parameter), the ``return e`` of a function (for its return value,
keyed ``("return", name)``).  ``++``, ``+=``, ``&v`` and main's parameters
count as arbitrary assignments.  Then a variable is

* ``const`` (value substituted): its only assignment is its initialiser (or,
  for a parameter or a return value, every assignment is the same constant);
* ``flag`` (an :class:`~tvla.cfront.ir.IntVar` with its ``values``): every
  assignment is a constant or a truth value (a comparison, ``!``, ``&&``...),
  at most :data:`MAX_FLAG_VALUES` distinct values; a ``_Bool`` given such values
  or ``__VERIFIER_nondet_*()`` ones is a flag over 0 and 1; or some are
  ``__VERIFIER_nondet_*()`` values and the variable is only ever tested
  (``if (flag)``, ``flag == 2``, ``!flag``): then one more value stands for
  every value none of the tests names (``int flag = __VERIFIER_nondet_int();
  ... if (flag) ...`` is a flag over 0 and 1);
* ``symbolic`` (an IntVar with ``values=()``: one value chosen once): its
  only assignment is a ``__VERIFIER_nondet_*()`` call in ``main``, outside
  any loop, in a ``main`` whose every ``goto`` jumps forward (so it runs at
  most once: ``goto ERROR`` to the end of ``main`` is fine), and neither it
  nor a copy of it is ordered against a cell's field (``p->d < pivot``
  makes it a register, which keeps that order, given its value ``once``:
  its copies are aliases of it as of a symbolic variable);
* ``alias`` (no IntVar: read as the symbolic variable ``of``): every
  assignment copies the same symbolic variable, declared with its
  ``__VERIFIER_nondet_*()`` initialiser (``node_create(data)`` called in a
  loop: the parameter always holds ``data``); as for ``const``, the copies
  are a parameter's arguments, a return value's expressions, or one
  initialiser (so the variable is never read before it holds the value);
* ``counter`` (an IntVar with ``other=True``): every assignment is a constant
  or a step by a constant (``i++``, ``len--``, ``i += 2``, ``i = i + 1``): its
  values are the first :data:`MAX_COUNTER_VALUES` the steps reach from the
  constants, and "another value" (a step past them);
* ``register`` (an IntVar with ``register=True``): every assignment is a
  ``__VERIFIER_nondet_*()`` call, an int field of a cell (``p->d``), another
  int variable or a constant, and one of them is not a constant (nor the
  single nondet of a symbolic value): the variable holds a datum that moves
  between cells (``value = p->d; ... q->d = value``, a value passed to an
  insertion); its order against the cells' data is tracked, anything else
  about it is not;
* ``abstract`` otherwise: its value is not tracked (the lowering abstracts
  every condition that reads it).

A ``__VERIFIER_nondet_*()`` value that the next statement guards (:class:`Guarded`:
``__VERIFIER_assume(2 <= v && v <= 5)``, ``if (v < 2 || v > 5) abort();``) counts as the small
run of values the guard keeps, so ``v`` is a flag over them (and one value the guard sends away).
"""

from dataclasses import dataclass, replace
from typing import Callable, Collection, Dict, FrozenSet, Hashable, List, Optional, Set, Tuple

import clang.cindex as ci

from tvla.cfront.cinfo import (EXIT_FUNCTIONS, FunctionFields, copied_functions, function_field_values, MAX_CASE_RANGE, K, never_returns, cell_deref, strip_kept, callee_definition, callee_name, returned_values, case_values, children, controlling_range, has_backward_goto, decl_key, for_parts,
                               constant_value, initializer, int_range, is_aggregate, is_datum, is_scalar, keeps_value,
                               mentions, repeatable, strip, switch_cases, tokens, writes_operand)
from tvla.cfront.ir import DATA_OPS, IntRange, Span, held, holds, region_values
from tvla.cfront.outparams import OutParams, deref_param, out_params
from tvla.cfront.parse import ARITHMETIC, STEP_OPS, binary_operator, evaluate_int, fold, unary_operator
from tvla.cfront.singletons import single_field, singleton_fields

__all__ = ["IntClass", "in_type", "step_through", "ABSTRACT", "KEPT", "VALUED", "MAX_COUNTER_VALUES", "step_of", "field_step", "shift_of", "mapped_of", "paired_of", "names_var", "Mapping", "MAX_FLAG_VALUES", "classify_ints", "int_var", "is_nondet_call", "RANDOM_CALLS", "is_truth_value",
           "return_key", "compound_operator", "c_converted", "IntTests", "int_tests", "remainder_of"]

MAX_FLAG_VALUES = 4
# a variable only tested against constants (an array index: table[k % 4]) keeps more values: which
# entry it names must survive from a read to the write that follows (abstract, it picks two entries
# apart and the lists get shared); 7 covers 6 buckets and the value for the others (6 lists of a
# hash table are proved in a minute, 4 in 4 s)
MAX_TESTED_VALUES = 7
MAX_COUNTER_VALUES = 6
MAX_BOUNDED_VALUES = 16   # a counter up to the constant it is compared with (for (i = 0; i < 10; i++))
TRUTH_OPS = ("<", "<=", ">", ">=", "==", "!=", "&&", "||")


@dataclass(frozen=True)
class IntClass:
    kind: str                     # const | flag | counter | symbolic | alias | register | abstract
    values: Tuple[int, ...] = ()  # const: (value,); flag: its values
    of: Optional[Hashable] = None  # alias: the declaration key of the symbolic variable it copies
    range: Optional[IntRange] = None   # the values of its C type (the values above are in it)
    once: bool = False   # a register given its value once, as a symbolic variable: copies are aliases
    # a flag tested by order (each value stands for a run of integers: ir.region_values), or the value
    # of a flag that stands for every value the tests do not name
    ordered: bool = False
    spare: Optional[int] = None
    # counter: the values a step takes past the constants it is compared with (kept out of the
    # constants other counters compared with it are bounded by, or two such counters would grow
    # each other's bounds by one a round)
    past: Tuple[int, ...] = ()
    # counter: +1 when its "another value" is always above its values (steps up only, and none
    # skips from one of them to a value below the greatest), -1 when always below; 0 otherwise
    beyond: int = 0
    # counter: a value it never goes below (it is given constants and steps up only), else None
    least: Optional[int] = None
    # counter: a nondet value it is given may also be another value (a guard keeps a run longer than
    # its values: :func:`guarded_values`)
    unlisted: bool = False

    @property
    def exact(self) -> bool:
        """Does each of its values stand for that integer alone (not a tested flag's value that
        stands for a run of integers or for every value the tests do not name)?"""
        return not self.ordered and self.spare is None

    @property
    def chosen_once(self) -> bool:
        """Is the value chosen once and never changed (a symbolic variable, or a register as one)?"""
        return self.kind == "symbolic" or self.once


ABSTRACT = IntClass("abstract")
PENDING = IntClass("pending")   # a variable no round has found a value for yet
FIELD_KINDS = ("const", "flag", "counter")   # the classes a field kept as a variable may have
KEPT = ("flag", "counter", "symbolic", "register")   # the classes with an IntVar
VALUED = ("const", "alias")   # the classes read as a value of their own: no variable is made for them
_OTHER = object()     # an assignment of an arbitrary value
_NOTHING = object()   # an assignment of a value read from a variable pending (none yet)
# k % 3 of a k not followed: an arbitrary value, which a variable only tested against constants
# (an array index) holds as a flag over them (an abstracted choice: not C's own value)
_REMAINDER = "remainder"
_INIT = "init"        # tag of an initialiser
_UNINIT = "uninit"    # tag of a declaration without one (its value is garbage until assigned)


def return_key(function: ci.Cursor) -> Hashable:
    return ("return", function.spelling)


RANDOM_CALLS = {"rand": IntRange(31, False), "random": IntRange(31, False)}
"""The C library's random numbers, any value from 0 to ``RAND_MAX`` (2^31 - 1, as glibc's):
nondeterministic values as ``__VERIFIER_nondet_*()``'s, of that range."""


def is_nondet_call(c: ci.Cursor) -> bool:
    s = strip(c, casts=True)
    name = callee_name(s) if s.kind == K.CALL_EXPR else None
    return name is not None and (name.startswith("__VERIFIER_nondet_") and name != "__VERIFIER_nondet_pointer"
                                 or name in RANDOM_CALLS)


def is_truth_value(c: ci.Cursor) -> bool:
    """A comparison or a logical operator: its value is 0 or 1."""
    s = strip(c, casts=True)
    if s.kind == K.BINARY_OPERATOR:
        return binary_operator(s) in TRUTH_OPS
    return s.kind == K.UNARY_OPERATOR and unary_operator(s) == "!"


def classify_ints(tu: ci.TranslationUnit, outs: Optional[OutParams] = None,
                  tests: Optional["IntTests"] = None, fields: Optional[FunctionFields] = None) -> Dict[Hashable, IntClass]:
    """The class of every int variable, parameter and int return value of the file (by declaration
    key); ``outs``: its out-parameters, ``tests``: its :func:`int_tests`, ``fields``: its
    :func:`~tvla.cfront.cinfo.function_field_values` (each worked out here when not given)."""
    col = _Collector(outs if outs is not None else out_params(tu), guards(tu.cursor, {}),
                     fields if fields is not None else function_field_values(tu))
    col.collect(tu.cursor, None, False)
    col.bind_indirect()
    singles = singleton_fields(tu)
    for key, single in singles.items():   # the one object's fields start with it
        col.add(key, _INIT if single.init is not None else _UNINIT, single.init)
        if single.range is not None:
            col.ranges[key] = single.range
    tests = tests if tests is not None else int_tests(tu)
    tested = {k: v for k, v in tests.constants.items() if k not in tests.used}
    comparisons = _comparisons(tu.cursor, [])
    ordered: Set[Hashable] = set()
    met: Set[Hashable] = set()
    _against_fields(tu.cursor, ordered, met)
    rounds = _Rounds(col, singles, tested, comparisons, ordered, _held_in_order(tu.cursor, ordered), tests.ordered,
                     _copied_from(met, col.assigned))
    # a variable that only takes constants and functions of its own value starts as the flag over
    # what they reach from the constants: the rounds keep it only if they find it so
    toggles = _toggles(col.assigned, col.ranges)
    # first each other variable as holding no value yet: where the rounds settle with every variable
    # given values, each holds all it is given (a parameter given len - 1 where len is what the
    # function returns); else each starts as holding anything, and the rounds settle from there
    most = 2 * len(col.assigned) + 2
    optimistic = rounds.settle({**{k: PENDING for k in col.assigned}, **toggles}, most)
    if optimistic is not None and PENDING in optimistic.values():   # given only each other (a = b; b = a)
        optimistic = rounds.settle({k: ABSTRACT if c == PENDING else c for k, c in optimistic.items()}, most)
    if optimistic is not None:
        return optimistic
    return rounds.settle(toggles, len(col.assigned) + 1, settled=False) or {}


class _Rounds:
    """The rounds of classification: each classifies every variable by the classes the last one
    found, until two agree."""

    def __init__(self, col: "_Collector", singles: Collection[Hashable], tested: Dict[Hashable, Set[int]],
                 comparisons: List[Tuple[Hashable, ci.Cursor]], ordered: Set[Hashable], held: Set[Hashable],
                 order_tested: Collection[Hashable], data: Collection[Hashable]) -> None:
        self.col, self.singles, self.tested, self.comparisons = col, singles, tested, comparisons
        self.ordered, self.held, self.order_tested, self.data = ordered, held, order_tested, data
        # symbolic variables that hold their value from their declaration on: copies of them are aliases
        self.inits = frozenset(k for k, v in col.assigned.items() if len(v) == 1 and v[0][0] == _INIT)

    def settle(self, known: Dict[Hashable, IntClass], most: int, settled: bool = True
               ) -> Optional[Dict[Hashable, IntClass]]:
        """The classes after at most ``most`` rounds from ``known``: None where they have not
        settled by then and ``settled`` asks for that."""
        col, ordered = self.col, set(self.ordered)
        compared = _compared_through_copies(_compared_values(self.comparisons, {}), col.assigned)
        classes, read = known, self.read(known)
        for _ in range(most):
            classes = {k: _classify(v, k in col.repeated, read, self.inits, self.tested.get(k), col.ranges.get(k),
                                    frozenset(compared.get(k, ())), k in ordered, k in self.order_tested, k in self.held,
                                    k in self.data)
                       for k, v in col.assigned.items()}
            # a copy compared by order makes the value it copies a register
            ordered |= {c.of for k, c in classes.items() if c.kind == "alias" and k in ordered}
            # a field kept as a variable is a counter, a flag, a constant or not followed
            classes.update({k: ABSTRACT for k, c in classes.items()
                            if k in self.singles and c.kind not in FIELD_KINDS and c != PENDING})
            # a toggle started from another flag's values (f = 1 - flag; ... f = 1 - f)
            classes.update({k: c for k, c in _toggles(col.assigned, col.ranges, classes).items()
                            if classes.get(k) == ABSTRACT and k not in self.singles})
            if classes == known:
                return classes
            known, read = classes, self.read(classes)
            compared = _compared_through_copies(_compared_values(self.comparisons, _without_past(read)), col.assigned)
        return None if settled else classes

    def read(self, known: Dict[Hashable, IntClass]) -> Dict[Hashable, IntClass]:
        """The classes as reads of the variables see them: a guarded flag without the values only
        its guard reads (those it sends away, where no other assignment gives them)."""
        out = dict(known)
        for key, assignments in self.col.assigned.items():
            cls = known.get(key)
            guards = [rhs for _, rhs in assignments if isinstance(rhs, Guarded)]
            if cls is None or cls.kind != "flag" or not any(not g.assume for g in guards):
                continue
            runs = [guard_run(g, known) for g in guards]
            # a value one guard sends away may be one another keeps (v < 0 || v > 2, then v < 3 || v > 5)
            unseen = {v for run in runs if run is not None for v in run[1]} - \
                {v for run in runs if run is not None for v in run[0]}
            for tag, rhs in assignments:
                if tag != _UNINIT and not isinstance(rhs, Guarded):
                    unseen -= _given(_value(rhs, known, self.inits), unseen)
            if unseen:
                out[key] = replace(cls, values=tuple(v for v in cls.values if v not in unseen))
        return out


def _given(value: object, values: Set[int]) -> Set[int]:
    """Those of ``values`` an assignment may give (of :func:`_value`: all of them for a value
    not a constant nor a set of constants)."""
    if isinstance(value, int):
        return {value}
    return set(value[1]) if isinstance(value, tuple) and value[0] == "set" else values


def _toggles(assigned: Dict[Hashable, List[Tuple[str, object]]], ranges: Dict[Hashable, IntRange],
             known: Optional[Dict[Hashable, IntClass]] = None) -> Dict[Hashable, IntClass]:
    """The variables given only constants and expressions of their own value and constants
    (``turn = 3 - turn``, ``phase = (phase + 1) % 3``), each as the flag over the values those
    reach from the constants (at most :data:`MAX_FLAG_VALUES`; none where C leaves one undefined).
    With the classes ``known`` so far, a start may also be a value of other flags (``f = 1 - flag``)."""
    out: Dict[Hashable, IntClass] = {}
    for key, assignments in assigned.items():
        given = [rhs for tag, rhs in assignments if tag != _UNINIT]
        consts: Set[int] = set()
        maps = []
        for rhs in given:
            v = constant_value(rhs) if isinstance(rhs, ci.Cursor) else rhs
            got = _value(rhs, known) if known is not None and v is None and isinstance(rhs, ci.Cursor) \
                and not mentions(rhs, key) else v
            if isinstance(got, int):
                consts.add(got)
            elif got is not v and isinstance(got, tuple) and got[0] == "set" and not got[2]:   # a flag's values, mapped
                consts.update(got[1])
            elif isinstance(rhs, ci.Cursor) and got is None:
                maps.append(rhs)
            else:
                break
        else:
            rng = ranges.get(key)   # each value as the variable holds it (unsigned z = y - 2)
            values = _reached(key, _convert(consts, rng), maps, rng) \
                if consts and maps else None
            if values is not None:
                out[key] = IntClass("flag", values, range=ranges.get(key))
    return out


def _reached(key: Hashable, values: Set[int], maps: List[ci.Cursor], rng: Optional[IntRange]
             ) -> Optional[Tuple[int, ...]]:
    """The values ``maps`` (expressions of variable ``key`` and constants) reach from ``values``,
    at most :data:`MAX_FLAG_VALUES`; None past that, or for any other expression."""
    while len(values) <= MAX_FLAG_VALUES:
        cls = IntClass("flag", tuple(sorted(values)), range=rng)
        reached = set(values)
        for rhs in maps:
            mapped = mapped_of(rhs, lambda c: cls if decl_key(c) == key else None, constant_value)
            if mapped is None or any(w is None for _, w in mapped[2]):
                return None
            reached |= {held(w, rng) for _, w in mapped[2] if w is not None}
        if reached == values:
            return cls.values
        values = reached
    return None


def _without_past(known: Dict[Hashable, IntClass]) -> Dict[Hashable, IntClass]:
    """The classes as the constants other variables are compared with read them: a counter
    without the values it takes past its own comparisons."""
    return {k: replace(c, values=tuple(v for v in c.values if v not in c.past), past=()) if c.past else c
            for k, c in known.items()}


def int_var(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The int variable or parameter an lvalue expression names, or the field declaration of
    ``p->f`` for a field kept as a variable (:mod:`tvla.cfront.singletons`); None: something else."""
    s = strip(c)
    if s.kind == K.MEMBER_REF_EXPR:
        return single_field(s)
    ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
    if ref is not None and ref.kind in (K.VAR_DECL, K.PARM_DECL) and is_scalar(ref.type):
        return ref
    return None


def step_of(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, int]]:
    """``v++``, ``--v``, ``v += 2``, ``v = v - 1``, ``v = 1 + v``: the int variable v and the constant added."""
    return _stepped(c, int_var)


def step_through(c: ci.Cursor) -> Optional[int]:
    """The constant ``(*p)++``, ``*p += 2``, ``*p = *p - 1`` adds through an ``int *`` parameter p
    (:func:`~tvla.cfront.outparams.deref_param`): a step of the variable p is bound to; else None."""
    stepped = _stepped(c, deref_param)
    return stepped[1] if stepped is not None else None


def field_step(c: ci.Cursor) -> Optional[int]:
    """The constant ``p->f++``, ``(*q)--``, ``x += 2`` (``x`` an int kept in a cell: its address is
    taken), ``p->f = p->f + 1`` adds to the int place it writes (the place read is the place
    written, without effects), else None."""
    stepped = _stepped(c, _int_place)
    if stepped is None:
        return None
    s = strip(c, casts=True)
    if s.kind == K.BINARY_OPERATOR:   # p->f = q->f + 1 reads another place
        place = tokens(strip(children(s)[0], casts=True))
        if not any(tokens(strip(x, casts=True)) == place for x in children(strip_kept(children(s)[1]))):
            return None
    return stepped[1]


def _int_place(c: ci.Cursor) -> Optional[ci.Cursor]:
    """The declaration that names the int place ``c``: the field of ``p->f`` (repeatable), the
    pointer ``q`` of ``*q`` or ``q[0]`` (an int cell; or the field ``val`` of ``*p->val``), the
    variable ``x``; else None."""
    m = strip(c, casts=True)
    if m.kind == K.MEMBER_REF_EXPR:
        return m.referenced if repeatable(m) and int_range(m.type) is not None else None
    pointer = cell_deref(m)
    if pointer is not None:
        pointer = strip(pointer, casts=True)   # q, or p->val of (*p->val)++
        return pointer.referenced if pointer.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) and repeatable(pointer) else None
    return m.referenced if m.kind == K.DECL_REF_EXPR and int_range(m.type) is not None else None


def _stepped(c: ci.Cursor, target: Callable[[ci.Cursor], Optional[ci.Cursor]]) -> Optional[Tuple[ci.Cursor, int]]:
    """The declaration ``target`` finds in the lvalue stepped by ``c`` (one of :func:`step_of`'s
    forms), and the constant added; else None."""
    s = strip(c, casts=True)
    if s.kind == K.UNARY_OPERATOR and unary_operator(s) in STEP_OPS:
        var = target(children(s)[0])
        return (var, 1 if "++" in unary_operator(s) else -1) if var is not None else None
    if s.kind == K.COMPOUND_ASSIGNMENT_OPERATOR and binary_operator(s) in ("+=", "-="):
        var, amount = target(children(s)[0]), evaluate_int(children(s)[1])
        if var is None or amount is None or _wider_arithmetic(var, children(s)[1].type):
            return None
        return var, amount if binary_operator(s) == "+=" else -amount
    if s.kind != K.BINARY_OPERATOR or binary_operator(s) != "=":
        return None
    var, rhs = target(children(s)[0]), strip_kept(children(s)[1])
    if var is None or rhs.kind != K.BINARY_OPERATOR or binary_operator(rhs) not in ("+", "-") or \
            _unsigned_op(rhs) and int_range(rhs.type) != int_range(var.type) or _wider_arithmetic(var, rhs.type):
        return None
    a, b = children(rhs)
    same = [target(x) is not None and decl_key(target(x)) == decl_key(var) for x in (a, b)]
    amount = evaluate_int(b) if same[0] else evaluate_int(a) if same[1] and binary_operator(rhs) == "+" else None
    if amount is None:
        return None
    return var, amount if binary_operator(rhs) == "+" else -amount


_LOOPS = (K.WHILE_STMT, K.DO_STMT, K.FOR_STMT)


class _Collector:
    """The assignments of every int variable, and which may run more than once (a symbolic value is
    chosen once: a variable assigned in a loop, by a goto, or in a callee that may be called again
    cannot be one)."""

    def __init__(self, outs: OutParams, guarded: Dict[int, "Guarded"], fields: FunctionFields) -> None:
        self.outs = outs
        self.fields = fields   # the functions each function pointer field holds (function_field_values)
        self.guarded = guarded   # nondet assignments guarded at once (:func:`guards`)
        self.assigned: Dict[Hashable, List[Tuple[str, object]]] = {}
        self.ranges: Dict[Hashable, IntRange] = {}   # the values of each variable's C type
        self.repeated: Set[Hashable] = set()
        self.again = False   # whether the statement being read may run more than once
        self.callees: Set[int] = set()   # the hashes of the callees of direct calls (f in f(x))
        self.taken: Dict[Hashable, ci.Cursor] = {}   # functions that may be called through a pointer
        self.indirect: List[Tuple[List[ci.Cursor], bool]] = []   # calls through one: arguments, again

    def add(self, key: Hashable, tag: str, rhs: object, typ: Optional[ci.Type] = None) -> None:
        arms = children(strip(rhs)) if isinstance(rhs, ci.Cursor) and strip(rhs).kind == K.CONDITIONAL_OPERATOR else []
        if len(arms) == 3:   # c ? a : b: given a or b (lowered as two assignments)
            for arm in arms[1:]:
                self.add(key, tag, arm, typ)
            return
        param = deref_param(rhs) if isinstance(rhs, ci.Cursor) else None
        if param is not None and decl_key(param) in self.outs.fields:
            rhs = "field"   # *p for p given &x->f: a datum of a cell
        functions = copied_functions(rhs, self.fields) if isinstance(rhs, ci.Cursor) else None
        if functions is not None:   # f = p->op: one of the functions the field holds, or NULL
            rhs = ("set", functions, False)
        self.assigned.setdefault(key, []).append((tag, rhs))
        rng = int_range(typ) if typ is not None else None
        if rng is not None:
            self.ranges[key] = rng
        if self.again and tag != _UNINIT:
            self.repeated.add(key)

    def collect(self, c: ci.Cursor, function: Optional[ci.Cursor], loop: bool) -> None:
        """Record every assignment below ``c`` (``function``: the definition it is in)."""
        for ch in c.get_children():
            fn, again = function, loop
            if ch.kind == K.FUNCTION_DECL:
                fn, again = ch, ch.spelling != "main" or has_backward_goto(ch)
            self.again = again
            self.record(ch, fn)
            self.collect(ch, fn, again or ch.kind in _LOOPS)

    def record(self, c: ci.Cursor, function: Optional[ci.Cursor]) -> None:
        k = c.kind
        if k == K.VAR_DECL and is_scalar(c.type):
            self.record_decl(c, function)
        elif k == K.PARM_DECL and is_scalar(c.type) and function is not None and function.spelling == "main":
            self.add(decl_key(c), "", _OTHER, c.type)
        elif k == K.BINARY_OPERATOR and binary_operator(c) == "=":
            var = int_var(children(c)[0])
            step = step_of(c)
            if var is not None:
                rhs = self.guarded.get(c.hash, _assigned_value(children(c)[1]))
                self.add(decl_key(var), "", ("step", step[1]) if step is not None else rhs)
            stepped = step_through(c)
            self.through(children(c)[0], children(c)[1] if stepped is None else ("step", stepped))
        elif k == K.UNARY_OPERATOR and unary_operator(c) == "&" and c.hash in self.outs.bound:
            pass   # given to an out-parameter: its writes are counted where they are
        elif k == K.COMPOUND_ASSIGNMENT_OPERATOR or k == K.UNARY_OPERATOR and unary_operator(c) in STEP_OPS + ("&",):
            var = int_var(children(c)[0])
            step = step_of(c)
            if var is not None:   # x ^= 1 is x = x ^ 1 (mapped_of reads it so)
                self.add(decl_key(var), "", ("step", step[1]) if step is not None else c if compound_operator(c) else _OTHER)
            stepped = step_through(c)
            self.through(children(c)[0], _OTHER if stepped is None else ("step", stepped))
        elif k == K.CALL_EXPR:
            self.record_call(c)
        elif k == K.DECL_REF_EXPR and c.hash not in self.callees:
            self.record_taken(c)
        elif k == K.RETURN_STMT and function is not None and is_scalar(function.result_type) and children(c):
            self.add(return_key(function), "", children(c)[0], function.result_type)

    def record_taken(self, c: ci.Cursor) -> None:
        """A function named other than as a direct callee may be called through a pointer."""
        ref = c.referenced
        definition = ref.get_definition() if ref is not None and ref.kind == K.FUNCTION_DECL else None
        if definition is not None:
            self.taken[decl_key(definition)] = definition

    def bind_indirect(self) -> None:
        """The arguments of every call through a pointer are assignments of the parameters of every
        function that may be called so (a function whose address is taken); a parameter that a
        call gives no argument (``void (*)()``) may hold any value."""
        for definition in self.taken.values():
            params = [p for p in definition.get_children() if p.kind == K.PARM_DECL]
            for args, again in self.indirect:
                self.again = again
                for i, p in enumerate(params):
                    if is_scalar(p.type):
                        self.add(decl_key(p), "", args[i] if i < len(args) else _OTHER, p.type)

    def through(self, target: ci.Cursor, rhs: object) -> None:
        """``*p = rhs`` for an out-parameter p: an assignment of every variable p may point to."""
        p = deref_param(target)
        for key in self.outs.targets.get(decl_key(p), ()) if p is not None else ():
            self.add(key, "", rhs)

    def record_decl(self, c: ci.Cursor, function: Optional[ci.Cursor]) -> None:
        init = initializer(c)
        if init is not None:
            self.add(decl_key(c), _INIT, self.guarded.get(c.hash, init), c.type)
        elif function is None or c.storage_class == ci.StorageClass.STATIC:
            self.add(decl_key(c), _INIT, 0, c.type)   # static storage starts at 0
        else:
            self.add(decl_key(c), _UNINIT, None, c.type)

    def record_call(self, c: ci.Cursor) -> None:
        ref = c.referenced
        if ref is None or ref.kind != K.FUNCTION_DECL:
            self.indirect.append((list(c.get_arguments()), self.again))
            return
        self.callees.add(strip(children(c)[0], casts=True).hash)
        definition = ref.get_definition()
        if definition is None:
            return
        params = [p for p in definition.get_children() if p.kind == K.PARM_DECL]
        for p, a in zip(params, c.get_arguments()):
            if is_scalar(p.type):
                self.add(decl_key(p), "", a, p.type)


@dataclass(frozen=True)
class Guarded:
    """A nondet value whose very next statements keep only some of its values: a run of
    ``__VERIFIER_assume(c)`` (``assume``: those where every c holds; the others end the path) or one
    ``if (c) abort();`` or ``if (c) x = K;`` (those where c does not hold; the others leave the
    program there, or become K, all alike, so one of them stands for all).  Nothing reads the
    variable in between."""
    var: Hashable   # the variable's key
    conds: Tuple[ci.Cursor, ...]
    assume: bool
    bounds: Optional[Tuple[int, int]] = None   # the least and greatest value it may be given


MAX_GUARD_SPAN = 64   # the integers between a guard's least and greatest constant it is evaluated on
_EXITS = ("abort", "exit", "_Exit")


def guards(c: ci.Cursor, out: Dict[int, Guarded], in_main: bool = False) -> Dict[int, Guarded]:
    """The nondet assignments below ``c`` (``int x = nondet();``, ``x = nondet();``) that the next
    statements of their block guard (:class:`Guarded`), by the hash of the declaration or operator
    (``in_main``: ``c`` is in ``main``, where a ``return`` ends the program as ``exit`` does)."""
    kids = children(c)
    if c.kind == K.COMPOUND_STMT:
        for i, first in enumerate(kids):
            assigned = _nondet_assignment(first)
            # a local declared here dies when its function returns: a return not reading it leaves it
            local = assigned is not None and assigned[0].kind == K.VAR_DECL and \
                assigned[0].storage_class != ci.StorageClass.STATIC
            guard = _guard_of(kids[i + 1:], assigned[1], assigned[2], in_main, local) if assigned is not None else None
            if assigned is not None and guard is not None:
                out[assigned[0].hash] = guard
    for ch in kids:
        guards(ch, out, ch.spelling == "main" if ch.kind == K.FUNCTION_DECL else in_main)
    return out


def _nondet_assignment(stmt: ci.Cursor) -> Optional[Tuple[ci.Cursor, ci.Cursor, ci.Cursor]]:
    """``int x = nondet();`` (its declaration) or ``x = nondet();`` (its operator), x and the call."""
    if stmt.kind == K.DECL_STMT:
        decls = children(stmt)
        init = initializer(decls[0]) if len(decls) == 1 and decls[0].kind == K.VAR_DECL else None
        ok = init is not None and is_scalar(decls[0].type) and is_nondet_call(init)
        return (decls[0], decls[0], init) if ok and init is not None else None
    s = strip(stmt)
    kids = children(s)
    if s.kind != K.BINARY_OPERATOR or len(kids) != 2 or binary_operator(s) != "=" or not is_nondet_call(kids[1]):
        return None
    var = int_var(kids[0])
    return (s, var, kids[1]) if var is not None else None


MAX_GUARD_SKIP = 3   # statements a guard may follow the value over: nondet assignments of others, constant declarations


def _guard_of(after: List[ci.Cursor], var: ci.Cursor, call: ci.Cursor, in_main: bool,
              local: bool = False) -> Optional[Guarded]:
    """The guard the statements ``after`` an assignment of ``var`` from ``call`` start with, past at
    most :data:`MAX_GUARD_SKIP` nondet assignments of other variables or declarations of constants: the ``__VERIFIER_assume``
    calls in a row, or the ``if (c) ...;`` in a row whose branch leaves (``abort()``, ``exit()``; in
    ``main``, ``return`` of a constant; for a ``local`` of its function, a ``return`` not reading
    it) or sets ``var`` to a constant (a clamp).  (A ``continue`` would end a loop body's local
    too, but a guard of a value made at every turn of a loop multiplies the structures there by
    its values: left to the other classes.)"""
    mine, given = int_range(var.type), int_range(strip(call, casts=True).type)
    # a value of a narrower type keeps its value in the variable's: only those may be given
    bounds = (given if given is not None and mine is not None and given.within(mine) else mine)
    spans = bounds.bounds if bounds is not None else None
    key = decl_key(var)
    skip = 0
    while skip < min(MAX_GUARD_SKIP, len(after)):
        other = _nondet_assignment(after[skip])
        if not (other is None and _declares_constants(after[skip]) or other is not None and decl_key(other[1]) != key):
            break
        skip += 1
    after = after[skip:]
    assumed = []
    for stmt in after:
        s = strip(stmt)
        args = list(s.get_arguments()) if s.kind == K.CALL_EXPR else []
        if s.kind != K.CALL_EXPR or callee_name(s) != "__VERIFIER_assume" or len(args) != 1:
            break
        assumed.append(args[0])
    if assumed:
        return Guarded(key, tuple(assumed), True, spans)
    tests = []
    for stmt in after:
        s = strip(stmt)
        kids = children(s)
        if s.kind != K.IF_STMT or len(kids) != 2 or \
                not (_exits(kids[1], in_main, key if local else None, key) or _clamps(kids[1], var)):
            break
        tests.append(kids[0])
    return Guarded(key, tuple(tests), False, spans) if tests else None


def _declares_constants(stmt: ci.Cursor) -> bool:
    """Does ``stmt`` only declare variables, each without an initialiser or with a constant one
    (``const int data = 2;``, ``struct node *p = NULL;``)?  It reads and changes nothing."""
    decls = children(stmt) if stmt.kind == K.DECL_STMT else []
    return bool(decls) and all(d.kind == K.VAR_DECL and not is_aggregate(d.type) and
                               (initializer(d) is None or evaluate_int(strip(initializer(d), casts=True)) is not None)
                               for d in decls)


def _clamps(stmt: ci.Cursor, var: ci.Cursor) -> bool:
    """Is ``stmt`` an assignment to ``var`` of a constant, or of a ``const`` variable initialised
    with one (alone in a block or not)?  After it every value the test sent there is that
    constant, all alike, as after ``abort()``."""
    s = strip(stmt)
    if s.kind == K.COMPOUND_STMT:
        kids = children(s)
        return len(kids) == 1 and _clamps(kids[0], var)
    kids = children(s)
    if s.kind != K.BINARY_OPERATOR or binary_operator(s) != "=" or len(kids) != 2:
        return False
    target = int_var(kids[0])
    return target is not None and decl_key(target) == decl_key(var) and \
        (evaluate_int(kids[1]) is not None or _const_initialised(kids[1]) or _unwritten_parameter(kids[1]))


def _unwritten_parameter(c: ci.Cursor) -> bool:
    """Does ``c`` read a parameter its function never writes (``val = from;`` in list-simple's
    ``_get_nondet_int(from, until)``): one value in every run of a call, as a constant is?"""
    var = int_var(c)
    fn = var.semantic_parent if var is not None and var.kind == K.PARM_DECL else None
    if fn is None or fn.kind != K.FUNCTION_DECL:
        return False
    key = decl_key(var)
    for d in fn.walk_preorder():
        if writes_operand(d) or d.kind == K.UNARY_OPERATOR and unary_operator(d) == "&":
            target = int_var(children(d)[0]) if children(d) else None
            if target is not None and decl_key(target) == key:
                return False
    return True


def _const_initialised(c: ci.Cursor) -> bool:
    """Does ``c`` read a ``const`` int variable whose initialiser is a constant?"""
    var = int_var(c)
    init = initializer(var) if var is not None and var.kind == K.VAR_DECL else None
    return var is not None and var.type.is_const_qualified() and init is not None and evaluate_int(init) is not None


def _exits(stmt: ci.Cursor, in_main: bool, leaving: Optional[Hashable] = None,
           guarded: Optional[Hashable] = None) -> bool:
    """Is ``stmt`` a call of ``abort``/``exit``, or in ``main`` a ``return`` of a constant, or a
    ``return`` not reading the local ``leaving`` (alone in a block or not; in a block after
    cleanups that do not read the variable ``guarded``: ``{ free(s); return 0; }``)?"""
    s = strip(stmt)
    if s.kind == K.COMPOUND_STMT:
        kids = children(s)
        return bool(kids) and all(_cleanup(k, guarded) for k in kids[:-1]) and _exits(kids[-1], in_main, leaving)
    if s.kind == K.RETURN_STMT:
        if leaving is not None and not mentions(s, leaving):
            return True
        return in_main and all(evaluate_int(k) is not None for k in children(s))
    return s.kind == K.CALL_EXPR and (callee_name(s) in _EXITS or _spins(s))


def _spins(call: ci.Cursor) -> bool:
    """Does ``call`` call a function of the file that only ends the program or loops forever
    (list-simple's ``myexit``: ``_EXIT: goto _EXIT;``), calling nothing else?"""
    fdef = callee_definition(call)
    return fdef is not None and never_returns(fdef, frozenset(EXIT_FUNCTIONS)) and \
        all(callee_name(c) in EXIT_FUNCTIONS for c in fdef.walk_preorder() if c.kind == K.CALL_EXPR)


def _cleanup(stmt: ci.Cursor, guarded: Optional[Hashable]) -> bool:
    """Is ``stmt`` a ``free(p)`` or an assignment without calls, neither reading the variable
    ``guarded`` (so every value a guard sends away through it takes the same path)?"""
    s = strip(stmt)
    if guarded is None or mentions(s, guarded):
        return False
    if s.kind == K.CALL_EXPR:
        return callee_name(s) == "free"
    calls = any(c.kind == K.CALL_EXPR for c in s.walk_preorder())
    return s.kind == K.BINARY_OPERATOR and binary_operator(s) == "=" and not calls


def guarded_values(g: Guarded, known: Dict[Hashable, IntClass]) -> object:
    """The values a guarded nondet value holds past its guard, as :func:`_value` gives them:
    ``("set", values, False)`` with the values of its :func:`guard_run`; for a longer run of
    consecutive integers (``if (len < 2 || len > 32) abort();``), a counter's: the values the
    guard sends away below the run, the first :data:`MAX_COUNTER_VALUES` of the run, and "another
    value" above them (``("set", values, True, (), 1, True)``: :attr:`IntClass.unlisted`); else
    ``"nondet"``."""
    found = _guard_kept(g, known)
    if found is None:
        return "nondet"
    kept, spare, below, above = found
    if not below and not above and len(kept) + len(spare) <= MAX_BOUNDED_VALUES:
        return ("set", kept + spare, False)
    if below or kept != tuple(range(kept[0], kept[-1] + 1)):
        return "nondet"
    # (unbounded above, ``__VERIFIER_assume(n > 0)``: every integer past the last kept is kept too)
    most = g.bounds[1] if g.bounds is not None else kept[0] + MAX_COUNTER_VALUES
    first = tuple(range(kept[0], min(kept[0] + MAX_COUNTER_VALUES, most + 1))) if above else kept[:MAX_COUNTER_VALUES]
    return ("set", tuple(v for v in spare if v < kept[0]) + first, True, (), 1, True)


def guard_run(g: Guarded, known: Dict[Hashable, IntClass]) -> Optional[Tuple[Tuple[int, ...], Tuple[int, ...]]]:
    """The values a guarded nondet value is given, when the guard compares the variable (in its
    own type) only with constants and keeps a bounded run of at most :data:`MAX_BOUNDED_VALUES`
    values: those it keeps, and with a leaving or clamping ``if``, one more per ``if``, where its
    test is the first to hold (the values it sends away all alike, which only the guard reads);
    None otherwise.  The assumptions after the first that is no such guard are left out (they
    still end the paths they end), and so are the ``if`` tests after the first that is none.  A
    test may also read other variables in terms of its own (``||`` of an exit test, ``&&`` of an
    assumption): the values kept are then a superset."""
    found = _guard_kept(g, known)
    if found is None or found[2] or found[3] or len(found[0]) + len(found[1]) > MAX_BOUNDED_VALUES:
        return None
    return found[0], found[1]


def _guard_kept(g: Guarded, known: Dict[Hashable, IntClass]
                ) -> Optional[Tuple[Tuple[int, ...], Tuple[int, ...], bool, bool]]:
    """The values :func:`guard_run` keeps and sends away, however many, and whether the run is
    unbounded below and above (kept at an end short of the integers it is evaluated on); None
    where it keeps none or the guard is no such test."""
    consts: Set[int] = set()
    tests: List[Callable[[int], bool]] = []
    for c in g.conds:
        test = None if _observes(c, g.var, "&&" if g.assume else "||", known) \
            else _guard_test(c, g.var, known, consts, top=not g.assume, sure=not g.assume)
        if test is None:
            break
        tests.append(test)
    if not tests or not consts:
        return None
    least, most = g.bounds if g.bounds is not None else (min(consts) - 1, max(consts) + 1)
    # evaluated one past the constants, or down (up) to the least (greatest) value when that is near
    lo = least if min(consts) - least <= MAX_GUARD_SPAN else min(consts) - 1
    hi = most if most - max(consts) <= MAX_GUARD_SPAN else max(consts) + 1
    if hi - lo > MAX_GUARD_SPAN:
        return None
    if g.assume:
        kept = [v for v in range(lo, hi + 1) if all(test(v) for test in tests)]
    else:
        kept = [v for v in range(lo, hi + 1) if not any(test(v) for test in tests)]
    # an end short of the bound stands for every integer beyond it: kept there, the run is unbounded
    below = lo in kept and (g.bounds is None or lo > least)
    above = hi in kept and (g.bounds is None or hi < most)
    if not kept:
        return None
    return tuple(kept), () if g.assume else _sent_away(tests, lo, hi), below, above


def _observes(c: ci.Cursor, key: Hashable, chain: str, known: Dict[Hashable, IntClass]) -> bool:
    """Could a side effect of guard test ``c`` keep a value of variable ``key`` the guard then
    sends away?  An operand of the ``chain`` (``||`` of an ``if``, ``&&`` of an assumption) with an
    assignment or step that reads the variable, or a call of a function of the program (which may
    read it), that is itself a test of the variable or is followed by an operand that reads it
    (``(g = v) == -7 || v > 4``, ``record(v) || v > 4``: ``g`` and ``record``'s parameter get
    values the guard sends away, which its values only stand for)."""
    ops = _operands(c, chain)
    for i, o in enumerate(ops):
        effect = any(writes_operand(x) and mentions(x, key) or x.kind == K.CALL_EXPR and not is_nondet_call(x)
                     for x in o.walk_preorder())
        if effect and (_guard_test(o, key, known, set()) is not None or any(mentions(x, key) for x in ops[i + 1:])):
            return True
    return False


def _operands(c: ci.Cursor, op: str) -> List[ci.Cursor]:
    """The operands of a chain of ``op`` (``a || b || c``), in order; ``[c]`` for another expression."""
    s = strip(c)
    kids = children(s)
    if s.kind == K.BINARY_OPERATOR and binary_operator(s) == op and len(kids) == 2:
        return _operands(kids[0], op) + _operands(kids[1], op)
    return [c]


def _sent_away(tests: List[Callable[[int], bool]], lo: int, hi: int) -> Tuple[int, ...]:
    """For each test of a run of ``if (test) leave-or-clamp;``, one value (an end first) where
    it is the first test that holds."""
    out: List[int] = []
    for i, test in enumerate(tests):
        for v in (hi, lo, *range(lo + 1, hi)):
            if test(v) and not any(t(v) for t in tests[:i]):
                out.append(v)
                break
    return tuple(out)


def _guard_test(c: ci.Cursor, key: Hashable, known: Dict[Hashable, IntClass], consts: Set[int],
                top: Optional[bool] = None, sure: bool = True) -> Optional[Callable[[int], bool]]:
    """``c`` as a test of the value of variable ``key``, when it is made of ``!``, ``&&``, ``||``
    and comparisons of the variable (in its own type) with constants or flags (``known`` gives the
    classes of variables: a parameter given 5 in one call and 0 in another, ``until`` given ``len -
    1``); None otherwise.  Collect the constants (a flag's values).  A comparison with a flag holds
    where it holds for each of the flag's values when ``sure`` (for some of them otherwise), so
    that a value the guard may keep is kept.  ``top`` True (False): ``c`` is, or is an operand of,
    a chain of ``||`` (``&&``) at the top of a test, and an operand of that chain that is no such
    test of the variable counts as false (true): whatever else it reads, where ``c`` does not hold
    (holds) the operands of the variable do not (do)."""
    s = strip(c)
    kids = children(s)
    if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "!" and kids:
        inner = _guard_test(kids[0], key, known, consts, sure=not sure)
        return (lambda v: not inner(v)) if inner is not None else None
    if s.kind != K.BINARY_OPERATOR or len(kids) != 2:
        return None
    op = binary_operator(s)
    if op in ("&&", "||"):
        chain = top if top is not None and (op == "||") == top else None
        a, b = (_guard_test(k, key, known, consts, chain, sure) for k in kids)
        if chain is not None:   # an operand that is no test of the variable
            a = a if a is not None else (lambda v: not chain)
            b = b if b is not None else (lambda v: not chain)
        if a is None or b is None:
            return None
        return (lambda v: a(v) and b(v)) if op == "&&" else (lambda v: a(v) or b(v))
    compared = _guard_bounds(s, key, known) if op in TRUTH_OPS[:6] else None
    if compared is None:
        return None
    left, ks = compared
    consts.update(ks)
    every = all if sure else any
    return (lambda v: every(holds(v, op, k) for k in ks)) if left else (lambda v: every(holds(k, op, v) for k in ks))


def _guard_bounds(s: ci.Cursor, key: Hashable, known: Dict[Hashable, IntClass]
                     ) -> Optional[Tuple[bool, Tuple[int, ...]]]:
    """For ``x op k`` or ``k op x`` with variable ``key`` and a constant k, or a flag k holding
    only some values (compared as integers in x's type): whether x is on the left, and k's
    values; None otherwise."""
    for i, (var_side, const_side) in enumerate(((children(s)[0], children(s)[1]), (children(s)[1], children(s)[0]))):
        var = int_var(var_side)
        value = _value(const_side, known) if var is not None and decl_key(var) == key else None
        values = (value,) if isinstance(value, int) else value[1] \
            if isinstance(value, tuple) and value[0] == "set" and not value[2] and value[1] else ()
        if values and var is not None and all(_value_order(var, var_side, k) for k in values):
            return i == 0, tuple(values)
    return None


_TEST_OPS = ("==", "!=")
_ORDER_OPS = ("<", "<=", ">", ">=")


class IntTests:
    """Which int variables are only ever tested, and against which constants: every reference to
    them is an operand of ``==``/``!=`` whose other operand is a constant, a truth value of its
    own (a condition of ``if``, ``while``, ``for`` or ``do``, an operand of ``!``, ``&&``, ``||``,
    the test of ``?:``: a test against 0) or the value of a ``switch`` with constant cases.  An
    assignment's target is no reference, but the value of an assignment is the variable's: the
    test of ``while ((op = f()) != 0)`` tests ``op``, and an assignment whose value is used
    otherwise is a reference."""

    def __init__(self) -> None:
        self.constants: Dict[Hashable, Set[int]] = {}
        self.used: Set[Hashable] = set()   # referenced otherwise
        self.ordered: Set[Hashable] = set()   # tested by order (<, <=, >, >=) too
        self.passed: List[Tuple[Hashable, Hashable]] = []   # (variable, parameter): f(v) passes v

    def visit(self, c: ci.Cursor, mode: str) -> None:
        """Visit ``c``, whose value is used as ``mode`` says: ``value``, ``truth`` or ``discarded``."""
        var = int_var(c) if c.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR, K.PAREN_EXPR, K.UNEXPOSED_EXPR) else None
        if var is None:
            var = self.assigned(c)
        if var is not None:
            if mode == "truth":
                self.constants.setdefault(decl_key(var), set()).add(0)
            elif mode == "value":
                self.used.add(decl_key(var))
            return
        kids = children(c)
        k = c.kind
        binary = k == K.BINARY_OPERATOR and len(kids) == 2   # (a broken one has fewer)
        if binary and binary_operator(c) in _TEST_OPS and self.test(kids):
            return
        if binary and binary_operator(c) in _ORDER_OPS and self.test(kids, ordered=True):
            return
        if binary and binary_operator(c) == "%" and self.remainder(kids):
            return
        if k == K.SWITCH_STMT and kids and self.switch(kids[0], kids[-1]):
            self.visit(kids[-1], "discarded")
            return
        if k == K.CALL_EXPR:
            kids = self.arguments(c, kids)
        modes = self.operand_modes(c, kids, mode)
        for ch in kids:
            self.visit(ch, modes.get(ch.hash, "value"))

    def arguments(self, call: ci.Cursor, kids: List[ci.Cursor]) -> List[ci.Cursor]:
        """The children of ``call`` left to visit: an int variable passed as an argument to a
        parameter of a function defined here is recorded in :attr:`passed` instead (the parameter's
        tests are the variable's: :meth:`forwarded`)."""
        fdef = callee_definition(call)
        params = [p for p in children(fdef) if p.kind == K.PARM_DECL] if fdef is not None else []
        args = list(call.get_arguments())
        if len(params) != len(args):
            return kids
        passed = {}
        for a, p in zip(args, params):
            var = int_var(strip(a, casts=True))
            if var is not None and int_range(var.type) is not None and int_range(p.type) == int_range(var.type):
                passed[a.hash] = (decl_key(var), decl_key(p))
        self.passed += passed.values()
        return [ch for ch in kids if ch.hash not in passed]

    def forwarded(self) -> None:
        """An argument is only tested where its parameter is, against the parameter's constants;
        passed to a parameter used otherwise, it is used (along chains of calls)."""
        changed = True
        while changed:
            changed = False
            for var, param in self.passed:
                before = (var in self.used, len(self.constants.get(var, ())), var in self.ordered)
                if param in self.used:
                    self.used.add(var)
                else:
                    self.constants.setdefault(var, set()).update(self.constants.get(param, ()))
                    if param in self.ordered:
                        self.ordered.add(var)
                changed |= before != (var in self.used, len(self.constants.get(var, ())), var in self.ordered)

    @property
    def sign_tested(self) -> FrozenSet[Hashable]:
        """The variables some test compares by order with 0 (``k < 0``, ``k >= 0``): a split on
        their sign makes no predicate that their own tests do not."""
        return frozenset(k for k in self.ordered if 0 in self.constants.get(k, ()))

    def assigned(self, c: ci.Cursor) -> Optional[ci.Cursor]:
        """For ``v = e`` (in parentheses or not) with an int variable ``v``: visit ``e``, return ``v``."""
        s = strip(c)
        kids = children(s)
        if s.kind != K.BINARY_OPERATOR or len(kids) != 2 or binary_operator(s) != "=":
            return None
        var = int_var(kids[0])
        if var is not None:
            self.visit(kids[1], "value")
        return var

    def test(self, kids: List[ci.Cursor], ordered: bool = False) -> bool:
        """``v == c`` or ``c != v`` (``v`` may be an assignment to it), or with ``ordered`` ``v < c``,
        ``c >= v``...: record it; False when it is no such test.  An order test counts only where C
        compares the values themselves (v's type within the one compared in, c a value of it)."""
        for var_side, const_side in ((kids[0], kids[1]), (kids[1], kids[0])):
            value = evaluate_int(const_side)
            if value is None:
                continue
            var = int_var(var_side)
            if ordered and var is not None and not _value_order(var, var_side, value):
                return False
            if var is None and not ordered:
                var = self.assigned(var_side)
            if var is not None:
                self.record(var, value, var_side.type)
                if ordered:
                    self.ordered.add(decl_key(var))
                return True
        return False

    def remainder(self, kids: List[ci.Cursor]) -> bool:
        """``v % K`` for an int variable ``v`` and a constant K other than 0: of ``v`` it reads
        only the sign where the lowering splits on it (``lower_expr.remainder_flag``: ``h = k % 4``
        is 0 to 3 for ``k >= 0``), a test of ``v`` by order against 0; False for another operand."""
        var = int_var(kids[0])
        k = evaluate_int(kids[1])
        if var is None or k in (None, 0) or not _value_order(var, kids[0], 0):
            return False
        self.record(var, 0, kids[0].type)
        self.ordered.add(decl_key(var))
        return True

    def record(self, var: ci.Cursor, value: int, compared: ci.Type) -> None:
        """``var`` is tested against ``value`` (both converted to the type ``compared``)."""
        x = in_type(value, int_range(var.type), int_range(compared))
        named = self.constants.setdefault(decl_key(var), set())
        if x is not None:   # else the test never holds: it names no value of the variable
            named.add(x)

    def switch(self, value: ci.Cursor, body: ci.Cursor) -> bool:
        """``switch (v)`` with constant case labels: ``v`` tested against each value (of a short GNU
        range ``case 1 ... 3:`` too); False otherwise."""
        labels = [case_values(case, controlling_range(value)) for case in switch_cases(body) if case.kind == K.CASE_STMT]
        if any(b is None or b[1] - b[0] >= MAX_CASE_RANGE for b in labels):
            return False
        var = int_var(value) or self.assigned(value)
        if var is None:
            return False
        self.constants.setdefault(decl_key(var), set())
        for b in labels:
            for v in range(b[0], b[1] + 1) if b is not None else ():
                self.record(var, v, value.type)
        return True

    @staticmethod
    def operand_modes(c: ci.Cursor, kids: List[ci.Cursor], mode: str) -> Dict[int, str]:
        """How ``c`` uses the values of its children (by cursor hash; the others: ``value``)."""
        k = c.kind
        truth: List[Optional[ci.Cursor]] = []
        discarded: List[Optional[ci.Cursor]] = []
        if k in (K.IF_STMT, K.WHILE_STMT, K.CONDITIONAL_OPERATOR):
            truth, discarded = kids[:1], ([] if k == K.CONDITIONAL_OPERATOR else kids[1:])
        elif k == K.DO_STMT:
            truth, discarded = kids[1:2], kids[:1]
        elif k == K.FOR_STMT:
            init, cond, inc, body = for_parts(c)
            truth, discarded = [cond], [init, inc, body]
        elif k == K.UNARY_OPERATOR and unary_operator(c) == "!":
            truth = kids
        elif k == K.BINARY_OPERATOR and binary_operator(c) in ("&&", "||"):
            truth = kids
        elif k == K.BINARY_OPERATOR and binary_operator(c) == ",":
            discarded = kids[:1]
            if mode != "value":
                (truth if mode == "truth" else discarded).extend(kids[1:])
        elif k in (K.COMPOUND_STMT, K.CASE_STMT, K.DEFAULT_STMT, K.LABEL_STMT, K.SWITCH_STMT):
            # a statement's children are statements (a case's constant names no variable)
            discarded = kids[1:] if k == K.SWITCH_STMT else kids
        elif k in (K.PAREN_EXPR, K.UNEXPOSED_EXPR) and mode != "value":
            (truth if mode == "truth" else discarded).extend(kids)
        out = {ch.hash: "truth" for ch in truth if ch is not None}
        out.update((ch.hash, "discarded") for ch in discarded if ch is not None)
        return out


def _value_order(var: ci.Cursor, operand: ci.Cursor, value: int) -> bool:
    """Does C compare ``var``'s value with ``value`` as integers when ``operand`` (var, converted) is
    compared with the constant: var's type within the compared one, which holds the constant?"""
    mine, compared = int_range(var.type), int_range(operand.type)
    return mine is not None and compared is not None and mine.within(compared) and value in compared


def in_type(value: int, var: Optional[IntRange], compared: Optional[IntRange]) -> Optional[int]:
    """The value of a variable of type ``var`` that equals ``value`` when both are converted to
    the type ``compared`` they are compared in (None: no value does; ``value`` itself when a type
    is unknown): ``c == 200`` for a signed char ``c`` never holds, ``u == -1`` for an unsigned
    ``u`` holds for 4294967295."""
    if var is None or compared is None:
        return value
    target = compared.convert(value)
    x = var.convert(target)
    return x if compared.convert(x) == target else None


def _convert(values: Set[int], rng: Optional[IntRange]) -> Set[int]:
    return {held(v, rng) for v in values}


def int_tests(tu: ci.TranslationUnit) -> IntTests:
    """How the file's int variables are tested (:class:`IntTests`), arguments as their parameters."""
    tests = IntTests()
    tests.visit(tu.cursor, "discarded")
    tests.forwarded()
    return tests


def _tested_flag(values: List[object], constants: Set[int], rng: Optional[IntRange],
                 ordered: bool = False) -> IntClass:
    """A variable given nondet values (and constants or truth values), only ever tested against
    ``constants``: a flag over the constants and one value of its type that none of the tests
    names (none when they name every one: a ``_Bool`` tested against 0 and 1).  Tested by order
    (``ordered``), one value of each run of integers between the constants stands for the run: every
    test takes the same branch for all of them."""
    consts = _convert({v for v in values if isinstance(v, int)} | ({0, 1} if "truth" in values else set()), rng)
    consts |= constants
    if ordered:
        return _region_flag(consts, rng)
    start = max(consts) + 1 if consts else 0
    spare = next((v for v in (start, 0, 1, -1, start + 1) if v not in consts and (rng is None or v in rng)), None)
    flag = consts | ({spare} if spare is not None else set())
    return IntClass("flag", tuple(sorted(flag)), range=rng, spare=spare) if len(flag) <= MAX_TESTED_VALUES else ABSTRACT


def _region_flag(consts: Set[int], rng: Optional[IntRange]) -> IntClass:
    """The flag of a variable tested by order against ``consts``: one value per region
    (:func:`~tvla.cfront.ir.region_values`)."""
    values = region_values(consts, rng)
    return IntClass("flag", values, range=rng, ordered=True) if values is not None else ABSTRACT


def _assigned_value(rhs: ci.Cursor) -> ci.Cursor:
    """The value ``rhs`` gives: in ``min = max = p->d``, that of ``max = p->d`` is ``max``, a copy."""
    s = strip(rhs)
    kids = children(s)
    if s.kind == K.BINARY_OPERATOR and len(kids) == 2 and binary_operator(s) == "=":
        return kids[0]
    return rhs


def _value(rhs: object, known: Dict[Hashable, IntClass], inits: FrozenSet[Hashable] = frozenset()) -> object:
    """An assignment as: an int constant (a literal, or a variable known to be one: ``known``
    holds the classes found so far), "truth" (0 or 1), "nondet", "var", "field", a step
    ``("step", k)``, the values of a flag or counter plus a constant ``("set", values, other)`` (a
    counter's: ``("set", values, True, past, beyond)``, ``past`` those of its values past its
    comparisons, ``beyond`` its :attr:`IntClass.beyond` where a copy keeps it: :func:`_copied_sign`),
    a copy of a symbolic variable initialised at its declaration (a key of ``inits``) or of an
    alias of one ``("alias", key)``, or _OTHER."""
    if rhs is _OTHER or isinstance(rhs, (int, tuple, str)):
        return rhs
    if isinstance(rhs, Guarded):
        return _NOTHING if any(_waits(c, known, rhs.var) for c in rhs.conds) else guarded_values(rhs, known)
    if _waits(rhs, known):
        return _NOTHING
    v = constant_value(rhs)
    if v is not None:
        return v
    var = int_var(rhs)
    cls = known.get(decl_key(var)) if var is not None else None
    if cls is not None and cls.kind == "const":
        return cls.values[0]
    if cls is not None and cls.kind == "alias":
        return ("alias", cls.of)
    if var is not None and cls is not None and cls.chosen_once and decl_key(var) in inits:
        return ("alias", decl_key(var))
    if is_nondet_call(rhs):
        return "nondet"
    if cls is None and var is None:
        cls = _returned(rhs, known)   # ret = probe(): the values probe returns
        if cls is not None and cls.kind == "const":
            return cls.values[0]
        if cls is not None and cls.kind in ("register", "symbolic"):
            return "var"   # a copy of the value returned (a datum, a nondet value)
    if cls is not None and cls.kind in ("flag", "counter"):
        return ("set", cls.values, cls.kind == "counter", cls.past, _copied_sign(cls))
    if var is not None:
        return "var"
    return _computed(rhs, known)


def _computed(rhs: ci.Cursor, known: Dict[Hashable, IntClass]) -> object:
    """:func:`_value` of an expression that is no variable, constant nor call of the program's
    (folded constants, shifts, tables of flags, remainders, a field read, a truth value)."""
    folded = _folded(rhs, known)
    if folded is not None:
        return folded
    shifted = shift_of(rhs, lambda c: known.get(decl_key(c)), lambda c: _value(c, known))
    if shifted is not None:
        cls, delta = shifted[1], shifted[2]
        return ("set", tuple(v + delta for v in cls.values), cls.kind == "counter", tuple(v + delta for v in cls.past),
                _copied_sign(cls))
    s = strip(rhs, casts=True)
    if is_datum(s) and deref_param(s) is None:
        return "field"
    if is_truth_value(rhs):
        return "truth"
    mapped = mapped_of(rhs, lambda c: known.get(decl_key(c)), lambda c: _int_or_none(_value(c, known)))
    if mapped is not None:   # len - i, 2 * i, i % 2: the values it takes, another where undefined
        table = mapped[2]
        return ("set", tuple(w for _, w in table if w is not None),
                mapped[1].kind == "counter" or any(w is None for _, w in table))
    paired = paired_of(rhs, lambda c: known.get(decl_key(c)), lambda c: _int_or_none(_value(c, known)))
    if paired is not None:   # i + len: the values it takes at every pair, another where undefined
        cells = [(m[1], w) for _, m in paired[2] for _, w in m[2]]
        return ("set", tuple(sorted({w for _, w in cells if w is not None})),
                paired[1].kind == "counter" or any(c.kind == "counter" or w is None for c, w in cells))
    span = _remainders(s)
    if span is not None:   # n % 2 of a value not followed: one of -1, 0, 1 (the lowering abstracts which)
        return ("set", span, False)
    if remainder_of(s) is not None or _returns_remainders(callee_definition(s)):
        return _REMAINDER
    return _OTHER


def _waits(c: ci.Cursor, known: Dict[Hashable, IntClass], but: Optional[Hashable] = None) -> bool:
    """Does ``c`` read a variable (other than ``but``) or call a function whose class is
    :data:`PENDING` in ``known``?"""
    for d in c.walk_preorder():
        if d.kind == K.DECL_REF_EXPR and d.referenced is not None:
            key = decl_key(d.referenced)
            if key != but and known.get(key) == PENDING:
                return True
        elif d.kind == K.CALL_EXPR and known:
            definition = callee_definition(d)
            if definition is not None and known.get(return_key(definition)) == PENDING:
                return True
    return False


def remainder_of(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, int]]:
    """``k % 3``, a remainder by a constant other than 0: its dividend and the constant (None for
    another expression)."""
    s = strip(c, casts=True)
    if s.kind != K.BINARY_OPERATOR or binary_operator(s) != "%":
        return None
    k = evaluate_int(children(s)[1])
    return (children(s)[0], k) if k not in (None, 0) else None


def _remainders(s: ci.Cursor) -> Optional[Tuple[int, ...]]:
    """The values ``k % K`` may take (from -(K-1) to K-1, from 0 for an unsigned operation), or
    ``k & M`` (M a constant from 0: from 0 to M, whatever the sign of k), if at most
    :data:`MAX_COUNTER_VALUES`; else None, as for any other expression."""
    if s.kind == K.BINARY_OPERATOR and binary_operator(s) == "&" and len(children(s)) == 2:
        m, t = evaluate_int(children(s)[1]), int_range(s.type)
        if m is None or t is None or not 0 <= m < MAX_COUNTER_VALUES or m not in t:
            return None
        return tuple(range(m + 1))
    remainder = remainder_of(s)
    if remainder is None:
        return None
    k, t = abs(remainder[1]), int_range(s.type)
    span = Span.remainder(k, t.signed) if t is not None else None
    if span is None or span.hi - span.lo + 1 > MAX_COUNTER_VALUES:
        return None
    return tuple(range(span.lo, span.hi + 1))


def _returns_remainders(fdef: Optional[ci.Cursor]) -> bool:
    """Does every ``return`` of the function ``fdef`` return a remainder (``int hash(int k) {
    return k % 3; }``)?"""
    values = returned_values(fdef) if fdef is not None else []
    return bool(values) and all(v is not None and remainder_of(v) is not None for v in values)


def _int_or_none(value: object) -> Optional[int]:
    return value if isinstance(value, int) else None


def _narrowed(value: object, rhs: object, rng: Optional[IntRange]) -> object:
    """``value`` (of :func:`_value`), or _OTHER for a copy of a variable, a field, an alias or a
    flag that C converts to a type (``rng``) not holding all the source's values
    (``unsigned char c = data`` for an int ``data``)."""
    copied = value in ("var", "field") or isinstance(value, tuple) and value[0] in ("alias", "set")
    if copied and isinstance(rhs, ci.Cursor) and rng is not None and not keeps_value(rhs, rng):
        return _OTHER
    return value


def _returned(rhs: ci.Cursor, known: Dict[Hashable, IntClass]) -> Optional[IntClass]:
    """The class of the value a call returns (None: not a call of a function defined here)."""
    definition = callee_definition(rhs)
    return known.get(return_key(definition)) if definition is not None else None


def shift_of(rhs: ci.Cursor, class_of: Callable[[ci.Cursor], Optional[IntClass]],
             value_of: Callable[[ci.Cursor], object]) -> Optional[Tuple[ci.Cursor, IntClass, int]]:
    """``j``, ``j + c``, ``c + j`` or ``j - c`` for a flag or counter j and a constant c
    (``value_of`` gives an operand's value, ``class_of`` a variable's class): j, its class and
    the shift."""
    s = strip_kept(rhs)
    var = int_var(s)
    cls = class_of(var) if var is not None else None
    if cls is not None and cls.kind in ("flag", "counter"):
        return (var, cls, 0) if cls.exact else None
    if s.kind != K.BINARY_OPERATOR or binary_operator(s) not in ("+", "-") or _unsigned_op(s):
        return None
    a, b = children(s)
    plus = binary_operator(s) == "+"
    for var_side, const_side, sign in [(a, b, 1 if plus else -1)] + ([(b, a, 1)] if plus else []):
        # only a literal or a variable is asked for its value: asking a deep operand at each
        # level of a chain v + v + ... would be exponential
        c: object = evaluate_int(const_side)
        if c is None and strip(const_side, casts=True).kind == K.DECL_REF_EXPR:
            c = value_of(const_side)
        inner = shift_of(var_side, class_of, value_of) if isinstance(c, int) else None
        if inner is not None and isinstance(c, int):   # (i + len) + 1
            return inner[0], inner[1], inner[2] + sign * c
    return None


MAX_MAPPED_NODES = 32   # operators and operands of an expression mapped_of evaluates per value (an index
                       # is a few; a 900-term sum is evaluated at every round of the classification)
Mapping = Tuple[Tuple[int, Optional[int]], ...]   # a flag's value -> the expression's (None: undefined)


def mapped_of(rhs: ci.Cursor, class_of: Callable[[ci.Cursor], Optional[IntClass]],
              value_of: Callable[[ci.Cursor], Optional[int]]) -> Optional[Tuple[ci.Cursor, IntClass, Mapping]]:
    """``rhs`` as a function of one flag or counter j and constants (``len - i``, ``2 * i + 1``,
    ``i % 2``, ``i == 1``): j, its class and, for each of its values, the value of ``rhs`` (None
    where C leaves it undefined); None for any other expression (``value_of`` gives a variable's
    constant value, ``class_of`` a variable's class)."""
    found: List[ci.Cursor] = []
    size = [0]
    root = strip(rhs)

    def walk(c: ci.Cursor) -> bool:   # only parentheses, implicit conversions and operators
        size[0] += 1
        if size[0] > MAX_MAPPED_NODES:
            return False
        s = strip(c)
        var = int_var(s)
        if var is not None:
            cls = class_of(var)
            if cls is not None and cls.kind in ("flag", "counter"):
                if not cls.exact or found and decl_key(found[0]) != decl_key(var):
                    return False
                found[:] = [var]
                return True
            return value_of(s) is not None
        if evaluate_int(s) is not None:
            return True
        kids = children(s)
        # x ^= 1 as the whole expression only: inside another its step would be lost (k += 1) * 2
        if s.kind == K.BINARY_OPERATOR and binary_operator(s) in ARITHMETIC + DATA_OPS or \
                compound_operator(s) and s == root:
            return all(walk(k) for k in kids)
        if s.kind == K.UNARY_OPERATOR and unary_operator(s) in ("-", "!") and kids:
            return walk(kids[0])
        return False

    if not walk(rhs) or not found:
        return None
    cls = class_of(found[0])
    assert cls is not None
    key = decl_key(found[0])
    return found[0], cls, tuple((v, _evaluate(rhs, key, v, value_of)) for v in cls.values)


def _evaluate(c: ci.Cursor, key: Hashable, v: int, value_of: Callable[[ci.Cursor], Optional[int]]) -> Optional[int]:
    """The value of an expression :func:`mapped_of` accepted, its variable (``key``) holding ``v``."""
    s = strip(c)
    var = int_var(s)
    if var is not None:
        return v if decl_key(var) == key else value_of(s)
    k = evaluate_int(s)
    if k is not None:
        return k
    kids = children(s)
    # each operand as C converts it (-1 compared with 1u is 4294967295), and so the result
    vals = [c_converted(k, x) for k, x in ((k, _evaluate(k, key, v, value_of)) for k in kids) if x is not None]
    if len(vals) != len(kids):
        return None
    if s.kind == K.UNARY_OPERATOR:
        r = fold("-", 0, vals[0]) if unary_operator(s) == "-" else int(not vals[0])
    else:
        op = compound_operator(s) or binary_operator(s)
        r = int(holds(vals[0], op, vals[1])) if op in DATA_OPS else fold(op, vals[0], vals[1])
    return None if r is None else c_converted(s, r)


MAX_PAIRED_VALUES = 64   # pairs of values paired_of evaluates an expression of two variables at


def paired_of(rhs: ci.Cursor, class_of: Callable[[ci.Cursor], Optional[IntClass]],
              value_of: Callable[[ci.Cursor], Optional[int]]
              ) -> Optional[Tuple[ci.Cursor, IntClass, Tuple[Tuple[int, Tuple[ci.Cursor, IntClass, Mapping]], ...]]]:
    """``rhs`` as a function of two flags or counters j and k and constants (``i + len``, ``len - i
    - 1``): j (the one with fewer values), its class and, for each of its values, :func:`mapped_of`
    of ``rhs`` with j holding that value (k, its class and k's table); None for any other
    expression, or past :data:`MAX_PAIRED_VALUES` pairs."""
    found: Dict[Hashable, Tuple[ci.Cursor, IntClass]] = {}
    for c in rhs.walk_preorder():
        var = int_var(strip(c)) if c.kind in (K.DECL_REF_EXPR, K.MEMBER_REF_EXPR) else None
        cls = class_of(var) if var is not None else None
        if var is not None and cls is not None and cls.kind in ("flag", "counter"):
            found.setdefault(decl_key(var), (var, cls))
    if len(found) != 2 or not all(cls.exact for _, cls in found.values()):
        return None
    (jk, (j, jc)), (_, (_, kc)) = sorted(found.items(), key=lambda item: len(item[1][1].values))
    if len(jc.values) * len(kc.values) > MAX_PAIRED_VALUES:
        return None
    rows = []
    for v in jc.values:
        pinned = (lambda held: lambda c: held if names_var(c, jk) else value_of(c))(v)
        mapped = mapped_of(rhs, lambda c: None if decl_key(c) == jk else class_of(c), pinned)
        if mapped is None:
            return None
        rows.append((v, mapped))
    return j, jc, tuple(rows)


def names_var(c: ci.Cursor, key: Hashable) -> bool:
    """Is ``c`` the int variable ``key`` (:func:`int_var`, through parentheses and conversions)?"""
    var = int_var(strip(c))
    return var is not None and decl_key(var) == key


def _wider_arithmetic(var: ci.Cursor, other: ci.Type) -> bool:
    """Is a step of the signed variable ``var`` (32 bits or more) with an operand of type ``other``
    computed in another type (``n + 1L``, ``n += 1u``)?  Its overflow is then no undefined behaviour:
    the conversion back wraps, and a counter stepped up may come out below its values (no step, so
    no :func:`_beyond`)."""
    mine, theirs = int_range(var.type), int_range(other)
    if mine is None or not mine.signed or mine.bits < 32 or theirs is None:
        return False
    return theirs.bits > mine.bits or not theirs.signed and theirs.bits >= mine.bits


def _unsigned_op(s: ci.Cursor) -> bool:
    """Does the operator ``s`` compute in an unsigned type (``y - 1u``: its value wraps)?"""
    rng = int_range(s.type)
    return rng is None or not rng.signed


def compound_operator(c: ci.Cursor) -> Optional[str]:
    """The arithmetic operator of a compound assignment (``^`` of ``x ^= 1``); None for another cursor."""
    if c.kind != K.COMPOUND_ASSIGNMENT_OPERATOR:
        return None
    op = binary_operator(c)[:-1]
    return op if op in ARITHMETIC else None


def c_converted(c: ci.Cursor, x: int) -> int:
    """``x`` converted to the int type of ``c`` (unchanged when it has none)."""
    return held(x, int_range(c.type))


def _folded(rhs: ci.Cursor, known: Dict[Hashable, IntClass]) -> Optional[int]:
    """``a op b`` or ``-a`` over constants and variables known to be constants (``data + 1``), each
    operand and result converted as C converts them (``(u - 1) / 2`` of an unsigned u computes in
    unsigned)."""
    s = strip_kept(rhs)
    if s.kind == K.BINARY_OPERATOR and binary_operator(s) in ARITHMETIC:
        kids = children(s)
        # a leaf operand first, and no further once one is not a constant: asking the deep side
        # of v + v + ... + v at every level was quadratic
        values: Dict[int, int] = {}
        for k in sorted(range(2), key=lambda k: bool(children(strip(kids[k], casts=True)))):
            v = _value(kids[k], known)
            if not isinstance(v, int):
                return None
            values[k] = c_converted(kids[k], v)
        r = fold(binary_operator(s), values[0], values[1])
        return c_converted(s, r) if r is not None else None
    if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "-":
        a = _value(children(s)[0], known)
        r = fold("-", 0, c_converted(children(s)[0], a)) if isinstance(a, int) else None
        return c_converted(s, r) if r is not None else None
    return None


def _counter(values: List[object], rng: Optional[IntRange], compared: FrozenSet[int] = frozenset()) -> IntClass:
    """A variable given constants, steps (``i = 0; ... i++``) and shifted flags or counters
    (``k = i + 2``): the first values the steps reach from the others, at most
    :data:`MAX_COUNTER_VALUES`; a counter may also hold others, a flag (no step, no counter
    shifted) holds only these (at most :data:`MAX_BOUNDED_VALUES` when some came from a
    guarded or copied run of values)."""
    starts = [v for v in values if isinstance(v, int)]
    starts += [x for v in values if isinstance(v, tuple) and v[0] == "set" for x in v[1]]
    wrap = rng.convert if rng is not None else (lambda v: v)   # 255 + 1 is 0 in an unsigned char
    starts = [wrap(v) for v in starts]
    steps = sorted({v[1] for v in values if isinstance(v, tuple) and v[0] == "step"})
    sets_of_others = [v for v in values if isinstance(v, tuple) and v[0] == "set" and v[2]]
    copied_other = bool(sets_of_others)   # j + 1 of a counter j
    other = bool(steps) or copied_other
    if not all(isinstance(v, (int, tuple)) for v in values) or not starts:
        return ABSTRACT
    if not other:
        flag = tuple(sorted(set(starts)))
        # a run a guard keeps (0..10), or a copy of one, is enumerated as a loop counting to 10 is
        runs = any(isinstance(v, tuple) and v[0] == "set" for v in values)
        return IntClass("flag", flag, range=rng) if len(flag) <= (MAX_BOUNDED_VALUES if runs else MAX_COUNTER_VALUES) \
            else ABSTRACT
    seen: Dict[int, None] = dict.fromkeys(starts)
    frontier = list(seen)
    while frontier and len(seen) < MAX_COUNTER_VALUES:
        frontier = [wrap(v + d) for v in frontier for d in steps if wrap(v + d) not in seen]
        for v in frontier[:MAX_COUNTER_VALUES - len(seen)]:
            seen[v] = None
    hull, past = _hull(starts, steps, compared, rng)
    # values copied from a counter that are past its comparisons stay past here
    sets = [(v[1], v[3] if len(v) > 3 else ()) for v in values if isinstance(v, tuple) and v[0] == "set"]
    copied_past = {wrap(x) for _, beyond in sets for x in beyond}
    own = {wrap(v) for v in values if isinstance(v, int)} | {wrap(x) for got, beyond in sets for x in got if x not in beyond}
    kept = tuple(sorted(set(seen) | hull | past))
    rising = not copied_other and all(d > 0 for d in steps) and rng is not None and not rng.wraps
    return IntClass("counter", kept, range=rng, past=tuple(sorted((past | copied_past) - hull - own)),
                    beyond=_copied_beyond(kept, steps, sets_of_others, rng) if copied_other else _beyond(kept, steps, rng),
                    least=min(starts) if rising else None,
                    unlisted=any(_unlisted(v) for v in values))


def _copied_sign(cls: IntClass) -> int:
    """The :attr:`IntClass.beyond` a copy of ``cls`` into a signed type of 32 bits or more keeps:
    its own, for a counter of at most 32 bits (every int type it is copied into holds its values)."""
    return cls.beyond if cls.range is not None and cls.range.bits <= 32 else 0


def _copied_beyond(values: Tuple[int, ...], steps: List[int], copies: List[tuple], rng: Optional[IntRange]) -> int:
    """:func:`_beyond` of a counter given copies of counters (``copies``, their ``("set", ...)``):
    the sign every copied counter's "another value" has (``v = i`` of an i counting up from 0 holds
    above i's values when it holds none of them), where each copy reaches the counter's edge (so
    that past the copy's values is past the counter's) and the counter's own steps keep the sign."""
    signs = {c[4] if len(c) > 4 else 0 for c in copies}
    if len(signs) != 1 or rng is None or rng.wraps or not values:
        return 0
    sign = signs.pop()
    edge = max(values) if sign > 0 else min(values)
    if sign == 0 or steps and _beyond(values, steps, rng) != sign or \
            any(not c[1] or (max(c[1]) if sign > 0 else min(c[1])) != edge for c in copies):
        return 0
    return sign


def _beyond(values: Tuple[int, ...], steps: List[int], rng: Optional[IntRange]) -> int:
    """+1 when a counter holding ``values`` and stepped by ``steps`` (given only constants among
    them) holds above them whenever it holds none of them: every step goes up, and a step from one
    of them lands on another or above the greatest; -1 the other way round; 0 otherwise, and for a
    type that is not a signed int of 32 bits or more (an unsigned or narrow one wraps around in
    the program's own semantics; a signed int overflowing is undefined behaviour)."""
    if rng is None or rng.wraps or not steps or not values:
        return 0
    sign = 1 if all(d > 0 for d in steps) else -1 if all(d < 0 for d in steps) else 0
    edge = max(values) if sign > 0 else min(values)
    if sign == 0 or any(v + d not in values and (v + d - edge) * sign <= 0 for v in values for d in steps):
        return 0
    return sign


def _hull(starts: List[int], steps: List[int], compared: FrozenSet[int], rng: Optional[IntRange]
          ) -> Tuple[Set[int], Set[int]]:
    """The values between the starts and the constants the counter is compared with, when the
    steps are by 1 and there are at most :data:`MAX_BOUNDED_VALUES` of them (a loop counting to
    10 keeps every value it takes), and the values a step takes past them (a walk counting 6 cells
    where 5 were expected: its test against 5 is exact there); else none."""
    ends = set(starts) | {c for c in compared if rng is None or c in rng}
    if not compared or not steps or any(abs(d) != 1 for d in steps):
        return set(), set()
    lo, hi = min(ends), max(ends)
    if hi - lo >= MAX_BOUNDED_VALUES:
        return set(), set()
    past = {hi + d if d > 0 else lo + d for d in steps}
    return set(range(lo, hi + 1)), {v for v in past if rng is None or v in rng}


def _comparisons(c: ci.Cursor, out: List[Tuple[Hashable, ci.Cursor]]) -> List[Tuple[Hashable, ci.Cursor]]:
    """Each int variable compared with an expression (``i < 10``, ``10 > i``, ``n != len + 1``):
    the variable's key and the expression."""
    kids = children(c)
    if c.kind == K.BINARY_OPERATOR and len(kids) == 2 and binary_operator(c) in TRUTH_OPS[:6]:
        for var_side, other in ((kids[0], kids[1]), (kids[1], kids[0])):
            key = _compared_key(var_side)
            if key is not None:
                out.append((key, other))
    for ch in kids:
        _comparisons(ch, out)
    return out


def _compared_key(side: ci.Cursor) -> Optional[Hashable]:
    """The key of the int variable, or of the return value of the call, a comparison's side is (a
    variable stepped there, as in ``i-- > 0``, is compared before or after its step)."""
    side = strip(side, casts=True)
    if side.kind == K.UNARY_OPERATOR and unary_operator(side) in STEP_OPS:
        side = strip(children(side)[0], casts=True)
    var = int_var(side)
    if var is not None:
        return decl_key(var)
    definition = callee_definition(side)
    return return_key(definition) if definition is not None else None


def _compared_values(comparisons: List[Tuple[Hashable, ci.Cursor]], known: Dict[Hashable, IntClass]
                     ) -> Dict[Hashable, Set[int]]:
    """The constants each int variable is compared with: constant expressions, variables known to
    be constants and expressions of them (``count != len + 1``, len a constant), and every value of
    an expression of a flag or counter (``count != len + 1``, len one of 2..5: 3..6)."""
    out: Dict[Hashable, Set[int]] = {}
    for key, other in comparisons:
        const = evaluate_int(other)
        value: object = const if const is not None else _value(other, known)
        if isinstance(value, int):
            out.setdefault(key, set()).add(value)
        elif isinstance(value, tuple) and value[0] == "set":
            out.setdefault(key, set()).update(value[1])
    return out


def _compared_through_copies(compared: Dict[Hashable, Set[int]], assigned: Dict[Hashable, List[Tuple[str, object]]]
                             ) -> Dict[Hashable, Set[int]]:
    """``compared`` with what a variable is compared with also compared with each variable copied
    into it (``return n;`` of ``length(l) != len``: the counter n counts to the values of len)."""
    out = {k: set(v) for k, v in compared.items()}
    copies = [(key, source) for key, assigns in assigned.items() for _tag, rhs in assigns
              for source in [_copy_source(rhs)] if source is not None]
    changed = True
    while changed:
        changed = False
        for target, source in copies:
            new = out.get(target, set()) - out.get(source, set())
            if new:
                out.setdefault(source, set()).update(new)
                changed = True
    return out


def _against_fields(c: ci.Cursor, ordered: Set[Hashable], met: Set[Hashable]) -> None:
    """Add to ``ordered`` the int variables compared by an ordering with a cell's int field (``p->d
    < pivot``), to ``met`` those compared with one in any way or stored into one (``p->d == x``,
    ``p->d = x``)."""
    kids = children(c)
    op = binary_operator(c) if c.kind == K.BINARY_OPERATOR and len(kids) == 2 else None
    if op in TRUTH_OPS[:6] or op == "=":
        for var_side, field_side in ((kids[0], kids[1]), (kids[1], kids[0])):
            var, field = int_var(strip(var_side, casts=True)), strip(field_side, casts=True)
            if var is None or not is_datum(field):
                continue
            met.add(decl_key(var))
            if op in TRUTH_OPS[:4] and single_field(field) is None and deref_param(field) is None:
                ordered.add(decl_key(var))
    for ch in kids:
        _against_fields(ch, ordered, met)


def _unlisted(value: object) -> bool:
    """Is ``value`` (of :func:`_value`) a guard's long run, which may also be another value
    (:func:`guarded_values`)?"""
    return isinstance(value, tuple) and value[0] == "set" and len(value) > 5 and bool(value[5])


def _copy_source(rhs: object, calls: bool = False) -> Optional[Hashable]:
    """The key of the int variable an assignment's value copies (``calls``: or of the value a call
    of a function of the program returns), else None."""
    if not isinstance(rhs, ci.Cursor):
        return None
    var = int_var(strip(rhs, casts=True))
    definition = callee_definition(rhs) if calls and var is None else None
    return decl_key(var) if var is not None else return_key(definition) if definition is not None else None


def _copied_from(keys: Set[Hashable], assigned: Dict[Hashable, List[Tuple[str, object]]]) -> FrozenSet[Hashable]:
    """``keys`` and the variables and return values copied into them, through copies of copies."""
    out, todo = set(keys), list(keys)
    while todo:
        for _tag, rhs in assigned.get(todo.pop(), ()):
            src = _copy_source(rhs, calls=True)
            if src is not None and src not in out:
                out.add(src)
                todo.append(src)
    return frozenset(out)


def _held_in_order(c: ci.Cursor, ordered: Set[Hashable]) -> Set[Hashable]:
    """The int variables written into a cell's int field (``p->d = i``, ``p->d = i++``) whose data
    an order test reads: two cells' data compared (``p->d < q->d``), or the variable itself
    compared with a datum (``ordered``)."""
    writes: List[Tuple[str, Hashable]] = []
    compared: Set[str] = set()

    def walk(n: ci.Cursor) -> None:
        kids = children(n)
        if n.kind == K.BINARY_OPERATOR and len(kids) == 2:
            op = binary_operator(n)
            lhs, rhs = strip(kids[0], casts=True), strip(kids[1], casts=True)
            if op in _ORDER_OPS and all(x.kind == K.MEMBER_REF_EXPR and is_datum(x) for x in (lhs, rhs)):
                compared.update((lhs.spelling, rhs.spelling))
            stepped = step_of(rhs)
            var = int_var(rhs) if stepped is None else stepped[0]
            if op == "=" and lhs.kind == K.MEMBER_REF_EXPR and is_datum(lhs) and single_field(lhs) is None \
                    and var is not None:
                writes.append((lhs.spelling, decl_key(var)))
        for ch in kids:
            walk(ch)
    walk(c)
    return {v for f, v in writes if f in compared or v in ordered}


def _monotone(cls: IntClass, values: List[object]) -> bool:
    """Is the counter ``cls`` (of assignments ``values``) given constants and steps of one sign only,
    in a type where a step past its end is undefined (so its value only moves one way)?"""
    steps = {v[1] for v in values if isinstance(v, tuple) and v[0] == "step"}
    return cls.kind == "counter" and bool(steps) and all(isinstance(v, int) or isinstance(v, tuple) and v[0] == "step"
                                                         for v in values) \
        and (all(d > 0 for d in steps) or all(d < 0 for d in steps)) \
        and cls.range is not None and not cls.range.wraps


def _classify(assignments: List[Tuple[str, object]], repeated: bool, known: Dict[Hashable, IntClass],
              inits: FrozenSet[Hashable] = frozenset(), tested: Optional[Set[int]] = None,
              rng: Optional[IntRange] = None, compared: FrozenSet[int] = frozenset(),
              ordered: bool = False, order_tested: bool = False, held: bool = False, data: bool = False) -> IntClass:
    got = [(_value(rhs, known, inits), rhs) for tag, rhs in assignments if tag != _UNINIT]
    if data:   # a long guarded run met by cells' data keeps its regions or its order (symbolic, register)
        got = [("nondet" if _unlisted(v) else v, rhs) for v, rhs in got]
    values = [_narrowed(v, rhs, rng) for v, rhs in got if v is not _NOTHING]
    if got and not values:
        return PENDING
    if tested is not None and {"nondet", _REMAINDER} & set(values) and set(values) <= {"nondet", "truth", _REMAINDER} | \
            {v for v in values if isinstance(v, int)}:
        return _tested_flag(values, tested, rng, order_tested)
    values = [_OTHER if v == _REMAINDER else v for v in values]
    only_init = len(assignments) == 1 and assignments[0][0] == _INIT
    all_bound = all(tag == "" for tag, _ in assignments)   # parameters and return values
    aliases = {v[1] for v in values if isinstance(v, tuple) and v[0] == "alias"}
    if len(aliases) == 1 and all(isinstance(v, tuple) and v[0] == "alias" for v in values) \
            and (only_init or all_bound):
        return IntClass("alias", of=aliases.pop())
    values = ["var" if isinstance(v, tuple) and v[0] == "alias" else v for v in values]
    if any(isinstance(v, tuple) for v in values):
        cls = _counter(values, rng, compared)
        # a counter whose values cells hold and an order test reads (n->d = i++, then sorted):
        # a register stepped, which keeps its order against every cell's datum
        return IntClass("register", range=rng) if held and _monotone(cls, values) else cls
    if not values or _OTHER in values:
        return ABSTRACT
    if rng is not None and rng.boolean and all(v in ("nondet", "truth") or isinstance(v, int) for v in values):
        return IntClass("flag", (0, 1), range=rng)   # a _Bool holds 0 or 1, whatever it is given
    if values == ["nondet"] and not repeated:   # a register keeps the order too
        return IntClass("register", range=rng, once=True) if ordered else IntClass("symbolic", range=rng)
    if {"nondet", "field", "var"} & set(values):
        return IntClass("register", range=rng) if "truth" not in values else ABSTRACT
    consts = _convert({v for v in values if isinstance(v, int)}, rng)
    if "truth" not in values and len(consts) == 1 and (only_init or all_bound):
        return IntClass("const", tuple(consts))
    flag = consts | ({0, 1} if "truth" in values else set())
    return IntClass("flag", tuple(sorted(flag)), range=rng) if len(flag) <= MAX_FLAG_VALUES else ABSTRACT
