"""Parsing TVP: a preprocessed file (grammar in ``tvp.lark``) into raw syntax
(:mod:`tvla.lang.tvp_ast`) with lark.

Every user error is a :class:`~tvla.errors.TvlaError` located at
``file:line:col`` of the text that holds it.  Only :mod:`tvla.lang.tvp` imports this
module, and only when the parse cache misses (lark is slow to import).
"""

from typing import Any, List, Tuple

from lark import Token, Transformer_NonRecursive, v_args
from lark.exceptions import VisitError
from lark.tree import Meta

from tvla.logic import formula as F
from tvla.logic.formula import Pos
from tvla.errors import Located, TvlaError
from tvla.lang.syntax import parse
from tvla.lang.tvp_ast import (
    ActionDecl, Assign, CfgEdge, Composite, CoreDecl, Decl, FocusDecl, FocusItem, Foreach,
    IgnoredDecl, InstrDecl, MessageDecl, New, ParamDecl, Precond, Prop, Retain, RuleDecl, SetComp, SetDecl,
    SetLit, SetName, SetOp, Syntax, Text, Title, UpdateItem, Updates, attach_auto, pred_str, quantified, unquote)


def _pos(meta: Meta) -> Pos:
    return (getattr(meta, "line", None), getattr(meta, "column", None))


def _tok_pos(tok: Token) -> Pos:
    return (tok.line, tok.column)


