// The SDK against a real `engram serve`: each route answers its type, paging walks every page,
// and error answers arrive as typed errors with the API's code and field paths.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";

import { AuthError, Engram, EngramError, NotFoundError, RateLimitError, ValidationError } from "../dist/esm/index.js";
import { startEngram } from "./helpers.mjs";

/** @type {Awaited<ReturnType<typeof startEngram>>} */
let served;
/** @type {Engram} */
let engram;
const user = "ts-sdk-user";

before(async () => {
  served = await startEngram();
  engram = new Engram({ baseUrl: served.url, apiKey: served.key });
});
after(() => served?.stop());

describe("memories", () => {
  test("remember, then search finds it, get reads it, update and forget change it", async () => {
    const stored = await engram.remember({
      content: "The staging database runs Postgres 16 on port 5433",
      user_id: user,
    });
    assert.equal(stored.status, "stored");
    assert.ok(stored.id);

    const again = await engram.remember({
      content: "the staging database runs postgres 16 on port 5433.",
      user_id: user,
    });
    assert.equal(again.status, "deduplicated");
    assert.equal(again.id, stored.id);

    const found = await engram.search({ query: "which port does the staging database use", user_id: user });
    assert.equal(found.results[0]?.memory.id, stored.id);

    const block = await engram.context({ query: "staging database port", user_id: user, budget_tokens: 200 });
    assert.ok(block.context.includes("port 5433"), block.context);
    assert.ok(block.tokens <= 200);

    const memory = await engram.get(stored.id);
    assert.equal(memory.content, "The staging database runs Postgres 16 on port 5433");

    const updated = await engram.update(stored.id, { importance: 5 });
    assert.equal(updated.importance, 5);
    const events = (await engram.history(stored.id)).events.map((e) => e.event);
    assert.ok(events.includes("updated"), String(events));

    const forgotten = await engram.forget(stored.id);
    assert.equal(forgotten.status, "deleted");
    await assert.rejects(engram.get(stored.id), NotFoundError);
  });

  test("a batch answers one result per item, in order", async () => {
    const batch = await engram.rememberBatch([
      { content: "Deploys happen on Tuesdays after the standup", user_id: user, project: "batch" },
      { content: "ok", user_id: user, project: "batch" },
    ]);
    assert.deepEqual(
      batch.results.map((r) => r.status),
      ["stored", "rejected"],
    );
  });

  test("list follows the cursor across pages; iterMemories yields every memory once", async () => {
    const contents = Array.from({ length: 5 }, (_, i) => `Paging fact number ${i} about the build pipeline`);
    const ids = [];
    for (const content of contents) ids.push((await engram.remember({ content, user_id: user, project: "paging" })).id);

    const first = await engram.list({ user_id: user, project: "paging", limit: 2 });
    assert.equal(first.items.length, 2);
    assert.ok(first.cursor);
    const second = await engram.list({ user_id: user, project: "paging", limit: 2, cursor: first.cursor });
    assert.equal(second.items.length, 2);
    assert.notDeepEqual(
      second.items.map((m) => m.id),
      first.items.map((m) => m.id),
    );

    const all = [];
    for await (const memory of engram.iterMemories({ user_id: user, project: "paging", pageSize: 2 }))
      all.push(memory.id);
    assert.deepEqual([...all].sort(), [...ids].sort());
  });

  test("a metadata filter given as an object is sent as JSON", async () => {
    await engram.remember({
      content: "Billing invoices go out on the first",
      user_id: user,
      metadata: { topic: "billing" },
    });
    await engram.remember({
      content: "Support tickets close after a week",
      user_id: user,
      metadata: { topic: "support" },
    });
    const page = await engram.list({ user_id: user, metadata_filter: { topic: "billing" } });
    assert.deepEqual(
      page.items.map((m) => m.content),
      ["Billing invoices go out on the first"],
    );
  });
});

