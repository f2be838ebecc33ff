"""Every program of the C corpus (programs/c) through tvla verify.

programs/c/manifest.txt holds the truth of each (program, property), shown by
concrete runs; programs/c/answers.txt holds what tvla verify answers today:
the truth, or ``unknown`` where the abstraction cannot tell. The test runs the
analysis and checks both: the answer is the recorded one, and no answer
contradicts the truth (true where it is false, false where it is true, or the
wrong subproperty). Programs marked ``slow`` in answers.txt (past 0.7 s here)
are left to ``scripts/c_answers.py --check`` and ``python -m tvla.bench --c``:
the suite stays under 10 minutes.
"""

import os

import pytest

from tvla.cli.bench import read_manifest
from tvla.cli.verify import VerifyOptions, verify_files

CORPUS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "programs", "c")
PROPERTIES = ("memsafety", "memcleanup", "unreach-call")


def read_answers():
    answers, slow = {}, set()
    with open(os.path.join(CORPUS, "answers.txt"), encoding="utf-8") as fh:
        for line in fh:
            words = line.split("#", 1)[0].split()
            if len(words) >= 3:
                answers[(words[0], words[1])] = words[2]
                if "slow" in words[3:]:
                    slow.add(words[0])
    return answers, slow


TRUTH = read_manifest(CORPUS)
ANSWERS, SLOW = read_answers()
FILES = sorted({f for f, _ in TRUTH} - SLOW)


def test_the_records_cover_the_corpus_and_never_contradict_the_truth():
    programs = {f for f in os.listdir(CORPUS) if f.endswith((".c", ".i"))}
    assert {f for f, _ in TRUTH} == programs and {f for f, _ in ANSWERS} == programs
    assert len(programs) >= 45
    for key, answer in ANSWERS.items():
        assert answer in (TRUTH[key], "unknown"), key
    for prop, kind in (("memsafety", "valid-deref"), ("memsafety", "valid-free"), ("memsafety", "valid-memtrack"),
                       ("memcleanup", "false"), ("unreach-call", "false")):
        want = f"false({kind})" if prop == "memsafety" else "false"
        found = [f for (f, p), a in ANSWERS.items() if p == prop and a == want]
        assert len(found) >= 3, (prop, kind, found)   # each violation proved false three times at least


@pytest.mark.parametrize("name", FILES)
def test_corpus_verdicts(name):
    # each test verifies its own file, one at a time per xdist worker (a core each), so the corpus
    # spreads over the workers; the 60 s limit of a program recorded at 2 s at most assumes a core
    # of its own (two files at a time beside another worker made klist_bubble_sort, 12 s alone,
    # pass the limit in one suite run of three)
    [f] = verify_files([os.path.join(CORPUS, name)], VerifyOptions(PROPERTIES, timeout=60), jobs=1)
    assert f.error is None, f.error
    for p in f.properties:
        got = p.verdict + (f"({p.violated})" if p.verdict == "false" and p.name == "memsafety" else "")
        truth = TRUTH[(name, p.name)]
        assert got in (truth, "unknown"), (p.name, got, truth, p.reason)   # never wrong
        assert got == ANSWERS[(name, p.name)], (p.name, got, p.reason)
