import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_MSG } from '@inscripciones/shared/messages.ts';
import { DIALECTS, buildTestApp, type TestApp } from '../test/helper.ts';
import { loadConfig } from './config.ts';
import { STREAM_CAPS } from './board-events.ts';

/**
 * The live boards' streams are capped per client address and per instance (docs/operations.md): small caps
 * injected here; behind one proxy (TRUST_PROXY=1) the address is the one it forwards.
 */
describe.each(DIALECTS)('live board streams on %s', (dialect) => {
  let t: TestApp;
  let base: string;
  const open: AbortController[] = [];

  /** Opens a stream from `client`: the status, and a way to close it when it was admitted. */
  async function stream(path: 'sorteo' | 'plazas', client: string) {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/${path}/eventos`, {
      signal: controller.signal,
      headers: { accept: 'text/event-stream', 'x-forwarded-for': client },
    });
    if (res.status === 200) open.push(controller);
    return { res, close: () => controller.abort() };
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      env: { TRUST_PROXY: '1', LIVE_STREAMS_PER_ADDRESS: '2', LIVE_STREAMS_TOTAL: '3' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const c of open) c.abort();
    await t.close();
  });

  it('admits a few streams per address, refuses one more with 429, and gives the slot back when one closes', async () => {
    const first = await stream('sorteo', '203.0.113.1');
    expect(first.res.status).toBe(200);
    expect((await stream('plazas', '203.0.113.1')).res.status).toBe(200);

    const third = await stream('sorteo', '203.0.113.1');
    expect(third.res.status).toBe(429);
    expect(third.res.headers.get('retry-after')).toBe('30');
    expect(third.res.headers.get('content-type')).toContain('application/json');
    expect(await third.res.json()).toMatchObject({ code: 'RATE_LIMITED', message: HTTP_MSG.tooManyStreams });

    // Another address still gets in, up to the instance's total.
    expect((await stream('plazas', '203.0.113.2')).res.status).toBe(200);
    const overTotal = await stream('sorteo', '203.0.113.3');
    expect(overTotal.res.status).toBe(429);
    expect(await overTotal.res.json()).toMatchObject({ message: HTTP_MSG.tooManyStreams });

    // A closed stream frees its slot (the server notices the closed socket a moment later).
    first.close();
    let again = await stream('sorteo', '203.0.113.1');
    for (let i = 0; i < 40 && again.res.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      again = await stream('sorteo', '203.0.113.1');
    }
    expect(again.res.status).toBe(200);
  });
});

describe('live board stream caps', () => {
  it('by default admit a hall of families on one school network, and are configurable', () => {
    expect(STREAM_CAPS.perAddress).toBeGreaterThanOrEqual(200);
    expect(STREAM_CAPS.total).toBeGreaterThan(STREAM_CAPS.perAddress);
    expect(loadConfig({}).liveStreams).toEqual(STREAM_CAPS);
    expect(loadConfig({ LIVE_STREAMS_PER_ADDRESS: '500', LIVE_STREAMS_TOTAL: '5000' }).liveStreams).toEqual({
      perAddress: 500,
      total: 5000,
    });
    expect(() => loadConfig({ LIVE_STREAMS_PER_ADDRESS: '0' })).toThrow(/LIVE_STREAMS_PER_ADDRESS/);
  });
});
