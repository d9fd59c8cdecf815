// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { eventually } from "../../tests/helpers/eventually";
import { lazyPart } from "./load-part";

/** Sets what `navigator.onLine` says, firing `online` as a browser does when it comes back. */
function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, "onLine", { value: online, configurable: true });
  if (online) window.dispatchEvent(new Event("online"));
}

afterEach(() => {
  cleanup();
  setOnline(true);
});

describe("lazyPart", () => {
  it("keeps the fallback while the browser is offline, then shows the part once it is back", async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue({ default: () => <p>The part</p> });
    const Part = lazyPart(load);
    setOnline(false);
    render(
      <Suspense fallback={<p>Waiting</p>}>
        <Part />
      </Suspense>,
    );
    await eventually(() => expect(load).toHaveBeenCalledOnce());
    expect(screen.getByText("Waiting")).toBeTruthy();

    setOnline(true);
    expect(await screen.findByText("The part")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
