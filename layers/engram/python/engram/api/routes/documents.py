"""Document routes: hand engram a text, a file or a URL (202, processed by a job), read its state, list
a user's documents, delete one with its chunks."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram.api.base import UserId
from engram.api.contract import AUTHENTICATED, DOCUMENTS, responses
from engram.api.documents import (
    DocumentAccepted,
    DocumentDeleted,
    DocumentList,
    DocumentOut,
    DocumentRequest,
    document_out,
    submit_command,
)
from engram.api.routing import new_router, tenant
from engram.api.services import Services

DocumentId = Annotated[
    str, Path(min_length=1, max_length=64, pattern=r"^[0-9A-Za-z]+$", description="the document's id")
]


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/documents",
        summary="hand over a document (text, Markdown, HTML, JSON, a URL or a PDF/text file); it is stored"
        " as is, then fetched, chunked and remembered by a job",
        tags=[DOCUMENTS],
        security=AUTHENTICATED,
        responses=responses(
            {202: (DocumentAccepted, "stored; processing is queued")}, *(400, 413, 422, 401, 429, 503)
        ),
    )
    def submit_route(body: DocumentRequest) -> Response[DocumentAccepted]:
        document = c.documents.submit(submit_command(tenant(routes), body))
        answer = DocumentAccepted(id=document.id, state=document.state)
        return Response(status_code=202, content_type=content_types.APPLICATION_JSON, body=answer)

    @routes.get(
        "/v1/documents/<document_id>",
        summary="a document: its processing state (or failure and reason), title and chunks",
        tags=[DOCUMENTS],
        security=AUTHENTICATED,
        responses=responses({200: (DocumentOut, "the document")}, 404, 422, 401, 429, 503),
    )
    def get_route(document_id: DocumentId) -> DocumentOut:
        return document_out(c.documents.get(tenant(routes), document_id))

    @routes.get(
        "/v1/documents",
        summary="a user's documents, newest first",
        tags=[DOCUMENTS],
        security=AUTHENTICATED,
        responses=responses({200: (DocumentList, "a page of documents")}, 422, 401, 429, 503),
    )
    def list_route(
        user_id: Annotated[UserId, Query()],
        limit: Annotated[int, Query(ge=1, le=100)] = 20,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
    ) -> DocumentList:
        page, more = c.documents.list(tenant(routes), user_id, limit, cursor)
        return DocumentList(documents=[document_out(d) for d in page], cursor=more)

    @routes.delete(
        "/v1/documents/<document_id>",
        summary="forget a document and every chunk it contributed",
        tags=[DOCUMENTS],
        security=AUTHENTICATED,
        responses=responses({200: (DocumentDeleted, "deleted")}, 404, 422, 401, 429, 503),
    )
    def delete_route(document_id: DocumentId) -> DocumentDeleted:
        document = c.documents.delete(tenant(routes), document_id)
        return DocumentDeleted(id=document.id, chunks_deleted=len(document.chunk_ids))

    return routes
