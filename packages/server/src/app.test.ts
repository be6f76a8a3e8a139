import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, bearer, buildTestApp, tokenFor, type TestApp } from './test/helper.ts';
import { buildInscripto, postInscripto } from './test/inscriptos-fixtures.ts';
import { HTTP_MSG } from '@inscripciones/shared/messages.ts';

describe.each(DIALECTS)('app on %s', (dialect) => {
  let t: TestApp;
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'inscripciones-web-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><title>Inscripciones</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    // A public address, so the constancia is printed (without one it is refused: decision 0030).
    t = await buildTestApp(dialect, {
      env: { WEB_DIST: webDist, PUBLIC_URL: 'https://inscripciones.escuela.example' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('GET /api/health answers ok after a database round trip', async () => {
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('sends security headers with a strict CSP and a request id', async () => {
    const res = await t.app.inject('/login');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
  });

  it('serves the SPA for any page path (history fallback) and caches hashed assets', async () => {
    for (const url of ['/', '/login', '/inscriptos/123', '/admin/usuarios']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await t.app.inject('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths with a JSON 404 in Spanish, not the SPA', async () => {
    const res = await t.app.inject('/api/no-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: HTTP_MSG.notFound, code: 'NOT_FOUND' });
  });

  it('marks every API answer no-store (records, lists, PDFs, exports, errors), but the OpenAPI document', async () => {
    const token = await tokenFor(t.app, ADMIN.username, ADMIN.password);
    const data = buildInscripto(new Date());
    const rec = await postInscripto(t.app, token, data);
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/inscriptos/${rec.id}/finalizar`,
      headers: bearer(token),
      payload: { ...data, version: rec.version },
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const urls = [
      `/api/inscriptos/${rec.id}`,
      '/api/inscriptos',
      `/api/inscriptos/export/pdf?id=${rec.id}`,
      `/api/inscriptos/${rec.id}/constancia`,
      `/api/inscriptos/${rec.id}/informe-datos`,
      '/api/inscriptos/export/excel',
      '/api/inscriptos/export/sql',
      '/api/auth/me',
      '/api/sorteo/participants',
      '/api/configuracion/publico',
      '/api/health',
      '/api/no-existe',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ url, headers: bearer(token) });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBeLessThan(url === '/api/no-existe' ? 500 : 300);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ url: '/api/inscriptos' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(login.headers['cache-control']).toBe('no-store');
    for (const url of ['/api/docs/json', '/api/docs/']) {
      expect((await t.app.inject(url)).headers['cache-control'], url).not.toBe('no-store');
    }
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const ui = await t.app.inject('/api/docs/');
    expect(ui.statusCode).toBe(200);
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users', '/api/users/{id}', '/api/health']));
  });
});

describe('health when the database is gone', () => {
  it('answers 503', async () => {
    const t = await buildTestApp('sqlite');
    await t.app.ctx.db.destroy();
    const res = await t.app.inject('/api/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', message: HTTP_MSG.unavailable });
    await t.close().catch(() => undefined);
  });
});
