// The header's save status in Spanish (issue 35): describeSyncStatus's sentences
// (src/features/answers/sync-status.ts), in the Spanish chunk only. The server's own messages
// (serverMessage) are shown in Spanish when the catalogue knows them, else as the server wrote them;
// the browser's (localError) as it wrote them.
import type { SyncStatus } from "../features/answers/sync-status";

const changes = (n: number) => (n === 1 ? "1 cambio" : `${n} cambios`);
const waiting = (n: number) => `(${n} en espera)`;
const GENERIC = "Se produjo un error inesperado. Inténtelo de nuevo más tarde.";

type Translate = (english: string) => string;

function serverError(message: string | null, pending: number): string {
  const kept = pending === 1 ? "1 cambio se guarda" : `${changes(pending)} se guardan`;
  return `El servidor tuvo un problema, así que ${kept} en este dispositivo: ${message ?? GENERIC}`;
}

function phase(s: SyncStatus, translate: Translate): string {
  const serverMessage = s.serverMessage === null ? null : translate(s.serverMessage);
  switch (s.phase) {
    case "local-only":
      return s.keptForSignIn > 0
        ? `Sesión cerrada: ${changes(s.keptForSignIn)} se guardan en este dispositivo hasta que vuelva a iniciar sesión`
        : "Guardado en este dispositivo";
    case "sending":
      return "Sincronizando…";
    case "offline":
      return `Guardado en este dispositivo: se sincronizará cuando vuelva a tener conexión ${waiting(s.pending)}`;
    case "unreachable":
      return `No pudimos comunicarnos con el servidor; sus respuestas están a salvo en este dispositivo y seguiremos intentándolo ${waiting(s.pending)}`;
    case "busy":
      return `El servidor está ocupado; sus respuestas están a salvo en este dispositivo y se enviarán en un momento ${waiting(s.pending)}`;
    case "server-error":
      return serverError(serverMessage, s.pending);
    case "signed-out":
      return `Su sesión terminó: inicie sesión de nuevo para enviar sus cambios; se guardan en este dispositivo ${waiting(s.pending)}`;
    case "attention":
      return `No guardado: ${serverMessage ?? "el servidor rechazó los cambios."}`;
    case "idle":
      return s.pending > 0 ? "Sincronizando…" : "Todos los cambios guardados";
  }
}

export function spanishSyncStatus(s: SyncStatus, translate: Translate = (english) => english): string {
  if (s.localError) return `No guardado en este dispositivo: ${s.localError}`;
  const refused =
    s.refused === 0
      ? null
      : s.refused === 1
        ? "1 respuesta no se guardó"
        : `${s.refused} respuestas no se guardaron`;
  if (refused === null) return phase(s, translate);
  if (s.phase === "idle" || s.phase === "sending") return `${refused}.`;
  const said = phase(s, translate);
  return `${said.endsWith(".") ? said : `${said}.`} ${refused}.`;
}
