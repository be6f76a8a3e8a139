import { describe, expect, it } from 'vitest';
import { grupoHermanos, parseSegmento, segmentoParams, segmentoReservado } from './segmento.ts';
import { motivosCondicion } from './socioeconomic.ts';

describe('segments of the director panel', () => {
  it('round-trips through a URL and drops what the API would refuse', () => {
    const params = new URLSearchParams('barrio=Malv%C3%ADn&sexo=sin-dato&hermanos=3%2B&fueraDeZona=true&estrato=MEDIO');
    const s = parseSegmento(params);
    expect(s).toEqual({ barrio: 'Malvín', sexo: 'sin-dato', hermanos: '3+', fueraDeZona: true });
    expect(new URLSearchParams(segmentoParams(s)).toString()).toBe(
      'barrio=Malv%C3%ADn&sexo=sin-dato&hermanos=3%2B&fueraDeZona=true',
    );
  });

  it('marks income and benefit segments as reserved', () => {
    expect(segmentoReservado({ estrato: 'BAJO' })).toBe(true);
    expect(segmentoReservado({ condicion: 'zona' })).toBe(true);
    expect(segmentoReservado({ barrio: 'Malvín', sexo: 'F' })).toBe(false);
  });

  it('groups siblings and lists every reason a record is conditional', () => {
    expect([0, 1, 2, 3, 5].map(grupoHermanos)).toEqual(['0', '1', '2', '3+', '3+']);
    expect(
      motivosCondicion({
        zonaTolerancia: 'Sí',
        ingresosAclarar: '1.000',
        totalIntegrantesHogar: '2',
        planEquidad: true,
      }),
    ).toEqual(['zona', 'ingresos', 'beneficio']);
    expect(motivosCondicion({ zonaTolerancia: 'No', ingresosAclarar: '900.000', totalIntegrantesHogar: '2' })).toEqual(
      [],
    );
  });
});
