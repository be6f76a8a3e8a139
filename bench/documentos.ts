/**
 * The checks of a family's uploaded document (packages/server/src/lib/documentos), in-process, on files
 * near the 5 MB cap built in code: a phone-like JPEG (noise so it compresses like a photo, 2,600 × 1,950 at
 * quality 90, with Exif/GPS, XMP, ICC and thumbnails), a noisy PNG and a PDF holding a 5 MB scanned image.
 * For each, `runs` runs (default 30) after a warm-up of inspeccionar + quitarMetadatos together, then each
 * alone and the encryption of the result: median, min and max wall-clock, and median CPU time of the process
 * (less disturbed by a busy machine); then hostile files of 5 MB made to work the walks hardest (short PDF
 * names, escaped names, empty streams; a JPEG scan of stuffed bytes, empty JPEG segments). Budget, in median
 * CPU: the JPEG's inspeccionar + quitarMetadatos under 100 ms and each hostile file under 250 ms (exit 1
 * otherwise); it all runs on the server's thread, before the file is stored.
 *
 *   node bench/documentos.ts [runs=30]
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PNG } from 'pngjs';
import { DOCUMENTO_MAX_BYTES } from '../packages/shared/src/solicitudes/documentos.ts';
import { claveDocumentos, cifrarDocumento } from '../packages/server/src/lib/documentos/cifrado.ts';
import { inspeccionar } from '../packages/server/src/lib/documentos/inspeccionar.ts';
import { quitarMetadatos } from '../packages/server/src/lib/documentos/metadatos.ts';
import { crearJpeg, crearPdf, jpegConMetadatos, pixeles } from '../packages/server/src/test/documentos-fixtures.ts';

const runs = Number(process.argv[2] ?? 30);
const BUDGET_CPU_MS = 100;
const BUDGET_HOSTIL_MS = 250;

function pngRuidoso(ancho: number, alto: number): Buffer {
  const png = new PNG({ width: ancho, height: alto });
  pixeles(ancho, alto, true).copy(png.data);
  return PNG.sync.write(png);
}
function pdfEscaneado(): Buffer {
  const imagen = crearJpeg(2600, 1950, { ruido: true, calidad: 90 });
  const objeto = Buffer.concat([
    Buffer.from(
      `<< /Type /XObject /Subtype /Image /Width 2600 /Height 1950 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${imagen.length} >>\nstream\n`,
    ),
    imagen,
    Buffer.from('\nendstream'),
  ]);
  return crearPdf({ objetos: [objeto] });
}

type Medida = { mediana: number; min: number; max: number; cpu: number };
function medir(fn: () => unknown): Medida {
  fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const mediana = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return { mediana: mediana(wall), min: Math.min(...wall), max: Math.max(...wall), cpu: mediana(cpu) };
}
const ms = (m: Medida) =>
  `median ${m.mediana.toFixed(1)} ms (min ${m.min.toFixed(1)}, max ${m.max.toFixed(1)}), CPU median ${m.cpu.toFixed(1)} ms`;

console.log(
  `Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}; ${runs} runs each`,
);
const clave = claveDocumentos('un secreto de servidor de al menos treinta y dos caracteres');
const archivos = [
  ['jpeg', 'foto.jpg', jpegConMetadatos({ base: crearJpeg(2600, 1950, { ruido: true, calidad: 90 }) })],
  ['png', 'captura.png', pngRuidoso(1450, 1150)],
  ['pdf', 'escaneo.pdf', pdfEscaneado()],
] as const;

let jpegCpu = 0;
for (const [tipo, nombre, bytes] of archivos) {
  const r = inspeccionar(bytes, { nombre });
  if (!r.ok || r.tipo !== tipo) throw new Error(`${nombre}: ${JSON.stringify(r)}`);
  if (bytes.length > DOCUMENTO_MAX_BYTES) throw new Error(`${nombre}: ${bytes.length} bytes, over the cap`);
  const limpio = quitarMetadatos(tipo, bytes);
  const ambos = medir(() => quitarMetadatos(tipo, bytes) && inspeccionar(bytes, { nombre }));
  if (tipo === 'jpeg') jpegCpu = ambos.cpu;
  console.log(
    `\n${tipo.toUpperCase()} ${(bytes.length / 1024 / 1024).toFixed(2)} MB → ${(limpio.length / 1024 / 1024).toFixed(2)} MB stored`,
  );
  console.log(`  inspeccionar + quitarMetadatos: ${ms(ambos)}`);
  console.log(`  inspeccionar alone:             ${ms(medir(() => inspeccionar(bytes, { nombre })))}`);
  console.log(`  quitarMetadatos alone:          ${ms(medir(() => quitarMetadatos(tipo, bytes)))}`);
  console.log(`  cifrarDocumento:                ${ms(medir(() => cifrarDocumento(clave, limpio, 'contexto')))}`);
}
// Hostile files of 5 MB built to make the walks work hardest (each refused or accepted, never slow).
const N = DOCUMENTO_MAX_BYTES - 2000;
const pdfDe = (relleno: string) =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(N, relleno), Buffer.from('\nstartxref\n0\n%%EOF\n')]);
const jpg = crearJpeg();
const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
const cabeceraJpeg = jpg.subarray(0, sos + 2 + jpg.readUInt16BE(sos + 2));
const hostiles = [
  ['PDF of short names (/ab)', 'a.pdf', pdfDe('/ab ')],
  ['PDF of escaped names (/J#53)', 'a.pdf', pdfDe('/J#53 ')],
  ['PDF of empty streams', 'a.pdf', pdfDe('>>stream\nendstream ')],
  [
    'JPEG scan of stuffed bytes',
    'a.jpg',
    Buffer.concat([cabeceraJpeg, Buffer.alloc(N, Buffer.from([0xff, 0])), Buffer.from([0xff, 0xd9])]),
  ],
  [
    'JPEG of empty comments',
    'a.jpg',
    Buffer.concat([Buffer.from([0xff, 0xd8]), Buffer.alloc(N, Buffer.from([0xff, 0xfe, 0, 2]))]),
  ],
] as const;
let peorCpu = 0;
console.log('\nHostile files of 5 MB, inspeccionar:');
for (const [nombre, archivo, bytes] of hostiles) {
  const r = inspeccionar(bytes, { nombre: archivo });
  const m = medir(() => inspeccionar(bytes, { nombre: archivo }));
  peorCpu = Math.max(peorCpu, m.cpu);
  console.log(`  ${nombre.padEnd(30)} ${(r.ok ? 'accepted' : r.codigo).padEnd(18)} ${ms(m)}`);
}
const ok = jpegCpu < BUDGET_CPU_MS && peorCpu < BUDGET_HOSTIL_MS;
console.log(
  `\nBudget: JPEG inspeccionar + quitarMetadatos CPU median < ${BUDGET_CPU_MS} ms, hostile files < ${BUDGET_HOSTIL_MS} ms: ${ok ? 'ok' : 'FAILED'}`,
);
process.exit(ok ? 0 : 1);
