"""Why a file could not be read or written, in the user's language.

The system words an :class:`OSError` in English (its ``strerror``); the common
reasons are worded here from the catalogue (``cli.os.*``), so that a Spanish
refusal of a path reads Spanish to its end. A reason without a sentence of its
own falls back to the system's words.

>>> os_reason(FileNotFoundError(2, "No such file or directory"), "es")
'no existe ese archivo ni esa carpeta'
"""

from __future__ import annotations

import errno

from puntobanco.core import i18n
from puntobanco.core.i18n import Lang

#: The catalogue's sentence for each common reason, by errno.
_REASONS = {
    errno.ENOENT: "cli.os.not_found",
    errno.EACCES: "cli.os.permission",
    errno.EPERM: "cli.os.permission",
    errno.EISDIR: "cli.os.is_a_folder",
    errno.ENOTDIR: "cli.os.not_a_folder",
    errno.ENOSPC: "cli.os.no_space",
    errno.EROFS: "cli.os.read_only",
}


def os_reason(error: OSError, lang: Lang) -> str:
    """Why ``error`` happened, in ``lang``: the catalogue's words, else the system's."""
    key = _REASONS.get(error.errno) if error.errno is not None else None
    if key is not None:
        return i18n.text(lang, key)
    return error.strerror or type(error).__name__
