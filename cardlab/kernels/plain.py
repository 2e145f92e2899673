"""The part of numpy the kernels use, in plain Python: what they run on where numpy is absent
(Pyodide, the static site) or where ``CARDLAB_PLAIN_KERNELS=1`` asks for it (the tests of that path).

:mod:`cardlab.kernels.jit` hands the kernels this module as ``np`` when it hands them the
plain-Python ``njit``. An array is a list: a one-dimensional one a :class:`Vector` (indexed as
fast as a list), a larger one a :class:`Matrix` of rows, indexed ``a[i, j]`` as numpy does, whose
row ``a[i]`` is a view (writing to it writes to the matrix). Unlike numpy, a slice is a copy: the
kernels never write through a slice. The scalar types cast as numpy's do: :func:`uint64` wraps to
64 bits and a ``uint64`` array wraps what is stored in it, so a generator's ``state + GAMMA``
stays a 64-bit word; arithmetic on plain integers does not wrap, so the kernels mask a product
of 64-bit words themselves (``& MASK64``, which compiled code drops as a no-op).

>>> a = zeros((2, 3), int64)
>>> a[1, 2] = 7
>>> row = a[1]
>>> row[0] = 5
>>> a.tolist(), a.shape
([[0, 0, 0], [5, 0, 7]], (2, 3))
>>> s = zeros(1, uint64)
>>> s[0] = 2**64 + 3
>>> s[0]
3
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from contextlib import nullcontext
from typing import Any

MASK64 = (1 << 64) - 1
HALF64 = 1 << 63
pi = math.pi
exp, log, sqrt = math.exp, math.log, math.sqrt


def uint64(x: Any) -> int:
    """``numpy.uint64(x)``: a whole number wrapped to 64 bits."""
    return int(x) & MASK64


def int64(x: Any) -> int:
    """``numpy.int64(x)``: truncated to a whole number, wrapped to signed 64 bits."""
    x = int(x)
    return x if -HALF64 <= x < HALF64 else ((x + HALF64) & MASK64) - HALF64


def int32(x: Any) -> int:
    """``numpy.int32(x)``: truncated and wrapped to signed 32 bits."""
    x = int(x)
    return ((x + (1 << 31)) & 0xFFFFFFFF) - (1 << 31)


def float64(x: Any = 0.0) -> float:
    """``numpy.float64(x)``."""
    return float(x)


def bool_(x: Any = False) -> bool:
    """``numpy.bool_(x)``."""
    return bool(x)


int8 = int16 = uint8 = int_ = intp = int64
float_ = float64
DTYPES = {int64: 0, int32: 0, uint64: 0, float64: 0.0, bool_: False, int: 0, float: 0.0, bool: False}
"""Each type's zero."""


def rint(x: float) -> float:
    """``numpy.rint``: to the nearest whole number, halves to even (as Python's ``round``)."""
    return float(round(x))


def errstate(**_: str) -> nullcontext:
    """``numpy.errstate``: plain integers never overflow, so there is nothing to silence."""
    return nullcontext()


