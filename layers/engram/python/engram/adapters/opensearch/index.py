"""OpenSearch adapter: the vector leg (k-NN) and the lexical leg (BM25) of recall, one index a tenant.

One index per tenant (`<index>-t<24 hex of SHA-256>`) because BM25 statistics are per index, so
tenants never move each other's scores; a shared legacy index is migrated on first use. Both legs
share one filter builder, applied inside the knn clause, so top-k is taken among visible memories.
"""
# A document holds scope and filter fields as keywords, `content` as text (the built-in `english`
# analyzer: the counterpart of the embedded index's FTS5 `porter unicode61` plus stop words, available
# on serverless collections and managed domains alike), and `vector` as a `knn_vector` (HNSW, faiss).
# #
# Two deployments, one protocol (mode "aoss" vs "es"):
# * Document ids. A serverless VECTORSEARCH collection rejects a custom `_id` in index/create actions
#   and has no upsert by id, so in "aoss" mode OpenSearch assigns the `_id` and the memory id lives in
#   `memory_id`. An upsert indexes the new document, then deletes the old ones found by `memory_id`.
#   Writes are eventually visible there, so a duplicate may survive: both legs keep only the best hit
#   per memory, and the memory store has the last word on status. "es" uses `_id` = memory id.
# * Refresh. Serverless refreshes on its own schedule; on a managed domain writes pass
#   `refresh=wait_for`, so an enrichment job sees the memories indexed just before it.
# #
# Space type: "l2" by default, the one space every engine and version supports on both deployments
# (faiss efficient filtering and its exact fallback included), score = 1 / (1 + d), d the squared L2
# distance; vectors are unit length, so d = 2 − 2·cos and the cosine comes back exactly.
# "innerproduct" is supported too (score = 1 + ip when ip ≥ 0, 1 / (1 − ip) otherwise).
# #
# Embedding models (`model` set, as `from_settings` does): the tenant's vectors live in an index of
# their model (`<tenant index>-m<12 hex>`), and the tenant index name becomes an alias of it. After a
# switch the alias still serves the old index: lexical search reads it, k-NN reads the new model's
# index only (and only documents of that model), writes go to both (to the old one without a vector),
# and `reembed` fills the new index newest memory first, then moves the alias onto it in one request.

from __future__ import annotations

import hashlib
import math
import struct
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlsplit

import botocore.session  # the default credential chain and region, as boto3.Session() finds them

from engram.adapters.timestamps import iso
from engram.domain.enrichment import best_hint
from engram.domain.errors import DependencyUnavailable
from engram.domain.filters import And, Compare, Filter, Not, Or, Scalar, kind
from engram.ports import HintHit, IndexedMemory, LexicalHit, SearchScope, VectorHit

if TYPE_CHECKING:
    from opensearchpy import OpenSearch

    from engram.settings import Settings

Mode = Literal["aoss", "es"]
SpaceType = Literal["l2", "innerproduct"]

MAX_K = 10_000  # OpenSearch's ceiling for knn `k` and for `size`
BULK_CHUNK = 100  # documents per _bulk request (a 1024-d vector is ~10 KB of JSON)
LOOKUP_CHUNK = 500  # memory ids per lookup query
MOVE_CHUNK = 500  # documents per page when moving a tenant out of the shared index
DEFAULT_TIMEOUT_S = 10.0


class IndexUnavailable(DependencyUnavailable):
    """The search index could not be reached or refused a request."""

    code = "index_unavailable"


class IndexWriteFailed(IndexUnavailable):
    """OpenSearch accepted a bulk request but rejected some of its items."""

    code = "index_write_failed"


