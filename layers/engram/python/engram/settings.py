"""All settings, from `ENGRAM_*` environment variables (nested with `__`), one model.

Lambdas, the local server, the CLI and the CDK stack (`lambda_environment`) share the field names.
Read here rather than by pydantic-settings (cold-start cost, docs/performance.md), with its rules: any
case, nested models as JSON, unknown names ignored, and caller arguments win field by field.
"""
# Examples: `ENGRAM_ANN__THRESHOLD`; `ENGRAM_DEDUP='{"neighbours": 9}'`;
# `Settings(embedder={"provider": "hashing"})` keeps `ENGRAM_EMBEDDER__MODEL`. pydantic converts and
# checks the values as it does any input.

from __future__ import annotations

import ipaddress
import json
import os
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engram.domain.key_rules import DEFAULT_KEY_RATE, DefaultRate


class PiiPolicy(StrEnum):
    redact = "redact"
    reject = "reject"
    allow = "allow"
    keep = "keep"  # the same as allow


class PiiSettings(BaseModel):
    """Policy per PII kind (`ENGRAM_PII__<KIND>`). Secrets are redacted by default; contact details
    are kept. What each kind covers: engram.domain.pii_rules."""

    api_key: PiiPolicy = PiiPolicy.redact  # issuers' tokens, labelled keys, JWTs, high-entropy tokens
    aws_access_key: PiiPolicy = PiiPolicy.redact
    aws_secret_key: PiiPolicy = PiiPolicy.redact
    bearer_token: PiiPolicy = PiiPolicy.redact  # Authorization: Bearer / Basic
    private_key: PiiPolicy = PiiPolicy.redact
    password: PiiPolicy = PiiPolicy.redact  # passwords, passphrases, seed phrases
    url_credentials: PiiPolicy = PiiPolicy.redact  # the password in scheme://user:password@host
    webhook_url: PiiPolicy = PiiPolicy.redact  # Slack, Discord, Teams webhook URLs
    credit_card: PiiPolicy = PiiPolicy.redact
    iban: PiiPolicy = PiiPolicy.redact
    ssn: PiiPolicy = PiiPolicy.redact
    email: PiiPolicy = PiiPolicy.allow
    phone: PiiPolicy = PiiPolicy.allow


class EmbedderSettings(BaseModel):
    provider: Literal["minilm", "hashing", "bedrock", "openai"] = "minilm"
    model: str = ""  # provider default when empty
    dimensions: int = 384
    base_url: str = "https://api.openai.com/v1"  # openai-compatible
    api_key: str = ""  # openai-compatible; never logged
    batch_size: int = 32
    timeout_s: float = 10.0
    # After a model switch, `engram serve` re-embeds the old model's vectors in the background: up to
    # reembed_budget every reembed_interval_s, reembed_batch a call (0 budget: only `engram index reembed`).
    reembed_batch: int = Field(default=64, ge=1)
    reembed_budget: int = Field(default=1024, ge=0)
    reembed_interval_s: float = Field(default=2.0, gt=0)

    def model_id(self) -> str:
        """The name the vectors of this embedder are recorded under: provider, model and dimensions (a
        change of any one is a model switch: its vectors are never compared with the old)."""
        return f"{self.provider}:{self.model or 'default'}:{self.dimensions}"


class EnricherSettings(BaseModel):
    provider: Literal["rules", "bedrock", "openai"] = "rules"
    model: str = ""
    base_url: str = "https://api.openai.com/v1"
    api_key: str = ""
    timeout_s: float = 20.0
    max_input_chars: int = 4000
    # The optional semantic contradiction check (bedrock / openai only): a memory the decision stage
    # keeps beside its candidates (add) is checked against them in one more call, bounded by
    # contradiction_timeout_s; a contradiction flags it review_needed. Advisory: a timeout or a model
    # error only leaves it unflagged, and nothing is ever superseded by it.
    contradiction_check: bool = False
    contradiction_timeout_s: float = 5.0


