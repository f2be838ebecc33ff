"""Lowering a parsed C file to a :class:`~tvla.cfront.ir.CProgram`, CIL-style.

Contract (docs/c.md, "From C to three-address statements"):

* ``main`` is the entry; every call of a function defined in the file is
  inlined (locals renamed apart, parameters bound by assignment, the return
  value through a variable, one exit per body); a ``T **`` or ``int *``
  parameter bound to ``&v`` is an alias of ``v`` (``*pp = e`` assigns ``v``).
  A recursive function is unrolled: inlined while fewer than
  :data:`RECURSION_UNROLL` calls of it are active; a call past them ends its
  path (an entry of ``CProgram.cuts``: only violations with a witness are
  reported then, never ``true``).
* Each statement is one edge with at most one dereference and one side
  effect (expression lowering: :mod:`tvla.cfront.lower_expr`); ``if``,
  loops, ``break``/``continue``, ``goto``/labels, ``switch`` and ``return``
  are edges between nodes.
* Library calls: ``malloc``/``calloc`` of one struct -> ``Malloc``; ``free``
  -> ``Free`` (``free(&x)`` -> ``FreeNonHeap``); ``reach_error()``,
  ``__VERIFIER_error()`` and a failing ``assert`` (``__assert_fail``) ->
  ``ReachError`` into ``error``; ``abort()``, ``exit()`` and the return of
  ``main`` -> ``Exit`` into ``exit``; ``__VERIFIER_assume(c)`` -> the edges
  of ``c`` whose false side goes nowhere; ``__VERIFIER_nondet_*()`` -> a
  nondeterministic value; output functions (``printf``...) do nothing; ``scanf`` gives its targets
  any value and returns EOF or how many it read.
* Whatever is outside the subset is an entry of ``CProgram.unsupported``
  located at the construct (``unsupported: ...``), and lowering goes on; so
  is a call nested more than :data:`MAX_CALL_DEPTH` calls deep, or one whose
  inlining would take the program past :data:`MAX_EDGES` edges (a function
  that calls the next one twice, 30 times over, is 2**30 copies).
* Statements and expressions nested more than :data:`MAX_NESTING` levels
  deep are an error (:class:`~tvla.errors.TvlaError` at the first construct
  past the limit), as clang's 256 levels of brackets are; the lowering runs
  on :func:`~tvla.cfront.parse.deep_stack`'s thread.
* Finally unreachable edges are dropped, empty ``Nop`` edges merged away, and
  the liveness pass (:mod:`tvla.cfront.liveness`) adds the ``Kill`` edges.
"""

from collections import Counter
from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, Hashable, Iterable, List, Optional, Set, Tuple

import clang.cindex as ci
import networkx as nx

from tvla.cfront import ir
from tvla.cfront.unsequenced import unsequenced_effects
from tvla.cfront.cinfo import BLOCK, LOOPS, encloses, is_global_var, unbuiltin, accessed_cells, function_symbol, ABS_FUNCTIONS, jumped_over_decls, binary_conditional, opaque_expression, walk_main, ERROR_FUNCTIONS, EXIT_FUNCTIONS, POINTER_LIBRARY, STOPPING_FUNCTIONS, CELL_ALLOCATORS, CELL_FIELD, K, SourceText, call_arguments, backward_jumps, callee_name, hidden_calls, jumped_back_over, library_name, switch_range, callable_from_main, function_field_values, definitions, cell_words, children, constant_value, decl_key, \
    designated_fields, does_nothing, never_returns, fields_of, function_number, initializer, int_cell, is_function_pointer, is_int, is_int_cell, is_number, \
    is_scalar, for_parts, for_parts_unknown, is_pointer, is_void_pointer, pointee_struct, strip, struct_decl, struct_name, switch_cases, \
    MAX_CASE_RANGE, case_values, int_range, sizeof_struct
from tvla.cfront.embedded import find_hosts, member_struct
from tvla.cfront.intvars import KEPT, RANDOM_CALLS, VALUED, IntClass, classify_ints, int_tests, return_key
from tvla.cfront.coalesce import coalesce
from tvla.cfront.dead_fields import forget_stale_fields
from tvla.cfront.data_steps import expand_data_steps
from tvla.cfront.unread_fields import drop_unread_fields
from tvla.cfront.liveness import drop_spins, forget_dead_flags, insert_kills, read_uninitialised
from tvla.cfront.reuse import reuse_loads
from tvla.cfront.empty import mark_empty_stores
from tvla.cfront.fresh_data import mark_written_at_once
from tvla.cfront.outparams import is_int_pointer, out_params
from tvla.cfront.singletons import singleton_fields
from tvla.cfront.swap import Swap, swap_at
from tvla.cfront.lower_cfg import BAD, Frame
from tvla.cfront.lower_expr import ABS, Cur, IntOp, Operand
from tvla.cfront.links import Link, LinkLowering, expand_links, link_struct
from tvla.cfront.tallies import tally_counters
from tvla.cfront.rewrite import Origins, rewrite
from tvla.cfront.arrays import OUT_OF_BOUNDS
from tvla.cfront.parse import STEP_OPS, binary_operator, constants_memo, deep_stack, evaluate_int, parse_file, unary_operator
from tvla.errors import TvlaError

__all__ = ["lower_file", "lower_tu", "simplify", "MAX_NESTING", "MAX_CALL_DEPTH", "MAX_EDGES"]

MAX_NESTING = 1000      # levels of statements and expressions in the syntax tree
MAX_CALL_DEPTH = 100    # calls inlined inside one another
RECURSION_UNROLL = 3    # active calls of one function: a recursive call past them ends its path
MAX_EDGES = 20_000      # edges of the lowered program, every call inlined (each costs about 0.1 ms)

INPUT_CALLS = {"scanf": 1, "fscanf": 2, "sscanf": 2}   # the index of their first target
IGNORED_CALLS = ("printf", "fprintf", "puts", "putchar", "fflush", "fputs", "fputc", "sprintf", "snprintf", "perror",
                 "srand", "srandom")
NONDET_PREFIX = "__VERIFIER_nondet_"
_ELVIS = "x ?: y whose x has an effect (a call, an assignment) or spans lines"   # binary_conditionals left it
_OPAQUE = "an expression libclang does not expose (such as __builtin_choose_expr)"


def lower_file(path: str, malloc_may_fail: bool = False, keep: Iterable[str] = (),
               liveness: bool = True, final_kills: bool = True, data_model: Optional[str] = None) -> ir.CProgram:
    """Parse and lower a ``.c``/``.i`` file.  With ``liveness``, loads whose value a variable still holds
    become copies (:mod:`tvla.cfront.reuse`) and dead variables are killed (:mod:`tvla.cfront.liveness`);
    ``keep``: pointer variables the liveness pass must not kill (e.g. the list of a ``sorted(x)``
    property, read when ``main`` returns); ``final_kills``: also globals and ``main``'s locals that
    are never used again (:func:`~tvla.cfront.liveness.insert_kills`), and stale fields
    (:mod:`tvla.cfront.dead_fields`); ``data_model``: ILP32 or LP64 (None: the file's, see
    :func:`~tvla.cfront.parse.data_model_args`)."""
    first = parse_file(path, model=data_model)
    tu, origins = deep_stack(lambda: rewrite(first, path, data_model))
    return lower_tu(tu, path, malloc_may_fail, keep, liveness, origins, final_kills)


def lower_tu(tu: ci.TranslationUnit, path: str, malloc_may_fail: bool = False, keep: Iterable[str] = (),
             liveness: bool = True, origins: Optional[Origins] = None, final_kills: bool = True) -> ir.CProgram:
    """Lower a parsed translation unit (see the module docstring); ``origins``: where the places of
    an edited copy of the file come from."""
    check_nesting(tu)
    with open(path, encoding="utf-8", errors="replace") as fh:
        lines = tuple(fh.read().splitlines())

    hidden = hidden_calls(tu)

    def work() -> ir.CProgram:
        with constants_memo():
            low = Lowering(tu, SourceText(path, lines, origins.place if origins is not None else None), malloc_may_fail)
            for attr, name in hidden:
                low.unsupported(attr, f"__attribute__(({name})): a call the C text does not show")
            for place, what in unsequenced_effects(tu):
                low.unsupported(place, what)
            for d in jumped_over_decls(tu):   # its value after the jump: what the lowering has no form for
                low.unsupported(d, f"a jump passes by the declaration of {d.spelling} (indeterminate after it)")
            for c, parent in walk_main(tu, lambda p, _above: p, None):
                if opaque_expression(c, parent):
                    low.unsupported(c, _OPAQUE if binary_conditional(c) is None else _ELVIS)
            prog = read_uninitialised(simplify(expand_data_steps(low.program(path, lines))))
        # these passes serve the analysis (names for cells, fewer variables), not the meaning
        targets = low.link_targets()
        prog = replace(prog, links=low.link_pointers())
        if not liveness:
            return mark_written_at_once(drop_spins(tally_counters(expand_links(prog, targets))))
        prog = tally_counters(reuse_loads(expand_links(reuse_loads(prog, targets), targets)))
        prog = coalesce(prog, frozenset(keep))
        prog = replace(prog, edges=tuple(_merge_empty(list(prog.edges), (prog.entry, prog.exit, prog.error))))
        if final_kills:   # all three lose cells C still points to (valid-memtrack), never what C reads
            prog = drop_unread_fields(forget_stale_fields(prog))
        prog = drop_spins(insert_kills(prog, frozenset(keep), final_kills))
        return mark_written_at_once(mark_empty_stores(forget_dead_flags(prog)))
    prog = deep_stack(work)
    # a constructor, a destructor or a cleanup function runs without a call main's code shows
    called = callable_from_main(tu) if not hidden else None
    return replace(prog, error_named=called is None or bool(called[0] & set(ERROR_FUNCTIONS)),
                   allocates=called is None or any(may_allocate(f) for f in called[0] - called[1]))


# functions of the C library that allocate no memory a program must free (any other function the
# file does not define may: strdup, fopen, getline...); and those that do, even if it defines one
KEEPS_NO_MEMORY = frozenset({"free", "abort", "exit", "_Exit", "alloca", "memset", "memcpy", "memmove", "memcmp",
                             "strlen", "strcmp", "strncmp", "strcpy", "strncpy", "strcat", "strncat", "strchr",
                             "printf", "puts", "putchar", "rand", "random", "srand", "__VERIFIER_assume",
                             "assert"}) | STOPPING_FUNCTIONS | frozenset(ABS_FUNCTIONS)
HEAP_ALLOCATORS = frozenset(CELL_ALLOCATORS) | frozenset({"realloc", "reallocarray", "aligned_alloc", "posix_memalign",
                                                      "memalign", "valloc", "pvalloc", "strdup", "strndup"})


