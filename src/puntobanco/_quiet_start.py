"""Ctrl-C while the ``puntobanco`` script is still loading ends it quietly, with status 130.

Imported first by the package. Only when the program is the ``puntobanco``
script (never a library user's process, nor the tests): until
:func:`puntobanco.cli.main.main` takes Ctrl-C over, an interrupt during the
imports would otherwise print a ``KeyboardInterrupt`` traceback.
"""

import os
import signal
import sys


def _quiet_ctrl_c(signum: int, frame: object) -> None:
    os.write(2, b"\n")
    os._exit(130)


if os.path.basename(sys.argv[0] if sys.argv else "") == "puntobanco":
    signal.signal(signal.SIGINT, _quiet_ctrl_c)
