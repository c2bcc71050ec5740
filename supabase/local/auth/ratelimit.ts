/**
 * Rate limiting for the local auth server, modelled on GoTrue's: token buckets keyed by client IP
 * (tollbooth: `rate` per second, `burst` capacity), plus buckets keyed by account (lower-cased
 * e-mail) that GoTrue does not have, so guessing one account's password or OTP from many
 * addresses is bounded too.
 * Invariants: a bucket starts full and refills continuously; idle buckets are dropped after an
 * hour (GoTrue's TTL), so memory stays bounded by the callers of the last hour; nothing here
 * touches the database, so a limited request costs no PGlite time.
 */
import { authError } from './errors';
import type { AuthRateLimits } from './config';

const TTL_MS = 3600_000;

interface Bucket {
  tokens: number;
  at: number;
}

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();
  private lastSweep = Date.now();
  constructor(
    private readonly perSecond: number,
    private readonly burst: number,
  ) {}

  private bucket(key: string, now: number): Bucket {
    if (now - this.lastSweep > TTL_MS) {
      for (const [k, b] of this.buckets) if (now - b.at > TTL_MS) this.buckets.delete(k);
      this.lastSweep = now;
    }
    let b = this.buckets.get(key);
    if (!b) {
      b = { tokens: this.burst, at: now };
      this.buckets.set(key, b);
    }
    b.tokens = Math.min(this.burst, b.tokens + ((now - b.at) / 1000) * this.perSecond);
    b.at = now;
    return b;
  }

  /** Takes one token; false when the bucket is empty (the request is over the limit). */
  take(key: string): boolean {
    const b = this.bucket(key, Date.now());
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  /** Whether a token is available, without taking it. */
  has(key: string): boolean {
    return this.bucket(key, Date.now()).tokens >= 1;
  }

  clear(): void {
    this.buckets.clear();
  }
}

export type IpLimit = 'token' | 'verify' | 'signup' | 'recover' | 'otp' | 'user' | 'resend' | 'authorize';

/** GoTrue's answer when a limiter refuses a request. */
export const overRequestRateLimit = () => authError(429, 'over_request_rate_limit', 'Request rate limit reached');

export class AuthLimiter {
  private readonly ip: Record<IpLimit, TokenBuckets>;
  private readonly passwordFailures: TokenBuckets;
  private readonly otpFailures: TokenBuckets;
  private readonly authorizationsPerUser: TokenBuckets;
  /** last mail per kind and address, for known and unknown addresses alike (no enumeration) */
  private readonly lastMail = new Map<string, number>();

  constructor(readonly limits: AuthRateLimits) {
    const per5m = (n: number) => new TokenBuckets(n / 300, limits.burst);
    const otpFamily = limits.signInSignUps;
    this.ip = {
      token: per5m(limits.tokenRefresh),
      verify: per5m(limits.tokenVerifications),
      signup: per5m(otpFamily),
      recover: per5m(otpFamily),
      otp: per5m(otpFamily),
      user: per5m(otpFamily),
      resend: per5m(otpFamily),
      // local hardening (GoTrue has no limiter here): each /oauth/authorize writes a row
      authorize: per5m(otpFamily),
    };
    this.authorizationsPerUser = new TokenBuckets(limits.authorizationsPerUser / 300, limits.authorizationsPerUser);
    this.passwordFailures = new TokenBuckets(limits.passwordFailures / 300, limits.passwordFailures);
    this.otpFailures = new TokenBuckets(limits.otpFailures / 300, limits.otpFailures);
  }

  /** Per-IP limit of one endpoint family; throws GoTrue's 429 when exceeded. */
  checkIp(kind: IpLimit, ip: string): void {
    if (!this.ip[kind].take(ip)) throw overRequestRateLimit();
  }

  /** Local hardening: authorization requests one user may take on (open on the consent page) per 5 minutes. */
  checkAuthorizationForUser(userId: string): void {
    if (!this.authorizationsPerUser.take(userId)) throw overRequestRateLimit();
  }

  /** Refuses a password sign-in for an account that used up its wrong-password allowance. */
  checkPasswordAllowed(email: string): void {
    if (!this.passwordFailures.has(email.toLowerCase())) throw overRequestRateLimit();
  }

  passwordFailed(email: string): void {
    this.passwordFailures.take(email.toLowerCase());
  }

  otpAllowed(email: string): boolean {
    return this.otpFailures.has(email.toLowerCase());
  }

  /** Records a wrong code; false when the account has now used up its allowance. */
  otpFailed(email: string): boolean {
    this.otpFailures.take(email.toLowerCase());
    return this.otpFailures.has(email.toLowerCase());
  }

  /**
   * [auth.email] max_frequency: one mail of a kind per address per interval; stamps the send.
   * Throws GoTrue's 429 `over_email_send_rate_limit` with its wording.
   */
  checkMailFrequency(kind: string, email: string): void {
    const now = Date.now();
    const key = `${kind}:${email.toLowerCase()}`;
    const last = this.lastMail.get(key);
    if (last !== undefined && now - last < this.limits.maxFrequencyMs) {
      const left = Math.floor((last + this.limits.maxFrequencyMs - now) / 1000);
      throw authError(
        429,
        'over_email_send_rate_limit',
        `For security purposes, you can only request this after ${left} seconds.`,
      );
    }
    if (this.lastMail.size > 10_000) {
      for (const [k, t] of this.lastMail) if (now - t >= this.limits.maxFrequencyMs) this.lastMail.delete(k);
    }
    this.lastMail.set(key, now);
  }

  /** Tests only: forget every bucket. */
  reset(): void {
    this.lastMail.clear();
    for (const b of Object.values(this.ip)) b.clear();
    this.passwordFailures.clear();
    this.otpFailures.clear();
    this.authorizationsPerUser.clear();
  }
}