def build_client(
    endpoint: str,
    *,
    mode: Mode,
    region: str = "",
    credentials: Any = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
) -> OpenSearch:
    """An OpenSearch client for `endpoint`.

    https (every AWS endpoint; a bare host means https): SigV4-signed for service "aoss" (serverless
    collection) or "es" (managed domain), with `credentials` or the default AWS credential chain.
    http (a loopback fake or a local cluster): plain, unsigned.
    """
    # opensearch-py loads with the first client: ~1/4 of the api's cold start otherwise
    from opensearchpy import OpenSearch, Urllib3AWSV4SignerAuth, Urllib3HttpConnection

    url = urlsplit(endpoint if "://" in endpoint else f"https://{endpoint}")
    if not url.hostname:
        raise ValueError(f"OpenSearch endpoint has no host: {endpoint!r}")
    secure = url.scheme == "https"
    host = {"host": url.hostname, "port": url.port or (443 if secure else 80)}
    if not secure:
        return OpenSearch(hosts=[host], use_ssl=False, timeout=timeout_s)

    session = botocore.session.get_session()
    credentials = credentials or session.get_credentials()
    region = region or session.get_config_variable("region") or ""
    if credentials is None:
        raise ValueError("no AWS credentials found to sign OpenSearch requests")
    if not region:
        raise ValueError("an AWS region is required to sign OpenSearch requests (ENGRAM_REGION)")
    return OpenSearch(
        hosts=[host],
        http_auth=Urllib3AWSV4SignerAuth(credentials, region, mode),
        use_ssl=True,
        verify_certs=True,
        connection_class=Urllib3HttpConnection,
        timeout=timeout_s,
    )


