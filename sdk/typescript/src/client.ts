// `Engram`: the client of the engram HTTPS API over the platform's `fetch` (Node 20+, Deno, Bun,
// browsers). One method per route, typed by the generated `schema.ts`; retries with exponential
// backoff and full jitter on 429, 5xx and network failures, honouring `Retry-After`; an
// `Idempotency-Key` on every write it may retry, the same key across its retries.
import { EngramConnectionError, EngramError, EngramTimeoutError, errorFromResponse, retryAfterMs } from "./errors.js";
import type { components, paths } from "./schema.js";

export type Schemas = components["schemas"];
export type RememberRequest = Schemas["RememberRequest"];
export type RememberResponse = Schemas["RememberResponse"];
export type BatchResponse = Schemas["BatchResponse"];
export type MemoryOut = Schemas["MemoryOut"];
export type MemoryList = Schemas["MemoryList"];
export type PatchRequest = Schemas["PatchRequest"];
export type SearchRequest = Schemas["SearchRequest"];
export type SearchResponse = Schemas["SearchResponse"];
export type SearchResult = Schemas["SearchResult"];
export type ContextRequest = Schemas["ContextRequest"];
export type ContextResponse = Schemas["ContextResponse"];
export type HistoryList = Schemas["HistoryList"];
export type EntityList = Schemas["EntityList"];
export type EntityOut = Schemas["EntityOut"];
export type EntityDetailOut = Schemas["EntityDetailOut"];
export type AppendRequest = Schemas["AppendRequest"];
export type AppendResponse = Schemas["AppendResponse"];
export type MessageRequest = Schemas["MessageRequest"];
export type MessageOut = Schemas["MessageOut"];
export type SessionOut = Schemas["SessionOut"];
export type SessionDeleted = Schemas["SessionDeleted"];
export type TranscriptOut = Schemas["TranscriptOut"];
export type CheckpointRequest = Schemas["CheckpointRequest"];
export type CheckpointSaved = Schemas["CheckpointSaved"];
export type RecoveryOut = Schemas["RecoveryOut"];
export type DocumentRequest = Schemas["DocumentRequest"];
export type DocumentAccepted = Schemas["DocumentAccepted"];
export type DocumentOut = Schemas["DocumentOut"];
export type DocumentList = Schemas["DocumentList"];
export type DocumentDeleted = Schemas["DocumentDeleted"];
export type WebhookRequest = Schemas["WebhookRequest"];
export type WebhookCreated = Schemas["WebhookCreated"];
export type WebhookList = Schemas["WebhookList"];
export type WebhookDeleted = Schemas["WebhookDeleted"];
export type ImportRequest = Schemas["ImportRequest"];
export type ImportResponse = Schemas["ImportResponse"];
export type ErasureOut = Schemas["ErasureOut"];
export type Stats = Schemas["Stats"];
export type Health = Schemas["Health"];

type QueryOf<P extends keyof paths, M extends "get" | "delete"> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

/** `GET /v1/memories` filters; `metadata_filter` may be given as an object (sent as its JSON). */
export type ListMemoriesQuery = Omit<QueryOf<"/v1/memories", "get">, "metadata_filter"> & {
  metadata_filter?: string | Record<string, unknown> | null;
};
export type ListEntitiesQuery = QueryOf<"/v1/entities", "get">;
export type GetEntityQuery = QueryOf<"/v1/entities/{entity}", "get">;
export type ListDocumentsQuery = QueryOf<"/v1/documents", "get">;
export type TranscriptQuery = QueryOf<"/v1/sessions/{session_id}/transcript", "get">;
export type LatestCheckpointQuery = QueryOf<"/v1/sessions/{session_id}/checkpoints/latest", "get">;
export type DeleteSessionQuery = QueryOf<"/v1/sessions/{session_id}", "delete">;
export type ExportQuery = QueryOf<"/v1/export", "get">;

/** Without the paging fields: what an iterator walks through, page after page. */
export type Paged<Q> = Omit<Q, "cursor" | "limit"> & { pageSize?: number };

/** One record of an export (`kind`: header, memory, entity, relation, session, message, end). */
export type ExportRecord = { kind: string; [field: string]: unknown };
/** One page of `GET /v1/export`: its records, and the cursor of the next page (null: the last). */
export interface ExportPage {
  records: ExportRecord[];
  cursor: string | null;
}

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries?: number;
  /** The first backoff's upper bound in ms, doubled each retry (default 500). */
  backoffMs?: number;
  /** The largest backoff in ms (default 8,000). */
  maxBackoffMs?: number;
  /** The longest `Retry-After` honoured, in ms (default 60,000). */
  maxRetryAfterMs?: number;
}

