import { v7 as uuidv7 } from 'uuid';

/** UUIDv7: unique without coordination and ordered by creation time (DESIGN "Data"). */
export function newId(): string {
  return uuidv7();
}
