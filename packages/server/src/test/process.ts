import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The real server process (main.ts), for tests of what only a process shows: files, logs, several instances. */
const MAIN = path.join(import.meta.dirname, '..', 'main.ts');

export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  exited: Promise<number | null>;
  output: () => { stdout: string; stderr: string };
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

export function spawnServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'pipe' });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => ({ stdout, stderr }),
    stop: () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function waitForHealth(port: number, timeoutMs = 20_000): Promise<Response> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/** A TCP port free on 127.0.0.1 right now (the system picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
