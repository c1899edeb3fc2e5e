// The administration area's one door (../shared/spec/administration.md): who is a platform
// administrator, each administrator's per-minute allowances, and the audit entry every action
// writes in the transaction of its change. The area's work is split by what it is about:
// admin-applications (the list, counters and an application's audited view), admin-approvals
// (approve, reject, bulk approval), admin-verification, admin-audit (the trail's pages),
// admin-reports (counters and reports) and admin-exports (files); each takes this service for
// access and auditing. Other modules (the Users tab, moderation) audit through it too.
import { eq } from 'drizzle-orm';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Db, Executor } from '../../db/client.js';
import { adminActions, rateLimits, users, type AdminActionType } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import { ADMIN_ACTION_LIMITS, ADMIN_MESSAGES, type RateLimitedAdminAction } from './admin.rules.js';

/** Who acted and from where: copied into every audit entry. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  ip: string | null;
}

const M = ADMIN_MESSAGES;

export class AdminService {
  private readonly limiters: Record<RateLimitedAdminAction, RateLimiterDrizzle>;

  constructor(private readonly db: Db) {
    const limiter = (action: RateLimitedAdminAction) =>
      new RateLimiterDrizzle({ storeClient: db, schema: rateLimits, keyPrefix: `admin_${action}`, points: ADMIN_ACTION_LIMITS[action], duration: 60, clearExpiredByTimeout: false });
    this.limiters = {
      approve: limiter('approve'),
      reject: limiter('reject'),
      bulk: limiter('bulk'),
      view: limiter('view'),
      export: limiter('export'),
    };
  }

  /** The spec's refusals: 'Authentication required', then 'Admin permissions required'. */
  requireAdmin(viewer: Viewer | null): Viewer {
    if (!viewer) throw errors.unauthenticated(M.authenticationRequired);
    if (!viewer.isPlatformAdmin) throw errors.forbidden(M.adminRequired);
    return viewer;
  }

  /** Whether the caller is a platform administrator (GET /api/admin/check-role); false when not signed in. */
  isAdmin(viewer: Viewer | null): boolean {
    return viewer?.isPlatformAdmin === true;
  }

  /** Counts one action of the administrator; past its per-minute limit: 'Admin action rate limit exceeded'. */
  async consume(action: RateLimitedAdminAction, viewer: Viewer, points = 1): Promise<void> {
    try {
      await this.limiters[action].consume(viewer.userId, points);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw new AppError('RATE_LIMITED', M.rateLimited);
      throw err;
    }
  }

  /** The administrator as the audit trail records them: id, current name and email, and IP. */
  async actor(viewer: Viewer, meta: RequestMeta): Promise<Actor> {
    const [row] = await this.db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, viewer.userId));
    return { id: viewer.userId, name: row?.name ?? viewer.email, email: row?.email ?? viewer.email, ip: meta.ip || null };
  }

  /** Writes one audit entry in the caller's transaction. */
  async record(tx: Executor, actor: Actor, entry: { actionType: AdminActionType; targetType: string; targetId: string | null; targetName: string; details: string }): Promise<void> {
    await tx.insert(adminActions).values({ ...entry, adminId: actor.id, adminName: actor.name, adminEmail: actor.email, ipAddress: actor.ip });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** Who is a platform administrator, their per-minute allowances, and writing the audit trail. */
    admin: AdminService;
  }
}