class Vector(list):
    """A one-dimensional array: a list with numpy's few methods the kernels' callers use."""

    dtype: Any = int64

    @property
    def shape(self) -> tuple[int, ...]:
        return (len(self),)

    @property
    def size(self) -> int:
        return len(self)

    @property
    def ndim(self) -> int:
        return len(self.shape)

    def copy(self) -> Vector:
        return _build(self.tolist(), self.dtype)

    def tolist(self) -> list:
        return list(self)

    def reshape(self, *shape: Any) -> Vector:
        """A copy of the same items in another shape (one dimension may be -1)."""
        shape = shape[0] if len(shape) == 1 and isinstance(shape[0], tuple) else shape
        flat = _flat(self.tolist())
        if -1 in shape:
            known = math.prod(d for d in shape if d != -1)
            shape = tuple(len(flat) // known if d == -1 else d for d in shape)
        if math.prod(shape) != len(flat):
            raise ValueError(f"cannot reshape an array of size {len(flat)} into shape {shape}")
        return _build(_nest(flat, shape), self.dtype)

    def any(self) -> bool:
        return any(_flat(self.tolist()))

    def all(self) -> bool:
        return all(_flat(self.tolist()))

    def sum(self) -> Any:
        return sum(_flat(self.tolist()))

    def max(self) -> Any:
        return max(_flat(self.tolist()))

    def min(self) -> Any:
        return min(_flat(self.tolist()))

    def fill(self, value: Any) -> None:
        for i in range(len(self)):
            self[i] = value

    def astype(self, dtype: Any) -> Vector:
        return array(self.tolist(), dtype)

    def _no_arithmetic(self, other: Any) -> Any:
        raise TypeError("arithmetic on whole arrays is numpy's, not the plain path's: write the loop")

    __add__ = __radd__ = __iadd__ = __mul__ = __rmul__ = __imul__ = _no_arithmetic


class UVector(Vector):
    """A ``uint64`` vector: what is stored wraps to 64 bits, as in numpy."""

    dtype = uint64

    def __setitem__(self, i: Any, value: Any) -> None:
        if isinstance(i, slice):
            list.__setitem__(self, i, [int(v) & MASK64 for v in value])
        else:
            list.__setitem__(self, i, int(value) & MASK64)


class Matrix(Vector):
    """An array of two or more dimensions: a list of its rows, indexed ``a[i, j]``; ``a[i]`` is a
    view of row ``i``, a slice or a column (``a[:, j]``) a copy."""

    _empty_row: tuple[int, ...] = (0,)
    """The shape of a row, for a matrix without rows (one with rows reads it from its first)."""

    @property
    def shape(self) -> tuple[int, ...]:
        return (len(self), *self._row_shape())

    def _row_shape(self) -> tuple[int, ...]:
        if len(self):
            return list.__getitem__(self, 0).shape
        return self._empty_row

    def tolist(self) -> list:
        return [row.tolist() for row in list.__iter__(self)]

    def __getitem__(self, key: Any) -> Any:
        if type(key) is tuple:
            return _get(self, key)
        if isinstance(key, slice):
            return _build([row.tolist() for row in list.__getitem__(self, key)], self.dtype,
                          self._row_shape())
        return list.__getitem__(self, key)

    def __setitem__(self, key: Any, value: Any) -> None:
        if type(key) is not tuple:
            key = (key,)
        _set(self, key, value)


def _get(a: Any, key: tuple) -> Any:
    k, rest = key[0], key[1:]
    if isinstance(k, int):
        sub = list.__getitem__(a, k)
        return _get(sub, rest) if rest else sub
    picked = list.__getitem__(a, k) if isinstance(k, slice) else [list.__getitem__(a, i) for i in k]
    items = [_get(p, rest) if rest else p for p in picked]
    return _build([x.tolist() if isinstance(x, Vector) else x for x in items], a.dtype)


def _set(a: Any, key: tuple, value: Any) -> None:
    k, rest = key[0], key[1:]
    if isinstance(k, int):
        if rest:
            _set(list.__getitem__(a, k), rest, value)
        elif isinstance(a, Matrix):                         # a whole row
            row = list.__getitem__(a, k)
            for j, x in enumerate(_rows_of(value, len(row))):
                row[j] = x
        else:
            a[k] = value
        return
    indices = range(len(a))[k] if isinstance(k, slice) else list(k)
    for i, v in zip(indices, _rows_of(value, len(indices))):
        _set(a, (i, *rest), v)


def _rows_of(value: Any, n: int) -> list:
    if isinstance(value, (list, tuple, range)):
        if len(value) != n:
            raise ValueError(f"cannot assign {len(value)} items to {n}")
        return list(value)
    return [value] * n


def _flat(items: Any) -> list:
    if isinstance(items, (list, tuple)) and items and isinstance(items[0], (list, tuple)):
        return [x for row in items for x in _flat(row)]
    return list(items)


def _nest(flat: list, shape: tuple) -> list:
    if len(shape) == 1:
        return flat
    step = len(flat) // shape[0] if shape[0] else 0
    return [_nest(flat[i * step:(i + 1) * step], shape[1:]) for i in range(shape[0])]


def _cast(dtype: Any) -> Any:
    return {int: int64, float: float64, bool: bool_, None: None}.get(dtype, dtype)


def _build(items: list, dtype: Any, row_shape: tuple = (0,)) -> Vector:
    """An array of nested lists ``items``, each leaf cast to ``dtype``."""
    dtype = _cast(dtype)
    out: Vector
    if items and isinstance(items[0], (list, tuple, Vector)):
        rows = [_build(list(row), dtype) for row in items]
        out = Matrix(rows)
    elif not items and len(row_shape) and row_shape != (0,):
        empty = Matrix()
        empty._empty_row = row_shape
        out = empty
    else:
        cls = UVector if dtype is uint64 else Vector
        out = cls(dtype(x) for x in items) if dtype is not None else cls(items)
    out.dtype = dtype
    return out


def _shape_of(shape: Any) -> tuple[int, ...]:
    return tuple(shape) if isinstance(shape, (tuple, list)) else (int(shape),)


def full(shape: Any, value: Any, dtype: Any = None) -> Vector:
    """``numpy.full``."""
    dims = _shape_of(shape)
    dtype = _cast(dtype) or (float64 if isinstance(value, float) else bool_ if isinstance(value, bool) else int64)
    if len(dims) == 1:
        return _build([value] * dims[0], dtype)
    if dims[0] == 0:
        return _build([], dtype, dims[1:])
    return _build(_nest([value] * math.prod(dims), dims), dtype)


def zeros(shape: Any, dtype: Any = float64) -> Vector:
    """``numpy.zeros``."""
    dtype = _cast(dtype)
    return full(shape, DTYPES.get(dtype, 0), dtype)


empty = zeros


def ones(shape: Any, dtype: Any = float64) -> Vector:
    """``numpy.ones``."""
    return full(shape, 1, _cast(dtype))


def array(items: Iterable, dtype: Any = None) -> Vector:
    """``numpy.array`` of (nested) sequences; without ``dtype``, int64 for whole numbers, float64
    if any is a float."""
    items = [x.tolist() if isinstance(x, Vector) else list(x) if isinstance(x, tuple) else x
             for x in (items.tolist() if isinstance(items, Vector) else items)]
    if dtype is None:
        flat = _flat(items)
        dtype = (float64 if any(isinstance(x, float) for x in flat)
                 else bool_ if flat and all(isinstance(x, bool) for x in flat) else int64)
    return _build(items, dtype)


def asarray(items: Any, dtype: Any = None) -> Vector:
    """``numpy.asarray``: ``items`` itself when it is an array of that type already."""
    if isinstance(items, Vector) and (dtype is None or _cast(dtype) is items.dtype):
        return items
    return array(items, dtype if dtype is not None else getattr(items, "dtype", None))


ascontiguousarray = asarray


def copy(items: Any) -> Vector:
    """``numpy.copy``: a new array of the items (of a slice, say, which is a list here)."""
    return array(items.tolist() if isinstance(items, Vector) else list(items), getattr(items, "dtype", None))


def arange(*bounds: int, dtype: Any = int64) -> Vector:
    """``numpy.arange`` of whole numbers."""
    return _build(list(range(*bounds)), dtype)


def linspace(start: float, stop: float, num: int = 50) -> Vector:
    """``numpy.linspace``."""
    step = (stop - start) / (num - 1) if num > 1 else 0.0
    return _build([start + i * step for i in range(num)], float64)


def sort(items: Any) -> Vector:
    """``numpy.sort`` of a vector."""
    return _build(sorted(items), getattr(items, "dtype", None))


def argsort(items: Any, kind: str = "stable") -> Vector:
    """``numpy.argsort`` of a vector (stable)."""
    return _build(sorted(range(len(items)), key=items.__getitem__), int64)


def where(condition: Any) -> tuple[Vector]:
    """``numpy.where(condition)`` of a vector: the indices where it holds."""
    return (_build([i for i, c in enumerate(condition) if c], int64),)


ndarray = Vector
