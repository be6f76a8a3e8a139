import { describe, expect, it } from 'vitest';
import { sqlLiteral } from './sql-dump.ts';

describe('sqlLiteral', () => {
  it('quotes plain text the standard way in both dialects', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      expect(sqlLiteral("O'Neill \\ Ñandú 👍", dialect)).toBe("'O''Neill \\ Ñandú 👍'");
      expect(sqlLiteral(null, dialect)).toBe('NULL');
      expect(sqlLiteral(42, dialect)).toBe('42');
    }
  });

  it('writes control, bidirectional and separator characters as Unicode escapes, backslashes doubled', () => {
    const value = "Ana\u0000\u001b\u0085\u202e\u2028\ufeff'\\0000\nBel";
    expect(sqlLiteral(value, 'sqlite')).toBe("unistr('Ana\\0000\\001B\\0085\\202E\\2028\\FEFF''\\\\0000\\000ABel')");
    expect(sqlLiteral(value, 'postgres')).toBe("U&'Ana\\0000\\001B\\0085\\202E\\2028\\FEFF''\\\\0000\\000ABel'");
  });

  it('writes bytes as hexadecimal: a blob in SQLite, a bytea in PostgreSQL', () => {
    const bytes = Buffer.from([0x00, 0x27, 0x5c, 0xff]);
    expect(sqlLiteral(bytes, 'sqlite')).toBe("X'00275cff'");
    expect(sqlLiteral(bytes, 'postgres')).toBe("'\\x00275cff'::bytea");
    expect(sqlLiteral(new Uint8Array(bytes).subarray(1, 3), 'sqlite')).toBe("X'275c'");
  });
});
