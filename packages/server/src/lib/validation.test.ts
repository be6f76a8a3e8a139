import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeText } from '@inscripciones/shared/text-rule.ts';
import { zodValidatorCompiler } from './validation.ts';

async function appWith(body: z.ZodType) {
  const app = Fastify();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.post('/x', { schema: { body } }, () => ({ ok: true }));
  return app;
}

describe('zodValidatorCompiler', () => {
  it('stops the server when a route takes text without the text rule, naming the route and the field', async () => {
    const app = await appWith(z.object({ ok: safeText('Ok'), nombre: z.array(z.object({ apodo: z.string() })) }));
    await expect(app.ready()).rejects.toThrow(
      'POST /x body: text without the text rule (use safeText): nombre[].apodo',
    );
  });

  it('starts, and refuses the forbidden characters, when every text follows the rule', async () => {
    const app = await appWith(z.object({ nombre: safeText('Nombre') }));
    await app.ready();
    const res = await app.inject({ method: 'POST', url: '/x', payload: { nombre: 'Ana\u202eBel' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(
      'Nombre: tiene un carácter invisible que cambia la dirección del texto (U+202E)',
    );
    await app.close();
  });
});
