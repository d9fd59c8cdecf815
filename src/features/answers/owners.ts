/** Owner of answers typed before any sign-in: they belong to this device until merged into an account. */
export const DEVICE_OWNER = "device";