export interface EngramOptions extends RetryOptions {
  /** The API's address (default: `ENGRAM_URL` where the platform has an environment, else http://127.0.0.1:8080). */
  baseUrl?: string;
  /** The API key (default: `ENGRAM_API_KEY`). */
  apiKey?: string;
  /** Each attempt's limit in ms, answer body included (default 30,000; 0: none). */
  timeoutMs?: number;
  /** Headers sent with every request. */
  headers?: Record<string, string>;
  /** The `fetch` to use (default: the platform's). */
  fetch?: typeof fetch;
}

/** What every method takes last: per-call overrides. */
export interface RequestOptions {
  /** Cancels the call, its retries and the waits between them; the call rejects with the signal's reason. */
  signal?: AbortSignal;
  timeoutMs?: number;
  maxRetries?: number;
  /** The key sent with a write (default: a fresh `crypto.randomUUID()` per call). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

type Query = Record<string, string | number | boolean | null | undefined | object>;

interface Call {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  query?: Query;
  body?: unknown;
  /** A write (a POST or PATCH that changes data): sent with an `Idempotency-Key`, the same for
   *  each attempt, so that a retry cannot apply it twice. */
  write?: boolean;
  ndjson?: boolean;
}

export const DEFAULT_URL = "http://127.0.0.1:8080";
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504]);

function env(name: string): string | undefined {
  const proc = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
  try {
    return proc?.env?.[name] || undefined;
  } catch {
    return undefined; // Deno without --allow-env
  }
}

const seg = encodeURIComponent;

/** A timer that rejects with the signal's reason when it is aborted first. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

class AttemptTimeout extends Error {}

/** 429 and 5xx; a PATCH answered 409 (the memory changed under it, e.g. by its enrichment: the same
 *  changes apply to the new version); a write's 409 `idempotency_in_progress` (an earlier attempt
 *  under its key still runs: a later one gets its answer). */
function retryable(call: Call, response: Response, text: string): boolean {
  if (RETRY_STATUSES.has(response.status)) return true;
  if (response.status !== 409) return false;
  return (
    call.method === "PATCH" ||
    (call.write === true && errorFromResponse(response, text).code === "idempotency_in_progress")
  );
}

/** A success's JSON (null when it has no body); an EngramError when it is not JSON (a proxy's page). */
function parseAnswer(response: Response, text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = `the API answered ${response.status} with a body that is not JSON: ${text.slice(0, 200)}`;
    throw new EngramError(message, { code: "invalid_response", status: response.status, cause: error });
  }
}

/** The engram API. Methods answer the API's response types and throw typed `EngramError`s. */
export class Engram {
  readonly baseUrl: string;
  readonly #apiKey: string | undefined;
  readonly #options: Required<RetryOptions> & { timeoutMs: number };
  readonly #headers: Record<string, string>;
  readonly #fetch: typeof fetch;

  constructor(options: EngramOptions = {}) {
    this.baseUrl = (options.baseUrl ?? env("ENGRAM_URL") ?? DEFAULT_URL).replace(/\/+$/, "");
    this.#apiKey = options.apiKey ?? env("ENGRAM_API_KEY");
    this.#options = {
      maxRetries: options.maxRetries ?? 2,
      backoffMs: options.backoffMs ?? 500,
      maxBackoffMs: options.maxBackoffMs ?? 8_000,
      maxRetryAfterMs: options.maxRetryAfterMs ?? 60_000,
      timeoutMs: options.timeoutMs ?? 30_000,
    };
    this.#headers = { ...options.headers };
    this.#fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  // --------------------------------------------------------------------------- meta

  health(options?: RequestOptions): Promise<Health> {
    return this.#send({ method: "GET", path: "/v1/health" }, options);
  }

  openapi(options?: RequestOptions): Promise<Record<string, unknown>> {
    return this.#send({ method: "GET", path: "/v1/openapi.json" }, options);
  }

  /** The caller's memories per status and enrichment state. */
  stats(options?: RequestOptions): Promise<Stats> {
    return this.#send({ method: "GET", path: "/v1/admin/stats" }, options);
  }

  // --------------------------------------------------------------------------- memories

  /** Remember one memory: `201` stored, `200` deduplicated or rejected (see `status`). */
  remember(request: RememberRequest, options?: RequestOptions): Promise<RememberResponse> {
    return this.#send({ method: "POST", path: "/v1/memories", body: request, write: true }, options);
  }

