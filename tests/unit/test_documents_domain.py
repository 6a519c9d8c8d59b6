"""Documents' pure parts: chunking (size, overlap, breaks, dedup) and text from HTML and JSON."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram.domain.documents import chunk_text, html_to_text, text_of


def test_short_text_is_one_chunk() -> None:
    assert chunk_text("  A short note about the deploy.  ") == ["A short note about the deploy."]


def test_chunks_respect_size_and_overlap_and_cut_at_paragraphs() -> None:
    paragraphs = [
        f"Paragraph {i} says the service on port {8000 + i} restarts nightly. " * 6 for i in range(12)
    ]
    text = "\n\n".join(p.strip() for p in paragraphs)
    chunks = chunk_text(text, size=2000, overlap=200)
    assert len(chunks) > 1
    assert all(len(c) <= 2000 for c in chunks)
    for before, after in itertools.pairwise(chunks):
        assert before[-150:].split()[-1] in after[:250]  # the next chunk repeats the end of this one
    assert all(c.endswith(".") for c in chunks[:-1])  # cut at a sentence or paragraph, not mid-word


def test_identical_chunks_are_kept_once() -> None:
    block = "The same boilerplate footer appears on every page of this manual. " * 10
    chunks = chunk_text("\n\n".join([block.strip()] * 6), size=700, overlap=0)
    assert len(chunks) == len({" ".join(c.lower().split()) for c in chunks})


@given(st.text(min_size=0, max_size=3000), st.integers(50, 600), st.integers(0, 300))
def test_chunking_covers_every_word_and_terminates(text: str, size: int, overlap: int) -> None:
    chunks = chunk_text(text, size=size, overlap=overlap)
    assert all(0 < len(c) <= size for c in chunks)
    joined = " ".join(chunks)
    for word in text.split():
        if len(word) < size // 2:
            assert word in joined


def test_html_loses_scripts_styles_and_markup_and_keeps_its_title() -> None:
    page = (
        "<html><head><title> Runbook \n v2 </title><style>p{color:red}</style>"
        "<script>var secret='x'</script></head><body><h1>Restart</h1>"
        "<p>Run <b>make deploy</b> &amp; wait.</p>"
        "<script>alert(1)</script><noscript>enable js</noscript></body></html>"
    )
    title, text = html_to_text(page)
    assert title == "Runbook v2"
    assert "Restart" in text and "Run make deploy & wait." in text
    for gone in ("color:red", "secret", "alert", "<b>", "enable js"):
        assert gone not in text


@pytest.mark.parametrize(
    ("content_type", "raw", "expected"),
    [
        ("application/json", '{"service":"billing","port":8443}', '"port": 8443'),
        ("text/markdown", "# Title\n\n- item   one", "- item one"),
        ("text/plain", "line one\r\n\r\n\r\n\r\nline two", "line one\n\nline two"),
    ],
)
def test_text_of_each_type(content_type: str, raw: str, expected: str) -> None:
    assert expected in text_of(content_type, raw)[1]
