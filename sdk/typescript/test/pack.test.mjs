// `npm pack` gives a package that installs into a clean folder and works from ESM, CommonJS and
// TypeScript (NodeNext), with no dependency of its own.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { after, before, test } from "node:test";

import { startStub } from "./helpers.mjs";

/** execFile, failing with what the command printed. */
async function run(/** @type {string} */ file, /** @type {string[]} */ args, /** @type {{ cwd: string }} */ options) {
  try {
    return await promisify(execFile)(file, args, options);
  } catch (error) {
    const { stdout = "", stderr = "" } = /** @type {{ stdout?: string, stderr?: string }} */ (error);
    throw new Error(`${file} ${args.join(" ")} failed:\n${stdout}${stderr}`);
  }
}
const SDK = fileURLToPath(new URL("..", import.meta.url));
const npm = (/** @type {string[]} */ args, /** @type {string} */ cwd) =>
  process.env.npm_execpath
    ? run(process.execPath, [process.env.npm_execpath, ...args], { cwd })
    : run("npm", args, { cwd });

const app = mkdtempSync(join(tmpdir(), "engram-ts-pack-"));
/** @type {Awaited<ReturnType<typeof startStub>>} */
let stub;

before(async () => {
  // `npm test` has just built dist: packing without `prepack` does not build it a second time.
  const { stdout } = await npm(["pack", "--json", "--ignore-scripts", "--pack-destination", app], SDK);
  const [{ filename, files }] = JSON.parse(stdout);
  const paths = files.map((/** @type {{ path: string }} */ f) => f.path);
  assert.ok(paths.includes("dist/esm/index.js") && paths.includes("dist/cjs/index.d.ts"), String(paths));
  assert.ok(
    paths.every((/** @type {string} */ p) => /^(dist\/|package\.json$|README\.md$)/.test(p)),
    String(paths),
  );
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
  await npm(["install", "--offline", "--no-audit", "--no-fund", join(app, filename)], app);
  stub = await startStub([{ status: 404, body: { error: "not_found", message: "no memory with id m1", details: [] } }]);
});
after(async () => {
  await stub?.stop();
  rmSync(app, { recursive: true, force: true });
});

const script = (/** @type {string} */ load) => `${load}
const engram = new Engram({ baseUrl: process.argv[2], apiKey: "k" });
engram.get("m1").then(
  () => process.exit(2),
  (error) => console.log(JSON.stringify({ notFound: error instanceof NotFoundError, code: error.code })),
);
`;

for (const [name, file, load] of [
  ["ESM", "esm.mjs", 'import { Engram, NotFoundError } from "engram-sdk";'],
  ["CommonJS", "cjs.cjs", 'const { Engram, NotFoundError } = require("engram-sdk");'],
]) {
  test(`the installed tarball runs from ${name}`, async () => {
    writeFileSync(join(app, file), script(load));
    const { stdout } = await run(process.execPath, [file, stub.url], { cwd: app });
    assert.deepEqual(JSON.parse(stdout), { notFound: true, code: "not_found" });
  });
}

/** The first ```ts block after `heading` in a markdown text. */
function tsBlock(/** @type {string} */ markdown, /** @type {string} */ heading) {
  const block = markdown.slice(markdown.indexOf(heading)).match(/```ts\n([\s\S]*?)```/);
  assert.ok(block, `no ts block after ${heading}`);
  return block[1] ?? "";
}

test("the installed tarball's types check from TypeScript (ESM, CommonJS) and so do the READMEs' examples", async () => {
  const use = `const engram = new Engram({ apiKey: "k" });
export const answer: Promise<RememberResponse> = engram.remember({ content: "a fact worth keeping", user_id: "u" });
// @ts-expect-error: user_id is required
engram.remember({ content: "a fact worth keeping" });
`;
  writeFileSync(join(app, "use.mts"), `import { Engram, type RememberResponse } from "engram-sdk";\n${use}`);
  writeFileSync(
    join(app, "readme.mts"),
    tsBlock(readFileSync(join(SDK, "../../README.md"), "utf8"), "### TypeScript SDK"),
  );
  writeFileSync(join(app, "own-readme.mts"), tsBlock(readFileSync(join(SDK, "README.md"), "utf8"), "# engram-sdk"));
  writeFileSync(join(app, "use.cts"), `import { Engram, type RememberResponse } from "engram-sdk";\n${use}`);
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const flags = [
    "--noEmit",
    "--strict",
    "--module",
    "nodenext",
    "--moduleResolution",
    "nodenext",
    "--target",
    "es2022",
  ];
  const node = ["--types", "node", "--typeRoots", join(SDK, "node_modules/@types")]; // the README uses process.env
  await run(process.execPath, [tsc, ...flags, ...node, "use.mts", "use.cts", "readme.mts", "own-readme.mts"], {
    cwd: app,
  });
});
