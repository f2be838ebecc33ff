"""Verification tasks in the competition's format: SV-COMP's task definitions (``.yml``).

A task names its C file (``input_files``, relative to the task file) and the properties to check,
each by its property file with the verdict expected::

    format_version: '2.0'
    input_files: 'list-1.i'
    properties:
      - property_file: ../properties/valid-memsafety.prp
        expected_verdict: false
        subproperty: valid-memtrack
      - property_file: ../properties/termination.prp
        expected_verdict: true
    options:
      language: C
      data_model: ILP32

:func:`read_task` gives the file, the properties ``tvla verify`` checks among them (memsafety,
memcleanup, unreach-call: the property file is read when it exists, else known by its name) with
their expected verdicts (``true``, ``false``, ``false (valid-memtrack)``: as the summary table shows
verdicts), the property files it leaves out (termination, overflows, data races), and its data model
(``ILP32``: ``long`` and pointers of 32 bits, as ``gcc -m32``).  A malformed
task is a :class:`~tvla.errors.TvlaError` at its place in the file.
"""

import os
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from tvla.cfront.parse import DATA_MODELS
from tvla.cfront.properties import parse_properties
from tvla.errors import TvlaError

__all__ = ["Task", "read_task", "is_task_file", "named_input", "TASK_SUFFIXES"]

TASK_SUFFIXES = (".yml", ".yaml")
# the competition's property files by name, when the file itself is not at hand
KNOWN_PRP = {"valid-memsafety.prp": "memsafety", "valid-memcleanup.prp": "memcleanup",
             "unreach-call.prp": "unreach-call"}


@dataclass(frozen=True)
class Task:
    """One task: its C file, the properties checked with their expected verdicts, those left out."""

    file: str
    properties: Tuple[str, ...]
    expected: Tuple[Tuple[str, str], ...]   # (property, expected verdict), for those checked
    left_out: Tuple[str, ...] = ()          # property files of the task tvla does not check
    data_model: Optional[str] = None        # options: data_model (ILP32, LP64); None: not given


def is_task_file(path: str) -> bool:
    return path.endswith(TASK_SUFFIXES)


def named_input(path: str) -> Optional[str]:
    """The C file the YAML file ``path`` names as a task (``input_files``, one or several: the first),
    None when it is no task definition (not YAML, no ``input_files``: a directory's other YAML files)."""
    try:
        data = _load(path)
    except TvlaError:
        return None
    files = _input_files(data)
    if not files or not isinstance(files[0], str):
        return None
    return os.path.join(os.path.dirname(path), files[0])


def read_task(path: str) -> Task:
    """The task defined in the file ``path`` (see the module docstring)."""
    data = _load(path)
    if not isinstance(data, dict):
        raise TvlaError("not a task definition: no input_files and properties", path, 1, 1)
    here = os.path.dirname(path)
    c_file = os.path.join(here, _input_file(data, path))
    if not os.path.isfile(c_file):
        raise TvlaError(f"input_files: no such C file {c_file}", path, _line_of(path, "input_files"), 1)
    return Task(c_file, *_properties(data.get("properties") or [], path, here), _data_model(data, path))


def _data_model(data: Dict[str, Any], path: str) -> Optional[str]:
    """The task's ``options: data_model`` (ILP32 or LP64), None when it gives none."""
    options = data.get("options")
    model = options.get("data_model") if isinstance(options, dict) else None
    if model is None:
        return None
    if model not in DATA_MODELS:
        raise TvlaError(f"options: data_model {model!r} is none of {', '.join(DATA_MODELS)}", path,
                        _line_of(path, "data_model"), 1)
    return str(model)


def _line_of(path: str, key: str) -> int:
    """The line of the task file ``path`` where ``key`` is set (1 if none is found)."""
    with open(path, encoding="utf-8") as fh:
        return next((n for n, line in enumerate(fh, 1) if line.lstrip().startswith(key)), 1)


def _load(path: str) -> Any:
    import yaml   # lazy: only task files need it
    try:
        with open(path, encoding="utf-8") as fh:
            data = yaml.safe_load(fh)
    except OSError as e:
        raise TvlaError(f"cannot read {path}: {e.strerror}") from None
    except UnicodeDecodeError as e:
        raise TvlaError(f"not a task definition: not UTF-8 text (byte {e.start})", path, 1, 1) from None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        raise TvlaError(f"not a task definition: {getattr(e, 'problem', None) or e}", path, line, col) from None
    return data


def _input_files(data: Any) -> Optional[List[Any]]:
    """A task's ``input_files`` as a list (a single name is one), None where it gives none."""
    files = data.get("input_files") if isinstance(data, dict) else None
    return [files] if isinstance(files, str) else files if isinstance(files, list) else None


def _input_file(data: Dict[str, Any], path: str) -> str:
    files = _input_files(data)
    if files is None or len(files) != 1 or not isinstance(files[0], str):
        raise TvlaError("input_files: one C file expected (a task of several files is not supported)", path, 1, 1)
    return files[0]


def _properties(entries: Any, path: str, here: str) -> Tuple[Tuple[str, ...], Tuple[Tuple[str, str], ...],
                                                             Tuple[str, ...]]:
    if not isinstance(entries, list):
        raise TvlaError("properties: a list of property_file entries expected", path, 1, 1)
    checked: List[str] = []
    expected: List[Tuple[str, str]] = []
    left_out: List[str] = []
    for entry in entries:
        prp = entry.get("property_file") if isinstance(entry, dict) else None
        if not isinstance(prp, str):
            raise TvlaError("properties: each entry needs a property_file", path, 1, 1)
        name = _property_of(os.path.join(here, prp))
        if name is None:
            left_out.append(prp)
            continue
        checked.append(name)
        verdict = _expected(entry)
        if verdict is not None:
            expected.append((name, verdict))
    return tuple(checked), tuple(expected), tuple(left_out)


def _property_of(prp: str) -> Optional[str]:
    """The property a property file states, None for one tvla does not check."""
    if not os.path.isfile(prp):
        return KNOWN_PRP.get(os.path.basename(prp))
    try:
        return parse_properties([prp])[0]
    except TvlaError:
        return None


def _expected(entry: Dict[str, Any]) -> Optional[str]:
    verdict = entry.get("expected_verdict")
    if not isinstance(verdict, bool):
        return None
    sub = entry.get("subproperty")
    return "true" if verdict else "false" + (f" ({sub})" if isinstance(sub, str) else "")