describe("errors", () => {
  test("an unknown id is a NotFoundError with the API's code", async () => {
    const error = await engram.get("01ARZ3NDEKTSV4RRFFQ69G5FAV").catch((e) => e);
    assert.ok(error instanceof NotFoundError && error instanceof EngramError);
    assert.equal(error.status, 404);
    assert.equal(error.code, "not_found");
  });

  test("an invalid field is a ValidationError naming its path", async () => {
    const error = await engram.remember({ content: "x".repeat(9000), user_id: user }).catch((e) => e);
    assert.ok(error instanceof ValidationError);
    assert.equal(error.status, 422);
    assert.equal(error.code, "validation_error");
    assert.deepEqual(error.fieldPaths, ["body.content"]);

    const query = await engram.list({ user_id: user, limit: 0 }).catch((e) => e);
    assert.ok(query instanceof ValidationError);
    assert.deepEqual(query.fieldPaths, ["query.limit"]);
  });

  test("a wrong key is an AuthError", async () => {
    const stranger = new Engram({ baseUrl: served.url, apiKey: "engram_not-a-key" });
    const error = await stranger.list({ user_id: user }).catch((e) => e);
    assert.ok(error instanceof AuthError);
    assert.equal(error.status, 401);
  });

  test("the key's rate limit (429 with Retry-After) is waited out and retried", async () => {
    const seen = [];
    const counting = (url, init) => fetch(url, init).then((r) => (seen.push(r.status), r));
    const slow = new Engram({ baseUrl: served.url, apiKey: served.slowKey, fetch: counting, backoffMs: 3_600_000 });
    await slow.list({ user_id: user });
    await slow.list({ user_id: user }); // over the key's rate: 429, then the retry after Retry-After
    assert.deepEqual(seen.slice(0, 2), [200, 429]);
    assert.equal(seen.at(-1), 200);

    const impatient = new Engram({ baseUrl: served.url, apiKey: served.slowKey, maxRetries: 0 });
    const error = await impatient.list({ user_id: user }).catch((e) => e);
    assert.ok(error instanceof RateLimitError, String(error));
    assert.ok((error.retryAfterMs ?? 0) >= 1000, String(error.retryAfterMs));
  });
});

describe("sessions, entities, documents, a user's data", () => {
  test("messages appended come back in the transcript, page by page", async () => {
    /** @type {import("../dist/esm/index.js").MessageRequest[]} */
    const messages = Array.from({ length: 5 }, (_, i) => ({
      role: i % 2 ? "assistant" : "user",
      content: `turn ${i}`,
    }));
    const appended = await engram.addMessages("s-1", { user_id: user, messages });
    assert.equal(appended.accepted, 5);
    const seen = [];
    for await (const m of engram.iterTranscript("s-1", { user_id: user, pageSize: 2 })) seen.push(m.content);
    assert.deepEqual(
      seen,
      messages.map((m) => m.content),
    );
    const session = await engram.getSession("s-1", user);
    assert.equal(session.session_id, "s-1");
  });

  test("a checkpoint is recovered as the latest", async () => {
    await engram.checkpoint("s-1", { user_id: user, trigger: "explicit", focus: "migrating the billing service" });
    const recovered = await engram.latestCheckpoint("s-1", { user_id: user });
    assert.equal(recovered.checkpoint?.digest.focus, "migrating the billing service");
    const deleted = await engram.deleteSession("s-1", { user_id: user });
    assert.equal(deleted.deleted_messages, 5);
  });

  test("entities, stats and health answer their types", async () => {
    const entities = await engram.listEntities({ user_id: user });
    assert.ok(Array.isArray(entities.items));
    const stats = await engram.stats();
    assert.equal(typeof stats, "object");
    assert.equal((await engram.health()).status, "ok");
  });

  test("a document is stored, listed, read and deleted", async () => {
    const accepted = await engram.submitDocument({
      user_id: user,
      title: "Runbook",
      text: "Restart the queue worker first.",
    });
    const listed = [];
    for await (const doc of engram.iterDocuments({ user_id: user })) listed.push(doc.id);
    assert.ok(listed.includes(accepted.id), String(listed));
    assert.equal((await engram.getDocument(accepted.id)).title, "Runbook");
    await engram.deleteDocument(accepted.id);
    await assert.rejects(engram.getDocument(accepted.id), NotFoundError);
  });

  test("an export pages through NDJSON and imports back; erasing a user is a job to follow", async () => {
    const records = [];
    for await (const record of engram.iterExport({ user_id: user })) records.push(record);
    assert.equal(records[0]?.kind, "header");
    assert.ok(records.some((r) => r.kind === "memory"));
    const imported = await engram.importRecords(records);
    assert.equal(typeof imported, "object");
    const job = await engram.forgetUser(user);
    assert.equal((await engram.erasure(user, job.job_id)).job_id, job.job_id);
  });
});
