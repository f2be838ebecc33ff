"""Elaboration: raw TVP syntax (:mod:`tvla.lang.tvp_ast`) -> checked :class:`~tvla.lang.program.Program`.

Evaluates set expressions, expands ``foreach`` and composite ``|/{...}`` /
``&/{...}`` formulae, binds ``%param`` names, checks predicate names, arities
and free variables, and instantiates the actions used by CFG edges with their
actual arguments.  Leniencies of TVLA are kept: duplicate set members
collapse, a redeclared set is the union, the last of two updates of a
predicate and the last of two definitions of an action win.  Formulae are
walked with an explicit stack, so nesting depth is not limited by recursion.
"""

from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Set, Tuple, Union

from tvla.errors import Located, TvlaError
from tvla.logic import formula as F
from tvla.logic.formula import Pos, Where
from tvla.lang.limits import MAX_COMPOSITE, check_formulas
from tvla.lang.program import Action, Edge, Message, Program, Update
from tvla.lang.tvp_ast import (
    ActionDecl, Auto, CfgEdge, Composite, CoreDecl, Decl, FocusDecl, FocusItem, Foreach,
    InstrDecl, LoneAuto, MessageDecl, New, ParamDecl, Precond, Prop, Retain, RuleDecl, SetComp, SetDecl, SetExpr,
    SetLit, SetName, Syntax, Text, Title, UpdateItem, Updates, subst_name)
from tvla.logic.vocabulary import PROPERTIES, UPDATABLE_BUILTINS, Predicate, Vocabulary

_BINARY = (F.And, F.Or, F.Implies, F.Iff)

Subst = Mapping[str, str]
"""Names substituted in predicate names and texts: ``foreach`` variables, action
arguments and ``%param`` names, bound to set members."""


def rebuild(f: F.Formula, subs: Sequence[F.Formula]) -> F.Formula:
    """``f`` with its direct subformulae replaced by ``subs``."""
    if isinstance(f, F.Not):
        return F.Not(subs[0])
    if isinstance(f, _BINARY):
        return type(f)(subs[0], subs[1])
    if isinstance(f, (F.Exists, F.Forall)):
        return type(f)(f.vars, subs[0])
    if isinstance(f, F.TC):
        return bind_tc_endpoints(F.TC(f.a, f.b, f.x, f.y, subs[0]))
    return fold_ite(subs[0], subs[1], subs[2])


def fold_ite(cond: F.Formula, then: F.Formula, other: F.Formula) -> F.Formula:
    """``(cond ? then : other)``, or the branch a definite constant ``cond`` selects (its value,
    exactly): a tower of ``(1 ? ... : 0)`` is not walked again at every evaluation."""
    if cond == F.TRUE_F:
        return then
    if cond == F.FALSE_F:
        return other
    return F.Ite(cond, then, other)


def bind_tc_endpoints(tc: F.TC) -> F.Formula:
    """``TC(a, b)(x, y) φ`` whose body mentions the endpoint ``a`` or ``b``.

    The body of TC extends as far right as possible, so TVLA's
    ``TC(v_1, v_2)(v_3, v_4) n(v_3, v_4) | v_1 == v_2`` closes a relation that
    depends on the endpoints: φ is closed over (x, y) with a and b fixed.  The
    closure is computed with every other variable fixed, so the endpoints are
    named apart: ``E(a', b') a' == a & b' == b & TC(a, b)(x, y) φ[a'/a, b'/b]``."""
    endpoints = sorted((tc.body.free_vars() - {tc.x, tc.y}) & {tc.a, tc.b})
    if not endpoints:
        return tc
    avoid = set(tc.free_vars()) | tc.body.free_vars() | {tc.x, tc.y}
    names: Dict[str, str] = {}
    for v in endpoints:
        names[v] = F.fresh(v, avoid)
        avoid.add(names[v])
    inner = F.TC(tc.a, tc.b, tc.x, tc.y, F.rename_vars(tc.body, names))
    eqs = [F.Eq(names[v], v) for v in endpoints]
    return F.Exists(tuple(names[v] for v in endpoints), F.conj(*eqs, inner))


def combine(op: str, parts: Sequence[F.Formula]) -> F.Formula:
    """The disjunction (op "|") or conjunction of ``parts``, left-nested."""
    if not parts:
        return F.FALSE_F if op == "|" else F.TRUE_F
    out = parts[0]
    for p in parts[1:]:
        out = F.Or(out, p) if op == "|" else F.And(out, p)
    return out


