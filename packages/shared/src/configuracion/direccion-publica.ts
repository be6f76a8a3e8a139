/**
 * The address families reach the application at (docs/decisions/0030): the constancia's link and QR. It is
 * the PUBLIC_URL variable when set, or else the `urlPublica` setting of Configuración; a family at home can
 * open neither a missing address nor one of the school's own network.
 */

export const URL_PUBLICA_LABEL = 'Dirección pública';

/** An absolute http(s) URL without query, fragment or credentials (the same rule as PUBLIC_URL). */
export function esUrlPublicaValida(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return ['http:', 'https:'].includes(url.protocol) && !url.search && !url.hash && !url.username && !url.password;
}

/** The address as printed: without the trailing slash. */
export const sinBarraFinal = (value: string) => value.trim().replace(/\/+$/, '');

/**
 * Whether the host is this computer or a private network's (127.x, localhost, 10.x, 192.168.x, 172.16-31.x,
 * 169.254.x, 0.0.0.0, ::1, fc00::/7, fe80::/10): reachable from the school at most, never from a family's home.
 */
export function esDireccionLocal(url: string): boolean {
  if (!URL.canParse(url)) return true;
  // The URL parser already writes every IPv4 form (0x7f000001, 127.1) as dotted decimal, lower-cases the
  // host and compresses IPv6; a trailing dot names the same host.
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return true;
  // An IPv4-mapped IPv6 address (::ffff:7f00:1 is 127.0.0.1): its first two bytes decide.
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(host);
  if (mapped) {
    const alto = parseInt(mapped[1]!, 16);
    return ipv4Local(alto >> 8, alto & 255);
  }
  const v4 = /^(\d{1,3})\.(\d{1,3})\.\d{1,3}\.\d{1,3}$/.exec(host);
  if (v4) return ipv4Local(Number(v4[1]), Number(v4[2]));
  if (host.includes(':')) return host === '::1' || host === '::' || /^f[cd]/.test(host) || /^fe[89ab]/.test(host);
  return false;
}

/** 127/8, 10/8, 0/8, 192.168/16, 172.16/12 and 169.254/16, from the address's first two bytes. */
function ipv4Local(a: number, b: number): boolean {
  return (
    a === 127 ||
    a === 10 ||
    a === 0 ||
    (a === 192 && b === 168) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 169 && b === 254)
  );
}

export const DIRECCION_MSG = {
  invalida: `${URL_PUBLICA_LABEL}: tiene que ser una dirección que empiece con https:// o http://, sin ? ni # (o quedar vacía)`,
  falta:
    'Falta la dirección pública: la constancia no tendría un enlace que las familias puedan abrir desde su casa. ' +
    'Configurala en Configuración → Dirección pública y volvé a imprimir.',
  local: (url: string) =>
    `La dirección pública (${url}) es de esta computadora o de la red de la escuela: desde su casa las familias ` +
    'no pueden abrirla. Cambiala en Configuración → Dirección pública y volvé a imprimir.',
} as const;

/** Why a constancia cannot be printed with this address; null when it can. */
export function problemaDeDireccion(url: string | undefined): string | null {
  if (!url) return DIRECCION_MSG.falta;
  return esDireccionLocal(url) ? DIRECCION_MSG.local(url) : null;
}
