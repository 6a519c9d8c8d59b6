"""The embedded default's lexical leg: BM25 over FTS5 that never scores every match of a common term.

FTS5's bm25() counts every row holding each query term, which dominates at scale; a query matching
more than `exact_below` rows is answered from bounded per-term-set candidates scored by bm25()'s own
formula. Statistics are the scope's own (DESIGN invariant 10). Design and figures: docs/performance.md.
"""
# Two approximations past the bound: a term written twice in one memory counts once (bm25() gives it
# ~1.4 times the weight), and estimated document counts and average length. Below it, a candidate's
# score is bm25()'s over the scope's rows.

from __future__ import annotations

import heapq
import math
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engram.domain.text import terms

K1, B = 1.2, 0.75  # FTS5's bm25() defaults


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
    """Restricts the matches to one user's memories, in FTS5 itself: `token`, the user's scope token
    (engram.adapters.sqlite.db.fts_scope, held by each of the user's rows in the scope column) is ANDed
    into every MATCH, so FTS5 reads the user's rows and no one else's, however many users share the
    index. With a `predicate` (on the memories table `m`: status, project, filters), also to the
    memories passing it, checked for each match."""

    token: str
    predicate: str = ""
    params: Sequence[Any] = ()


@dataclass
class _ScopeStats:
    """A scope's statistics as bm25() would take them in an index of its rows alone: `rows`, `tokens`
    (summed, or estimated from `windows`), its rowids `oldest` to `newest` when measured, `windows`
    (first rowid, last rowid, the scope's rows between) sampled, and estimated document counts `df`."""

    token: str
    rows: int
    tokens: int
    oldest: int
    newest: int
    windows: list[tuple[int, int, int]]
    df: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Bm25Search:
    table: str = "memories_fts"  # the FTS5 table searched (scoped searches only): memories_fts or hints_fts
    exact_below: int = 2_000  # a query matching at most this many rows has all of them scored
    # a term in at most this many rows is rare; the first common set's rows read (docs/performance.md)
    tier: int = 1_000
    later: int = 200  # the later common sets' rows read
    walk: int = 32_768  # common sets are read among the recent rowids holding about this many term rows
    max_terms: int = 5  # term sets are formed of the query's rarest terms, at most this many
    max_sets: int = 8  # past this many term sets read, reading stops once `limit` rows are scored
    sample: int = 16_384  # rowids read to estimate a common term's document count, in 8 windows
    # (database, term) → (estimated document count, row count when estimated)
    _estimates: dict[tuple[str, str], tuple[int, int]] = field(
        default_factory=dict, compare=False, repr=False
    )
    # (database, scope token) → the scope's statistics (over `exact_below` rows)
    _scopes: dict[tuple[str, str], _ScopeStats] = field(default_factory=dict, compare=False, repr=False)

    def top(
        self, conn: sqlite3.Connection, text: str, limit: int, scoped: Scoped | None = None
    ) -> tuple[list[tuple[int, float]], bool]:
        """(rowid, BM25) of the best `limit` matches (within `scoped`), best first, ties by rowid, and whether
        every match was read (else only the bounded candidates were).

        Scoped, the statistics are the scope's own, so no other user's writes change its scores: they are
        what bm25() gives in an index of the scope's rows alone. Unscoped, they are the whole index's.
        """
        words = query_terms(text)
        if not words or limit <= 0:
            return [], True
        query = _Query(conn, scoped, self.table)
        own = (
            _Query(conn, Scoped(scoped.token), self.table) if scoped else query
        )  # the scope's rows, unfiltered
        database = _database(conn)
        known = scoped is None or not scoped.predicate  # counts through `query` are the scope's own
        scope: _ScopeStats | None = None
        if scoped is not None:
            # a scope of at most `exact_below` memories has at most that many matches, whatever the terms
            in_scope = own.count(None, self.exact_below + 1)  # counted first: reads no lengths
            if in_scope <= self.exact_below:
                if in_scope == _averages(conn, self.table)[0]:
                    # the scope is the whole index (one user): its statistics are bm25()'s own, which
                    # scores in C what _exact reads term by term through highlight() (5x a row's read)
                    return query.scored(_any(words), limit), True
                sizes = own.sizes(self.exact_below + 1)
                rows = len(sizes)

                def counted(t: str, n: int) -> int:
                    return n if known else own.count(t, rows + 1)

                return self._exact(query, words, rows, _total(sizes), limit, counted), True
            scope, newest = self._scope_stats(own, database, scoped.token)
            rows, tokens = scope.rows, scope.tokens
        else:
            rows, tokens = _averages(conn, self.table)
        # A term whose document count is kept (estimated: in more than `exact_below` rows) is not
        # counted again: its matches are its document count, past every cap below.
        kept = {t: n for t in words if (n := self._kept(database, scope, t, rows)) is not None}
        # each term's matches, counted up to what tells whether they are all at most `exact_below`
        # and, past that, whether the term is rare
        count: dict[str, int] = {}
        exact: dict[str, bool] = {}  # whether the count is the term's whole count
        for t in words:
            cap = max(self.exact_below - sum(count.values()), self.tier) + 1
            count[t] = kept[t] if t in kept else query.count(t, cap)
            exact[t] = t not in kept and count[t] < cap
        if sum(count.values()) <= self.exact_below or not rows:  # at most this many matches
            if scope is None:
                return query.scored(_any(words), limit), True  # the index's statistics: bm25()'s own

            def matches(t: str, n: int) -> int:
                return self._document_count(conn, database, scope, t, rows, n if known else None)

            return self._exact(query, words, rows, tokens, limit, matches), True
        found = [t for t in words if count[t]]
        df = {
            t: self._document_count(conn, database, scope, t, rows, count[t] if known and exact[t] else None)
            for t in found
        }
        # the rare terms by their matches, then the common ones by document count (their matches were
        # counted only up to a cap, or not at all)
        rank = {t: (min(count[t], self.tier + 1), df[t]) for t in found}
        present = sorted(found, key=rank.__getitem__)[: self.max_terms]
        idf = {t: _idf(df[t], rows) for t in present}
        average = tokens / rows
        scores: dict[int, float] = {}
        sets = self._sets(words, present, idf, average)
        reach = [max(bound for _, bound in sets[i:]) for i in range(len(sets))]  # best score left
        # the rowids read from: the scope's (its newest and how far its rows spread), or the index's
        if scope is None:
            newest, span = _newest(conn), rows
        else:
            span = newest - scope.oldest + 1
        after = 0  # the common sets after the first are read from this rowid on: every row above it
        # holding a set's terms was read with the first set of the ones it holds
        base, slope = 1.0 + K1 * (1 - B), K1 * B / average
        for done, ((held, _), best_left) in enumerate(zip(sets, reach, strict=True)):
            if len(scores) >= limit and (
                done >= self.max_sets or heapq.nlargest(limit, scores.values())[-1] > best_left
            ):
                break  # enough rows, and enough sets read (or none left can reach the best `limit`)
            if any(count[t] <= self.tier for t in held):
                read = query.lengths(_all(held), None, 0)  # a rare term's: every row
            else:
                # FTS5 walks every row of each term between the newest and the last one read: the
                # rowids holding about `walk` of the scope's rows of the set's terms (spread evenly)
                spread = self.walk * span // max(sum(df[t] for t in held), 1)
                start = max(after, newest - spread)
                bound = self.later if after else self.tier
                read = query.lengths(_all(held), bound, start)
                after = max(start, read[-1][0] if len(read) == bound else start, 1)
            # Σ idf·(k1+1)/(1 + k1·(1 − b + b·length/average)): each held term once, the others none
            weight = sum(idf[t] for t in words if t in held) * (K1 + 1.0)
            scores.update(
                {
                    rowid: weight / (base + slope * (size[0] + size[1] if len(size) == 2 else _length(size)))
                    for rowid, size in read
                    if rowid not in scores  # else read already, with more of its terms
                }
            )
        ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]
        every = all(count[t] <= self.tier for t in words) and len(found) <= self.max_terms
        return ranked, every

    def _exact(
        self,
        query: _Query,
        words: list[str],
        rows: int,
        tokens: int,
        limit: int,
        document_count: Callable[[str, int], int],
    ) -> list[tuple[int, float]]:
        """Every match scored by bm25()'s formula, term frequencies included, over the scope's `rows`
        and `tokens`, each term's document count `document_count(term, its matches read)`; best
        first, ties by rowid: what bm25() gives in an index holding the scope's rows alone."""
        if not rows:
            return []
        average = tokens / rows
        scores: dict[int, float] = {}
        for t in words:  # in query order, as bm25() sums its phrases
            matched = query.frequencies(t)
            if not matched:
                continue
            idf = _idf(document_count(t, len(matched)), rows)
            for rowid, size, frequency in matched:
                length = size[0] + size[1] if len(size) == 2 else _length(size)
                scores[rowid] = scores.get(rowid, 0.0) + bm25_term(idf, frequency, length, average)
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]

    def _scope_stats(self, own: _Query, database: str, token: str) -> tuple[_ScopeStats, int]:
        """The scope's statistics, kept per (database, scope) until the scope grows by more than 1/32
        (its newest rowid moved past rows not yet counted); and its newest rowid now."""
        newest = own.edge(newest=True)
        kept = self._scopes.get((database, token))
        if kept is not None and kept.newest <= newest:
            added = 0 if kept.newest == newest else own.count_after(kept.newest, kept.rows // 32 + 1)
            if added * 32 <= kept.rows:
                return kept, newest
        stats = self._measure(own, token, newest)
        self._scopes[database, token] = stats
        return stats, newest

    def _measure(self, own: _Query, token: str, newest: int) -> _ScopeStats:
        """The scope's row count (counted), and its token count: summed over its rows when at most
        `sample`, else estimated from 8 windows of its rows spread over its rowids (`sample` rows in
        all), the windows later terms' document counts are estimated from."""
        rows, oldest = own.count(None, None), own.edge(newest=False)
        if rows <= self.sample:
            sizes = own.window(oldest, rows)
            return _ScopeStats(
                token, rows, _total([s for _, s in sizes]), oldest, newest, [(oldest, newest, rows)]
            )
        width, step = self.sample // 8, (newest - oldest) / 8
        windows: list[tuple[int, int, int]] = []
        total = sampled = 0
        start = oldest
        for i in range(8):
            start = max(start, oldest + round(i * step))
            read = own.window(start, width)
            if not read:
                break
            windows.append((read[0][0], read[-1][0], len(read)))
            total += _total([s for _, s in read])
            sampled += len(read)
            start = read[-1][0] + 1
        return _ScopeStats(token, rows, round(total * rows / sampled), oldest, newest, windows)

    def _sets(
        self, words: list[str], present: list[str], idf: dict[str, float], average: float
    ) -> list[tuple[list[str], float]]:
        """Every non-empty set of the present terms (each in query order), with the highest score a
        row holding exactly it could have (the terms once each, in a row of just them); larger sets
        first (a row is scored with the first set it holds: its own), then higher scores."""
        sets = []
        for mask in range(1, 1 << len(present)):
            held = [t for t in words if t in present and mask >> present.index(t) & 1]
            saturation = (K1 + 1.0) / (1.0 + K1 * (1 - B + B * len(held) / average))
            sets.append((held, sum(idf[t] for t in held) * saturation))
        return sorted(sets, key=lambda s: (-len(s[0]), -s[1]))

    def _document_count(
        self,
        conn: sqlite3.Connection,
        database: str,
        scope: _ScopeStats | None,
        term: str,
        rows: int,
        counted: int | None,
    ) -> int:
        """How many rows of the scope (of the whole index when None) hold the term (`counted`: that
        count up to `exact_below` + 1, when known): counted up to `exact_below`, estimated above (kept
        with the scope's statistics; for the index, per `database` until its row count moves by 1/32)."""
        kept = self._kept(database, scope, term, rows)
        if kept is not None:
            return kept
        own = _Query(conn, None if scope is None else Scoped(scope.token), self.table)
        if counted is None:
            counted = own.count(term, self.exact_below + 1)
        if counted <= self.exact_below:
            return counted
        if scope is None:
            estimate = max(_estimate(conn, _phrase(term), rows, self.sample), self.exact_below + 1)
            self._estimates[database, term] = (estimate, rows)
            return estimate
        hits = sum(own.count(term, None, (first, last)) for first, last, _ in scope.windows)
        sampled = sum(n for _, _, n in scope.windows)
        estimate = min(max(round(hits * rows / sampled), self.exact_below + 1), rows)
        scope.df[term] = estimate
        return estimate

    def _kept(self, database: str, scope: _ScopeStats | None, term: str, rows: int) -> int | None:
        """The term's estimated document count kept for the scope, or (None) for `database` unless its
        row count has moved by more than 1/32 since (then None, as for a term never estimated)."""
        if scope is not None:
            return scope.df.get(term)
        kept = self._estimates.get((database, term))
        return kept[0] if kept is not None and abs(kept[1] - rows) * 32 <= rows else None


def bm25_term(idf: float, frequency: float, length: float, average: float) -> float:
    """One term's share of a row's BM25, as FTS5's bm25() computes it (k1 = 1.2, b = 0.75)."""
    return idf * ((frequency * (K1 + 1.0)) / (frequency + K1 * (1 - B + B * length / average)))


def _idf(df: int, rows: int) -> float:
    """bm25()'s idf: ln((N − df + ½)/(df + ½)), 1e-6 where that is not positive. (df is at most N:
    the figures come from statements a write may land between.)"""
    value = math.log((rows - min(df, rows) + 0.5) / (min(df, rows) + 0.5))
    return value if value > 0 else 1e-6


def _database(conn: sqlite3.Connection) -> str:
    """The main database's file: estimates are kept per database."""
    return str(conn.execute("PRAGMA database_list").fetchone()[2])


def _newest(conn: sqlite3.Connection) -> int:
    """The highest rowid in the index."""
    newest: int | None = conn.execute("SELECT max(id) FROM memories_fts_docsize").fetchone()[0]
    return newest or 0


def _averages(conn: sqlite3.Connection, table: str) -> tuple[int, int]:
    """(rows, tokens) of the FTS5 table: its averages record (its _data id 1: varints, the row count
    then each column's token count), what bm25() reads through xRowCount/xColumnTotalSize (of every
    column: its average row length counts the scope token too)."""
    row = conn.execute(f"SELECT block FROM {table}_data WHERE id = 1").fetchone()
    if row is None or not row[0]:
        return 0, 0
    block: bytes = row[0]
    rows, at = _varint(block, 0)
    return rows, _length(block, at)


def _total(sizes: Sequence[bytes]) -> int:
    """The rows' lengths summed (their memories_fts_docsize records)."""
    return sum(size[0] + size[1] if len(size) == 2 else _length(size) for size in sizes)


def _length(data: bytes, at: int = 0) -> int:
    """The sum of the varints from `at` on: a row's length as bm25() takes it (xColumnSize of every
    column) from its memories_fts_docsize record, or the index's token count from its averages record.
    (A row's two one-byte varints, the usual case, are summed inline by the caller.)"""
    total = 0
    while at < len(data):
        column, at = _varint(data, at)
        total += column
    return total


def _varint(data: bytes, at: int) -> tuple[int, int]:
    """SQLite's varint at `at` (big-endian, 7 bits a byte while the high bit is set; a 9th byte
    whole): (value, offset after it)."""
    value = 0
    for i in range(8):
        byte = data[at + i]
        value = (value << 7) | (byte & 0x7F)
        if not byte & 0x80:
            return value, at + i + 1
    return (value << 8) | data[at + 8], at + 9


def _estimate(conn: sqlite3.Connection, phrase: str, rows: int, sample: int) -> int:
    """A term's document count, from its matches in 8 rowid windows spread evenly over the index and
    covering `sample` rowids in all (or all of them when the index spans fewer). `rows` caps it."""
    low: int | None
    high: int
    low, high = conn.execute(  # two subqueries: min and max in one SELECT would scan the table
        "SELECT (SELECT min(id) FROM memories_fts_docsize), (SELECT max(id) FROM memories_fts_docsize)"
    ).fetchone()
    if low is None:
        return 0
    width = sample // 8
    if high - low + 1 <= sample:
        windows = [(low, high)]
    else:
        step = (high - low + 1 - width) / 7
        windows = [(low + round(i * step), low + round(i * step) + width - 1) for i in range(8)]
    hits = 0
    for start, end in windows:
        hits += int(
            conn.execute(
                "SELECT count(*) FROM memories_fts WHERE memories_fts MATCH ? AND rowid BETWEEN ? AND ?",
                (phrase, start, end),
            ).fetchone()[0]
        )
    # the term's share of the rowids sampled, over all of them (deleted rows leave gaps everywhere alike)
    return min(rows, round(hits * (high - low + 1) / sum(end - start + 1 for start, end in windows)))


class _Query:
    """FTS5 statements over memories_fts (or hints_fts), restricted to the memories in scope when scoped."""

    def __init__(self, conn: sqlite3.Connection, scoped: Scoped | None, table: str = "memories_fts") -> None:
        self.conn = conn
        self.table = table  # memories_fts, or hints_fts (the same columns)
        self.join, self.params = "", ()
        self.scope = f"scope : {_phrase(scoped.token)}" if scoped is not None and scoped.token else ""
        if scoped is not None and scoped.predicate:
            # CROSS JOIN: FTS5 drives (over the scope's rows); probing it once per memory of the scope
            # is a scan per probe
            self.join = f" CROSS JOIN memories m ON m.seq = {self.table}.rowid AND {scoped.predicate}"
            self.params = tuple(scoped.params)

    def _match(self, expression: str | None) -> str:
        """The MATCH of these terms (None: every row) within the scope."""
        if expression is None:
            return self.scope
        return f"{self.scope} AND ({expression})" if self.scope else expression

    def lengths(self, match: str, n: int | None, after: int) -> list[tuple[int, bytes]]:
        """(rowid, length in tokens as FTS5 records it: a varint) of the n most recent matches (all
        with None) from rowid `after` on. Scores none: FTS5 walks the matches newest first and stops
        after n or at `after`."""
        limit = "" if n is None else f" LIMIT {int(n)}"
        since = f" AND {self.table}.rowid >= {int(after)}" if after > 0 else ""
        cursor = self.conn.cursor()
        cursor.row_factory = None  # plain tuples: the database's Row objects cost more per row
        rows: list[tuple[int, bytes]] = cursor.execute(
            f"SELECT {self.table}.rowid, d.sz FROM {self.table}{self.join}"
            f" CROSS JOIN {self.table}_docsize d ON d.id = {self.table}.rowid"
            f" WHERE {self.table} MATCH ?{since} ORDER BY {self.table}.rowid DESC{limit}",
            (*self.params, self._match(match)),
        ).fetchall()
        return rows

    def count(self, term: str | None, cap: int | None, between: tuple[int, int] | None = None) -> int:
        """How many matches hold the term (None: every row of the scope), counted up to `cap` (None:
        all), with rowids `between` (first, last) when given. Reads rowids, scores none."""
        limit = "" if cap is None else f" LIMIT {int(cap)}"
        since = (
            ""
            if between is None
            else f" AND {self.table}.rowid BETWEEN {int(between[0])} AND {int(between[1])}"
        )
        counted: int = self.conn.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM {self.table}{self.join}"
            f" WHERE {self.table} MATCH ?{since}{limit})",
            (*self.params, self._match(None if term is None else _phrase(term))),
        ).fetchone()[0]
        return counted

    def count_after(self, rowid: int, cap: int) -> int:
        """How many of the scope's rows are past `rowid`, counted up to `cap`."""
        counted: int = self.conn.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM {self.table} WHERE {self.table} MATCH ?"
            f" AND rowid > {int(rowid)} LIMIT {int(cap)})",
            (self._match(None),),
        ).fetchone()[0]
        return counted

    def edge(self, newest: bool) -> int:
        """The scope's newest (else oldest) rowid; 0 without rows."""
        order = "DESC" if newest else "ASC"
        row = self.conn.execute(
            f"SELECT rowid FROM {self.table} WHERE {self.table} MATCH ? ORDER BY rowid {order} LIMIT 1",
            (self._match(None),),
        ).fetchone()
        return int(row[0]) if row else 0

    def sizes(self, cap: int) -> list[bytes]:
        """The lengths (the table's _docsize records) of the scope's rows, up to `cap` of them."""
        cursor = self.conn.cursor()
        cursor.row_factory = None
        return [
            r[0]
            for r in cursor.execute(
                f"SELECT d.sz FROM {self.table}"
                f" CROSS JOIN {self.table}_docsize d ON d.id = {self.table}.rowid"
                f" WHERE {self.table} MATCH ? LIMIT ?",
                (self._match(None), cap),
            )
        ]

    def window(self, start: int, n: int) -> list[tuple[int, bytes]]:
        """(rowid, length record) of the scope's first `n` rows from rowid `start` on."""
        cursor = self.conn.cursor()
        cursor.row_factory = None
        rows: list[tuple[int, bytes]] = cursor.execute(
            f"SELECT {self.table}.rowid, d.sz FROM {self.table}"
            f" CROSS JOIN {self.table}_docsize d ON d.id = {self.table}.rowid"
            f" WHERE {self.table} MATCH ? AND {self.table}.rowid >= {int(start)}"
            f" ORDER BY {self.table}.rowid LIMIT {int(n)}",
            (self._match(None),),
        ).fetchall()
        return rows

    def frequencies(self, term: str) -> list[tuple[int, bytes, int]]:
        """(rowid, length record, the term's occurrences in the row) of every match of the term: the
        occurrences are highlight()'s marks, less the mark characters the text held already."""
        cursor = self.conn.cursor()
        cursor.row_factory = None
        return [
            (rowid, size, marked.count("\x01") - held)
            for rowid, size, marked, held in cursor.execute(
                f"SELECT {self.table}.rowid, d.sz, highlight({self.table}, 0, char(1), ''),"
                f" length({self.table}.content) - length(replace({self.table}.content, char(1), ''))"
                f" FROM {self.table}{self.join}"
                f" CROSS JOIN {self.table}_docsize d ON d.id = {self.table}.rowid WHERE {self.table} MATCH ?",
                (*self.params, self._match(_phrase(term))),
            )
        ]

    def scored(self, match: str, limit: int) -> list[tuple[int, float]]:
        """The best `limit` matches by bm25 (the words alone: the scope column weighs nothing), best
        first, ties by rowid."""
        rows = self.conn.execute(
            f"SELECT {self.table}.rowid, bm25({self.table}, 1.0, 0.0) AS rank FROM {self.table}{self.join}"
            f" WHERE {self.table} MATCH ? ORDER BY rank, {self.table}.rowid LIMIT ?",
            (*self.params, self._match(match), limit),
        )
        return [(int(r[0]), -float(r[1])) for r in rows]