def may_allocate(name: str) -> bool:
    """May a call of ``name``, a function the file does not define, allocate heap memory?"""
    if unbuiltin(name) in HEAP_ALLOCATORS:   # __builtin_malloc, __builtin_aligned_alloc allocate
        return True
    name = library_name(name)
    return not (name in KEEPS_NO_MEMORY or name.startswith(("__VERIFIER_nondet_", "__builtin_")))


def check_nesting(tu: ci.TranslationUnit) -> None:
    """Raise a located :class:`TvlaError` at the first cursor nested more than :data:`MAX_NESTING` deep."""
    todo: List[Tuple[ci.Cursor, int]] = [(tu.cursor, 0)]
    while todo:
        c, depth = todo.pop()
        if depth > MAX_NESTING:
            start = c.extent.start
            where = start.file.name if start.file is not None else tu.spelling
            raise TvlaError(f"nested too deeply: more than {MAX_NESTING} levels of statements and expressions",
                            where, start.line or 1, start.column or 1)
        todo += reversed([(ch, depth + 1) for ch in c.get_children()])   # the first in source order first


class Lowering(LinkLowering):
    """Statements, calls and inlining, and the whole program."""

    def __init__(self, tu: ci.TranslationUnit, src: SourceText, malloc_may_fail: bool = False):
        super().__init__(src, malloc_may_fail)
        self.tu = tu
        outs = out_params(tu)
        tests = int_tests(tu)
        self.function_fields = function_field_values(tu)   # the functions a function pointer field may hold
        self.int_classes = classify_ints(tu, outs, tests, self.function_fields)
        self.sign_tested = tests.sign_tested
        self.addressed = outs.addressed
        operands = _address_operands(tu)
        self.struct_addressed = _addressed_structs(operands)
        self.address_taken = _address_taken(operands)
        self.scope_ends = []
        self.symbolic_names: Dict[Hashable, str] = {}
        self.links: Dict[Hashable, Link] = {}
        self.link_refs: Dict[Hashable, Link] = {}
        self.made_links: List[Link] = []
        self.link_copies: List[Tuple[Link, Link]] = []
        self.globals: Dict[Hashable, str] = {}
        self.field_vars: Dict[Hashable, str] = {}   # fields kept as variables (not looked up as variables)
        self.global_inits: List[Tuple[ir.Statement, ci.Cursor]] = []
        self.jumps: Dict[Hashable, Tuple[Tuple[int, int], ...]] = {}   # function -> its backward gotos
        self.active: List[str] = []     # the functions being inlined (a call of one of them is recursive)
        self.definitions = definitions(tu)
        # the function a function pointer's value names (cinfo.function_number)
        self.numbered = {function_number(d): d for d in self.definitions.values()}
        # the error functions a function pointer's value may name (also those the file only declares)
        named = {function_number(c.referenced): function_symbol(c.referenced) for c in tu.cursor.walk_preorder()
                 if c.kind == K.DECL_REF_EXPR and c.referenced is not None and c.referenced.kind == K.FUNCTION_DECL}
        self.error_numbered = {n: f for n, f in named.items() if f in ERROR_FUNCTIONS}
        # the library functions a pointer's value may name whose call the lowering follows (free, exit)
        self.library_numbered = {n: library_name(f) for n, f in named.items()
                                 if library_name(f) in POINTER_LIBRARY and f not in self.definitions}
        self.hosts = find_hosts(tu)
        self.accessed = accessed_cells(tu.cursor)   # int cells whose elements some expression reads or writes

    # ------------------------------------------------------------------ program

    def program(self, path: str, lines: Tuple[str, ...]) -> ir.CProgram:
        main = self.definitions.get("main")
        if main is None:
            raise TvlaError("no definition of main", path, 1, 1)
        fr = Frame("main", "main", self.node(), top=_top_decls(main))
        start = self.node()
        self.bind_main_params(main, fr)
        end = self.stmt(_body(main), start, fr)
        self.goto(end, fr.exit, main)
        self.edges.append(ir.Edge(fr.exit, "exit", ir.Exit("return"), self.src.end_pos(main), "return from main"))
        self.init_globals("entry", start, main)
        self.end_scopes()
        self.mark_stuck_loops()
        return ir.CProgram(path, tuple(self.structs.values()), tuple(self.pointers.values()),
                           tuple(self.ints.values()), tuple(self.edges), "entry", "exit", "error",
                           tuple(sorted(self.problems)), tuple(sorted(self.cuts)), lines,
                           function_names=tuple(sorted({**{n: d.spelling for n, d in self.numbered.items()},
                                                        **self.error_numbered, **self.library_numbered}.items())))

    def bind_main_params(self, main: ci.Cursor, fr: Frame) -> None:
        for p in main.get_children():
            if p.kind == K.PARM_DECL:
                fr.names[decl_key(p)] = self.fresh(p.spelling or "arg")

    def init_globals(self, entry: str, start: str, c: ci.Cursor) -> None:
        """Edges from ``entry`` giving the kept int globals their initial values, then on to ``start``;
        one declared in a header (``errno``) is placed at ``main`` (``c``), a line the user has."""
        cur: Cur = entry
        main = c.translation_unit.spelling
        for stmt, where in self.global_inits:
            here = where.location.file is not None and where.location.file.name == main
            cur = self.step(cur, stmt, where if here else c)
        self.goto(cur, start, c)

    def declare_global(self, ref: ci.Cursor) -> Optional[str]:
        """A global variable, declared at its first use (NULL or its constant initial value)."""
        key = decl_key(ref)
        st = pointee_struct(ref.type)
        init = initializer(ref)
        rec = struct_decl(ref.type)
        if st is not None:
            name = self.pointer(ref.spelling, st, "global", True)
            cell = self.global_cell(init) if init is not None else None
            if cell is not None:   # List nil = &nil_cell;
                self.global_inits.append((ir.AssignVar(name, cell), ref))
            elif init is not None and evaluate_int(strip(init, casts=True)) != 0:
                self.unsupported(init, f"initial value of global {ref.spelling}")
        elif rec is not None:   # a struct variable: its cell (zeroed, as every global)
            name, made = self.cell(ref, rec, "global", init, "global")
            self.globals[key] = name   # before its initialiser, which may point to it
            self.global_inits.append((replace(made, zeroed=True), ref))
            self.global_inits += [(stmt, ref) for stmt in self.head_cells(name, rec, "global", True)]
            self.global_inits += [(stmt, ref) for stmt in self.cell_init(name, rec, init)]
        elif link_struct(ref.type) is not None:   # struct node **tail = &head;
            first = self.global_link(ref, link_struct(ref.type))
            if first is not None:
                self.global_inits.append((first, ref))
            return None
        elif is_number(ref.type):
            cls = self.int_class(key)
            name = self.fresh(ref.spelling)
            if cls.kind in ("flag", "counter"):
                self.int_var_named(name, cls, ref.type)
                value = constant_value(init) if init is not None else 0
                self.global_inits.append((ir.Havoc(name, value), ref))
        else:
            return None
        self.globals[key] = name
        return name

    def field_var(self, ref: ci.Cursor) -> str:
        """The int variable of a field kept as one (:mod:`tvla.cfront.singletons`), declared at its
        first use: it starts, before ``main``, with the value its one object is made with (nothing
        reads it before the object is made, which happens at most once)."""
        key = decl_key(ref)
        if key in self.field_vars:
            return self.field_vars[key]
        single = singleton_fields(ref.translation_unit)[key]
        name = self.field_vars[key] = self.fresh(f"{single.struct}_{single.field}")
        cls = self.int_class(key)
        if cls.kind in KEPT:
            self.int_var_named(name, cls, ref.type)
            start = ir.Havoc(name, single.init) if single.init is not None else ir.Havoc(name, uninit=True)
            self.global_inits.append((start, ref))
        return name

    def global_cell(self, init: ci.Cursor) -> Optional[str]:
        """``&x`` of a global struct variable ``x``: the pointer variable to its cell (else None)."""
        s = strip(init, casts=True)
        if s.kind != K.UNARY_OPERATOR or unary_operator(s) != "&":
            return None
        x = strip(children(s)[0])
        ref = x.referenced if x.kind == K.DECL_REF_EXPR else None
        if ref is None or ref.kind != K.VAR_DECL or ref.semantic_parent is None \
                or ref.semantic_parent.kind != K.TRANSLATION_UNIT:
            return None
        name = self.globals.get(decl_key(ref)) or self.declare_global(ref)
        return name if name in self.cells else None

    def int_var_named(self, name: str, cls: IntClass, typ: ci.Type) -> None:
        """Keep int variable ``name`` of class ``cls`` (of C type ``typ``: a function pointer's values
        get the names of the functions they stand for)."""
        names = tuple((v, self.numbered[v].spelling) for v in cls.values if v in self.numbered) \
            if is_function_pointer(typ) else ()
        self.ints[name] = ir.IntVar(name, cls.values, cls.kind == "register", cls.kind == "counter", cls.range,
                                    cls.ordered, cls.spare, names, cls.beyond)

    # ------------------------------------------------------------------ statements

    def stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """Lower a statement from node ``cur``; return the node after it (None: control does not go on)."""
        if cur is None and not _has_label(c):
            return None
        k = c.kind
        if k == K.COMPOUND_STMT:
            fr.scopes.append((c, c))
            end = self.block(children(c), cur, fr)
            fr.scopes.pop()
            # a nested block's variables go out of scope where it ends (left by a jump: goto_stmt,
            # continue_stmt, the end of the loop or switch a break leaves)
            declared = {decl_key(v) for d in children(c) if d.kind == K.DECL_STMT for v in children(d)}
            if declared & fr.top:   # a function's own block: its call's end (inline) or the program's
                return end
            # every variable declared in it (also after a label: `L: struct node *x;`, and in the
            # blocks inside, whose links already dangle)
            return self.end_scope(self.taken_within(c), fr, end, c, dies=False)
        end = self.guarded(c, cur, lambda: self.simple_stmt(c, cur, fr))
        if k in (K.WHILE_STMT, K.DO_STMT, K.FOR_STMT, K.SWITCH_STMT):
            # left by its test or by a break out of a nested block, whose end was not reached
            return self.end_scope(self.taken_within(c), fr, end, c, dies=False)
        return end

    def guarded(self, c: ci.Cursor, cur: Cur, work: Callable[[], Cur]) -> Cur:
        """``work()``, the lowering of statement ``c`` from ``cur``; a construct this lowering did not
        foresee makes the verdict unknown (an unsupported entry at ``c``), never a crash."""
        try:
            return work()
        except (ValueError, KeyError, IndexError, AttributeError, TypeError) as e:
            self.unsupported(c, f"statement the lowering cannot handle ({type(e).__name__}: {e})")
            return cur

    def block(self, stmts: List[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        """The statements of a block in turn; a swap of two fields through a temporary is one step."""
        i = 0
        while i < len(stmts):
            sw = swap_at(stmts, i)
            if sw is None or not self.swappable(sw, fr):
                cur = self.stmt(stmts[i], cur, fr)
                i += 1
                continue
            cur = self.stmt(sw.first, cur, fr)
            if cur is not None:
                cur = self.guarded(sw.second, cur, lambda: self.swap(sw, cur, fr))
            i += 3
        return cur

    def swappable(self, sw: Swap, fr: Frame) -> bool:
        """Are both sides of the swap fields (``*p`` of a parameter bound to one, or of an int cell),
        the same field?"""
        names = []
        for side in (sw.left, sw.right):
            bound = self.field_alias(side, fr)
            if bound is not None:
                names.append(bound[1])
            elif side.kind == K.MEMBER_REF_EXPR:
                names.append(side.spelling)
            elif self.cell_member(side, fr):
                names.append(CELL_FIELD)
            else:
                return False   # *p of a parameter bound to an int variable
        return names[0] == names[1]

    def swap_side(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Tuple[str, str, Optional[str], Cur]:
        bound = self.field_alias(c, fr)
        return (bound[0], bound[1], "int", cur) if bound is not None else self.member(c, cur, fr)

    def swap(self, sw: Swap, cur: Cur, fr: Frame) -> Cur:
        """``a->d = b->d; b->d = t`` after ``t = a->d``: a SwapData at the second statement."""
        a, field, kind_a, cur = self.swap_side(sw.left, cur, fr)
        b, _, kind_b, cur = self.swap_side(sw.right, cur, fr)
        if kind_a != "int" or kind_b != "int" or BAD in (a, b):
            return cur
        cur = self.step(cur, ir.SwapData(a, field, b), sw.second)
        return self.step(cur, ir.Nop(f"swap: {self.src.text(sw.third)}"), sw.third)

    def simple_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        handler = self.handlers().get(c.kind)
        if handler is not None:
            return handler(c, cur, fr)
        if c.kind == K.NULL_STMT:
            return cur
        if c.kind.is_expression():
            return self.effect(c, cur, fr)
        self.unsupported(c, self.describe(c, "statement"))
        return cur

    def handlers(self) -> Dict[Any, Callable[[ci.Cursor, Cur, Frame], Cur]]:
        return {K.DECL_STMT: self.decl_stmt, K.IF_STMT: self.if_stmt, K.WHILE_STMT: self.while_stmt,
                K.DO_STMT: self.do_stmt, K.FOR_STMT: self.for_stmt, K.BREAK_STMT: self.break_stmt,
                K.CONTINUE_STMT: self.continue_stmt, K.RETURN_STMT: self.return_stmt,
                K.GOTO_STMT: self.goto_stmt, K.LABEL_STMT: self.label_stmt, K.SWITCH_STMT: self.switch_stmt,
                K.CASE_STMT: self.case_stmt, K.DEFAULT_STMT: self.case_stmt}

    def decl_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        for d in c.get_children():
            if d.kind == K.VAR_DECL:
                cur = self.var_decl(d, cur, fr)
            elif d.kind not in (K.STRUCT_DECL, K.TYPEDEF_DECL, K.ENUM_DECL, K.UNION_DECL, K.STATIC_ASSERT):
                self.unsupported(d, self.describe(d, "declaration"))
        return cur

    def var_decl(self, d: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """A local variable: declared (renamed apart), then its initialiser assigned."""
        if d.storage_class == ci.StorageClass.EXTERN:   # the global it names, under another key: not followed
            self.unsupported(d, f"extern declaration of {d.spelling} inside a function")
            return cur
        if d.storage_class == ci.StorageClass.STATIC:   # one variable however often the function is inlined
            fr.names[decl_key(d)] = self.globals.get(decl_key(d)) or self.declare_global(d) or BAD
            return cur
        init = initializer(d)
        st = self.pointee(d.type, fr)
        if st is not None:
            name = fr.names[decl_key(d)] = self.pointer(d.spelling, st, fr.scope)
            if init is None:   # kept by simplify() only where the declaration may be reached again
                return self.step(cur, ir.AssignNull(name, uninit=True), d)
            return self.assign_ptr(name, init, cur, fr, st, d)
        if decl_key(d) in self.addressed and decl_key(d) in fr.top:
            return self.int_cell_decl(d, init, cur, fr)
        if is_number(d.type):
            return self.int_decl(d, init, cur, fr)
        linked = link_struct(d.type)
        if linked is not None:
            return self.link_decl(d, linked, init, cur, fr)
        rec = struct_decl(d.type)
        if rec is not None:
            return self.cell_decl(d, rec, init, cur, fr)
        if init is not None:
            self.unsupported(d, f"variable {d.spelling} of type {d.type.spelling}")
            return self.effect(init, cur, fr)
        return cur

    def cell_decl(self, d: ci.Cursor, rec: ci.Cursor, init: Optional[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        """A struct variable declared in a function's own block: a cell not on the heap that a
        pointer variable of its name points to (``q.f`` is that cell's field, ``&q`` the pointer).
        ``main``'s live as long as the program; a callee's die when it returns (:meth:`inline`).
        One of an inner block (whose storage dies at its end) is too when the program never takes
        its address (nothing can point into it after the block: a new cell each time the block
        runs, the last one's left behind); else it is left out."""
        if decl_key(d) not in fr.top and decl_key(d) in self.struct_addressed:
            return cur   # its uses are reported as unsupported
        copied = None
        returned = self.returning_call(init, rec)
        if returned is not None:
            init = None
        elif init is not None and struct_decl(init.type) == rec and not self.hosts.has_heads(rec):
            copied, cur = self.struct_cell(init, cur, fr)   # struct T a = b; or = *p
            init = None if copied else init
        name, made = self.cell(d, rec, fr.scope, init, "struct variable")
        fr.names[decl_key(d)] = name
        heads = self.head_cells(name, rec, fr.scope, made.zeroed)
        if fr.scope != "main":
            fr.cells += [(name, d)] + [(h.dst, d) for h in heads]
        cur = self.step(cur, made, d)
        for stmt in [*heads, *self.head_cells_of(name, made.struct, made.zeroed), *self.cell_init(name, rec, init, fr)]:
            cur = self.step(cur, stmt, d)
        if returned is not None:
            return self.call_into(returned, name, cur, fr)
        return self.copy_between(d, name, copied, rec, cur) if copied else cur

    def call_into(self, call: ci.Cursor, cell: str, cur: Cur, fr: Frame) -> Cur:
        """``a = f(...)`` (or ``struct T a = f(...);``) of a struct returned by value (a
        :meth:`returning_call`): inlined, each ``return x;`` of ``f`` copies ``x`` into ``cell``."""
        return self.inline(self.definitions[callee_name(call) or ""], call, list(call.get_arguments()),
                           cur, fr, into=cell)[1]

    def returning_call(self, e: Optional[ci.Cursor], rec: ci.Cursor) -> Optional[ci.Cursor]:
        """``e`` if it is a call of a function defined in the file that returns struct ``rec`` by
        value (a cell without list heads), else None."""
        s = strip(e, casts=True) if e is not None else None
        name = callee_name(s) if s is not None and s.kind == K.CALL_EXPR else None
        if s is None or name not in self.definitions or name in ERROR_FUNCTIONS or self.hosts.has_heads(rec):
            return None
        return s if struct_decl(s.type) == rec else None

    def struct_param(self, p: ci.Cursor, rec: ci.Cursor, a: ci.Cursor, callee: Frame, cur: Cur, fr: Frame) -> Cur:
        """A struct parameter: a cell of the callee (dying when it returns, as its struct variables
        do) given a copy of the argument, a struct variable or ``*q`` of the caller."""
        src, cur = self.struct_cell(a, cur, fr) if not self.hosts.has_heads(rec) else (None, cur)
        if src is None:
            self.unsupported(a, self.describe(a, f"argument for struct parameter {p.spelling}:"))
            return self.effect(a, cur, fr)
        name, made = self.cell(p, rec, "local", None, "struct parameter")
        callee.names[decl_key(p)] = name
        callee.cells.append((name, p))
        return self.copy_between(a, name, src, rec, self.step(cur, made, a))

    def int_cell_decl(self, d: ci.Cursor, init: Optional[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        """An int variable whose address is taken, declared in a function's own block: a cell not on
        the heap (:meth:`cell_decl`) of the int cell struct of its type, whose value it holds."""
        rec = int_cell(d.type)
        if rec is None:
            return self.int_decl(d, init, cur, fr)
        name, made = self.cell(d, rec, fr.scope, None, "int variable")
        fr.names[decl_key(d)] = name
        if fr.scope != "main":
            fr.cells.append((name, d))
        cur = self.step(cur, made, d)
        if init is None:
            return cur
        return self.assign_data(d, (name, CELL_FIELD), init, cur, fr, int_range(d.type))[1]

    def jumps_in(self, fn: Optional[ci.Cursor]) -> Tuple[Tuple[int, int], ...]:
        """The backward gotos of function ``fn`` (none for a declaration at file scope)."""
        if fn is None or fn.kind != K.FUNCTION_DECL:
            return ()
        key = decl_key(fn)
        if key not in self.jumps:
            self.jumps[key] = backward_jumps(fn)
        return self.jumps[key]

    def cell(self, d: ci.Cursor, rec: ci.Cursor, scope: str, init: Optional[ci.Cursor],
             what: str) -> Tuple[str, ir.Malloc]:
        """The pointer variable to the cell of struct variable ``d`` and the statement making the
        cell (zeroed by an initialiser such as ``{0}``; any other is unsupported)."""
        listed = init is not None and strip(init, casts=True).kind == K.INIT_LIST_EXPR
        if init is not None and not listed:
            self.unsupported(init, f"initial value of {what} {d.spelling}")
        if jumped_back_over(d, self.jumps_in(d.semantic_parent)):   # C keeps one object there; each pass makes a cell
            self.unsupported(d, f"goto back over the declaration of {what} {d.spelling}")
        name = self.pointer(d.spelling, rec, scope, True, cname=f"&{d.spelling}")
        self.cells.add(name)
        host = self.hosts.of(rec)
        if host is not None:
            self.bare[name] = (struct_name(rec), host.name)
        return name, ir.Malloc(name, self.struct(rec), listed, False, True)

    def head_cells(self, name: str, rec: ci.Cursor, scope: str, zeroed: bool) -> List[ir.Malloc]:
        """The lone cells of the list heads inside struct variable ``name`` (``q.jobs`` of a
        ``struct queue q``: :attr:`tvla.cfront.embedded.Hosts.heads`), made with it."""
        out = []
        for struct, path in sorted(self.hosts.heads):
            if struct != struct_name(rec):
                continue
            inner = member_struct(rec, path)
            host = self.hosts.of(inner)
            if inner is None or host is None:
                continue
            head = self.fresh(f"{name}_{path.replace('.', '_')}")
            self.pointers[head] = ir.PointerVar(head, host.name, scope, True,
                                                self.frame() if scope == "local" else 0)
            self.cells.add(head)
            self.bare[head] = (struct_name(inner), host.name)
            self.head_cell[(name, path)] = head
            out.append(ir.Malloc(head, host.name, zeroed, False, True))
        return out

    def cell_init(self, name: str, rec: ci.Cursor, init: Optional[ci.Cursor],
                  fr: Optional[Frame] = None) -> List[ir.Statement]:
        """The stores of an initialiser list of struct variable ``rec`` (cell ``name``, zeroed before):
        each listed field given a constant, NULL, or ``&x`` of a struct variable (``{ &head, &head }``)."""
        s = strip(init, casts=True) if init is not None else None
        if s is None or s.kind != K.INIT_LIST_EXPR or _zero_init(s):
            return []
        decls = fields_of(rec)
        # a field kept as a variable is given its first value before main (field_var)
        kept = {f.spelling for f in decls if decl_key(f) in singleton_fields(rec.translation_unit)}
        out: List[ir.Statement] = []
        for f, designators, e in designated_fields(s, decls):
            fname = f.spelling if f is not None else None
            if fname is None or fname in kept:
                continue
            if len(designators) > 1:
                self.unsupported(e, f"initial value of a part of field {fname}")
                continue
            stmt = self.init_store(name, self.host_field(rec, fname), e, fr)
            if stmt is None:
                self.unsupported(e, f"initial value of field {fname}")
            elif not isinstance(stmt, ir.Nop):
                out.append(stmt)
        return out

    def init_store(self, name: str, fname: str, e: ci.Cursor, fr: Optional[Frame]) -> Optional[ir.Statement]:
        """The store of one field's constant initial value (a Nop for 0), or None (unsupported)."""
        t = self.structs[self.pointers[name].struct]
        target = strip(e, casts=True)
        value = constant_value(e)   # a function designator too, the value of a function pointer field
        is_ptr = any(f == fname for f, _ in t.pointer_fields)
        if value == 0:
            return ir.Nop()
        if value is not None and fname in t.int_fields:
            return ir.SetData(name, fname, value)
        if is_ptr and target.kind == K.UNARY_OPERATOR and unary_operator(target) == "&":
            cell = self.cell_of(strip(children(target)[0]), fr) if fr is not None else self.global_cell(target)
            return ir.Store(name, fname, cell) if cell is not None else None
        return None

    def int_decl(self, d: ci.Cursor, init: Optional[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        cls = self.int_class(decl_key(d))
        if cls.kind in VALUED:   # read as the constant, or as the symbolic variable
            return cur
        name = fr.names[decl_key(d)] = self.fresh(d.spelling)
        if cls.chosen_once:
            self.symbolic_names[decl_key(d)] = name
        if cls.kind in KEPT:
            self.int_var_named(name, cls, d.type)
            if init is None:   # an indeterminate value: any
                return self.step(cur, ir.Havoc(name, uninit=True), d)
        if init is None:
            return cur
        return self.assign_int(name, cls, init, cur, fr, d)[1]

    def if_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        kids = children(c)
        t, f = self.node(), self.node()
        self.cond(kids[0], t, f, cur, fr)
        end_t = self.stmt(kids[1], t, fr)
        end_f = self.stmt(kids[2], f, fr) if len(kids) > 2 else f
        return self.join([end_t, end_f], c)

    def loop(self, c: ci.Cursor, fr: Frame, brk: str, cont: Optional[str], body: ci.Cursor, start: Cur) -> Cur:
        fr.loops.append((brk, cont))
        fr.scopes.append((c, body))
        end = self.stmt(body, start, fr)
        fr.scopes.pop()
        fr.loops.pop()
        return end

    def while_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        cond, body = children(c)
        head, start, after = self.node(), self.node(), self.node()
        self.goto(cur, head, c)
        self.cond(cond, start, after, head, fr)
        self.goto(self.loop(c, fr, after, head, body, start), head, c)
        return after

    def do_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        body, cond = children(c)
        start, test, after = self.node(), self.node(), self.node()
        self.goto(cur, start, c)
        self.goto(self.loop(c, fr, after, test, body, start), test, c)
        self.cond(cond, start, after, test, fr)
        return after

    def for_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        if for_parts_unknown(c):
            self.unsupported(c, "a for loop whose header a macro writes, with a part left out (the text does not "
                                "show which)")
        init, cond, inc, body = for_parts(c)
        if init is not None:
            cur = self.stmt(init, cur, fr)
        head, start, cont, after = self.node(), self.node(), self.node(), self.node()
        self.goto(cur, head, c)
        if cond is None:
            self.goto(head, start, c)
        else:
            self.cond(cond, start, after, head, fr)
        self.goto(self.loop(c, fr, after, cont, body, start), cont, c)
        self.goto(self.effect(inc, cont, fr) if inc is not None else cont, head, c)
        return after

    def break_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        if not fr.loops:
            self.unsupported(c, "break outside a loop")
        else:
            self.goto(cur, fr.loops[-1][0], c)
        return None

    def continue_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        target = next((cont for _, cont in reversed(fr.loops) if cont is not None), None)
        if target is None:
            self.unsupported(c, "continue outside a loop")
        body = next((inner for outer, inner in reversed(fr.scopes) if outer.kind in LOOPS), None)
        if body is not None:   # the variables of the loop's body go out of scope
            cur = self.end_scope(self.taken_within(body), fr, cur, c, dies=False)
        self.goto(cur, target, c)
        return None

    def return_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        kids = children(c)
        if kids and fr.result is not None:   # a struct returned by value: copied into the caller's
            src, cur = self.struct_cell(kids[0], cur, fr)
            if src is None:
                self.unsupported(c, "struct returned by value, other than a struct variable or *p")
            else:
                cur = self.copy_between(c, fr.result, src, struct_decl(kids[0].type), cur)
        elif kids and fr.ret is not None and fr.ret in self.pointers:
            cur = self.assign_ptr(fr.ret, kids[0], cur, fr, self.pointee(kids[0].type, fr), c)
        elif kids and fr.ret_class is not None:
            cur = self.assign_int(fr.ret or BAD, fr.ret_class, kids[0], cur, fr, c)[1]
        elif kids:
            cur = self.effect(kids[0], cur, fr)
        self.goto(cur, fr.exit, c)
        return None

    def goto_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        ref = [k for k in children(c) if k.kind == K.LABEL_REF]
        if not ref:
            self.unsupported(c, "computed goto")
            return None
        label = ref[0].referenced
        left = [outer for outer, _ in fr.scopes if label is not None and not encloses(outer, label)]
        if left:   # the variables of the outermost block left go out of scope
            cur = self.end_scope(self.taken_within(left[0]), fr, cur, c, dies=False)
        self.goto(cur, fr.labels.setdefault(ref[0].spelling, self.node()), c)
        return None

    def label_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        here = fr.labels.setdefault(c.spelling, self.node())
        self.goto(cur, here, c)
        kids = children(c)
        return self.stmt(kids[-1], here, fr) if kids else here

    def switch_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        """``switch``: a chain of ``==`` tests to the case labels, then the body with fall-through."""
        value, body = children(c)[0], children(c)[-1]
        after = self.node()
        op, cur = self.int_value(value, cur, fr)
        cases = switch_cases(body)
        default = after
        for case in cases:
            fr.cases[decl_key(case)] = self.node()
            if case.kind == K.DEFAULT_STMT:
                default = fr.cases[decl_key(case)]
        if op[0] == "nondet":
            cur = self.nondet_cases(op[1], cases, cur, fr, c)
        else:
            for case in cases:
                if case.kind == K.CASE_STMT:
                    cur = self.case_test(case, op, cur, fr, c)
        self.goto(cur, default, c)
        fr.loops.append((after, None))
        end = self.stmt(body, None, fr)
        fr.loops.pop()
        return self.join([end, after], c)

    def nondet_cases(self, rng: Optional[ir.IntRange], cases: List[ci.Cursor], cur: Cur, fr: Frame,
                     c: ci.Cursor) -> Cur:
        """``switch (__VERIFIER_nondet_T())``: one value drawn once goes to each case label its type
        holds, and on to the default (the node returned; None when every value has a label).  A test
        per label would draw a value per test: a ``_Bool``'s ``default`` would seem reachable."""
        lo, hi = rng.bounds if rng is not None else ir.IntRange(32, True).bounds
        note = ir.Nop(f"nondet: {self.src.text(children(c)[0])}")
        covered = 0
        for case in cases:
            labels = case_values(case, switch_range(c)) if case.kind == K.CASE_STMT else None
            if labels is None:
                if case.kind == K.CASE_STMT:
                    self.unsupported(case, "case label that is not a constant")
                continue
            a, b = max(labels[0], lo), min(labels[1], hi)
            if a <= b:
                self.edge(cur, fr.cases[decl_key(case)], note, case)
                covered += b - a + 1   # labels of one switch are distinct
        if covered >= hi - lo + 1:
            return None
        rest = self.node()
        self.edge(cur, rest, note, c)
        return rest

    def case_test(self, case: ci.Cursor, op: IntOp, cur: Cur, fr: Frame, c: ci.Cursor) -> Cur:
        """The test of one case label: ``case 3:``, or GNU's range ``case 1 ... 3:`` (a test of each
        value when there are at most :data:`MAX_CASE_RANGE`, else two order tests)."""
        labels = case_values(case, switch_range(c))
        if labels is None:
            self.unsupported(case, "case label that is not a constant")
            return cur
        lo, hi = labels
        target = fr.cases[decl_key(case)]
        if hi - lo >= MAX_CASE_RANGE:
            above, nxt = self.node(), self.node()
            self.int_branch(op, ">=", ("const", lo), above, nxt, cur, case)
            self.int_branch(op, "<=", ("const", hi), target, nxt, above, case)
            return nxt
        for v in range(lo, hi + 1):
            nxt = self.node()
            self.int_branch(op, "==", ("const", v), target, nxt, cur, case)
            cur = nxt
        return cur

    def case_stmt(self, c: ci.Cursor, cur: Cur, fr: Frame) -> Cur:
        here = fr.cases.get(decl_key(c))
        if here is None:
            self.unsupported(c, "case label outside a switch")
            return cur
        self.goto(cur, here, c)
        return self.stmt(children(c)[-1], here, fr)

    # ------------------------------------------------------------------ calls

    def call(self, s: ci.Cursor, cur: Cur, fr: Frame, want: Optional[ci.Cursor]) -> Tuple[Operand, Cur]:
        """A call: a library function, an inlined definition, or unsupported.  Returns (value, node)."""
        name = callee_name(s)
        args = call_arguments(s)
        if name is None:
            return self.indirect_call(s, args, cur, fr, want)
        if self.is_alloc(s):   # a file's own malloc is its code, inlined
            st = want or pointee_struct(s.type) or sizeof_struct(args)
            if st is None:
                self.unsupported(s, f"{name} of a block that is not a struct")
                return BAD, cur
            tmp = self.temp(self.struct(st))
            return tmp, self.malloc(tmp, s, cur, fr, st)
        if name == "realloc" and name not in self.definitions and len(args) == 2:
            return self.realloc(s, args, cur, fr, want)
        if name in self.definitions and name not in ERROR_FUNCTIONS:
            return self.inline(self.definitions[name], s, args, cur, fr, want)
        return self.library_call(name, s, args, cur, fr)

    def indirect_call(self, s: ci.Cursor, args: List[ci.Cursor], cur: Cur, fr: Frame,
                      want: Optional[ci.Cursor]) -> Tuple[Operand, Cur]:
        """``fp(args)`` or ``(*fp)(args)``: the function pointer is followed as an int whose values
        name functions (:func:`~tvla.cfront.cinfo.function_number`); the call of each function it
        may name is inlined after a test of that value.  Where it may hold NULL or a function not
        defined in the file, that branch is no run the analysis follows: an alarm of every
        property, none true or false there (:class:`~tvla.cfront.ir.OutsideObject`)."""
        callee = strip(children(s)[0], casts=True)
        if callee.kind == K.UNARY_OPERATOR and unary_operator(callee) == "*" and children(callee):
            callee = strip(children(callee)[0], casts=True)
        known = self.const_value(callee, fr)   # a parameter given one function at this call
        op, cur = (("const", known), cur) if known is not None else self.int_value(callee, cur, fr)
        values = self.held_values(op)
        if values is None and op[0] == "field" and callee.kind == K.MEMBER_REF_EXPR:
            return self.field_call(callee, op, s, args, cur, fr, want)
        if values is None:
            self.unsupported(s, "call through a function pointer whose target is not followed")
            return self.unknown(s), self.effects(args, cur, fr)
        if values == (op[1],) and op[1] in self.numbered and op[1] not in self.error_numbered:   # a constant
            return self.inline(self.numbered[op[1]], s, args, cur, fr, want)
        result, end, _ = self.call_each(op, values, False, s, args, cur, fr, want)
        return result, end

    def call_each(self, op: IntOp, values: Iterable[int], chained: bool, s: ci.Cursor, args: List[ci.Cursor],
                  cur: Cur, fr: Frame, want: Optional[ci.Cursor]) -> Tuple[Operand, Cur, Cur]:
        """The call of the function each of ``values`` names, after a test that ``op`` holds it: its
        result, the node after the calls, and (``chained``) the node where ``op`` holds none of them
        (else the values are all ``op`` may hold: None)."""
        named = self.numbered
        st = self.pointee(s.type, fr) or want
        result = self.temp(self.struct(st)) if st is not None else None
        ends: List[Cur] = []
        ints: Set[Any] = set()   # the int results: one constant is the result of the call
        for v in values:
            here, rest = self.node(), (self.node() if chained else None)
            self.int_branch(op, "==", ("const", v), here, rest, cur, s)
            cur = rest if chained else cur
            library = self.error_numbered.get(v) or self.library_numbered.get(v)
            if library is not None:   # f = reach_error or free; f(x): as a call by name
                _value, end = self.library_call(library, s, args, here, fr)
                ends.append(end)
                continue
            if v not in named:
                self.not_followed(here, "call through a function pointer holding " +
                                  ("NULL" if v == 0 else "a function not defined in the file"), s)
                continue
            value, end = self.inline(named[v], s, args, here, fr, want)
            if result is not None and isinstance(value, str) and value != BAD:
                end = self.step(end, ir.AssignVar(result, value), s)
            ints.add(value if isinstance(value, tuple) and value[0] == "const" else ABS)
            ends.append(end)
        rest = cur if chained else None
        if result is None and len(ints) == 1 and ABS not in ints:
            return ints.pop(), self.join(ends, s), rest
        return (result if result is not None else self.unknown(s)), self.join(ends, s), rest

    def field_call(self, callee: ci.Cursor, op: IntOp, s: ci.Cursor, args: List[ci.Cursor], cur: Cur, fr: Frame,
                   want: Optional[ci.Cursor]) -> Tuple[Operand, Cur]:
        """``p->f(args)``: the field holds one of the values the program writes to it
        (:func:`~tvla.cfront.cinfo.function_field_values`), each tested in turn (a ``DataCond`` on
        the field) and its function called as :meth:`indirect_call` calls a flag's; where it holds
        none of them (never written: NULL or uninitialised) the call is no run the analysis follows."""
        ref = callee.referenced
        written = self.function_fields.of(ref)
        if written is None:
            self.unsupported(s, f"call through function pointer field {ref.spelling}, whose target is not followed "
                                "(a value other than a function or NULL is written to it, or its address is taken)")
            return self.unknown(s), self.effects(args, cur, fr)
        result, end, rest = self.call_each(op, sorted(written), True, s, args, cur, fr, want)
        self.not_followed(rest, f"call through function pointer field {ref.spelling} holding none of the functions "
                                "written to it", s)
        return result, end

    def held_values(self, op: Operand) -> Optional[Tuple[int, ...]]:
        """The values an int operand may hold: a constant's, a flag's (None: not followed)."""
        if isinstance(op, tuple) and op[0] == "const":
            return (op[1],)
        if isinstance(op, tuple) and op[0] == "var" and op[1] in self.ints:
            var = self.ints[op[1]]
            return var.values if var.values and not var.other and not var.register else None
        return None

    def library_call(self, name: str, s: ci.Cursor, args: List[ci.Cursor], cur: Cur,
                     fr: Frame) -> Tuple[Operand, Cur]:
        if name == "free":
            return None, self.free(s, args, cur, fr)
        if name in ERROR_FUNCTIONS:
            # a program's own reach_error() that may return: the run goes on after it (its body runs)
            fdef = self.definitions.get(name)
            goes_on = fdef is not None and not never_returns(fdef, STOPPING_FUNCTIONS - {name})
            self.edge(cur, "error", ir.ReachError(frozenset(self.frames), goes_on), s)
            if fdef is None or not goes_on:
                return None, None
            if does_nothing(fdef):
                return None, self.step(cur, ir.Nop(f"{name}() returns"), s)
            return self.inline(fdef, s, args, cur, fr)
        if name in EXIT_FUNCTIONS:
            cur = self.effects(args, cur, fr)
            self.edge(cur, "exit", ir.Exit(EXIT_FUNCTIONS[name], frozenset(self.frames)), s)
            return None, None
        if name == OUT_OF_BOUNDS and args:
            what = strip(args[0], casts=True).spelling.strip('"')
            self.step(cur, ir.OutsideObject(f"index out of bounds: {what}"), s)
            return None, None
        if name == "__VERIFIER_assume" and args:
            nxt = self.node()
            self.cond(args[0], nxt, None, cur, fr)
            return None, nxt
        if name.startswith(NONDET_PREFIX) and name != NONDET_PREFIX + "pointer":
            return ("nondet", int_range(s.type)), cur
        if name in RANDOM_CALLS and not args:
            return ("nondet", RANDOM_CALLS[name]), cur
        if name == "time" and len(args) == 1 and evaluate_int(strip(args[0], casts=True)) == 0:   # time(NULL): any value
            return self.unknown(s), cur
        if name in ABS_FUNCTIONS:   # its value abstracted (a witness through it is no execution)
            return self.unknown(s), self.effects(args, cur, fr)
        if name == "__builtin_expect" and args:
            return self.int_value(args[0], self.effects(args[1:], cur, fr), fr)
        if name in ("memset", "__builtin_memset"):
            return self.unknown(s), self.memset(s, args, cur, fr)
        if name in ("memcpy", "__builtin_memcpy", "memmove", "__builtin_memmove"):
            return self.unknown(s), self.memcpy(s, args, cur, fr)
        if name in INPUT_CALLS:
            targets = args[INPUT_CALLS[name]:]
            return self.input_count(s, len(targets), self.read_input(s, targets, cur, fr))
        if name in ("alloca", "__builtin_alloca"):   # its cells would be roots no variable names
            self.unsupported(s, f"{name}: memory of the calling function's frame is not followed")
        elif name not in IGNORED_CALLS:
            self.unsupported(s, f"call of {name}, which is not defined in the file")
        return self.unknown(s), self.effects(args, cur, fr)

    def read_input(self, s: ci.Cursor, targets: List[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        """``scanf("%d %d", &n, &p->d)``: each int variable or field given by its address gets any
        value (the input may not match: the value may also stay; any covers both); another target
        (a string buffer) is unsupported."""
        for a in targets:
            e = strip(a, casts=True)
            inner = strip(children(e)[0]) if e.kind == K.UNARY_OPERATOR and unary_operator(e) == "&" else None
            cell = self.int_cell_var(inner, fr) if inner is not None else None
            if cell is not None:
                cur = self.step(cur, ir.SetData(cell, CELL_FIELD, None), s)
            elif inner is not None and inner.kind == K.MEMBER_REF_EXPR and is_int(inner.type):
                base, fname, kind, cur = self.member(inner, cur, fr)
                if kind == "int" and base != BAD:
                    cur = self.step(cur, ir.SetData(base, fname, None), s)
            else:
                self.unsupported(a, self.describe(a, f"input read by {callee_name(s)} into"))
                cur = self.effect(a, cur, fr)
        return cur

    def input_count(self, s: ci.Cursor, n: int, cur: Cur) -> Tuple[Operand, Cur]:
        """The value of a ``scanf`` reading ``n`` targets: EOF (-1) or how many it read, 0 to n (a
        temporary flag given one of them)."""
        tmp = self.fresh(f"{callee_name(s)}_ret")
        values = tuple(range(-1, n + 1))
        self.int_var_named(tmp, IntClass("flag", values, range=int_range(s.type)), s.type)
        return ("var", tmp), self.choices(values, cur, s, lambda v: ir.Havoc(tmp, v))

    def unknown(self, s: ci.Cursor) -> Operand:
        return BAD if pointee_struct(s.type) is not None else ABS

    def effects(self, args: List[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        for a in args:
            cur = self.effect(a, cur, fr)
        return cur

    def is_alloc(self, s: ci.Cursor) -> bool:
        """Is ``s`` a call of the C library's malloc or calloc (not of the file's own)?"""
        name = callee_name(s)
        return name in CELL_ALLOCATORS and name not in self.definitions

    def malloc(self, dst: str, s: ci.Cursor, cur: Cur, fr: Frame, st: Optional[ci.Cursor],
               at: Optional[ci.Cursor] = None) -> Cur:
        """``dst = malloc(sizeof(struct T))`` or ``calloc(1, sizeof ...)``: the size must be the struct's."""
        name = callee_name(s)
        args = list(s.get_arguments())
        if st is None:
            self.unsupported(s, f"{name} of a block that is not a struct")
            return cur
        outside = self.short_cell(s, args, st, fr)
        if outside is None:
            outside = self.hosted_cell(s, args, st, fr)
        if outside is None and not self.one_cell(s, args, st, fr):
            return cur
        stmt = ir.Malloc(dst, self.struct(st), name == "calloc", self.malloc_may_fail, outside=outside or ())
        cur = self.step(cur, stmt, at or s)
        heads = self.head_cells_of(dst, stmt.struct, stmt.zeroed)
        if not heads:
            return cur
        made = cur
        if stmt.may_fail:   # no cell: no heads
            made = self.step(cur, ir.Assume(ir.PtrCond(dst, None, False)), at or s)
            cur = self.step(cur, ir.Assume(ir.PtrCond(dst, None, True)), at or s)
        for h in heads:
            made = self.step(made, h, at or s)
        if stmt.may_fail:
            self.goto(made, cur, at or s)
            return cur
        return made

    def short_cell(self, s: ci.Cursor, sizes: List[ci.Cursor], st: ci.Cursor, fr: Frame) -> Optional[Tuple[str, ...]]:
        """The fields of ``st`` past the end of a block of fewer bytes than the struct
        (``malloc(sizeof(struct node *))``), when each is a pointer or int field the analysis follows
        (an access to one is then a valid-deref violation); None for any other block."""
        size = self.block_size(s, sizes, fr)
        if not self.is_alloc(s) or size is None or self.hosts.of(st) is not None:
            return None
        if struct_name(st) == BLOCK or is_int_cell(st) or not 0 < size < st.type.get_size():
            return None
        typ = self.structs[self.struct(st)]
        plain = {f for f, _ in typ.pointer_fields} | set(typ.int_fields)
        outside = tuple(f.spelling for f in fields_of(st)
                        if st.type.get_offset(f.spelling) // 8 + max(f.type.get_size(), 1) > size)
        return outside if outside and all(f in plain for f in outside) else None

    def hosted_cell(self, s: ci.Cursor, sizes: List[ci.Cursor], st: ci.Cursor, fr: Frame) -> Optional[Tuple[str, ...]]:
        """The fields of the host of the embedded struct ``st`` (:mod:`tvla.cfront.embedded`) that lie
        outside it, when the call ``s`` allocates one ``st`` standing alone (``malloc(sizeof(struct
        T))`` where struct T is also a member of the cells of struct C): a cell of C whose other
        fields are past the end of its block (an access to one is a valid-deref violation)."""
        host = self.hosts.of(st)
        if host is None or not self.is_alloc(s) or self.block_size(s, sizes, fr) != st.type.get_size():
            return None
        typ = self.structs[self.struct(st)]
        inside = host.path + "."
        return tuple(f for f in [f for f, _ in typ.pointer_fields] + list(typ.int_fields) if not f.startswith(inside))

    def block_size(self, s: ci.Cursor, sizes: List[ci.Cursor], fr: Frame) -> Optional[int]:
        """The bytes the allocation call ``s`` asks for with the size arguments ``sizes`` (calloc's
        two multiplied), when each is a constant (a wrapper's size parameter may be one); else None."""
        values = [self.const_value(a, fr) for a in sizes]
        known = [z for z in values if z is not None]
        if len(known) < len(values) or not values:
            return None
        return known[0] * known[1] if callee_name(s) == "calloc" else known[0]

    def one_cell(self, s: ci.Cursor, sizes: List[ci.Cursor], st: ci.Cursor, fr: Frame) -> bool:
        """Is the block allocated by the call ``s`` (of ``malloc``, ``calloc``, ``realloc``), whose size
        arguments are ``sizes``, one cell of the struct ``st`` followed on its own?  Reported where not."""
        name = callee_name(s)
        host = self.hosts.of(st)
        if host is not None:
            self.unsupported(s, f"{name} of a struct {struct_name(st)} standing alone (its cells are "
                                f"followed inside struct {host.name})")
            return False
        size = self.block_size(s, sizes, fr)
        want = st.type.get_size()
        if size != want and not (struct_name(st) == BLOCK and size is not None and size > 0) \
                and not self.int_block(st, size):
            what = "a non-constant size" if size is None else f"{size} bytes"
            array = " (arrays are not followed)" if is_int_cell(st) and size is not None and size > want else ""
            self.unsupported(s, f"{name} of {what} for {cell_words(st)} ({want} bytes){array}")
            return False
        return True

    def int_block(self, st: ci.Cursor, size: Optional[int]) -> bool:
        """Is a block of ``size`` bytes (None: not a constant) for the int cell ``st`` one cell (a
        buffer: ``n->name = malloc(16)``, ``malloc(len * sizeof(int))``)?  Of its elements only the
        first is followed (``*p``, ``p[0]``; another index or ``p + i`` is unsupported), so a block
        of whole elements, at least one, is that cell; a block of a size not known (C may give it no
        element), only where no expression reads or writes an element of such cells (they are
        allocated, passed around and freed)."""
        if not is_int_cell(st):
            return False
        want = st.type.get_size()
        return decl_key(st) not in self.accessed if size is None else size > want and size % want == 0

    def realloc(self, s: ci.Cursor, args: List[ci.Cursor], cur: Cur, fr: Frame,
                want: Optional[ci.Cursor]) -> Tuple[Operand, Cur]:
        """``realloc(p, sizeof *p)`` of a struct cell: ``malloc`` where p is NULL, else a fresh cell
        given a copy of p's fields, then p freed (so p must be a live heap cell, as for ``free``); with
        ``--malloc-may-fail`` it may also give NULL and leave p as it was.  Any other size is
        unsupported, as for ``malloc``."""
        old = strip(args[0], casts=True)
        was = pointee_struct(old.type)
        st = want or pointee_struct(s.type) or was or sizeof_struct(args[1:])
        if st is None or was is not None and was != st:
            self.unsupported(s, "realloc of a block that is not a struct, or to another struct type")
            return BAD, cur
        if not self.one_cell(s, args[1:], st, fr):
            return BAD, cur
        v, cur = self.ptr_value(old, cur, fr)
        struct, fails = self.struct(st), self.malloc_may_fail
        if self.member_heads_in(struct):
            self.unsupported(s, f"realloc of a struct {struct} that holds a list's head")
            return BAD, cur
        tmp = self.temp(struct)
        if v is None:   # realloc(NULL, n) is malloc(n)
            return tmp, self.step(cur, ir.Malloc(tmp, struct, False, fails), s)
        if not isinstance(v, str) or v == BAD:
            self.unsupported(s, f"realloc of {self.src.text(old, 40)}")
            return BAD, cur
        end, moved = self.node(), self.node()
        self.edge(self.step(cur, ir.Assume(ir.PtrCond(v, None)), s), end, ir.Malloc(tmp, struct, False, fails), s)
        made = self.step(self.step(cur, ir.Assume(ir.PtrCond(v, None, False)), s), ir.Malloc(tmp, struct, False, fails), s)
        if fails:   # a failed realloc gives NULL and leaves the block as it was
            self.edge(made, end, ir.Assume(ir.PtrCond(tmp, None)), s)
        self.edge(made, moved, ir.Assume(ir.PtrCond(tmp, None, False)), s)
        self.edge(self.copy_between(s, tmp, v, st, moved), end, ir.Free(v), s)
        return tmp, end

    def memset(self, s: ci.Cursor, args: List[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        """``memset(p, 0, sizeof *p)`` of a struct cell: each of its pointer fields NULL and each
        int field 0, one dereferencing step each (anything else is unsupported).  ``p`` may be a
        ``void *`` that points to a struct cell and the size a wrapper's parameter given the
        struct's size (``kzalloc``: ``p = malloc(size); memset(p, 0, size);``)."""
        target = strip(args[0], casts=True) if len(args) == 3 else None
        name = self.memset_struct(target, fr) if target is not None else None
        if name is None or self.const_value(args[1], fr) != 0 or self.const_value(args[2], fr) != name[1]:
            self.unsupported(s, "memset other than memset(p, 0, sizeof *p) of a struct cell")
            return self.effects(args, cur, fr)
        v, cur = self.ptr_value(target, cur, fr)
        if not isinstance(v, str) or v == BAD:
            self.unsupported(s, f"memset of {self.src.text(target, 40)}")
            return cur
        struct = self.structs[name[0]]
        steps: List[ir.Statement] = [ir.StoreNull(v, f) for f, _ in struct.pointer_fields]
        steps += [ir.SetData(v, d, 0) for d in struct.int_fields]
        for stmt in steps:
            cur = self.step(cur, stmt, s)
        return cur

    def memset_struct(self, target: ci.Cursor, fr: Frame) -> Optional[Tuple[str, int]]:
        """The struct (its name) of the cell a memset's pointer ``target`` points to and the bytes
        that cover it, or None."""
        st = pointee_struct(target.type)
        if st is not None:
            return self.struct(st), st.type.get_size()
        if not self.void_var(target, fr):
            return None
        name = self.pointers[fr.names[decl_key(target.referenced)]].struct
        return (name, self.struct_bytes[name]) if name in self.struct_bytes else None

    def memcpy(self, s: ci.Cursor, args: List[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        """``memcpy(p, q, sizeof *p)`` of two cells of one struct type: ``*p = *q`` (anything else
        is unsupported)."""
        ptrs = [strip(a, casts=True) for a in args[:2]]
        st = pointee_struct(ptrs[0].type) if len(args) == 3 else None
        if st is None or pointee_struct(ptrs[1].type) != st or evaluate_int(args[2]) != st.type.get_size():
            self.unsupported(s, f"{callee_name(s)} other than {callee_name(s)}(p, q, sizeof *p) of two struct cells")
            return self.effects(args, cur, fr)
        return self.copy_fields(s, ptrs, st, cur, fr)

    def free(self, s: ci.Cursor, args: List[ci.Cursor], cur: Cur, fr: Frame) -> Cur:
        arg = strip(args[0], casts=True) if args else None
        if arg is None:
            return cur
        cell, at_start = _in_cell(arg) or (None, False)
        if cell is not None and at_start:   # free(&p->first_field): free(p)
            arg = cell
        elif arg.kind == K.UNARY_OPERATOR and unary_operator(arg) == "&" or arg.kind == K.STRING_LITERAL:
            inside = f" (a pointer inside a struct {struct_name(pointee_struct(cell.type))})" if cell is not None else ""
            return self.step(cur, ir.FreeNonHeap(self.src.text(arg) + inside), s)
        alias = self.alias_of(arg, fr) if arg.kind == K.DECL_REF_EXPR else None
        if alias is not None:   # an out-parameter T **pp holds &v: the address of a variable
            return self.step(cur, ir.FreeNonHeap(f"{self.src.text(arg)} (&{alias})"), s)
        if pointee_struct(arg.type) is None and evaluate_int(arg) is None and not self.void_var(arg, fr):
            self.unsupported(s, f"free of {self.src.text(arg, 40)}, of type {arg.type.spelling}")
            return cur
        v, cur = self.ptr_value(arg, cur, fr)
        if v is None:
            return self.step(cur, ir.Nop("free(NULL)"), s)
        inner = pointee_struct(arg.type)
        host = self.hosts.of(inner)
        if inner is not None and struct_name(inner) in self.hosts.heads_at_start:
            # a list's head at the start of the cell that holds it: free(&dev->bufs) is free(dev)
            cur = self.unless_member_head(v, f"{v} may point to a list head at the start of another cell: "
                                             "free of that cell", cur, s)
        if host is not None and not host.at_start:   # a pointer into a cell, past its start
            bad = self.node()
            self.edge(cur, bad, ir.Assume(ir.PtrCond(v, None, False)), s)
            self.step(bad, ir.FreeNonHeap(f"{self.src.text(arg)} (a pointer inside a struct {host.name})"), s)
            return self.step(cur, ir.Assume(ir.PtrCond(v, None, True)), s)
        return self.free_with_heads(v, False, cur, s)

    def free_with_heads(self, v: str, scope_end: bool, cur: Cur, c: ci.Cursor) -> Cur:
        """``free(v)`` (or the end of v's struct variable), and the lone cells of the list heads inside
        v's cell die with it: taken before (where v is not valid, none), freed after."""
        held = self.pointers.get(v)
        heads = [(self.temp(host), path) for path, host in self.member_heads_in(held.struct if held else "")]
        for tmp, path in heads:
            cur = self.step(cur, ir.Load(tmp, v, path, quiet=True), c)
        cur = self.step(cur, ir.Free(v, scope_end), c)
        for tmp, _ in heads:
            cur = self.step(cur, ir.Free(tmp, scope_end=True), c)
        return cur

    def void_var(self, c: ci.Cursor, fr: Frame) -> bool:
        """Is ``c`` a ``void *`` variable that points to a struct here (a wrapper's parameter or local)?"""
        ref = c.referenced if c.kind == K.DECL_REF_EXPR else None
        return ref is not None and is_void_pointer(ref.type) and fr.names.get(decl_key(ref)) in self.pointers

    # ------------------------------------------------------------------ inlining

    def inline(self, fdef: ci.Cursor, s: ci.Cursor, args: List[ci.Cursor], cur: Cur,
               fr: Frame, want: Optional[ci.Cursor] = None, into: Optional[str] = None) -> Tuple[Operand, Cur]:
        """Inline a call of ``fdef``: bind the parameters, lower the body, return (value, node after).
        ``want``: the struct the caller's pointer to the result points to (for a ``void *`` result);
        ``into``: the cell a struct result is copied into (else it is dropped)."""
        name = fdef.spelling
        why = None
        if self.active.count(name) >= RECURSION_UNROLL:   # the path ends: C's deeper calls are not followed
            self.cut(s, f"recursive function {name}: calls more than {RECURSION_UNROLL} deep are not followed")
            self.still_in_scope(cur, s)
            return self.unknown(s), self.node()
        if len(self.active) >= MAX_CALL_DEPTH:
            why = f"call of {name} nested more than {MAX_CALL_DEPTH} calls deep"
        elif len(self.edges) > MAX_EDGES:
            why = f"call of {name}: the program has more than {MAX_EDGES} statements once its calls are inlined"
        if why is not None:
            self.unsupported(s, why)
            return self.unknown(s), self.effects(args, cur, fr)
        callee = Frame(name, "local", self.node(), top=_top_decls(fdef), result=into,
                       void_struct=want if is_void_pointer(fdef.result_type) else None)
        with self.inlined_call():   # its parameters, locals and result are this call's
            cur = self.bind_params(fdef, callee, s, args, cur, fr)
            value = self.return_value(fdef, callee)
            self.active.append(name)
            end = self.stmt(_body(fdef), cur, callee)
            self.active.pop()
            self.goto(end, callee.exit, s)
            cur = callee.exit
            for cell, d in callee.cells:   # its struct variables die with it
                cur = self.free_with_heads(cell, True, cur, d)
            cur = self.end_scope(list(callee.names), callee, cur, s, dies=True)
        return value, cur

    def still_in_scope(self, cur: Cur, s: ci.Cursor) -> None:
        """Where a path ends at a cut call, the active calls never return: the path ends in a
        :class:`~tvla.cfront.ir.Spin` of theirs, so the liveness pass neither kills their pointers
        on the way (a cell a caller's local holds across the recursive call is not lost) nor merges
        two of them (the same local at two depths)."""
        end = self.step(cur, ir.Nop(), s)
        self.edge(end, end, ir.Spin(frames=frozenset(self.frames)), s)

    def mark_stuck_loops(self) -> None:
        """A loop no path leaves (``_EXIT: goto _EXIT;``, ``while (1) {}``) never ends the calls active
        throughout it: a :class:`~tvla.cfront.ir.Spin` of theirs on its first node (a cut's end
        has one already), so the liveness pass keeps their pointers in scope on the way in (a cell
        only a local holds is not lost while the program spins; were the call taken as returned,
        it would be).  A test of a flag that none of its values passes is no way out
        (``while (running != 0)`` of a flag only ever 1)."""
        g = nx.DiGraph((e.source, e.target) for e in self.edges)
        leaving = ir.leading_to([e for e in self.edges if not self.never_holds(e.stmt)], ("exit", "error"))
        stuck = g.subgraph(n for n in g if n not in leaving)
        # L1, L2, ...: the order they were made in (E1, E2, ... of end_scope after the L of their number)
        number = {n: (int(n[1:]), n) for n in self.node_frames}
        spinning = {e.source for e in self.edges if isinstance(e.stmt, ir.Spin)}
        loops = [c for c in nx.strongly_connected_components(stuck)
                 if (len(c) > 1 or stuck.has_edge(next(iter(c)), next(iter(c)))) and not c & spinning]
        for loop in sorted(loops, key=lambda c: min(number.get(n, (0, n)) for n in c)):
            inside = next(e for e in self.edges if e.source in loop and e.target in loop)
            head = min(loop, key=lambda n: number.get(n, (0, n)))
            active = frozenset.intersection(*(self.node_frames.get(n, frozenset()) for n in loop))
            self.edges.append(ir.Edge(head, head, ir.Spin(frames=active), inside.pos, inside.text, active))

    def never_holds(self, s: ir.Statement) -> bool:
        """Is ``s`` a test of a flag against a constant that none of the flag's values passes?"""
        c = s.cond if isinstance(s, ir.Assume) else None
        if not isinstance(c, ir.DataCond) or c.lfield is not None or c.right is not None \
                or not isinstance(c.value, int) or c.left not in self.ints:
            return False
        iv = self.ints[c.left]
        if not iv.values or iv.other or iv.register or iv.ordered or iv.spare is not None:
            return False
        return not any(ir.holds(v, c.op, c.value) for v in iv.values)

    def return_value(self, fdef: ci.Cursor, callee: Frame) -> Operand:
        """Make the variable the callee's ``return e`` assigns; return the call's value."""
        st = self.pointee(fdef.result_type, callee)
        if st is not None:
            callee.ret = self.pointer(f"{fdef.spelling}_ret", st, "local", cname="")
            return callee.ret
        if is_pointer(fdef.result_type):
            return BAD   # a pointer to something else than a struct: reported where it is used
        if not is_scalar(fdef.result_type):
            return ABS if is_number(fdef.result_type) else None
        cls = callee.ret_class = self.int_class(return_key(fdef))
        if cls.kind in VALUED:
            return self.class_value(cls)
        if cls.kind in KEPT:
            callee.ret = self.fresh(f"{fdef.spelling}_ret")
            self.int_var_named(callee.ret, cls, fdef.result_type)
            return ("var", callee.ret)
        callee.ret = self.fresh(f"{fdef.spelling}_ret")
        return ABS

    def bind_params(self, fdef: ci.Cursor, callee: Frame, s: ci.Cursor, args: List[ci.Cursor],
                    cur: Cur, fr: Frame) -> Cur:
        params = [p for p in fdef.get_children() if p.kind == K.PARM_DECL]
        for p, a in zip(params, args):
            v = self.const_value(a, fr) if is_scalar(p.type) else None
            if v is not None and not _modified(_body(fdef), decl_key(p)):   # ldv_malloc(sizeof(struct A))
                callee.consts[decl_key(p)] = v
            linked = link_struct(p.type)
            # it walks the links (or a function it gives &p to does), or it is given a field's
            # address (insert_at(&p->next)) or a link (make(tailp), a copy of it)
            if linked is not None and (_modified(_body(fdef), decl_key(p)) or _field_address(a)
                                       or self.link_of(a) is not None):
                cur = self.link_decl(p, linked, a, cur, fr, "local")
                continue
            # a link or a reference to one at an earlier call of the function, not at this one
            self.links.pop(decl_key(p), None)
            self.link_refs.pop(decl_key(p), None)
            cur = self.bind(p, a, callee, cur, fr)
        return self.effects(args[len(params):], cur, fr)

    def bind(self, p: ci.Cursor, a: ci.Cursor, callee: Frame, cur: Cur, fr: Frame) -> Cur:
        """Parameter ``p`` = argument ``a`` (evaluated in the caller's frame ``fr``)."""
        key = decl_key(p)
        st = pointee_struct(p.type)
        if st is None and is_void_pointer(p.type):   # void kfree(void *p): the argument's struct
            st = self.pointee(strip(a, casts=True).type, fr)
        if is_int_cell(st) and self.bound_to_address(a, fr):   # an int out-parameter, not a cell
            return self.bind_alias(p, a, callee, cur, fr)
        if st is not None:
            name = callee.names[key] = self.pointer(p.spelling, st, "local")
            return self.assign_ptr(name, a, cur, fr, st)
        if is_number(p.type):
            cls = self.int_class(key)
            if cls.kind in VALUED:
                return self.consume(a, cur, fr)
            name = callee.names[key] = self.fresh(p.spelling)
            if cls.kind in KEPT:
                self.int_var_named(name, cls, p.type)
            return self.assign_int(name, cls, a, cur, fr, a)[1]
        if p.type.get_canonical().kind == ci.TypeKind.POINTER:
            return self.bind_alias(p, a, callee, cur, fr)
        rec = struct_decl(p.type)
        if rec is not None and link_struct(p.type) is None:
            return self.struct_param(p, rec, a, callee, cur, fr)
        return self.effect(a, cur, fr)   # any use of the parameter is reported where it is

    def bound_to_address(self, a: ci.Cursor, fr: Frame) -> bool:
        """Is argument ``a`` the address of a variable or field (``&x``, ``&x->f``), or an
        out-parameter holding one?"""
        s = strip(a, casts=True)
        if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&":
            return self.int_cell_var(strip(children(s)[0]), fr) is None   # &x of a cell: a cell pointer
        ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
        return ref is not None and (decl_key(ref) in fr.aliases or decl_key(ref) in fr.field_aliases)

    def bind_alias(self, p: ci.Cursor, a: ci.Cursor, callee: Frame, cur: Cur, fr: Frame) -> Cur:
        """An out-parameter ``T **pp`` (or ``int *``): the argument must be ``&v`` or such a parameter."""
        s = strip(a, casts=True)
        target = None
        if s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&":
            inner = strip(children(s)[0])
            if inner.kind == K.MEMBER_REF_EXPR and is_int(inner.type) and is_int_pointer(p.type):
                return self.bind_field(p, inner, callee, cur, fr)
            link = self.link_of(inner)
            if link is not None:   # merge_single_node(&dst, ...): *p in the callee is the link dst
                self.link_refs[decl_key(p)] = link
                return cur
            if inner.kind == K.DECL_REF_EXPR and inner.referenced is not None:
                target = self.lookup(inner.referenced, fr)
                callee.alias_keys[decl_key(p)] = decl_key(inner.referenced)
        elif s.kind == K.DECL_REF_EXPR:
            target = self.alias_of(s, fr)
            if s.referenced is not None and decl_key(s.referenced) in fr.alias_keys:
                callee.alias_keys[decl_key(p)] = fr.alias_keys[decl_key(s.referenced)]
        if target is None:
            if evaluate_int(s) is None and s.kind != K.STRING_LITERAL:
                self.unsupported(a, self.describe(a, f"argument for {p.spelling}, whose target is not known:"))
            return self.effect(a, cur, fr)
        callee.aliases[decl_key(p)] = target
        return cur

    def bind_field(self, p: ci.Cursor, member: ci.Cursor, callee: Frame, cur: Cur, fr: Frame) -> Cur:
        """An ``int *`` parameter given ``&x->f``: ``*p`` in the callee is field f of x's cell, held
        in a pointer variable named as p (the callee may change x); the dereference happens where
        ``*p`` is used, and is reported as one of p."""
        base, fname, kind, cur = self.member(member, cur, fr)
        if kind != "int" or base == BAD or base not in self.pointers:
            return cur
        cell = self.fresh(p.spelling)
        self.pointers[cell] = ir.PointerVar(cell, self.pointers[base].struct, "local", frame=self.frame(),
                                            cname=p.spelling)
        callee.field_aliases[decl_key(p)] = (cell, fname)
        return self.step(cur, ir.AssignVar(cell, base), member)


def _address_operands(tu: ci.TranslationUnit) -> List[ci.Cursor]:
    """The operand of every ``&`` of the file (casts and parentheses stripped), in one walk."""
    return [strip(children(c)[0]) for c in tu.cursor.walk_preorder()
            if c.kind == K.UNARY_OPERATOR and children(c) and unary_operator(c) == "&"]


def _addressed_structs(operands: List[ci.Cursor]) -> FrozenSet[Hashable]:
    """The struct variables whose address (or the address of a part of them) the program takes:
    ``&v``, ``&v.f``, ``&v.a.b`` (``operands``: :func:`_address_operands`)."""
    out = set()
    for base in operands:
        while base.kind == K.MEMBER_REF_EXPR and children(base) and not is_pointer(children(base)[0].type):
            base = strip(children(base)[0])
        if base.kind == K.DECL_REF_EXPR and base.referenced is not None and struct_decl(base.type) is not None:
            out.add(decl_key(base.referenced))
    return frozenset(out)


def _address_taken(operands: List[ci.Cursor]) -> FrozenSet[Tuple[str, int]]:
    """The local variables and parameters whose address the program takes (``&v``): only those
    can be the target of a link pointer that dangles when their scope ends (not a ``static`` or
    ``extern`` one, which lives as long as the program)."""
    return frozenset(decl_key(x.referenced) for x in operands
                     if x.kind == K.DECL_REF_EXPR and x.referenced is not None
                     and x.referenced.kind in (K.VAR_DECL, K.PARM_DECL) and not is_global_var(x.referenced)
                     and x.referenced.storage_class not in (ci.StorageClass.STATIC, ci.StorageClass.EXTERN))


def _top_decls(fdef: Optional[ci.Cursor]) -> FrozenSet[Hashable]:
    """The variables declared in a function body's own block (not in an inner one)."""
    kids = children(_body(fdef)) if fdef is not None else []
    return frozenset(decl_key(v) for c in kids if c.kind == K.DECL_STMT for v in children(c) if v.kind == K.VAR_DECL)


def _zero_init(init: ci.Cursor) -> bool:
    """An initialiser that zeroes a struct: ``{0}``, ``{NULL, 0}``, ``{}`` (every element 0)."""
    s = strip(init, casts=True)
    if s.kind != K.INIT_LIST_EXPR:
        return False
    return all(evaluate_int(strip(e, casts=True)) == 0 for e in children(s))


def _field_address(c: ci.Cursor) -> bool:
    """Is ``c`` the address of a field, ``&x->f`` or ``&q.f``, or a choice ``b ? &x->f : &v`` with
    one?"""
    s = strip(c, casts=True)
    if s.kind == K.CONDITIONAL_OPERATOR and len(children(s)) == 3:
        return any(_field_address(arm) for arm in children(s)[1:])
    return s.kind == K.UNARY_OPERATOR and unary_operator(s) == "&" and bool(children(s)) \
        and strip(children(s)[0]).kind == K.MEMBER_REF_EXPR


def _modified(c: ci.Cursor, key: Hashable) -> bool:
    """Is the variable or parameter ``key`` written below ``c``: assigned (``=``, ``+=``...),
    stepped (``++``) or its address taken?"""
    k, kids = c.kind, children(c)
    written = kids and (k == K.BINARY_OPERATOR and binary_operator(c) == "=" or k == K.COMPOUND_ASSIGNMENT_OPERATOR
                        or k == K.UNARY_OPERATOR and unary_operator(c) in STEP_OPS + ("&",))
    target = strip(kids[0]) if written else None
    if target is not None and target.kind == K.DECL_REF_EXPR and target.referenced is not None \
            and decl_key(target.referenced) == key:
        return True
    return any(_modified(ch, key) for ch in kids)


def _body(fdef: ci.Cursor) -> ci.Cursor:
    return [c for c in fdef.get_children() if c.kind == K.COMPOUND_STMT][-1]


def _in_cell(c: ci.Cursor) -> Optional[Tuple[ci.Cursor, bool]]:
    """``(p, at its start)`` when ``c`` is an address inside the struct cell ``p`` points to: ``&*p``
    and ``&p[0]`` (its start), ``&p->f`` (its start when field ``f`` is at offset 0: ``free(&p->next)``
    frees the cell); else None."""
    if c.kind != K.UNARY_OPERATOR or unary_operator(c) != "&":
        return None
    e = strip(children(c)[0])
    kids = children(e)
    if e.kind == K.UNARY_OPERATOR and unary_operator(e) == "*" or \
            e.kind == K.ARRAY_SUBSCRIPT_EXPR and len(kids) == 2 and evaluate_int(kids[1]) == 0:
        at_start = True
    elif e.kind == K.MEMBER_REF_EXPR and len(kids) == 1 and e.referenced is not None and e.referenced.kind == K.FIELD_DECL:
        at_start = e.referenced.get_field_offsetof() == 0
    else:
        return None
    base = kids[0]
    return (base, at_start) if is_pointer(base.type) and pointee_struct(base.type) is not None else None


def _has_label(c: ci.Cursor) -> bool:
    """Whether control can enter ``c`` other than from its start (a label or a case inside)."""
    if c.kind in (K.LABEL_STMT, K.CASE_STMT, K.DEFAULT_STMT):
        return True
    if c.kind.is_expression() and c.kind.name != "StmtExpr":
        return False
    return any(_has_label(ch) for ch in c.get_children())


# ----------------------------------------------------------------------------- clean-up

def simplify(prog: ir.CProgram) -> ir.CProgram:
    """Drop the edges unreachable from the entry and merge the empty Nop edges (``goto`` joins) away."""
    edges = _reachable(list(prog.edges), prog.entry)
    edges = _merge_empty(_first_uninit(edges), (prog.entry, prog.exit, prog.error))
    return replace(prog, edges=tuple(edges))


def _first_uninit(edges: List[ir.Edge]) -> List[ir.Edge]:
    """A declaration without a value (``AssignNull(uninit=True)``) off every cycle runs once, when the
    variable has held no value yet (the input says so): an empty Nop there.  On a cycle (in a loop
    body, or in a function called in a loop) it makes the variable uninitialised again."""
    if not any(isinstance(e.stmt, ir.AssignNull) and e.stmt.uninit for e in edges):
        return edges
    cyclic = ir.on_cycles(edges)
    return [replace(e, stmt=ir.Nop()) if isinstance(e.stmt, ir.AssignNull) and e.stmt.uninit and not cyclic(e) else e
            for e in edges]


def _reachable(edges: List[ir.Edge], entry: str) -> List[ir.Edge]:
    out: Dict[str, List[str]] = {}
    for e in edges:
        out.setdefault(e.source, []).append(e.target)
    seen, todo = {entry}, [entry]
    while todo:
        for t in out.get(todo.pop(), ()):
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return [e for e in edges if e.source in seen]


def _merge_empty(edges: List[ir.Edge], keep: Tuple[str, ...]) -> List[ir.Edge]:
    """Merge away each ``Nop("")`` edge that is the only way out of its source: the source becomes the
    target, or (when the source must keep its name, like the entry) the target the source."""
    while True:
        outdeg, indeg = Counter(e.source for e in edges), Counter(e.target for e in edges)
        into: Dict[str, str] = {}
        touched: Set[str] = set()
        merged: Set[int] = set()
        for e in edges:
            if e.stmt != ir.Nop() or e.source == e.target or outdeg[e.source] != 1 \
                    or {e.source, e.target} & touched:
                continue
            if e.source not in keep:
                into[e.source] = e.target
            elif indeg[e.target] == 1 and e.target not in keep:
                into[e.target] = e.source
            else:
                continue
            touched |= {e.source, e.target}
            merged.add(id(e))
        if not into:
            return edges
        edges = [replace(e, source=into.get(e.source, e.source), target=into.get(e.target, e.target))
                 for e in edges if id(e) not in merged]
