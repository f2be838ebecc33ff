"""The C front end: C source -> a CFG of three-address heap statements (:mod:`tvla.cfront.ir`) -> a TVP program.

A layer beside ``tvla.lang``: it imports only ``tvla.lang``, ``tvla.logic`` and ``tvla.errors``."""
