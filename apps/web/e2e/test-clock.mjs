// The e2e server's test clock, loaded into the API process with `node --import` by start-server.mjs and
// by nothing else: it is no part of any build. `Date` (what the API's clock reads) runs ahead by an
// offset that the specs move forward through a control port on 127.0.0.1 (E2E_CLOCK_PORT):
//   POST /advance?ms=N → { offsetMs }     GET / → { offsetMs }
// so a practice or a listen can be completed without waiting its real length. Timers are untouched.
import { createServer } from 'node:http';

const port = Number(process.env.E2E_CLOCK_PORT);
if (!Number.isInteger(port) || port <= 0) throw new Error('[e2e clock] E2E_CLOCK_PORT is required');

const RealDate = globalThis.Date;
let offsetMs = 0;

class TestDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offsetMs);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offsetMs;
  }
}
globalThis.Date = TestDate;

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (req.method === 'POST' && url.pathname === '/advance') {
    const ms = Number(url.searchParams.get('ms'));
    if (!Number.isFinite(ms) || ms < 0 || ms > 24 * 60 * 60 * 1000) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'ms: 0 to 86400000' }));
      return;
    }
    offsetMs += ms;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ offsetMs }));
});
server.listen(port, '127.0.0.1');
server.unref();
