"""The package version (read by setup.cfg and written into results)."""

__all__ = ["__version__"]

__version__ = "0.2.0"
