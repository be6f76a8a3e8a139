import path from 'node:path';

/** kebab-case words, then any dotted suffixes: `sorteo-service.ts`, `vite.config.ts`, `outbox.test.ts`. */
const KEBAB_CASE = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)+$/;

/** The project's own ESLint rules (eslint.config.js registers them as `local/...`). */
export const localRules = {
  'kebab-case-filename': {
    meta: {
      type: 'suggestion',
      docs: { description: 'File names are kebab-case, like the rest of the tree.' },
      schema: [],
      messages: { notKebab: 'File name "{{name}}" is not kebab-case (for example: inscripto-form.tsx).' },
    },
    create(context) {
      const name = path.basename(context.filename);
      return {
        Program(node) {
          if (!KEBAB_CASE.test(name)) context.report({ node, messageId: 'notKebab', data: { name } });
        },
      };
    },
  },
};
