import type { ApiError } from '@shipyard/shared';
import { k, t } from './i18n/index.ts';

const API_BASE = '/api';

/** The client-side texts of spec §8.1 (in English: put in the reader's language where shown). */
export const errorMessages = {
  server: k('An error occurred on the server.'),
  noResponse: k('No response received from the server. Please check your connection or try again later.'),
  unknown: k('An unknown error occurred.'),
  unexpected: k('An unexpected error occurred.'),
} as const;

type JsonObject = Record<string, unknown>;

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function emailText(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value.filter((item) => typeof item === 'string').join(', '));
  return text(value);
}

/** Our server's error shape; its `error` field is the HTTP status title, not the human text. */
function isServerError(body: JsonObject): body is JsonObject & Pick<ApiError, 'error' | 'code'> {
  return typeof body.error === 'string' && typeof body.code === 'string';
}

/**
 * The text for an error answer, in the order of spec §8.1: error, message, email, detail,
 * data.message, then the generic server text. For our own shape `message` comes first, since
 * there `error` holds the status title. (fetch has no client-side message for an HTTP error
 * answer, unlike axios's 'Request failed with status code N', so that step falls through.)
 */
export function messageFromErrorBody(body: unknown): string {
  if (!isObject(body)) return errorMessages.server;
  const candidates = [
    isServerError(body) ? text(body.message) : undefined,
    text(body.error),
    text(body.message),
    emailText(body.email),
    text(body.detail),
    isObject(body.data) ? text(body.data.message) : undefined,
  ];
  return candidates.find((candidate) => candidate !== undefined) ?? errorMessages.server;
}

type ApiRequestErrorInit = { status: number; body?: unknown; cause?: unknown };

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  /** The HTTP status; 0 when no response arrived. */
  readonly status: number;
  /** The parsed response body, if any. */
  readonly body: unknown;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly requestId: string | undefined;

  /**
   * `message` in English as the server or spec §8.1 words it; the error carries it in the reader's
   * language (issue 33: the shared messages are keys, locales/<code>/messages.json), so every screen that
   * shows `error.message` shows it translated. Another text stays as the server wrote it.
   */
  constructor(message: string, { status, body, cause }: ApiRequestErrorInit) {
    super(t(message), { cause });
    this.status = status;
    this.body = body;
    const serverError = isObject(body) && isServerError(body) ? body : undefined;
    this.code = serverError?.code;
    this.details = serverError?.details;
    this.requestId = typeof serverError?.requestId === 'string' ? serverError.requestId : undefined;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/**
 * The one text for anything a call or handler threw (spec §8.1).
 *
 * Without a fallback: a plain string as is, an empty error as unknown, an Error by its message
 * (an ApiRequestError's is already derived). With the screen's fallback: the server's own
 * message when it answered our error shape, the no-response text when nothing came back, else
 * the fallback (a client-side Error's message is not for users there).
 */
export function getErrorMessage(error: unknown, fallback?: string): string {
  if (fallback !== undefined) {
    const answered = error instanceof ApiRequestError && (error.code !== undefined || error.status === 0);
    return answered && error.message ? error.message : fallback;
  }
  if (typeof error === 'string') return error ? t(error) : t(errorMessages.unknown);
  if (error === null || error === undefined) return t(errorMessages.unknown);
  if (error instanceof Error && error.message) return t(error.message);
  return t(errorMessages.unexpected);
}

// Spec §4: any 401 ends the session on the client. The app registers what that means (clear the
// cached user, so the guards send the visitor to /auth); calls whose 401 is an answer about
// the credentials just typed (login, forced change) opt out.
let onUnauthorized: (() => void) | undefined;
export function setUnauthorizedHandler(handler: (() => void) | undefined) {
  onUnauthorized = handler;
}

// Issue 27 #2: a call that needs a recent sign-in (granting admin, linking a sign-in provider)
// answers 403 REAUTH_REQUIRED. The signed-in app registers what that means — a dialog that asks
// for the password or a two-factor code and re-authenticates — and the call is sent again once
// it resolves true. Without a handler, or when the person cancels, the 403 is the call's answer.
let onReauthRequired: ((details: unknown) => Promise<boolean>) | undefined;
export function setReauthHandler(handler: ((details: unknown) => Promise<boolean>) | undefined) {
  onReauthRequired = handler;
}

export type RequestOptions = {
  /** Do not treat a 401 as the end of the session (the call checks credentials). */
  expectUnauthorized?: boolean;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  if (raw === '') return undefined;
  if (!response.headers.get('content-type')?.includes('json')) return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

async function request<T>(
  method: string,
  path: string,
  body: unknown,
  options: RequestOptions = {},
  retried = false,
): Promise<T> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  let data: unknown;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'include',
      signal: options.signal,
    });
    data = await readBody(response);
  } catch (error) {
    // A cancelled request is not a failure to report; let the caller (TanStack Query) see the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiRequestError(errorMessages.noResponse, { status: 0, cause: error });
  }

  if (!response.ok) {
    if (response.status === 401 && !options.expectUnauthorized) onUnauthorized?.();
    const error = new ApiRequestError(messageFromErrorBody(data), { status: response.status, body: data });
    if (error.code === 'REAUTH_REQUIRED' && !retried && (await onReauthRequired?.(error.details)))
      return request<T>(method, path, body, options, true);
    throw error;
  }
  return data as T;
}

/** JSON calls against `/api`; `path` starts with a slash, e.g. `api.get('/auth/me')`. */
export const api = {
  get: <T = unknown>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, body, options),
  put: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, body, options),
  patch: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, body, options),
  delete: <T = unknown>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, body, options),
};
