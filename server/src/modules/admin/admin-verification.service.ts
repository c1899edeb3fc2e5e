// Verification (../shared/spec/administration.md): an approved club's Verified badge, given or
// withdrawn by a platform administrator and audited in the same transaction.
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { clubs, type ClubRow } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { parseInput } from '../../lib/validate.js';
import type { RequestMeta, Viewer } from '../../lib/viewer.js';
import { ADMIN_MESSAGES } from './admin.rules.js';
import type { AdminService } from './admin.service.js';
import { clubIdRule } from './admin.shared.js';

const M = ADMIN_MESSAGES;
const verifiedRules = z.object({ clubId: clubIdRule, verified: z.boolean() });

export class AdminVerificationService {
  constructor(
    private readonly db: Db,
    private readonly admin: AdminService,
  ) {}

  /** Verifies (or unverifies) an approved club; the directory's badge follows at once. */
  async setVerified(viewer: Viewer | null, raw: unknown, meta: RequestMeta): Promise<ClubRow> {
    const admin = this.admin.requireAdmin(viewer);
    const input = parseInput(verifiedRules, raw);
    await this.admin.consume('approve', admin);
    const actor = await this.admin.actor(admin, meta);
    return this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(clubs).where(eq(clubs.id, input.clubId)).for('update');
      if (!current) throw new AppError('NOT_FOUND', M.clubNotFound, { clubId: M.clubNotFound });
      if (current.applicationStatus !== 'approved') throw errors.validation(M.notApproved, { clubId: M.notApproved });
      if (current.verified === input.verified) return current;
      const [club] = await tx.update(clubs).set({ verified: input.verified, updatedAt: sql`now()` }).where(eq(clubs.id, input.clubId)).returning();
      await this.admin.record(tx, actor, {
        actionType: input.verified ? 'verify' : 'unverify',
        targetType: 'club',
        targetId: club!.id,
        targetName: club!.name,
        details: input.verified ? 'Club verified' : 'Club verification withdrawn',
      });
      return club!;
    });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    adminVerification: AdminVerificationService;
  }
}
