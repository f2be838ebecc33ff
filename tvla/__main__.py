"""``python -m tvla`` runs the command line."""

from .cli import main

main(prog_name="tvla")
