/** Three consecutive ports from SCALE_PORT (default 8231): the load balancer and the two servers. */
const base = Number(process.env.SCALE_PORT ?? 8231);

export const scalePorts = { balancer: base, serverA: base + 1, serverB: base + 2 };
