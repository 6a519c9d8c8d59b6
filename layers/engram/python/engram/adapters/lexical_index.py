"""The embedded default's lexical leg: FTS5 BM25 that never scores every match of a common term.

FTS5 computes bm25() for every row a query matches before it can sort them: at 100,000 memories a
query's common terms match tens of thousands of rows, and scoring them was most of a recall. So a
query matching more than `exact_below` rows has only these rows scored, each by FTS5's own bm25()
through an expression naming every query term the row holds (so with the score the plain query
gives it):

* the rows holding every query term found in the index (the best BM25 tier), the `tier` most recent;
* every row holding a rare term (one in at most `tier` rows); with no rare term, the `tier` most
  recent rows holding the rarest term and another;
* the `recent` most recent rows matching any term.

FTS5 reads matches in rowid order, so a bound costs only the rows inside it: a bounded tier is one
statement scoring its most recent matches. A row is scored once where that suffices: with a rare term
the unbounded rare tiers already score every row holding all the terms, and the rarest-term tier,
when it holds fewer than `tier` rows, scored every row of the all-terms tier. Each bm25() statement
costs a pass over every query term's rows (the terms' document counts) plus a few µs per scored row,
so the statements and the rows are what a query of common terms pays for. A query matching at most
`exact_below` rows has all of them scored: the plain `ORDER BY rank` query's results.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engram.domain.text import terms


def fts_query(text: str) -> str | None:
    """A safe FTS5 query: the text's content words, quoted, OR-ed (BM25 does the weighting)."""
    words = query_terms(text)
    return _any(words) if words else None


def query_terms(text: str) -> list[str]:
    """The text's distinct content words, in order."""
    return list(dict.fromkeys(terms(text)))


def _phrase(term: str) -> str:
    return f'"{term}"'


def _any(words: Sequence[str]) -> str:
    return " OR ".join(_phrase(t) for t in words)


def _all(words: Sequence[str]) -> str:
    return " AND ".join(_phrase(t) for t in words)


@dataclass(frozen=True)
class Scoped:
    """Restricts the matches to memories passing a predicate on the memories table `m`."""

    predicate: str
    params: Sequence[Any]


@dataclass(frozen=True)
class Bm25Search:
    exact_below: int = 2_000  # a query matching at most this many rows has all of them scored
    recent: int = 500  # … else its most recent matches of any term
    tier: int = 1_000  # … its bounded tiers' most recent rows; a term in at most this many rows is rare

    def top(
        self, conn: sqlite3.Connection, text: str, limit: int, scoped: Scoped | None = None
    ) -> tuple[list[tuple[int, float]], bool]:
        """(rowid, BM25) of the best `limit` matches (within `scoped`), best first, ties by rowid;
        and whether every match was scored (else only the bounded candidates were: some term is common)."""
        words = query_terms(text)
        if not words or limit <= 0:
            return [], True
        query = _Query(conn, scoped, self.exact_below + 1)
        if sum(query.frequency(t) for t in words) <= self.exact_below:  # at most this many matches
            return query.scored(_any(words), limit), True
        present = sorted((t for t in words if query.frequency(t)), key=query.frequency)
        rare = [t for t in present if query.frequency(t) <= self.tier]
        best: dict[int, float] = {}
        covered: set[str] = set()  # expressions whose rows are all scored in full already
        for tier, bound, covers in self._tiers(words, present, rare):
            if tier in covered:
                continue
            if bound is None:
                rows, complete = query.scored(tier, limit), True
            else:
                rows, complete = query.recent(tier, bound, limit)
            for rowid, score in rows:
                best[rowid] = max(score, best.get(rowid, score))
            if complete and covers is not None:
                covered.add(covers)
        return sorted(best.items(), key=lambda item: (-item[1], item[0]))[:limit], rare == present

    def _tiers(
        self, words: list[str], present: list[str], rare: list[str]
    ) -> list[tuple[str, int | None, str | None]]:
        """The FTS5 expressions scored, each with the number of its most recent rows it is bounded
        to (None: all) and the expression whose rows it scores in full when it holds fewer rows than
        that bound. `present` are the query's terms found in the index, rarest first (so every
        expression names the terms in one order, and a row's score is the same sum whichever scores
        it). A row's bm25 is the plain query's when the expression names every query term the row
        holds: the rare terms' own expression under-scores a row that also holds a common term, and
        the next one then scores that row in full (the best score is kept).

        The all-terms tier is left out when there is a rare term (the rare tiers score each of its
        rows in full), and otherwise comes after the rarest-term tier, skipped when that one held
        fewer than `tier` rows. A row scored in full but outside a tier's best `limit` has `limit`
        better rows already: leaving out a tier whose rows another tier scored changes no result."""
        tiers: list[tuple[str, int | None, str | None]] = []
        common = [t for t in present if t not in rare]
        if rare:  # every row holding a rare term
            tiers.append((_any(rare), None, None))
            if common:
                tiers.append((f"({_any(rare)}) AND ({_any(common)})", None, None))
        elif len(present) > 2:  # the rarest common term and another, then all the terms
            tiers.append((f"{_phrase(present[0])} AND ({_any(present[1:])})", self.tier, _all(present)))
            tiers.append((_all(present), self.tier, None))
        else:
            tiers.append((_all(present), self.tier, None))
        tiers.append((_any(words), self.recent, None))
        return tiers


