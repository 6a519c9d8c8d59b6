// Builds dist/esm (ES modules) and dist/cjs (CommonJS, marked so by its own package.json) with tsc.
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";

const root = new URL("..", import.meta.url);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
rmSync(new URL("dist", root), { recursive: true, force: true });
for (const project of ["tsconfig.json", "tsconfig.cjs.json"]) {
  execFileSync(process.execPath, [tsc, "-p", project], { cwd: root, stdio: "inherit" });
}
writeFileSync(new URL("dist/cjs/package.json", root), '{ "type": "commonjs" }\n');
writeFileSync(new URL("dist/esm/package.json", root), '{ "type": "module" }\n');
