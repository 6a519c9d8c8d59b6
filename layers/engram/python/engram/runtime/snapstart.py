"""What a function does when Lambda SnapStart restores it from a snapshot of its init.

Every instance restored from one snapshot starts with the same memory, so the same state of Python's
`random` (botocore's retry jitter, the DynamoDB store's backoff): `reseed` gives each its own, so
their retries do not fall in step. Connections need nothing: engram's clients (botocore, OpenSearch)
connect on their first request, never during init, so none is in the snapshot to go stale.
Outside a SnapStart runtime (`snapshot_restore_py` is not there) nothing is registered.
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
