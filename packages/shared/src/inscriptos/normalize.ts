/**
 * SPEC 3 "Booleans": true or the text "true" means true; false, the text "false", empty or missing means
 * false. Anything else is false too (the schema rejects it instead; see inscripto-schema.ts).
 */
export function normalizeBoolean(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The inputs the schema accepts for a boolean field, and what they mean. */
export function parseBooleanInput(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false' || value === '' || value === null) return false;
  return undefined;
}

/** Blank for the purposes of saving and of required fields: null, undefined, whitespace-only text. */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Sets an own property even for the key "__proto__", so the result never changes a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function isEmptyRow(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 0;
}

/** One value stripped as stripEmpty strips the values of an object: undefined when nothing is left of it. */
export function strip(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(strip).filter((item) => item !== undefined && !isEmptyRow(item));
    return items.length === 0 ? undefined : items;
  }
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const stripped = strip(v);
      if (stripped !== undefined) setOwn(out, key, stripped);
    }
    return out;
  }
  return isBlank(value) ? undefined : value;
}

/**
 * SPEC 4: "Empty strings, nulls and empty sibling lists are removed before a save." Removes, at any depth,
 * keys whose value is '', whitespace-only text, null, undefined or an empty list. Inside lists, blank items
 * and rows left with no field (an untouched sibling row) are dropped too, and a list left empty is removed.
 * Other values (false, 0, dates) are kept. Returns a new value; the input is not modified.
 */
export function stripEmpty<T>(data: T): T {
  const result = strip(data);
  if (result !== undefined) return result as T;
  return (Array.isArray(data) ? [] : data) as T;
}
