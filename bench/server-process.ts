import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';

export interface ServerProcess {
  base: string;
  pid: number;
  /** Resident set size from /proc, in MB: what the operating system sees the server use. */
  rssMb(): number;
  /** V8 heap in use after a full garbage collection, in MB: grows only if something leaks. */
  heapMb(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/loadtest-server.ts as a child process with this environment and waits for its port. */
export async function startServerProcess(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = fork('bench/loadtest-server.ts', [], {
    env,
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  // Log lines go to a pipe that is read and dropped, as a log collector would take them.
  child.stdout?.resume();
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The server exited with ${code} before listening`)));
    child.on('message', (message: { port?: number }) => {
      if (message.port) resolve(message.port);
    });
  });
  const pid = child.pid ?? 0;
  return {
    base: `http://127.0.0.1:${port}`,
    pid,
    rssMb: () => readRssMb(pid),
    heapMb: () => askHeapMb(child),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.send('stop');
      }),
  };
}

function readRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

function askHeapMb(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const listener = (message: { memory?: NodeJS.MemoryUsage }) => {
      if (!message.memory) return;
      child.off('message', listener);
      resolve(message.memory.heapUsed / 1024 / 1024);
    };
    child.on('message', listener);
    child.send('memory');
  });
}
