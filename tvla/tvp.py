"""The TVP language: parse (grammar in ``tvp.lark``) and elaborate into a :class:`Program`.

Elaboration evaluates set expressions, expands ``foreach`` and composite
``|/{...}`` / ``&/{...}`` formulae, checks predicate names, arities and free
variables, and instantiates the actions used by CFG edges with their actual
arguments.  Every user error is a :class:`~tvla.errors.TvlaError` located at
``file:line:col`` of the text that holds it.
"""

import os
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Optional

from lark import Lark, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import formula as F
from .errors import TvlaError
from .preprocess import preprocess
from .vocabulary import PROPERTIES, Predicate, Vocabulary


@lru_cache(maxsize=None)
def _parser():
    path = os.path.join(os.path.dirname(__file__), "tvp.lark")
    with open(path) as fh:
        return Lark(fh.read(), parser="lalr", propagate_positions=True, maybe_placeholders=True)


# ---------------------------------------------------------------------------- raw syntax

def pred_str(base, params):
    return f"{base}[{','.join(params)}]" if params else base


def subst_name(name, mapping):
    """Substitute identifiers in a predicate name: whole name, or inside brackets only."""
    if "[" in name:
        base, rest = name.split("[", 1)
        params = rest[:-1].split(",")
        return pred_str(base, [mapping.get(p, p) for p in params])
    return mapping.get(name, name)


@dataclass(frozen=True)
class Composite(F.Formula):
    """``|/{ body : var in set }`` (op "|") or ``&/{...}`` (op "&"), expanded by elaboration."""

    op: str
    body: F.Formula
    var: str
    set_expr: tuple
    pos: tuple = field(default=None, compare=False, hash=False)

    def free_vars(self):
        return self.body.free_vars()


@dataclass
class Decl:
    kind: str
    pos: tuple
    data: dict


def _pos(meta):
    return (getattr(meta, "line", None), getattr(meta, "column", None))


