import type { StoredAnswer } from "./local-db";

/**
 * Changes typed before the sync engine could be loaded (decision 0020: a visitor's first screen
 * comes without it; the network can go before it arrives). Until the device's database has them,
 * they are kept here, in localStorage (synchronous, so a change kept is kept even if the tab closes
 * at once), and the next page stores them (the answer store, or the sync client's open). Nothing
 * is kept once the database has taken a change.
 */
const STORAGE_KEY = "admissions:unstored-answers";

type Held = Record<string, { owner: string; key: string; value: string; editedAt: number }>;

/** Whether anything may be held: spares a keystroke's release a read of localStorage. */
let mayHold: boolean | undefined;

const entryKey = (answer: { owner: string; key: string }) => `${answer.owner}\u0000${answer.key}`;

function read(): Held {
  try {
    const text = window.localStorage.getItem(STORAGE_KEY);
    return text ? (JSON.parse(text) as Held) : {};
  } catch {
    return {};
  }
}

/** False when the browser refused (storage full, or disabled). */
function write(held: Held): boolean {
  try {
    if (Object.keys(held).length === 0) window.localStorage.removeItem(STORAGE_KEY);
    else window.localStorage.setItem(STORAGE_KEY, JSON.stringify(held));
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps `answer` until `releaseStored` says the database has it (or a newer edit). False when it
 * could not be kept: the change is then in memory only, until the engine stores it.
 */
export function holdUnstored(answer: StoredAnswer): boolean {
  const held = read();
  const earlier = held[entryKey(answer)];
  if (earlier && earlier.editedAt > answer.editedAt) return true;
  held[entryKey(answer)] = {
    owner: answer.owner,
    key: answer.key,
    value: answer.value,
    editedAt: answer.editedAt,
  };
  mayHold = true;
  return write(held);
}

/** The database has `answer`: what was held for its field, if no newer, goes. */
export function releaseStored(answer: StoredAnswer): void {
  if (mayHold === false) return;
  const held = read();
  const earlier = held[entryKey(answer)];
  if (earlier && earlier.editedAt <= answer.editedAt) {
    delete held[entryKey(answer)];
    write(held);
  }
  mayHold = Object.keys(held).length > 0;
}

/** What is held for `owner`, to be stored (AnswerStore.storeHeld, SyncClient.open). */
export function heldAnswers(owner: string): StoredAnswer[] {
  const held = read();
  mayHold = Object.keys(held).length > 0;
  return Object.values(held).filter((answer) => answer.owner === owner);
}