class DedupSettings(BaseModel):
    duplicate_threshold: float = 0.98  # cosine ≥ this: merged into the existing memory
    related_threshold: float = 0.70  # cosine in [related, duplicate): the enricher decides
    neighbours: int = 5  # the decision stage's candidates (k-NN and lexical, best first)
    candidate_floor: float = 0.40  # lexical candidates need at least this cosine (≥ related: k-NN only)


class RankingSettings(BaseModel):
    """Recall weights. Setting a weight to its neutral value (0 for *_weight) turns it off."""

    # Defaults measured on LoCoMo (bench/locomo.py): the lexical leg is the stronger one on short
    # conversational facts, so it weighs 0.7 against the vector leg's 0.3; 50 candidates per leg.
    candidates: int = 50  # per leg
    lexical_weight: float = 0.7
    # How BM25 scores are put on a 0–1 scale before fusion: "minmax" over the candidates (the lowest
    # lexical match scores 0), or "max" (each over the best; a weaker match keeps its share): better on
    # independently written scenarios, LoCoMo held (docs/performance.md, session 14).
    lexical_scale: Literal["minmax", "max"] = "max"
    # Each scaled BM25 score times the share of the query the memory covers (query terms weighted by their
    # IDF over the lexical hits) to this power, 0: off. A best match on one word of five no longer takes the
    # whole lexical share, so a memory that answers in other words can win by meaning (session 15).
    lexical_coverage: float = 1.0
    vector_weight: float = 0.3
    # multiplier 1 + w * (importance - 3) / 2; 0.05 chosen on LoCoMo conversations 1-5 (0.1 cost R@10 and MRR
    # there once importance carried specificity), reported on 6-10 separately
    importance_weight: float = 0.05
    recency_weight: float = 0.1
    recency_half_life_days: float = 180.0
    provenance_weight: float = 1.0
    provenance_user_stated: float = 1.0
    provenance_episode_summary: float = 0.85
    provenance_assistant_derived: float = 0.7
    provenance_imported: float = 0.85
    stale_multiplier: float = 0.5  # expired temporal memories; 1.0 turns it off
    hits_weight: float = 0.05  # multiplier 1 + w * log2(hits)
    superseded_multiplier: float = 0.1  # superseded memories (only with include_superseded); 1.0: off
    # Knowledge graph: memories one relation away from an entity the query names get this much added
    # to their fused relevance (0–1 scale); 0 turns expansion off. Expansion waits at most the deadline.
    graph_boost: float = 0.5
    graph_deadline_ms: float = 50.0
    graph_hop_damping: float = 0.6  # the memory that only states the hop a query goes through; 1.0: off
    # Specific beats vague (engram.domain.specificity), after fusion; 1.0 turns each off.
    resolution_boost: float = 1.15  # constraints and decisions
    resolution_boost_on_action: float = 1.5  # … when the query asks about acting ("can I deploy Friday?")
    anchored_boost: float = 1.05  # two or more kinds of concrete anchor: numbers, dates, names, ids
    vague_multiplier: float = 0.85  # short unanchored content, or chatter about a topic
    no_overlap_multiplier: float = 0.85  # a semantic-only hit sharing no term with the query
    # A question asking for a time, an amount, a name or a place: a memory holding one it does not
    # already say gets this (engram.domain.specificity.holds); 1.0 turns it off.
    answer_shape_boost: float = 1.3
    # A question about the present ("… right now?"): a memory in force until a later date (its
    # valid_until) gets this; 1.0 turns it off.
    current_boost: float = 1.2
    # A memory whose named entities are all hubs (each mentioned by at least hub_entity_mentions of the
    # scope's memories: the user's own name, a team everything is about) says nothing specific.
    hub_entity_multiplier: float = 0.9
    hub_entity_mentions: int = 40
    # A query term found in this share (and at least hub_term_min) of the candidates is the scope's
    # subject, not the topic: the lexical leg is re-scored without it. 1.0 turns it off, the default:
    # at 0.8 it lifted our scenarios' paraphrase questions (Hit@3 0.80 → 0.90) but cost LoCoMo's
    # multi-hop questions (R@10 0.397 → 0.341 on conversations 1–5), whose speaker names it drops.
    hub_term_share: float = 1.0
    hub_term_min: int = 4
    # Long memories, when a candidate is longer than long_memory_chars (0: off): the vector leg weighs
    # for a memory by the share of it its one vector describes (about vector_chars of it; 0: off), and
    # with passage_lexical the lexical leg scores every candidate by its best passage of passage_chars.
    # Such a memory also ranks without the confidence and importance an enricher judged over its whole
    # text (unless the caller set them), and neither links nor rides with a link (multi-hop).
    long_memory_chars: int = 1000
    vector_chars: int = 1000
    passage_lexical: bool = False
    passage_chars: int = 600
    # After scoring (engram.domain.scoring), each false turns one off: the answer one hop away rides
    # with its linking fact; a rule governing what an acting query is about to do ranks first; what
    # ended yields to a newer temporal memory on the same topic; a memory superseded at write time that
    # matches the query lifts what superseded it to its rank.
    links_carry_answers: bool = True
    governing_rule_first: bool = True
    ended_yields: bool = True
    # A question not about the past: what ended (validity passed, or told as over) yields to the newer
    # memory about the same subject and slot (domain.precedence.current_over_ended).
    current_over_ended: bool = True
    successors_stand_in: bool = True
    # The query's proper names are matched by words, its topic by meaning: the vector leg embeds the query
    # without its names while a content word is left ("how is Fatima funded?" → "how is funded?"), so a
    # memory sharing only the name ("Fatima is from Casablanca") no longer wins by it (session 16).
    names_by_words: bool = True


