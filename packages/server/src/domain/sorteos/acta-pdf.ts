import { describirFuente } from '@inscripciones/shared/sorteo/fuente-valor-publico.ts';
import type { TActa, TActaLinea } from '@inscripciones/shared/sorteo/acta-schema.ts';
import { LISTA_LABELS, SORTEO_MSG, STAGE_LABELS } from '@inscripciones/shared/sorteo/messages.ts';
import { iniciales, padNumero } from '@inscripciones/shared/sorteo/format.ts';
import { listaPublica } from '@inscripciones/shared/sorteo/lista-publica.ts';
import { PDF_COLORS as COLORS, PDF_FONTS as FONTS } from '../../lib/pdf-document.ts';
import { enHoraDeUruguay, raffleDoc } from '../../lib/pdf-kit.ts';

/**
 * The acta a notary signs: school, venue, times with the time zone, operator, notary and
 * witnesses, the rules in plain Spanish, the participant list (number and initials), the public value and
 * its origin, every raffle of the cycle, the reveals, the results, and on every page "Página N de M" and
 * the SHA-256 of the acta JSON. Made and stored when the raffle closes and again when its cycle is anonymised;
 * the stored bytes are what every download gets. `creado` fixes the file's date for an acta drawn on each
 * download (the raffle feature's sorteo-actas-service.ts), so every download still gets the same bytes.
 */

const REGLAS_TEXTO = [
  'Participan las inscripciones finalizadas al iniciar el sorteo; la lista queda congelada en ese momento y su ' +
    'hash se muestra en el tablero público. Los hermanos que se inscriben juntos forman un grupo y se sortean ' +
    'juntos: entran todos o quedan todos como suplentes.',
  'Hay dos listas, nenas y varones, con las plazas indicadas. Un niño o niña con sexo "Otro" compite en la ' +
    'lista con más plazas (nenas si empatan).',
  'Orden: 1) grupos de hermanos, en orden sorteado; 2) niños con hermanos en primaria; 3) los demás, ' +
    'alternando nena y varón; 4) todos los que no obtuvieron plaza, sorteados como suplentes en orden.',
  'El azar sale de una semilla secreta del servidor, cuyo compromiso (SHA-256) se publicó al iniciar, ' +
    'combinada con el valor público dicho en la sala. Con el acta pública cualquiera puede repetir el sorteo ' +
    '(npm run sorteo:verificar o "Verificar este sorteo" en /sorteo).',
];

const estadoTexto = (e: string) => (e === 'anulado' ? 'Anulado' : e === 'activo' ? 'En curso' : 'Finalizado');

