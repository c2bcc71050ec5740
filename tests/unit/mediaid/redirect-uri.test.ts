// The one redirect-URI rule: what apps may register and where the consent screen may
// send a browser. The comma smuggle, userinfo, fragments and script schemes are refused.
import { describe, expect, it } from 'vitest';
import { redirectUriProblem } from '../../../src/lib/redirect-uri';
import { isValidRedirectUri } from '../../../src/features/developer/api/validate-app';

describe('redirect URIs', () => {
  it('takes https anywhere and http on loopback, with paths and queries', () => {
    for (const uri of [
      'https://cratefinder.app/callback',
      'https://cratefinder.app/cb?code=abc&state=x%2Cy',
      'http://localhost:7777/callback',
      'http://127.0.0.1:3000/cb',
      'http://[::1]/cb',
    ]) {
      expect(redirectUriProblem(uri), uri).toBeNull();
      expect(isValidRedirectUri(uri)).toBe(true);
    }
  });

  it('refuses a second URI smuggled with a comma or whitespace, userinfo, fragments and other schemes', () => {
    const refused: [string, string][] = [
      ['https://ok.example/cb,javascript:alert(document.domain)//', 'contains whitespace or a comma'],
      ['https://ok.example/cb javascript:alert(1)', 'contains whitespace or a comma'],
      ['https://ok.example/cb\njavascript:alert(1)', 'contains whitespace or a comma'],
      ['https://user:pw@ok.example/cb', 'has a user name or password'],
      ['https://ok.example/cb#frag', 'has a fragment'],
      ['http://cratefinder.app/cb', 'uses http:// off loopback'],
      ['javascript:alert(document.domain)//', 'uses the javascript: scheme'],
      ['myapp://callback', 'uses the myapp: scheme'],
      ['/relative/cb', 'is not an absolute URI'],
      ['', 'is empty'],
    ];
    for (const [uri, problem] of refused) {
      expect(redirectUriProblem(uri), uri).toBe(problem);
      expect(isValidRedirectUri(uri)).toBe(false);
    }
  });
});
