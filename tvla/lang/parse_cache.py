"""Parsed files kept across runs, so that a run of an unchanged file does no grammar work.

:func:`cached` returns what ``build()`` returns for a preprocessed text, from the
user's cache directory when an earlier run built it.  The key is a hash of the
text and of the sources that turn text into syntax (the grammars and the modules
that define the syntax classes): an edited grammar or syntax class never reads an
old entry.  Only successful parses are kept (errors are raised every time); the
value must be picklable and hold positions of the preprocessed text only, never
file names (two files with the same text share an entry).  The directory holds at
most :data:`MAX_ENTRIES` entries; the oldest go first.  Any trouble with the cache
(unwritable, corrupt, foreign file) falls back to ``build()``.
"""

import hashlib
import os
import pickle
import sys
from functools import lru_cache
from typing import IO, Callable, List, Optional, TypeVar

T = TypeVar("T")

MAX_ENTRIES = 200
SUFFIX = ".syntax"
# the sources whose change makes an entry stale (paths relative to the package)
SOURCES = ("lang/tvp.lark", "lang/tvs.lark", "lang/tvp_parse.py", "lang/tvp_fast.py", "lang/tvp_ast.py",
           "lang/tvs_parse.py", "lang/tvs_syntax.py", "logic/formula.py")


def cache_dir() -> Optional[str]:
    """The user's own cache directory for tvla (never a shared temp directory: entries
    are unpickled), created if needed; None when it cannot be written."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    directory = os.path.join(base, "tvla")
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError:
        return None
    return directory if os.access(directory, os.W_OK) else None


@lru_cache(maxsize=None)
def fingerprint() -> bytes:
    """A hash of :data:`SOURCES` and of the Python version."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    digest = hashlib.sha256(repr(sys.version_info[:2]).encode())
    for name in SOURCES:
        try:
            with open(os.path.join(package, name), "rb") as fh:
                digest.update(fh.read())
        except OSError:
            digest.update(name.encode())
    return digest.digest()


def entry_path(kind: str, text: str) -> Optional[str]:
    directory = cache_dir()
    if directory is None:
        return None
    key = hashlib.sha256(fingerprint() + kind.encode() + b"\0" + text.encode("utf-8", "surrogatepass"))
    return os.path.join(directory, f"{kind}-{key.hexdigest()[:24]}{SUFFIX}")


def cached(kind: str, text: str, build: Callable[[], T]) -> T:
    """``build()``, or the value an earlier run's ``build()`` gave for the same ``kind`` and ``text``."""
    path = entry_path(kind, text)
    built: List[bool] = []

    def fresh() -> T:
        built.append(True)
        return build()
    value = kept(path, pickle.load, fresh, lambda v, fh: pickle.dump(v, fh, protocol=pickle.HIGHEST_PROTOCOL))
    if path and built:   # a run that reads its entries leaves the directory alone
        trim(os.path.dirname(path))
    return value


def kept(path: Optional[str], read: Callable[[IO[bytes]], T], build: Callable[[], T],
         write: Callable[[T, IO[bytes]], None]) -> T:
    """The value ``read`` from the file at ``path``, or else ``build()``, then written there
    atomically (a concurrent run never reads half a file).  A file that cannot be read, whatever
    went wrong, is built again; one that cannot be written is left out."""
    if path and os.path.exists(path):
        try:
            with open(path, "rb") as fh:
                return read(fh)
        except Exception:  # noqa: BLE001 - a damaged entry is rebuilt, whatever went wrong
            pass
    value = build()
    if path:
        tmp = f"{path}.{os.getpid()}.tmp"
        try:
            with open(tmp, "wb") as fh:
                write(value, fh)
            os.replace(tmp, path)
        except (OSError, pickle.PicklingError, RecursionError):
            try:
                os.remove(tmp)
            except OSError:
                pass
    return value


def trim(directory: str) -> None:
    """Remove the oldest entries beyond :data:`MAX_ENTRIES`."""
    try:
        names = [n for n in os.listdir(directory) if n.endswith(SUFFIX)]
        if len(names) <= MAX_ENTRIES:
            return
        paths = sorted((os.path.join(directory, n) for n in names), key=os.path.getmtime)
        for old in paths[: len(paths) - MAX_ENTRIES]:
            os.remove(old)
    except OSError:
        pass