class RerankerSettings(BaseModel):
    """The optional second stage of recall (`ENGRAM_RERANKER__*`, engram.providers.rerankers): the top
    `top_n` results re-scored by a provider within `timeout_s`; on a timeout or an error recall keeps
    its own order. `weight` blends the provider's score (min-max over the top n) with recall's own."""

    provider: Literal["none", "embedding", "http", "bedrock"] = "none"
    top_n: int = Field(default=20, ge=1, le=200)
    timeout_s: float = Field(default=2.0, gt=0)
    weight: float = Field(default=0.5, ge=0, le=1)
    model: str = ""  # http: the API's model name; bedrock: a model id or ARN (default amazon.rerank-v1:0)
    base_url: str = ""  # http: the rerank endpoint, e.g. https://api.cohere.com/v2/rerank or TEI's /rerank
    api_key: str = ""  # http; never logged
    api_format: Literal["cohere", "tei"] = "cohere"  # cohere: Cohere, Jina, Voyage, Mixedbread shape


class SessionSettings(BaseModel):
    """Conversations in (`POST /v1/sessions/{id}/messages`), facts out (engram.usecases.sessions)."""

    max_messages: int = 100  # per call; more is a 413
    max_chars: int = 32000  # message content per call; more is a 413
    min_confidence: float = 0.7  # an extracted fact below this is recorded as a proposal, not written
    context_messages: int = 10  # earlier messages an extraction job sees as context
    max_input_chars: int = 12000  # an extraction job reads its new messages in chunks of this size
    max_facts: int = 20  # per chunk, or two per message in it if that is more; more is cut, with a warning
    # Who extracts: the rules (offline), or a model (with the enricher's base_url, api_key and timeout)
    # that falls back to the rules; extractor_model empty: the provider's default model.
    extractor: Literal["rules", "bedrock", "openai"] = "rules"
    extractor_model: str = ""
    # Recall with `expand: true`: a session-derived result carries at most this many of its source
    # messages, each cut to expand_chars.
    expand_messages: int = 3
    expand_chars: int = 500
    # Checkpoints (`POST /v1/sessions/{id}/checkpoints`): a periodic checkpoint within debounce_s of
    # the latest is not stored (nor any checkpoint repeating the latest digest); a session keeps its
    # newest max_checkpoints; older than checkpoint_retention_days they are pruned.
    checkpoint_debounce_s: int = 60
    max_checkpoints: int = 20
    checkpoint_retention_days: int = 30
    # session_end's episode summary: at most this many characters (the extractive summary's sentences
    # are the session's facts, most useful first).
    summary_max_chars: int = 1200