class _ToAst(Transformer):
    """Lark tree -> raw declarations, formulas, actions and edges."""

    def __init__(self):
        super().__init__(visit_tokens=False)

    # names and lists
    def pred_name(self, items):
        base = str(items[0])
        params = items[1] if len(items) > 1 else None
        return pred_str(base, params or []), (items[0].line, items[0].column)

    def var_list(self, items):
        return [str(t) for t in items]

    id_list = var_list
    arg_list = var_list

    def prop(self, items):
        return (str(items[0]), (items[0].line, items[0].column))

    # set expressions
    def set_name(self, items):
        return ("name", str(items[0]), (items[0].line, items[0].column))

    def set_literal(self, items):
        return ("lit", tuple(items[0] or ()))

    def set_union(self, items):
        return ("+", items[0], items[1])

    def set_diff(self, items):
        return ("-", items[0], items[1])

    def set_inter(self, items):
        return ("&", items[0], items[1])

    # formulas
    def false_(self, _):
        return F.FALSE_F

    def true_(self, _):
        return F.TRUE_F

    def half_(self, _):
        return F.HALF_F

    @v_args(meta=True)
    def pred_atom(self, meta, items):
        (name, pos), args = items
        return F.Atom(name, tuple(args or ()), pos)

    @v_args(meta=True)
    def tc_plus(self, meta, items):
        (name, pos), _, a, b = items
        return F.Closure(name, str(a), str(b), False, pos)

    @v_args(meta=True)
    def tc_star(self, meta, items):
        (name, pos), _, a, b = items
        return F.Closure(name, str(a), str(b), True, pos)

    def eq(self, items):
        return F.Eq(str(items[0]), str(items[1]))

    def neq(self, items):
        return F.Not(F.Eq(str(items[0]), str(items[1])))

    def not_(self, items):
        return F.Not(items[0])

    def and_(self, items):
        return F.And(items[0], items[1])

    def or_(self, items):
        return F.Or(items[0], items[1])

    def implies(self, items):
        return F.Implies(items[0], items[1])

    def iff(self, items):
        return F.Iff(items[0], items[1])

    def exists(self, items):
        return F.Exists(tuple(items[0]), items[1])

    def forall(self, items):
        return F.Forall(tuple(items[0]), items[1])

    def tc(self, items):
        a, b, x, y, body = items
        return F.TC(str(a), str(b), str(x), str(y), body)

    def ite(self, items):
        return F.Ite(items[0], items[1], items[2])

    @v_args(meta=True)
    def big_or(self, meta, items):
        return Composite("|", items[0], str(items[1]), items[2], _pos(meta))

    @v_args(meta=True)
    def big_and(self, meta, items):
        return Composite("&", items[0], str(items[1]), items[2], _pos(meta))

    def formula_list(self, items):
        return list(items)

    # declarations
    def decls(self, items):
        return list(items)

    @v_args(meta=True)
    def set_decl(self, meta, items):
        return Decl("set", _pos(meta), {"name": str(items[0]), "expr": items[1]})

    @v_args(meta=True)
    def core_decl(self, meta, items):
        (name, pos), params, *props = items
        return Decl("core", pos, {"name": name, "params": params or [], "props": props})

    @v_args(meta=True)
    def instr_decl(self, meta, items):
        (name, pos), params, defn, *rest = items
        display = ()
        if rest and isinstance(rest[-1], tuple) and rest[-1][0] == "__display__":
            display = rest[-1][1]
            rest = rest[:-1]
        return Decl("instr", pos, {"name": name, "params": params or [], "def": defn,
                                   "props": rest, "display": display})

    def display(self, items):
        return ("__display__", tuple(items[0] or ()))

    @v_args(meta=True)
    def rule_decl(self, meta, items):
        return Decl("rule", _pos(meta), {"body": items[0], "head": items[1]})

    @v_args(meta=True)
    def foreach_decl(self, meta, items):
        return Decl("foreach", _pos(meta), {"var": str(items[0]), "set": items[1], "body": items[2:]})

    @v_args(meta=True)
    def global_focus(self, meta, items):
        return Decl("focus", _pos(meta), {"formulas": items[0]})

    @v_args(meta=True)
    def global_message(self, meta, items):
        return Decl("message", _pos(meta), {"formula": items[0], "text": items[2]})

    # actions
    def msg_expr(self, items):
        return list(items)

    def msg_string(self, items):
        s = str(items[0])[1:-1]
        return ("s", s.replace('\\n', "\n").replace('\\"', '"').replace("\\\\", "\\"))

    def msg_ident(self, items):
        return ("id", str(items[0]))

    def actions(self, items):
        return list(items)

    @v_args(meta=True)
    def action(self, meta, items):
        name, params, *body = items
        return Decl("action", (name.line, name.column),
                    {"name": str(name), "params": params or [], "items": body})

    @v_args(meta=True)
    def title(self, meta, items):
        return ("title", _pos(meta), items[0])

    @v_args(meta=True)
    def focus(self, meta, items):
        return ("focus", _pos(meta), items[0] or [])

    @v_args(meta=True)
    def precond(self, meta, items):
        return ("pre", _pos(meta), items[0])

    @v_args(meta=True)
    def message(self, meta, items):
        return ("message", _pos(meta), (items[0], items[2]))

    @v_args(meta=True)
    def new(self, meta, items):
        return ("new", _pos(meta), items[0] if items else None)

    @v_args(meta=True)
    def updates(self, meta, items):
        return ("updates", _pos(meta), list(items))

    @v_args(meta=True)
    def retain(self, meta, items):
        return ("retain", _pos(meta), items[0])

    @v_args(meta=True)
    def ignored_item(self, meta, items):
        return ("ignored", _pos(meta), None)

    @v_args(meta=True)
    def update(self, meta, items):
        (name, pos), params, rhs = items
        return ("update", pos, (name, params or [], rhs))

    @v_args(meta=True)
    def foreach_update(self, meta, items):
        return ("foreach", _pos(meta), (str(items[0]), items[1], items[2:]))

    # cfg
    def cfg(self, items):
        return list(items)

    def edge(self, items):
        src, act, args, dst = items
        return (str(src), str(act), args or [], str(dst), (src.line, src.column), (act.line, act.column))

    def printed(self, items):
        return [(str(t), (t.line, t.column)) for t in items]

    def start(self, items):
        decls, actions, cfg = items[:3]
        return decls, actions, cfg, (items[3] if len(items) > 3 else None)


_TOKEN_NAMES = {
    "PERCENT": "%", "LPAR": "(", "RPAR": ")", "LBRACE": "{", "RBRACE": "}", "COMMA": ",",
    "ID": "identifier", "LOC": "location", "STRING": "string", "MSGARROW": "->",
    "$END": "end of file",
}


def _describe_expected(expected):
    names = sorted({_TOKEN_NAMES.get(e, e.strip('"').lower() if not e.isupper() else e) for e in expected})
    if len(names) > 8:
        names = names[:8] + ["..."]
    return ", ".join(names)


