/**
 * Marks the prerendered first screen inside #root (static-shell.tsx): main.tsx renders the app over
 * it in one commit. A module of its own so that the entry chunk does not take the shell's imports.
 */
export const STATIC_SHELL_ATTRIBUTE = "data-static-shell";
