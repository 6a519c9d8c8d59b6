"""FakeOpenSearch: a loopback server speaking the subset of the OpenSearch REST protocol engram uses.

This is a FAKE for tests, not an OpenSearch. No OpenSearch can be installed where the suite runs and
moto stops at the control plane, so the adapter is exercised here over real HTTP with real response
shapes: cluster info, index exists/create/delete/mapping (get; put adds fields), `_bulk`
(index/create/delete, per-item results and the `errors` flag), `_refresh`, single-document delete,
and `_search` with

* `knn` on a `knn_vector` field with `k` and a `filter`, scored as the mapping's space type defines
  (l2: 1 / (1 + d²); innerproduct: 1 + ip for ip ≥ 0, else 1 / (1 − ip); cosinesimil: (1 + cos) / 2);
* `bool` (must / filter / should / must_not), `term`, `terms`, `range` (numbers and dates by value;
  keywords by term order, i.e. UTF-8 byte order, which is code point order), `ids`, `match_all`;
* `match` on a text field, scored with Lucene's BM25 (k1 = 1.2, b = 0.75, idf = ln(1 + (N − n + ½) /
  (n + ½)), tf = f / (f + k1·(1 − b + b·dl / avgdl))) over the field's analyzer, applied to the
  documents and to the query text alike: "standard" (the default) is a lowercase word tokenisation
  close to the standard analyzer; "english" adds, as OpenSearch's built-in english analyzer does, the
  English possessive filter ('s removed), the Lucene English stop words (`_english_`) and Porter
  stemming (snowballstemmer's "porter", Porter's original algorithm like Lucene's PorterStemFilter);
  corpus statistics span the whole index, as on a one-shard index;
* `size` and `_source` (true/false, a list, or includes/excludes);
* `sort` on keyword fields (asc/desc; a missing value last) with `search_after`, answered as OpenSearch
  answers a sorted search: `_score` null, each hit's `sort` values.

Scores are rounded to float32, as OpenSearch returns them. Writes become visible to search after a
refresh (`?refresh=true|wait_for`, `POST /{index}/_refresh`, or `FakeOpenSearch.refresh()`), like the
near-real-time engine. Anything outside that subset — an unknown query, parameter, body key or
mapping option, or `knn` anywhere but the top of the query — is answered with a 400 in OpenSearch's
error shape, so the adapter cannot come to rely on behaviour nobody checked.

`serverless=True` plays an Amazon OpenSearch Serverless VECTORSEARCH collection: a custom `_id` in an
index/create action fails that item with "Document ID is not supported in create/index operation
request", `_refresh` does not exist (404), the `refresh` parameter is refused, and writes become
visible on their own — at once, or with `lag=True` only when the test calls `refresh()`.

Deviations worth knowing: term/terms/range/ids/match_all score a constant 1.0 when they are scored;
document lengths are exact (Lucene encodes them lossily); no dynamic mapping — unmapped fields are
kept in `_source` but are not searchable; `_bulk` into a missing index fails the item instead of
auto-creating the index.
"""

from __future__ import annotations

import fnmatch
import functools
import json
import math
import re
import struct
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, unquote, urlsplit

import snowballstemmer

K1 = 1.2
B = 0.75
MAX_RESULT_WINDOW = 10_000
FIELD_TYPES = {"keyword", "text", "integer", "long", "float", "double", "date", "boolean", "knn_vector"}
SPACE_TYPES = {"l2", "innerproduct", "cosinesimil"}
ENGINES = {"faiss", "lucene", "nmslib"}
INDEX_SETTINGS = {
    "index.knn",
    "index.knn.algo_param.ef_search",
    "index.number_of_shards",
    "index.number_of_replicas",
    "index.refresh_interval",
}
TOKEN = re.compile(r"\w+(?:[.'’]\w+)*")


# Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, the `_english_` stop word list.
ENGLISH_STOP_WORDS = frozenset(
    {
        "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it",
        "no", "not", "of", "on", "or", "such", "that", "the", "their", "then", "there", "these",
        "they", "this", "to", "was", "will", "with",
    }
)  # fmt: skip
POSSESSIVE = re.compile(r"['’\uff07][sS]$")
_porter = snowballstemmer.stemmer("porter")
_porter_lock = threading.Lock()  # a snowballstemmer stemmer keeps per-call state


def analyze(text: str) -> list[str]:
    """Lowercase word tokens, close to the standard analyzer (UAX#29 words, no stop words)."""
    return [token.lower() for token in TOKEN.findall(text)]


@functools.lru_cache(maxsize=65_536)
def _porter_stem(word: str) -> str:
    with _porter_lock:
        return str(_porter.stemWord(word))


def analyze_english(text: str) -> list[str]:
    """OpenSearch's built-in english analyzer: standard tokenizer, English possessive filter,
    lowercase, `_english_` stop words, Porter stemming."""
    tokens = (POSSESSIVE.sub("", token).lower() for token in TOKEN.findall(text))
    return [_porter_stem(token) for token in tokens if token and token not in ENGLISH_STOP_WORDS]


ANALYZERS: dict[str, Callable[[str], list[str]]] = {"standard": analyze, "english": analyze_english}


def float32(value: float) -> float:
    return struct.unpack("f", struct.pack("f", value))[0]


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    params: dict[str, str]
    body: Any  # parsed JSON; for _bulk the list of parsed NDJSON lines; None without a body


