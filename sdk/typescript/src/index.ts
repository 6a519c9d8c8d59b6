// engram: long-term memory for AI agents. `new Engram({ baseUrl, apiKey })`, then one method per route.
export * from "./client.js";
export * from "./errors.js";
export type { components, operations, paths } from "./schema.js";
