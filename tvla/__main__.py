"""``python -m tvla`` runs the command line."""

from tvla.cli.main import run

run()
