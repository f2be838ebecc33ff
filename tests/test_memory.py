"""tvla.engine.memory: which errors mean that memory ran out."""

import errno
import subprocess
import sys

from tvla.engine.memory import address_space, near_limit, out_of_memory

NEAR_A_LIMIT = """
import resource
from tvla.engine.memory import address_space, out_of_memory
used = address_space()
resource.setrlimit(resource.RLIMIT_AS, (int(used * 1.05), resource.RLIM_INFINITY))
print(out_of_memory(SystemError("error return without exception set")))
resource.setrlimit(resource.RLIMIT_AS, (used * 4, resource.RLIM_INFINITY))
print(out_of_memory(SystemError("error return without exception set")))
"""


def test_memory_errors_and_enomem_are_memory_exhausted():
    assert out_of_memory(MemoryError())
    assert out_of_memory(OSError(errno.ENOMEM, "Cannot allocate memory"))
    assert not out_of_memory(OSError(errno.ENOENT, "No such file"))
    assert not out_of_memory(ValueError("no"))


def test_a_system_error_is_memory_exhausted_only_near_the_limit():
    used = address_space()
    assert used is not None and used > 0
    if not near_limit():
        assert not out_of_memory(SystemError("error return without exception set"))
    run = subprocess.run([sys.executable, "-c", NEAR_A_LIMIT], capture_output=True, text=True)
    assert run.stdout.split() == ["True", "False"], run.stderr
