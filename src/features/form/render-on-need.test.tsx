// @vitest-environment jsdom
import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useRenderOnNeed } from "./render-on-need";

/** jsdom has no IntersectionObserver: this one lets a test say where the sentinel is. */
let report: (near: boolean) => void = () => {};
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    report = (near) =>
      this.callback(
        [{ isIntersecting: near } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  disconnect() {
    report = () => {};
  }
}

function Probe({ seen }: { seen: (state: { paused: boolean; ask: () => void }) => void }) {
  const need = useRenderOnNeed();
  seen(need);
  return <div ref={need.sentinel} />;
}

describe("rendering the questions below the first screens on need", () => {
  beforeEach(() => vi.stubGlobal("IntersectionObserver", FakeObserver));
  afterEach(() => vi.unstubAllGlobals());

  it("waits while the rendered questions reach a screen below the view, goes on when the applicant comes near", () => {
    let state = { paused: true, ask: () => {} };
    render(<Probe seen={(seen) => (state = seen)} />);
    expect(state.paused).toBe(false);
    act(() => report(false));
    expect(state.paused).toBe(true);
    act(() => report(true));
    expect(state.paused).toBe(false);
  });

  it("goes on for good once the applicant is in the form, wherever the view is", () => {
    let state = { paused: true, ask: () => {} };
    render(<Probe seen={(seen) => (state = seen)} />);
    act(() => report(false));
    expect(state.paused).toBe(true);
    act(() => state.ask());
    expect(state.paused).toBe(false);
    act(() => report(false));
    expect(state.paused).toBe(false);
  });
});