  /** Up to 100 memories, one result each, in order. */
  rememberBatch(items: RememberRequest[], options?: RequestOptions): Promise<BatchResponse> {
    return this.#send({ method: "POST", path: "/v1/memories/batch", body: { items }, write: true }, options);
  }

  get(memoryId: string, options?: RequestOptions): Promise<MemoryOut> {
    return this.#send({ method: "GET", path: `/v1/memories/${seg(memoryId)}` }, options);
  }

  /** Change a memory; new content is re-gated, re-hashed and re-enriched. A 409 (it changed under
   *  the call, e.g. by its enrichment) is retried: the same changes apply to the new version. */
  update(memoryId: string, changes: PatchRequest, options?: RequestOptions): Promise<MemoryOut> {
    return this.#send({ method: "PATCH", path: `/v1/memories/${seg(memoryId)}`, body: changes, write: true }, options);
  }

  /** Soft delete (a tombstone): the same content may be remembered again. */
  forget(memoryId: string, options?: RequestOptions): Promise<MemoryOut> {
    return this.#send({ method: "DELETE", path: `/v1/memories/${seg(memoryId)}` }, options);
  }

  history(memoryId: string, options?: RequestOptions): Promise<HistoryList> {
    return this.#send({ method: "GET", path: `/v1/memories/${seg(memoryId)}/history` }, options);
  }

  /** One page of a user's memories, newest first; pass its `cursor` back for the next. */
  list(query: ListMemoriesQuery, options?: RequestOptions): Promise<MemoryList> {
    return this.#send({ method: "GET", path: "/v1/memories", query }, options);
  }