class DocumentSettings(BaseModel):
    """Documents in (`POST /v1/documents`, engram.usecases.documents): chunking and the URL fetch."""

    chunk_chars: int = 2000  # a chunk's target size; cut at a paragraph, sentence or word near it
    chunk_overlap: int = 200  # characters a chunk repeats from the end of the one before it
    max_chunks: int = 500  # more is cut, the document marked with a warning
    max_text_chars: int = 1_000_000  # `text` (or an upload's text) per document; more is a 413
    fetch_enabled: bool = True  # false: documents by URL are refused (422); texts and files still taken
    fetch_timeout_s: float = 30.0
    fetch_max_bytes: int = 10 * 1024 * 1024  # a response over this stops while streaming
    fetch_max_redirects: int = 5
    # The fetch refuses loopback, private, link-local, metadata and unspecified addresses; an operator
    # may allow networks here (CIDRs, e.g. "10.0.0.0/8" for an intranet wiki).
    # ENGRAM_DOCUMENTS__FETCH_ALLOWED_NETWORKS=10.0.0.0/8,127.0.0.1/32
    fetch_allowed_networks: list[str] = Field(default_factory=list)

    @field_validator("fetch_allowed_networks", mode="before")
    @classmethod
    def _networks(cls, value: Any) -> Any:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        for cidr in value if isinstance(value, list) else ():
            ipaddress.ip_network(cidr, strict=False)  # a ValueError names the bad network
        return value


class WebhookSettings(BaseModel):
    """Change events to webhooks (`ENGRAM_WEBHOOKS__*`, engram.usecases.webhooks): delivery and its
    retries. URLs obey the document fetch's address rules; `allowed_networks` lets an operator allow
    private ones (e.g. "127.0.0.1/32" for a receiver on the same machine)."""

    enabled: bool = True  # false: POST /v1/webhooks is refused (422) and serve delivers nothing
    max_attempts: int = Field(default=8, ge=1)  # then the delivery is dead until replayed
    backoff_base_s: float = Field(default=2.0, gt=0)  # the first retry's delay (doubling, jittered)
    backoff_max_s: float = Field(default=600.0, gt=0)
    timeout_s: float = Field(default=10.0, gt=0)  # one POST; a slower receiver counts as failed
    poll_s: float = Field(default=0.2, gt=0)  # how often the delivery thread looks for work
    batch: int = Field(default=50, ge=1)
    max_endpoints: int = Field(default=10, ge=1)  # per tenant
    allowed_networks: list[str] = Field(default_factory=list)
    # AWS: the EventBridge bus every change event goes to, and the SQS queue of webhook deliveries
    bus_name: str = ""
    queue_url: str = ""

    @field_validator("allowed_networks", mode="before")
    @classmethod
    def _networks(cls, value: Any) -> Any:
        return DocumentSettings._networks(value)  # the same CIDR list, the same checks


class AnnSettings(BaseModel):
    """The embedded default's approximate vector leg (`ENGRAM_ANN__*`, engram.adapters.local.hnsw): per
    (tenant, user) an HNSW graph persisted in the data dir, a cache the SQLite vectors rebuild."""

    # A scope with more vectors than this is searched through its graph; at or below it, by the exact
    # matrix product (faster there, and exact). 0 turns the graph off everywhere.
    threshold: int = 20000
    m: int = 16  # graph degree: links per node (more: better recall, bigger file, slower build)
    ef_construction: int = 100  # candidates considered per insert (more: better graph, slower build)
    ef_search: int = 400  # candidates walked per query (at least the oversampled candidate count)
    # The graph is asked for oversample × k candidates; they are filtered by the scope and re-ranked by
    # their exact scores. Fewer than k passing (a selective filter): the exact product answers instead.
    oversample: int = 4
    save_every: int = 5000  # vectors added or removed since the file was written: write it again
    # Vectors of the small scopes (at or below the threshold) a process keeps as matrices, across the
    # users it has searched (~1.7 KB each at 384 dimensions): past this, the least recently searched
    # are dropped and read from SQLite again on their next search. Graphs do not count. 0: no limit.
    dense_vectors: int = 1_000_000


class DecayPolicy(BaseModel):
    after_days: int
    factor: float


