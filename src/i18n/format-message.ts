// The English source messages' formatter. English is the source language and needs no catalogue,
// so the first screen carries this one replace (a few bytes) instead of the library; other
// languages go through @lingui/core, loaded with their catalogue (decision 0025). The app's English
// messages use `{name}` arguments only: a unit test holds this equal to Lingui's output on every
// one of them, and fails on a message with a plural or select, which would need the library here.
export type MessageValues = Readonly<Record<string, string | number>>;

export function formatEnglish(message: string, values: MessageValues = {}): string {
  return message.replace(/\{(\w+)\}/g, (argument, name: string) =>
    name in values ? String(values[name]) : argument,
  );
}