class ToAst(Transformer_NonRecursive):
    """Lark tree -> raw declarations, formulas, actions and edges (no recursion:
    formulae nested thousands deep are fine)."""

    def __init__(self) -> None:
        super().__init__(visit_tokens=False)

    # names and lists
    def pred_name(self, items: List[Any]) -> Tuple[str, Pos]:
        base = str(items[0])
        params = items[1] if len(items) > 1 else None
        return pred_str(base, params or []), _tok_pos(items[0])

    def name_list(self, items: List[Any]) -> List[str]:
        return [name for name, _pos in items]

    def var_list(self, items: List[Any]) -> List[str]:
        return [str(t) for t in items]

    id_list = var_list
    arg_list = var_list

    def prop(self, items: List[Any]) -> Prop:
        return (str(items[0]), _tok_pos(items[0]))

    # set expressions
    def set_name(self, items: List[Any]) -> SetName:
        return SetName(str(items[0]), _tok_pos(items[0]))

    def set_literal(self, items: List[Any]) -> SetLit:
        return SetLit(tuple(items[0] or ()))

    def set_comprehension(self, items: List[Any]) -> SetComp:
        (name, _pos), var, expr = items
        return SetComp(name, str(var), expr)

    def set_union(self, items: List[Any]) -> SetOp:
        return SetOp("+", items[0], items[1])

    def set_diff(self, items: List[Any]) -> SetOp:
        return SetOp("-", items[0], items[1])

    def set_inter(self, items: List[Any]) -> SetOp:
        return SetOp("&", items[0], items[1])

    # formulas
    def false_(self, _: List[Any]) -> F.Formula:
        return F.FALSE_F

    def true_(self, _: List[Any]) -> F.Formula:
        return F.TRUE_F

    def half_(self, _: List[Any]) -> F.Formula:
        return F.HALF_F

    @v_args(meta=True)
    def pred_atom(self, meta: Meta, items: List[Any]) -> F.Atom:
        (name, pos), args = items
        return F.Atom(name, tuple(args or ()), pos)

    @v_args(meta=True)
    def tc_plus(self, meta: Meta, items: List[Any]) -> F.Closure:
        (name, pos), _, a, b = items
        return F.Closure(name, str(a), str(b), False, pos)

    @v_args(meta=True)
    def tc_star(self, meta: Meta, items: List[Any]) -> F.Closure:
        (name, pos), _, a, b = items
        return F.Closure(name, str(a), str(b), True, pos)

    def eq(self, items: List[Any]) -> F.Eq:
        return F.Eq(str(items[0]), str(items[1]))

    def neq(self, items: List[Any]) -> F.Not:
        return F.Not(F.Eq(str(items[0]), str(items[1])))

    def not_(self, items: List[Any]) -> F.Not:
        return F.Not(items[0])

    def and_(self, items: List[Any]) -> F.And:
        return F.And(items[0], items[1])

    def or_(self, items: List[Any]) -> F.Or:
        return F.Or(items[0], items[1])

    def implies(self, items: List[Any]) -> F.Implies:
        return F.Implies(items[0], items[1])

    def iff(self, items: List[Any]) -> F.Iff:
        return F.Iff(items[0], items[1])

    def exists(self, items: List[Any]) -> F.Formula:
        return quantified(F.Exists, tuple(items[0]), items[1])

    def forall(self, items: List[Any]) -> F.Formula:
        return quantified(F.Forall, tuple(items[0]), items[1])

    def tc(self, items: List[Any]) -> F.TC:
        a, b, x, y, body = items
        return F.TC(str(a), str(b), str(x), str(y), body)

    def ite(self, items: List[Any]) -> F.Ite:
        return F.Ite(items[0], items[1], items[2])

    def big_or(self, items: List[Any]) -> Composite:
        return Composite("|", items[1], str(items[2]), items[3], _tok_pos(items[0]))

    def big_and(self, items: List[Any]) -> Composite:
        return Composite("&", items[1], str(items[2]), items[3], _tok_pos(items[0]))

    def focus_list(self, items: List[Any]) -> Tuple[FocusItem, ...]:
        return tuple(f for f in items if f is not None)

    @v_args(meta=True)
    def focus_foreach(self, meta: Meta, items: List[Any]) -> "Foreach[FocusItem]":
        return Foreach(str(items[0]), items[1], items[2] or (), _pos(meta))

    # declarations
    def decls(self, items: List[Any]) -> List[Decl]:
        return list(items)

    @v_args(meta=True)
    def set_decl(self, meta: Meta, items: List[Any]) -> SetDecl:
        return SetDecl(str(items[0]), items[1], _pos(meta))

    @v_args(meta=True)
    def param_decl(self, meta: Meta, items: List[Any]) -> ParamDecl:
        return ParamDecl(str(items[0]), items[1], _pos(meta))

    def core_decl(self, items: List[Any]) -> CoreDecl:
        (name, pos), params, *props, display = items
        return CoreDecl(name, tuple(params or ()), tuple(props), display or (), pos)

    def instr_decl(self, items: List[Any]) -> InstrDecl:
        (name, pos), params, defn, *props, display = items
        return InstrDecl(name, tuple(params or ()), defn, tuple(props), display or (), pos)

    def display(self, items: List[Any]) -> Tuple[str, ...]:
        return tuple(str(t) for t in items if t is not None)

    @v_args(meta=True)
    def ignored(self, meta: Meta, items: List[Any]) -> IgnoredDecl:
        return IgnoredDecl(_pos(meta))

    def scope(self, items: List[Any]) -> None:
        return None

    @v_args(meta=True)
    def rule_decl(self, meta: Meta, items: List[Any]) -> RuleDecl:
        return RuleDecl(items[0], items[1], _pos(meta))

    @v_args(meta=True)
    def foreach_decl(self, meta: Meta, items: List[Any]) -> "Foreach[Decl]":
        return Foreach(str(items[0]), items[1], tuple(items[2:]), _pos(meta))

    @v_args(meta=True)
    def global_focus(self, meta: Meta, items: List[Any]) -> FocusDecl:
        return FocusDecl(items[0] or (), _pos(meta))

    @v_args(meta=True)
    def global_message(self, meta: Meta, items: List[Any]) -> MessageDecl:
        _scope, formula, _arrow, text = items
        return MessageDecl(formula, text, _pos(meta))

    # actions
    def msg_expr(self, items: List[Any]) -> Text:
        return list(items)

    def msg_string(self, items: List[Any]) -> Tuple[str, str]:
        return ("s", unquote(str(items[0])))

    def msg_ident(self, items: List[Any]) -> Tuple[str, str]:
        return ("id", items[0][0])

    def actions(self, items: List[Any]) -> List[ActionDecl]:
        return list(items)

    def action(self, items: List[Any]) -> ActionDecl:
        name, params, *body = items
        return ActionDecl(str(name), tuple(params or ()), tuple(body), _tok_pos(name))

    @v_args(meta=True)
    def title(self, meta: Meta, items: List[Any]) -> Title:
        return Title(items[0], _pos(meta))

    @v_args(meta=True)
    def focus(self, meta: Meta, items: List[Any]) -> FocusDecl:
        return FocusDecl(items[0] or (), _pos(meta))

    @v_args(meta=True)
    def precond(self, meta: Meta, items: List[Any]) -> Precond:
        return Precond(items[0], _pos(meta))

    @v_args(meta=True)
    def message(self, meta: Meta, items: List[Any]) -> MessageDecl:
        _scope, formula, _arrow, text = items
        return MessageDecl(formula, text, _pos(meta))

    @v_args(meta=True)
    def new(self, meta: Meta, items: List[Any]) -> New:
        return New(items[0] if items else None, _pos(meta))

    @v_args(meta=True)
    def updates(self, meta: Meta, items: List[Any]) -> Updates:
        return Updates(attach_auto(items), _pos(meta))

    @v_args(meta=True)
    def retain(self, meta: Meta, items: List[Any]) -> Retain:
        return Retain(items[0], _pos(meta))

    @v_args(meta=True)
    def param_item(self, meta: Meta, items: List[Any]) -> ParamDecl:
        return ParamDecl(str(items[0]), items[1], _pos(meta))

    @v_args(meta=True)
    def ignored_item(self, meta: Meta, items: List[Any]) -> IgnoredDecl:
        return IgnoredDecl(_pos(meta))

    @v_args(meta=True)
    def update(self, meta: Meta, items: List[Any]) -> Assign:
        (name, pos), params, rhs = items
        # the lines it spans decide which update a neighbouring `auto` belongs to
        return Assign(name, tuple(params or ()), rhs, pos, (meta.line, meta.end_line))

    @v_args(meta=True)
    def foreach_update(self, meta: Meta, items: List[Any]) -> "Foreach[UpdateItem]":
        return Foreach(str(items[0]), items[1], attach_auto(items[2:]), _pos(meta))

    # cfg
    def cfg(self, items: List[Any]) -> List[CfgEdge]:
        return list(items)

    def edge(self, items: List[Any]) -> CfgEdge:
        src, act, args, dst = items
        return CfgEdge(str(src), str(act), tuple(args or ()), str(dst), _tok_pos(src), _tok_pos(act))

    def printed(self, items: List[Any]) -> List[Tuple[str, Pos]]:
        return [(str(t), _tok_pos(t)) for t in items]

    def start(self, items: List[Any]) -> Syntax:
        decls, actions, cfg = items[:3]
        return Syntax(decls, actions, cfg, (items[3] if len(items) > 3 else None))


def parse_text(located: Located) -> Syntax:
    """Parse preprocessed TVP text into (decls, actions, cfg, printed)."""
    tree = parse("tvp", located)
    try:
        return ToAst().transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, TvlaError):
            raise e.orig_exc from None
        raise

