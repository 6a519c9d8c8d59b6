// Every route of the committed openapi.json has a method: each method is called once against a stub,
// and the routes its requests hit must cover the document's.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { Engram } from "../dist/esm/index.js";
import { startStub } from "./helpers.mjs";

const spec = JSON.parse(readFileSync(new URL("../../../openapi.json", import.meta.url), "utf8"));

test("the SDK has a method for every route of openapi.json", async () => {
  const stub = await startStub([{ status: 200, body: { items: [], documents: [], cursor: null, job_id: "j" } }]);
  try {
    const engram = new Engram({ baseUrl: stub.url });
    const user = { user_id: "u" };
    const memory = { content: "a fact worth keeping", user_id: "u" };
    await engram.health();
    await engram.openapi();
    await engram.stats();
    await engram.remember(memory);
    await engram.rememberBatch([memory]);
    await engram.get("m");
    await engram.update("m", { importance: 3 });
    await engram.forget("m");
    await engram.history("m");
    await engram.list(user);
    await engram.search({ query: "q", user_id: "u" });
    await engram.context({ query: "q", user_id: "u" });
    await engram.listEntities(user);
    await engram.getEntity("e", user);
    await engram.addMessages("s", { user_id: "u", messages: [{ role: "user", content: "hi" }] });
    await engram.getSession("s", "u");
    await engram.transcript("s", user);
    await engram.popMessage("s", "u");
    await engram.deleteSession("s", user);
    await engram.checkpoint("s", { user_id: "u", trigger: "explicit" });
    await engram.latestCheckpoint("s", user);
    await engram.submitDocument({ user_id: "u", text: "a document" });
    await engram.listDocuments(user);
    await engram.getDocument("d");
    await engram.createWebhook({ url: "https://hooks.example.com/engram" });
    await engram.listWebhooks();
    await engram.deleteWebhook("w");
    await engram.deleteDocument("d");
    await engram.exportPage(user);
    await engram.importRecords([]);
    await engram.forgetUser("u");
    await engram.erasure("u", "j");
  } finally {
    await stub.stop();
  }
  const called = stub.requests.map((r) => `${r.method} ${new URL(`http://x${r.url}`).pathname}`);
  const missing = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, "[^/]+")}$`);
    for (const method of Object.keys(item).filter((m) => m !== "parameters")) {
      const route = `${method.toUpperCase()} ${template}`;
      if (!called.some((c) => c.startsWith(`${method.toUpperCase()} `) && pattern.test(c.split(" ")[1] ?? ""))) {
        missing.push(route);
      }
    }
  }
  assert.deepEqual(missing, [], `routes without an SDK method (add them to src/client.ts): ${missing.join(", ")}`);
});
