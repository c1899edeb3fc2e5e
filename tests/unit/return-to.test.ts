// Where sign-in leads back to (web/src/lib/return-to.ts): only a path of this site.
import { describe, expect, it } from 'vitest';
import { loginReturningTo, returnPath } from '../../web/src/lib/return-to.js';

const searchOf = (url: string) => url.slice(url.indexOf('?'));

describe('returnPath', () => {
  it('follows the path a page passed', () => {
    expect(loginReturningTo('/clubs/abc/sessions/def')).toBe('/login?next=%2Fclubs%2Fabc%2Fsessions%2Fdef');
    expect(returnPath(searchOf(loginReturningTo('/clubs/abc/sessions/def')))).toBe('/clubs/abc/sessions/def');
    expect(returnPath(searchOf(loginReturningTo('/clubs/abc?tab=x')))).toBe('/clubs/abc?tab=x');
  });

  it('goes to the profile for anything else: none, another site, a scheme, the login page itself', () => {
    for (const search of ['', '?next=', '?next=%2F%2Fevil.example%2Fx', '?next=%2F%5Cevil.example', '?next=https%3A%2F%2Fevil.example', '?next=javascript%3Aalert(1)', '?next=%2Flogin%3Fnext%3D%2Fx']) {
      expect(returnPath(search), search).toBe('/profile');
    }
  });
});
