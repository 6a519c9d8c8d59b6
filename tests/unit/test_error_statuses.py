"""Every typed error answers with the status it should, from the one table in engram.api.errors."""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import engram
from engram.api.errors import STATUS, status_of
from engram.domain.errors import DependencyUnavailable, EngramError

EXPECTED = {
    "Unauthorized": 401,
    "MemoryNotFound": 404,
    "Conflict": 409,
    "PayloadTooLarge": 413,
    "InvalidRequest": 422,
    "InvalidCursor": 422,
    "PiiRejected": 422,
    "DependencyUnavailable": 503,
    "IndexUnavailable": 503,  # OpenSearch down or refusing: not the caller's fault
    "IndexWriteFailed": 503,
    "EmbeddingError": 503,  # embedding provider timeout / error
}


def typed_errors() -> list[type[EngramError]]:
    """Every EngramError subclass in the package (each module imported, so none is missed)."""
    for module in pkgutil.walk_packages(engram.__path__, "engram."):
        importlib.import_module(module.name)
    found, todo = [], [EngramError]
    while todo:
        for sub in todo.pop().__subclasses__():
            found.append(sub)
            todo.append(sub)
    return found


def test_the_known_errors_are_all_found():
    assert set(EXPECTED) <= {cls.__name__ for cls in typed_errors()}


@pytest.mark.parametrize("cls", typed_errors(), ids=lambda cls: cls.__name__)
def test_every_typed_error_is_mapped_and_never_a_client_error_by_default(cls):
    status = status_of(cls("boom"))
    assert status is not None, f"{cls.__name__} is not in engram.api.errors.STATUS (add it there)"
    assert status == EXPECTED.get(cls.__name__, status)
    if issubclass(cls, DependencyUnavailable):
        assert status == 503


def test_no_status_is_a_default_400_and_the_base_error_is_unmapped():
    assert 400 not in STATUS.values()  # 400 is only for bodies that cannot be read
    assert status_of(EngramError("boom")) is None  # answered 500 and logged
