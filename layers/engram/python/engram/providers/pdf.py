"""A PDF's text, by pypdf (pure Python: the embedded default needs no native library)."""

from __future__ import annotations

import io

from engram.domain.errors import InvalidRequest


def pdf_text(data: bytes) -> str:
    try:
        from pypdf import PdfReader
        from pypdf.errors import PyPdfError
    except ImportError:  # pragma: no cover - the `local` extra installs it
        raise InvalidRequest("PDF documents need pypdf (pip install 'engram[local]')") from None
    try:
        reader = PdfReader(io.BytesIO(data))
        pages = [page.extract_text() or "" for page in reader.pages]
    except (PyPdfError, ValueError, KeyError, TypeError) as exc:
        raise InvalidRequest(f"the PDF could not be read: {exc}") from None
    return "\n\n".join(p.strip() for p in pages if p.strip())
