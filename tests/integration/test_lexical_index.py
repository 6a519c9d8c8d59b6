"""The embedded default's lexical leg (engram.adapters.local.lexical) on a SQLite store.

Below its bound the leg returns exactly what FTS5's plain `ORDER BY rank` query returns; over it (the
bounds shrunk here so a small corpus crosses them) it still finds the best-matching memories however
old and the one just written, gives each the score the plain query gives it (to within a percent
where a term's document count is estimated), keeps to the scope, and follows the store's updates and
deletes.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from engram.adapters.local.index import LocalIndex
from engram.adapters.local.lexical import Bm25Search, Scoped, fts_query
from engram.adapters.sqlite.db import SqliteDatabase, fts_scope
from engram.adapters.sqlite.store import SqliteMemoryStore
from engram.domain.models import Memory
from engram.ports import SearchScope
from tests.integration.builders import new_memory

TENANT, USER, OTHER = "acme", "alice", "bob"
AT = datetime(2025, 1, 1, tzinfo=UTC)
SMALL = Bm25Search(exact_below=20, tier=10, later=5)  # a few dozen memories cross these


@pytest.fixture
def db(tmp_path: Path) -> SqliteDatabase:
    return SqliteDatabase(tmp_path / "engram.sqlite3")


@pytest.fixture
def store(db: SqliteDatabase) -> SqliteMemoryStore:
    return SqliteMemoryStore(db)


def remember(store: SqliteMemoryStore, content: str, user: str = USER) -> Memory:
    result = store.insert_or_dedup(new_memory(content, at=AT, tenant=TENANT, user_id=user))
    assert result.created
    return result.memory


def plain(db: SqliteDatabase, text: str, limit: int) -> list[tuple[int, float]]:
    """FTS5's own ranking of every match: what the leg answered before it was bounded."""
    rows = db.connection().execute(
        "SELECT rowid, bm25(memories_fts) AS rank FROM memories_fts WHERE memories_fts MATCH ?"
        " ORDER BY rank, rowid LIMIT ?",
        (fts_query(text), limit),
    )
    return [(r[0], -r[1]) for r in rows]


def alone(db: SqliteDatabase, user: str, text: str, limit: int) -> list[tuple[int, float]]:
    """bm25()'s ranking in an index holding the user's rows alone (same rowids): what a user's scores
    are, whoever else shares the index."""
    scratch = sqlite3.connect(":memory:")
    scratch.execute("CREATE VIRTUAL TABLE t USING fts5(content, scope, tokenize = 'porter unicode61')")
    scratch.executemany(
        "INSERT INTO t (rowid, content, scope) VALUES (?, ?, ?)",
        db.connection()
        .execute(
            "SELECT f.rowid, f.content, f.scope FROM memories_fts f WHERE memories_fts MATCH ?",
            (f'scope : "{fts_scope(TENANT, user)}"',),
        )
        .fetchall(),
    )
    rows = scratch.execute(
        "SELECT rowid, bm25(t) AS rank FROM t WHERE t MATCH ? ORDER BY rank, rowid LIMIT ?",
        (fts_query(text), limit),
    )
    return [(r[0], -r[1]) for r in rows]


def bounded(db: SqliteDatabase) -> LocalIndex:
    """The leg as recall asks it (LocalIndex.search), with the bounds shrunk to SMALL."""
    index = LocalIndex(db)
    index.bm25 = SMALL
    return index


def same(got: list[tuple[int, float]], want: list[tuple[int, float]]) -> bool:
    """The same rows in the same order, with the same scores (to rounding)."""
    return [r for r, _ in got] == [r for r, _ in want] and [s for _, s in got] == pytest.approx(
        [s for _, s in want]
    )


def corpus(store: SqliteMemoryStore, user: str = USER) -> dict[str, Memory]:
    """Two old memories that answer the query well, then many recent ones that share one common term."""
    found = {
        "both": remember(store, "the billing service runs on Postgres", user),
        "rare": remember(store, "billing invoices for the quarter are late", user),
    }
    for i in range(60):
        remember(store, f"the search service was restarted, ticket {i}", user)
    return found


