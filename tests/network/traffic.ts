import type { BrowserContext, Request } from "@playwright/test";
import type { ChosenFile } from "./journey";

// What the browser sent, as the test sees it: each answer batch (PUT /api/answer, by its
// Idempotency-Key: the same key again is the same batch sent again) and each post of a file to the
// store, with whether it finished, failed or is still in flight.

export type UploadPost = { key: string; bytes: number; state: "in flight" | "finished" | "failed" };

export type Traffic = {
  batches: { key: string; bytes: number }[];
  posts: UploadPost[];
  /** The file chosen now: the posts from now on are its (the worker sends one file at a time). */
  choosing(file: ChosenFile): void;
  /** Resolves once every post's size is known (or can no longer be). */
  settled(): Promise<void>;
  /** Requests sent again (after the first of the same batch or file) and their bytes. */
  resent(kind: "batches" | "posts"): { requests: number; bytes: number };
};

export function watchTraffic(context: BrowserContext): Traffic {
  const batches: Traffic["batches"] = [];
  const posts: UploadPost[] = [];
  const byRequest = new Map<Request, UploadPost>();
  const sizes: Promise<void>[] = [];
  let chosen = "";
  context.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === "PUT" && pathname === "/api/answer") {
      batches.push({
        key: request.headers()["idempotency-key"] ?? "",
        bytes: request.postDataBuffer()?.length ?? 0,
      });
    } else if (request.method() === "POST" && pathname === "/files/upload") {
      const post: UploadPost = { key: chosen, bytes: 0, state: "in flight" };
      posts.push(post);
      byRequest.set(request, post);
      // The body (a file) is not handed to the test: its size comes from the headers as sent.
      sizes.push(
        request
          .headerValue("content-length")
          .then((length) => {
            post.bytes = Number(length);
          })
          // A post given up before its headers were read: its size is unknown, nothing else is wrong.
          .catch(() => {}),
      );
    }
  });
  const settle = (state: UploadPost["state"]) => (request: Request) => {
    const post = byRequest.get(request);
    if (post) post.state = state;
  };
  context.on("requestfinished", settle("finished"));
  context.on("requestfailed", settle("failed"));
  return {
    batches,
    posts,
    choosing(file) {
      chosen = file.key;
    },
    settled: async () => void (await Promise.all(sizes)),
    resent(kind) {
      const seen = new Set<string>();
      let requests = 0;
      let bytes = 0;
      for (const sent of kind === "batches" ? batches : posts) {
        if (seen.has(sent.key)) {
          requests++;
          bytes += sent.bytes;
        }
        seen.add(sent.key);
      }
      return { requests, bytes };
    },
  };
}
