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


def test_an_analysis_loads_no_heavy_module_it_does_not_use():
    """Start-up (issue 21): a run of a list program without -td, drawings, properties
    file or terminal imports neither networkx, javaproperties nor tqdm."""
    code = ("import sys\n"
            "from tvla.cli.main import main\n"
            "try:\n"
            "    main(['analyze', 'programs/sll/reverse.tvp', 'programs/sll/list.tvs', '-terse'])\n"
            "except SystemExit:\n"
            "    pass\n"
            "sys.stdout = sys.__stdout__\n"
            "print(sorted(m for m in ('networkx', 'javaproperties', 'tqdm') if m in sys.modules))\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False)
    assert proc.stdout.strip().splitlines()[-1] == "[]", proc.stdout + proc.stderr
