"""The command line, the Python API and the benchmark: the top layer, the only one that reads files for a run."""
