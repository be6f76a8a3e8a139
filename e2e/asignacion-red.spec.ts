import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { completeInscripto } from '@inscripciones/shared/test/fixtures.ts';
import { E2E_ADMIN, apiLogin, freshCi, signInAs, watchForPageErrors } from './support.ts';
import { seriousA11yViolations } from './a11y.ts';
import { test } from './red-server.ts';

/*
 * The network's assignment (docs/decisions/0028), on a server of its own (red-server.ts): three schools with one
 * place per list, families at each ranking them; the network's administrator picks the network mode for the year,
 * runs the network raffle (source, public value, a position read aloud, the end) and the assignment on
 * /red/asignacion; anyone, without a session, replays the public acta on /asignacion/verificar and it matches;
 * a school's volunteer records a family's decline at the desk on /asignacion.
 * Both screens at 1366 and 375 px: no horizontal overflow, axe clean.
 */

const ESCUELAS = ['principal', 'norte', 'sur'] as const;

/** Who applies where and what they rank (first choice first). */
const FAMILIAS: { escuela: string; nombre: string; sexo: 'F' | 'M'; preferencias: string[] }[] = [
  { escuela: 'principal', nombre: 'Anacleta', sexo: 'F', preferencias: ['principal', 'norte'] },
  { escuela: 'principal', nombre: 'Bartolo', sexo: 'M', preferencias: ['norte', 'principal', 'sur'] },
  { escuela: 'principal', nombre: 'Casimira', sexo: 'F', preferencias: ['principal'] },
  { escuela: 'norte', nombre: 'Dionisia', sexo: 'F', preferencias: ['principal', 'sur'] },
  { escuela: 'norte', nombre: 'Eustaquio', sexo: 'M', preferencias: ['norte'] },
  { escuela: 'sur', nombre: 'Gumersindo', sexo: 'M', preferencias: ['norte', 'sur'] },
  { escuela: 'sur', nombre: 'Hermenegilda', sexo: 'F', preferencias: ['sur', 'principal', 'norte'] },
];

type Familia = (typeof FAMILIAS)[number] & { numero: number; codigo: string };
type Linea = {
  numero: number;
  espera: { escuela: string }[];
  origen: { escuela: string; numeroInscripcion: number | null };
  actual: { escuela: string | null; estado: string };
};

/** A successful API call's JSON (the test stops with the server's message otherwise). */
async function ok(res: Promise<APIResponse>) {
  const r = await res;
  expect(r.status(), await r.text()).toBeLessThan(300);
  return (await r.json()) as Record<string, unknown> & { items?: { id: string; anioIngreso: number }[] };
}

