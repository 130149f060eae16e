import { MESSAGES } from '@lp/domain';

/** The typed error catalogue: a code, its HTTP status and the message a user sees. */
export const ERRORS = {
  BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  INVALID_JSON: { status: 400, message: 'The request body is not valid JSON.' },
  INVALID_TOKEN: { status: 400, message: 'This reset link has expired or has already been used.' },
  IDEMPOTENCY_KEY_INVALID: {
    status: 400,
    message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters (a UUID is a good choice).',
  },
  WEBHOOK_INVALID: { status: 400, message: 'The event signature could not be verified.' },
  UNAUTHENTICATED: { status: 401, message: 'You need to sign in to continue.' },
  INVALID_CREDENTIALS: { status: 401, message: MESSAGES.permissionDenied },
  INSUFFICIENT_FUNDS: { status: 402, message: 'Insufficient funds. Top up to continue.' },
  PAYMENT_FAILED: { status: 402, message: 'The payment failed.' },
  PERMISSION_DENIED: { status: 403, message: MESSAGES.permissionDenied },
  SPENDING_CAP_EXCEEDED: { status: 403, message: 'This would go over your monthly spending limit.' },
  CSRF_INVALID: { status: 403, message: 'Your session could not be verified. Please reload the page and try again.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  NOT_REGISTERED: { status: 404, message: MESSAGES.notRegistered },
  REQUEST_TIMEOUT: { status: 408, message: 'The request took too long to arrive.' },
  ALREADY_REGISTERED: { status: 409, message: MESSAGES.alreadyRegistered },
  CONFLICT: { status: 409, message: 'This change conflicts with the current state. Please reload and try again.' },
  IDEMPOTENCY_KEY_IN_USE: {
    status: 409,
    message: 'A request with this Idempotency-Key is still being processed. Retry when it has finished.',
  },
  IDEMPOTENT_ANSWER_LOST: {
    status: 409,
    message:
      'The first request with this Idempotency-Key did its work, but its answer was lost when the server stopped. Read the result instead of retrying.',
  },
  BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  URI_TOO_LONG: { status: 414, message: 'The address of the request is too long.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  VALIDATION_FAILED: { status: 422, message: 'Some fields are not valid.' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'This Idempotency-Key was already used for a different request. Use a new key for each new request.',
  },
  UPGRADE_REQUIRED: { status: 426, message: MESSAGES.upgradePlan },
  RATE_LIMITED: { status: 429, message: 'Too many attempts. Please wait a minute and try again.' },
  HEADERS_TOO_LARGE: { status: 431, message: 'The request headers are too large.' },
  INTERNAL: { status: 500, message: MESSAGES.genericError },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Try again in a moment.' },
  INSUFFICIENT_STORAGE: { status: 507, message: 'Not enough disk space. Please upgrade your storage plan.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export interface FieldError {
  path: string;
  message: string;
}

/** An error a route throws on purpose; the error handler turns it into the catalogue's answer. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  constructor(code: ErrorCode, message?: string, fields?: FieldError[]) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.status = ERRORS[code].status;
    this.fields = fields;
  }
}

/** The body every error answer has. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  fields?: FieldError[];
}

export function errorBody(code: ErrorCode, message?: string, fields?: FieldError[]): ErrorBody {
  return {
    statusCode: ERRORS[code].status,
    code,
    message: message ?? ERRORS[code].message,
    ...(fields ? { fields } : {}),
  };
}
