"""A conservative token count that needs no vocabulary: what a context block's budget is counted in.

Text is split as GPT-style tokenizers pre-split it (letters, digits, symbols, spaces) and each piece is
charged about what byte-level BPE vocabularies (o200k, cl100k) spend on it at most, so a block within
its budget fits a prompt of that many tokens of those models (calibration: docs/performance.md).
"""

from __future__ import annotations

import re

# An optional space and a run of letters, of digits or of symbols; underscores; or whitespace.
_PIECES = re.compile(r" ?[^\W\d_]+| ?\d+| ?[^\w\s]+|_+|\s+")


def count_tokens(text: str) -> int:
    """An upper estimate of the tokens `text` takes: the sum over its pieces, so joining two texts with
    a newline costs one token more than the two."""
    total = 0
    for match in _PIECES.finditer(text):
        piece = match.group()
        word = piece.lstrip(" ")
        spaced = len(piece) - len(word)
        if not word or word[0].isspace():  # whitespace: long runs of indentation take several
            total += 1 + (len(piece) - 1) // 4
        elif word.isascii() and word[0].isalpha():
            # a common word is one token, a rare one about one per five letters; a capitalised one (a
            # name) one per three, and one with more capitals (an acronym, a key) one per two
            capitals = sum(c.isupper() for c in word)
            total += 1 + (len(word) - 1) // (5 if not capitals else 3 if capitals == 1 else 2)
        elif word[0].isdigit():
            total += spaced + -(-len(word) // 3)  # digits go in groups of at most three, the space apart
        elif word.isascii():
            total += len(word)  # symbols (and underscores): one each at most
        else:
            total += sum(1 if ch.isascii() else len(ch.encode("utf-8")) // 2 + 1 for ch in word)
    return total