class _Query:
    """FTS5 statements over memories_fts, joined to the memories when scoped."""

    def __init__(self, conn: sqlite3.Connection, scoped: Scoped | None, count_to: int) -> None:
        self.conn = conn
        self.join, self.params = "", ()
        if scoped is not None:
            # CROSS JOIN: FTS5 drives; probing it once per memory of the scope is a scan per probe
            self.join = f" CROSS JOIN memories m ON m.seq = memories_fts.rowid AND {scoped.predicate}"
            self.params = tuple(scoped.params)
        self.count_to = count_to
        self._frequency: dict[str, int] = {}

    def recent(self, match: str, n: int, limit: int) -> tuple[list[tuple[int, float]], bool]:
        """The best `limit` of the n most recent matches by bm25, best first, ties by rowid; and
        whether those were all the matches (fewer than n). One statement: FTS5 walks the matches
        newest first and stops after n, scoring only those."""
        rows = self.conn.execute(
            f"SELECT memories_fts.rowid, bm25(memories_fts) FROM memories_fts{self.join}"
            " WHERE memories_fts MATCH ? ORDER BY memories_fts.rowid DESC LIMIT ?",
            (*self.params, match, n),
        ).fetchall()
        ranked = sorted((float(r[1]), int(r[0])) for r in rows)[:limit]
        return [(rowid, -rank) for rank, rowid in ranked], len(rows) < n

    def frequency(self, term: str) -> int:
        """How many matches hold the term, counted up to `count_to` (so the commonest terms tie).
        Reads rowids, scores none."""
        if term not in self._frequency:
            self._frequency[term] = self.conn.execute(
                f"SELECT count(*) FROM (SELECT 1 FROM memories_fts{self.join} WHERE memories_fts MATCH ?"
                " LIMIT ?)",
                (*self.params, _phrase(term), self.count_to),
            ).fetchone()[0]
        return self._frequency[term]

    def scored(self, match: str, limit: int) -> list[tuple[int, float]]:
        """The best `limit` matches by bm25, best first, ties by rowid."""
        rows = self.conn.execute(
            f"SELECT memories_fts.rowid, bm25(memories_fts) AS rank FROM memories_fts{self.join}"
            " WHERE memories_fts MATCH ? ORDER BY rank, memories_fts.rowid LIMIT ?",
            (*self.params, match, limit),
        )
        return [(int(r[0]), -float(r[1])) for r in rows]
