import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '@inscripciones/shared/errors.ts';
import { HTTP_MSG } from '@inscripciones/shared/messages.ts';

/**
 * Live boards (docs/decisions/0008; the raffle's and the places' after it): server-sent events. One poller per app instance, running only while a
 * board is connected, reads a small fingerprint of the raffles every `pollMs`; when it changes (a confirmation
 * here or on another instance sharing the database) every board gets the new state. Local changes call
 * `changed()` and are sent at once. A comment line every `heartbeatMs` keeps proxies from closing idle streams.
 * EventSource reconnects by itself; the state is sent whole on every connection, so a board catches up.
 */
export interface BoardEventsOptions {
  fingerprint: () => Promise<string>;
  /** The JSON of the board as the public sees it. */
  board: () => Promise<unknown>;
  log: FastifyBaseLogger;
  pollMs?: number;
  heartbeatMs?: number;
}

export interface BoardEvents {
  /** Takes over a response whose headers are written: sends the current board now and on every change. */
  connect(res: ServerResponse): void;
  /** Something changed here: look now rather than at the next poll. */
  changed(): void;
  /** Ends every stream and stops the timers (the app is closing). */
  close(): void;
  readonly size: number;
}

const SSE_RETRY_MS = 2000;

export function createBoardEvents(options: BoardEventsOptions): BoardEvents {
  const pollMs = options.pollMs ?? 500;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const clients = new Set<ServerResponse>();
  /** Connected but not yet sent anything: they get the current state at the next look. */
  const pending = new Set<ServerResponse>();
  let last: { fingerprint: string; message: string } | null = null;
  let poller: NodeJS.Timeout | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const message = (fp: string, data: unknown) => `id: ${fp}\nevent: tablero\ndata: ${JSON.stringify(data)}\n\n`;

  function write(res: ServerResponse, chunk: string) {
    if (res.writableEnded || res.destroyed) return remove(res);
    res.write(chunk);
  }

  function remove(res: ServerResponse) {
    clients.delete(res);
    pending.delete(res);
    if (clients.size === 0) stopTimers();
  }

  function stopTimers() {
    if (poller) clearInterval(poller);
    if (heartbeat) clearInterval(heartbeat);
    poller = heartbeat = null;
    last = null;
  }

  function startTimers() {
    if (poller || closed) return;
    poller = setInterval(() => void poll(), pollMs);
    heartbeat = setInterval(() => {
      for (const res of clients) write(res, ': latido\n\n');
    }, heartbeatMs);
    poller.unref();
    heartbeat.unref();
  }

  /** One look at the database; concurrent requests are folded into one more look afterwards. */
  function poll(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        if (clients.size === 0 || closed) break;
        try {
          const fp = await options.fingerprint();
          let targets: Iterable<ServerResponse> = [...pending];
          if (last?.fingerprint !== fp) {
            last = { fingerprint: fp, message: message(fp, await options.board()) };
            targets = [...clients];
          }
          pending.clear();
          for (const res of targets) write(res, last.message);
        } catch (err) {
          options.log.error({ err }, 'could not read the state for the live boards');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    get size() {
      return clients.size;
    },
    connect(res) {
      if (closed) {
        res.end();
        return;
      }
      clients.add(res);
      res.on('close', () => remove(res));
      res.write(`retry: ${SSE_RETRY_MS}\n\n`);
      pending.add(res);
      startTimers();
      // Sent by the poller, so a newcomer never receives an older state after a newer one.
      void poll();
    },
    changed() {
      if (clients.size) void poll();
    },
    close() {
      closed = true;
      stopTimers();
      for (const res of clients) res.end();
      clients.clear();
      pending.clear();
    },
  };
}

/**
 * How many live streams one instance keeps open (LIVE_STREAMS_PER_ADDRESS, LIVE_STREAMS_TOTAL; docs/operations.md):
 * per client address, so one machine cannot hold thousands of sockets, yet enough for a hall of families on the
 * school's network (one address behind NAT) to watch the raffle; and in all, so streams never take the sockets
 * and file descriptors the rest of the API needs. Both boards (raffle and places) count together.
 */
export interface StreamCaps {
  perAddress: number;
  total: number;
}

export const STREAM_CAPS: Readonly<StreamCaps> = { perAddress: 300, total: 2000 };

/** One more stream than the caps allow: 429, and EventSource (or the page) tries again later. */
class TooManyStreamsError extends AppError {
  readonly retryAfterSeconds = 30;
  constructor() {
    super('RATE_LIMITED', HTTP_MSG.tooManyStreams);
  }
}

/** The open streams of this instance, by client address. */
export interface StreamSlots {
  /** Takes a slot for `address`; the function returned gives it back (once). Throws TooManyStreamsError. */
  take(address: string): () => void;
  readonly size: number;
}

export function createStreamSlots(caps: Readonly<StreamCaps> = STREAM_CAPS): StreamSlots {
  const byAddress = new Map<string, number>();
  let total = 0;
  return {
    get size() {
      return total;
    },
    take(address) {
      const open = byAddress.get(address) ?? 0;
      if (open >= caps.perAddress || total >= caps.total) throw new TooManyStreamsError();
      byAddress.set(address, open + 1);
      total += 1;
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        total -= 1;
        const left = (byAddress.get(address) ?? 1) - 1;
        if (left > 0) byAddress.set(address, left);
        else byAddress.delete(address);
      };
    },
  };
}

/**
 * Hands a GET request's connection to `events` as a text/event-stream, keeping the headers set so far (helmet's),
 * in a slot of `slots` for the client's address until the connection closes.
 */
export function streamTo(
  events: BoardEvents,
  slots: StreamSlots,
  request: { id: string; ip: string; raw: { socket: Socket } },
  reply: { getHeaders(): Record<string, unknown>; hijack(): void; raw: ServerResponse },
): void {
  const release = slots.take(request.ip);
  reply.raw.once('close', release);
  const headers: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(reply.getHeaders()).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
    ),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  };
  reply.hijack();
  const socket = request.raw.socket;
  socket.setTimeout(0);
  socket.setNoDelay(true);
  socket.setKeepAlive(true);
  reply.raw.writeHead(200, headers);
  events.connect(reply.raw);
}
