// Retries, idempotency keys, timeouts and aborts, against a scripted loopback stub: the answers a
// real server gives only by chance (429, 503, a dropped connection, a hang) given on purpose.
import assert from "node:assert/strict";
import { afterEach, test } from "node:test";

import {
  Engram,
  EngramConnectionError,
  EngramError,
  EngramTimeoutError,
  RateLimitError,
  ServerError,
  ServiceUnavailableError,
} from "../dist/esm/index.js";
import { startStub } from "./helpers.mjs";

const HOUR_MS = 3_600_000;
const stored = { status: 201, body: { id: "01M8GQZMQ6QJF7JJT0GSD9D9RD", status: "stored", deduplicated: false } };
const throttled = (after = "0") => ({
  status: 429,
  headers: { "retry-after": after },
  body: { error: "rate_limited", message: "slow down", details: [] },
});
const unavailable = {
  status: 503,
  headers: { "retry-after": "0" },
  body: { error: "index_unavailable", message: "later" },
};
const memory = { content: "The release train leaves every other Thursday", user_id: "u" };

/** @type {Awaited<ReturnType<typeof startStub>> | undefined} */
let stub;
afterEach(() => stub?.stop());

test(
  "a 429 is retried after its Retry-After, not after the backoff, with the same idempotency key",
  { timeout: 30_000 },
  async () => {
    stub = await startStub([throttled("0"), throttled("0"), stored]);
    // A backoff of an hour: the call can only finish if Retry-After (0 s) decides the wait.
    const engram = new Engram({ baseUrl: stub.url, apiKey: "k", backoffMs: HOUR_MS, maxBackoffMs: HOUR_MS });
    const answer = await engram.remember(memory);
    assert.equal(answer.status, "stored");
    assert.equal(stub.requests.length, 3);
    const keys = stub.requests.map((r) => r.headers["idempotency-key"]);
    assert.match(String(keys[0]), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.deepEqual(keys, [keys[0], keys[0], keys[0]]);
    assert.deepEqual(
      stub.requests.map((r) => JSON.parse(r.body)),
      [memory, memory, memory],
    );
    assert.equal(stub.requests[0]?.headers.authorization, "Bearer k");
  },
);

test("each write call gets its own key; reads, search and deletes send none; a caller's key is kept", async () => {
  stub = await startStub([stored]);
  const engram = new Engram({ baseUrl: stub.url, apiKey: "k" });
  await engram.remember(memory);
  await engram.remember(memory);
  await engram.remember(memory, { idempotencyKey: "my-key-1" });
  await engram.search({ query: "release", user_id: "u" });
  await engram.list({ user_id: "u" });
  await engram.forget("m");
  const keys = stub.requests.map((r) => r.headers["idempotency-key"]);
  assert.notEqual(keys[0], keys[1]);
  assert.deepEqual(keys.slice(2), ["my-key-1", undefined, undefined, undefined]);
});

test("503s and a dropped connection are retried; the retries run out into a typed error", async () => {
  stub = await startStub([unavailable, "drop", { status: 200, body: { results: [stored.body] } }]);
  const engram = new Engram({ baseUrl: stub.url, backoffMs: 1 });
  assert.equal((await engram.rememberBatch([memory])).results[0]?.status, "stored");
  assert.equal(stub.requests.length, 3);
  await stub.stop();

  stub = await startStub([unavailable]);
  const once = new Engram({ baseUrl: stub.url, backoffMs: 1, maxRetries: 1 });
  const error = await once.get("x").catch((e) => e);
  assert.ok(error instanceof ServiceUnavailableError && error instanceof ServerError);
  assert.equal(error.code, "index_unavailable");
  assert.equal(stub.requests.length, 2);
});

test("a 429 beyond the retries is a RateLimitError with the wait the API asked for", async () => {
  stub = await startStub([throttled("7")]);
  const engram = new Engram({ baseUrl: stub.url, maxRetries: 0 });
  const error = await engram.list({ user_id: "u" }).catch((e) => e);
  assert.ok(error instanceof RateLimitError);
  assert.equal(error.status, 429);
  assert.equal(error.code, "rate_limited");
  assert.equal(error.retryAfterMs, 7000);
});

test("an answer that is not the API's error shape keeps its status and text", async () => {
  stub = await startStub([{ status: 502, body: "<html>Bad Gateway</html>" }]);
  const engram = new Engram({ baseUrl: stub.url, maxRetries: 0 });
  const error = await engram.health().catch((e) => e);
  assert.ok(error instanceof ServerError);
  assert.equal(error.code, "http_502");
  assert.equal(error.message, "<html>Bad Gateway</html>");
});

test("an unreachable API is an EngramConnectionError after the retries", async () => {
  stub = await startStub([stored]);
  const url = stub.url;
  await stub.stop();
  stub = undefined;
  const engram = new Engram({ baseUrl: url, backoffMs: 1, maxRetries: 1 });
  const error = await engram.health().catch((e) => e);
  assert.ok(error instanceof EngramConnectionError);
  assert.equal(error.code, "connection_error");
  assert.equal(error.status, undefined);
});

test("an attempt that does not answer in time is retried, then an EngramTimeoutError", async () => {
  stub = await startStub(["hang"]);
  const engram = new Engram({ baseUrl: stub.url, timeoutMs: 50, backoffMs: 1, maxRetries: 1 });
  const error = await engram.remember(memory).catch((e) => e);
  assert.ok(error instanceof EngramTimeoutError && error instanceof EngramConnectionError);
  assert.equal(error.code, "timeout");
  assert.equal(stub.requests.length, 2);
  assert.equal(stub.requests[0]?.headers["idempotency-key"], stub.requests[1]?.headers["idempotency-key"]);
});

test("aborting rejects with the signal's reason, in flight or while waiting to retry", async () => {
  stub = await startStub(["hang"]);
  const engram = new Engram({ baseUrl: stub.url, timeoutMs: 0 });
  const inFlight = new AbortController();
  const call = engram.list({ user_id: "u" }, { signal: inFlight.signal });
  while (stub.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  inFlight.abort();
  await assert.rejects(call, { name: "AbortError" });
  await stub.stop();

  stub = await startStub([throttled("3600")]);
  const patient = new Engram({ baseUrl: stub.url });
  const waiting = new AbortController();
  const retrying = patient.list({ user_id: "u" }, { signal: waiting.signal, maxRetries: 5 });
  while (stub.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  waiting.abort(new Error("the user gave up"));
  await assert.rejects(retrying, { message: "the user gave up" });
  assert.equal(stub.requests.length, 1);

  await assert.rejects(patient.health({ signal: AbortSignal.abort() }), { name: "AbortError" });
});

test("a raced PATCH (409) and a write whose key is still in progress are sent again; other 409s are not", async () => {
  const conflict = { status: 409, body: { error: "conflict", message: "changed under you" } };
  const inProgress = { status: 409, body: { error: "idempotency_in_progress", message: "the first still runs" } };
  stub = await startStub([conflict, { status: 200, body: { id: "m" } }]);
  await new Engram({ baseUrl: stub.url, backoffMs: 1 }).update("m", { importance: 4 });
  assert.deepEqual(
    stub.requests.map((r) => r.method),
    ["PATCH", "PATCH"],
  );
  const patchKeys = stub.requests.map((r) => r.headers["idempotency-key"]);
  assert.ok(patchKeys[0] && patchKeys[0] === patchKeys[1]);
  await stub.stop();

  stub = await startStub([inProgress, stored]);
  assert.equal((await new Engram({ baseUrl: stub.url, backoffMs: 1 }).remember(memory)).status, "stored");
  assert.equal(stub.requests.length, 2);
  await stub.stop();

  stub = await startStub([conflict]);
  const error = await new Engram({ baseUrl: stub.url, backoffMs: 1 }).remember(memory).catch((e) => e);
  assert.equal(error.status, 409);
  assert.equal(error.code, "conflict");
  assert.equal(stub.requests.length, 1);
});

test("a success whose body is not JSON is an EngramError, not a SyntaxError", async () => {
  stub = await startStub([{ status: 200, body: "<html>captive portal</html>" }]);
  const error = await new Engram({ baseUrl: stub.url }).health().catch((e) => e);
  assert.ok(error instanceof EngramError);
  assert.equal(error.code, "invalid_response");
  assert.equal(error.status, 200);
});

test("the address and key default to ENGRAM_URL and ENGRAM_API_KEY; ids and queries are encoded", async () => {
  stub = await startStub([{ status: 200, body: { items: [], cursor: null } }]);
  process.env.ENGRAM_URL = `${stub.url}/`;
  process.env.ENGRAM_API_KEY = "from-env";
  try {
    const engram = new Engram();
    await engram.get("a/b?c");
    await engram.list({ user_id: "al ice", metadata_filter: { topic: "a&b" }, review_needed: false });
  } finally {
    delete process.env.ENGRAM_URL;
    delete process.env.ENGRAM_API_KEY;
  }
  assert.equal(stub.requests[0]?.url, "/v1/memories/a%2Fb%3Fc");
  assert.equal(stub.requests[0]?.headers.authorization, "Bearer from-env");
  const query = new URL(`http://x${stub.requests[1]?.url}`).searchParams;
  assert.equal(query.get("user_id"), "al ice");
  assert.deepEqual(JSON.parse(query.get("metadata_filter") ?? ""), { topic: "a&b" });
  assert.equal(query.get("review_needed"), "false");
});

test("popMessage deletes the transcript's last message and answers it", async () => {
  const message = { message_id: "m9", seq: 9, role: "user", content: "the last word" };
  stub = await startStub([{ status: 200, body: message }]);
  const popped = await new Engram({ baseUrl: stub.url }).popMessage("s/1", "alice");
  assert.deepEqual(popped, message);
  assert.equal(stub.requests[0]?.method, "DELETE");
  assert.equal(stub.requests[0]?.url, "/v1/sessions/s%2F1/messages/last?user_id=alice");
  assert.equal(stub.requests[0]?.headers["idempotency-key"], undefined);
});
