// Setup for the unit suite (vitest.config.ts). Testing Library's waits (findBy…, waitFor) wait for
// a state, but give up after 1 s by default: a busy machine can take longer to render a page in
// jsdom. They still return as soon as the state is there.
if (typeof document !== "undefined") {
  const { configure } = await import("@testing-library/react");
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