  /** Every memory of the listing, following the cursor page by page. */
  iterMemories(query: Paged<ListMemoriesQuery>, options?: RequestOptions): AsyncGenerator<MemoryOut> {
    return this.#pages(
      query,
      (q) => this.list(q, options),
      (page) => page.items,
    );
  }

  /** Recall: the memories that matter for `query`, best first. */
  search(request: SearchRequest, options?: RequestOptions): Promise<SearchResponse> {
    return this.#send({ method: "POST", path: "/v1/memories/search", body: request }, options);
  }

  /** A context block for a prompt: current facts, constraints first, within `budget_tokens`. */
  context(request: ContextRequest, options?: RequestOptions): Promise<ContextResponse> {
    return this.#send({ method: "POST", path: "/v1/context", body: request }, options);
  }

  // --------------------------------------------------------------------------- graph

  listEntities(query: ListEntitiesQuery, options?: RequestOptions): Promise<EntityList> {
    return this.#send({ method: "GET", path: "/v1/entities", query }, options);
  }

  iterEntities(query: Paged<ListEntitiesQuery>, options?: RequestOptions): AsyncGenerator<EntityOut> {
    return this.#pages(
      query,
      (q) => this.listEntities(q, options),
      (page) => page.items,
    );
  }

  /** One entity (by id or name) with its relations and the memories that mention it. */
  getEntity(entity: string, query: GetEntityQuery, options?: RequestOptions): Promise<EntityDetailOut> {
    return this.#send({ method: "GET", path: `/v1/entities/${seg(entity)}`, query }, options);
  }

  // --------------------------------------------------------------------------- sessions

  /** Append a conversation's messages (kept raw first, mined for facts afterwards). */
  addMessages(sessionId: string, request: AppendRequest, options?: RequestOptions): Promise<AppendResponse> {
    const path = `/v1/sessions/${seg(sessionId)}/messages`;
    return this.#send({ method: "POST", path, body: request, write: true }, options);
  }

  getSession(sessionId: string, userId: string, options?: RequestOptions): Promise<SessionOut> {
    return this.#send({ method: "GET", path: `/v1/sessions/${seg(sessionId)}`, query: { user_id: userId } }, options);
  }

  transcript(sessionId: string, query: TranscriptQuery, options?: RequestOptions): Promise<TranscriptOut> {
    return this.#send({ method: "GET", path: `/v1/sessions/${seg(sessionId)}/transcript`, query }, options);
  }

  iterTranscript(
    sessionId: string,
    query: Paged<TranscriptQuery>,
    options?: RequestOptions,
  ): AsyncGenerator<MessageOut> {
    return this.#pages(
      query,
      (q) => this.transcript(sessionId, q, options),
      (page) => page.items,
    );
  }

  /** Remove the transcript's last message and return it (NotFoundError when there is none); facts
   *  already extracted from it stay. */
  popMessage(sessionId: string, userId: string, options?: RequestOptions): Promise<MessageOut> {
    const path = `/v1/sessions/${seg(sessionId)}/messages/last`;
    return this.#send({ method: "DELETE", path, query: { user_id: userId } }, options);
  }

  deleteSession(sessionId: string, query: DeleteSessionQuery, options?: RequestOptions): Promise<SessionDeleted> {
    return this.#send({ method: "DELETE", path: `/v1/sessions/${seg(sessionId)}`, query }, options);
  }

  /** Save a checkpoint (trigger: periodic, pre_compaction, session_end, explicit). */
  checkpoint(sessionId: string, request: CheckpointRequest, options?: RequestOptions): Promise<CheckpointSaved> {
    const path = `/v1/sessions/${seg(sessionId)}/checkpoints`;
    return this.#send({ method: "POST", path, body: request, write: true }, options);
  }

  /** The recovery digest: the latest checkpoint and what the session knows, within the budget. */
  latestCheckpoint(sessionId: string, query: LatestCheckpointQuery, options?: RequestOptions): Promise<RecoveryOut> {
    const path = `/v1/sessions/${seg(sessionId)}/checkpoints/latest`;
    return this.#send({ method: "GET", path, query }, options);
  }

  // --------------------------------------------------------------------------- documents

  /** Store a document (text, an uploaded file or a URL); chunking and extraction are queued. */
  submitDocument(request: DocumentRequest, options?: RequestOptions): Promise<DocumentAccepted> {
    return this.#send({ method: "POST", path: "/v1/documents", body: request, write: true }, options);
  }

  listDocuments(query: ListDocumentsQuery, options?: RequestOptions): Promise<DocumentList> {
    return this.#send({ method: "GET", path: "/v1/documents", query }, options);
  }

  iterDocuments(query: Paged<ListDocumentsQuery>, options?: RequestOptions): AsyncGenerator<DocumentOut> {
    return this.#pages(
      query,
      (q) => this.listDocuments(q, options),
      (page) => page.documents,
    );
  }

  getDocument(documentId: string, options?: RequestOptions): Promise<DocumentOut> {
    return this.#send({ method: "GET", path: `/v1/documents/${seg(documentId)}` }, options);
  }

  /** Forget a document and every chunk it contributed. */
  deleteDocument(documentId: string, options?: RequestOptions): Promise<DocumentDeleted> {
    return this.#send({ method: "DELETE", path: `/v1/documents/${seg(documentId)}` }, options);
  }

  // --------------------------------------------------------------------------- webhooks

  /** Send the tenant's change events to `url`; keep the answer's `secret` (shown once) to check
   *  each delivery's `Engram-Signature` (docs/webhooks.md). */
  createWebhook(request: WebhookRequest, options?: RequestOptions): Promise<WebhookCreated> {
    return this.#send({ method: "POST", path: "/v1/webhooks", body: request, write: true }, options);
  }

  listWebhooks(options?: RequestOptions): Promise<WebhookList> {
    return this.#send({ method: "GET", path: "/v1/webhooks" }, options);
  }

  deleteWebhook(webhookId: string, options?: RequestOptions): Promise<WebhookDeleted> {
    return this.#send({ method: "DELETE", path: `/v1/webhooks/${seg(webhookId)}` }, options);
  }

  // --------------------------------------------------------------------------- a user's data

  /** One page of the user's export (memories with history, graph, sessions), as records. */
  async exportPage(query: ExportQuery, options?: RequestOptions): Promise<ExportPage> {
    const text: string = await this.#send({ method: "GET", path: "/v1/export", query, ndjson: true }, options);
    const records = text
      .split("\n")
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as ExportRecord);
    const last = records[records.length - 1];
    if (last?.kind === "page") return { records: records.slice(0, -1), cursor: String(last.cursor) };
    return { records, cursor: null };
  }

  /** Every record of the user's export, page after page. */
  iterExport(query: Paged<ExportQuery>, options?: RequestOptions): AsyncGenerator<ExportRecord> {
    return this.#pages(
      query,
      (q) => this.exportPage(q, options),
      (page) => page.records,
    );
  }

  /** Import records of an export (at most 500 a call); ids are kept, a second import changes nothing. */
  importRecords(records: ImportRequest["records"], options?: RequestOptions): Promise<ImportResponse> {
    return this.#send({ method: "POST", path: "/v1/import", body: { records }, write: true }, options);
  }

  /** Erase everything of the user in this tenant, as a job: follow it with `erasure`. */
  forgetUser(userId: string, options?: RequestOptions): Promise<ErasureOut> {
    return this.#send({ method: "DELETE", path: `/v1/users/${seg(userId)}` }, options);
  }

  erasure(userId: string, jobId: string, options?: RequestOptions): Promise<ErasureOut> {
    return this.#send({ method: "GET", path: `/v1/users/${seg(userId)}/erasures/${seg(jobId)}` }, options);
  }

  // --------------------------------------------------------------------------- the transport

  /** Any route, for what this SDK has no method for yet: the parsed JSON answer. */
  request<T = unknown>(
    method: Call["method"],
    path: string,
    init: { query?: Query; body?: unknown; write?: boolean } = {},
    options?: RequestOptions,
  ): Promise<T> {
    return this.#send({ method, path, ...init }, options);
  }

  async *#pages<Q extends { pageSize?: number }, P extends { cursor?: string | null }, I>(
    query: Q,
    fetchPage: (query: Omit<Q, "pageSize"> & { cursor?: string; limit?: number }) => Promise<P>,
    itemsOf: (page: P) => I[],
  ): AsyncGenerator<I> {
    const { pageSize, ...rest } = query;
    let cursor: string | undefined;
    do {
      const page = await fetchPage({ ...rest, cursor, limit: pageSize });
      yield* itemsOf(page);
      cursor = page.cursor ?? undefined;
    } while (cursor);
  }

  #url(path: string, query?: Query): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      params.append(key, typeof value === "object" ? JSON.stringify(value) : String(value));
    }
    const search = params.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ""}`;
  }

  /** Retry-After when the API sent one (capped), else full jitter: uniform in [0, backoff * 2^(n-1)]. */
  #delay(retry: number, headers?: Headers): number {
    const asked = headers ? retryAfterMs(headers) : undefined;
    if (asked !== undefined) return Math.min(asked, this.#options.maxRetryAfterMs);
    return Math.random() * Math.min(this.#options.maxBackoffMs, this.#options.backoffMs * 2 ** (retry - 1));
  }

  async #send<T>(call: Call, options: RequestOptions = {}): Promise<T> {
    const { signal } = options;
    const maxRetries = options.maxRetries ?? this.#options.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.#options.timeoutMs;
    const headers: Record<string, string> = { Accept: "application/json", ...this.#headers, ...options.headers };
    if (this.#apiKey) headers.Authorization = `Bearer ${this.#apiKey}`;
    if (call.body !== undefined) headers["Content-Type"] = "application/json";
    if (call.write) headers["Idempotency-Key"] = options.idempotencyKey ?? globalThis.crypto.randomUUID();
    const url = this.#url(call.path, call.query);
    const body = call.body === undefined ? undefined : JSON.stringify(call.body);

    for (let retry = 0; ; retry++) {
      signal?.throwIfAborted();
      let response: Response;
      let text: string;
      try {
        [response, text] = await this.#attempt(url, { method: call.method, headers, body }, timeoutMs, signal);
      } catch (error) {
        if (signal?.aborted) throw signal.reason;
        const failure =
          error instanceof AttemptTimeout
            ? new EngramTimeoutError(`engram at ${this.baseUrl} did not answer within ${timeoutMs} ms`, {
                code: "timeout",
              })
            : new EngramConnectionError(`cannot reach engram at ${this.baseUrl}: ${String(error)}`, {
                code: "connection_error",
                cause: error,
              });
        if (retry >= maxRetries) throw failure;
        await sleep(this.#delay(retry + 1), signal);
        continue;
      }
      if (response.ok) return (call.ndjson ? text : parseAnswer(response, text)) as T;
      if (retry < maxRetries && retryable(call, response, text)) {
        await sleep(this.#delay(retry + 1, response.headers), signal);
        continue;
      }
      throw errorFromResponse(response, text);
    }
  }

  /** One HTTP exchange, its body read, within `timeoutMs` and the caller's signal. */
  async #attempt(
    url: string,
    init: RequestInit,
    timeoutMs: number,
    signal: AbortSignal | undefined,
  ): Promise<[Response, string]> {
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(new AttemptTimeout()), timeoutMs) : undefined;
    try {
      const response = await this.#fetch(url, { ...init, signal: controller.signal });
      return [response, await response.text()];
    } catch (error) {
      if (controller.signal.reason instanceof AttemptTimeout) throw controller.signal.reason;
      throw error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }
}
