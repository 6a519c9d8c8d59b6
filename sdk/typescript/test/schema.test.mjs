// The committed src/schema.ts is what `npm run gen` makes of the committed openapi.json.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { test } from "node:test";
import { fileURLToPath } from "node:url";

test("the generated types are current with openapi.json", () => {
  const gen = fileURLToPath(new URL("../scripts/gen.mjs", import.meta.url));
  const result = spawnSync(process.execPath, [gen, "--check"], { encoding: "utf8" });
  assert.equal(result.status, 0, result.stderr);
});
