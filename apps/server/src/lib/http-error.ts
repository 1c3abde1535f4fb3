/** An error whose status and French message are meant for the user (401, 403, 404, 408, 413, 429, 400). */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public fields?: Record<string, string>,
    /** seconds before the request may succeed again: sent as Retry-After (a throttle's 429) */
    public retryAfter?: number,
  ) {
    super(message);
  }
}

/** A throttle's refusal: 429 with its French sentence and, for clients that read it, Retry-After in seconds. */
export const tooMany = (message: string, retryAfter: number) => new HttpError(429, message, undefined, Math.max(1, Math.ceil(retryAfter)));

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