class OpenSearchError(Exception):
    """Rendered as OpenSearch's error body: {"error": {"root_cause": [...], "type", "reason"}, "status"}."""

    def __init__(self, status: int, error_type: str, reason: str, **extra: Any) -> None:
        super().__init__(reason)
        self.status = status
        self.body = {"type": error_type, "reason": reason, **extra}

    def response(self) -> dict[str, Any]:
        return {"error": {"root_cause": [self.body], **self.body}, "status": self.status}


def bad_request(reason: str, error_type: str = "parsing_exception") -> OpenSearchError:
    return OpenSearchError(400, error_type, reason)


@dataclass
class Document:
    id: str
    source: dict[str, Any]
    version: int
    seq_no: int


EMPTY_DOCUMENT = Document("", {}, 0, 0)


@dataclass
class Index:
    name: str
    settings: dict[str, Any]
    properties: dict[str, dict[str, Any]]
    dynamic: Any
    uuid: str = field(default_factory=lambda: uuid.uuid4().hex[:22])
    docs: dict[str, Document] = field(default_factory=dict)  # real-time state
    visible: dict[str, Document] = field(default_factory=dict)  # what search sees (last refresh)

    def refresh(self) -> None:
        self.visible = dict(self.docs)

    def mapping(self) -> dict[str, Any]:
        mappings: dict[str, Any] = {"properties": self.properties}
        if self.dynamic is not None:
            mappings["dynamic"] = self.dynamic
        return mappings

    def type_of(self, name: str) -> str | None:
        return self.properties.get(name, {}).get("type")

    def analyzer_of(self, name: str) -> Callable[[str], list[str]]:
        """The analyzer a text field is mapped with (index and search time alike)."""
        return ANALYZERS[self.properties.get(name, {}).get("analyzer", "standard")]


