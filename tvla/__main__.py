"""``python -m tvla`` runs the command line."""

from tvla.cli.main import main

main(prog_name="tvla")
