/**
 * Starts the already-built `kesi serve` (KESI_BIN, default ../bin/kesi) on a free loopback port
 * with a fresh SQLite data directory, waits for /readyz, and hands the base URL and the data
 * directory to the tests (inject('baseURL') / inject('dataDir'), and KESI_E2E_URL /
 * KESI_E2E_DATA_DIR in the environment). Builds nothing: `make test-e2e` builds first.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => {
        ok(port);
      });
    });
  });
}

async function waitReady(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`kesi serve exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`kesi serve did not become ready at ${url}:\n${log()}`);
}

/**
 * The lines of the server's log worth reading after a run: warnings, errors, 5xx answers and
 * sign-ins that did not succeed (the last 80).
 */
function notable(log: string): string[] {
  return log
    .split('\n')
    .filter((l) => /level=(WARN|ERROR)|status=5\d\d/.test(l) || (l.includes('path=/kesi.v1.AuthService/Login ') && !l.includes('status=200')))
    .slice(-80);
}

export default async function setup(project: TestProject) {
  const bin = resolve(process.env.KESI_BIN ?? resolve(import.meta.dirname, '../../bin/kesi'));
  if (!existsSync(bin)) throw new Error(`${bin} not found: run make build (or set KESI_BIN)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'kesi-e2e-data-'));
  const port = await freePort();
  const addr = `127.0.0.1:${port}`;
  const baseURL = `http://${addr}`;
  let output = '';
  // The server's whole log, kept after the run (the data directory is not): a failed journey is
  // explained by what the server answered.
  const logFile = join(mkdtempSync(join(tmpdir(), 'kesi-e2e-log-')), 'kesi-serve.log');
  const child = spawn(bin, ['serve'], {
    // Every suite registers its own accounts from 127.0.0.1, many more than the ten an
    // address may open in an hour.
    env: { ...process.env, KESI_DATA_DIR: dataDir, KESI_ADDR: addr, KESI_PUBLIC_URL: baseURL, KESI_DATABASE_URL: '', KESI_REGISTRATIONS_PER_ADDRESS: '1000' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    appendFileSync(logFile, chunk);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await waitReady(baseURL, child, () => output);

  process.env.KESI_E2E_URL = baseURL;
  process.env.KESI_E2E_DATA_DIR = dataDir;
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      const t = setTimeout(r, 5_000);
      child.once('exit', () => {
        clearTimeout(t);
        r(undefined);
      });
    });
    if (child.exitCode === null) child.kill('SIGKILL');
    const noted = notable(readFileSync(logFile, 'utf8'));
    if (noted.length > 0) console.error(`kesi serve's warnings, errors and refused sign-ins (whole log: ${logFile}):\n${noted.join('\n')}`);
    if (!process.env.KESI_E2E_KEEP) rmSync(dataDir, { recursive: true, force: true });
  };
}