class FakeOpenSearch:
    """A loopback FAKE OpenSearch (see the module docstring). Use as a context manager; `.url`."""

    def __init__(self, *, serverless: bool = False, lag: bool = False) -> None:
        self.serverless = serverless
        self.lag = lag  # serverless only: writes stay invisible until refresh() is called
        self.indices: dict[str, Index] = {}
        self.aliases: dict[str, str] = {}  # alias → the one index it points at
        self.requests: list[RecordedRequest] = []
        self._lock = threading.RLock()
        self._seq_no = 0
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ lifecycle

    def __enter__(self) -> FakeOpenSearch:
        fake = self

        class Handler(_Handler):
            opensearch = fake

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.05},
            name="fake-opensearch",
            daemon=True,
        )
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError("FakeOpenSearch is not started; use it as a context manager")
        port = self._server.server_address[1]
        return f"http://127.0.0.1:{port}"

    # ------------------------------------------------------------------ test helpers

    def refresh(self, index: str | None = None) -> None:
        """Make every write visible to search (what a refresh or serverless' own schedule does)."""
        with self._lock:
            for name, idx in self.indices.items():
                if index in (None, name):
                    idx.refresh()

    def requests_to(self, method: str, path_suffix: str) -> list[RecordedRequest]:
        with self._lock:
            return [r for r in self.requests if r.method == method and r.path.endswith(path_suffix)]

    def documents(self, index: str) -> dict[str, dict[str, Any]]:
        """The real-time documents of an index: {_id: _source}."""
        with self._lock:
            return {doc_id: doc.source for doc_id, doc in self._index(index).docs.items()}

    # ------------------------------------------------------------------ routing

    def handle(self, method: str, raw_path: str, raw_body: bytes) -> tuple[int, Any]:
        split = urlsplit(raw_path)
        path = unquote(split.path)
        params = dict(parse_qsl(split.query, keep_blank_values=True))
        parts = [part for part in path.split("/") if part]
        with self._lock:
            try:
                body = self._parse_body(parts, raw_body)
                self.requests.append(RecordedRequest(method, path, params, body))
                return self._route(method, path, parts, params, body)
            except OpenSearchError as exc:
                return exc.status, exc.response()

    def _parse_body(self, parts: list[str], raw: bytes) -> Any:
        if not raw.strip():
            return None
        text = raw.decode("utf-8")
        try:
            if parts and parts[-1] == "_bulk":
                return [json.loads(line) for line in text.splitlines() if line.strip()]
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise bad_request(f"Failed to parse request body: {exc}", "parse_exception") from exc

    def _route(
        self, method: str, path: str, parts: list[str], params: dict[str, str], body: Any
    ) -> tuple[int, Any]:
        match (method, parts):
            case ("GET", []):
                return 200, self._info()
            case ("POST" | "PUT", ["_bulk"]):
                return self._bulk(None, params, body)
            case ("HEAD", [name]) if not name.startswith("_"):
                self._check_params(path, params, set())
                return (200 if name in self.indices or name in self.aliases else 404), None
            case ("POST", ["_aliases"]):
                self._check_params(path, params, set())
                return self._update_aliases(body)
            case ("GET", ["_alias", name]):
                self._check_params(path, params, set())
                if name not in self.aliases:
                    return 404, {"error": f"alias [{name}] missing", "status": 404}
                return 200, {self.aliases[name]: {"aliases": {name: {}}}}
            case ("PUT", [name]) if not name.startswith("_"):
                self._check_params(path, params, set())
                return self._create_index(name, body)
            case ("DELETE", [name]) if not name.startswith("_"):
                self._check_params(path, params, set())
                if name in self.aliases:
                    raise bad_request(
                        f"The provided expression [{name}] matches an alias", "illegal_argument_exception"
                    )
                self._index(name)
                del self.indices[name]
                self.aliases = {a: i for a, i in self.aliases.items() if i != name}
                return 200, {"acknowledged": True}
            case ("GET", [name, "_mapping" | "_mappings"]):
                self._check_params(path, params, set())
                return 200, {name: {"mappings": self._index(name).mapping()}}
            case ("PUT" | "POST", [name, "_mapping" | "_mappings"]):
                self._check_params(path, params, set())
                return self._put_mapping(self._index(name), body)
            case ("POST" | "PUT", [name, "_bulk"]):
                return self._bulk(name, params, body)
            case ("POST" | "GET", [name, "_refresh"]) if not self.serverless:
                self._index(name).refresh()
                return 200, {"_shards": {"total": 1, "successful": 1, "failed": 0}}
            case ("POST" | "GET", [name, "_search"]):
                self._check_params(path, params, set())
                return 200, self._search(self._index(name), body or {})
            case ("DELETE", [name, "_doc", doc_id]):
                return self._delete_doc(name, doc_id, params)
        if self.serverless and parts[-1:] == ["_refresh"]:
            raise OpenSearchError(404, "not_found", f"{method} {path} is not supported by serverless")
        raise bad_request(
            f"no handler found for uri [{path}] and method [{method}]", "illegal_argument_exception"
        )

    def _check_params(self, path: str, params: dict[str, str], allowed: set[str]) -> None:
        for name in params:
            if name not in allowed:
                raise bad_request(
                    f"request [{path}] contains unrecognized parameter: [{name}]",
                    "illegal_argument_exception",
                )

    def _index(self, name: str) -> Index:
        name = self.aliases.get(name, name)
        if name not in self.indices:
            raise OpenSearchError(
                404,
                "index_not_found_exception",
                f"no such index [{name}]",
                index=name,
                index_uuid="_na_",
                **{"resource.type": "index_or_alias", "resource.id": name},
            )
        return self.indices[name]

    def _info(self) -> dict[str, Any]:
        return {
            "name": "fake-opensearch",
            "cluster_name": "fake-opensearch",
            "cluster_uuid": "fake-cluster-uuid",
            "version": {
                "distribution": "opensearch",
                "number": "2.19.0",
                "build_type": "fake",
                "lucene_version": "9.12.1",
                "minimum_wire_compatibility_version": "7.10.0",
                "minimum_index_compatibility_version": "7.0.0",
            },
            "tagline": "The OpenSearch Project: https://opensearch.org/",
        }

    # ------------------------------------------------------------------ index management

    def _create_index(self, name: str, body: Any) -> tuple[int, Any]:
        if name != name.lower() or name.startswith(("-", "+")):
            raise bad_request(
                f"Invalid index name [{name}], must be lowercase", "invalid_index_name_exception"
            )
        if name in self.aliases:
            raise bad_request(
                f"Invalid index name [{name}], already exists as alias", "invalid_index_name_exception"
            )
        if name in self.indices:
            existing = self.indices[name]
            raise OpenSearchError(
                400,
                "resource_already_exists_exception",
                f"index [{name}/{existing.uuid}] already exists",
                index=name,
                index_uuid=existing.uuid,
            )
        body = body or {}
        unknown = set(body) - {"settings", "mappings"}
        if unknown:
            raise bad_request(f"unknown key [{sorted(unknown)[0]}] for create index")
        settings = _flatten_settings(body.get("settings") or {})
        for key in settings:
            if key not in INDEX_SETTINGS:
                raise bad_request(f"unknown setting [{key}]", "illegal_argument_exception")
        mappings = body.get("mappings") or {}
        unknown = set(mappings) - {"dynamic", "properties"}
        if unknown:
            raise _mapper_error(f"Root mapping definition has unsupported parameters: [{sorted(unknown)[0]}]")
        dynamic = mappings.get("dynamic")
        if dynamic not in (None, True, False, "true", "false", "strict"):
            raise _mapper_error(f"unknown dynamic value [{dynamic}]")
        properties = mappings.get("properties") or {}
        for field_name, spec in properties.items():
            _validate_field(field_name, spec, knn_enabled=settings.get("index.knn") in (True, "true"))
        self.indices[name] = Index(name, settings, properties, dynamic)
        return 200, {"acknowledged": True, "shards_acknowledged": True, "index": name}

    def _update_aliases(self, body: Any) -> tuple[int, Any]:
        """`POST _aliases`: add, remove and remove_index actions, applied all together or not at all
        (an alias points at one index here; adding it again moves it)."""
        actions = body.get("actions") if isinstance(body, dict) else None
        if not isinstance(actions, list) or not actions:
            raise bad_request("[actions] is required and must hold at least one action")
        indices, aliases = set(self.indices), dict(self.aliases)
        for action in actions:
            if not isinstance(action, dict) or len(action) != 1:
                raise bad_request("each action holds exactly one of add, remove, remove_index")
            ((kind, spec),) = action.items()
            index, alias = spec.get("index"), spec.get("alias")
            if index not in indices:
                raise OpenSearchError(404, "index_not_found_exception", f"no such index [{index}]")
            if kind == "add" and isinstance(alias, str):
                aliases[alias] = index
            elif kind == "remove" and aliases.get(alias) == index:
                del aliases[alias]
            elif kind == "remove":
                raise OpenSearchError(404, "aliases_not_found_exception", f"aliases [{alias}] missing")
            elif kind == "remove_index":
                indices.discard(index)
                aliases = {a: i for a, i in aliases.items() if i != index}
            else:
                raise bad_request(f"unknown alias action [{kind}] (unsupported by the fake)")
        clash = sorted(set(aliases) & indices)
        if clash:
            raise bad_request(
                f"Invalid alias name [{clash[0]}]: an index exists with the same name as the alias",
                "invalid_alias_name_exception",
            )
        self.indices = {name: idx for name, idx in self.indices.items() if name in indices}
        self.aliases = aliases
        return 200, {"acknowledged": True}

    def _put_mapping(self, index: Index, body: Any) -> tuple[int, Any]:
        """Add fields to an index's mapping, as OpenSearch does: a field already mapped the same way is
        fine, one mapped differently is refused (a mapped field's type never changes)."""
        if not isinstance(body, dict) or set(body) - {"properties"}:
            raise _mapper_error("this fake's put mapping takes only [properties]")
        properties = body.get("properties") or {}
        knn = index.settings.get("index.knn") in (True, "true")
        for field_name, spec in properties.items():
            _validate_field(field_name, spec, knn_enabled=knn)
            existing = index.properties.get(field_name)
            if existing is not None and existing != spec:
                raise bad_request(
                    f"mapper [{field_name}] cannot be changed from type [{existing.get('type')}] to"
                    f" [{spec.get('type')}]",
                    "illegal_argument_exception",
                )
        index.properties.update(properties)
        return 200, {"acknowledged": True}

    # ------------------------------------------------------------------ writes

    def _bulk(self, path_index: str | None, params: dict[str, str], lines: Any) -> tuple[int, Any]:
        allowed = {"timeout"} if self.serverless else {"refresh", "timeout"}
        self._check_params("/_bulk", params, allowed)
        items: list[dict[str, Any]] = []
        touched: set[str] = set()
        for op, name, doc_id, source in _parse_bulk(lines, path_index):
            result = self._bulk_item(op, name, doc_id, source)
            items.append({op: result})
            if result["status"] < 300:
                touched.add(name)
        for name in touched:
            if (self.serverless and not self.lag) or params.get("refresh") in ("", "true", "wait_for"):
                self._index(name).refresh()
        errors = any(result["status"] >= 300 for item in items for result in item.values())
        return 200, {"took": 1, "errors": errors, "items": items}

    def _bulk_item(self, op: str, name: str, doc_id: str | None, source: Any) -> dict[str, Any]:
        base: dict[str, Any] = {"_index": self.aliases.get(name, name), "_id": doc_id}
        try:
            index = self._index(name)
            if op == "delete":
                if doc_id is None:
                    raise bad_request("id is missing", "action_request_validation_exception")
                return {**base, **self._remove(index, doc_id)}
            if doc_id is not None and self.serverless:
                raise bad_request(
                    "Document ID is not supported in create/index operation request",
                    "illegal_argument_exception",
                )
            if op == "create" and doc_id in index.docs:
                raise OpenSearchError(
                    409,
                    "version_conflict_engine_exception",
                    f"[{doc_id}]: version conflict, document already exists",
                )
            _validate_document(index, source)
            doc_id = doc_id or uuid.uuid4().hex[:20]
            previous = index.docs.get(doc_id)
            self._seq_no += 1
            version = previous.version + 1 if previous else 1
            index.docs[doc_id] = Document(doc_id, dict(source), version, self._seq_no)
            return {
                **base,
                "_id": doc_id,
                "_version": version,
                "result": "updated" if previous else "created",
                "_shards": {"total": 1, "successful": 1, "failed": 0},
                "_seq_no": self._seq_no,
                "_primary_term": 1,
                "status": 200 if previous else 201,
            }
        except OpenSearchError as exc:
            return {**base, "status": exc.status, "error": {**exc.body, "index": name}}

    def _remove(self, index: Index, doc_id: str) -> dict[str, Any]:
        previous = index.docs.pop(doc_id, None)
        self._seq_no += 1
        return {
            "_id": doc_id,
            "_version": previous.version + 1 if previous else 1,
            "result": "deleted" if previous else "not_found",
            "_shards": {"total": 1, "successful": 1, "failed": 0},
            "_seq_no": self._seq_no,
            "_primary_term": 1,
            "status": 200 if previous else 404,
        }

    def _delete_doc(self, name: str, doc_id: str, params: dict[str, str]) -> tuple[int, Any]:
        allowed = set() if self.serverless else {"refresh"}
        self._check_params(f"/{name}/_doc/{doc_id}", params, allowed)
        index = self._index(name)
        result = {"_index": name, **self._remove(index, doc_id)}
        if (self.serverless and not self.lag) or params.get("refresh") in ("", "true", "wait_for"):
            index.refresh()
        return result.pop("status"), result

    # ------------------------------------------------------------------ search

    def _sorted(
        self,
        index: Index,
        body: dict[str, Any],
        scored: list[tuple[str, Document, float]],
        keys: list[tuple[str, bool]],
        size: int,
    ) -> dict[str, Any]:
        """A page of the hits in the order of `keys` (a document without the field last, as OpenSearch
        puts missing values), after `search_after`'s values when given; `_score` null, each hit with
        its `sort` values, as OpenSearch answers a sorted search that does not track scores."""

        def values(doc: Document) -> list[Any]:
            return [(_as_list(doc.source.get(name)) or [None])[0] for name, _ in keys]

        def key(row: list[Any]) -> tuple[Any, ...]:
            # a missing value last in either order; a descending string by its negated code points
            return tuple(
                (v is None, (*(-ord(c) for c in v), 1) if desc and v is not None else v or "")
                for v, (_, desc) in zip(row, keys, strict=True)
            )

        ordered = sorted(scored, key=lambda hit: key(values(hit[1])))
        after = body.get("search_after")
        if after is not None:
            if not isinstance(after, list) or len(after) != len(keys):
                raise bad_request("search_after has a different number of values than the sort")
            ordered = [hit for hit in ordered if key(values(hit[1])) > key(after)]
        hits = []
        for doc_id, doc, _ in ordered[:size]:
            hit: dict[str, Any] = {"_index": index.name, "_id": doc_id, "_score": None, "sort": values(doc)}
            source = _filter_source(doc.source, body.get("_source", True))
            if source is not None:
                hit["_source"] = source
            hits.append(hit)
        return {
            "took": 1,
            "timed_out": False,
            "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
            "hits": {"total": {"value": len(scored), "relation": "eq"}, "max_score": None, "hits": hits},
        }

    def _search(self, index: Index, body: dict[str, Any]) -> dict[str, Any]:
        unknown = set(body) - {"size", "query", "_source", "sort", "search_after", "track_total_hits"}
        if unknown:
            raise bad_request(
                f"Unknown key [{sorted(unknown)[0]}] in the search body (unsupported by the fake)"
            )
        size = body.get("size", 10)
        if not isinstance(size, int) or size < 0 or size > MAX_RESULT_WINDOW:
            raise bad_request(f"[size] must be an integer in [0, {MAX_RESULT_WINDOW}], got [{size}]")
        sort = _sort_keys(index, body.get("sort"))
        if "search_after" in body and not sort:
            raise bad_request("Sort must contain at least one field.", "search_phase_execution_exception")
        query = body.get("query", {"match_all": {}})
        docs = list(index.visible.items())
        evaluator = _Evaluator(index, docs)
        if isinstance(query, dict) and set(query) == {"knn"}:
            if sort:
                raise bad_request("the fake sorts no knn query")
            scored = evaluator.knn(query["knn"])
        else:
            evaluator.evaluate(query, EMPTY_DOCUMENT, scoring=True)  # refuse bad shapes on empty indices
            scored = []
            for doc_id, doc in docs:
                score = evaluator.evaluate(query, doc, scoring=True)
                if score is not None:
                    scored.append((doc_id, doc, score))
            scored.sort(key=lambda hit: (-hit[2], hit[1].seq_no))
        if sort:
            return self._sorted(index, body, scored, sort, size)
        page = scored[:size]
        hits = []
        for doc_id, doc, score in page:
            hit: dict[str, Any] = {"_index": index.name, "_id": doc_id, "_score": float32(score)}
            source = _filter_source(doc.source, body.get("_source", True))
            if source is not None:
                hit["_source"] = source
            hits.append(hit)
        return {
            "took": 1,
            "timed_out": False,
            "_shards": {"total": 1, "successful": 1, "skipped": 0, "failed": 0},
            "hits": {
                "total": {"value": len(scored), "relation": "eq"},
                "max_score": max((hit["_score"] for hit in hits), default=None),
                "hits": hits,
            },
        }


