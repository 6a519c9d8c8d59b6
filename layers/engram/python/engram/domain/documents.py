"""Documents in: a text, a file or a URL, stored raw first, then cut into chunks that are remembered as
`document_chunk` memories. Pure: the model, its states, text extraction from HTML/JSON, chunking."""

from __future__ import annotations

import json
import re
from datetime import datetime
from enum import StrEnum
from html.parser import HTMLParser
from typing import Any

from pydantic import Field

from engram.domain.models import DomainModel


class DocumentState(StrEnum):
    queued = "queued"
    fetching = "fetching"
    chunking = "chunking"
    embedding = "embedding"
    indexing = "indexing"
    done = "done"
    failed = "failed"


class Document(DomainModel):
    id: str
    tenant: str
    user_id: str
    project: str = "default"
    namespace: str = "default"
    title: str | None = None
    metadata: dict[str, Any] = Field(default_factory=dict)
    source: str  # "text" | "url" | "file"
    url: str | None = None
    filename: str | None = None
    content_type: str  # of the raw source: text/plain, text/markdown, text/html, application/json, ...
    state: DocumentState = DocumentState.queued
    error: str | None = None
    chunk_ids: list[str] = Field(default_factory=list)  # the memories this document owns, in order
    chunks: int = 0  # chunks cut (some may be deduplicated or rejected)
    warnings: list[str] = Field(default_factory=list)
    created_at: datetime
    updated_at: datetime


class _HtmlText(HTMLParser):
    """Visible text of an HTML page, without scripts and styles; its <title> apart."""

    _SKIP = frozenset({"script", "style", "noscript", "template", "svg", "head"})
    _BLOCK = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section",
                        "article", "pre", "blockquote", "table", "ul", "ol", "hr"})  # fmt: skip

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.title_parts: list[str] = []
        self._skip = 0
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "title":
            self._in_title = True
        elif tag in self._SKIP:
            self._skip += 1
        elif tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False
        elif tag in self._SKIP:
            self._skip = max(0, self._skip - 1)
        elif tag in self._BLOCK:
            self.parts.append("\n\n")

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title_parts.append(data)
        elif not self._skip:
            self.parts.append(data)


def html_to_text(html: str) -> tuple[str | None, str]:
    """(title, visible text) of an HTML page."""
    parser = _HtmlText()
    parser.feed(html)
    parser.close()
    title = " ".join("".join(parser.title_parts).split()) or None
    return title, tidy("".join(parser.parts))


def json_to_text(raw: str) -> str:
    """A JSON document as indented text (keys kept: they give the values their meaning)."""
    try:
        return json.dumps(json.loads(raw), indent=1, ensure_ascii=False)
    except ValueError:
        return raw


def tidy(text: str) -> str:
    """Spaces collapsed within lines, at most one blank line between paragraphs."""
    lines = [" ".join(line.split()) for line in text.replace("\r\n", "\n").split("\n")]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip()


def text_of(content_type: str, raw: str) -> tuple[str | None, str]:
    """(title, text) of a text source by its content type: HTML loses its markup, JSON is indented,
    Markdown and plain text are kept as written."""
    if "html" in content_type or "xhtml" in content_type:
        return html_to_text(raw)
    if "json" in content_type:
        return None, json_to_text(raw)
    return None, tidy(raw)


_BREAKS = ("\n\n", "\n", ". ", "? ", "! ", "; ", ", ", " ")


def chunk_text(text: str, size: int = 2000, overlap: int = 200) -> list[str]:
    """Chunks of at most `size` characters, each cut at the strongest break (paragraph, line, sentence,
    word) in its last half, the next starting `overlap` characters before the cut; identical chunks once."""
    if size <= 0:
        raise ValueError("size must be positive")
    overlap = max(0, min(overlap, size // 2))
    text = text.strip()
    chunks: list[str] = []
    seen: set[str] = set()
    start = 0
    while start < len(text):
        end = min(start + size, len(text))
        if end < len(text):
            window = text[start:end]
            for mark in _BREAKS:
                at = window.rfind(mark, size // 2)
                if at != -1:
                    end = start + at + len(mark)
                    break
        piece = text[start:end].strip()
        key = " ".join(piece.lower().split())
        if piece and key not in seen:
            seen.add(key)
            chunks.append(piece)
        if end >= len(text):
            break
        start = max(end - overlap, start + 1)
        while start < end and start > 0 and not text[start - 1].isspace():  # begin on a word
            start += 1
    return chunks
