// Time limits for work that needs the CPU (printing in Chromium, converting in LibreOffice). Their
// figures are meant for a machine with a core to spare: a print takes about a second there, and
// one still running after 30 s is hung. On a busy machine every runnable task gets a share of a
// core, and the same print takes as many times longer as tasks share each core (a load average of
// 40 on two cores made prints take over 30 s in the browser suite: every try failed, and the
// applicant was told the PDF could not be made). So a limit is stretched by the load per core,
// read when the work starts, up to MAX_STRETCH, past which the work is judged hung all the same
// (pg-boss's own expiry of such jobs allows for the most stretched limit: server/jobs/job-queue.ts).
import os from "node:os";

/**
 * The most a limit is stretched (a load of 8 per core, where a print's 30 s becomes two minutes).
 * More would keep a job whose worker died waiting longer for pg-boss to try it again.
 */
export const MAX_STRETCH = 4;

/** How busy the machine is: the 1-minute load average per core, at least 1. */
export function loadPerCore(
  loadAverage: number = os.loadavg()[0] ?? 0,
  cores: number = os.availableParallelism(),
): number {
  return Math.max(1, loadAverage / Math.max(1, cores));
}

/** `ms` (a limit for a machine with a core to spare) stretched for the machine's load now. */
export function stretchedForLoad(ms: number, perCore: number = loadPerCore()): number {
  return Math.round(ms * Math.min(MAX_STRETCH, Math.max(1, perCore)));
}
