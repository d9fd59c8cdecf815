// `npm run dev`: Vite with hot reload on PORT (default 8080), proxying API paths to the server,
// which tsx restarts on change on API_PORT (default 8081), and /staff to the staff review's Vite
// on STAFF_DEV_PORT (default 8082).
import { spawn } from "node:child_process";

const port = process.env.PORT ?? "8080";
const apiPort = process.env.API_PORT ?? "8081";
const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort, CLIENT_DIR: "" },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, PORT: port, API_PORT: apiPort } }),
  // The staff review (its own build, decision 0022), reached through the app's dev server at /staff.
  spawn("npx", ["vite", "-c", "vite.staff.config.ts"], { stdio: "inherit", env: process.env }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) child.on("exit", (code) => code && stop());
