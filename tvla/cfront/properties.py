"""The properties ``tvla verify`` checks, named as on its command line or by a competition property file.

``memsafety`` (valid-deref, valid-free, valid-memtrack), ``memcleanup``,
``unreach-call`` and ``sorted(LIST)`` (the list from pointer variable LIST
is sorted by its data when ``main`` returns).  A ``.prp`` file holds lines
such as ``CHECK( init(main()), LTL(G valid-free) )``; the memory-safety
lines together name ``memsafety``.
"""

import os
import re
from typing import Iterable, List, Tuple

from tvla.errors import TvlaError

__all__ = ["PROPERTIES", "SUBPROPERTIES", "DEFAULT", "parse_properties", "property_of", "is_sorted_property",
           "sorted_variable"]

PROPERTIES = ("memsafety", "memcleanup", "unreach-call")
DEFAULT = PROPERTIES
SUBPROPERTIES = {"memsafety": ("valid-deref", "valid-free", "valid-memtrack"),
                 "memcleanup": ("memcleanup",), "unreach-call": ("unreach-call",)}
_SORTED = re.compile(r"^sorted\(\s*([A-Za-z_]\w*)\s*\)$")
# G ! call(__VERIFIER_error()): the property as the competition's tasks wrote it before 2020
_PRP_ATOM = re.compile(r"LTL\(\s*G\s+(valid-\w+|!\s*call\(\s*(?:reach_error|__VERIFIER_error)\(\)\s*\))\s*\)")


def is_sorted_property(name: str) -> bool:
    return _SORTED.match(name) is not None


def sorted_variable(name: str) -> str:
    """``sorted(x)`` -> ``x``."""
    m = _SORTED.match(name)
    if m is None:
        raise ValueError(name)
    return m.group(1)


def property_of(subproperty: str) -> str:
    """The property a violation kind (the prefix of a message) belongs to."""
    if subproperty.startswith("sorted"):
        return subproperty
    for prop, subs in SUBPROPERTIES.items():
        if subproperty in subs:
            return prop
    raise KeyError(subproperty)


def _from_prp(path: str) -> Tuple[str, ...]:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
    except OSError as e:
        raise TvlaError(f"--property {path}: cannot read it ({e.strerror})")
    atoms = [m.group(1) for m in _PRP_ATOM.finditer(text)]
    names = []
    for atom in atoms:
        if atom.startswith("!"):
            names.append("unreach-call")
        elif atom == "valid-memcleanup":
            names.append("memcleanup")
        elif atom in SUBPROPERTIES["memsafety"]:
            names.append("memsafety")
        else:
            raise TvlaError(f"{path}: unsupported property {atom}")
    if not names:
        raise TvlaError(f"{path}:1:1: no property found (expected a line like CHECK( init(main()), LTL(G valid-free) ))")
    return tuple(dict.fromkeys(names))


def parse_properties(words: Iterable[str]) -> Tuple[str, ...]:
    """Canonical property names, in the order given, without repeats; none given: all three."""
    out: List[str] = []
    for word in words:
        parts = [word] if os.path.isfile(word) else [w.strip() for w in word.split(",") if w.strip()]
        for part in parts:
            if part.endswith(".prp") or os.path.isfile(part):
                out.extend(_from_prp(part))
            elif part in PROPERTIES or is_sorted_property(part):
                out.append(part.replace(" ", ""))
            elif part in ("valid-memsafety", "valid-memcleanup"):
                out.append(part[len("valid-"):])
            else:
                raise TvlaError(f"--property {part}: unknown property (memsafety, memcleanup, unreach-call, "
                                "sorted(LIST) or a .prp file)")
    return tuple(dict.fromkeys(out)) or DEFAULT
