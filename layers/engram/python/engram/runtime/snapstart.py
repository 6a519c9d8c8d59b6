"""What a function does when Lambda SnapStart restores it: instances restored from one snapshot share
the state of Python's `random` (botocore's retry jitter, the store's backoff), so each re-seeds it.
Connections need nothing: engram's clients connect on their first request, never during init.
Outside SnapStart's runtime (no `snapshot_restore_py`) nothing is registered.
"""

from __future__ import annotations

import random


def reseed() -> None:
    random.seed()  # from os.urandom: this instance's own sequence


def register() -> bool:
    """Register the restore hooks with Lambda's runtime; False where there is no such runtime."""
    try:
        from snapshot_restore_py import register_after_restore
    except ImportError:
        return False
    register_after_restore(reseed)
    return True
