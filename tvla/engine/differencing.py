"""Finite differencing of instrumentation predicates (Reps, Sagiv & Loginov).

For an action that updates some predicates, every instrumentation predicate
that it does not update but whose definition depends on an updated one gets
the update ``p' = (p ? !Δ⁻[φ] : Δ⁺[φ])`` where the deltas are derived from
the definition ``φ`` by structural rules (docs/engine.md), with the unit-change
rules for the reflexive transitive closure of an acyclic field.  All derived
formulae read the structure *before* the update.
"""

from typing import Callable, Dict, Iterable, Optional, Set, Tuple, Union

from tvla.engine.coerce import definition
from tvla.lang.program import Update
from tvla.logic import formula as F
from tvla.logic.vocabulary import Vocabulary

Delta = Tuple[F.Formula, F.Formula]
"""``(Δ⁺, Δ⁻)``: where a formula changes from 0 to 1, and from 1 to 0."""


class Differencer:
    """Derives update formulae for one action."""

    def __init__(self, voc: Vocabulary, updates: Dict[str, Update], guarded: bool = True):
        self.voc = voc
        self.updates = updates  # name -> (params, formula)
        self.guarded = guarded  # see the rule of E in delta
        self.changed = set(updates)
        grew = True
        while grew:
            grew = False
            for p in voc.instrumentation:
                if p.name not in self.changed and definition(p).preds() & self.changed:
                    self.changed.add(p.name)
                    grew = True
        self._deltas: Dict[str, Delta] = {}       # predicate name -> pred_delta
        self._after: Dict[str, F.Formula] = {}    # predicate name -> definition_after
        self._closure_pred: Dict[str, str] = {}
        for p in voc.instrumentation:
            field_name = p.closure_of
            if field_name is not None:
                self._closure_pred.setdefault(field_name, p.name)

    def derived_updates(self) -> Dict[str, Update]:
        """Update formulae for the affected instrumentation predicates not updated explicitly."""
        out = {}
        for p in self.voc.instrumentation:
            if p.name in self.updates or p.name not in self.changed:
                continue
            dp, dm = self.pred_delta(p.name)
            old = F.Atom(p.name, p.params)
            out[p.name] = (p.params, F.ite(old, F.neg(dm), dp))
        return out

    def new_node_updates(self, derived: Dict[str, Update]) -> Dict[str, Update]:
        """Updates of the instrumentation predicates for an action with ``%new``.

        A node made by ``%new`` starts with every predicate 0, so on a tuple
        that involves it an instrumentation predicate that the action does not
        update gets the value of its definition after the action; elsewhere it
        keeps ``derived`` (its differencing update) or its old value."""
        out = {}
        for p in self.voc.instrumentation:
            if p.name in self.updates or p.arity == 0:
                continue
            params = p.params
            base = derived[p.name][1] if p.name in derived else F.Atom(p.name, params)
            fresh = F.disj(*(F.Atom("isNew", (a,)) for a in params))
            out[p.name] = (params, F.ite(fresh, self.definition_after(p.name), base))
        return out

    def definition_after(self, name: str) -> F.Formula:
        """The definition of ``name`` over its parameters with every predicate replaced
        by its value after the action (updates read the structure before it)."""
        if name not in self._after:
            p = self.voc[name]
            self._after[name] = F.substitute_atoms(F.desugar(definition(p)), self._atom_after)
        return self._after[name]

    def _atom_after(self, a: Union[F.Atom, F.Closure]) -> Optional[F.Formula]:
        p = self.voc[a.pred]
        if isinstance(a, F.Closure):
            if p.kind != "instr" and a.pred not in self.updates:
                return None
            x, y = self._fresh2({a.a, a.b}, base="tc")
            step = self._atom_after(F.Atom(a.pred, (x, y))) or F.Atom(a.pred, (x, y))
            tc = F.TC(a.a, a.b, x, y, step)
            return F.disj(F.Eq(a.a, a.b), tc) if a.reflexive else tc
        if a.pred in self.updates:
            params, psi = self.updates[a.pred]
            return F.rename_vars(psi, dict(zip(params, a.args)))
        if p.kind == "instr":
            return F.rename_vars(self.definition_after(a.pred), dict(zip(p.params, a.args)))
        return None

    # ------------------------------------------------------------------ deltas
    def pred_delta(self, name: str) -> Delta:
        """(Δ⁺, Δ⁻) of an atom over the predicate's own parameters."""
        if name in self._deltas:
            return self._deltas[name]
        p = self.voc[name]
        params = p.params
        if name in self.updates:
            uparams, psi = self.updates[name]
            psi = F.rename_vars(psi, dict(zip(uparams, params)))
            c = F.Atom(name, params)
            r = self._core_delta(c, psi)
        elif name in self.changed and p.kind == "instr":
            r = self.delta(F.desugar(definition(p)))
        else:
            r = (F.FALSE_F, F.FALSE_F)
        self._deltas[name] = r
        return r

    @staticmethod
    def _core_delta(c: F.Formula, psi: F.Formula) -> Delta:
        if psi == c:
            return F.FALSE_F, F.FALSE_F
        if isinstance(psi, F.Or):
            if psi.left == c:
                return psi.right, F.FALSE_F
            if psi.right == c:
                return psi.left, F.FALSE_F
        if isinstance(psi, F.And):
            for this, other in ((psi.left, psi.right), (psi.right, psi.left)):
                if this == c and isinstance(other, F.Not):
                    return F.FALSE_F, other.sub
        return F.conj(psi, F.neg(c)), F.conj(c, F.neg(psi))

    def after(self, f: F.Formula, d: Optional[Delta] = None) -> F.Formula:
        """``F[f]``: the value of ``f`` after the action, over the old structure."""
        dp, dm = d if d is not None else self.delta(f)
        if dp == F.FALSE_F and dm == F.FALSE_F:
            return f
        return F.ite(f, F.neg(dm), dp)

    def affected(self, f: F.Formula) -> bool:
        return bool(f.preds() & self.changed)

    def delta(self, f: F.Formula, in_chain: bool = False) -> Delta:
        """(Delta+, Delta-) of ``f``; ``in_chain``: ``f`` is an operand of a conjunction (disjunction)
        and is one itself."""
        if not self.affected(f):
            return F.FALSE_F, F.FALSE_F
        if isinstance(f, (F.And, F.Or)) and not in_chain:
            # the deltas of a & b each use those of a and b three times: k changed operands give a
            # formula of size 3^k.  A repeated operand (x & x, the same as x in Kleene logic too)
            # counts once (30 copies of z(v_1) took hours to evaluate)
            parts = F.conjuncts(f) if isinstance(f, F.And) else F.disjuncts(f)
            if len(set(parts)) < len(parts):
                return self.delta(F.conj(*parts) if isinstance(f, F.And) else F.disj(*parts))
        if isinstance(f, F.Atom):
            p = self.voc[f.pred]
            dp, dm = self.pred_delta(f.pred)
            m = dict(zip(p.params, f.args))
            return F.rename_vars(dp, m), F.rename_vars(dm, m)
        if isinstance(f, F.Not):
            dp, dm = self.delta(f.sub)
            return dm, dp
        if isinstance(f, F.Or):
            (pa, ma), (pb, mb) = (self.delta(f.left, isinstance(f.left, F.Or)),
                                  self.delta(f.right, isinstance(f.right, F.Or)))
            fa, fb = self.after(f.left, (pa, ma)), self.after(f.right, (pb, mb))
            dp = F.disj(F.conj(pa, F.neg(f.right)), F.conj(pb, F.neg(f.left)))
            dm = F.disj(F.conj(ma, F.neg(fb)), F.conj(mb, F.neg(fa)))
            return dp, dm
        if isinstance(f, F.And):
            (pa, ma), (pb, mb) = (self.delta(f.left, isinstance(f.left, F.And)),
                                  self.delta(f.right, isinstance(f.right, F.And)))
            fa, fb = self.after(f.left, (pa, ma)), self.after(f.right, (pb, mb))
            dp = F.disj(F.conj(pa, fb), F.conj(pb, fa))
            dm = F.disj(F.conj(ma, f.right), F.conj(mb, f.left))
            return dp, dm
        if isinstance(f, (F.Exists, F.Forall)):
            return self._quantified_delta(f)
        if isinstance(f, F.Closure):
            return self._closure_delta(f)
        if isinstance(f, F.TC):
            tc = F.TC(f.a, f.b, f.x, f.y, self.after(f.body))
            return F.conj(tc, F.neg(f)), F.conj(f, F.neg(tc))
        if isinstance(f, F.Ite):
            new = self.ite_after(f)
            return F.conj(new, F.neg(f)), F.conj(f, F.neg(new))
        if isinstance(f, (F.Implies, F.Iff)):
            return self.delta(F.desugar(f))
        return F.FALSE_F, F.FALSE_F

    def _quantified_delta(self, f: Union[F.Exists, F.Forall]) -> Delta:
        dpb, dmb = self.delta(f.body)
        fb = self.after(f.body, (dpb, dmb))
        if isinstance(f, F.Forall):
            return F.conj(F.exists(f.vars, dpb), F.forall(f.vars, fb)), F.conj(F.exists(f.vars, dmb), f)
        # a body's Δ⁻ may say what is lost only where the body held (Δ⁻ = δ of c & !δ):
        # guarded (TVLA's deltas), it counts only there, more precise where the body is 0 and
        # δ is not; unguarded, more precise where the body is 1/2 and nothing is left.  A delta
        # that already holds only where the body does needs no guard
        guard = self.guarded and not set(F.conjuncts(f.body)) <= set(F.conjuncts(dmb))
        lost = F.conj(f.body, dmb) if guard else dmb
        return F.conj(F.exists(f.vars, dpb), F.neg(f)), F.conj(F.exists(f.vars, lost), F.neg(F.exists(f.vars, fb)))

    def ite_after(self, f: F.Ite) -> F.Formula:
        """The value of ``f`` after the action: the conditional of the values after.  A
        conditional nested in it is taken the same way, not through its deltas, which hold
        its value twice (30 nested conditionals gave a formula of size 2^30)."""
        def after(g: F.Formula) -> F.Formula:
            return self.ite_after(g) if isinstance(g, F.Ite) and self.affected(g) else self.after(g)
        return F.ite(after(f.cond), after(f.then), after(f.other))

    # ------------------------------------------------------------------ closures
    def _closure_delta(self, f: F.Closure) -> Delta:
        n = self.voc[f.pred]
        if not f.reflexive:
            if "acyclic" in n.props:
                # on an acyclic relation p+(a, b) is p*(a, b) & a != b
                return self.delta(F.And(F.Closure(f.pred, f.a, f.b, True), F.Not(F.Eq(f.a, f.b))))
            return self._reevaluate(f)
        a, b = f.a, f.b
        avoid = {a, b}
        x, y = self._fresh2(avoid, base="w")
        edge = F.Atom(f.pred, (x, y))
        dpn, dmn = self.delta(edge)
        if dpn == F.FALSE_F and dmn == F.FALSE_F:
            return F.FALSE_F, F.FALSE_F
        # precise changes: edges that really appear / disappear
        add = F.conj(dpn, F.neg(edge))
        rem = F.conj(dmn, edge)
        tname = self._closure_pred.get(f.pred)

        def t(u, w):
            return F.Atom(tname, (u, w)) if tname else F.Closure(f.pred, u, w, True)

        # one new edge: a new path takes it once, on any relation, cyclic or not
        if dmn == F.FALSE_F and self._unit(add, (x, y)):
            v1, v2 = self._fresh2(avoid | add.free_vars())
            step = F.rename_vars(add, {x: v1, y: v2})
            dp = F.exists((v1, v2), F.conj(t(a, v1), step, t(v2, b)))
            return dp, F.FALSE_F
        if "acyclic" not in n.props:
            return self._cut(f, rem, (x, y), t) if dpn == F.FALSE_F else self._reevaluate(f)
        if dpn == F.FALSE_F and self._unit(rem, (x, y)):
            v1, v2 = self._fresh2(avoid | rem.free_vars())

            def removed(u, w):
                return F.rename_vars(rem, {x: u, y: w})

            def S(u, w):
                return F.exists((v1, v2), F.conj(t(u, v1), removed(v1, v2), t(v2, w)))

            def T(u, w):
                return F.disj(F.conj(t(u, w), F.neg(S(u, w))),
                              F.conj(F.Atom(f.pred, (u, w)), F.neg(removed(u, w))))

            w1, w2 = self._fresh2(avoid | {v1, v2} | rem.free_vars(), base="z")
            new = F.exists((w1, w2), F.conj(T(a, w1), T(w1, w2), T(w2, b)))
            return F.FALSE_F, F.conj(t(a, b), F.neg(new))
        return self._reevaluate(f)

    def _cut(self, f: F.Closure, rem: F.Formula, pair: Tuple[str, str],
             t: Callable[[str, str], F.Formula]) -> Delta:
        """Δ of ``p*(a, b)`` when the edges ``rem`` (over ``pair``) go from a relation that
        may be cyclic: a path stays unless a removed edge lies between ``a`` and ``b``
        (``t(a, w_1)``, the edge, ``t(w_2, b)``); only such pairs get their closure
        computed again.  (Re-evaluated alone, a closure through a summary node is 1/2
        where the old value, untouched by the change, was 1.)"""
        a, b = f.a, f.b
        v1, v2 = self._fresh2({a, b} | rem.free_vars())
        between = F.exists((v1, v2), F.conj(t(a, v1), F.rename_vars(rem, dict(zip(pair, (v1, v2)))), t(v2, b)))
        _dp, dm = self._reevaluate(f)
        return F.FALSE_F, F.conj(between, dm)

    def _reevaluate(self, f: F.Closure) -> Delta:
        a, b = f.a, f.b
        x, y = "tc_1", "tc_2"
        rel = self.after(F.Atom(f.pred, (x, y)))
        new: F.Formula = F.TC(a, b, x, y, rel)
        if f.reflexive:
            new = F.disj(F.Eq(a, b), new)
        return F.conj(new, F.neg(f)), F.conj(f, F.neg(new))

    @staticmethod
    def _fresh2(avoid: Set[str], base: str = "v") -> Tuple[str, str]:
        v1 = F.fresh(base, avoid)
        v2 = F.fresh(base, avoid | {v1})
        return v1, v2

    def _unit(self, delta: F.Formula, pair: Iterable[str]) -> bool:
        """True when ``delta`` holds for at most one pair: its variables are pinned
        by ``unique`` predicates, or reached from pinned ones through a
        ``function`` / ``invfunction`` predicate or an equality."""
        lits = F.conjuncts(delta)
        pinned = set()
        for lit in lits:
            if isinstance(lit, F.Atom) and lit.args and len(lit.args) == 1 and "unique" in self.voc[lit.pred].props:
                pinned.add(lit.args[0])
        grew = True
        while grew:
            grew = False
            for lit in lits:
                if isinstance(lit, F.Atom) and len(lit.args) == 2:
                    u, w = lit.args
                    props = self.voc[lit.pred].props
                    if "function" in props and u in pinned and w not in pinned:
                        pinned.add(w)
                        grew = True
                    if "invfunction" in props and w in pinned and u not in pinned:
                        pinned.add(u)
                        grew = True
                elif isinstance(lit, F.Eq):
                    if (lit.a in pinned) != (lit.b in pinned):
                        pinned.update((lit.a, lit.b))
                        grew = True
        return all(v in pinned for v in pair)