def set_union(a: List[str], b: List[str]) -> List[str]:
    """Members of ``a`` then those of ``b``, each once."""
    return list(dict.fromkeys(a + b))


def _is_rule_head(h: F.Formula) -> bool:
    if isinstance(h, F.Not):
        h = h.sub
    return isinstance(h, (F.Atom, F.Eq, F.Const))


def message_text(pieces: Text, mapping: Subst) -> Text:
    """Pieces of a title or message text with the names in it substituted."""
    return [(k, subst_name(v, mapping) if k == "id" else v) for k, v in pieces]


def render(pieces: Text, mapping: Subst) -> str:
    """Title or message text: strings as written, names substituted."""
    return "".join(v for _k, v in message_text(pieces, mapping))


class Elaborator:
    """Checks the declarations, then the actions and the CFG, of one TVP file."""

    def __init__(self, located: Located) -> None:
        self.loc = located
        self.voc = Vocabulary.create()
        self.sets: Dict[str, List[str]] = {}
        self.params: Dict[str, str] = {}  # %param name -> first member of its set
        self.rules: List[Tuple[F.Formula, F.Formula, Where]] = []
        self.global_focus: List[F.Formula] = []
        self.global_messages: List[Message] = []
        self._pending: List[Callable[[], None]] = []
        self.expanded = 0  # subformulae made by expanding composites (see expansion)

    def err(self, msg: str, pos: Optional[Pos]) -> TvlaError:
        """The error ``msg`` at ``pos`` of the preprocessed text (its start when None)."""
        line, col = pos if pos else (None, None)
        return self.loc.error(msg, line, col)

    # sets
    def eval_set(self, expr: SetExpr, mapping: Optional[Subst] = None) -> List[str]:
        """Members of a set expression, in order of first appearance, without duplicates."""
        mapping = mapping or {}
        if isinstance(expr, SetName):
            name = mapping.get(expr.name, expr.name)
            if name not in self.sets:
                raise self.err(f"undeclared set '{name}'", expr.pos)
            return list(self.sets[name])
        if isinstance(expr, SetLit):
            return set_union([], [subst_name(x, mapping) for x in expr.members])
        if isinstance(expr, SetComp):
            members = self.eval_set(expr.inner, mapping)
            return set_union([], [subst_name(expr.name, {**mapping, expr.var: x}) for x in members])
        a, b = self.eval_set(expr.left, mapping), self.eval_set(expr.right, mapping)
        if expr.op == "+":
            return set_union(a, b)
        if expr.op == "-":
            return [x for x in a if x not in b]
        return [x for x in a if x in b]

    # formulas
    def formula(self, f: F.Formula, mapping: Subst) -> F.Formula:
        """Substitute ``mapping`` in predicate names, expand composites, check atoms."""
        stack: List[Tuple[F.Formula, bool]] = [(f, False)]
        out: List[Any] = []
        while stack:
            node, built = stack.pop()
            subs = F.children(node)   # a composite |/{...} has none: it is expanded as a leaf
            if built:
                out[len(out) - len(subs):] = [rebuild(node, out[len(out) - len(subs):])]
            elif isinstance(node, Composite):
                members = self.eval_set(node.set_expr, mapping)
                out.append(combine(node.op, [self.expansion(node, {**mapping, node.var: m}) for m in members]))
            elif subs:
                stack.append((node, True))
                stack.extend((g, False) for g in reversed(subs))
            else:
                out.append(self.leaf(node, mapping))
        return out[0]

    def expansion(self, node: Composite, mapping: Subst) -> F.Formula:
        """The body of ``node`` for one member; the program's expansions together are bounded
        (nested ``|/{...}`` multiply)."""
        f = self.formula(node.body, mapping)
        self.expanded += F.size(f)
        if self.expanded > MAX_COMPOSITE:
            raise self.err(f"|/{{...}} and &/{{...}} expand to more than {MAX_COMPOSITE} subformulae", node.pos)
        return f

    def leaf(self, f: F.Formula, mapping: Subst) -> F.Formula:
        """An atom or closure with ``mapping`` substituted in its predicate name, checked."""
        if not isinstance(f, (F.Atom, F.Closure)):
            return f
        name = subst_name(f.pred, mapping)
        p = self.voc.get(name)
        if p is None:
            raise self.err(f"undeclared predicate '{name}'", f.pos)
        if isinstance(f, F.Atom):
            if p.arity != len(f.args):
                raise self.err(f"predicate '{name}' has arity {p.arity} but is used with "
                               f"{len(f.args)} argument(s)", f.pos)
            return F.Atom(name, f.args, f.pos)
        if p.arity != 2:
            raise self.err(f"transitive closure of '{name}' needs a binary predicate (arity {p.arity})", f.pos)
        return F.Closure(name, f.a, f.b, f.reflexive, f.pos)

    # declarations
    def declare(self, decls: Sequence[Decl]) -> None:
        """Declare in order; ``foreach`` bodies are unrolled on a work stack (any depth)."""
        work: List[Tuple[Decl, Dict[str, str]]] = [(d, {}) for d in reversed(decls)]
        while work:
            d, m = work.pop()
            if not isinstance(d, Foreach):
                self.declare_one(d, {**self.params, **m})
                continue
            for member in reversed(self.eval_set(d.set_expr, {**self.params, **m})):
                inner = {**m, d.var: member}
                work.extend((x, inner) for x in reversed(d.body))

    def declare_one(self, d: Decl, m: Subst) -> None:
        """A declaration other than ``foreach``, with ``m`` substituted in it."""
        if isinstance(d, SetDecl):
            self.decl_set(d, m)
        elif isinstance(d, ParamDecl):
            self.decl_param(d, m)
        elif isinstance(d, CoreDecl):
            self.decl_core(d, m)
        elif isinstance(d, InstrDecl):
            self.decl_instr(d, m)
        elif isinstance(d, RuleDecl):
            self._pending.append(lambda: self._rule(d, m))
        elif isinstance(d, FocusDecl):
            self._pending.append(lambda: self.global_focus.extend(self.focus(d.formulas, m)))
        elif isinstance(d, MessageDecl):
            self.decl_message(d, m)
        # an IgnoredDecl means nothing to the plain engine

    def decl_set(self, d: SetDecl, m: Subst) -> None:
        name = subst_name(d.name, m)
        # TVLA: a set declared again is the union of both
        self.sets[name] = set_union(self.sets.get(name, []), self.eval_set(d.expr, m))

    def decl_param(self, d: ParamDecl, m: Subst) -> None:
        members = self.eval_set(d.expr, m)
        if not members:
            raise self.err(f"%param {d.name} ranges over an empty set", d.pos)
        self.params[d.name] = members[0]

    def _props(self, props: Iterable[Prop], arity: int) -> FrozenSet[str]:
        out: Set[str] = set()
        for word, pos in props:
            if word not in PROPERTIES:
                raise self.err(f"unknown predicate property '{word}'", pos)
            # abs / nonabs are accepted on nullary predicates as well (TVLA does)
            if PROPERTIES[word] != arity and not (word in ("abs", "nonabs") and arity == 0):
                raise self.err(f"property '{word}' applies to predicates of arity {PROPERTIES[word]}, not {arity}", pos)
            out.add(word)
        return frozenset(out)

    def _new_pred(self, d: Union[CoreDecl, InstrDecl], m: Subst) -> Tuple[str, Tuple[str, ...], FrozenSet[str]]:
        name = subst_name(d.name, m)
        params = d.params
        if name in self.voc:
            raise self.err(f"predicate '{name}' declared twice", d.pos)
        if len(set(params)) != len(params):
            raise self.err(f"repeated variable in the arguments of '{name}'", d.pos)
        return name, params, self._props(d.props, len(params))

    def decl_core(self, d: CoreDecl, m: Subst) -> None:
        name, params, props = self._new_pred(d, m)
        self.voc.add(Predicate(name, len(params), params, "core", props, None,
                               d.display, pos=self.loc.where(*d.pos)))

    def decl_instr(self, d: InstrDecl, m: Subst) -> None:
        name, params, props = self._new_pred(d, m)
        pred = self.voc.add(Predicate(name, len(params), params, "instr", props, None,
                                      d.display, pos=self.loc.where(*d.pos)))
        # definitions may mention predicates declared further down: checked in finish()
        self._pending.append(lambda: self._define(pred, d, m))

    def _define(self, pred: Predicate, d: InstrDecl, m: Subst) -> None:
        defn = self.formula(d.definition, m)
        fv = defn.free_vars()
        if fv != set(pred.params):
            raise self.err(
                f"free variables of the definition of '{pred.name}' ({', '.join(sorted(fv)) or 'none'}) "
                f"do not match its arguments ({', '.join(pred.params) or 'none'})", d.pos)
        pred.definition = defn

    def _rule(self, d: RuleDecl, m: Subst) -> None:
        body = self.formula(d.body, m)
        head = self.formula(d.head, m)
        if not _is_rule_head(head):
            raise self.err("the head of a consistency rule must be an atom, a negated atom, "
                           "an (in)equality or a constant", d.pos)
        self.rules.append((body, head, self.loc.where(*d.pos)))

    def finish(self) -> None:
        """Check definitions, rules and global formulas once every predicate is declared."""
        for step in self._pending:
            step()
        self._pending = []

    def decl_message(self, d: MessageDecl, m: Subst) -> None:
        def add() -> None:
            f = self.formula(d.formula, m)
            self.global_messages.append(Message(F.exists(sorted(f.free_vars()), f), message_text(d.text, m)))
        self._pending.append(add)

    def focus(self, items: Iterable[FocusItem], m: Subst) -> List[F.Formula]:
        """Focus formulae; a ``foreach`` item gives one formula per member."""
        out: List[F.Formula] = []
        for item in items:
            if isinstance(item, Foreach):
                for member in self.eval_set(item.set_expr, m):
                    out += self.focus(item.body, {**m, item.var: member})
            else:
                out.append(self.formula(item, m))
        return out

    # actions
    def instantiate(self, decl: ActionDecl, args: Sequence[str], pos: Pos) -> Action:
        """The :class:`Action` of ``decl`` applied to the actual arguments ``args``."""
        params, name = decl.params, decl.name
        if len(args) != len(params):
            raise self.err(f"action '{name}' takes {len(params)} argument(s), {len(args)} given", pos)
        m = {**self.params, **dict(zip(params, args))}  # arguments shadow %param names
        m = self.action_params(decl, m, dict(zip(params, args)))
        a = Action(name, tuple(args), f"{name}({', '.join(args)})", [], None, [], None, {}, None, [],
                   self.loc.where(*pos))   # the title without %t
        auto: List[str] = []
        after_update = False
        # the precondition binds its free variables in the whole action, wherever %p stands (the
        # last one counts): the updates are checked against it even when they come first
        for item in decl.items:
            if isinstance(item, Precond):
                a.precondition = self.formula(item.formula, m)
        for item in decl.items:
            if isinstance(item, Title):
                a.title = render(item.text, m)
            elif isinstance(item, FocusDecl):
                a.focus += self.focus(item.formulas, m)
            elif isinstance(item, MessageDecl):
                msg = Message(self.formula(item.formula, m), message_text(item.text, m))
                (a.post_messages if after_update else a.pre_messages).append(msg)
            elif isinstance(item, New):
                a.new = self.node_formula("%new", item.formula, m, item.pos, a.precondition) \
                    if item.formula is not None else F.TRUE_F
            elif isinstance(item, Updates):
                self._updates(item.items, m, a.updates, auto, a.precondition, a.update_pos, a.auto_written)
            elif isinstance(item, Retain):
                a.retain = self.node_formula("%retain", item.formula, m, item.pos, a.precondition)
            after_update = after_update or isinstance(item, (New, Updates, Retain))
        a.auto = tuple(auto)
        return a

    def node_formula(self, kind: str, f: F.Formula, m: Subst, pos: Pos, pre: Optional[F.Formula]) -> F.Formula:
        """The formula of ``%new`` or ``%retain``: it tells nodes apart, so besides the variables of
        the precondition it has one free variable at most (the node, ``v``)."""
        f = self.formula(f, m)
        extra = sorted(f.free_vars() - (pre.free_vars() if pre is not None else set()))
        if len(extra) > 1:
            raise self.err(f"{kind} formula has free variables {', '.join(extra)}: one at most (the node, v), "
                           "besides those of the precondition", pos)
        return f

    def action_params(self, decl: ActionDecl, m: Dict[str, str], actuals: Mapping[str, str]) -> Dict[str, str]:
        """``m`` with the action's own ``%param x in S`` names bound, as TVLA does:
        each to the first member of its set (evaluated with the arguments and the
        earlier parameters substituted), for the whole action wherever the item
        stands; an argument of the same name shadows it."""
        for item in decl.items:
            if not isinstance(item, ParamDecl):
                continue
            members = self.eval_set(item.expr, m)
            if not members:
                raise self.err(f"%param {item.name} ranges over an empty set", item.pos)
            if item.name not in actuals:
                m = {**m, item.name: members[0]}
        return m

    def _updates(self, items: Iterable[UpdateItem], m: Subst, out: Dict[str, Update], auto: List[str],
                 pre: Optional[F.Formula], out_pos: Dict[str, Where], written: Dict[str, Update]) -> None:
        for item in items:
            if isinstance(item, Foreach):
                for member in self.eval_set(item.set_expr, m):
                    self._updates(item.body, {**m, item.var: member}, out, auto, pre, out_pos, written)
                continue
            if isinstance(item, LoneAuto):
                raise self.err("'auto' must follow an update formula (p(v) = formula auto)", item.pos)
            params, rhs, pos = item.params, item.rhs, item.pos
            pname = subst_name(item.name, m)
            self._check_update(pname, params, pos, pre)
            # the last update of a predicate wins (TVLA)
            out.pop(pname, None)
            written.pop(pname, None)
            if pname in auto:
                auto.remove(pname)
            if item.auto is Auto.AFTER and self.voc[pname].kind == "instr":
                # TVLA's `p(v) = formula auto`: differencing derives the update; the
                # formula is the update when differencing is off.  On a core
                # predicate `auto` changes nothing.
                auto.append(pname)
                written[pname] = self._update_rhs(pname, params, rhs, m, pos, pre)
                continue
            if item.auto is Auto.BEFORE:
                if self.voc[pname].kind != "instr":
                    raise self.err(f"'auto' update of '{pname}': only instrumentation predicates "
                                   f"are derived by finite differencing", pos)
                auto.append(pname)  # the formula given is ignored: differencing derives it
                continue
            out[pname] = self._update_rhs(pname, params, rhs, m, pos, pre)
            out_pos[pname] = self.loc.where(*pos)

    def _update_rhs(self, pname: str, params: Sequence[str], rhs: F.Formula, m: Subst, pos: Pos,
                    pre: Optional[F.Formula]) -> Update:
        rhs = self.formula(rhs, m)
        extra = rhs.free_vars() - set(params) - (pre.free_vars() if pre is not None else set())
        if extra:
            raise self.err(f"free variable(s) {', '.join(sorted(extra))} of the update of '{pname}' "
                           f"are not among its arguments", pos)
        return (tuple(params), rhs)

    def _check_update(self, pname: str, params: Sequence[str], pos: Pos, pre: Optional[F.Formula]) -> None:
        p = self.voc.get(pname)
        if p is None:
            raise self.err(f"update of undeclared predicate '{pname}'", pos)
        if p.arity != len(params):
            raise self.err(f"predicate '{pname}' has arity {p.arity} but is updated with {len(params)} variable(s)", pos)
        if p.kind == "builtin" and pname not in UPDATABLE_BUILTINS:
            raise self.err(f"built-in predicate '{pname}' cannot be updated", pos)
        clash = set(params) & (pre.free_vars() if pre is not None else set())
        if clash:
            raise self.err(f"variable(s) {', '.join(sorted(clash))} of the update of '{pname}' "
                           f"are free variables of the precondition", pos)

    def program(self, path: str, actions: Iterable[ActionDecl], cfg: Iterable[CfgEdge],
                printed: Optional[Iterable[Tuple[str, Pos]]]) -> Program:
        """Instantiate the actions used by the CFG and assemble the :class:`Program`."""
        action_decls = {a.name: a for a in actions}  # defined twice: the last wins
        instances: Dict[Tuple[str, Tuple[str, ...]], Action] = {}
        edges: List[Edge] = []
        for src, act, args, dst, pos, apos in cfg:
            decl = action_decls.get(act)
            if decl is None:
                raise self.err(f"unknown action '{act}' in the CFG", apos)
            key = (act, tuple(args))
            if key not in instances:
                instances[key] = self.instantiate(decl, args, apos)
            edges.append(Edge(src, instances[key], dst, self.loc.where(*pos)))
        locs = {e.source for e in edges} | {e.target for e in edges}
        shown = []
        for name, pos in printed or []:
            if name not in locs:
                raise self.err(f"printed location '{name}' does not occur in the CFG", pos)
            shown.append(name)
        if not edges:
            raise self.loc.error("the CFG section has no edges", len(self.loc.linemap), 1)
        return Program(path, self.voc, self.sets, self.rules, action_decls, edges, shown,
                       self.global_focus, self.global_messages, self.loc)


def elaborate(path: str, located: Located, syntax: Syntax) -> Program:
    """Check the parsed ``syntax`` (decls, actions, cfg, printed) of ``path`` into a Program."""
    decls, actions, cfg, printed = syntax
    el = Elaborator(located)
    el.declare(decls)
    el.finish()
    program = el.program(path, actions, cfg, printed)
    check_formulas(program)
    return program
