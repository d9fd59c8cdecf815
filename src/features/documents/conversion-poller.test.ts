import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client";
import type { DocumentConversionState } from "../../shared/api-types";
import { GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, UNAUTHORIZED_MESSAGE } from "../../shared/messages";
import { ConversionPoller, type ConversionState, MAX_UNANSWERED_POLLS } from "./conversion-poller";

type Answer = DocumentConversionState | Error;

/** The server's answers in order (the last one repeats), and every status the poller reported. */
function poller(answers: Answer[], options: { online?: () => boolean } = {}) {
  const asked: number[] = [];
  const seen: ConversionState["status"][] = [];
  let n = 0;
  const subject = new ConversionPoller(
    "resume_file",
    async () => {
      asked.push(n);
      const answer = answers[Math.min(n++, answers.length - 1)] as Answer;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    (state) => seen.push(state.status),
    { intervalMs: 5, isOnline: options.online ?? (() => true) },
  );
  return { subject, asked, seen };
}

const status = (
  value: DocumentConversionState["status"],
  url: string | null = null,
): DocumentConversionState => ({
  status: value,
  message: value === "FAILED" ? "The file's content is not the type its name says." : "",
  url,
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

describe("conversion polling (spec §4)", () => {
  it("asks again while UNPROCESSED or IN_PROGRESS and stops at COMPLETED", async () => {
    const { subject, asked, seen } = poller([
      status("UNPROCESSED"),
      status("IN_PROGRESS"),
      status("IN_PROGRESS"),
      status("COMPLETED", "/files/view?token=t"),
    ]);
    const stop = subject.watch();
    await expect.poll(() => seen.at(-1)).toBe("COMPLETED");
    await settle();
    stop();
    expect(seen).toEqual(["UNPROCESSED", "IN_PROGRESS", "IN_PROGRESS", "COMPLETED"]);
    expect(asked).toHaveLength(4);
    expect(subject.current?.url).toBe("/files/view?token=t");
  });

  it("stops at FAILED with the server's reason, and at NOT_ANSWERED", async () => {
    const failed = poller([status("IN_PROGRESS"), status("FAILED")]);
    failed.subject.watch();
    await expect.poll(() => failed.seen.at(-1)).toBe("FAILED");
    await settle();
    expect(failed.asked).toHaveLength(2);
    expect(failed.subject.current?.message).toBe("The file's content is not the type its name says.");

    const none = poller([status("NOT_ANSWERED")]);
    none.subject.watch();
    await expect.poll(() => none.seen).toEqual(["NOT_ANSWERED"]);
    await settle();
    expect(none.seen).toEqual(["NOT_ANSWERED"]);
    expect(none.asked).toHaveLength(1);
  });

  it("sets FAILED when the server refuses the question", async () => {
    const { subject, seen } = poller([
      status("IN_PROGRESS"),
      new ApiError("server", 'There is no file question "resume_file" in the application.', 404, {}),
    ]);
    subject.watch();
    await expect.poll(() => seen.at(-1)).toBe("FAILED");
    expect(subject.current?.message).toBe('There is no file question "resume_file" in the application.');
  });

  it("keeps the last status through a busy server or a poll that got no answer, and goes on asking", async () => {
    const { subject, seen, asked } = poller([
      status("IN_PROGRESS"),
      new ApiError("server", "busy", 503, { message: "busy" }, 1),
      new ApiError("network", "offline"),
      status("COMPLETED"),
    ]);
    subject.watch();
    await expect.poll(() => seen.at(-1)).toBe("COMPLETED");
    expect(seen).toEqual(["IN_PROGRESS", "COMPLETED"]);
    expect(asked).toHaveLength(4);
  });

  it.each([
    [
      "a 500",
      new ApiError("server", "Conversions are down.", 500, { message: "Conversions are down." }),
      "Conversions are down.",
    ],
    [
      "a reply that is not our API's",
      new ApiError("server", GENERIC_ERROR_MESSAGE, 502),
      GENERIC_ERROR_MESSAGE,
    ],
  ])(
    "sets FAILED with the message on %s: a polling failure ends the polling (spec §4)",
    async (_label, error, message) => {
      const failed: ConversionState[] = [];
      const subject = new ConversionPoller(
        "resume_file",
        async () => {
          throw error;
        },
        (state) => failed.push(state),
        { intervalMs: 5, isOnline: () => true },
      );
      subject.watch();
      await expect.poll(() => failed.map((state) => state.status)).toEqual(["FAILED"]);
      expect(failed[0]?.message).toBe(message);
      await settle();
      expect(failed).toHaveLength(1);
    },
  );

  it(`sets FAILED after ${MAX_UNANSWERED_POLLS} polls in a row got no answer while online, never for ever "Converting…"`, async () => {
    const { subject, seen, asked } = poller([status("IN_PROGRESS"), new ApiError("network", "no answer")]);
    subject.watch();
    await expect.poll(() => seen.at(-1)).toBe("FAILED");
    expect(seen).toEqual(["IN_PROGRESS", "FAILED"]);
    expect(asked).toHaveLength(1 + MAX_UNANSWERED_POLLS);
    expect(subject.current?.message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("does not ask while offline (the call could only fail), and asks when told the network is back", async () => {
    let online = false;
    const { subject, seen, asked } = poller([status("COMPLETED")], { online: () => online });
    subject.watch();
    await settle();
    expect(asked).toHaveLength(0);
    online = true;
    await subject.poll();
    expect(seen).toEqual(["COMPLETED"]);
  });

  it("stops asking when the network goes while it waits for a running conversion", async () => {
    let online = true;
    const { subject, seen, asked } = poller([status("IN_PROGRESS"), new ApiError("network", "offline")], {
      online: () => online,
    });
    subject.watch();
    await expect.poll(() => seen).toEqual(["IN_PROGRESS"]);
    online = false;
    await settle();
    const stoppedAt = asked.length;
    await settle();
    expect(asked.length).toBe(stoppedAt);
    expect(seen).toEqual(["IN_PROGRESS"]);
  });

  it("stops on a 401 without reporting a failure", async () => {
    const { subject, seen, asked } = poller([new ApiError("unauthorized", UNAUTHORIZED_MESSAGE, 401)]);
    subject.watch();
    await expect.poll(() => asked).toHaveLength(1);
    await settle();
    expect(seen).toEqual([]);
    expect(asked).toHaveLength(1);
  });

  it("asks again about a conversion it is told has started (an upload this tab recorded)", async () => {
    const { subject, seen, asked } = poller([
      status("NOT_ANSWERED"),
      status("IN_PROGRESS"),
      status("COMPLETED"),
    ]);
    subject.watch();
    await expect.poll(() => seen).toEqual(["NOT_ANSWERED"]);
    subject.set(status("UNPROCESSED"));
    await expect.poll(() => seen.at(-1)).toBe("COMPLETED");
    expect(seen).toEqual(["NOT_ANSWERED", "UNPROCESSED", "IN_PROGRESS", "COMPLETED"]);
    expect(asked).toHaveLength(3);
  });

  it("asks only while watched: the last watcher leaving stops it", async () => {
    const { subject, asked } = poller([status("IN_PROGRESS")]);
    const first = subject.watch();
    const second = subject.watch();
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(2);
    first();
    await expect.poll(() => asked.length).toBeGreaterThanOrEqual(3);
    second();
    await settle();
    const stoppedAt = asked.length;
    await settle();
    expect(asked.length).toBe(stoppedAt);
  });
});
