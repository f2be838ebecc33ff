"""The layers of tvla/ (docs/architecture.md) hold: import-linter's contracts in setup.cfg are kept."""

import configparser
import os
import subprocess
import sys

import pytest

from conftest import ROOT

LINT_IMPORTS = os.path.join(os.path.dirname(sys.executable), "lint-imports")


@pytest.mark.skipif(sys.version_info < (3, 10), reason="import-linter needs Python 3.10")
def test_import_contracts_are_kept():
    assert os.path.isfile(LINT_IMPORTS), "lint-imports is missing: pip install -e '.[test]'"
    proc = subprocess.run([LINT_IMPORTS, "--no-cache", "--config", os.path.join(ROOT, "setup.cfg")], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "0 broken" in proc.stdout


def test_writers_may_read_no_engine_module_but_results():
    """The forbidden contract lists every engine module but ``results`` (a new one is listed too)."""
    cfg = configparser.ConfigParser()
    cfg.read(os.path.join(ROOT, "setup.cfg"))
    forbidden = set(cfg["importlinter:contract:writers-read-results"]["forbidden_modules"].split())
    modules = {"tvla.engine." + f[:-3] for f in os.listdir(os.path.join(ROOT, "tvla", "engine"))
               if f.endswith(".py") and f != "__init__.py"}
    assert forbidden == modules - {"tvla.engine.results"}