class OpenSearchIndex:
    """VectorIndex and LexicalIndex over one OpenSearch index a tenant (`tenant_index`: each created,
    and moved out of the shared `index` of before, on the tenant's first use).

    `from_settings` connects on first use: the client (and opensearch-py, with requests) is built by the
    first search or write, not at the api function's cold start, whose write path never searches."""

    def __init__(
        self,
        client: OpenSearch | None,
        index: str,
        dimensions: int,
        *,
        mode: Mode = "es",
        space_type: SpaceType = "l2",
        connect: Callable[[], OpenSearch] | None = None,
        model: str = "",
    ) -> None:
        """Over `client`, or (None) over the client `connect` builds on first use. `model`: the embedding
        model whose vectors this index writes and searches ("": one index a tenant, models unrecorded)."""
        if (client is None) == (connect is None):
            raise TypeError("give OpenSearchIndex a client or a connect function, not both")
        self._connected = client
        self._connect = connect
        self._connecting = threading.Lock()
        self._index = index
        self._dimensions = dimensions
        self._mode = mode
        self._space_type = space_type
        self._ready: set[str] = set()  # the tenants whose index is ready
        self.model = model
        self._live: dict[str, str] = {}  # with a model: the index the tenant's alias served at first use
        self._shared: bool | None = None  # whether the shared index of before exists (None: not asked)
        self._lock = threading.Lock()

    @classmethod
    def from_settings(cls, settings: Settings, client: OpenSearch | None = None) -> OpenSearchIndex:
        """The index `settings` name; its client is `client`, else built from them on first use."""
        endpoint, mode, region = settings.opensearch_endpoint, settings.opensearch_mode, settings.region
        return cls(
            client,
            settings.opensearch_index,
            settings.embedder.dimensions,
            mode=mode,
            connect=None if client else lambda: build_client(endpoint, mode=mode, region=region),
            model=settings.embedder.model_id(),
        )

    @property
    def _client(self) -> OpenSearch:
        """The client, built by the first call that needs it (once, however many threads race)."""
        if self._connected is None:
            with self._connecting:
                if self._connected is None and self._connect is not None:
                    self._connected = self._connect()
        assert self._connected is not None
        return self._connected

    # ------------------------------------------------------------------ index lifecycle

    def mapping(self) -> dict[str, Any]:
        """The settings and mappings this adapter creates its index with."""
        keyword = {"type": "keyword"}
        return {
            "settings": {"index": {"knn": True}},
            "mappings": {
                "dynamic": "strict",
                "properties": {
                    "memory_id": keyword,
                    "tenant": keyword,
                    "user_id": keyword,
                    "project": keyword,
                    "namespace": keyword,
                    "status": keyword,
                    "memory_type": keyword,
                    "provenance": keyword,
                    "categories": keyword,
                    "entities": keyword,
                    **self.added_fields(),
                    **self._model_field(),
                    "content": {"type": "text", "analyzer": "english"},
                    "importance": {"type": "integer"},
                    "confidence": {"type": "float"},
                    "observed_at": {"type": "date"},
                    "valid_until": {"type": "date"},
                    "hits": {"type": "integer"},
                    "vector": {
                        "type": "knn_vector",
                        "dimension": self._dimensions,
                        "method": {"name": "hnsw", "engine": "faiss", "space_type": self._space_type},
                    },
                },
            },
        }

    @staticmethod
    def added_fields() -> dict[str, Any]:
        """Fields added since the first mapping: an existing index gets them (PUT _mapping) on first use.
        `meta` holds one keyword per top-level scalar metadata entry, `<key>␟<type>␟<value>` (see
        `metadata_terms`), so equality, `in` and ranges of the metadata filters are term, terms and
        range queries on one keyword field."""
        keyword = {"type": "keyword"}
        # `hints`: the memory's prospective hints, one a line (settings.hints), searched beside `content`
        hints = {"type": "text", "analyzer": "english"}
        return {"agent_id": keyword, "run_id": keyword, "meta": keyword, "hints": hints}

    def _model_field(self) -> dict[str, Any]:
        return {"model": {"type": "keyword"}} if self.model else {}

    def tenant_index(self, tenant: str) -> str:
        """The name of the tenant's index (with a model: the alias of the index lexical search reads)."""
        return tenant_index(self._index, tenant)

    def model_index(self, tenant: str) -> str:
        """The tenant's index of this model's vectors (the tenant index itself without a model)."""
        if not self.model:
            return self.tenant_index(tenant)
        return f"{self.tenant_index(tenant)}-m{hashlib.sha256(self.model.encode()).hexdigest()[:12]}"

    def switching(self, tenant: str) -> bool:
        """Whether the tenant's alias still serves another model's index (a re-embed is due)."""
        self.ensure_index(tenant)
        return self._live.get(tenant, self.model_index(tenant)) != self.model_index(tenant)

    def ensure_index(self, tenant: str) -> None:
        """Create the tenant's index unless it exists (else add the fields added since), and move the
        tenant's documents out of the shared index of before if there is one; safe to race with other
        processes."""
        if tenant in self._ready:
            return
        with self._lock:
            if tenant in self._ready:
                return
            name = self.tenant_index(tenant)
            if self.model:
                self._ensure_model_index(tenant)
            with self._translate("create index"):
                if not self._client.indices.exists(index=name):
                    # opensearch-py: see build_client
                    from opensearchpy.exceptions import RequestError

                    try:
                        self._client.indices.create(index=name, body=self.mapping())
                    except RequestError as exc:
                        if exc.error != "resource_already_exists_exception":
                            raise
                else:
                    added = {**self.added_fields(), **self._model_field()}
                    self._client.indices.put_mapping(index=name, body={"properties": added})
                if self._shared is None:
                    self._shared = bool(self._client.indices.exists(index=self._index))
            if self._shared:
                self._move_out(tenant, name)
            self._ready.add(tenant)

    def _ensure_model_index(self, tenant: str) -> None:
        """Create the model's index unless it exists; point the tenant's alias at it when there is
        neither alias nor index of that name yet; note which index the alias serves."""
        from opensearchpy.exceptions import NotFoundError, RequestError

        alias, mine = self.tenant_index(tenant), self.model_index(tenant)
        with self._translate("create index"):
            if not self._client.indices.exists(index=mine):
                try:
                    self._client.indices.create(index=mine, body=self.mapping())
                except RequestError as exc:
                    if exc.error != "resource_already_exists_exception":
                        raise
            if not self._client.indices.exists(index=alias):
                self._client.indices.update_aliases(
                    body={"actions": [{"add": {"index": mine, "alias": alias}}]}
                )
            try:
                self._live[tenant] = next(iter(self._client.indices.get_alias(name=alias)))
            except NotFoundError:
                self._live[tenant] = alias  # an index of that name, from before models were recorded

    def _move_out(self, tenant: str, name: str) -> None:
        """Copy the tenant's documents from the shared index into `name`, a page at a time in memory id
        order, deleting each page from the shared index once copied (a move cut short is taken up by
        the next process: what is left is still there)."""
        after: list[Any] | None = None
        while True:
            body: dict[str, Any] = {
                "size": MOVE_CHUNK,
                "query": {"bool": {"filter": [_term("tenant", tenant)]}},
                "sort": [{"memory_id": "asc"}],
            }
            if after is not None:
                body["search_after"] = after
            with self._translate("move a tenant's documents"):
                hits = self._client.search(index=self._index, body=body)["hits"]["hits"]
            if not hits:
                return
            copies = [
                line
                for hit in hits
                for line in (
                    # es: `create`, so a newer document another process wrote meanwhile is kept
                    {"create": {"_id": hit["_source"]["memory_id"]}} if self._mode == "es" else {"index": {}},
                    hit["_source"],
                )
            ]
            self._bulk(name, copies, kept=True)
            self._bulk(self._index, [{"delete": {"_id": hit["_id"]}} for hit in hits])
            after = hits[-1]["sort"]

    # ------------------------------------------------------------------ VectorIndex

    def upsert(self, items: Sequence[IndexedMemory]) -> None:
        for tenant in dict.fromkeys(item.memory.tenant for item in items):
            self._upsert(tenant, [item for item in items if item.memory.tenant == tenant])

    def _upsert(self, tenant: str, items: Sequence[IndexedMemory]) -> None:
        self.ensure_index(tenant)
        self._write(tenant, self.model_index(tenant), items)
        if self.switching(tenant):  # the index lexical search still reads: the documents, no vector
            self._write(
                tenant, self.tenant_index(tenant), [IndexedMemory(i.memory, None, i.extra) for i in items]
            )

    def _write(self, tenant: str, name: str, items: Sequence[IndexedMemory]) -> None:
        self._put_documents(tenant, name, [self._document(item) for item in items])

    def _put_documents(self, tenant: str, name: str, documents: Sequence[dict[str, Any]]) -> None:
        """Index these documents into `name`, each replacing its memory's document there."""
        for start in range(0, len(documents), BULK_CHUNK):
            chunk = documents[start : start + BULK_CHUNK]
            lines: list[dict[str, Any]] = []
            if self._mode == "es":
                for doc in chunk:
                    lines += [{"index": {"_id": doc["memory_id"]}}, doc]
                self._bulk(name, lines)
                continue
            # aoss: no custom ids; replace each memory's current documents, new one first (no gap).
            stale = self._doc_ids(tenant, [doc["memory_id"] for doc in chunk], name)
            for doc in chunk:
                lines += [{"index": {}}, doc]
            self._bulk(name, lines)
            self._bulk(name, [{"delete": {"_id": doc_id}} for doc_id in stale])

    # ------------------------------------------------------------------ embedding models

    def reembed(
        self,
        tenant: str,
        embed: Callable[[list[str]], list[list[float]]],
        budget: int,
        cursor: str | None = None,
    ) -> tuple[int, str | None]:
        """Embed again up to `budget` documents the tenant's alias serves that another model made (or
        none recorded), newest memory first (ids are ULIDs) from `cursor` down, into this model's index;
        when none are left, move the alias onto that index. Returns (how many, the next cursor; None:
        the pass is over)."""
        self.ensure_index(tenant)
        done = 0
        while done < budget:
            size = min(MOVE_CHUNK, budget - done)
            body: dict[str, Any] = {
                "size": size,
                "query": {
                    "bool": {"filter": [_term("tenant", tenant)], "must_not": [_term("model", self.model)]}
                },
                "sort": [{"memory_id": "desc"}],
            }
            if cursor is not None:
                body["search_after"] = [cursor]
            with self._translate("find documents to re-embed"):
                hits = self._client.search(index=self.tenant_index(tenant), body=body)["hits"]["hits"]
            if hits:
                sources = [hit["_source"] for hit in hits]
                vectors = embed([source["content"] for source in sources])
                documents = [
                    {**source, "vector": self._unit(vector), "model": self.model}
                    for source, vector in zip(sources, vectors, strict=True)
                ]
                self._put_documents(tenant, self.model_index(tenant), documents)
                done += len(hits)
                cursor = hits[-1]["sort"][0]
            if len(hits) < size:
                self._switch(tenant)
                return done, None
        return done, cursor

    def _switch(self, tenant: str) -> None:
        """Point the tenant's alias at this model's index, in one request (an index of the alias's name,
        from before models were recorded, goes in the same request)."""
        alias, mine = self.tenant_index(tenant), self.model_index(tenant)
        live = self._live.get(tenant, mine)
        if live == mine:
            return
        gone = (
            {"remove_index": {"index": alias}}
            if live == alias
            else {"remove": {"index": live, "alias": alias}}
        )
        with self._translate("switch the alias"):
            self._client.indices.update_aliases(
                body={"actions": [gone, {"add": {"index": mine, "alias": alias}}]}
            )
        self._live[tenant] = mine

    def model_counts(self, tenant: str | None = None) -> dict[str, int]:
        """The tenant's documents with a vector of this model, and the others ("" : another model's,
        or none recorded, until re-embedded). Needs a tenant: an index holds one."""
        if tenant is None or not self.model:
            return {}
        self.ensure_index(tenant)
        mine = self._count(self.model_index(tenant), [_term("tenant", tenant), _term("model", self.model)])
        total = self._count(self.tenant_index(tenant), [_term("tenant", tenant)])
        return {self.model: mine, **({"": total - mine} if total > mine else {})}

    def _count(self, name: str, filters: list[dict[str, Any]]) -> int:
        body = {"size": 0, "track_total_hits": True, "query": {"bool": {"filter": filters}}}
        with self._translate("count documents"):
            return int(self._client.search(index=name, body=body)["hits"]["total"]["value"])

    def delete(self, tenant: str, memory_ids: Sequence[str]) -> None:
        if not memory_ids:
            return
        self.ensure_index(tenant)
        names = [self.model_index(tenant)] + ([self.tenant_index(tenant)] if self.switching(tenant) else [])
        for name in names:
            doc_ids = self._doc_ids(tenant, memory_ids, name)
            for start in range(0, len(doc_ids), BULK_CHUNK):
                chunk = doc_ids[start : start + BULK_CHUNK]
                self._bulk(name, [{"delete": {"_id": doc_id}} for doc_id in chunk])

    def knn(self, scope: SearchScope, vector: Sequence[float], k: int) -> list[VectorHit]:
        if k <= 0:
            return []
        k = min(k, MAX_K)
        where = scope_filter(scope)
        if self.model:  # this model's documents only, in its own index
            where["bool"]["filter"].append(_term("model", self.model))
        body = {
            "size": k,
            "_source": ["memory_id"],
            "query": {"knn": {"vector": {"vector": self._unit(vector), "k": k, "filter": where}}},
        }
        return [
            VectorHit(memory_id, engine_score_to_cosine(score, self._space_type))
            for memory_id, score in self._search(scope.tenant, body, self.model_index(scope.tenant))
        ]

    def exact(self, scope: SearchScope) -> bool:
        """Never known to be: OpenSearch's k-NN walks an HNSW graph, and whether a filtered query falls
        back to an exact search is the engine's choice."""
        return False

    def get_vectors(self, tenant: str, memory_ids: Sequence[str]) -> dict[str, list[float]]:
        if not memory_ids:
            return {}
        self.ensure_index(tenant)
        vectors: dict[str, list[float]] = {}
        for ids in _chunks(list(dict.fromkeys(memory_ids)), LOOKUP_CHUNK):
            body = {
                "size": min(2 * len(ids), MAX_K),  # aoss may briefly hold two documents per memory
                "_source": ["memory_id", "vector"],
                "query": {"bool": {"filter": [_term("tenant", tenant), _terms("memory_id", ids)]}},
            }
            with self._translate("get vectors"):
                response = self._client.search(index=self.model_index(tenant), body=body)
            for hit in response["hits"]["hits"]:
                source = hit["_source"]
                if source.get("vector") is not None:
                    vectors.setdefault(source["memory_id"], [float(x) for x in source["vector"]])
        return vectors

    # ------------------------------------------------------------------ LexicalIndex

    def search(self, scope: SearchScope, query: str, k: int) -> list[LexicalHit]:
        if k <= 0 or not query.strip():
            return []
        body = {
            "size": min(k, MAX_K),
            "_source": ["memory_id"],
            "query": {
                "bool": {"must": [{"match": {"content": {"query": query}}}], "filter": [scope_filter(scope)]}
            },
        }
        return [LexicalHit(memory_id, score) for memory_id, score in self._search(scope.tenant, body)]

    def search_hints(self, scope: SearchScope, query: str, k: int) -> list[HintHit]:
        """The k memories of the scope whose prospective hints match best (BM25 over `hints`), each with
        the hint that shares most words with the query."""
        if k <= 0 or not query.strip():
            return []
        body = {
            "size": min(k, MAX_K),
            "_source": ["memory_id", "hints"],
            "query": {
                "bool": {"must": [{"match": {"hints": {"query": query}}}], "filter": [scope_filter(scope)]}
            },
        }
        self.ensure_index(scope.tenant)
        with self._translate("search hints"):
            response = self._client.search(index=self.tenant_index(scope.tenant), body=body)
        found: dict[str, HintHit] = {}
        for hit in response["hits"]["hits"]:
            source = hit["_source"]
            if source["memory_id"] not in found:
                hint = best_hint(source.get("hints") or "", query)
                found[source["memory_id"]] = HintHit(source["memory_id"], float(hit["_score"]), hint)
        return list(found.values())

    # ------------------------------------------------------------------ internals

    def _search(self, tenant: str, body: dict[str, Any], name: str | None = None) -> list[tuple[str, float]]:
        """(memory id, engine score) best first, one hit per memory, in the tenant's index (or `name`)."""
        self.ensure_index(tenant)
        with self._translate("search"):
            response = self._client.search(index=name or self.tenant_index(tenant), body=body)
        seen: set[str] = set()
        hits: list[tuple[str, float]] = []
        for hit in response["hits"]["hits"]:
            memory_id = hit["_source"]["memory_id"]
            if memory_id not in seen:
                seen.add(memory_id)
                hits.append((memory_id, float(hit["_score"])))
        return hits

    def _doc_ids(self, tenant: str, memory_ids: Sequence[str], name: str) -> list[str]:
        """The `_id`s of the documents of these memories in this tenant, in index `name`."""
        found: list[str] = []
        for ids in _chunks(list(dict.fromkeys(memory_ids)), LOOKUP_CHUNK):
            body = {
                "size": min(4 * len(ids), MAX_K),
                "_source": False,
                "query": {"bool": {"filter": [_term("tenant", tenant), _terms("memory_id", ids)]}},
            }
            with self._translate("look up documents"):
                response = self._client.search(index=name, body=body)
            found += [hit["_id"] for hit in response["hits"]["hits"]]
        return found

    def _document(self, item: IndexedMemory) -> dict[str, Any]:
        memory = item.memory
        document: dict[str, Any] = {
            "memory_id": memory.id,
            "tenant": memory.tenant,
            "user_id": memory.user_id,
            "project": memory.project,
            "namespace": memory.namespace,
            "status": memory.status.value,
            "memory_type": memory.memory_type.value,
            "provenance": memory.provenance.value,
            "categories": list(memory.categories),
            "entities": list(memory.entities),
            "agent_id": memory.agent_id,
            "run_id": memory.run_id,
            "meta": metadata_terms(memory.metadata),
            "content": memory.content,
            "hints": "\n".join(memory.hints),
            "importance": memory.importance,
            "confidence": memory.confidence,
            "observed_at": iso(memory.observed_at),
            "valid_until": iso(memory.temporal.valid_until) if memory.temporal.valid_until else None,
            "hits": memory.hits,
        }
        if item.vector is not None:
            document["vector"] = self._unit(item.vector)
        if self.model:
            document["model"] = self.model
        return document

    def _bulk(self, index: str, lines: list[dict[str, Any]], kept: bool = False) -> None:
        """One _bulk request of NDJSON lines into `index`; item failures raise (a delete of a missing
        doc is fine, and with `kept` a create of one that exists)."""
        if not lines:
            return
        params = {"refresh": "wait_for"} if self._mode == "es" else {}
        with self._translate("bulk write"):
            response = self._client.bulk(index=index, body=lines, params=params)
        if not response.get("errors"):
            return
        failures = []
        for item in response["items"]:
            op, result = next(iter(item.items()))
            status = result.get("status", 500)
            if status >= 300 and not (op == "delete" and status == 404) and not (kept and status == 409):
                error = result.get("error") or {}
                failures.append(f"{op} {result.get('_id')}: {error.get('type')}: {error.get('reason')}")
        if failures:
            raise IndexWriteFailed(
                f"OpenSearch rejected {len(failures)} bulk item(s): {failures[0]}", failures=failures[:10]
            )

    def _unit(self, vector: Sequence[float]) -> list[float]:
        if len(vector) != self._dimensions:
            raise ValueError(f"vector has {len(vector)} dimensions; the index expects {self._dimensions}")
        norm = math.sqrt(math.fsum(x * x for x in vector))
        if norm == 0.0:
            raise ValueError("cannot index or search a zero vector")
        return [x / norm for x in vector]

    @contextmanager
    def _translate(self, operation: str) -> Iterator[None]:
        # opensearch-py: see build_client
        from opensearchpy.exceptions import TransportError  # loaded with the client, which this wraps

        try:
            yield
        except TransportError as exc:
            raise IndexUnavailable(
                f"OpenSearch {operation} failed on index {self._index!r}: {exc}",
                status=exc.status_code,
                error=exc.error,
            ) from exc


