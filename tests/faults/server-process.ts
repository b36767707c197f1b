import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const ADMIN = { email: 'ops-admin@example.com', password: 'ops admin password' };

export interface ServerProcess {
  origin: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
}

/** The real server (`node --import tsx src/server/main.ts`) as production runs it, on a free port. */
export async function startServer(env: Record<string, string>, port?: number): Promise<ServerProcess> {
  const chosen = port ?? (await freePort());
  const clean = { ...process.env };
  for (const name of ['DATABASE_URL', 'TEST_DB', 'DEMO_SALES', 'PSA_API_TOKEN', 'REDIS_URL'])
    delete clean[name];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'server', 'main.ts')], {
    cwd: path.resolve(import.meta.dirname, '..', '..'),
    env: {
      ...clean,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(chosen),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PUBLIC_ORIGIN: `http://127.0.0.1:${chosen}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const origin = `http://127.0.0.1:${chosen}`;
  const server: ServerProcess = {
    origin,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/readyz`)).ok) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`The server did not become ready within 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Signs the bootstrap admin in and returns the Cookie header value. */
export async function loginAdmin(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(ADMIN),
  });
  if (response.status !== 200) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((value) => /^(__Host-)?holoscope_session=/.test(value));
  if (!cookie) throw new Error('Sign-in set no session cookie');
  return cookie.split(';')[0]!;
}

/** Uploads a sales file to the admin import, as the admin screen does. */
export async function uploadImport(origin: string, cookie: string, file: string): Promise<Response> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  return fetch(`${origin}/api/admin/sales/import`, {
    method: 'POST',
    headers: { cookie, origin },
    body: form,
  });
}
