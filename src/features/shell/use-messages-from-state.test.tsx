// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import { createBrowserRouter, RouterProvider, useLocation } from "react-router-dom";
import { afterEach, expect, it } from "vitest";
import { reloadPage } from "../../lib/page-reload";
import { useMessagesFromState } from "./use-messages-from-state";

afterEach(cleanup);

function Screen() {
  useMessagesFromState();
  const state = useLocation().state as Record<string, unknown> | null;
  return <p>{`state: ${JSON.stringify(state)}`}</p>;
}

type HistoryEntry = { usr?: Record<string, unknown> | null };
const entryState = () => (window.history.state as HistoryEntry | null)?.usr ?? null;

it("a screen's messages leave its history entry, and come back to it for a reload the app makes, not to another screen", async () => {
  // jsdom cannot reload (it says "Not implemented: navigation"): what the entry holds at that
  // moment is what the reloaded page reads.
  window.history.replaceState(null, "", "/about");
  const router = createBrowserRouter([
    { path: "/about", element: <Screen /> },
    { path: "/login", element: <Screen /> },
    { path: "/signup", element: <Screen /> },
  ]);
  render(<RouterProvider router={router} />);
  await act(() =>
    router.navigate("/login", {
      state: { errorMessage: "You have been signed out.", username: "ada@example.edu" },
    }),
  );
  // Shown once, then taken out of the entry (Back or the applicant's reload shows it no more).
  await screen.findByText('state: {"username":"ada@example.edu"}');
  expect(entryState()).toEqual({ username: "ada@example.edu" });

  await reloadPage();
  expect(entryState()).toEqual({ username: "ada@example.edu", errorMessage: "You have been signed out." });

  // On another screen since, the app's reload gives that screen nothing of /login's.
  await act(() => router.navigate("/signup"));
  await reloadPage();
  expect(entryState()).toBeNull();
  router.dispose();
});