def parse_text(located, what="TVP"):
    """Parse preprocessed TVP text; syntax errors become located TvlaErrors."""
    try:
        tree = _parser().parse(located.text)
    except UnexpectedCharacters as e:
        snippet = located.text.split("\n")[e.line - 1][e.column - 1 : e.column + 9]
        raise located.error(f"syntax error: unexpected character(s) '{snippet.strip() or snippet}'", e.line, e.column)
    except UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            raise located.error("syntax error: unexpected end of file (missing %% section or closing brace?)",
                                len(located.linemap), 1)
        raise located.error(
            f"syntax error: unexpected '{tok}' (expected {_describe_expected(e.expected)})",
            tok.line, tok.column)
    except UnexpectedEOF:
        raise located.error("syntax error: unexpected end of file", len(located.linemap), 1)
    except UnexpectedInput as e:  # pragma: no cover - other lark errors
        raise located.error(f"syntax error: {e}", getattr(e, "line", 1), getattr(e, "column", 1))
    try:
        return _ToAst().transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, TvlaError):
            raise e.orig_exc
        raise


# ---------------------------------------------------------------------------- program model

@dataclass
class Message:
    formula: F.Formula
    text: list  # pieces ("s", str) / ("id", name)

    def render(self):
        return "".join(p[1] for p in self.text)


@dataclass
class Action:
    """An action instantiated with actual arguments (one per distinct CFG use)."""

    name: str
    args: tuple
    title: str
    focus: list
    precondition: Optional[F.Formula]
    pre_messages: list
    new: Optional[F.Formula]  # None: no %new; TRUE_F: one node
    updates: dict  # predicate name -> (params, formula)
    retain: Optional[F.Formula]
    post_messages: list
    pos: tuple

    @property
    def label(self):
        return f"{self.name}({', '.join(self.args)})"


@dataclass
class Edge:
    source: str
    action: Action
    target: str
    pos: tuple


@dataclass
class Program:
    """A parsed and checked TVP analysis."""

    path: str
    vocabulary: Vocabulary
    sets: dict
    rules: list  # (body, head, where)
    actions: dict  # name -> raw action Decl
    edges: list
    printed: list
    global_focus: list
    global_messages: list
    located: object = None

    @property
    def macros(self):
        """Macros defined at the end of the program text (its input is read with them)."""
        return self.located.macros

    @property
    def entry(self):
        return self.edges[0].source if self.edges else None

    @property
    def locations(self):
        seen = []
        for e in self.edges:
            for loc in (e.source, e.target):
                if loc not in seen:
                    seen.append(loc)
        return seen