def _sort_keys(index: Index, spec: Any) -> list[tuple[str, bool]]:
    """(field, descending) of a `sort` on keyword fields: `[{"f": "asc"}]`, `[{"f": {"order": "desc"}}]`
    or `["f"]`; anything else is refused."""
    if spec is None:
        return []
    keys: list[tuple[str, bool]] = []
    for item in spec if isinstance(spec, list) else [spec]:
        if isinstance(item, str):
            name, order = item, "asc"
        elif isinstance(item, dict) and len(item) == 1:
            name, value = next(iter(item.items()))
            order = value.get("order", "asc") if isinstance(value, dict) else value
            if isinstance(value, dict) and set(value) - {"order"}:
                raise bad_request(f"the fake sorts by [order] alone, got {sorted(value)}")
        else:
            raise bad_request(f"malformed sort: {item!r}")
        if order not in ("asc", "desc"):
            raise bad_request(f"Unknown SortOrder [{order}]")
        if index.type_of(name) != "keyword":
            raise bad_request(f"the fake sorts keyword fields only, not [{name}]")
        keys.append((name, order == "desc"))
    return keys


class _Evaluator:
    """Evaluates the supported query DSL against one index's visible documents."""

    def __init__(self, index: Index, docs: list[tuple[str, Document]]) -> None:
        self.index = index
        self.docs = docs
        self._stats: dict[str, tuple[int, float, Counter[str]]] = {}

    # ---------------------------------------------------------------- knn

    def knn(self, clause: Any) -> list[tuple[str, Document, float]]:
        if not isinstance(clause, dict) or len(clause) != 1:
            raise bad_request("[knn] must name exactly one vector field")
        ((field_name, spec),) = clause.items()
        mapping = self.index.properties.get(field_name, {})
        if mapping.get("type") != "knn_vector":
            raise bad_request(f"Field '{field_name}' is not knn_vector type.", "illegal_argument_exception")
        if not isinstance(spec, dict):
            raise bad_request("[knn] field body must be an object")
        unknown = set(spec) - {"vector", "k", "filter"}
        if unknown:
            raise bad_request(f"[knn] unknown parameter [{sorted(unknown)[0]}] (unsupported by the fake)")
        vector, k = spec.get("vector"), spec.get("k")
        if not isinstance(vector, list) or not all(isinstance(x, int | float) for x in vector):
            raise bad_request("[knn] requires a numeric [vector]")
        if len(vector) != mapping["dimension"]:
            raise bad_request(
                f"Query vector has invalid dimension: {len(vector)}. "
                f"Dimension should be: {mapping['dimension']}",
                "illegal_argument_exception",
            )
        if not isinstance(k, int) or not 1 <= k <= MAX_RESULT_WINDOW:
            raise bad_request(f"[knn] requires k in [1, {MAX_RESULT_WINDOW}]", "illegal_argument_exception")
        if "filter" in spec:
            self.evaluate(spec["filter"], EMPTY_DOCUMENT, scoring=False)  # refuse bad shapes up front
        space = mapping.get("method", {}).get("space_type", mapping.get("space_type", "l2"))
        scored = []
        for doc_id, doc in self.docs:
            stored = doc.source.get(field_name)
            if stored is None:
                continue
            if "filter" in spec and self.evaluate(spec["filter"], doc, scoring=False) is None:
                continue
            scored.append((doc_id, doc, _knn_score(space, vector, stored)))
        scored.sort(key=lambda hit: (-hit[2], hit[1].seq_no))
        return scored[:k]

    # ---------------------------------------------------------------- queries

    def evaluate(self, query: Any, doc: Document, *, scoring: bool) -> float | None:
        """The score when `doc` matches `query` (0.0 outside a scoring context), else None."""
        if not isinstance(query, dict) or len(query) != 1:
            raise bad_request("a query must be an object with exactly one query type")
        ((kind, spec),) = query.items()
        match kind:
            case "bool":
                return self._bool(spec, doc, scoring=scoring)
            case "match_all":
                self._no_params(kind, spec, set())
                return 1.0 if scoring else 0.0
            case "term":
                field_name, value = self._single_field(kind, spec, "value")
                ok = any(self._equal(field_name, stored, value) for stored in self._values(doc, field_name))
                return (1.0 if scoring else 0.0) if ok else None
            case "terms":
                field_name, values = self._single_field(kind, spec, None)
                if not isinstance(values, list):
                    raise bad_request("[terms] query requires an array of values")
                stored_values = self._values(doc, field_name)
                ok = any(self._equal(field_name, s, v) for s in stored_values for v in values)
                return (1.0 if scoring else 0.0) if ok else None
            case "range":
                field_name, bounds = self._single_field(kind, spec, None)
                return (1.0 if scoring else 0.0) if self._in_range(field_name, bounds, doc) else None
            case "ids":
                self._no_params(kind, spec, {"values"})
                ok = doc.id in _as_list(spec.get("values"))
                return (1.0 if scoring else 0.0) if ok else None
            case "match":
                return self._match(spec, doc, scoring=scoring)
            case "knn":
                raise bad_request("[knn] is only supported as the top-level query by this fake")
        raise bad_request(f"unknown query [{kind}]")

    def _bool(self, spec: Any, doc: Document, *, scoring: bool) -> float | None:
        self._no_params("bool", spec, {"must", "filter", "should", "must_not", "minimum_should_match"})
        # Every clause is evaluated (no short cut), so a malformed clause is refused on any document.
        must = [self.evaluate(clause, doc, scoring=scoring) for clause in _as_list(spec.get("must"))]
        filters = [self.evaluate(clause, doc, scoring=False) for clause in _as_list(spec.get("filter"))]
        must_not = [self.evaluate(clause, doc, scoring=False) for clause in _as_list(spec.get("must_not"))]
        should = [self.evaluate(clause, doc, scoring=scoring) for clause in _as_list(spec.get("should"))]
        default_minimum = 1 if should and not (must or filters) else 0
        minimum = spec.get("minimum_should_match", default_minimum)
        if not isinstance(minimum, int):
            raise bad_request("[minimum_should_match] must be an integer in this fake")
        matched_should = [score for score in should if score is not None]
        if (
            any(score is None for score in must + filters)
            or any(score is not None for score in must_not)
            or len(matched_should) < minimum
        ):
            return None
        return sum(score for score in must + matched_should if score is not None) if scoring else 0.0

    def _match(self, spec: Any, doc: Document, *, scoring: bool) -> float | None:
        field_name, options = self._single_field("match", spec, "query")
        operator = "or"
        if isinstance(options, dict):
            self._no_params("match", options, {"query", "operator"})
            operator = str(options.get("operator", "or")).lower()
            options = options.get("query")
        if not isinstance(options, str):
            raise bad_request("[match] query must be a string in this fake")
        if self.index.type_of(field_name) != "text":
            raise bad_request(f"[match] is only supported on text fields by this fake, not [{field_name}]")
        analyzer = self.index.analyzer_of(field_name)
        query_terms = analyzer(options)
        doc_terms = Counter(analyzer(doc.source.get(field_name) or ""))
        present = [term for term in query_terms if doc_terms[term]]
        if not present or (operator == "and" and len(set(present)) < len(set(query_terms))):
            return None
        if not scoring:
            return 0.0
        doc_count, avg_length, doc_freq = self._field_stats(field_name)
        length = sum(doc_terms.values())
        score = 0.0
        for term in present:
            idf = math.log(1 + (doc_count - doc_freq[term] + 0.5) / (doc_freq[term] + 0.5))
            freq = doc_terms[term]
            score += idf * freq / (freq + K1 * (1 - B + B * length / avg_length))
        return score

    def _field_stats(self, field_name: str) -> tuple[int, float, Counter[str]]:
        """(documents with the field, average length, document frequency per term)."""
        if field_name not in self._stats:
            lengths, doc_freq = [], Counter[str]()
            analyzer = self.index.analyzer_of(field_name)
            for _, doc in self.docs:
                terms = analyzer(doc.source.get(field_name) or "")
                if terms:
                    lengths.append(len(terms))
                    doc_freq.update(set(terms))
            self._stats[field_name] = (len(lengths), sum(lengths) / max(len(lengths), 1), doc_freq)
        return self._stats[field_name]

    # ---------------------------------------------------------------- field helpers

    def _single_field(self, kind: str, spec: Any, value_key: str | None) -> tuple[str, Any]:
        if not isinstance(spec, dict) or len(spec) != 1:
            raise bad_request(f"[{kind}] query requires exactly one field")
        ((field_name, value),) = spec.items()
        if value_key and isinstance(value, dict) and kind != "match":
            self._no_params(kind, value, {value_key})
            value = value[value_key]
        return field_name, value

    def _no_params(self, kind: str, spec: Any, allowed: set[str]) -> None:
        if not isinstance(spec, dict):
            raise bad_request(f"[{kind}] query malformed, expected an object")
        unknown = set(spec) - allowed
        if unknown:
            raise bad_request(f"[{kind}] query does not support [{sorted(unknown)[0]}] (in this fake)")

    def _values(self, doc: Document, field_name: str) -> list[Any]:
        if field_name not in self.index.properties:
            return []  # unmapped fields are not searchable
        value = doc.source.get(field_name)
        if value is None:
            return []
        values = value if isinstance(value, list) else [value]
        if self.index.type_of(field_name) == "text":
            analyzer = self.index.analyzer_of(field_name)
            return [token for item in values for token in analyzer(str(item))]
        return values

    def _equal(self, field_name: str, stored: Any, value: Any) -> bool:
        kind = self.index.type_of(field_name)
        if kind in ("integer", "long", "float", "double", "date"):
            return _comparable(kind, stored) == _comparable(kind, value)
        if kind == "boolean":
            return str(stored).lower() == str(value).lower()
        return stored == value  # keyword: exact; text: the term must equal a token

    def _in_range(self, field_name: str, bounds: Any, doc: Document) -> bool:
        if not isinstance(bounds, dict) or not bounds or set(bounds) - {"gte", "gt", "lte", "lt"}:
            raise bad_request("[range] supports only gte, gt, lte and lt in this fake")
        kind = self.index.type_of(field_name)
        if kind not in ("integer", "long", "float", "double", "date", "keyword"):
            raise bad_request(f"[range] on [{field_name}] of type [{kind}] is not supported by this fake")
        if kind == "keyword":  # term order: UTF-8 bytes, the order of Python's str comparison
            if not all(isinstance(value, str) for value in bounds.values()):
                raise bad_request(f"[range] on keyword [{field_name}] takes strings in this fake")
            limits: dict[str, Any] = dict(bounds)
            comparable: Callable[[Any], Any] = str
        else:
            limits = {op: _comparable(kind, value) for op, value in bounds.items()}
            comparable = functools.partial(_comparable, kind)
        for stored in self._values(doc, field_name):
            value = comparable(stored)
            if (
                ("gte" not in limits or value >= limits["gte"])
                and ("gt" not in limits or value > limits["gt"])
                and ("lte" not in limits or value <= limits["lte"])
                and ("lt" not in limits or value < limits["lt"])
            ):
                return True
        return False


