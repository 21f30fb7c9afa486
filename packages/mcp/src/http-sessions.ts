import type { ServerResponse } from 'node:http';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** Most concurrent HTTP sessions by default: each holds a downstream server (tens of KB). */
export const defaultMaxSessions = 1000;

/** Idle time after which an HTTP session is closed by default: 30 minutes. */
const defaultSessionIdleMs = 30 * 60_000;

interface LiveSession {
  readonly transport: StreamableHTTPServerTransport;
  /** Responses still open (a call in flight, a notification stream). */
  open: number;
  lastSeen: number;
}

/** The gateway's HTTP sessions, bounded in number and closed after `idleMs` without a request. */
export interface SessionTable {
  /** Sessions open or being opened. */
  readonly size: number;
  /** Takes a place for a session about to initialize; false when every place is taken. */
  reserve(): boolean;
  /** Gives back a place `reserve` took, once the session is registered or failed to start. */
  release(): void;
  add(id: string, transport: StreamableHTTPServerTransport): void;
  delete(id: string): void;
  /** The session's transport, marked in use until `res` closes. */
  use(id: string, res: ServerResponse): StreamableHTTPServerTransport | undefined;
  /** Closes every session and stops the idle sweep. */
  close(): Promise<void>;
}

/** Keeps the table and sweeps idle sessions on a timer that never holds the process open. */
export function sessionTable(
  maxSessions = defaultMaxSessions,
  idleMs = defaultSessionIdleMs,
): SessionTable {
  const live = new Map<string, LiveSession>();
  let pending = 0;

  const sweep = () => {
    const now = Date.now();
    for (const [id, session] of live) {
      if (session.open === 0 && now - session.lastSeen >= idleMs) {
        live.delete(id);
        session.transport.close().catch(() => undefined);
      }
    }
  };
  const timer = setInterval(sweep, Math.max(10, Math.min(idleMs / 4, 60_000)));
  timer.unref();

  return {
    get size() {
      return live.size + pending;
    },
    reserve() {
      if (live.size + pending >= maxSessions) return false;
      pending++;
      return true;
    },
    release() {
      pending--;
    },
    add(id, transport) {
      live.set(id, { transport, open: 0, lastSeen: Date.now() });
    },
    delete(id) {
      live.delete(id);
    },
    use(id, res) {
      const session = live.get(id);
      if (!session) return undefined;
      session.open++;
      session.lastSeen = Date.now();
      res.once('close', () => {
        session.open--;
        session.lastSeen = Date.now();
      });
      return session.transport;
    },
    async close() {
      clearInterval(timer);
      const transports = [...live.values()].map((session) => session.transport);
      live.clear();
      await Promise.allSettled(transports.map((transport) => transport.close()));
    },
  };
}