class _Elaborator:
    def __init__(self, located):
        self.loc = located
        self.voc = Vocabulary.create()
        self.sets = {}
        self.rules = []
        self.global_focus = []
        self.global_messages = []
        self._pending = []

    def err(self, msg, pos):
        line, col = pos if pos else (None, None)
        return self.loc.error(msg, line, col)

    # sets
    def eval_set(self, expr, mapping=None):
        kind = expr[0]
        if kind == "name":
            name = (mapping or {}).get(expr[1], expr[1])
            if name not in self.sets:
                raise self.err(f"undeclared set '{name}'", expr[2])
            return list(self.sets[name])
        if kind == "lit":
            return [(mapping or {}).get(x, x) for x in expr[1]]
        a, b = self.eval_set(expr[1], mapping), self.eval_set(expr[2], mapping)
        if kind == "+":
            return a + [x for x in b if x not in a]
        if kind == "-":
            return [x for x in a if x not in b]
        return [x for x in a if x in b]

    # formulas
    def subst(self, f, mapping):
        """Substitute identifiers of predicate names (and set names) in a raw formula."""
        if not mapping:
            return f
        if isinstance(f, F.Atom):
            return F.Atom(subst_name(f.pred, mapping), f.args, f.pos)
        if isinstance(f, F.Closure):
            return F.Closure(subst_name(f.pred, mapping), f.a, f.b, f.reflexive, f.pos)
        if isinstance(f, Composite):
            inner = {k: v for k, v in mapping.items() if k != f.var}
            return Composite(f.op, self.subst(f.body, inner), f.var, _subst_set(f.set_expr, mapping), f.pos)
        return F.map_children(f, lambda g: self.subst(g, mapping))

    def expand(self, f):
        """Expand composites and check predicates; returns a clean formula."""
        if isinstance(f, Composite):
            members = self.eval_set(f.set_expr)
            parts = [self.expand(self.subst(f.body, {f.var: m})) for m in members]
            if not parts:
                return F.FALSE_F if f.op == "|" else F.TRUE_F
            out = parts[0]
            for p in parts[1:]:
                out = F.Or(out, p) if f.op == "|" else F.And(out, p)
            return out
        if isinstance(f, F.Atom):
            p = self.voc.get(f.pred)
            if p is None:
                raise self.err(f"undeclared predicate '{f.pred}'", f.pos)
            if p.arity != len(f.args):
                raise self.err(f"predicate '{f.pred}' has arity {p.arity} but is used with {len(f.args)} argument(s)", f.pos)
            return f
        if isinstance(f, F.Closure):
            p = self.voc.get(f.pred)
            if p is None:
                raise self.err(f"undeclared predicate '{f.pred}'", f.pos)
            if p.arity != 2:
                raise self.err(f"transitive closure of '{f.pred}' needs a binary predicate (arity {p.arity})", f.pos)
            return f
        return F.map_children(f, self.expand)

    # declarations
    def declare(self, decls, mapping=None):
        for d in decls:
            getattr(self, "decl_" + d.kind)(d, mapping or {})

    def decl_set(self, d, m):
        self.sets[subst_name(d.data["name"], m)] = self.eval_set(d.data["expr"], m)

    def _props(self, props, arity):
        out = set()
        for word, pos in props:
            if word not in PROPERTIES:
                raise self.err(f"unknown predicate property '{word}'", pos)
            if PROPERTIES[word] != arity:
                raise self.err(f"property '{word}' applies to predicates of arity {PROPERTIES[word]}, not {arity}", pos)
            out.add(word)
        return frozenset(out)

    def _new_pred(self, d, m, kind):
        name = subst_name(d.data["name"], m)
        params = tuple(d.data["params"])
        if name in self.voc:
            raise self.err(f"predicate '{name}' declared twice", d.pos)
        if len(set(params)) != len(params):
            raise self.err(f"repeated variable in the arguments of '{name}'", d.pos)
        return name, params, self._props(d.data["props"], len(params))

    def decl_core(self, d, m):
        name, params, props = self._new_pred(d, m, "core")
        self.voc.add(Predicate(name, len(params), params, "core", props, pos=self.loc.where(*d.pos)))

    def decl_instr(self, d, m):
        name, params, props = self._new_pred(d, m, "instr")
        pred = self.voc.add(Predicate(name, len(params), params, "instr", props, None,
                                      tuple(d.data["display"]), pos=self.loc.where(*d.pos)))
        # definitions may mention predicates declared further down: checked in finish()
        self._pending.append(lambda: self._define(pred, d, m))

    def _define(self, pred, d, m):
        defn = self.expand(self.subst(d.data["def"], m))
        fv = defn.free_vars()
        if fv != set(pred.params):
            raise self.err(
                f"free variables of the definition of '{pred.name}' ({', '.join(sorted(fv)) or 'none'}) "
                f"do not match its arguments ({', '.join(pred.params) or 'none'})", d.pos)
        pred.definition = defn

    def decl_rule(self, d, m):
        self._pending.append(lambda: self._rule(d, m))

    def _rule(self, d, m):
        body = self.expand(self.subst(d.data["body"], m))
        head = self.expand(self.subst(d.data["head"], m))
        if not _is_rule_head(head):
            raise self.err("the head of a consistency rule must be an atom, a negated atom, "
                           "an (in)equality or a constant", d.pos)
        self.rules.append((body, head, self.loc.where(*d.pos)))

    def finish(self):
        """Check definitions, rules and global formulas once every predicate is declared."""
        for step in self._pending:
            step()
        self._pending = []

    def decl_foreach(self, d, m):
        for member in self.eval_set(d.data["set"], m):
            self.declare(d.data["body"], {**m, d.data["var"]: member})

    def decl_focus(self, d, m):
        self._pending.append(lambda: self.global_focus.extend(
            self.expand(self.subst(f, m)) for f in d.data["formulas"]))

    def decl_message(self, d, m):
        self._pending.append(lambda: self.global_messages.append(
            Message(F.exists(sorted(d.data["formula"].free_vars()), self.expand(self.subst(d.data["formula"], m))),
                    d.data["text"])))

    # actions
    def instantiate(self, decl, args, pos):
        params = decl.data["params"]
        name = decl.data["name"]
        if len(args) != len(params):
            raise self.err(f"action '{name}' takes {len(params)} argument(s), {len(args)} given", pos)
        m = dict(zip(params, args))
        title = None
        focus, pre_msgs, post_msgs, updates = [], [], [], {}
        pre = new = retain = None
        after_update = False
        fx = lambda f: self.expand(self.subst(f, m))  # noqa: E731
        for kind, ipos, data in decl.data["items"]:
            if kind == "title":
                title = _render(data, m)
            elif kind == "focus":
                focus += [fx(f) for f in data]
            elif kind == "pre":
                pre = fx(data)
            elif kind == "message":
                f, text = data
                msg = Message(fx(f), [(k, m.get(v, v) if k == "id" else v) for k, v in text])
                (post_msgs if after_update else pre_msgs).append(msg)
            elif kind == "new":
                new = fx(data) if data is not None else F.TRUE_F
                after_update = True
            elif kind == "updates":
                self._updates(data, m, updates, pre)
                after_update = True
            elif kind == "retain":
                retain = fx(data)
                after_update = True
        if title is None:
            title = f"{name}({', '.join(args)})"
        return Action(name, tuple(args), title, focus, pre, pre_msgs, new, updates, retain, post_msgs,
                      self.loc.where(*pos))

    def _updates(self, items, m, out, pre):
        for kind, pos, data in items:
            if kind == "foreach":
                var, sexpr, body = data
                for member in self.eval_set(sexpr, m):
                    self._updates(body, {**m, var: member}, out, pre)
                continue
            name, params, rhs = data
            pname = subst_name(name, m)
            p = self.voc.get(pname)
            if p is None:
                raise self.err(f"update of undeclared predicate '{pname}'", pos)
            if p.arity != len(params):
                raise self.err(f"predicate '{pname}' has arity {p.arity} but is updated with {len(params)} variable(s)", pos)
            if p.kind == "builtin" and pname != "sm":
                raise self.err(f"built-in predicate '{pname}' cannot be updated", pos)
            rhs = self.expand(self.subst(rhs, m))
            extra = rhs.free_vars() - set(params) - (pre.free_vars() if pre is not None else set())
            if extra:
                raise self.err(f"free variable(s) {', '.join(sorted(extra))} of the update of '{pname}' "
                               f"are not among its arguments", pos)
            if pname in out:
                raise self.err(f"predicate '{pname}' updated twice in one action", pos)
            out[pname] = (tuple(params), rhs)


