#!/usr/bin/env bash
# Set up (see setup.sh) and run the test suite in .venv, on every core (pytest-xdist; tests
# of one xdist_group, such as the C corpus sharing one verification run, stay on one worker).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/python -m pytest -q -n auto --dist loadgroup tests "$@"
