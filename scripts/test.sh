#!/usr/bin/env bash
# Set up (see setup.sh) and run the test suite in .venv, on every core (pytest-xdist; tests
# of one xdist_group stay on one worker; the C corpus verifies a file per test, spread over them).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/python -m pytest -q -n auto --dist loadgroup tests "$@"
