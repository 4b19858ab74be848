// Domain errors: models throw these and know nothing of HTTP; lib/http.server.ts maps them to responses.

export type FieldErrors = Record<string, string[]>

export class DomainError extends Error {
  status = 500
}

export class Invalid extends DomainError {
  status = 400
  constructor(
    message: string,
    public fieldErrors: FieldErrors = {},
  ) {
    super(message)
  }
}

export class Unauthorized extends DomainError {
  status = 401
  constructor(message = 'Not authenticated') {
    super(message)
  }
}

export class Forbidden extends DomainError {
  status = 403
  constructor(message = 'You are not allowed to do this.') {
    super(message)
  }
}

export class NotFound extends DomainError {
  status = 404
  constructor(message = 'Not found') {
    super(message)
  }
}

export class Conflict extends DomainError {
  status = 409
  constructor(
    message: string,
    public details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export class TooLarge extends DomainError {
  status = 413
  constructor(message = 'The upload is too large.') {
    super(message)
  }
}

export class MethodNotAllowed extends DomainError {
  status = 405
  constructor(message = 'Method not allowed') {
    super(message)
  }
}

export class TooManyRequests extends DomainError {
  status = 429
  constructor(message = 'Too many requests. Please wait a moment and try again.') {
    super(message)
  }
}