/** The network over its API: two more schools, one place per list in each, and the families' applications. */
async function montarRed(request: APIRequestContext): Promise<{ anio: number; familias: Familia[] }> {
  const { token } = await apiLogin(request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  // The first school gets a name like the others (a new deployment's is a placeholder).
  await ok(
    request.put('/api/escuelas/1', {
      headers,
      data: {
        codigo: 'principal',
        escuelaNombre: 'Escuela principal',
        direccion: 'Calle 1',
        telefono: '2400 0000',
        horarios: 'Lunes a viernes de 8 a 16',
      },
    }),
  );
  for (const codigo of ['norte', 'sur']) {
    await ok(
      request.post('/api/escuelas', {
        headers,
        data: {
          codigo,
          escuelaNombre: `Escuela ${codigo}`,
          direccion: 'Calle 1',
          telefono: '2400 0000',
          horarios: 'Lunes a viernes de 8 a 16',
        },
      }),
    );
  }
  let anio = 0;
  for (const codigo of ESCUELAS) {
    const ciclo = (await ok(request.get(`/api/ciclos?escuela=${codigo}`, { headers }))).items![0]!;
    anio = ciclo.anioIngreso;
    await ok(
      request.put(`/api/ciclos/${ciclo.id}?escuela=${codigo}`, { headers, data: { plazasNenas: 1, plazasVarones: 1 } }),
    );
  }
  const { hermanosInscriben: _h, cantidadHermanosInscriben: _c, ...base } = completeInscripto(new Date());
  const familias: Familia[] = [];
  for (const f of FAMILIAS) {
    const q = `?escuela=${f.escuela}`;
    const datos = { ...base, nombre1: f.nombre, apellido1: `${f.nombre}ez`, ci: freshCi(), sexo: f.sexo };
    const creada = await ok(
      request.post(`/api/inscriptos${q}`, { headers, data: { ...datos, preferencias: f.preferencias } }),
    );
    const fin = await ok(
      request.post(`/api/inscriptos/${String(creada.id)}/finalizar${q}`, {
        headers,
        data: { ...datos, version: creada.version },
      }),
    );
    const { codigo } = await ok(request.post(`/api/inscriptos/${String(creada.id)}/codigo-estado${q}`, { headers }));
    familias.push({ ...f, numero: Number(fin.numeroInscripcion), codigo: String(codigo) });
  }
  return { anio, familias };
}

/** No horizontal scroll and no serious axe finding, at a desktop and a phone width. */
async function revisarPantalla(page: Page, nombre: string) {
  for (const width of [1366, 375]) {
    await page.setViewportSize({ width, height: 900 });
    // Polled: right after the resize the sidebar is still turning into the phone's menu.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${nombre} a ${width} px` })
      .toBeLessThanOrEqual(width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${nombre}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

test('three schools, ranked choices, the network raffle and the assignment; the public Verificar matches', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const errors = watchForPageErrors(page);
  const { anio, familias } = await montarRed(page.request);

  await signInAs(page, E2E_ADMIN.username, E2E_ADMIN.password, '/red/asignacion');
  await expect(page.getByRole('heading', { level: 1, name: 'Asignación de la red' })).toBeVisible();
  await page.getByLabel('Año de ingreso').fill(String(anio));
  await expect(page.getByText(`En ${anio} cada escuela sortea sus plazas`)).toBeVisible();
  await page.getByLabel('Una asignación para toda la red').check();
  await expect(page.getByLabel('Escuelas que puede elegir cada familia')).toHaveValue('5');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sorteo de la red' })).toBeVisible();

  // The raffle: three dice declared, the commitment and the list's hash shown, the value said in the room.
  await page.getByRole('button', { name: 'Iniciar el sorteo de la red' }).click();
  await expect(page.getByText('7 postulaciones de 7 niños, en 3 escuelas.')).toBeVisible();
  await page.getByLabel('Valor público dicho en la sala').fill('2 5 6');
  await page.getByLabel('De dónde salió').fill('Dados lanzados por la escribana');
  await page.getByRole('button', { name: 'Guardar valor público' }).click();
  await expect(page.getByText('0 de 7 leídos en la sala')).toBeVisible();
  await page.getByRole('button', { name: 'Mostrar el número siguiente' }).click();
  await expect(page.getByText(/^Número al azar 1: N° \d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar Selección' }).click();
  await expect(page.getByText('1 de 7 leídos en la sala')).toBeVisible();
  await revisarPantalla(page, 'sorteo-red');
  await page.getByRole('button', { name: 'Terminar el sorteo y revelar la semilla' }).click();
  await expect(page.getByText('El sorteo de la red terminó.')).toBeVisible();

  await page.getByRole('button', { name: 'Asignar las plazas' }).click();
  await expect(page.getByText(/^7 postulaciones: \d+ con escuela, \d+ sin escuela\.$/)).toBeVisible();
  for (const codigo of ESCUELAS) await expect(page.getByRole('rowheader', { name: codigo })).toBeVisible();
  await revisarPantalla(page, 'asignacion-red');
  await page.getByRole('link', { name: 'Verificar la asignación' }).click();
  await expect(page).toHaveURL(new RegExp(`/asignacion/verificar\\?anio=${anio}$`));
  expect(errors).toEqual([]);

  // Anyone, with no session: the public page downloads the acta and replays it in the browser.
  const publico = await browser.newContext({ baseURL, locale: 'es-UY' });
  const visitante = await publico.newPage();
  const erroresPublicos = watchForPageErrors(visitante);
  await visitante.goto('/asignacion/verificar');
  await visitante.getByRole('button', { name: 'Verificar el acta publicada' }).click();
  await expect(visitante.getByTestId('asignacion-verificacion')).toContainText(
    'Coincide. Acta de asignación verificada: 7 postulaciones (7 niños)',
  );
  await revisarPantalla(visitante, 'verificar');
  // A tampered copy, pasted: the verdict says where it differs.
  const acta = (await (await visitante.request.get('/api/asignacion/acta-publica.json')).json()) as {
    resultados: { numero: number; escuela: string | null }[];
  };
  acta.resultados[0]!.escuela = acta.resultados[0]!.escuela === 'sur' ? 'norte' : 'sur';
  await visitante.getByLabel('Contenido del acta').fill(JSON.stringify(acta));
  await visitante.getByRole('button', { name: 'Verificar el acta pegada' }).click();
  await expect(visitante.getByTestId('asignacion-verificacion')).toContainText('No coincide: N° 1: el acta dice');

  // After the assignment, a family holding a place with a school it ranked higher accepts and waits, on /estado.
  const { token } = await apiLogin(page.request, E2E_ADMIN.username, E2E_ADMIN.password);
  const headers = { authorization: `Bearer ${token}` };
  const lineas = async () =>
    ((await (await page.request.get('/api/asignacion', { headers })).json()) as { lineas: Linea[] }).lineas;
  const familiaDe = (l: Linea) =>
    familias.find((f) => f.escuela === l.origen.escuela && f.numero === l.origen.numeroInscripcion)!;
  const alAsignar = await lineas();
  const linea = alAsignar.find((l) => l.actual.estado === 'pendiente' && l.espera.length > 0)!;
  const familia = familiaDe(linea);
  const arriba = linea.espera[0]!.escuela;
  const consultar = async () => {
    await visitante.goto(`/estado?escuela=${familia.escuela}`);
    await visitante.getByLabel('Número de inscripción').fill(String(familia.numero));
    await visitante.getByLabel('Código').fill(familia.codigo);
    await visitante.getByRole('button', { name: 'Consultar' }).click();
    await expect(visitante.getByRole('heading', { name: 'Resultado de la asignación' })).toBeVisible();
  };
  await consultar();
  await expect(visitante.getByText(`Tiene una plaza en Escuela ${linea.actual.escuela}.`)).toBeVisible();
  await expect(visitante.getByText(new RegExp(`^Escuela ${arriba}: lugar \\d+$`))).toBeVisible();
  await revisarPantalla(visitante, 'estado-red');
  await visitante.getByRole('button', { name: 'Aceptar y seguir esperando' }).click();
  await visitante.getByRole('button', { name: 'Sí, confirmar' }).click();
  await expect(visitante.getByText(/seguís esperando en las escuelas que pusiste antes\. Comprobante/)).toBeVisible();

  // The families ahead of it at that school decline there (staff record it); each freed place rolls up until it
  // reaches this family, whose previous place is freed in the same step: nobody holds two.
  for (let i = 0; i < FAMILIAS.length; i++) {
    const ahora = await lineas();
    if (ahora.find((l) => l.numero === linea.numero)!.actual.escuela === arriba) break;
    const delante = ahora.find(
      (l) =>
        l.numero !== linea.numero &&
        l.actual.escuela === arriba &&
        familiaDe(l).sexo === familia.sexo &&
        ['pendiente', 'acepta', 'acepta-y-espera'].includes(l.actual.estado),
    )!;
    await ok(
      page.request.post('/api/asignacion/respuesta', {
        headers,
        data: { anio, numero: delante.numero, respuesta: 'rechaza' },
      }),
    );
  }
  // Every board says the same: the family's page, the network's view and the public register.
  await consultar();
  await expect(visitante.getByText(`Tiene una plaza en Escuela ${arriba}.`)).toBeVisible();
  const despues = await lineas();
  expect(despues.find((l) => l.numero === linea.numero)!.actual.escuela).toBe(arriba);
  expect(
    despues.filter((l) => l.actual.escuela === linea.actual.escuela && familiaDe(l).sexo === familia.sexo).length,
  ).toBeLessThanOrEqual(1);
  const registro = (await (await visitante.request.get('/api/asignacion/registro-publico.json')).json()) as {
    historial: { numero: number; a: string | null; causa: string }[];
  };
  expect(registro.historial).toContainEqual(
    expect.objectContaining({ numero: linea.numero, a: arriba, causa: 'corrimiento' }),
  );
  await page.goto('/red/asignacion');
  await page.getByLabel('Año de ingreso').fill(String(anio));
  await expect(page.getByRole('rowheader', { name: arriba })).toBeVisible();

  // At a school's desk: its volunteer finds a family by number on /asignacion and records its decline there.
  const voluntario = { username: 'voluntaria.principal', password: 'clave-e2e-123' };
  await ok(
    page.request.post('/api/users?escuela=principal', {
      headers,
      data: {
        ...voluntario,
        nombre: 'Voluntaria principal',
        email: 'voluntaria.principal@escuela.edu.uy',
        role: 'voluntario',
        activo: true,
      },
    }),
  );
  const mostrador = await browser.newContext({ baseURL, locale: 'es-UY', timezoneId: 'America/Montevideo' });
  const escritorio = await mostrador.newPage();
  const erroresMostrador = watchForPageErrors(escritorio);
  const sesion = await signInAs(escritorio, voluntario.username, voluntario.password, '/');
  const dePrincipal = (await (
    await escritorio.request.get('/api/asignacion?escuela=principal', {
      headers: { authorization: `Bearer ${sesion.token}` },
    })
  ).json()) as { lineas: Linea[] };
  // One applied at principal: it stays in the school's part once declined.
  const aRechazar = dePrincipal.lineas.find(
    (l) => l.origen.escuela === 'principal' && ['pendiente', 'acepta-y-espera'].includes(l.actual.estado),
  );
  expect(aRechazar, 'una postulación de principal que puede responder').toBeDefined();
  await escritorio.getByRole('link', { name: 'Asignación de la red' }).click();
  await expect(escritorio.getByRole('heading', { level: 1, name: 'Asignación de la red' })).toBeVisible();
  await expect(escritorio.getByText(`${dePrincipal.lineas.length} postulaciones.`)).toBeVisible();
  await revisarPantalla(escritorio, 'asignacion-escuela');
  await escritorio.getByLabel('Buscar por número').fill(String(aRechazar!.numero));
  const fila = escritorio
    .getByRole('row')
    .filter({ has: escritorio.getByRole('rowheader', { name: String(aRechazar!.numero), exact: true }) });
  await expect(fila).toHaveCount(1);
  await fila.getByRole('button', { name: `Rechazar la plaza de N° ${aRechazar!.numero}` }).click();
  const dialogo = escritorio.getByRole('dialog');
  await expect(dialogo).toContainText(/rechaza la plaza en Escuela \w+\?/);
  await expect(dialogo.getByRole('button', { name: 'Volver' })).toBeFocused();
  await dialogo.getByRole('button', { name: 'Sí, confirmar' }).click();
  await expect(
    escritorio.getByRole('status').filter({ hasText: `Se registró la respuesta de N° ${aRechazar!.numero}` }),
  ).toBeFocused();
  await expect(fila).toContainText('La familia rechazó la plaza.');
  await expect(fila.getByRole('button')).toHaveCount(0);
  const rechazada = (await lineas()).find((l) => l.numero === aRechazar!.numero)!;
  expect(rechazada.actual.estado).toBe('rechaza');
  await revisarPantalla(escritorio, 'asignacion-escuela-respondida');
  expect(erroresMostrador).toEqual([]);
  await mostrador.close();

  // A family applies online at one school and ranks the network's schools with the control (keyboard and
  // buttons); the list is saved with the application.
  await visitante.goto('/solicitud?escuela=norte');
  await visitante.getByLabel('Correo electrónico o teléfono de contacto').fill('familia.red@correo.uy');
  await visitante.getByRole('button', { name: 'Empezar la solicitud' }).click();
  await visitante.getByLabel(/^Paso \d+ de/).selectOption({ label: 'Escuelas elegidas' });
  await expect(visitante.getByRole('heading', { name: 'Escuelas elegidas' })).toBeFocused();
  const agregar = visitante.getByLabel('Agregar una escuela');
  for (const codigo of ['sur', 'norte', 'principal']) {
    await agregar.selectOption(codigo);
    await visitante.getByRole('button', { name: 'Agregar', exact: true }).click();
  }
  // "Bajar" keeps the focus on the school that moved; Enter presses it again.
  await visitante.getByRole('button', { name: 'Bajar Escuela sur' }).click();
  await expect(visitante.getByRole('button', { name: 'Bajar Escuela sur' })).toBeFocused();
  await visitante.keyboard.press('Enter');
  await expect(visitante.getByRole('listitem')).toHaveText([
    /^1Opción 1: Escuela norte/,
    /^2Opción 2: Escuela principal/,
    /^3Opción 3: Escuela sur/,
  ]);
  await revisarPantalla(visitante, 'solicitud-preferencias');
  await expect(visitante.getByText('Guardado', { exact: true })).toBeVisible();
  const enlace = new URL((await visitante.locator('a[href*="#id="]').getAttribute('href'))!);
  const clave = new URLSearchParams(enlace.hash.slice(1));
  const guardada = await visitante.request.get(`/api/solicitudes/${clave.get('id')}?escuela=norte`, {
    headers: { 'x-codigo-solicitud': clave.get('codigo')! },
  });
  expect(((await guardada.json()) as { preferencias: string[] }).preferencias).toEqual(['norte', 'principal', 'sur']);
  expect(erroresPublicos).toEqual([]);
  await publico.close();
});
