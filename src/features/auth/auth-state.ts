import { useLocation } from "react-router-dom";

/** What auth screens hand each other in navigation state (spec §2). */
export type AuthNavigationState = {
  username?: string;
  successMessage?: string;
  errorMessage?: string;
  studentAnswers?: Record<string, string>;
};

export function useAuthState(): AuthNavigationState {
  const state = useLocation().state as unknown;
  if (typeof state !== "object" || state === null) return {};
  const s = state as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  return {
    username: text(s.username),
    successMessage: text(s.successMessage),
    errorMessage: text(s.errorMessage),
    studentAnswers: isAnswerMap(s.studentAnswers) ? s.studentAnswers : undefined,
  };
}

function isAnswerMap(value: unknown): value is Record<string, string> {
  return (
    typeof value === "object" &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === "string")
  );
}
