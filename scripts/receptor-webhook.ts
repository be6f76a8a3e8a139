/**
 * A provider of phone messages for the tests of the messages to the families (docs/decisions/0029): it takes the
 * app's webhook (`POST` JSON `{ to, text, idempotencyKey }`) at any path but /_api, answers as its rules say, and
 * serves what it received as JSON.
 *
 *   node scripts/receptor-webhook.ts [--port 2527]     (0: any free port; prints the webhook's URL as JSON)
 *
 * HTTP API: GET /_api/pedidos?to=+598… (every request received, with the status it got, oldest first), POST
 * /_api/reglas { to, status, veces?, demoraMs? } (the next `veces` requests for `to` get `status`, after
 * `demoraMs`; without `veces`, all of them), DELETE /_api/pedidos (forget everything). Rules are per recipient,
 * so test suites that share one receiver do not see each other's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

export interface PedidoRecibido {
  path: string;
  to: string;
  text: string;
  idempotencyKey: string;
  /** The Idempotency-Key header. */
  idempotencyHeader: string | null;
  status: number;
  recibidoEn: string;
}

interface Regla {
  status: number;
  veces: number | null;
  demoraMs: number;
}

export interface ReceptorWebhook {
  url: string;
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';

const leer = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

export async function iniciarReceptorWebhook(o: { port?: number } = {}): Promise<ReceptorWebhook> {
  let pedidos: PedidoRecibido[] = [];
  const reglas = new Map<string, Regla>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const json = (status: number, body: unknown) => {
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    void (async () => {
      const body = await leer(req);
      if (url.pathname === '/_api/pedidos' && req.method === 'GET') {
        const to = url.searchParams.get('to');
        return json(200, to ? pedidos.filter((p) => p.to === to) : pedidos);
      }
      if (url.pathname === '/_api/pedidos' && req.method === 'DELETE') {
        pedidos = [];
        reglas.clear();
        return json(200, {});
      }
      if (url.pathname === '/_api/reglas' && req.method === 'POST') {
        const r = JSON.parse(body) as { to: string } & Partial<Regla>;
        reglas.set(r.to, { status: r.status ?? 200, veces: r.veces ?? null, demoraMs: r.demoraMs ?? 0 });
        return json(200, {});
      }
      if (req.method !== 'POST') return json(405, {});
      const p = JSON.parse(body) as { to?: unknown; text?: unknown; idempotencyKey?: unknown };
      const to = String(p.to ?? '');
      const regla = reglas.get(to);
      let status = 200;
      if (regla && (regla.veces === null || regla.veces > 0)) {
        if (regla.veces !== null) regla.veces -= 1;
        status = regla.status;
        if (regla.demoraMs) await new Promise((r) => setTimeout(r, regla.demoraMs));
      }
      const header = req.headers['idempotency-key'];
      pedidos.push({
        path: url.pathname,
        to,
        text: String(p.text ?? ''),
        idempotencyKey: String(p.idempotencyKey ?? ''),
        idempotencyHeader: typeof header === 'string' ? header : null,
        status,
        recibidoEn: new Date().toISOString(),
      });
      json(status, status < 300 ? { id: `msg-${pedidos.length}` } : { error: 'prueba' });
    })().catch(() => json(400, {}));
  });

  // Clients poll it with pauses of several seconds (between benchmark runs): a connection the server closes
  // while the client reuses it fails the request ("other side closed").
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(o.port ?? 0, HOST, resolve));
  return {
    url: `http://${HOST}:${(server.address() as AddressInfo).port}/hook`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { port: { type: 'string' } } });
  const receptor = await iniciarReceptorWebhook({ port: Number(values.port ?? 0) });
  process.stdout.write(`${JSON.stringify({ url: receptor.url })}\n`);
  const stop = () => void receptor.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
