"""The document routes' requests and answers (the routes: engram.api.routes.documents)."""

from __future__ import annotations

import base64
import binascii
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from engram.api.base import ApiModel, ScopeName, UserId, _small_json
from engram.domain.documents import Document, DocumentState

if TYPE_CHECKING:  # the use case's module is loaded by its first call (the container builds it then)
    from engram.usecases.documents import SubmitDocument

TextType = Literal["text/plain", "text/markdown", "text/html", "application/json"]


class FileUpload(ApiModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=255, description="the file's name")
    content_type: Literal["application/pdf", "text/plain", "text/markdown", "text/html", "application/json"]
    data: str = Field(min_length=1, description="the file's bytes, base64")

    @field_validator("data")
    @classmethod
    def _base64(cls, value: str) -> str:
        try:
            base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("must be base64") from None
        return value


class DocumentRequest(ApiModel):
    model_config = ConfigDict(extra="forbid")

    user_id: UserId
    project: ScopeName = "default"
    namespace: ScopeName = "default"
    title: str | None = Field(default=None, min_length=1, max_length=300)
    metadata: dict[str, Any] = Field(default_factory=dict, description="small JSON object, ≤ 4 KiB")
    text: str | None = Field(default=None, min_length=1, description="the document (see content_type)")
    content_type: TextType = Field(default="text/plain", description="what `text` is")
    url: str | None = Field(
        default=None,
        min_length=8,
        max_length=2048,
        pattern=r"^[hH][tT][tT][pP][sS]?://",
        description="an http(s) URL to fetch (public addresses only, unless the operator allows others)",
    )
    file: FileUpload | None = Field(default=None, description="an uploaded PDF or text file")

    _metadata = field_validator("metadata")(_small_json)

    @model_validator(mode="after")
    def _one_source(self) -> DocumentRequest:
        if sum(x is not None for x in (self.text, self.url, self.file)) != 1:
            raise ValueError("give exactly one of text, url or file")
        return self


class DocumentOut(ApiModel):
    id: str
    user_id: str
    project: str
    namespace: str
    title: str | None
    metadata: dict[str, Any]
    source: str
    url: str | None
    filename: str | None
    content_type: str
    state: DocumentState
    error: str | None
    chunks: int
    chunk_ids: list[str]
    warnings: list[str]
    created_at: datetime
    updated_at: datetime


class DocumentAccepted(ApiModel):
    id: str
    state: DocumentState


class DocumentList(ApiModel):
    documents: list[DocumentOut]
    cursor: str | None = Field(description="pass back for the next page; null: no more")


class DocumentDeleted(ApiModel):
    id: str
    deleted: bool = True
    chunks_deleted: int


def submit_command(tenant: str, body: DocumentRequest) -> SubmitDocument:
    from engram.usecases.documents import SubmitDocument

    upload = body.file
    return SubmitDocument(
        tenant=tenant,
        user_id=body.user_id,
        project=body.project,
        namespace=body.namespace,
        title=body.title,
        metadata=body.metadata,
        text=body.text,
        content_type=upload.content_type if upload else body.content_type,
        url=body.url,
        data=base64.b64decode(upload.data) if upload else None,
        filename=upload.name if upload else None,
    )


def document_out(document: Document) -> DocumentOut:
    return DocumentOut.model_validate(document.model_dump(exclude={"tenant"}))
