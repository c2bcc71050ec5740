/**
 * A GoTrue user as the local auth holds and shows it: the auth.users row, and the user object
 * GoTrue answers for it (/user, /admin/users, a session's `user`). Invariants: the JSON is built
 * from the row alone, so every endpoint shows the same user; the one identity is the e-mail
 * provider's; fields GoTrue omits when empty (new_email, banned_until) are omitted here too.
 */
export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  email_change: string;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number;
  banned_until: Date | null;
  created_at: Date;
  updated_at: Date;
}

const iso = (d: Date | null | undefined): string | undefined => (d ? new Date(d).toISOString() : undefined);

export function userJson(u: UserRow): Record<string, unknown> {
  const identity = {
    identity_id: u.id,
    id: u.id,
    user_id: u.id,
    identity_data: { email: u.email, email_verified: Boolean(u.email_confirmed_at), phone_verified: false, sub: u.id },
    provider: 'email',
    last_sign_in_at: iso(u.last_sign_in_at),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    email: u.email,
  };
  return {
    id: u.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: u.email,
    email_confirmed_at: iso(u.email_confirmed_at),
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data,
    user_metadata: u.raw_user_meta_data,
    identities: [identity],
    ...(u.email_change ? { new_email: u.email_change, email_change_sent_at: iso(u.email_change_sent_at) } : {}),
    ...(u.banned_until ? { banned_until: iso(u.banned_until) } : {}),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: false,
  };
}