# ---------------------------------------------------------------------- helpers


def _parse_bulk(lines: Any, path_index: str | None) -> list[tuple[str, str, str | None, Any]]:
    """(operation, index, _id, source) per action; a malformed request is refused as a whole."""
    if not lines:
        raise bad_request("request body is required", "parse_exception")
    actions: list[tuple[str, str, str | None, Any]] = []
    position = 0
    while position < len(lines):
        line_number, action_line = position + 1, lines[position]
        if not isinstance(action_line, dict) or len(action_line) != 1:
            raise bad_request(f"Malformed action/metadata line [{line_number}]", "illegal_argument_exception")
        ((op, meta),) = action_line.items()
        if op not in ("index", "create", "delete"):
            raise bad_request(
                f"Malformed action/metadata line [{line_number}], expected one of [create, delete, "
                f"index] but found [{op}] (update is not supported by this fake)",
                "illegal_argument_exception",
            )
        unknown = set(meta) - {"_index", "_id"}
        if unknown:
            raise bad_request(
                f"Action/metadata line [{line_number}] contains an unknown parameter [{sorted(unknown)[0]}]",
                "illegal_argument_exception",
            )
        source = None
        if op != "delete":
            position += 1
            if position >= len(lines) or not isinstance(lines[position], dict):
                raise bad_request("The bulk request must be terminated by a newline [\\n]")
            source = lines[position]
        position += 1
        name = meta.get("_index") or path_index
        if name is None:
            raise bad_request("index is missing", "action_request_validation_exception")
        actions.append((op, name, meta.get("_id"), source))
    return actions


