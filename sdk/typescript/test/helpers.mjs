// What the tests share: a real `engram serve` on a free loopback port with fresh keys, and a
// scripted loopback stub for the answers a real server gives only by chance (429, 503, a hang).
import { execFile, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const REPO = fileURLToPath(new URL("../../..", import.meta.url));
/** The `engram` console script: ENGRAM_BIN, else the repository's .venv (what `make dev` builds). */
export const ENGRAM_BIN = process.env.ENGRAM_BIN || join(REPO, ".venv", "bin", "engram");
const ENV = { ...process.env, ENGRAM_EMBEDDER__PROVIDER: "hashing" };

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** `engram keys create` in `dataDir`: the secret is the last line it prints. */
async function newKey(dataDir, ...options) {
  const args = ["keys", "create", "--data-dir", dataDir, "--tenant", "acme", ...options];
  const { stdout } = await promisify(execFile)(ENGRAM_BIN, args, { env: ENV, timeout: 120_000 });
  return stdout.trim().split("\n").at(-1);
}

/** A started `engram serve` (no enrichment worker) with an unlimited `key` and a `slowKey` at
 *  one request each 2 s, which meets the rate limit on its second call. */
export async function startEngram() {
  const dataDir = mkdtempSync(join(tmpdir(), "engram-ts-sdk-"));
  const key = await newKey(dataDir, "--rate", "unlimited");
  const slowKey = await newKey(dataDir, "--rate", "0.5", "--burst", "1");
  const port = await freePort();
  const log = join(dataDir, "serve.log");
  const proc = spawn(
    ENGRAM_BIN,
    ["serve", "--port", String(port), "--data-dir", dataDir, "--no-worker", "--workers", "1"],
    { env: ENV, stdio: ["ignore", openSync(log, "w"), openSync(log, "w")] },
  );
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null) {
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGTERM");
      const killer = setTimeout(() => proc.kill("SIGKILL"), 10_000); // a server that hangs on its way out
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (proc.exitCode !== null) throw new Error(`engram serve exited: ${readFileSync(log, "utf8")}`);
    try {
      if ((await fetch(`${url}/v1/health`)).ok) return { url, key, slowKey, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error("engram serve did not become healthy in 60 s");
}

/** A loopback HTTP server answering each request with the next of `script`'s steps (the last
 *  repeats): `{ status, headers, body }`, or `"hang"` (never answers), or `"drop"` (closes the
 *  connection). `requests` records what arrived: method, url, headers, body. */
/** @param {Array<"hang" | "drop" | { status: number, headers?: Record<string, string>, body?: unknown }>} script */
export async function startStub(script) {
  /** @type {{ method?: string, url?: string, headers: import("node:http").IncomingHttpHeaders, body: string }[]} */
  const requests = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const step = script[Math.min(requests.length, script.length) - 1];
      if (step === "hang") return;
      if (step === "drop") return req.socket.destroy();
      const body = typeof step.body === "string" ? step.body : JSON.stringify(step.body ?? {});
      res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
      res.end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    });
  return { url, requests, stop };
}
