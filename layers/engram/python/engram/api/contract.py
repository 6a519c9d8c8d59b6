"""What the OpenAPI document says beyond the type hints: every status a route answers with and its
error body, the bearer scheme, the tags, and the server the document is served from.

Routes declare their statuses with `responses(...)` next to their code, so the document and the
server cannot drift apart without the fuzz test (tests/e2e/test_fuzz_openapi.py) noticing.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from engram import __version__
from engram.api.base import ErrorBody
from engram.api.errors import RETRY_AFTER_S

if TYPE_CHECKING:
    from aws_lambda_powertools.event_handler import APIGatewayRestResolver
    from aws_lambda_powertools.event_handler.openapi.types import OpenAPIResponse

TITLE = "engram"
DESCRIPTION = (
    "Long-term memory for AI agents. Authenticate with `Authorization: Bearer <api key>` on every route "
    "but /v1/health, /v1/openapi.json and /v1/docs. Every error answers with the same JSON body: "
    "`{error, message, details: [{path, message, type}]}`."
)

BEARER = "apiKey"
AUTHENTICATED: list[dict[str, list[str]]] = [{BEARER: []}]
PUBLIC_PATHS = ("/v1/health", "/v1/openapi.json", "/v1/docs")

MEMORIES, RECALL, GRAPH, ADMIN, META = "memories", "recall", "graph", "admin", "meta"
SESSIONS = "sessions"
DOCUMENTS = "documents"
USERS = "users"
WEBHOOKS = "webhooks"
TAGS = {  # name: description, in the document's order
    MEMORIES: "remember, read, change and forget memories",
    RECALL: "search a user's memories",
    SESSIONS: "conversations in: lossless transcripts, facts extracted from them",
    DOCUMENTS: "documents in: texts, files and URLs, chunked into memories that recall finds",
    GRAPH: "the entities a user's memories mention and the relations between them",
    USERS: "a user's data as a whole: export, import, erase",
    ADMIN: "what the service holds and does for the caller's tenant",
    WEBHOOKS: "change events (memory.created, … document.done) sent to the tenant's URLs, signed",
    META: "liveness and this document",
}

ERRORS: dict[int, str] = {
    400: "malformed body: not UTF-8, not JSON, nested too deep, or a number JSON cannot carry",
    401: "missing or unknown API key",
    403: "quota_exceeded: the tenant is at a storage limit (`engram keys create --max-memories`,"
    " `--max-transcript-bytes`)",
    404: "no memory with that id in the caller's tenant",
    409: "the change would duplicate another memory's content; or (`idempotency_in_progress`) a request"
    " with this `Idempotency-Key` is still running: retry after `Retry-After` seconds",
    413: "request body over the size limit (64 KiB by default)",
    422: "a field is invalid; `details` names each one by its path",
    429: "rate_limited: the API key's request rate (`engram keys create --rate`), or the API Gateway"
    " stage throttle; retry after `Retry-After` seconds",
    503: "a dependency (search index, embedding model) is unavailable; retry after `Retry-After` seconds",
}
_HEADERS = {
    401: {"WWW-Authenticate": "Bearer"},
    429: {"Retry-After": "seconds to wait before retrying (a key's rate limit sends it)"},
    503: {"Retry-After": f"seconds to wait before retrying ({RETRY_AFTER_S})"},
}

# Besides its success, the statuses a route's body and its key can produce. 401 and 429 (API Gateway
# throttling) can answer any authenticated route.
AUTH = (401, 429)
BODY = (400, 413, 422)


def responses(ok: dict[int, tuple[type[BaseModel], str]], *errors: int) -> dict[int, OpenAPIResponse]:
    """A route's documented answers: `ok` maps each success status to (model, description); every
    error status answers with ErrorBody."""
    answers: dict[int, OpenAPIResponse] = {
        status: {"description": text, "content": {"application/json": {"model": model}}}
        for status, (model, text) in ok.items()
    }
    for status in errors:
        answer: OpenAPIResponse = {
            "description": ERRORS[status],
            "content": {"application/json": {"model": ErrorBody}},
        }
        if status in _HEADERS:
            answer["headers"] = {
                name: {"description": text, "schema": {"type": "string"}}
                for name, text in _HEADERS[status].items()
            }
        answers[status] = answer
    return answers


def document(app: APIGatewayRestResolver, base_path: str = "") -> dict[str, Any]:
    """The OpenAPI document of `app`'s routes, built by powertools, served from `base_path` (the API
    Gateway stage, or "" when the API is at the root of its host, as `engram serve` and a custom
    domain are)."""
    # the OpenAPI models and Swagger UI load with the first request for them (~65 ms each)
    from aws_lambda_powertools.event_handler.openapi.models import HTTPBearer, Server, Tag

    bearer = HTTPBearer(bearerFormat="engram API key", description="`engram keys create` prints one")
    raw = app.get_openapi_json_schema(
        title=TITLE,
        version=__version__,
        description=DESCRIPTION,
        servers=[Server(url=base_path or "/")],
        security_schemes={BEARER: bearer},
        tags=[Tag(name=name, description=text) for name, text in TAGS.items()],
    )
    doc: dict[str, Any] = json.loads(raw)
    # powertools documents a 422 with its own body ({"detail": ...}) on every route. Where a route
    # declares its 422 it is replaced already; where it does not, the route takes no input and
    # cannot answer 422.
    for operations in doc["paths"].values():
        for operation in operations.values():
            if "HTTPValidationError" in json.dumps(operation["responses"].get("422", {})):
                del operation["responses"]["422"]
    _idempotency_keys(doc)
    schemas = doc.get("components", {}).get("schemas", {})
    text = json.dumps(doc["paths"])
    for name in ("HTTPValidationError", "ValidationError", "ResponseValidationError"):
        if f'"#/components/schemas/{name}"' not in text:
            schemas.pop(name, None)
    return doc


def _idempotency_keys(doc: dict[str, Any]) -> None:
    """The `Idempotency-Key` header on every write (engram.api.idempotency wraps them all at once, so
    no route declares it), and the 409 a request still in progress under its key answers."""
    from engram.api.idempotency import HEADER, MAX_KEY_CHARS, READ_ONLY_POSTS, REPLAYED, WRITE_METHODS

    header = {
        "name": HEADER,
        "in": "header",
        "required": False,
        "description": "any unique string (a UUID): the same key and body within 24 hours answer the first"
        f" answer again, with `{REPLAYED}: true`, and change nothing; another body with it is a 422"
        " (`idempotency_key_reused`); a request still running under it, a 409. Only 2xx answers are kept.",
        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_CHARS, "pattern": "^[!-~]+$"},
    }
    for path, operations in doc["paths"].items():
        for method, operation in operations.items():
            if method.upper() not in WRITE_METHODS or path in READ_ONLY_POSTS:
                continue
            operation.setdefault("parameters", []).append(dict(header))
            conflict = operation["responses"].setdefault(
                "409",
                {
                    "description": ERRORS[409],
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}},
                },
            )
            conflict.setdefault("headers", {})["Retry-After"] = {
                "description": "idempotency_in_progress: seconds to wait before retrying",
                "schema": {"type": "string"},
            }


@functools.cache
def _swagger_assets() -> tuple[str, str]:
    # see document()
    from aws_lambda_powertools.event_handler.openapi import swagger_ui

    folder = Path(swagger_ui.__file__).parent
    js = (folder / "swagger-ui-bundle.min.js").read_text(encoding="utf-8")
    css = (folder / "swagger-ui.min.css").read_text(encoding="utf-8")
    return js, css


def swagger_page(doc: dict[str, Any]) -> str:
    """Swagger UI over `doc`, assets inlined (no CDN: the page works offline and behind a VPC)."""
    # see document()
    from aws_lambda_powertools.event_handler.openapi.swagger_ui.html import generate_swagger_html

    js, css = _swagger_assets()
    spec = json.dumps(doc).replace("</", "<\\/")  # the spec sits in a <script> element
    return generate_swagger_html(spec, js, css, "", None, persist_authorization=True)
