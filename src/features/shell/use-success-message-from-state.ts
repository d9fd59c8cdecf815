import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { showSuccessToast } from "../../components/toasts";

/**
 * Spec §2: a success message passed in navigation state appears as a success toast, once. The
 * state is then replaced without the message, so Back or a reload does not show it again.
 */
export function useSuccessMessageFromState(): void {
  const location = useLocation();
  const navigate = useNavigate();
  const state = location.state as Record<string, unknown> | null;
  const message = state?.successMessage;
  useEffect(() => {
    if (typeof message !== "string") return;
    showSuccessToast(message);
    const { successMessage: _shown, ...rest } = state ?? {};
    navigate(location.pathname + location.search + location.hash, { replace: true, state: rest });
  }, [message, state, navigate, location.pathname, location.search, location.hash]);
}
