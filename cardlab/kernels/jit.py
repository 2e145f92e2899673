"""One source for every kernel, compiled or not: numba's ``njit`` and ``prange`` with numpy where
numba is installed, and where it is not (Pyodide, the static site of ``make site``) or
``CARDLAB_PLAIN_KERNELS=1`` is set, an ``njit`` that returns the function as it is, ``range``
for ``prange``, and :mod:`cardlab.kernels.plain` for numpy. A kernel imports all three from here:

    from cardlab.kernels.jit import njit, np, prange

and runs the same source either way; the tests prove the plain path equal to the compiled one
(the kernels' tests, through ``tests/engine_checks.plain_python_result``). :data:`PLAIN` says
which path this process took.

On the plain path the bit counts numba gives compiled code are Python too (:func:`trailing_zeros`
and :func:`leading_zeros` of a 64-bit word), and :func:`set_parallel_chunksize` sets nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.pace import plain_kernels


PLAIN = plain_kernels()
"""True when the kernels run as plain Python on :mod:`cardlab.kernels.plain`."""

if TYPE_CHECKING:   # the kernels are checked as the compiled path's code: numpy's types
    import numpy as np
    from numba import njit, prange, set_parallel_chunksize
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros
elif PLAIN:
    from cardlab.kernels import plain as np

    prange = range

    def njit(*args: Any, **options: Any) -> Any:
        """numba's ``njit`` on the plain path: the function itself, with or without options."""
        if len(args) == 1 and callable(args[0]) and not options:
            return args[0]
        return lambda function: function

    def trailing_zeros(x: int) -> int:
        """The zero bits below the lowest set bit of ``x`` (64 for 0)."""
        return (x & -x).bit_length() - 1 if x else 64

    def leading_zeros(x: int) -> int:
        """The zero bits above the highest set bit of the 64-bit word ``x``."""
        return 64 - (x & np.MASK64).bit_length()

    def set_parallel_chunksize(size: int) -> int:
        """numba's chunk size of a ``prange`` (one thread here: nothing to set); the size before."""
        return 0
else:
    import numpy as np
    from numba import njit, prange, set_parallel_chunksize  # noqa: F401
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros  # noqa: F401

MASK64 = np.uint64(0xFFFFFFFFFFFFFFFF)
"""All 64 bits: a product of 64-bit words masked with it wraps on the plain path as compiled code
wraps by itself (where numba drops the mask)."""
