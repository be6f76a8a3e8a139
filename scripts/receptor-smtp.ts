/**
 * A real SMTP server for the tests and the benchmark of the messages to the families (docs/decisions/0029): it
 * accepts every message over SMTP (smtp-server, the library nodemailer's authors keep), parses it (mailparser)
 * and serves what arrived as JSON over HTTP, so a test reads the Message-ID, To, Subject and body it got.
 *
 *   node scripts/receptor-smtp.ts [--smtp 2525] [--api 2526]     (0: any free port; prints both URLs as JSON)
 *
 * HTTP API:
 * - GET /mensajes?to=addr: what arrived, oldest first (everything without `to`);
 * - GET /ids?to=addr: only the Message-IDs, one per message received (a copy appears twice);
 * - GET /cuenta?to=addr: { total, unicos, primero, ultimo }: messages, distinct Message-IDs, and when the first
 *   and the last arrived;
 * - POST /reglas { to, codigo?, veces?, demoraMs? }: the next `veces` messages to `to` get SMTP reply `codigo` at
 *   RCPT TO; every message to `to` is accepted only after `demoraMs`;
 * - DELETE /mensajes: forget everything.
 * Rules are per recipient, so test suites that share one receiver (CI starts one for all of them) do not see
 * each other's.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

export interface MensajeRecibido {
  messageId: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  listUnsubscribe: string | null;
  recibidoEn: string;
}

interface Regla {
  codigo: number;
  veces: number;
  demoraMs: number;
}

export interface ReceptorSmtp {
  smtpUrl: string;
  apiUrl: string;
  close: () => Promise<void>;
}

const HOST = '127.0.0.1';

function listen(server: { listen: (port: number, host: string, cb: () => void) => unknown }, port: number) {
  return new Promise<void>((resolve) => server.listen(port, HOST, resolve));
}

export async function iniciarReceptorSmtp(o: { smtpPort?: number; apiPort?: number } = {}): Promise<ReceptorSmtp> {
  let mensajes: MensajeRecibido[] = [];
  const reglas = new Map<string, Regla>();
  const reglaDe = (addr: string) => reglas.get(addr.toLowerCase());

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const regla = reglaDe(address.address);
      if (regla && regla.veces > 0 && regla.codigo) {
        regla.veces -= 1;
        const err = Object.assign(new Error(`Rechazo de prueba ${regla.codigo}`), { responseCode: regla.codigo });
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      simpleParser(stream)
        .then(async (mail) => {
          const demora = Math.max(0, ...to.map((t) => reglaDe(t)?.demoraMs ?? 0));
          if (demora) await new Promise((r) => setTimeout(r, demora));
          const unsubscribe = mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line;
          mensajes.push({
            messageId: mail.messageId ?? '',
            from: mail.from?.text ?? '',
            to,
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            listUnsubscribe: unsubscribe ? unsubscribe.replace(/^[^:]*:\s*/, '') : null,
            recibidoEn: new Date().toISOString(),
          });
          // Recorded before the reply: a message the client saw accepted is always in the list.
          callback();
        })
        .catch((err: unknown) => callback(err as Error));
    },
  });

  // A client that dies mid-session (the tests kill the app with SIGKILL) resets its connection: smtp-server
  // reports that as an 'error' event, which would end this process without a listener.
  smtp.on('error', (err) => process.stderr.write(`receptor-smtp: ${err.message}\n`));

  const api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${HOST}`);
    const to = url.searchParams.get('to')?.toLowerCase();
    const de = to ? mensajes.filter((m) => m.to.includes(to)) : mensajes;
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/mensajes') return json(200, de);
    if (req.method === 'GET' && url.pathname === '/ids')
      return json(
        200,
        de.map((m) => m.messageId),
      );
    if (req.method === 'GET' && url.pathname === '/cuenta') {
      const primero = de[0]?.recibidoEn ?? null;
      const ultimo = de.at(-1)?.recibidoEn ?? null;
      return json(200, { total: de.length, unicos: new Set(de.map((m) => m.messageId)).size, primero, ultimo });
    }
    if (req.method === 'DELETE' && url.pathname === '/mensajes') {
      mensajes = [];
      reglas.clear();
      return json(200, {});
    }
    if (req.method === 'POST' && url.pathname === '/reglas') {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        try {
          const r = JSON.parse(body) as { to: string } & Partial<Regla>;
          reglas.set(r.to.toLowerCase(), { codigo: r.codigo ?? 0, veces: r.veces ?? 0, demoraMs: r.demoraMs ?? 0 });
          json(200, {});
        } catch {
          json(400, {});
        }
      });
      return;
    }
    json(404, {});
  });

  // Clients poll it with pauses of several seconds (between benchmark runs): a connection the server closes
  // while the client reuses it fails the request ("other side closed").
  api.keepAliveTimeout = 120_000;
  await listen(smtp.server, o.smtpPort ?? 0);
  await listen(api, o.apiPort ?? 0);
  const port = (s: { address: () => unknown }) => (s.address() as AddressInfo).port;
  return {
    smtpUrl: `smtp://${HOST}:${port(smtp.server)}`,
    apiUrl: `http://${HOST}:${port(api)}`,
    close: async () => {
      api.closeAllConnections();
      await Promise.all([
        new Promise<void>((r) => smtp.close(() => r())),
        new Promise<void>((r) => api.close(() => r())),
      ]);
    },
  };
}

if (import.meta.main) {
  const { values } = parseArgs({ options: { smtp: { type: 'string' }, api: { type: 'string' } } });
  const receptor = await iniciarReceptorSmtp({ smtpPort: Number(values.smtp ?? 0), apiPort: Number(values.api ?? 0) });
  process.stdout.write(`${JSON.stringify({ smtpUrl: receptor.smtpUrl, apiUrl: receptor.apiUrl })}\n`);
  const stop = () => void receptor.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
