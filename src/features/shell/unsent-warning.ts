// The account menu's warning before logging out with changes unsent (issue 35). English formats no
// plural on the first screen or in the menu (decision 0025): its English is the function, and a
// unit test holds Lingui's English rendering of the message equal to it. Spanish: shell.es.json.
export const unsentWarning =
  "{count, plural, one {1 change hasn't reached the server yet. If you log out now, it stays on this device and is sent when you sign in here again.} other {# changes haven't reached the server yet. If you log out now, they stay on this device and are sent when you sign in here again.}}";

export function unsentWarningEnglish(count: number): string {
  return count === 1
    ? "1 change hasn't reached the server yet. If you log out now, it stays on this device and is sent when you sign in here again."
    : `${count} changes haven't reached the server yet. If you log out now, they stay on this device and are sent when you sign in here again.`;
}
