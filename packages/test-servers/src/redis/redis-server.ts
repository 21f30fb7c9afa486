import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A real redis-server on a free loopback port, without persistence, for tests and figures. */
export interface TestRedisServer {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGKILL, like a crash); everything in it is lost. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: a Redis that stops answering. */
  pause(): void;
  resume(): void;
}

/** A port the OS says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function launch(port: number, args: readonly string[]): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  child.once('exit', () => running.delete(child));
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`redis-server did not start on port ${port}: ${output}`));
    }, 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run redis-server (is it installed?): ${error.message}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited with ${code} on port ${port}: ${output}`));
    });
  });
}

/** Starts a redis-server (`args`: more settings, `['--maxmemory', '2mb']`); call `stop()` in `afterAll`/`afterEach` (also killed at process exit). */
export async function startRedisServer(
  options: { port?: number; args?: readonly string[] } = {},
): Promise<TestRedisServer> {
  const port = options.port ?? (await freePort());
  const args = options.args ?? [];
  let child: ChildProcess | undefined = await launch(port, args);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      current.kill('SIGCONT');
      await new Promise<void>((resolve) => {
        current.once('exit', () => resolve());
        current.kill('SIGKILL');
      });
    },
    async start() {
      if (!child) child = await launch(port, args);
    },
    pause() {
      child?.kill('SIGSTOP');
    },
    resume() {
      child?.kill('SIGCONT');
    },
  };
}
