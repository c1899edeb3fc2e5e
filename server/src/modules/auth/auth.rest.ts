// REST paths of the accounts domain (spec section 7). Thin: body in, service call, envelope out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errors } from '../../lib/errors.js';
import { requireViewer } from '../../http/authenticate.js';
import { ok } from '../../rest/envelope.js';
import type { Csrf } from '../../rest/csrf.js';
import { userJson } from '../users/users.types.js';
import type { Services } from '../../lib/services.js';
import { NO_ACTIVE_SESSION, type IssuedSession } from './auth.service.js';
import type { RequestMeta } from '../../lib/viewer.js';

export const REFRESH_COOKIE = 'clubroom_refresh';

type Body = Record<string, unknown> | undefined;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export function registerAuthRoutes(app: FastifyInstance, deps: { services: Services; csrf: Csrf; secureCookies: boolean; sessionMaxAgeDays: number }) {
  const { services, csrf } = deps;
  const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

  const sessionJson = (reply: FastifyReply, session: IssuedSession) => {
    reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
      httpOnly: true,
      sameSite: 'strict',
      secure: deps.secureCookies,
      path: '/api/auth',
      maxAge: deps.sessionMaxAgeDays * 86_400,
    });
    return ok({
      session: {
        access_token: session.accessToken,
        expires_at: session.expiresAt,
        refresh_token: session.refreshToken,
        user: userJson(session.user),
      },
    });
  };

  app.get('/api/auth/csrf', async (_req, reply) => ok(csrf.issue(reply)));

  app.post('/api/auth/signup', async (req) => {
    const body = req.body as Body;
    const metadata = (body?.metadata ?? {}) as Body;
    if (metadata?.account_type === 'volunteer') {
      // A volunteer: the account and its profile (modules/volunteers), as signUpVolunteer.
      const user = await services.volunteers
        .signUp(
          {
            email: body?.email,
            password: body?.password,
            firstName: metadata.first_name,
            lastName: metadata.last_name,
            location: metadata.location,
            skills: metadata.skills,
            availability: metadata.availability,
            bio: metadata.bio,
          },
          meta(req),
        )
        .catch((err: unknown) => {
          throw renameFields(err, { firstName: 'first_name', lastName: 'last_name' });
        });
      return ok({ user: userJson(user), club: null });
    }
    const { user } = await services.auth
      .signUp({ email: body?.email, password: body?.password, fullName: metadata?.full_name, clubName: metadata?.club_name }, meta(req))
      .catch((err: unknown) => {
        throw renameFields(err, { fullName: 'full_name', clubName: 'club_name' });
      });
    const json = userJson(user);
    return ok({ user: json, club: json.club });
  });

  app.post('/api/auth/signin', async (req, reply) => {
    const body = req.body as Body;
    return sessionJson(reply, await services.auth.signIn({ email: body?.email, password: body?.password }, meta(req)));
  });

  app.post('/api/auth/refresh', async (req, reply) => {
    const body = req.body as Body;
    try {
      return sessionJson(reply, await services.auth.refresh(str(body?.refresh_token) ?? req.cookies[REFRESH_COOKIE]));
    } catch (err) {
      reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
      throw err;
    }
  });

  app.post('/api/auth/signout', async (req, reply) => {
    await services.auth.signOut(requireViewer(req, NO_ACTIVE_SESSION));
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    return ok(null);
  });

  app.get('/api/auth/user', async (req) => {
    const viewer = requireViewer(req, NO_ACTIVE_SESSION);
    const user = await services.users.view(viewer.userId);
    if (!user) throw errors.unauthenticated(NO_ACTIVE_SESSION);
    return ok({ user: userJson(user) });
  });

  app.post('/api/auth/reset-password', async (req) => {
    const body = req.body as Body;
    await services.auth.requestPasswordReset({ email: body?.email, redirectTo: str(body?.redirect_to) }, meta(req));
    return ok(null);
  });

  app.post('/api/auth/reset-password/confirm', async (req) => {
    const body = req.body as Body;
    await services.auth.resetPassword({ token: body?.token, password: body?.password });
    return ok(null);
  });
}

/** Field errors named as the REST payload names them. */
function renameFields(err: unknown, names: Record<string, string>): unknown {
  if (!(err instanceof AppError) || !err.fields) return err;
  const fields = Object.fromEntries(Object.entries(err.fields).map(([key, message]) => [names[key] ?? key, message]));
  return new AppError(err.code, err.message, fields);
}
