import { describe, expect, it } from 'vitest';
import { toCsv } from './panel-csv.ts';

describe('toCsv', () => {
  it('quotes texts, keeps numbers, and neutralises formulas', () => {
    expect(
      toCsv(
        ['Barrio', 'Cantidad'],
        [
          ['Malvín "Norte"', 3],
          ['=1+1', 0],
        ],
      ),
    ).toBe('\uFEFF"Barrio","Cantidad"\r\n"Malvín ""Norte""",3\r\n"\'=1+1",0\r\n');
  });
});
