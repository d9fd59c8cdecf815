import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PrintStylesheetMissing, printStylesheet, stylesheetsOf } from "./print-stylesheet";

// The printed service view's stylesheets, found through the build manifest as Vite writes it.

const SERVICE_VIEW = "src/features/service-view/mount-service-view.tsx";
const MANIFEST = {
  "index.html": { file: "assets/index-1.js", css: ["assets/index-1.css"] },
  "_form-2.js": { file: "assets/form-2.js", imports: ["index.html"] },
  [SERVICE_VIEW]: {
    file: "assets/mount-service-view-3.js",
    css: ["assets/mount-service-view-3.css"],
    imports: ["index.html", "_form-2.js"],
  },
  "src/features/documents/file-question.tsx": { file: "assets/f.js", css: ["assets/f.css"] },
};

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  dirs = [];
});

async function clientDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "print-stylesheet-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
  return dir;
}

describe("the printed service view's stylesheets", () => {
  it("are the app's then the service view's, each once, and no other chunk's", () => {
    expect(stylesheetsOf(MANIFEST, SERVICE_VIEW)).toStrictEqual([
      "assets/index-1.css",
      "assets/mount-service-view-3.css",
    ]);
    expect(() => stylesheetsOf(MANIFEST, "src/elsewhere.tsx")).toThrow("no chunk for src/elsewhere.tsx");
  });

  it("are read from the built client once, in that order", async () => {
    const dir = await clientDir({
      ".vite/manifest.json": JSON.stringify(MANIFEST),
      "assets/index-1.css": "body { margin: 0 }",
      "assets/mount-service-view-3.css": "@page { size: letter }",
    });
    const stylesheet = printStylesheet(dir);
    expect(await stylesheet()).toBe("body { margin: 0 }\n@page { size: letter }");
    await rm(path.join(dir, "assets"), { recursive: true });
    expect(await stylesheet()).toBe("body { margin: 0 }\n@page { size: letter }");
  });

  it("say how to build the client when it is not built, and are read once it is", async () => {
    const dir = await clientDir({});
    const stylesheet = printStylesheet(dir);
    const missing = await stylesheet().catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(PrintStylesheetMissing);
    expect((missing as Error).message).toBe(
      `the built client's stylesheets could not be read from ${dir} (run npm run build)`,
    );
    await mkdir(path.join(dir, ".vite"));
    await writeFile(path.join(dir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    await mkdir(path.join(dir, "assets"));
    await writeFile(path.join(dir, "assets", "index-1.css"), "a {}");
    await writeFile(path.join(dir, "assets", "mount-service-view-3.css"), "b {}");
    expect(await stylesheet()).toBe("a {}\nb {}");
  });
});
