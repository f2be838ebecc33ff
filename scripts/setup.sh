#!/usr/bin/env bash
# Install what tvla needs on a fresh machine: Graphviz's dot (for SVG; optional)
# and the Python package with its dependencies and the test tools.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v dot >/dev/null 2>&1; then
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null) \
            || echo "setup: could not install graphviz; SVG output will be skipped (DOT files are still written)" >&2
    else
        echo "setup: Graphviz 'dot' not found; install it (apt-get install graphviz / brew install graphviz) for SVG" >&2
    fi
fi
python3 -m pip install -q --disable-pip-version-check -e ".[test]"
