"""The store contract (test_store_contract.py) run on the in-memory fake the use-case tests use, so the
fake keeps the semantics the SQLite and DynamoDB stores are held to."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.fakes.in_memory import InMemoryMemoryStore
from tests.integration.test_store_contract import (  # noqa: F401 — collected here, on the fake
    test_32_concurrent_identical_writes_make_one_memory,
    test_a_foreign_cursor_is_rejected,
    test_a_prepared_insert_writes_nothing_until_it_runs_then_inserts_or_dedups,
    test_a_redelivered_retrieval_job_counts_once,
    test_another_tenants_id_is_invisible,
    test_claim_once_detects_redelivery,
    test_dedup_scope_is_tenant_user_project_namespace,
    test_delete_tombstones_and_frees_the_hash,
    test_find_by_enrichment_state,
    test_get_many_keeps_request_order_and_skips_missing,
    test_history_round_trip_and_purge,
    test_insert_then_dedup_returns_the_first_and_counts_hits,
    test_list_filters_by_project_namespace_and_status,
    test_list_is_newest_first_paginates_without_gaps_or_repeats_and_hides_deleted,
    test_purge_hard_deletes,
    test_put_is_optimistic,
    test_put_keeps_concurrent_hit_counts,
    test_replace_content_moves_the_dedup_key,
    test_retrieval_counts_accumulate,
    test_scan_walks_everything_once,
)


@pytest.fixture
def store() -> Iterator[InMemoryMemoryStore]:
    yield InMemoryMemoryStore()


def test_every_contract_test_runs_on_the_fake() -> None:
    from tests.integration import test_store_contract

    contract = {name for name in vars(test_store_contract) if name.startswith("test_")}
    assert contract <= set(globals()), f"not run on the fake: {sorted(contract - set(globals()))}"
