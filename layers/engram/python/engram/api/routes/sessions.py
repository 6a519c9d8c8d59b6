"""Session routes: append a conversation's messages, read its status and transcript, delete it; save
checkpoints and read the latest as a recovery digest."""

from __future__ import annotations

from typing import Annotated

from aws_lambda_powertools.event_handler import Response, content_types
from aws_lambda_powertools.event_handler.api_gateway import Router
from aws_lambda_powertools.event_handler.openapi.params import Path, Query

from engram.api.base import NAME_PATTERN, UserId
from engram.api.contract import AUTHENTICATED, SESSIONS, responses
from engram.api.routing import new_router, tenant_for
from engram.api.services import Services
from engram.api.sessions import (
    AppendRequest,
    AppendResponse,
    CheckpointOut,
    CheckpointRequest,
    CheckpointSaved,
    MessageOut,
    RecoveryOut,
    SessionDeleted,
    SessionOut,
    TranscriptOut,
    append_command,
    append_response,
    checkpoint_command,
    recovery_out,
    session_out,
)
from engram.domain.sessions import SessionRef

SessionId = Annotated[
    str, Path(min_length=1, max_length=128, pattern=NAME_PATTERN, description="your id of the session")
]


def router(c: Services) -> Router:
    routes = new_router()

    @routes.post(
        "/v1/sessions/<session_id>/messages",
        summary="append a conversation's messages; facts are extracted from them asynchronously",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses(
            {202: (AppendResponse, "appended to the transcript; extraction is queued")},
            *(400, 403, 409, 413, 422, 401, 429, 503),
        ),
    )
    def append_route(session_id: SessionId, body: AppendRequest) -> Response[AppendResponse]:
        answer = append_response(
            c.append_messages(append_command(tenant_for(routes, body.user_id), session_id, body))
        )
        return Response(status_code=202, content_type=content_types.APPLICATION_JSON, body=answer)

    @routes.delete(
        "/v1/sessions/<session_id>/messages/last",
        summary="remove the transcript's last message and return it; facts already extracted from it stay",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (MessageOut, "the message removed")}, 404, 422, 401, 429),
    )
    def pop_route(session_id: SessionId, user_id: Annotated[UserId, Query()]) -> MessageOut:
        ref = SessionRef(tenant_for(routes, user_id), user_id, session_id)
        return MessageOut.of(c.delete_session.pop_last(ref))

    @routes.get(
        "/v1/sessions/<session_id>",
        summary="a session: transcript size, extraction jobs, facts derived",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (SessionOut, "the session")}, 404, 422, 401, 429),
    )
    def session_route(session_id: SessionId, user_id: Annotated[UserId, Query()]) -> SessionOut:
        return session_out(c.session_reads.get(SessionRef(tenant_for(routes, user_id), user_id, session_id)))

    @routes.get(
        "/v1/sessions/<session_id>/transcript",
        summary="a session's transcript, in the order it was appended",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (TranscriptOut, "a page of messages")}, 404, 422, 401, 429),
    )
    def transcript_route(
        session_id: SessionId,
        user_id: Annotated[UserId, Query()],
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
        cursor: Annotated[str | None, Query(max_length=512)] = None,
    ) -> TranscriptOut:
        page = c.session_reads.messages(
            SessionRef(tenant_for(routes, user_id), user_id, session_id), limit, cursor
        )
        return TranscriptOut(
            session_id=session_id, items=[MessageOut.of(m) for m in page.items], cursor=page.cursor
        )

    @routes.delete(
        "/v1/sessions/<session_id>",
        summary="delete a session's transcript; cascade=true also forgets the memories derived only from it",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (SessionDeleted, "deleted")}, 404, 422, 401, 429, 503),
    )
    def delete_route(
        session_id: SessionId,
        user_id: Annotated[UserId, Query()],
        cascade: Annotated[bool, Query()] = False,
    ) -> SessionDeleted:
        ref = SessionRef(tenant_for(routes, user_id), user_id, session_id)
        deleted = c.delete_session(ref, cascade=cascade)
        return SessionDeleted(
            session_id=deleted.session_id, deleted_messages=deleted.messages, forgotten=deleted.forgotten
        )

    @routes.post(
        "/v1/sessions/<session_id>/checkpoints",
        summary="save a checkpoint (trigger + digest); session_end also writes the episode summary",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses(
            {
                201: (CheckpointSaved, "stored"),
                200: (CheckpointSaved, "debounced: the latest checkpoint, nothing stored"),
            },
            *(400, 409, 413, 422, 401, 429, 503),
        ),
    )
    def checkpoint_route(session_id: SessionId, body: CheckpointRequest) -> Response[CheckpointSaved]:
        result = c.save_checkpoint(checkpoint_command(tenant_for(routes, body.user_id), session_id, body))
        answer = CheckpointSaved(
            checkpoint=CheckpointOut.of(session_id, result.checkpoint),
            debounced=not result.created,
            pruned=result.pruned,
        )
        status = 201 if result.created else 200
        return Response(status_code=status, content_type=content_types.APPLICATION_JSON, body=answer)

    @routes.get(
        "/v1/sessions/<session_id>/checkpoints/latest",
        summary="the latest checkpoint as a recovery digest, for an agent whose context was compacted",
        tags=[SESSIONS],
        security=AUTHENTICATED,
        responses=responses({200: (RecoveryOut, "the recovery digest")}, 404, 422, 401, 429),
    )
    def latest_checkpoint_route(
        session_id: SessionId,
        user_id: Annotated[UserId, Query()],
        budget_chars: Annotated[int, Query(ge=200, le=20000)] = 2000,
    ) -> RecoveryOut:
        ref = SessionRef(tenant_for(routes, user_id), user_id, session_id)
        return recovery_out(session_id, c.session_reads.recovery(ref, budget_chars))

    return routes
