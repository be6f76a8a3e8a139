import type { z } from 'zod';
import type { ErrorCode, FieldError } from '@inscripciones/shared/errors.ts';
import { clearSession, getSession } from './session.ts';
import { AUTH_MSG } from '@inscripciones/shared/auth/messages.ts';
import { conEscuela, escuelaDelPedido } from './escuela.ts';

export type ApiErrorCode = ErrorCode | 'NETWORK' | 'INVALID_RESPONSE';

/**
 * A failed API call. `message` is the server's Spanish message, or '' when it sent none (callers then
 * show their own default with errorMessage()). Network failures have status 0 and AUTH_MSG.connectionService.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode | undefined;
  readonly fields: FieldError[] | undefined;

  constructor(status: number, message: string, code?: ApiErrorCode, fields?: FieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** The message to show for an error: the server's (or the connection message), else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return fallback;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData is sent as multipart (file uploads). */
  body?: unknown;
  /** Send the session's token (default true). The login call passes false. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the families' application sends its code in one). */
  headers?: Readonly<Record<string, string>>;
  /** The school the request is for (docs/decisions/0036); by default the page's or the one chosen (escuela.ts). */
  escuela?: string | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  return JSON.parse(text) as unknown;
}

function toApiError(status: number, body: unknown): ApiError {
  if (!isObject(body)) return new ApiError(status, '');
  const message = typeof body.message === 'string' ? body.message : '';
  const code = typeof body.code === 'string' ? (body.code as ErrorCode) : undefined;
  const fields = Array.isArray(body.fields) ? (body.fields as FieldError[]) : undefined;
  return new ApiError(status, message, code, fields);
}

/** The session's credentials on a request (SPEC 6). */
function setAuthHeaders(headers: Headers): void {
  const session = getSession();
  if (!session) return;
  headers.set('Authorization', `Bearer ${session.token}`);
  headers.set('X-User-Role', session.user.role);
  headers.set('X-User-Id', session.user.id);
}

/**
 * fetch wrapper for /api. JSON in and out; authenticated calls carry `Authorization: Bearer <token>`
 * plus X-User-Role and X-User-Id (SPEC 6; the server ignores those two). A 401 on an authenticated call
 * ends the session, and the route guards then send the user to /login. With a zod `schema`, the
 * response is validated and typed.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  options: RequestOptions & { schema: S },
): Promise<z.output<S>>;
export async function apiRequest(path: string, options?: RequestOptions): Promise<unknown>;
export async function apiRequest(
  path: string,
  options: RequestOptions & { schema?: z.ZodType } = {},
): Promise<unknown> {
  const { method = 'GET', body, auth = true, signal, schema } = options;
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set('Content-Type', 'application/json');
  if (auth) setAuthHeaders(headers);

  let response: Response;
  try {
    response = await fetch(conEscuela(path, options.escuela === undefined ? escuelaDelPedido() : options.escuela), {
      method,
      headers,
      body: body === undefined ? null : multipart ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, AUTH_MSG.connectionService, 'NETWORK');
  }

  let data: unknown;
  try {
    data = await readBody(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (!response.ok) data = undefined;
    else throw new ApiError(response.status, '', 'INVALID_RESPONSE');
  }

  if (!response.ok) {
    if (response.status === 401 && auth) clearSession();
    throw toApiError(response.status, data);
  }

  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, '', 'INVALID_RESPONSE');
  return parsed.data;
}

/** A file the API sent: its bytes and the name from Content-Disposition (null when it gave none). */
export interface ApiFile {
  blob: Blob;
  filename: string | null;
}

/** The file name of a Content-Disposition header: filename* (RFC 5987, UTF-8) first, then filename. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // Malformed: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*(?:"([^"]*)"|([^;]+))/.exec(header);
  const name = (plain?.[1] ?? plain?.[2] ?? '').trim();
  return name || null;
}

/** A request answered with a file, authenticated like apiRequest; errors as ApiErrors, a 401 ends the session. */
async function fetchFile(
  path: string,
  init: { method: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal | undefined },
) {
  const { method, body, signal } = init;
  const headers = new Headers({ Accept: '*/*' });
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  setAuthHeaders(headers);
  let response: Response;
  try {
    response = await fetch(conEscuela(path), {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, AUTH_MSG.connectionService, 'NETWORK');
  }
  if (!response.ok) {
    const data = await readBody(response).catch(() => undefined);
    if (response.status === 401) clearSession();
    throw toApiError(response.status, data);
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, AUTH_MSG.connectionService, 'NETWORK');
  }
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) };
}

/** GET of a file (the exports of SPEC 7). */
export function apiDownload(path: string, options: { signal?: AbortSignal } = {}): Promise<ApiFile> {
  return fetchFile(path, { method: 'GET', signal: options.signal });
}

/** POST of a JSON body that answers with a file (the backup PDF of SPEC 7). */
export function apiPostDownload(path: string, body: unknown, options: { signal?: AbortSignal } = {}): Promise<ApiFile> {
  return fetchFile(path, { method: 'POST', body, signal: options.signal });
}
