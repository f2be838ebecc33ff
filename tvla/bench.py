"""``python -m tvla.bench``: the benchmark table (implemented in :mod:`tvla.cli.bench`)."""

from tvla.cli.bench import main

__all__ = ["main"]

if __name__ == "__main__":
    main()
