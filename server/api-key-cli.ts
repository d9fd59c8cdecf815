// `npm run api-key:create -- --name crm` prints a new API key for the integration API once (only
// its hash is stored); `npm run api-key:revoke -- --name crm` revokes it (decision 0022). On the
// configured database, or through the running server that holds DATA_DIR's embedded one. The key
// alone goes to stdout, so a script can take it; notes for people go to stderr.
import {
  onDatabaseOrServer,
  parseFlags,
  postToServer,
  Refusal,
  runCommand,
  serverRefusal,
} from "./operator-cli";
import { ADMIN_API_KEYS_PATH, ADMIN_API_KEYS_REVOKE_PATH, noKeyNamedMessage } from "./routes/admin-api-keys";
import {
  API_KEY_NAME,
  API_KEY_NAME_RULE,
  ApiKeyNameTaken,
  createApiKey,
  revokeApiKey,
} from "./services/api-keys";

const [action, ...args] = process.argv.slice(2);
const USAGE = `Usage: npm run api-key:${action === "revoke" ? "revoke" : "create"} -- --name NAME`;

function keyName(): string {
  const { name } = parseFlags(args, ["name"], USAGE, "Manages the integration API's keys.");
  if (!name) throw new Refusal(`Give the key's name with --name. ${USAGE}`);
  if (!API_KEY_NAME.test(name)) throw new Refusal(API_KEY_NAME_RULE);
  return name;
}

async function create(name: string): Promise<void> {
  const key = await onDatabaseOrServer(
    "npm run api-key:create",
    async ({ db }) => {
      try {
        return (await createApiKey(db, name, new Date())).key;
      } catch (error) {
        if (error instanceof ApiKeyNameTaken) throw new Refusal(error.message);
        throw error;
      }
    },
    async (server) => {
      const answer = await postToServer(server, ADMIN_API_KEYS_PATH, { name });
      if (answer.status === 409 && typeof answer.body.message === "string")
        throw new Refusal(answer.body.message);
      if (answer.status !== 201 || typeof answer.body.key !== "string") throw serverRefusal(server, answer);
      return answer.body.key;
    },
  );
  process.stdout.write(`${key}\n`);
  console.error(
    `API key "${name}" created. It is shown this once: keep it in the other system's secrets. Send it as Authorization: Bearer <key>.`,
  );
}

async function revoke(name: string): Promise<void> {
  await onDatabaseOrServer(
    "npm run api-key:revoke",
    async ({ db }) => {
      if (!(await revokeApiKey(db, name, new Date()))) throw new Refusal(noKeyNamedMessage(name));
    },
    async (server) => {
      const answer = await postToServer(server, ADMIN_API_KEYS_REVOKE_PATH, { name });
      if (answer.status === 404) throw new Refusal(noKeyNamedMessage(name));
      if (answer.status !== 200) throw serverRefusal(server, answer);
    },
  );
  console.error(`API key "${name}" revoked: calls with it are refused from now on.`);
}

await runCommand(`npm run api-key:${action ?? "create"}`, async () => {
  if (action !== "create" && action !== "revoke") {
    throw new Refusal(
      "Usage: npm run api-key:create -- --name NAME, or npm run api-key:revoke -- --name NAME",
    );
  }
  const name = keyName();
  await (action === "create" ? create(name) : revoke(name));
});
