#!/usr/bin/env bash
# Set up (see setup.sh) and run the test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
python3 -m pytest -q tests "$@"