def _knn_score(space: str, query: list[float], stored: list[float]) -> float:
    """OpenSearch's score for one candidate, as the k-NN documentation defines it per space type."""
    if space == "l2":
        return 1.0 / (1.0 + sum((a - b) ** 2 for a, b in zip(query, stored, strict=True)))
    dot = sum(a * b for a, b in zip(query, stored, strict=True))
    if space == "innerproduct":
        return 1.0 + dot if dot >= 0 else 1.0 / (1.0 - dot)
    norms = math.sqrt(sum(a * a for a in query)) * math.sqrt(sum(b * b for b in stored))
    return (2.0 - (1.0 - dot / norms)) / 2.0  # cosinesimil: d = 1 − cos, score = (2 − d) / 2


def _comparable(kind: str | None, value: Any) -> Any:
    if kind == "date":
        if isinstance(value, int | float):
            return datetime.fromtimestamp(value / 1000, UTC)
        try:
            moment = datetime.fromisoformat(str(value))
        except ValueError as exc:
            raise bad_request(f"failed to parse date field [{value}]", "parse_exception") from exc
        return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
    try:
        return float(value)
    except (TypeError, ValueError) as exc:
        raise bad_request(f"failed to parse number [{value}]", "number_format_exception") from exc


def _as_list(value: Any) -> list[Any]:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def _flatten_settings(settings: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    flat: dict[str, Any] = {}
    for key, value in settings.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten_settings(value, f"{name}."))
        else:
            flat[name if name.startswith("index.") else f"index.{name}"] = value
    return flat


