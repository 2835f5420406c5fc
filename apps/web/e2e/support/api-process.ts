// One built API process (apps/api/dist/main.js), started with the variables it is given and stopped by its
// caller: the scale cluster's instances (e2e/scale/cluster.ts) and the specs that need a server of their own
// (own-server.ts). Ready when it prints "Ascenso está listo: http://…:<port>" (apps/api/src/main.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The built API; E2E_SERVER_ENTRY (relative to apps/web) runs another build, e.g. a private one. */
export const SERVER_ENTRY = resolve(webRoot, process.env.E2E_SERVER_ENTRY ?? '../api/dist/main.js');

export type ApiProcess = {
  /** Direct address of the process. */
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves when the process has exited (any way). */
  exited: Promise<void>;
  /** Everything it printed so far. */
  output: () => string;
};

/** Starts the built API with exactly `env`, logging to `logFile`; rejects with its output if it exits or is not ready in 30 s. */
export function startApiProcess(name: string, env: NodeJS.ProcessEnv, logFile: string): Promise<ApiProcess> {
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: webRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const record = (chunk: Buffer) => {
    output += chunk.toString();
    writeFileSync(logFile, output);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within 30 s:\n${output}`));
    }, 30_000);
    const onData = () => {
      const ready = /Ascenso está listo: http:\/\/[^:\s]+:(\d+)/.exec(output);
      if (!ready) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      const port = Number(ready[1]);
      resolveStart({ url: `http://127.0.0.1:${port}`, port, child, exited, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${output}`));
    });
  });
}

/** Stops `child` with `signal` (SIGKILL after 10 s) and waits for it to exit. */
export async function stopChild(child: ChildProcess, exited: Promise<void>, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  child.kill(signal);
  await exited;
  clearTimeout(killer);
}
