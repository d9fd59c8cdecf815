/** Four consecutive ports from SCALE_PORT (default 8231): the load balancer, two servers, PostgreSQL. */
const base = Number(process.env.SCALE_PORT ?? 8231);

export const scalePorts = { balancer: base, serverA: base + 1, serverB: base + 2, postgres: base + 3 };
