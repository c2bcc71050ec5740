/**
 * Stripe-shaped errors of the local Stripe edge: `{"error": {type, message, code?, param?}}` with
 * Stripe's HTTP statuses, so the official SDK raises its own error classes
 * (StripeInvalidRequestError, StripeAuthenticationError, StripeCardError).
 */
export class StripeFail extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type:
      'invalid_request_error' | 'card_error' | 'api_error' | 'authentication_error' = 'invalid_request_error',
  ) {
    super(message);
  }
  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    return { error };
  }
}

export const missing = (kind: string, id: string): StripeFail =>
  new StripeFail(404, `No such ${kind}: '${id}'`, 'resource_missing', 'id');

/** What this edge does not implement: said plainly, never answered with a fake success. */
export const notImplemented = (what: string): StripeFail =>
  new StripeFail(
    400,
    `${what} is not implemented by the local Stripe edge (supabase/local/stripe/README.md lists what is). ` +
      'Point STRIPE_SECRET_KEY at a Stripe test-mode account to use it.',
    'local_edge_not_implemented',
  );
