"""Shared pytest set-up."""

from __future__ import annotations

import os

os.environ.pop("MPLBACKEND", None)  # notebooks choose their own backend (see notebooks)