class HealthSettings(BaseModel):
    """Self-repair (`engram doctor`): `execute` lets the janitor's scheduler repair after each repair
    pass (off: the score is only reported); each action waits `cooldown_s` between runs, runs at
    most `hourly_budget` times an hour, and halts after `halt_after` runs that did not raise the score."""

    execute: bool = False
    window_s: int = 86400  # jobs touched within this window count towards the dead-job rate
    cooldown_s: int = 600
    hourly_budget: int = 3
    halt_after: int = 3


class JanitorSettings(BaseModel):
    enabled: bool = True
    batch_limit: int = 500
    repair_interval_s: int = 300
    expire_interval_s: int = 3600
    decay_interval_s: int = 86400
    retention_interval_s: int = 86400
    consolidate_interval_s: int = 86400
    pending_after_s: int = 600
    max_attempts: int = 5
    decay_user_stated: DecayPolicy = DecayPolicy(after_days=180, factor=0.95)
    decay_episode_summary: DecayPolicy = DecayPolicy(after_days=90, factor=0.9)
    decay_imported: DecayPolicy = DecayPolicy(after_days=90, factor=0.9)
    decay_assistant_derived: DecayPolicy = DecayPolicy(after_days=30, factor=0.8)
    cull_enabled: bool = False
    cull_below_confidence: float = 0.2
    cull_protected_user_stated: bool = True
    cull_protected_constraints: bool = True
    tombstone_retention_days: int = 30
    history_retention_days: int = 180
    job_retention_days: int = 14
    consolidate_threshold: float = 0.92
    consolidate_pairs: int = 100
    health: HealthSettings = HealthSettings()
    # the `reembed` job (after an embedding model switch): at most reembed_budget vectors a run, in
    # batches of batch_limit; its pass goes on from the saved cursor every reembed_interval_s
    reembed_interval_s: int = 900
    reembed_budget: int = Field(default=5000, ge=1)


class ServerSettings(BaseModel):
    """`engram serve`'s HTTP limits per process (`ENGRAM_SERVER__*`): uvicorn's own where it has them,
    and the two it lacks (engram.runtime.server.EngramProtocol): a deadline for a whole request and a
    cap on connections that sheds the longest-waiting idle one."""

    max_header_bytes: int = 65536  # a request's header section (uvicorn's h11_max_incomplete_event_size)
    max_headers: int = 100  # header fields per request; more is a 431
    keep_alive_s: int = 5  # an idle keep-alive connection is closed after this (timeout_keep_alive)
    # A request must arrive whole (header section and body) this long after its connection opened or
    # its previous answer was sent; else the connection is closed.
    request_timeout_s: float = 10.0
    # Connections per process, at most; one more sheds the one waiting longest for a request. Never more
    # than the file-descriptor limit leaves (RLIMIT_NOFILE less what the process and the backlog use).
    max_connections: int = 4096
    backlog: int = 2048  # connections the kernel queues until the server accepts them (listen backlog)
    # Requests a process resolves at once (threads, each with its own EngramApi); 0: 2 on the embedded
    # default (its requests are CPU and SQLite), 32 on AWS (they wait on the network).
    threads: int = 0
    graceful_shutdown_s: int = 5  # on stop, requests under way get this long to finish


class HintSettings(BaseModel):
    """Prospective hints (`ENGRAM_HINTS__ENABLED`): with a model enricher (bedrock / openai), each memory
    gets up to 5 questions it would answer, kept in their own full-text index; recall's lexical leg
    scores a memory by the stronger of its content's and its hints' BM25 (never their sum)."""

    enabled: bool = False


