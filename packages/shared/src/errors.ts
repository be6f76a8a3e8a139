/** One error model for server and browser (DESIGN "Conventions" 4). */
export const ERROR_STATUS = {
  VALIDATION: 400,
  /** The record lacks mandatory fields for what was asked (finalising); `fields` lists them. */
  INCOMPLETE: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A write carried a version that is no longer current: someone else saved first. */
  STALE_VERSION: 409,
  /** The request is allowed but needs an explicit confirmation (e.g. a new raffle after an archived one). */
  CONFIRMATION_REQUIRED: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldError {
  field: string;
  label: string;
  message: string;
}

/** Body of every error response: a Spanish message plus a machine code. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  fields?: FieldError[];
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldError[] | undefined;
  /** A plain property (not a getter): Fastify assigns it when a validator returns this error. */
  statusCode: number;

  constructor(code: ErrorCode, message: string, fields?: FieldError[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.fields = fields;
    this.statusCode = ERROR_STATUS[code];
  }

  toBody(): ErrorBody {
    return this.fields
      ? { message: this.message, code: this.code, fields: this.fields }
      : { message: this.message, code: this.code };
  }
}