def tenant_index(index: str, tenant: str) -> str:
    """The name of a tenant's index under `index` (lowercase hex: any tenant id makes a valid name)."""
    return f"{index}-t{hashlib.sha256(tenant.encode()).hexdigest()[:24]}"


# ---------------------------------------------------------------------- query building


def scope_filter(scope: SearchScope) -> dict[str, Any]:
    """The one filter both legs apply: scope, statuses and the recall filters, as a bool filter."""
    clauses: list[dict[str, Any]] = [_term("tenant", scope.tenant), _term("user_id", scope.user_id)]
    if scope.project is not None:
        clauses.append(_term("project", scope.project))
    if scope.namespaces is not None:
        clauses.append(_terms("namespace", scope.namespaces))
    clauses.append(_terms("status", [status.value for status in scope.statuses]))
    filters = scope.filters
    for field, values in (
        ("memory_type", filters.memory_types),
        ("categories", filters.categories),
        ("entities", filters.entities),
        ("provenance", filters.provenance),
    ):
        if values is not None:
            clauses.append(_terms(field, values))
    observed: dict[str, str] = {}
    if filters.observed_after is not None:
        observed["gte"] = iso(filters.observed_after)
    if filters.observed_before is not None:
        observed["lt"] = iso(filters.observed_before)
    if observed:
        clauses.append({"range": {"observed_at": observed}})
    if filters.min_importance is not None:
        clauses.append({"range": {"importance": {"gte": filters.min_importance}}})
    for field, value in (("agent_id", filters.agent_id), ("run_id", filters.run_id)):
        if value is not None:
            clauses.append(_term(field, value))
    if filters.metadata is not None:
        clauses.append(metadata_query(filters.metadata))
    return {"bool": {"filter": clauses}}