ENV_PREFIX = "engram_"
ENV_NESTING = "__"


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")

    def __init__(self, **values: Any) -> None:
        super().__init__(**_over(from_environment(type(self), os.environ), values))

    backend: Literal["local", "aws"] = "local"
    stage: str = "dev"
    service_name: str = "engram"

    # local (embedded default)
    data_dir: Path = Path(".engram")
    worker_enabled: bool = True
    worker_poll_s: float = 0.05
    # enrichment processes `engram serve` runs (engram.runtime.worker.process_count); 0: a share of the cores
    worker_processes: int = Field(default=0, ge=0)
    # Recall's retrieval counts are folded in memory and written every this many seconds, one write for
    # them all (engram.runtime.retrievals; a crash loses that long's counts); 0: a queued job a recall
    retrieval_flush_s: float = Field(default=1.0, ge=0)
    ann: AnnSettings = Field(default_factory=AnnSettings)  # the local index's HNSW vector leg

    # aws
    table_name: str = "engram"
    queue_url: str = ""
    dlq_url: str = ""
    opensearch_endpoint: str = ""
    opensearch_mode: Literal["aoss", "es"] = "aoss"
    opensearch_index: str = "engram-memories"
    region: str = ""
    idempotency_table: str = ""  # Idempotency-Key records (the api function's); "": keys answered 501

    # limits
    max_body_bytes: int = 65536
    # The rate of an API key minted without --rate (engram.domain.key_rules, which reads these two
    # from the environment itself, for the authorizer's light cold start): > 0, or "unlimited".
    default_key_rate: Annotated[float, Field(gt=0)] | Literal["unlimited"] = DEFAULT_KEY_RATE
    default_key_burst: int | None = Field(default=None, ge=1)  # None: two seconds' worth
    server: ServerSettings = Field(default_factory=ServerSettings)  # `engram serve`'s HTTP limits
    # A memory's content (8,000 characters) and a batch's items (100) are limits of the API contract,
    # declared on its models (engram.api.schemas) so the committed OpenAPI document states them.

    pipeline_mode: Literal["controlled", "shadow", "frozen"] = "controlled"

    pii: PiiSettings = Field(default_factory=PiiSettings)
    embedder: EmbedderSettings = Field(default_factory=EmbedderSettings)
    enricher: EnricherSettings = Field(default_factory=EnricherSettings)
    dedup: DedupSettings = Field(default_factory=DedupSettings)
    ranking: RankingSettings = Field(default_factory=RankingSettings)
    reranker: RerankerSettings = Field(default_factory=RerankerSettings)
    janitor: JanitorSettings = Field(default_factory=JanitorSettings)
    sessions: SessionSettings = Field(default_factory=SessionSettings)
    documents: DocumentSettings = Field(default_factory=DocumentSettings)
    webhooks: WebhookSettings = Field(default_factory=WebhookSettings)
    hints: HintSettings = Field(default_factory=HintSettings)

    @property
    def default_rate(self) -> DefaultRate:
        """The rate of API keys without one of their own (engram.domain.key_rules)."""
        return DefaultRate.parse(self.default_key_rate, self.default_key_burst)

    @property
    def db_path(self) -> Path:
        return self.data_dir / "engram.sqlite3"


def from_environment(model: type[BaseModel], environ: Mapping[str, str]) -> dict[str, Any]:
    """The values `environ` gives `model`'s fields, as raw strings (or JSON-decoded nested models) for
    pydantic to convert, nested as the fields are."""
    values: dict[str, Any] = {}
    for name, raw in sorted(environ.items(), key=lambda item: item[0].count(ENV_NESTING)):
        lower = name.lower()
        if lower.startswith(ENV_PREFIX):
            _place(model, values, lower[len(ENV_PREFIX) :].split(ENV_NESTING), raw)
    return values


def _place(model: type[BaseModel], values: dict[str, Any], path: list[str], raw: str) -> None:
    field = model.model_fields.get(path[0])
    if field is None:
        return  # not a setting: ignored, as any other variable
    annotation = field.annotation
    nested = annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
    if len(path) == 1:
        values[path[0]] = raw if nested is None else _json_or_raw(raw)
    elif nested is not None:
        inner = values.get(path[0])
        if not isinstance(inner, dict):
            inner = values[path[0]] = {}
        _place(nested, inner, path[1:], raw)


def _json_or_raw(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw  # left for pydantic to refuse with the field's name


def _over(base: dict[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """`base` with `override` laid over it, dictionaries merged key by key."""
    merged = dict(base)
    for key, value in override.items():
        below = merged.get(key)
        merged[key] = _over(below, value) if isinstance(value, dict) and isinstance(below, dict) else value
    return merged
