"""The engram table's keys (every item layout's pk and sk formats, here and nowhere else), and a memory
as an item of it (single-table design; engram.adapters.dynamo.store uses them).

Every key attribute is a string; user-supplied parts are escaped by `key_part`, so `#` only ever
separates parts. The layouts are listed in the comment below.
"""
# Items:
#
#   memory     pk=MEM#{tenant}#{id}  sk=MEM
#              doc: the memory as JSON without its counters; hits, retrieval_count, last_retrieved_at;
#              tenant, user_id, project, namespace, status, content_hash, enrichment_state, updated_at;
#              agent_id, run_id, review_needed, and metadata: the doc's top-level scalar metadata as a
#              map, for the list's FilterExpression (engram.domain.filters);
#              gsi1pk=U#{tenant}#{user_id}   gsi1sk={id}              list a user's memories, newest first
#              gsi2pk=ES#{enrichment state}  gsi2sk={updated_at}#{id}  work stuck in an enrichment state
#              gsi3 (tenant, pk): a tenant's memories and API keys, for its stats without a Scan
#   dedup key  pk=HASH#{tenant}#{user_id}#{project}#{namespace}#{content_hash}  sk=HASH  memory_id
#              exists while a live memory of the scope holds that content; written in the same
#              transaction as the memory, so two identical writes can never both create one.
#   history    pk=HIST#{tenant}#{memory_id}  sk={at}#{history id}  doc, expires_at (TTL backstop)
#   API keys   see engram.adapters.dynamo.key_lookup (key_item_key: there, so the authorizer loads no
#              pydantic) and dynamo_keys; quotas: dynamo_quota (quota_key)
#   graphs     pk=G#{tenant}#{user_id}#{project} (graph_pk), back-refs pk=GM#{tenant}#{memory id}
#   sessions   pk=SES#{tenant}#{user_id}#{session_id} (session_pk), messages sk=MSG#{seq} / MID#{id},
#              back-refs pk=SESMEM#{tenant}#{memory id}; see engram.adapters.dynamo.transcripts. The
#              session item carries
#              gsi1pk=SL#{tenant}#{user_id}  gsi1sk={its pk}          list a user's sessions
#
# gsi3 is keyed on two attributes items have anyway, `tenant` and the table's `pk`, so DynamoDB fills it
# from existing items when it is added; it projects only what a tenant's counts and key list read.

from __future__ import annotations

import decimal
import json
from typing import Any

from engram.adapters.timestamps import iso
from engram.domain.graph import GraphScope
from engram.domain.models import EnrichmentState, Memory, Scope

GSI1 = "gsi1"
GSI2 = "gsi2"
GSI3 = "gsi3"  # the tenant index: partition key `tenant`, sort key `pk`
TTL_ATTRIBUTE = "expires_at"
KEY_ATTRIBUTES = ("pk", "sk", "gsi1pk", "gsi1sk", "gsi2pk", "gsi2sk", "tenant")
# What gsi3 projects besides the keys: a memory's status and enrichment state, an API key's fields.
TENANT_INDEX_PROJECTION = (
    "status", "enrichment_state", "key_id", "key_hash", "name", "created_at", "revoked_at", "rate",
    "burst", "unlimited", "users",
)  # fmt: skip

MEM = "MEM"
HASH = "HASH"
COUNTERS = frozenset({"hits", "retrieval_count", "last_retrieved_at"})
TABLE_KEY = ("pk", "sk")
LIST_KEY = ("pk", "sk", "gsi1pk", "gsi1sk")
STATE_KEY = ("pk", "sk", "gsi2pk", "gsi2sk")
# DynamoDB numbers: 38 significant digits, magnitudes 1e-130 to 1e125; a metadata number is rounded to
# 38 digits, and one out of range is left out of the filterable map (the doc keeps it exactly).
_NUMBERS = decimal.Context(prec=38, Emin=-128, Emax=125, traps=[decimal.Overflow, decimal.InvalidOperation])


def key_part(value: str) -> str:
    """Escape one user-supplied key part: `%` and `#` are percent-encoded, so `#` is a safe separator."""
    return value.replace("%", "%25").replace("#", "%23")


def memory_key(tenant: str, memory_id: str) -> dict[str, str]:
    return {"pk": f"{MEM}#{key_part(tenant)}#{memory_id}", "sk": MEM}


def content_key(scope: Scope, content_hash: str) -> dict[str, str]:
    """The key of the dedup item: the claim of a scope's live memory on its content."""
    parts = (scope.tenant, scope.user_id, scope.project, scope.namespace, content_hash)
    return {"pk": "#".join((HASH, *map(key_part, parts))), "sk": HASH}


