"""What running out of memory looks like to the process.

A ``MemoryError``; ``ENOMEM`` from the system (a thread's stack or a fork past the limit);
or, near the address-space limit (``ulimit -v``, ``tvla verify --memory``), a
``SystemError`` ("error return without exception set"): an allocation deep in the
interpreter that failed without raising, seen on a ``selfcheck --join conc`` run under
``ulimit -v``.  Far from any limit a ``SystemError`` stays what it is, an internal error.
"""

import errno
import resource
from typing import Optional

NEAR = 0.9
"""Share of the address-space limit past which a ``SystemError`` counts as memory exhausted."""


def address_space() -> Optional[int]:
    """The bytes of virtual memory the process has mapped (None where /proc is not there)."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    return pages * resource.getpagesize()


def near_limit() -> bool:
    """True when an address-space limit is set and the process has mapped most of it."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return False
    used = address_space()
    return used is not None and used >= NEAR * soft


def out_of_memory(e: BaseException) -> bool:
    """True when ``e`` says that memory ran out (see the module's docstring)."""
    if isinstance(e, MemoryError):
        return True
    if isinstance(e, OSError):
        return e.errno == errno.ENOMEM
    return isinstance(e, SystemError) and near_limit()
