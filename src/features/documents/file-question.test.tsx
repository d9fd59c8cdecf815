// @vitest-environment jsdom
import "fake-indexeddb/auto";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testSnapshotContext } from "../../../tests/helpers/snapshot-context";
import type { FileQuestion as FileQuestionData } from "../../form/catalogue-types";
import {
  FILE_EMPTY_MESSAGE,
  FILE_NAME_TOO_LONG_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
} from "../../shared/document-rules";
import { localDb } from "../answers/local-db";
import { SnapshotContext } from "../profile/snapshot-context";
import { documentsRuntime } from "./documents-runtime";
import { FileQuestion } from "./file-question";
import { queuedChanges } from "./upload-queue";

// The file question in a document (jsdom, fake IndexedDB): what it refuses before sending
// anything, what it keeps, and what it says when the device cannot keep a file.

const question: FileQuestionData = { kind: "file", key: "resume_file", label: "Résumé" };
let owner: string;
let requests: string[];

beforeEach(() => {
  owner = `ada-${crypto.randomUUID()}@example.edu`;
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push(`${init?.method ?? "GET"} ${url}`);
      throw new TypeError("Failed to fetch");
    }),
  );
});

afterEach(() => {
  cleanup();
  documentsRuntime.stop();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderQuestion(signedIn = true) {
  return render(
    <MemoryRouter initialEntries={["/final-steps"]}>
      <SnapshotContext.Provider
        value={testSnapshotContext({ is_logged_in: signedIn, username: signedIn ? owner : null })}
      >
        <FileQuestion question={question} />
      </SnapshotContext.Provider>
    </MemoryRouter>,
  );
}

async function choose(file: File): Promise<HTMLInputElement> {
  const input = (await screen.findByLabelText("Choose a file for Résumé", {
    selector: "input",
  })) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
  return input;
}

const offline = () => vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);

describe("a file question", () => {
  it.each<[string, () => File, string]>([
    ["over 1 MB", () => new File([new Uint8Array(1_048_577)], "big.pdf"), FILE_TOO_LARGE_MESSAGE],
    ["empty", () => new File([], "empty.pdf"), FILE_EMPTY_MESSAGE],
    ["of another type", () => new File(["notes"], "notes.txt"), FILE_TYPE_MESSAGE],
    [
      "with a 33-character name",
      () => new File(["%PDF"], `${"a".repeat(29)}.pdf`),
      FILE_NAME_TOO_LONG_MESSAGE,
    ],
  ])(
    "refuses a file %s before anything is kept or sent, with the spec's message linked to the input",
    async (_case, file, message) => {
      offline();
      renderQuestion();
      const input = await choose(file());
      const error = await screen.findByText(message);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(input.getAttribute("aria-describedby")?.split(" ")).toContain(error.closest("p")?.id);
      expect(await queuedChanges(localDb(), owner)).toEqual([]);
      // Nothing sent: no upload asked for, posted or recorded.
      expect(requests.filter((request) => !request.startsWith("GET "))).toEqual([]);
    },
  );

  it("keeps a file chosen offline on the device and says it waits to upload", async () => {
    offline();
    renderQuestion();
    const file = new File(["%PDF-1.4 résumé"], "resume.pdf", { type: "application/pdf" });
    await choose(file);
    const status = await screen.findByRole("status");
    await waitFor(() => expect(status.textContent).toMatch(/^Waiting to upload: it is saved on this device/));
    expect(screen.getByText("resume.pdf")).toBeTruthy();
    expect(await queuedChanges(localDb(), owner)).toEqual([
      expect.objectContaining({
        key: "resume_file",
        op: "upload",
        file: expect.objectContaining({ size: file.size }),
      }),
    ]);
  });

  it("says so when the device's storage is full, and keeps nothing", async () => {
    offline();
    vi.spyOn(localDb().uploads, "put").mockRejectedValue(
      new DOMException("The quota has been exceeded.", "QuotaExceededError"),
    );
    renderQuestion();
    const input = await choose(new File(["%PDF-1.4"], "resume.pdf"));
    expect(
      await screen.findByText(
        "Your file could not be kept on this device because its storage is full. Free up some space and choose the file again.",
      ),
    ).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(await queuedChanges(localDb(), owner)).toEqual([]);
  });

  it("asks an anonymous visitor to create an account instead of offering a file input", async () => {
    renderQuestion(false);
    expect(await screen.findByRole("button", { name: "Create an account to upload" })).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});
