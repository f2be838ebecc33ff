"""The parse cache: a second run of an unchanged file does no grammar work, reads
the same syntax, and a damaged or stale entry is never trusted."""

import os
import subprocess
import sys

from tvla.lang import parse_cache
from tvla.lang.tvp import load_program
from tvla.lang.tvs import read_tvs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOAD = ("import sys; from tvla.lang.tvp import load_program; from tvla.lang.tvs import read_tvs; "
        "p = load_program('programs/sll/reverse.tvp'); s = read_tvs('programs/sll/list.tvs', p.vocabulary); "
        "print(len(s), 'lark' in sys.modules)")


def run_load(cache: str) -> str:
    env = dict(os.environ, XDG_CACHE_HOME=cache)
    return subprocess.run([sys.executable, "-c", LOAD], cwd=ROOT, env=env, capture_output=True,
                          text=True, check=True).stdout.split()


def test_second_run_does_not_import_lark(tmp_path):
    assert run_load(str(tmp_path)) == ["3", "True"]
    assert run_load(str(tmp_path)) == ["3", "False"]


def test_cached_syntax_gives_the_same_program_and_structures(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = load_program(os.path.join(ROOT, "programs/sll/reverse.tvp"))
    again = load_program(os.path.join(ROOT, "programs/sll/reverse.tvp"))
    assert len(list((tmp_path / "tvla").glob("*.syntax"))) == 1
    assert (again.actions, again.edges, again.rules) == (first.actions, first.edges, first.rules)
    tvs = os.path.join(ROOT, "programs/sll/list.tvs")
    assert read_tvs(tvs, first.vocabulary) == read_tvs(tvs, first.vocabulary)


def test_damaged_entry_is_rebuilt(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parse_cache.cached("k", "text", lambda: ("built", 1)) == ("built", 1)
    (entry,) = (tmp_path / "tvla").glob("*.syntax")
    entry.write_bytes(b"not a pickle")
    assert parse_cache.cached("k", "text", lambda: ("rebuilt", 2)) == ("rebuilt", 2)
    assert parse_cache.cached("k", "text", lambda: ("never", 3)) == ("rebuilt", 2)
    assert parse_cache.cached("k", "other text", lambda: ("other", 4)) == ("other", 4)


def test_cache_keeps_at_most_max_entries(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(parse_cache, "MAX_ENTRIES", 3)
    for k in range(6):
        parse_cache.cached("k", f"text {k}", lambda: k)
    assert len(list((tmp_path / "tvla").glob("*.syntax"))) == 3
