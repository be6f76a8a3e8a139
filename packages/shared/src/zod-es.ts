import { z } from 'zod';

/** Every schema in this package imports this first, so zod's default messages are in Spanish. */
z.config(z.locales.es());

export { z };
