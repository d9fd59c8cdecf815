// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GENERIC_ERROR_MESSAGE, SERVICE_LINK_INVALID_MESSAGE } from "../../shared/messages";
import { ServiceApp } from "./service-app";

// The page a service link opens: one read of GET /service/tmp-pdf, then the rendering or a refusal,
// and the state a printer waits for on <body data-service-view>. The network is faked here; the
// browser tests run it against the real server.

const TOKEN = "a".repeat(43);
const requests: string[] = [];

function answerWith(response: () => Promise<Response>) {
  vi.stubGlobal("fetch", (input: RequestInfo | URL) => {
    requests.push(String(input));
    return response();
  });
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const state = () => document.body.getAttribute("data-service-view");

beforeEach(() => {
  requests.length = 0;
  document.body.removeAttribute("data-service-view");
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a service link", () => {
  it("reads the application once with its token and renders it, then says it is ready", async () => {
    answerWith(async () =>
      json(200, {
        answer: { first_name: "Ada", last_name: "Lovelace", app_type: "1", app_type_desc: "Transfer" },
        add_another: {},
        document_answer: {},
        tabs: {},
      }),
    );
    render(<ServiceApp token={TOKEN} />);
    expect(screen.getByRole("status").textContent).toBe("Loading the application");
    await waitFor(() => expect(state()).toBe("ready"));
    expect(requests).toEqual([`/service/tmp-pdf?service_token=${TOKEN}`]);
    expect(screen.getByRole("heading", { level: 1, name: "Step One: About You" })).toBeTruthy();
    expect(document.title).toBe("Ada Lovelace: Northbridge University Transfer & Accelerated Application");
  });

  it("that the server refuses shows only that the link cannot be used", async () => {
    answerWith(async () => json(401, { message: SERVICE_LINK_INVALID_MESSAGE }));
    const { container } = render(<ServiceApp token={TOKEN} />);
    await waitFor(() => expect(state()).toBe("invalid"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(SERVICE_LINK_INVALID_MESSAGE);
    expect(screen.queryByText(/Step One/)).toBeNull();
    expect(container.querySelectorAll("input, button, a[href]")).toHaveLength(0);
  });

  it("that cannot be read shows the failure, and says so to a printer", async () => {
    answerWith(async () => {
      throw new TypeError("Failed to fetch");
    });
    render(<ServiceApp token={TOKEN} />);
    await waitFor(() => expect(state()).toBe("failed"));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Something went wrong.");
  });

  it("whose answer is not a service response (a proxy's page) fails rather than rendering it", async () => {
    answerWith(async () => json(200, { answer: "<html>", add_another: [] }));
    render(<ServiceApp token={TOKEN} />);
    await waitFor(() => expect(state()).toBe("failed"));
    expect(screen.getByText(GENERIC_ERROR_MESSAGE)).toBeTruthy();
  });
});
