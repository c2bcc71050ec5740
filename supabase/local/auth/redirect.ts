/**
 * The redirect allow-list: where auth links may send the browser (GoTrue's IsRedirectURLValid,
 * stricter on loopback). Invariants: allowed are the origin of `site_url` (any path) and the
 * entries of `additional_redirect_urls` from supabase/config.toml — an entry without a path allows
 * its origin, an entry with `*` is a GoTrue glob (`*` stops at `.` and `/`, `**` does not), any
 * other entry must match exactly; everything else (other ports, other hosts, other schemes)
 * falls back to the site URL. Hosted GoTrue also accepts any loopback port (RFC 8252); the local
 * backend does not, so a page on some other local port cannot receive somebody's tokens.
 */
function globToRegExp(glob: string): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (c === '*') re += '[^./]*';
    else if (c === '?') re += '[^./]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

export class RedirectPolicy {
  private readonly origins = new Set<string>();
  private readonly exact = new Set<string>();
  private readonly globs: RegExp[] = [];
  readonly site: string;

  constructor(siteUrl: string, additional: readonly string[]) {
    this.site = siteUrl.replace(/\/$/, '');
    this.origins.add(new URL(this.site).origin);
    for (const entry of additional) {
      if (entry.includes('*') || entry.includes('?')) {
        this.globs.push(globToRegExp(entry));
        continue;
      }
      let u: URL;
      try {
        u = new URL(entry);
      } catch {
        continue; // not a URL: cannot match anything
      }
      if (u.pathname === '/' && !u.search && (u.protocol === 'http:' || u.protocol === 'https:')) this.origins.add(u.origin);
      else this.exact.add(entry.split('#')[0]!);
    }
  }

  allowed(raw: string): boolean {
    let u: URL;
    try {
      u = new URL(raw);
    } catch {
      return false;
    }
    if (u.username || u.password) return false;
    const noFragment = raw.split('#')[0]!;
    if ((u.protocol === 'http:' || u.protocol === 'https:') && this.origins.has(u.origin)) return true;
    return this.exact.has(noFragment) || this.globs.some((g) => g.test(noFragment));
  }

  /** `raw` when allowed, else the site URL + `fallbackPath`. */
  resolve(raw: string | null | undefined, fallbackPath: string): string {
    if (raw && this.allowed(raw)) return new URL(raw).toString();
    return this.site + fallbackPath;
  }
}
