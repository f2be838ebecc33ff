#!/usr/bin/env bash
# Install what tvla needs on a fresh machine into .venv (a virtual environment,
# so that it works on Debian's own Python too): the package with its
# dependencies and the test tools; Graphviz's dot (optional, for SVG) when the
# machine lets us install it.
set -euo pipefail
cd "$(dirname "$0")/.."
apt_install() {
    if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null) || return 1
    else
        return 1
    fi
}
if ! command -v dot >/dev/null 2>&1; then
    apt_install graphviz || echo "setup: Graphviz 'dot' not installed; SVG output will be skipped (install graphviz)" >&2
fi
if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv 2>/dev/null || { apt_install python3-venv && python3 -m venv .venv; }
fi
.venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null 2>&1 || true
# pip's build backend prints warnings on every editable install: show its output only when it fails.
# The package goes in as a path entry (setuptools' "compat" mode) where the build backend still
# offers it: its default, an import hook, imports pathlib and more at every start of tvla (a tenth
# of a small analysis's time).
pip_install() { .venv/bin/python -m pip install -q --disable-pip-version-check -e ".[test]" "$@" 2>&1; }
if ! out=$(pip_install --config-settings editable_mode=compat) && ! out=$(pip_install); then
    printf '%s\n' "$out" >&2
    exit 1
fi
# Compile the package's bytecode now: where PYTHONDONTWRITEBYTECODE is set, imports would
# otherwise compile every module from source on each run (a third of a small analysis's time).
.venv/bin/python -m compileall -q tvla >/dev/null
echo "setup: ready; run .venv/bin/tvla (or .venv/bin/python -m tvla)" >&2
