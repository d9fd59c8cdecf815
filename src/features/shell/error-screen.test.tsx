// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ERROR_SCREEN_TEXT, ERROR_SCREEN_TITLE } from "../../shared/messages";
import { ErrorScreen } from "./error-screen";

afterEach(cleanup);

describe("the generic error screen", () => {
  it("replaces a route whose loader fails, with the spec's title and text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const router = createMemoryRouter(
      [
        {
          path: "/about",
          loader: () => {
            throw new Error("database on fire");
          },
          element: <p>never shown</p>,
          errorElement: <ErrorScreen />,
        },
      ],
      { initialEntries: ["/about"] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole("heading", { level: 1, name: ERROR_SCREEN_TITLE })).toBeTruthy();
    expect(screen.getByText(ERROR_SCREEN_TEXT)).toBeTruthy();
    expect(screen.queryByText("never shown")).toBeNull();
    // The details go to the log, not to the screen.
    expect(screen.queryByText(/database on fire/)).toBeNull();
  });
});
