/** What the error screen says about an error. Pure, unit-tested. */

export interface RoutingErrorLike {
  status: number;
  statusText: string;
  data?: unknown;
  message?: string;
}

export interface ErrorDescription {
  /** "404 Not Found" for routing errors, otherwise null. */
  status: string | null;
  message: string;
}

/** A routing error: a thrown Response or an object carrying a numeric status and a status text. */
export function isRoutingError(error: unknown): error is RoutingErrorLike {
  if (typeof Response !== 'undefined' && error instanceof Response) return true;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number' &&
    typeof (error as { statusText?: unknown }).statusText === 'string'
  );
}

function messageOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'object' && value !== null) {
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message.trim()) return message;
  }
  return null;
}

export function describeError(error: unknown): ErrorDescription {
  if (isRoutingError(error)) {
    return {
      status: `${error.status} ${error.statusText}`.trim(),
      message: messageOf(error.data) ?? messageOf(error) ?? 'A routing error occurred.',
    };
  }
  if (error instanceof Error) return { status: null, message: error.message || 'An unknown error occurred.' };
  if (typeof error === 'string' && error) return { status: null, message: error };
  return { status: null, message: 'An unknown error occurred.' };
}
