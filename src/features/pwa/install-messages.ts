// The install hints' words (issue 14), as messages in English; their Spanish is in
// src/features/shell/shell.es.json (issue 35). Loaded with the hints, never by a first screen.
export const keepOnHomeScreen = "Keep this application on your home screen.";
export const installApp = "Install app";
export const iosInstall = "Install this app: tap the Share button, then Add to Home Screen.";
export const dismissHint = "Dismiss";