def history_pk(tenant: str, memory_id: str) -> str:
    return f"HIST#{key_part(tenant)}#{memory_id}"


def list_pk(tenant: str, user_id: str) -> str:
    return f"U#{key_part(tenant)}#{key_part(user_id)}"


def graph_pk(scope: GraphScope) -> str:
    """The partition of a user's knowledge graph in one project (engram.adapters.dynamo.graph)."""
    return f"G#{key_part(scope.tenant)}#{key_part(scope.user_id)}#{key_part(scope.project)}"


def graph_back_pk(tenant: str, memory_id: str) -> str:
    """The graph items a memory contributed to, by the memory's id."""
    return f"GM#{key_part(tenant)}#{memory_id}"


def session_pk(tenant: str, user_id: str, session_id: str) -> str:
    """The partition of one session: its item, messages, jobs, facts (engram.adapters.dynamo.transcripts)."""
    return f"SES#{key_part(tenant)}#{key_part(user_id)}#{key_part(session_id)}"


def session_back_pk(tenant: str, memory_id: str) -> str:
    """The sessions a memory came from, by the memory's id."""
    return f"SESMEM#{key_part(tenant)}#{key_part(memory_id)}"


def message_sk(seq: int) -> str:
    """A message of a session, in append order."""
    return f"MSG#{seq:012d}"


def message_id_sk(message_id: str) -> str:
    """A message of a session by its id."""
    return f"MID#{message_id}"


def session_list_key(tenant: str, user_id: str, session_pk: str) -> dict[str, str]:
    """The gsi1 key of a session item: a user's sessions are one gsi1 partition."""
    return {"gsi1pk": f"SL#{key_part(tenant)}#{key_part(user_id)}", "gsi1sk": session_pk}


def state_pk(state: EnrichmentState) -> str:
    return f"ES#{state.value}"


def _doc_attributes(memory: Memory) -> dict[str, Any]:
    """Everything of a memory item but its key and its counters."""
    return {
        "doc": memory.model_dump_json(exclude=set(COUNTERS)),
        "tenant": memory.tenant,
        "user_id": memory.user_id,
        "project": memory.project,
        "namespace": memory.namespace,
        "status": memory.status.value,
        "content_hash": memory.content_hash,
        "enrichment_state": memory.enrichment.state.value,
        "updated_at": iso(memory.updated_at),
        "agent_id": memory.agent_id,
        "run_id": memory.run_id,
        "review_needed": memory.review_needed,
        "metadata": _filterable(memory.metadata),
        "gsi1pk": list_pk(memory.tenant, memory.user_id),
        "gsi1sk": memory.id,
        "gsi2pk": state_pk(memory.enrichment.state),
        "gsi2sk": f"{iso(memory.updated_at)}#{memory.id}",
    }


def _filterable(metadata: dict[str, Any]) -> dict[str, Any]:
    """The metadata a filter can compare: top-level strings, booleans and numbers (as Decimals)."""
    out: dict[str, Any] = {}
    for key, value in metadata.items():
        if not key:
            continue
        if isinstance(value, str | bool):
            out[key] = value
        elif isinstance(value, int | float):
            try:
                number = _NUMBERS.create_decimal(repr(value) if isinstance(value, float) else value)
            except decimal.DecimalException:
                continue  # NaN, infinities, beyond DynamoDB's range
            if number.is_finite() and (number.is_zero() or number.adjusted() >= -128):
                out[key] = number
    return out


def memory_item(memory: Memory) -> dict[str, Any]:
    item = {**memory_key(memory.tenant, memory.id), **_doc_attributes(memory)}
    item["hits"] = memory.hits
    item["retrieval_count"] = memory.retrieval_count
    if memory.last_retrieved_at is not None:
        item["last_retrieved_at"] = iso(memory.last_retrieved_at)
    return item


def to_memory(item: dict[str, Any]) -> Memory:
    data = json.loads(item["doc"])
    data["hits"] = int(item.get("hits", 0))
    data["retrieval_count"] = int(item.get("retrieval_count", 0))
    data["last_retrieved_at"] = item.get("last_retrieved_at")
    return Memory.model_validate(data)


def set_doc(memory: Memory) -> tuple[str, dict[str, str], dict[str, Any]]:
    """UpdateExpression, names and values that SET the doc attributes and nothing else."""
    attributes = _doc_attributes(memory)
    names = {f"#d{i}": name for i, name in enumerate(attributes)}
    values = {f":d{i}": value for i, value in enumerate(attributes.values())}
    return "SET " + ", ".join(f"#d{i} = :d{i}" for i in range(len(attributes))), names, values