export async function actaPdf(acta: TActa, actaSha256: string, creado?: Date): Promise<Buffer> {
  const r = raffleDoc(`Acta del sorteo ${acta.anio}`, creado);
  const { doc, width } = r;
  doc.font(FONTS.bold).fontSize(18).fillColor(COLORS.accent).text(SORTEO_MSG.tituloTablero(acta.anio), { width });
  doc.font(FONTS.bold).fontSize(13).fillColor(COLORS.ink).text('Acta del sorteo público de ingreso', { width });
  if (acta.estado === 'anulado' || !acta.completo) {
    doc
      .font(FONTS.bold)
      .fontSize(10)
      .fillColor(COLORS.danger)
      .text(
        `SORTEO ANULADO: ${acta.sorteosConfirmados} de ${acta.totalSorteos} sorteos confirmados.` +
          (acta.motivoAnulacion ? ` Motivo: ${acta.motivoAnulacion}` : ''),
        { width },
      );
  }
  doc.moveDown(0.6);

  const titulares = acta.titulares.nenas.length + acta.titulares.varones.length;
  const suplentes = acta.suplentes.nenas.length + acta.suplentes.varones.length;
  if (acta.escuela) r.field('Escuela', acta.escuela);
  if (acta.lugar) r.field('Lugar', acta.lugar);
  r.field('Inicio', enHoraDeUruguay(acta.iniciadoEn));
  r.field(acta.estado === 'anulado' ? 'Anulación' : 'Finalización', enHoraDeUruguay(acta.archivadoEn));
  r.field('Operador/a', `${acta.operador.nombre} (${acta.operador.usuario})`);
  if (acta.finalizadoPor.usuario !== acta.operador.usuario) {
    r.field('Cerrado por', `${acta.finalizadoPor.nombre} (${acta.finalizadoPor.usuario})`);
  }
  if (acta.escribano) r.field('Escribano/a', acta.escribano);
  if (acta.testigos?.length) r.field('Testigos', acta.testigos.join(' · '));
  r.field('Plazas', `Nenas: ${acta.plazas.nenas} · Varones: ${acta.plazas.varones}`);
  r.field(
    'Participantes',
    `${acta.participantes.reduce((n, u) => n + u.miembros.length, 0)} niños y niñas en ${acta.participantes.length} ` +
      `unidades (sorteos) · Titulares: ${titulares} · Suplentes: ${suplentes}`,
  );
  if (acta.listaPublicaHash)
    r.field('Hash de la lista pública de participantes (SHA-256)', acta.listaPublicaHash, true);
  r.field('Hash de la lista completa (SHA-256)', acta.participantesHash, true);
  if (acta.anonimizadoEn) {
    r.field(
      'Anonimizada (Ley 18.331)',
      `${enHoraDeUruguay(acta.anonimizadoEn)}: de los niños no admitidos quedan iniciales y huella. ` +
        'El acta firmada el día del sorteo queda en papel con la escuela y el escribano.',
    );
  }
  r.field('Compromiso publicado al inicio (SHA-256 de la semilla)', acta.compromiso, true);
  r.field('Semilla (revelada al cerrar)', acta.semilla, true);
  if (acta.sal) r.field('Sal de la lista pública (revelada al cerrar)', acta.sal, true);
  if (acta.fuenteValorPublico) {
    r.field('Fuente del valor público (declarada al iniciar)', describirFuente(acta.fuenteValorPublico));
  }
  r.field('Valor público', acta.valorPublico || '(ninguno)');
  for (const v of acta.valoresIngresados ?? []) {
    r.field(`Valor ingresado ${enHoraDeUruguay(v.en)} por ${v.usuario}`, `${v.valor} → ${v.canonico}`);
  }
  if (acta.valorPublicoOrigen) r.field('Origen del valor público', acta.valorPublicoOrigen);
  if (acta.motivoDuplicados) r.field('Iniciado con posibles duplicados sin resolver. Motivo', acta.motivoDuplicados);

  r.section('Reglas del sorteo');
  for (const p of REGLAS_TEXTO) r.paragraph(p);
  r.field('Función de sorteo', acta.funcion);

  r.section('Sorteos de este ciclo');
  for (const s of acta.sorteosDelCiclo ?? []) {
    r.paragraph(
      `${estadoTexto(s.estado)} — iniciado ${enHoraDeUruguay(s.iniciadoEn)}` +
        (s.cerradoEn ? `, cerrado ${enHoraDeUruguay(s.cerradoEn)}` : '') +
        ` — ${s.sorteosConfirmados} de ${s.totalSorteos} sorteos — compromiso ${s.compromiso.slice(0, 16)}…` +
        (s.motivoAnulacion ? ` — Motivo de la anulación: ${s.motivoAnulacion}` : '') +
        (s.id === acta.id ? ' (este sorteo)' : ''),
      s.estado === 'anulado' ? COLORS.danger : COLORS.ink,
    );
  }

  const lista = acta.sal ? listaPublica(acta.participantes, acta.plazas, acta.sal) : null;
  r.section(`Lista de participantes (${acta.participantes.length} unidades)`);
  r.columns(
    lista
      ? lista.map((p) => `${padNumero(p.numeroInscripcion)}  ${p.iniciales}`)
      : acta.participantes.map(
          (u) => `${padNumero(u.numero)}  ${u.miembros.map((m) => iniciales(m.nombreCompleto)).join(', ')}`,
        ),
    3,
  );

  const lineas = (lines: TActaLinea[]) =>
    lines.map(
      (l) =>
        `${l.posicion}. ${padNumero(l.numeroInscripcion)}  ${l.nombreCompleto} — ${STAGE_LABELS[l.etapa]}, sorteo ${l.sorteo}`,
    );
  for (const lista of ['nenas', 'varones'] as const) {
    r.section(`Titulares — ${LISTA_LABELS[lista]} (${acta.titulares[lista].length} de ${acta.plazas[lista]} plazas)`);
    r.columns(lineas(acta.titulares[lista]), 1);
  }
  for (const lista of ['nenas', 'varones'] as const) {
    r.section(`Suplentes — ${LISTA_LABELS[lista]}, en orden (${acta.suplentes[lista].length})`);
    r.columns(lineas(acta.suplentes[lista]), 1);
  }

  const revelaciones = acta.revelaciones ?? [];
  r.section(`Vistas de sorteos antes de confirmarlos (${revelaciones.length})`);
  r.columns(
    revelaciones.map(
      (v) =>
        `Sorteo ${v.sorteo}: ${v.usuario}, ${enHoraDeUruguay(v.fecha).replace(' (hora de Uruguay, UTC-03:00)', '')}`,
    ),
    3,
  );

  const firmas = [
    `Operador/a: ${acta.operador.nombre}`,
    `Escribano/a: ${acta.escribano ?? ''}`,
    ...(acta.testigos?.length ? acta.testigos : ['', '', '']).map((t) => `Testigo: ${t}`),
  ];
  // The signatures stay together, on one page with their title.
  r.ensure(60 + Math.ceil(firmas.length / 3) * 80);
  r.section('Firmas');
  r.signatures(firmas);
  return r.finish(`SHA-256 del acta (JSON): ${actaSha256}`);
}