def _mapper_error(reason: str) -> OpenSearchError:
    return bad_request(reason, "mapper_parsing_exception")


def _validate_field(name: str, spec: Any, *, knn_enabled: bool) -> None:
    if not isinstance(spec, dict) or spec.get("type") not in FIELD_TYPES:
        kind = spec.get("type") if isinstance(spec, dict) else spec
        raise _mapper_error(f"No handler for type [{kind}] declared on field [{name}]")
    kind = spec["type"]
    allowed = {
        "text": {"type", "analyzer"},
        "knn_vector": {"type", "dimension", "method", "space_type"},
        "date": {"type", "format"},
    }.get(kind, {"type"})
    unknown = set(spec) - allowed
    if unknown:
        raise _mapper_error(f"unknown parameter [{sorted(unknown)[0]}] on mapper [{name}] of type [{kind}]")
    if kind == "text" and spec.get("analyzer", "standard") not in ANALYZERS:
        raise _mapper_error(f"analyzer [{spec['analyzer']}] is not supported by this fake")
    if kind == "date" and spec.get("format", "strict_date_optional_time||epoch_millis") != (
        "strict_date_optional_time||epoch_millis"
    ):
        raise _mapper_error("only the default date format is supported by this fake")
    if kind != "knn_vector":
        return
    dimension = spec.get("dimension")
    if not isinstance(dimension, int) or not 1 <= dimension <= 16_000:
        raise _mapper_error(f"[dimension] must be an integer in [1, 16000] on [{name}]")
    method = spec.get("method")
    if method is not None:
        if not knn_enabled:
            raise _mapper_error(f"index.knn must be true to map [{name}] with a method")
        unknown = set(method) - {"name", "engine", "space_type", "parameters"}
        if unknown or method.get("name") != "hnsw" or method.get("engine", "faiss") not in ENGINES:
            raise _mapper_error(f"unsupported knn method on [{name}]: {method}")
        if method.get("space_type", "l2") not in SPACE_TYPES:
            raise _mapper_error(f"unsupported space_type [{method.get('space_type')}] on [{name}]")


