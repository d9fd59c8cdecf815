import { describe, expect, it, vi } from "vitest";
import { eventually } from "../../tests/helpers/eventually";
import { fakeBrowser } from "./fake-tabs";
import { holdLeadership, type Leader } from "./tab-leadership";

function leader(stepDown: () => Promise<void> = async () => {}) {
  return { lead: vi.fn<() => void>(), stepDown: vi.fn(stepDown) } satisfies Leader;
}

describe("holdLeadership", () => {
  it("leads at once without a lock name or without Web Locks", () => {
    const browser = fakeBrowser();
    const first = leader();
    const second = leader();
    holdLeadership(undefined, () => false, first, browser.tab("a"));
    holdLeadership("queue", () => false, second, undefined);
    expect(first.lead).toHaveBeenCalledOnce();
    expect(second.lead).toHaveBeenCalledOnce();
  });

  it("lets one holder of a name lead, and the next once the first lets go", async () => {
    const browser = fakeBrowser();
    const first = leader();
    const second = leader();
    const releaseFirst = holdLeadership("queue", () => false, first, browser.tab("a", true));
    holdLeadership("queue", () => false, second, browser.tab("b"));
    await eventually(() => expect(first.lead).toHaveBeenCalledOnce());
    expect(second.lead).not.toHaveBeenCalled();
    releaseFirst();
    await eventually(() => expect(second.lead).toHaveBeenCalledOnce());
  });

  it("does not lead when stopped before the lock is granted, and passes the lock on", async () => {
    const browser = fakeBrowser();
    const first = leader();
    const releaseFirst = holdLeadership("queue", () => false, first, browser.tab("a", true));
    await eventually(() => expect(first.lead).toHaveBeenCalledOnce());
    const stoppedOne = leader();
    holdLeadership("queue", () => true, stoppedOne, browser.tab("b"));
    const third = leader();
    holdLeadership("queue", () => false, third, browser.tab("c"));
    releaseFirst();
    await eventually(() => expect(third.lead).toHaveBeenCalledOnce());
    expect(stoppedOne.lead).not.toHaveBeenCalled();
  });

  it("hands over from a hidden leader to the visible tab, once the work under way has ended, and waits again", async () => {
    const browser = fakeBrowser();
    let endWork = () => {};
    const first = leader(() => new Promise<void>((resolve) => (endWork = resolve)));
    const second = leader();
    holdLeadership("queue", () => false, first, browser.tab("a", true));
    await eventually(() => expect(first.lead).toHaveBeenCalledOnce());
    const releaseSecond = holdLeadership("queue", () => false, second, browser.tab("b"));

    browser.show("b");
    await eventually(() => expect(first.stepDown).toHaveBeenCalledOnce());
    expect(second.lead).not.toHaveBeenCalled();
    expect(browser.holder("queue")).toBe("a");
    endWork();
    await eventually(() => expect(second.lead).toHaveBeenCalledOnce());
    expect(browser.holder("queue")).toBe("b");

    // The first tab waits again, and leads when the second lets go.
    releaseSecond();
    await eventually(() => expect(first.lead).toHaveBeenCalledTimes(2));
  });

  it("keeps leading while hidden when no visible tab waits", async () => {
    const browser = fakeBrowser();
    const first = leader();
    const second = leader();
    holdLeadership("queue", () => false, first, browser.tab("a", true));
    holdLeadership("queue", () => false, second, browser.tab("b"));
    await eventually(() => expect(first.lead).toHaveBeenCalledOnce());

    browser.show(null); // the applicant left the browser: every tab hidden
    browser.show("c"); // a tab without this job is shown
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(first.stepDown).not.toHaveBeenCalled();
    expect(browser.holder("queue")).toBe("a");
  });

  it("passes the lock through a hidden tab waiting first to the visible one, without that tab leading", async () => {
    const browser = fakeBrowser();
    const first = leader();
    const hiddenOne = leader();
    const shownOne = leader();
    holdLeadership("queue", () => false, first, browser.tab("a", true));
    await eventually(() => expect(first.lead).toHaveBeenCalledOnce());
    holdLeadership("queue", () => false, hiddenOne, browser.tab("b"));
    holdLeadership("queue", () => false, shownOne, browser.tab("c"));

    browser.show("c");
    await eventually(() => expect(shownOne.lead).toHaveBeenCalledOnce());
    expect(hiddenOne.lead).not.toHaveBeenCalled();
    expect(browser.holder("queue")).toBe("c");
  });

  it("stays leader when shown again before looking, and lets go when released during a hand-over", async () => {
    const browser = fakeBrowser();
    let endWork = () => {};
    const first = leader(() => new Promise<void>((resolve) => (endWork = resolve)));
    const second = leader();
    const releaseFirst = holdLeadership("queue", () => false, first, browser.tab("a", true));
    await eventually(() => expect(first.lead).toHaveBeenCalledOnce());
    holdLeadership("queue", () => false, second, browser.tab("b"));

    browser.show("b");
    await eventually(() => expect(first.stepDown).toHaveBeenCalledOnce());
    releaseFirst(); // the worker stops (sign-out, closing) while its send ends
    endWork();
    await eventually(() => expect(second.lead).toHaveBeenCalledOnce());
    browser.show(null);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(first.lead).toHaveBeenCalledOnce(); // it did not queue again
  });
});
