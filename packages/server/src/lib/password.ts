import crypto from 'node:crypto';
import { promisify } from 'node:util';

/**
 * argon2id through Node's own crypto (Node >= 24.7): no native add-on to build. Parameters follow
 * OWASP's first recommendation (19 MiB, 2 passes, 1 lane). Hashes are PHC strings, so the parameters
 * can be raised later and old hashes still verify.
 */
const argon2 = promisify(crypto.argon2);

const PARAMS = { memory: 19456, passes: 2, parallelism: 1, tagLength: 32 } as const;

async function derive(
  password: string,
  nonce: Buffer,
  p: { memory: number; passes: number; parallelism: number; tagLength: number },
) {
  return argon2('argon2id', { message: Buffer.from(password, 'utf8'), nonce, ...p });
}

export async function hashPassword(password: string): Promise<string> {
  const nonce = crypto.randomBytes(16);
  const hash = await derive(password, nonce, PARAMS);
  const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');
  return `$argon2id$v=19$m=${PARAMS.memory},t=${PARAMS.passes},p=${PARAMS.parallelism}$${b64(nonce)}$${b64(hash)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const m = PHC.exec(phc);
  if (!m) return false;
  const [, memory, passes, parallelism, nonce, expectedB64] = m as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const expected = Buffer.from(expectedB64, 'base64');
  const actual = await derive(password, Buffer.from(nonce, 'base64'), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
    tagLength: expected.length,
  });
  return crypto.timingSafeEqual(actual, expected);
}

/** Verifying against this when the user does not exist keeps the response time the same. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  return dummyHash;
}
