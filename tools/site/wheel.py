"""A wheel written from its files, its RECORD made true (:func:`write_wheel`)."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from collections.abc import Iterable
from pathlib import Path


def write_wheel(target: Path, files: Iterable[tuple[zipfile.ZipInfo | str, bytes]]) -> Path:
    """A wheel of ``files`` (name or zip entry, and bytes; its METADATA among them) at
    ``target``, with the RECORD of them beside the METADATA (a name ending in ``/`` is a folder,
    which the RECORD does not list)."""
    lines, record = [], ""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as wheel:
        for info, data in files:
            wheel.writestr(info, data)
            if (info.filename if isinstance(info, zipfile.ZipInfo) else info).endswith("/"):
                continue                                     # a folder: RECORD lists files
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            name = info.filename if isinstance(info, zipfile.ZipInfo) else info
            lines.append(f"{name},sha256={digest},{len(data)}")
            if name.endswith(".dist-info/METADATA"):
                record = name.replace("/METADATA", "/RECORD")
        wheel.writestr(record, "\n".join([*lines, f"{record},,"]) + "\n")
    return target
