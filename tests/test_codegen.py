"""Generated evaluators (tvla/logic/codegen.py) compute what the closures of the evaluator compute.

Random formulae over a small vocabulary, on random 3-valued structures with summary
and maybe-active nodes, under every choice of vector variable and every binding of the
others: the generated code and the reference closures give the same masks."""

import random
from itertools import product

from tvla.logic import formula as F
from tvla.logic.evaluate import Evaluator
from tvla.logic.kleene import FALSE, HALF, TRUE
from tvla.logic.structure import Structure
from tvla.logic.vocabulary import Predicate, Vocabulary

VARS = ("a", "b", "c", "d")


def vocabulary() -> Vocabulary:
    voc = Vocabulary.create()
    for name, arity in (("x", 1), ("y", 1), ("n", 2), ("m", 2), ("g", 0), ("h", 3)):
        voc.add(Predicate(name, arity, ("v_1", "v_2", "v_3")[:arity], "core"))
    return voc


def random_structure(rng: random.Random, voc: Vocabulary, n: int) -> Structure:
    s = Structure.empty(voc, n)
    values = (FALSE, HALF, TRUE)
    for p in voc.preds.values():
        if p.name == "sm":
            s.set_summary(rng.getrandbits(n) if n else 0)
        elif p.arity == 0:
            s.nul[p.index] = rng.choice(values)
        elif p.arity <= 2 or p.arity == 3:
            for tup in product(range(n), repeat=p.arity):
                s.set_value(p, tup, rng.choice(values))
    s.set_maybe_active(rng.getrandbits(n) & rng.getrandbits(n) if n else 0)
    return s


def random_formula(rng: random.Random, depth: int) -> F.Formula:
    v = lambda: rng.choice(VARS)  # noqa: E731
    if depth == 0 or rng.random() < 0.2:
        kind = rng.randrange(7)
        if kind == 0:
            return F.Atom(rng.choice("xy"), (v(),))
        if kind == 1:
            return F.Atom(rng.choice("nm"), (v(), v()))
        if kind == 2:
            return F.Eq(v(), v())
        if kind == 3:
            return F.Closure(rng.choice("nm"), v(), v(), rng.random() < 0.5)
        if kind == 4:
            return F.Const(rng.choice((FALSE, HALF, TRUE)))
        if kind == 5:
            return F.Atom("h", (v(), v(), v()))
        return F.Atom("g", ())
    kind = rng.randrange(11)
    sub = lambda: random_formula(rng, depth - 1)  # noqa: E731
    if kind == 0:
        return F.Not(sub())
    if kind in (1, 2):
        return F.And(sub(), sub())
    if kind == 3:
        return F.Or(sub(), sub())
    if kind == 4:
        return F.Ite(sub(), sub(), sub())
    if kind == 5:
        return F.Exists((v(),), sub())
    if kind == 6:
        return F.Forall((v(),), sub())
    if kind == 7:
        return F.Implies(sub(), sub())
    if kind in (8, 9):
        quantifier = F.Exists if kind == 8 else F.Forall
        return quantifier((v(), v()), F.And(sub(), sub()))
    # the same relation body with its two variables either way round: two different relations
    x, y = ("p", "q") if rng.random() < 0.5 else ("q", "p")
    return F.TC(v(), v(), x, y, F.Or(F.Atom("n", ("p", "q")), F.Atom("x", ("q",))))


def agreement_cases(seed):
    """For 80 rounds of random formulae (tabling on and off; generated code at once or after three
    runs of the closures): (the generated evaluator, the closures' one, formula, vector variable,
    a structure the generated one shares across formulae, its pristine copy, an assignment, the
    case's description).  The generated evaluator keeps the values it tabled on a structure from one
    formula to the next; the reference starts from a structure without any."""
    rng = random.Random(seed)
    voc = vocabulary()
    for round_no in range(80):
        # without tabling, every quantifier is generated inline in its parent's function;
        # with promote=3, a function runs closures three times, then its generated code
        tabling, promote = round_no % 2 == 0, (0, 3)[round_no // 2 % 2]
        generated = Evaluator(voc, tabling, promote=promote)
        reference = Evaluator(voc, tabling, generated=False)
        pristine = [random_structure(rng, voc, n) for n in (0, 1, 2, 3)]
        shared = [s.copy() for s in pristine]
        for _ in range(6):
            f = random_formula(rng, 4)
            free = sorted(f.free_vars())
            for vec in [None] + free:
                others = [x for x in free if x != vec]
                for s, clean in zip(shared, pristine):
                    for nodes in product(range(s.n), repeat=len(others)):
                        yield (generated, reference, f, vec, s, clean, dict(zip(others, nodes)),
                               (round_no, tabling, str(f), vec, s.n))


def test_generated_evaluators_agree_with_the_closures():
    for generated, reference, f, vec, s, clean, env, case in agreement_cases(20240611):
        want = reference.compile(f, vec)(clean.copy(), dict(env))
        got = generated.compile(f, vec)(s, dict(env))
        assert got == want, (case, env)


def test_deep_formulae_are_split_into_several_functions():
    """Python's parser refuses about a hundred nested blocks: deeper boolean nests still compile."""
    voc = vocabulary()
    f: F.Formula = F.Atom("x", ("a",))
    for k in range(150):
        f = F.And(F.Atom("y", ("a",)), f) if k % 2 else F.Or(F.Atom("x", ("a",)), f)
    rng = random.Random(1)
    s = random_structure(rng, voc, 3)
    assert Evaluator(voc, promote=0).compile(f, "a")(s, {}) == Evaluator(voc, generated=False).compile(f, "a")(s, {})


def test_generated_one_masks_are_those_of_the_closures():
    """``Evaluator.must`` (where a formula is 1, what a rule's body needs) computes no U mask
    and skips more, but gives the T mask of the closures' value: for random formulae, on
    structures that keep the 1-tables and tables filled by earlier formulae."""
    for generated, reference, f, vec, s, clean, env, case in agreement_cases(20261128):
        want = reference.compile(f, vec)(clean.copy(), dict(env))[0]
        got = generated.must(f, vec)(s, dict(env))
        assert got == want, (case, env)
        # both tables of a formula, read in either order, agree
        assert generated.compile(f, vec)(s, dict(env))[0] == want