def test_below_the_bound_the_ranking_is_fts5s_own(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given a scope whose matches are fewer than the bound
    corpus(store)
    for text in ("billing service", "postgres", "search service ticket 7", "what runs where"):
        # When the leg ranks them / Then it is exactly the plain query's ranking
        assert same(Bm25Search().top(db.connection(), text, 50)[0], plain(db, text, 50))


def test_over_the_bound_the_best_old_matches_are_still_found(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given old memories holding the rare query term, buried under many recent matches of a common one
    corpus(store)
    text = "which service does billing run on"
    # When the bounded leg ranks them
    bounded, every = SMALL.top(db.connection(), text, 10)
    exact = plain(db, text, 10)
    # Then the best matches come first as with every match scored, with the same scores
    assert not every
    assert same(bounded[:2], exact[:2])
    every = dict(plain(db, text, 1000))
    assert [s for _, s in bounded] == pytest.approx([every[rowid] for rowid, _ in bounded])


def test_over_the_bound_far_fewer_rows_are_ranked(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given a query whose common term matches every recent memory
    corpus(store)
    # When the bounded leg asks for everything it would rank
    ranked, _ = SMALL.top(db.connection(), "search service billing", 1000)
    # Then it ranked the 2 rows holding the rare term and at most `tier` rows of each set of the common
    # terms (search and service, search alone, service alone), not all 62
    assert len(ranked) < len(plain(db, "search service billing", 1000)) == 62
    assert len(ranked) <= 2 + 3 * SMALL.tier


def test_the_scope_filter_applies_when_another_user_crowds_the_index(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given alice's one old match of common terms, under bob's many recent ones
    index = bounded(db)
    mine = remember(store, "the search service was restarted twice")
    theirs = corpus(store, user=OTHER)
    text = "search service restarted"
    seq = db.connection().execute("SELECT seq FROM memories WHERE id = ?", (mine.id,)).fetchone()[0]
    assert seq not in dict(SMALL.top(db.connection(), text, 200)[0])  # not among the index's best
    # When alice searches
    hits = index.search(SearchScope(TENANT, USER), text, 10)
    # Then she gets her own memory, and only hers
    assert [h.memory_id for h in hits] == [mine.id]
    assert len(index.search(SearchScope(TENANT, OTHER), text, 10)) == 10
    assert theirs["both"].id in {h.memory_id for h in index.search(SearchScope(TENANT, OTHER), "billing", 10)}


def test_updates_and_deletes_are_followed(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given the bounded leg over a scope past its bound
    index = bounded(db)
    found = corpus(store)
    scope = SearchScope(TENANT, USER)
    assert found["both"].id in {h.memory_id for h in index.search(scope, "billing postgres", 10)}
    # When one memory is deleted and another's content replaced
    store.delete(TENANT, found["both"].id)
    replaced = store.replace_content(
        found["rare"],
        new_memory("billing moved to Postgres", at=AT, id=found["rare"].id, tenant=TENANT, user_id=USER),
    )
    # Then the deleted one is gone and the replaced one is found by its new words only
    hits = [h.memory_id for h in index.search(scope, "billing postgres", 10)]
    assert found["both"].id not in hits
    assert hits[0] == replaced.id
    assert replaced.id not in {h.memory_id for h in index.search(scope, "invoices quarter", 10)}


def test_over_the_bound_common_terms_get_the_plain_querys_scores(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given a query whose every term is common (no rare term: only bounded term sets are read)
    corpus(store)
    text = "search service restarted"
    # When the bounded leg ranks it
    bounded, every = SMALL.top(db.connection(), text, 10)
    # Then its rows carry the scores bm25() gives them (each term written once, document counts exact),
    # and the best scores are the plain query's best (its rows tie: same terms, same length)
    assert not every
    scores = dict(plain(db, text, 1000))
    assert [s for _, s in bounded] == pytest.approx([scores[rowid] for rowid, _ in bounded])
    assert [s for _, s in bounded] == pytest.approx([s for _, s in plain(db, text, 10)])


def test_the_memory_just_written_is_found_among_common_matches(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given a scope past the bound, whose common terms match dozens of memories
    index = bounded(db)
    corpus(store)
    scope = SearchScope(TENANT, USER)
    # When the user writes one more memory with those terms, longer than the others
    last = remember(store, "the search service was restarted again after the deploy of the new search index")
    # Then the very next search finds it
    assert last.id in {h.memory_id for h in index.search(scope, "search service restarted", 10)}


def test_a_memory_holding_every_term_is_found_however_old(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given one old memory holding both query terms, under many recent ones holding one of them each
    old = remember(store, "the ledger service was migrated to Kafka")
    for i in range(30):
        remember(store, f"the ledger job {i} finished")
        remember(store, f"Kafka topic {i} was compacted")
    # When the bounded leg ranks them
    index = bounded(db)
    hits = index.search(SearchScope(TENANT, USER), "ledger kafka", 5)
    # Then the memory holding both comes first
    assert hits[0].memory_id == old.id


def test_estimated_document_counts_keep_scores_close(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given terms in too many rows to be counted (every 10th row, and every row), estimated from
    # 8 windows of 20 rowids each
    for i in range(400):
        remember(store, f"{'billing ' if i % 10 == 0 else ''}note number {i} about the search service")
    search = Bm25Search(exact_below=20, tier=10, sample=160)
    text = "billing search"
    # When the bounded leg ranks them
    bounded, _ = search.top(db.connection(), text, 10)
    # Then the scores are bm25()'s to within a percent
    scores = dict(plain(db, text, 1000))
    assert bounded
    assert [s for _, s in bounded] == pytest.approx([scores[rowid] for rowid, _ in bounded], rel=0.01)


def test_a_long_query_is_answered_from_its_rarest_terms(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given a query with more terms than the term sets are formed of, all of them common
    corpus(store)
    best = remember(store, "search service restarted ticket billing postgres quarter")
    text = "search service restarted ticket billing postgres quarter"
    # When the bounded leg ranks it
    bounded, every = Bm25Search(exact_below=20, tier=10, max_terms=3).top(db.connection(), text, 5)
    # Then the memory holding the most of the rarest terms comes first, and the answer says it is partial
    seq = db.connection().execute("SELECT seq FROM memories WHERE id = ?", (best.id,)).fetchone()[0]
    assert bounded[0][0] == seq
    assert not every


def test_a_query_of_many_common_terms_reads_few_term_sets(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given a uniform index of notes that share most of their words (the enrichment worker's dedup
    # query for a new note is made of its longest words, all of them common here)
    for i in range(120):
        remember(store, f"Client {i % 7} note {i}: the lunch order changed to option {i % 11}")
    text = "changed client option lunch order note 3 5"
    statements: list[str] = []
    conn = db.connection()
    conn.set_trace_callback(statements.append)
    # When the bounded leg ranks it
    try:
        bounded, _ = SMALL.top(conn, text, 10)
    finally:
        conn.set_trace_callback(None)
    # Then it stopped at 8 term sets once it had enough rows (of the 31 its five rarest terms make, it
    # read 28 unbounded: a statement each, ~0.4 ms at 8,000 notes), and the best matches still come first
    sets_read = [s for s in statements if s.startswith("SELECT memories_fts.rowid, d.sz")]
    assert len(bounded) == 10
    assert len(sets_read) <= 8
    best = {seq for seq, _ in plain(db, text, 1000)[:2]}
    assert best <= {seq for seq, _ in bounded[:2]}


def test_a_term_estimated_once_is_not_counted_again(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given a term in too many rows to be counted, whose document count the first query estimated
    for i in range(400):
        remember(store, f"{'billing ' if i % 10 == 0 else ''}note number {i} about the search service")
    search = Bm25Search(exact_below=20, tier=10, sample=160)
    conn = db.connection()
    first, _ = search.top(conn, "billing search", 10)
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    # When the next query holds it
    try:
        again, _ = search.top(conn, "search billing", 10)
    finally:
        conn.set_trace_callback(None)
    # Then its matches are not counted again (nor the other term's, estimated too), and the answer
    # is the same
    counted = [s for s in statements if s.startswith("SELECT count(*) FROM (SELECT 1 FROM memories_fts")]
    assert counted == []
    assert again == first


def test_a_small_scope_under_a_crowded_index_gets_bm25_of_its_own_rows(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given alice's few memories, most holding both query terms and one of them one term twice, under
    # bob's many recent ones holding them too (and carol's, holding neither)
    index = bounded(db)
    twice = remember(store, "the ledger job replayed kafka events into the ledger")
    mine = [twice] + [remember(store, f"the ledger job read kafka, note {i}") for i in range(12)]
    for i in range(6):
        remember(store, f"alice watered the plants on day {i}")
    for i in range(60):
        remember(store, f"the ledger job {i} finished with kafka", OTHER)
    for i in range(150):
        remember(store, f"the weather was fine on day {i}", "carol")
    text = "ledger kafka"
    # When alice searches (none of the index's best are hers: her own matches are ranked)
    hits = index.search(SearchScope(TENANT, USER), text, 5)
    # Then she gets bm25()'s ranking in an index of her memories alone (her 13 matches hold 26 term
    # matches, past the bound, but a scope of at most `exact_below` memories has every match scored):
    # the memory that repeats a term first, with those scores (term frequencies included)
    assert hits[0].memory_id == twice.id
    seqs = dict(db.connection().execute("SELECT id, seq FROM memories WHERE user_id = ?", (USER,)).fetchall())
    assert same([(seqs[h.memory_id], h.score) for h in hits], alone(db, USER, text, 5))
    assert {h.memory_id for h in hits} <= {m.id for m in mine}


def test_a_scoped_search_reads_only_the_users_own_rows(db: SqliteDatabase, store: SqliteMemoryStore) -> None:
    # Given alice's few matches under bob's many, in one index
    mine = {remember(store, f"the search service was restarted, alice's note {i}").id for i in range(5)}
    corpus(store, user=OTHER)
    seqs = dict(db.connection().execute("SELECT seq, id FROM memories").fetchall())
    # When the leg ranks alice's matches, asked for far more rows than she has
    ranked, every = SMALL.top(
        db.connection(), "search service restarted", 1000, Scoped(fts_scope(TENANT, USER))
    )
    # Then FTS5 gave it her rows and nobody else's (the scope token is in its MATCH), all of them
    assert {seqs[rowid] for rowid, _ in ranked} == mine
    assert every


def test_in_a_crowded_index_a_users_scores_are_bm25s_over_her_own_rows(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given alice's memories past the bound, under bob's (who writes the query's terms too)
    found = corpus(store)
    corpus(store, user=OTHER)
    text = "which service does billing run on"
    token = fts_scope(TENANT, USER)
    # When the bounded leg ranks alice's matches
    bounded, every = SMALL.top(db.connection(), text, 10, Scoped(token))
    # Then each row carries the score bm25() gives it in an index of her rows alone, and her best
    # matches come first
    assert not every
    scores = dict(alone(db, USER, text, 1000))
    assert [s for _, s in bounded] == pytest.approx([scores[rowid] for rowid, _ in bounded])
    seqs = dict(db.connection().execute("SELECT id, seq FROM memories").fetchall())
    assert [rowid for rowid, _ in bounded[:2]] == [seqs[found["both"].id], seqs[found["rare"].id]]


def test_every_users_token_finds_exactly_that_users_rows(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given memories of many users, some with names a tokenizer would split, fold or stem
    users = [f"user-{i}" for i in range(150)] + [
        "Ünïcode Üser",
        'quote"d',
        "a b c",
        "running",
        "caresses",
        "",
    ]
    for user in users:
        remember(store, f"a note of {user}", user=user)
    conn = db.connection()
    for user in users:
        # When FTS5 is asked for the rows of the user's scope token
        rows = conn.execute(
            "SELECT m.user_id FROM memories_fts f JOIN memories m ON m.seq = f.rowid"
            " WHERE memories_fts MATCH ?",
            (f'scope : "{fts_scope(TENANT, user)}"',),
        ).fetchall()
        # Then they are that user's row, and only it
        assert [r[0] for r in rows] == [user]


def test_a_database_from_before_the_scope_column_gets_it_once(tmp_path: Path) -> None:
    # Given a database whose full-text index has no scope column (as engram made it before)
    path = tmp_path / "engram.sqlite3"
    db = SqliteDatabase(path)
    store = SqliteMemoryStore(db)
    mine = remember(store, "the billing service runs on Postgres")
    theirs = remember(store, "the billing service moved to Kafka", user=OTHER)
    gone = remember(store, "billing was paused")
    store.delete(TENANT, gone.id)
    with db.write() as conn:
        conn.execute("DROP TABLE memories_fts")
        conn.execute("CREATE VIRTUAL TABLE memories_fts USING fts5(content, tokenize = 'porter unicode61')")
        conn.execute(
            "INSERT INTO memories_fts (rowid, content) SELECT seq, json_extract(doc, '$.content')"
            " FROM memories WHERE status != 'deleted'"
        )
    db.close()
    # When engram opens it (twice: the second finds it done)
    reopened = SqliteDatabase(path)
    SqliteDatabase(path).close()
    # Then the index has the column, each row its user's token, and searches keep to their scopes
    conn = reopened.connection()
    assert [r[1] for r in conn.execute("PRAGMA table_info(memories_fts)")] == ["content", "scope"]
    rows = conn.execute(
        "SELECT m.tenant, m.user_id, f.scope FROM memories_fts f JOIN memories m ON m.seq = f.rowid"
    ).fetchall()
    assert sorted(r[2] for r in rows) == sorted([fts_scope(TENANT, USER), fts_scope(TENANT, OTHER)])
    assert all(r[2] == fts_scope(r[0], r[1]) for r in rows)
    index = LocalIndex(reopened)
    assert [h.memory_id for h in index.search(SearchScope(TENANT, USER), "billing service", 10)] == [mine.id]
    assert [h.memory_id for h in index.search(SearchScope(TENANT, OTHER), "billing", 10)] == [theirs.id]
    # and what is written next is found too
    later = remember(SqliteMemoryStore(reopened), "billing runs nightly")
    assert later.id in {h.memory_id for h in index.search(SearchScope(TENANT, USER), "billing", 10)}


def test_a_user_holding_most_of_the_index_gets_only_her_own_memories(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given alice's many matches and bob's few recent ones: her scope is most of the index, so it is read
    # without its token
    index = bounded(db)
    corpus(store)
    theirs = {remember(store, f"the search service was restarted by bob, {i}", OTHER).id for i in range(8)}
    # When alice searches, for a few memories and for more than she has
    for k in (5, 200):
        hits = index.search(SearchScope(TENANT, USER), "search service restarted", k)
        # Then she gets her own memories only (as many as asked for, or what the bounded leg read)
        assert len(hits) == 5 if k == 5 else len(hits) >= 5
        assert not {h.memory_id for h in hits} & theirs
    assert {h.memory_id for h in index.search(SearchScope(TENANT, OTHER), "restarted", 10)} == theirs


@pytest.mark.parametrize("search", [Bm25Search(), SMALL], ids=["small scope", "past the bound"])
def test_another_tenants_writes_change_neither_a_users_scores_nor_her_ranking(
    db: SqliteDatabase, store: SqliteMemoryStore, search: Bm25Search
) -> None:
    # Given alice's memories, a few holding a rare word (past SMALL's bound: 40 of them)
    index = LocalIndex(db)
    index.bm25 = search
    for i in range(34):
        remember(store, f"the search service was restarted, ticket {i}")
    for i in range(6):
        remember(store, f"the zanzibar shipment {i} left the search warehouse{' late' * (i % 3)}")
    scope = SearchScope(TENANT, USER)
    text = "zanzibar shipment search"
    before = [(h.memory_id, h.score) for h in index.search(scope, text, 10)]
    seqs = {r[0] for r in db.connection().execute("SELECT seq FROM memories")}
    whole_index = dict(plain(db, text, 100))
    # When another tenant (its user named alice too) stores 15 memories holding the word, and more
    for i in range(15):
        other = new_memory(
            f"zanzibar spice order {i} for the search team", at=AT, tenant="globex", user_id=USER
        )
        assert store.insert_or_dedup(other).created
        other = new_memory(f"a long note {i} about shipment delays", at=AT, tenant="globex", user_id=USER)
        assert store.insert_or_dedup(other).created
    # Then alice's scores and ranking are the same, to the last bit (bm25() over the whole index moved)
    after = [(h.memory_id, h.score) for h in index.search(scope, text, 10)]
    assert len(before) == 10
    assert after == before
    moved = dict(plain(db, text, 1000))
    assert any(moved[seq] != score for seq, score in whole_index.items() if seq in seqs)


def test_a_term_counted_in_more_rows_than_the_scope_had_a_moment_before_still_scores() -> None:
    """Writers between the row count and a term's count: the term's df may exceed the rows counted."""
    from engram.adapters.local.lexical import _idf

    assert _idf(7, 5) > 0 and _idf(7, 5) == _idf(7, 7)


def test_searches_while_the_same_scope_is_written_never_fail(tmp_path: Path) -> None:
    """Readers of a scope that writers are growing (the e2e two-tenant test found a 500 here)."""
    import threading

    from engram.runtime.container import local
    from engram.settings import EmbedderSettings, Settings
    from engram.usecases.recall import RecallQuery
    from engram.usecases.remember import RememberCommand

    settings = Settings(data_dir=tmp_path).model_copy(
        update={"embedder": EmbedderSettings(provider="hashing")}
    )
    c = local(settings)
    failures: list[BaseException] = []
    done = threading.Event()

    def writer(n: int) -> None:
        for b in range(20):
            c.remember.many(
                [
                    RememberCommand(
                        tenant="t", user_id="u", content=f"writer {n} batch {b} item {i} blue window"
                    )
                    for i in range(10)
                ]
            )

    def reader() -> None:
        while not done.is_set():
            try:
                c.recall(RecallQuery(tenant="t", user_id="u", query="blue deployment window"))
            except BaseException as exc:  # any failure is what this test looks for
                failures.append(exc)

    writers = [threading.Thread(target=writer, args=(n,)) for n in range(3)]
    readers = [threading.Thread(target=reader) for _ in range(2)]
    for thread in [*readers, *writers]:
        thread.start()
    for thread in writers:
        thread.join()
    done.set()
    for thread in readers:
        thread.join()
    assert not failures, failures[:1]


def test_a_write_landing_between_the_legs_statements_is_no_error(tmp_path: Path) -> None:
    # Given alice's one memory holding a word (beside another user's: her scope is not the whole index,
    # whose statistics bm25() would read in one statement), and another process about to write a second
    db = SqliteDatabase(tmp_path / "engram.sqlite3")
    remember(SqliteMemoryStore(db), "the zanzibar shipment left")
    remember(SqliteMemoryStore(db), "bob's zanzibar notes", user="bob")
    other = SqliteMemoryStore(SqliteDatabase(tmp_path / "engram.sqlite3"))
    conn = db.connection()
    written: list[Memory] = []

    def write_once(statement: str) -> None:
        if "highlight(" in statement and not written:
            written.append(remember(other, "zanzibar customs cleared the zanzibar shipment"))

    # When it writes after the scope's rows were counted, before its matches are read
    conn.set_trace_callback(write_once)
    try:
        hits = LocalIndex(db).search(SearchScope(TENANT, USER), "zanzibar", 10)
    finally:
        conn.set_trace_callback(None)
    # Then the search answers (a document count above the row count it read is no error)
    assert written and {h.memory_id for h in hits} <= {written[0].id} | {
        r[0] for r in conn.execute("SELECT id FROM memories")
    }
    assert len(hits) >= 1


@pytest.mark.parametrize("text", ["ledger", "ledger kafka", "running runs ledger"])
def test_term_frequencies_rank_a_repeating_memory_even_among_few_of_many(
    db: SqliteDatabase, store: SqliteMemoryStore, text: str
) -> None:
    # Given alice's short memories holding the words once, and a long one repeating them (the longest
    # row, so with each word once it would rank last)
    for i in range(12):
        remember(store, f"the ledger job read kafka and runs, note {i}")
    remember(
        store, "ledger ledger ledger: the running ledger of kafka kafka runs, running every day of the week"
    )
    remember(store, "bob's ledger is elsewhere", OTHER)
    seqs = dict(db.connection().execute("SELECT id, seq FROM memories WHERE user_id = ?", (USER,)).fetchall())
    # When the leg is asked for alice's best 3 (her frequencies read for the rows that could be among them)
    best, every = Bm25Search().top(db.connection(), text, 3, Scoped(fts_scope(TENANT, USER)))
    # Then they are bm25()'s best 3 in an index of her rows alone, with those scores
    assert every
    assert same(best, alone(db, USER, text, 3))
    assert best[0][0] == max(seqs.values())


def test_a_scope_that_is_the_whole_index_is_ranked_by_bm25_itself_and_scores_as_when_it_is_not(
    db: SqliteDatabase, store: SqliteMemoryStore
) -> None:
    # Given alice alone in the index (one user: the embedded default's usual install)
    for i in range(30):
        remember(store, f"the ledger job {i} read kafka{' and kafka again' * (i % 3)}")
    statements: list[str] = []
    conn = db.connection()
    conn.set_trace_callback(statements.append)
    try:
        alone_ = Bm25Search().top(conn, "ledger kafka", 10, Scoped(fts_scope(TENANT, USER)))[0]
    finally:
        conn.set_trace_callback(None)
    # Then bm25() ranks her rows in one statement, term frequencies included, as FTS5 ranks them
    assert not any("highlight(" in s for s in statements)
    assert alone_ == plain(db, "ledger kafka", 10)
    # and once bob writes too, her own statistics give her the same scores, read term by term
    remember(store, "bob's ledger and kafka notes", OTHER)
    assert Bm25Search().top(conn, "ledger kafka", 10, Scoped(fts_scope(TENANT, USER)))[0] == alone_
