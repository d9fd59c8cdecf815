import { spawn } from "node:child_process";
import path from "node:path";

const TSX = path.resolve("node_modules/.bin/tsx");

export type ScriptResult = { code: number; stdout: string; stderr: string };

/** Runs a TypeScript script of the repository (an operator command) as the operator would, to its end. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string | undefined>,
): Promise<ScriptResult> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [script, ...args], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("exit", (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
