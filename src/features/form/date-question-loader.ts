type DateQuestionModule = typeof import("./date-question");

let loading: Promise<DateQuestionModule> | undefined;
let loaded: DateQuestionModule | undefined;
let failed = false;

/**
 * The date question's module (lazy: see question-view.tsx), loaded once. A failed load (the network
 * gone before the service worker had it) is tried again by the next call.
 */
export function loadDateQuestion(): Promise<DateQuestionModule> {
  loading ??= import("./date-question").then(
    (module) => {
      loaded = module;
      failed = false;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      failed = true;
      throw error;
    },
  );
  return loading;
}

/** The date question's module once loadDateQuestion() has finished (it is evaluated). */
export function loadedDateQuestion(): DateQuestionModule | undefined {
  return loaded;
}

/** Whether the last load failed. */
export function dateQuestionLoadFailed(): boolean {
  return failed;
}