def _validate_document(index: Index, source: Any) -> None:
    if not isinstance(source, dict):
        raise _mapper_error("failed to parse: the document must be an object")
    for name, value in source.items():
        spec = index.properties.get(name)
        if spec is None:
            if index.dynamic == "strict":
                raise OpenSearchError(
                    400,
                    "strict_dynamic_mapping_exception",
                    f"mapping set to strict, dynamic introduction of [{name}] within [_doc] is not allowed",
                )
            continue
        if value is None:
            continue
        kind = spec["type"]
        if kind == "knn_vector":
            if not isinstance(value, list) or not all(isinstance(x, int | float) for x in value):
                raise _mapper_error(f"failed to parse field [{name}] of type [knn_vector]")
            if len(value) != spec["dimension"]:
                raise _mapper_error(
                    f"Vector dimension mismatch. Expected: {spec['dimension']}, Given: {len(value)}"
                )
            continue
        for item in value if isinstance(value, list) else [value]:
            if not _valid_scalar(kind, item):
                raise _mapper_error(f"failed to parse field [{name}] of type [{kind}]: [{item}]")


def _valid_scalar(kind: str, value: Any) -> bool:
    if kind in ("keyword", "text"):
        return isinstance(value, str)
    if kind in ("integer", "long"):
        return not isinstance(value, bool) and isinstance(value, int | float) and float(value).is_integer()
    if kind in ("float", "double"):
        return not isinstance(value, bool) and isinstance(value, int | float)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "date":
        try:
            _comparable("date", value)
        except OpenSearchError:
            return False
        return True
    return False


def _filter_source(source: dict[str, Any], spec: Any) -> dict[str, Any] | None:
    if spec is False:
        return None
    if spec is True or spec is None:
        return dict(source)
    includes: list[str]
    excludes: list[str] = []
    if isinstance(spec, str):
        includes = [spec]
    elif isinstance(spec, list):
        includes = spec
    elif isinstance(spec, dict) and not set(spec) - {"includes", "excludes"}:
        includes = _as_list(spec.get("includes")) or ["*"]
        excludes = _as_list(spec.get("excludes"))
    else:
        raise bad_request(f"[_source] malformed: {spec!r}")

    def wanted(name: str) -> bool:
        included = any(fnmatch.fnmatchcase(name, pattern) for pattern in includes)
        return included and not any(fnmatch.fnmatchcase(name, pattern) for pattern in excludes)

    return {name: value for name, value in source.items() if wanted(name)}


class _Handler(BaseHTTPRequestHandler):
    """HTTP plumbing: hands each request to the fake and writes its JSON answer."""

    opensearch: FakeOpenSearch
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body go out in two writes: no 40 ms delayed-ACK stall

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        status, payload = self.opensearch.handle(self.command, self.path, raw)
        data = b"" if payload is None else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=UTF-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_DELETE = do_HEAD = _serve

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass


def iter_bulk_actions(request: RecordedRequest) -> Iterator[tuple[str, dict[str, Any]]]:
    """(operation, metadata) for each action of a recorded `_bulk` request."""
    lines = iter(request.body or [])
    for line in lines:
        ((op, meta),) = line.items()
        yield op, meta
        if op in ("index", "create", "update"):
            next(lines, None)  # the document line
