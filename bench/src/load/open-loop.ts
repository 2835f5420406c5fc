import http from 'node:http';

export type Target = { url: string; headers?: Record<string, string> };

function once(agent: http.Agent, target: Target): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(target.url, { agent, headers: target.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
}

/** Closed loop: `connections` clients sending back to back for `seconds`; returns req/s (non-2xx counted). */
export async function saturate(target: Target, seconds: number, connections = 32) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = Date.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < end) {
        const status = await once(agent, target).catch(() => 0);
        if (status >= 200 && status < 300) done += 1;
        else errors += 1;
      }
    }),
  );
  agent.destroy();
  return { rps: done / seconds, errors };
}

/**
 * Open loop at a fixed rate: requests are scheduled on a timer and latency is measured from the
 * scheduled time (no coordinated omission). Returns sorted latencies in ms.
 */
export async function fixedRate(target: Target, rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.floor(rate * seconds);
  const interval = 1000 / rate;
  const start = performance.now();
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const scheduled = start + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      once(agent, target)
        .then((status) => {
          if (status < 200 || status >= 300) errors += 1;
          latencies.push(performance.now() - scheduled);
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), errors };
}