# Metadata terms: `<key>\x1f<t>\x1f<value>`, t = s (string), n (number: the IEEE 754 double as 16 hex
# digits whose text order is numeric order), b (boolean). A key's values of one type sit between
# `<key>\x1f<t>\x1f` and `<key>\x1f<t>\x20`, so a range on the keyword is a range on the values.
_SEP = "\x1f"
_TYPE = {"string": "s", "number": "n", "boolean": "b"}


def _sortable(number: float) -> str:
    bits = struct.unpack(">Q", struct.pack(">d", number + 0.0))[0]  # + 0.0: -0.0 is 0.0
    return f"{bits ^ 0xFFFFFFFFFFFFFFFF if bits >> 63 else bits | 1 << 63:016x}"


def _meta_term(key: str, value: Scalar) -> str:
    t = kind(value)
    if t == "boolean":
        text = "true" if value else "false"
    elif t == "number":
        text = _sortable(float(value))
    else:
        text = str(value)
    return f"{key}{_SEP}{_TYPE[t]}{_SEP}{text}"


def metadata_terms(metadata: dict[str, Any]) -> list[str]:
    """The `meta` keywords of a memory's metadata: its top-level strings, numbers and booleans (a key
    with a control character cannot be filtered on and is left out)."""
    terms: list[str] = []
    for key, value in metadata.items():
        if not key or any(ord(c) < 0x20 or c == "\x7f" for c in key):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            continue
        if isinstance(value, str | int | float):  # bool is an int
            try:
                terms.append(_meta_term(key, value))
            except OverflowError:
                continue  # an integer beyond a double's range
    return terms