def _subst_set(expr, mapping):
    if expr[0] == "name":
        return ("name", mapping.get(expr[1], expr[1]), expr[2])
    if expr[0] == "lit":
        return expr
    return (expr[0], _subst_set(expr[1], mapping), _subst_set(expr[2], mapping))


def _render(pieces, mapping):
    return "".join(mapping.get(v, v) if k == "id" else v for k, v in pieces)


def _is_rule_head(h):
    if isinstance(h, F.Not):
        h = h.sub
    return isinstance(h, (F.Atom, F.Eq, F.Const))


def load_program(path, defines=None, search_path=()):
    """Read, preprocess, parse and check a TVP file."""
    located = preprocess(path, defines, search_path)
    decls, actions, cfg, printed = parse_text(located)
    el = _Elaborator(located)
    el.declare(decls)
    el.finish()
    action_decls = {}
    for a in actions:
        if a.data["name"] in action_decls:
            raise el.err(f"action '{a.data['name']}' defined twice", a.pos)
        action_decls[a.data["name"]] = a
    instances = {}
    edges = []
    for src, act, args, dst, pos, apos in cfg:
        decl = action_decls.get(act)
        if decl is None:
            raise el.err(f"unknown action '{act}' in the CFG", apos)
        key = (act, tuple(args))
        if key not in instances:
            instances[key] = el.instantiate(decl, args, apos)
        edges.append(Edge(src, instances[key], dst, located.where(*pos)))
    locs = {e.source for e in edges} | {e.target for e in edges}
    shown = []
    for name, pos in printed or []:
        if name not in locs:
            raise el.err(f"printed location '{name}' does not occur in the CFG", pos)
        shown.append(name)
    if not edges:
        raise located.error("the CFG section has no edges", len(located.linemap), 1)
    return Program(path, el.voc, el.sets, el.rules, action_decls, edges, shown,
                   el.global_focus, el.global_messages, located)
