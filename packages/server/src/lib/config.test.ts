import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, trustProxyWarning } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      adminUsername: 'admin',
      logLevel: 'info',
      trustProxy: false,
    });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('lists every bad value at once', () => {
    const bad = {
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      ADMIN_PASSWORD: '123',
      LOG_LEVEL: 'loud',
    };
    expect(() => loadConfig(bad)).toThrow(ConfigError);
    try {
      loadConfig(bad);
    } catch (e) {
      for (const name of Object.keys(bad)) expect((e as Error).message).toContain(name);
    }
  });

  it('takes PUBLIC_URL only as an absolute http(s) URL, without its trailing slash', () => {
    expect(loadConfig({}).publicUrl).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: 'https://inscripciones.escuela.edu.uy/' }).publicUrl).toBe(
      'https://inscripciones.escuela.edu.uy',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://10.0.0.5:8080/inscripciones' }).publicUrl).toBe(
      'http://10.0.0.5:8080/inscripciones',
    );
    for (const bad of ['inscripciones.escuela.edu.uy', 'ftp://x.uy', 'javascript:alert(1)', 'https://x.uy/?a=1']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be an absolute http/);
    }
  });

  it('takes TRUST_PROXY as a number of proxies or a list of their addresses; true only with a warning', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust(' 2 ')).toBe(2);
    expect(trust('10.0.0.2')).toEqual(['10.0.0.2']);
    expect(trust('10.0.0.2, 10.1.0.0/16,fd00::/8, ::1, loopback')).toEqual([
      '10.0.0.2',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ]);
    expect(trust('true')).toBe(true);
    expect(trustProxyWarning(true)).toMatch(/TRUST_PROXY=1 .*TRUST_PROXY=10\.0\.0\.2/);
    for (const quiet of [false, 1, ['10.0.0.2']] as const) expect(trustProxyWarning(quiet)).toBeNull();
    for (const bad of [
      'yes',
      '11',
      '-1',
      '1.5',
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      '10.0.0.1,',
      'nginx',
      '10.0.0.1/8/8',
    ]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
    }
  });

  it('switches to PostgreSQL with a postgres URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
  });
  it('takes the channels of the messages to the families, each with what it needs (decision 0029)', () => {
    expect(loadConfig({}).avisos).toMatchObject({
      smtpUrl: undefined,
      webhookUrl: undefined,
      concurrencia: 8,
      porSegundo: 100,
    });
    const ok = {
      SMTP_URL: 'smtps://avisos:clave@smtp.escuela.edu.uy:465',
      MAIL_FROM: 'Escuela N° 1 <avisos@escuela.edu.uy>',
      MENSAJES_WEBHOOK_URL: 'https://proveedor.example/enviar',
      PUBLIC_URL: 'https://inscripciones.escuela.edu.uy',
    };
    expect(loadConfig(ok).avisos).toMatchObject({
      smtpUrl: ok.SMTP_URL,
      mailFrom: ok.MAIL_FROM,
      webhookUrl: ok.MENSAJES_WEBHOOK_URL,
    });
    expect(() => loadConfig({ ...ok, SMTP_URL: 'http://smtp.x.uy' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ ...ok, MAIL_FROM: 'avisos' })).toThrow(/MAIL_FROM: must be an address/);
    expect(() => loadConfig({ ...ok, MENSAJES_WEBHOOK_URL: 'ftp://x' })).toThrow(/MENSAJES_WEBHOOK_URL: must be/);
    expect(() => loadConfig({ SMTP_URL: ok.SMTP_URL, PUBLIC_URL: ok.PUBLIC_URL })).toThrow(/MAIL_FROM: required/);
    expect(() => loadConfig({ MAIL_FROM: ok.MAIL_FROM })).toThrow(/SMTP_URL: required/);
    const sinPublica = { MENSAJES_WEBHOOK_URL: ok.MENSAJES_WEBHOOK_URL };
    expect(() => loadConfig(sinPublica)).toThrow(/PUBLIC_URL: required when SMTP_URL or MENSAJES_WEBHOOK_URL/);
    expect(() => loadConfig({ AVISOS_CONCURRENCIA: '0' })).toThrow(/AVISOS_CONCURRENCIA/);
    expect(loadConfig({ AVISOS_POR_SEGUNDO: '250' }).avisos.porSegundo).toBe(250);
    expect(() => loadConfig({ AVISOS_POR_SEGUNDO: 'mucho' })).toThrow(/AVISOS_POR_SEGUNDO/);
  });
});