def metadata_query(f: Filter) -> dict[str, Any]:
    """A metadata filter as an OpenSearch bool filter over the `meta` keywords."""
    match f:
        case And(items):
            return {"bool": {"filter": [metadata_query(item) for item in items]}}
        case Or(items):
            return {"bool": {"should": [metadata_query(item) for item in items], "minimum_should_match": 1}}
        case Not(item):
            return {"bool": {"must_not": [metadata_query(item)]}}
        case Compare(key, op, value):
            if op == "in":
                assert isinstance(value, tuple)
                return {"terms": {"meta": [_meta_term(key, v) for v in value]}}
            assert not isinstance(value, tuple)
            term = _meta_term(key, value)
            if op == "eq":
                return {"term": {"meta": term}}
            prefix = term[: len(key) + 3]  # <key>␟<t>␟
            low, high = prefix, prefix[:-1] + "\x20"
            bound = {"gt": {"gt": term, "lt": high}, "gte": {"gte": term, "lt": high}}.get(op) or {
                "gte": low,
                op: term,
            }
            return {"range": {"meta": bound}}
    raise TypeError(f"not a filter: {f!r}")


def engine_score_to_cosine(score: float, space_type: SpaceType) -> float:
    """Turn an OpenSearch k-NN score for unit vectors back into a cosine similarity in [-1, 1]."""
    if score <= 0.0:
        return -1.0
    if space_type == "l2":
        squared_distance = 1.0 / score - 1.0  # score = 1 / (1 + d)
        cosine = 1.0 - squared_distance / 2.0  # |a - b|² = 2 − 2·cos for unit vectors
    else:
        cosine = score - 1.0 if score >= 1.0 else 1.0 - 1.0 / score
    return max(-1.0, min(1.0, cosine))


def _term(field: str, value: str) -> dict[str, Any]:
    return {"term": {field: value}}


def _terms(field: str, values: Sequence[str]) -> dict[str, Any]:
    return {"terms": {field: [str(value) for value in values]}}


def _chunks(values: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(values), size):
        yield values[start : start + size]


__all__ = [
    "IndexUnavailable",
    "IndexWriteFailed",
    "OpenSearchIndex",
    "build_client",
    "engine_score_to_cosine",
    "scope_filter",
    "tenant_index",
]
