// A small HTTP client that behaves like the browser client: keeps cookies, fetches the security
// token for REST writes, sends the bearer token.
import { randomBytes } from 'node:crypto';

export interface RestAnswer<T = any> {
  status: number;
  body: { success: boolean; data: T; error: string | null; code?: string; fields?: Record<string, string> };
  headers: Headers;
}

export interface GqlAnswer<T = any> {
  status: number;
  data: T;
  errors?: Array<{ message: string; extensions?: { code?: string; fields?: Record<string, string> } }>;
}

export class ApiClient {
  private cookies = new Map<string, string>();
  csrfToken: string | null = null;
  accessToken: string | null = null;

  constructor(readonly baseUrl: string) {}

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async fetchCsrf(): Promise<string> {
    const answer = await this.rest('GET', '/api/auth/csrf');
    this.csrfToken = answer.body.data.token;
    return this.csrfToken!;
  }

  async rest<T = any>(
    method: string,
    path: string,
    body?: unknown,
    opts: { csrf?: boolean; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<RestAnswer<T>> {
    const headers: Record<string, string> = { ...opts.headers };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const wantsCsrf = opts.csrf ?? method !== 'GET';
    if (wantsCsrf) headers['x-csrf-token'] = this.csrfToken ?? (await this.fetchCsrf());
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const token = opts.token === undefined ? this.accessToken : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(this.baseUrl + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    this.keepCookies(res.headers);
    const text = await res.text();
    // A route that answers text (the RFC 8058 one-click unsubscribe) is read as text.
    const json = (res.headers.get('content-type') ?? '').includes('json');
    return { status: res.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: res.headers };
  }

  async gql<T = any>(query: string, variables?: Record<string, unknown>, opts: { token?: string | null } = {}): Promise<GqlAnswer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const token = opts.token === undefined ? this.accessToken : opts.token;
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${this.baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    const json = (await res.json()) as { data: T; errors?: GqlAnswer['errors'] };
    return { status: res.status, data: json.data, errors: json.errors };
  }

  async signUp(input: { email?: string; password?: string; fullName?: string; clubName?: string | null }) {
    return this.rest('POST', '/api/auth/signup', {
      email: input.email,
      password: input.password,
      metadata: { full_name: input.fullName, club_name: input.clubName ?? undefined },
    });
  }

  async signIn(email: string, password: string) {
    const answer = await this.rest('POST', '/api/auth/signin', { email, password });
    if (answer.body?.success) this.accessToken = answer.body.data.session.access_token;
    return answer;
  }
}

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}.${randomBytes(4).toString('hex')}@example.com`;
}

/** Signs up and signs in a new account; answers the client (holding the token) and the user. */
export async function newMember(baseUrl: string, opts: { clubName?: string; email?: string; fullName?: string } = {}) {
  const client = new ApiClient(baseUrl);
  const email = opts.email ?? uniqueEmail();
  const signUp = await client.signUp({ email, password: STRONG_PASSWORD, fullName: opts.fullName ?? 'Test Member', clubName: opts.clubName });
  if (!signUp.body.success) throw new Error(`sign-up failed: ${signUp.body.error}`);
  const signIn = await client.signIn(email, STRONG_PASSWORD);
  if (!signIn.body.success) throw new Error(`sign-in failed: ${signIn.body.error}`);
  return { client, email, user: signIn.body.data.session.user as { id: string; email: string; role: string } };
}
