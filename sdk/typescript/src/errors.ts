// Typed errors of the engram SDK: one class per answer the API documents, each carrying the API's
// error code, its message and the field paths it names (`ErrorBody` in the OpenAPI document).
// Names follow the Python SDK (engram.client.errors) where TypeScript has no shorter habit.
import type { components } from "./schema.js";

export type ErrorBody = components["schemas"]["ErrorBody"];
export type ErrorDetail = components["schemas"]["ErrorDetail"];

export interface EngramErrorInit {
  code: string;
  status?: number;
  details?: ErrorDetail[];
  headers?: Headers;
  cause?: unknown;
}

/** Every error the SDK throws. `status` is the HTTP status (undefined: no answer came back). */
export class EngramError extends Error {
  readonly code: string;
  readonly status: number | undefined;
  readonly details: ErrorDetail[];
  readonly headers: Headers;

  constructor(message: string, init: EngramErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details ?? [];
    this.headers = init.headers ?? new Headers();
  }

  /** The paths of the fields the API named, e.g. `body.content`, `query.limit`. */
  get fieldPaths(): string[] {
    return this.details.map((d) => d.path);
  }

  override toString(): string {
    const where = this.details.length ? ` [${this.fieldPaths.join(", ")}]` : "";
    const status = this.status === undefined ? "" : `${this.status} `;
    return `${this.name}: ${status}${this.code}: ${this.message}${where}`;
  }
}

/** The API could not be reached (refused, reset, DNS) after the retries allowed. */
export class EngramConnectionError extends EngramError {}

/** The API did not answer within the timeout, after the retries allowed. */
export class EngramTimeoutError extends EngramConnectionError {}

/** The API answered with an error status. */
export class APIError extends EngramError {
  declare readonly status: number;
}

export class BadRequestError extends APIError {}
/** 401: the API key is missing or unknown. */
export class AuthError extends APIError {}
/** 403: the key may not do this (another user, a storage quota). */
export class PermissionDeniedError extends APIError {}
export class NotFoundError extends APIError {}
export class MethodNotAllowedError extends APIError {}
/** 409: a conflicting write, or a request with the same idempotency key still in progress. */
export class ConflictError extends APIError {}
export class PayloadTooLargeError extends APIError {}
/** 422: a field is invalid (`code` "validation_error", its paths in `fieldPaths`), or the request
 *  asks for something impossible (`invalid_request`, `invalid_cursor`). */
export class ValidationError extends APIError {}
/** 422 `pii_rejected`: the content holds a secret that cannot be redacted safely. */
export class PiiRejectedError extends ValidationError {}

/** 429: throttled. `retryAfterMs` is the wait the API asked for (undefined: not said). */
export class RateLimitError extends APIError {
  get retryAfterMs(): number | undefined {
    return retryAfterMs(this.headers);
  }
}

/** 5xx: the service failed; the request may succeed later. */
export class ServerError extends APIError {}
/** 503: a service engram depends on is unavailable. */
export class ServiceUnavailableError extends ServerError {}

// The Python SDK's names for the same classes.
export { AuthError as AuthenticationError, RateLimitError as RateLimitedError, ValidationError as UnprocessableError };

const BY_STATUS: Record<number, typeof APIError> = {
  400: BadRequestError,
  401: AuthError,
  403: PermissionDeniedError,
  404: NotFoundError,
  405: MethodNotAllowedError,
  409: ConflictError,
  413: PayloadTooLargeError,
  422: ValidationError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/** `Retry-After` in milliseconds: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: Headers): number | undefined {
  const value = headers.get("retry-after")?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, when - Date.now());
}

function isErrorBody(value: unknown): value is ErrorBody {
  const body = value as ErrorBody | null;
  return (
    typeof body === "object" &&
    body !== null &&
    typeof body.error === "string" &&
    typeof body.message === "string" &&
    (body.details === undefined || Array.isArray(body.details))
  );
}

/** The typed error for an error answer whose body text is `text`: the API's `ErrorBody` when it is
 *  one, else (a proxy, a gateway, an HTML page) the status with the start of the text. */
export function errorFromResponse(response: Response, text: string): APIError {
  const status = response.status;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = isErrorBody(body)
    ? { code: body.error, message: body.message, details: body.details ?? [] }
    : { code: `http_${status}`, message: text.slice(0, 500) || response.statusText || `HTTP ${status}`, details: [] };
  let cls = BY_STATUS[status] ?? (status >= 500 ? ServerError : APIError);
  if (status === 422 && parsed.code === "pii_rejected") cls = PiiRejectedError;
  return new cls(parsed.message, { code: parsed.code, status, details: parsed.details, headers: response.headers });
}
