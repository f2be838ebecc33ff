#!/usr/bin/env bash
# Set up (see setup.sh) and run the test suite in .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
.venv/bin/python -m pytest -q tests "$@"
