"""Type hints: mypy passes on tvla/ with the configuration of setup.cfg, and every public
function and method of the package says the types of its parameters and its result."""

import importlib
import inspect
import os
import pkgutil
import subprocess
import sys

import tvla
from conftest import ROOT

MYPY = os.path.join(os.path.dirname(sys.executable), "mypy")


def test_mypy_passes():
    assert os.path.isfile(MYPY), "mypy is missing: pip install -e '.[test]'"
    proc = subprocess.run([MYPY, "--config-file", os.path.join(ROOT, "setup.cfg"), "tvla"], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


# the layers whose every public function has hints (tvla.logic, tvla.lang and tvla.engine: issue 18)
HINTED = ("tvla.logic", "tvla.lang", "tvla.cfront", "tvla.concrete", "tvla.cli", "tvla.output", "tvla.engine")


def modules():
    for info in pkgutil.walk_packages(tvla.__path__, "tvla."):
        if not info.name.endswith("__main__") and info.name.startswith(HINTED):
            yield importlib.import_module(info.name)


def public_functions(module):
    """(qualified name, function) of every public function and public method defined in ``module``."""
    for name, obj in vars(module).items():
        if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(obj):
            yield name, obj
        elif inspect.isclass(obj):
            for mname, m in vars(obj).items():
                if mname.startswith("_") and mname != "__init__":
                    continue
                m = m.fget if isinstance(m, property) else getattr(m, "__func__", m)
                if inspect.isfunction(m) and m.__module__ == module.__name__:
                    yield f"{name}.{mname}", m


def missing_hints(fn):
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())
    if params and params[0].name in ("self", "cls"):
        params = params[1:]
    missing = [p.name for p in params if p.annotation is inspect.Parameter.empty]
    if sig.return_annotation is inspect.Signature.empty and fn.__name__ != "__init__":
        missing.append("return")
    return missing


def test_every_public_function_has_type_hints():
    bare = [f"{m.__name__}.{q}: {', '.join(miss)}" for m in modules() for q, fn in public_functions(m)
            if (miss := missing_hints(fn))]
    assert not bare, f"{len(bare)} public functions without complete hints:\n" + "\n".join(bare)
