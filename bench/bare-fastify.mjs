// The anchor of bench/throughput.ts: Fastify with nothing of ours (no logger, no plugins, no
// database), one route. What this machine's Node and Fastify can answer at most.
import Fastify from "fastify";

const app = Fastify();
app.get("/hello", async () => ({ hello: "world" }));
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
console.log("ready");
