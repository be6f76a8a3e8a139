/**
 * UUIDv7 (RFC 9562) for every new record, made on the server and in the browser (an idempotent create and
 * the offline outbox choose the id): unique without coordination and ordered by creation time (DESIGN
 * "Data"). 48 bits of Unix milliseconds, then a 12-bit counter that keeps ids made in the same millisecond
 * in order (RFC 9562 6.2, method 1), then 62 random bits. crypto.getRandomValues exists in Node and in every
 * browser, also on plain HTTP, where crypto.randomUUID does not.
 */
let lastMs = -1;
let counter = 0;

export function newId(now: number = Date.now()): string {
  if (now > lastMs) {
    lastMs = now;
    counter = crypto.getRandomValues(new Uint16Array(1))[0]! & 0x3ff; // leaves room to count up
  } else if (++counter > 0xfff) {
    lastMs += 1; // the counter ran out (or the clock went back): borrow the next millisecond
    counter = 0;
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let ms = lastMs;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ms % 256;
    ms = Math.floor(ms / 256);
  }
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
