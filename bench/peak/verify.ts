// Acknowledged against stored (bench/peak.ts): after a step's crowd has gone, every save the server
// answered 200 must be in the database: its idempotency record, each of its fields at that edit or
// a newer one, each field's newest acknowledged value the one stored, the device's sequence at
// the number of acknowledged batches, and every acknowledged submit recorded.
import pg from "pg";
import type { ApplicantLedger } from "./record";

export type Verdict = {
  /** Documents the worker converted during the step's window (the database's clock). */
  conversions: number;
  acknowledged: number;
  stored: number;
  /** Acknowledged saves not (wholly) on the server, and other differences, described. */
  problems: string[];
};

type Row = Record<string, unknown>;

export async function verifyLedgers(
  url: string,
  ledgers: readonly ApplicantLedger[],
  window: { from: number; to: number },
): Promise<Verdict> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const names = ledgers.map((ledger) => ledger.username);
    const query = async (text: string) => (await client.query<Row>(text, [names])).rows;
    const byUser = `join users u on u.id = t.user_id where u.username = any($1)`;
    const keys = await query(
      `select u.username, t.key from idempotency_keys t ${byUser} and t.status_code = 200`,
    );
    const answers = await query(
      `select u.username, t.key, t.value, (extract(epoch from t.edited_at) * 1000)::bigint as edited
       from answers t ${byUser}`,
    );
    const sequences = await query(
      `select u.username, t.client_id, t.last_seq from client_sequences t ${byUser}`,
    );
    const submitted = await query(
      `select u.username from applications t ${byUser} and t.submitted_at is not null`,
    );
    const storedKeys = new Set(keys.map((row) => `${row.username} ${row.key}`));
    const storedAnswers = new Map(answers.map((row) => [`${row.username} ${row.key}`, row]));
    const lastSeq = new Map(
      sequences.map((row) => [`${row.username} ${row.client_id}`, Number(row.last_seq)]),
    );
    const submittedUsers = new Set(submitted.map((row) => row.username as string));

    const problems: string[] = [];
    let acknowledged = 0;
    let stored = 0;
    for (const ledger of ledgers) {
      const newest = new Map<string, { value: string; editedAt: number }>();
      for (const save of ledger.saves) {
        acknowledged++;
        let whole = storedKeys.has(`${ledger.username} ${save.key}`);
        for (const [field, sent] of Object.entries(save.fields)) {
          const row = storedAnswers.get(`${ledger.username} ${field}`);
          if (!row || Number(row.edited) < sent.editedAt) whole = false;
          const before = newest.get(field);
          if (!before || before.editedAt <= sent.editedAt) newest.set(field, sent);
        }
        if (whole) stored++;
        else problems.push(`${ledger.username}: save ${save.key} acknowledged, not stored`);
      }
      for (const [field, sent] of newest) {
        const value = storedAnswers.get(`${ledger.username} ${field}`)?.value;
        if (value !== sent.value)
          problems.push(`${ledger.username}: ${field} stored ${JSON.stringify(value)}`);
      }
      const seq = lastSeq.get(`${ledger.username} ${ledger.device}`) ?? 0;
      if (seq !== ledger.saves.length) {
        problems.push(`${ledger.username}: sequence at ${seq}, ${ledger.saves.length} batches acknowledged`);
      }
      if (ledger.submitted && !submittedUsers.has(ledger.username)) {
        problems.push(`${ledger.username}: submit acknowledged, not recorded`);
      }
    }
    const converted = await client.query<{ n: number }>(
      `select count(*)::int as n from document_conversions
       where status = 'COMPLETED' and updated_at >= $1 and updated_at < $2`,
      [new Date(window.from), new Date(window.to)],
    );
    return { conversions: converted.rows[0]?.n ?? 0, acknowledged, stored, problems };
  } finally {
    await client.end();
  }
}
