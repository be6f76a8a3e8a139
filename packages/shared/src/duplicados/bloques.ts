/** The rule's blocks (duplicados-index.ts): the enrolments that share one key. */

/** A map from a key to enrolments, a single one kept without a set (most keys name one enrolment). */
export class Blocks<Entry> {
  private readonly map = new Map<string, Entry | Set<Entry>>();
  /** The keys of two enrolments or more: the only ones that can join children. */
  readonly multi = new Set<string>();
  add(key: string, e: Entry) {
    const found = this.map.get(key);
    if (found === undefined) this.map.set(key, e);
    else if (found instanceof Set) found.add(e);
    else {
      this.map.set(key, new Set([found, e]));
      this.multi.add(key);
    }
  }
  remove(key: string, e: Entry) {
    const found = this.map.get(key);
    if (found === e) this.map.delete(key);
    else if (found instanceof Set) {
      found.delete(e);
      if (found.size === 1) {
        this.map.set(key, found.values().next().value!);
        this.multi.delete(key);
      }
    }
  }
  visit(key: string | null, fn: (e: Entry) => void) {
    const found = key === null ? undefined : this.map.get(key);
    if (found instanceof Set) for (const e of found) fn(e);
    else if (found) fn(found);
  }
  keys(): IterableIterator<string> {
    return this.map.keys();
  }
  list(key: string): Entry[] {
    const found = this.map.get(key);
    return found instanceof Set ? [...found] : found ? [found] : [];
  }
}
