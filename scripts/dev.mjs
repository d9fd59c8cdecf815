// `npm run dev`: Vite with hot reload on PORT (default 8080), proxying API paths to the server,
// which tsx restarts on change on API_PORT (default 8081).
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "8080";
const apiPort = process.env.API_PORT ?? "8081";
const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, CLIENT_DIR: "" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, PORT: port, API_PORT: apiPort } }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
