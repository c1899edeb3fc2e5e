// Blocking: a member blocks another from the conversation view. The blocked member cannot message
// them (refused with a clear message, nothing sent), nothing the blocked member does reaches them
// as a notification (the dispatcher reads member_blocks in the same statement as the preferences),
// and the moderators see how many members blocked someone (MemberActivity.blockedBy).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { anyOf } from '../../db/any.js';
import type { Db, Executor } from '../../db/client.js';
import { memberBlocks, users } from '../../db/schema/index.js';
import { AppError, errors } from '../../lib/errors.js';
import { uuidRule } from '../../lib/shared/common.rules.js';
import { parseInput } from '../../lib/validate.js';
import type { Viewer } from '../../lib/viewer.js';
import { BLOCKS_MAX, BLOCK_MESSAGES as M } from './messages.rules.js';

const memberRules = z.object({ memberId: uuidRule('member') });

export class MemberBlocksService {
  constructor(private readonly db: Db) {}

  /** Blocks a member (again: nothing changes). Answers the blocked member's id. */
  async block(viewer: Viewer, raw: unknown): Promise<string> {
    const { memberId } = this.parse(raw);
    if (memberId === viewer.userId) throw errors.validation(M.self, { memberId: M.self });
    await this.db.transaction(async (tx) => {
      const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, memberId));
      if (!target) throw new AppError('NOT_FOUND', M.memberNotFound, { memberId: M.memberNotFound });
      // Counted under a lock on the member's blocks, so two at once cannot pass the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member_blocks:${viewer.userId}`}, 0))`);
      const [row] = await tx
        .select({ n: count(), already: sql<boolean>`coalesce(bool_or(${memberBlocks.blockedId} = ${memberId}), false)` })
        .from(memberBlocks)
        .where(eq(memberBlocks.blockerId, viewer.userId));
      if (row?.already) return;
      if (Number(row?.n ?? 0) >= BLOCKS_MAX) throw errors.validation(M.tooMany, { memberId: M.tooMany });
      await tx.insert(memberBlocks).values({ blockerId: viewer.userId, blockedId: memberId }).onConflictDoNothing();
    });
    return memberId;
  }

  /** Unblocks a member (not blocked: nothing changes). */
  async unblock(viewer: Viewer, raw: unknown): Promise<string> {
    const { memberId } = this.parse(raw);
    await this.db.delete(memberBlocks).where(and(eq(memberBlocks.blockerId, viewer.userId), eq(memberBlocks.blockedId, memberId)));
    return memberId;
  }

  /** The members the caller blocked, oldest block first. */
  async blockedBy(viewer: Viewer): Promise<string[]> {
    const rows = await this.db
      .select({ id: memberBlocks.blockedId })
      .from(memberBlocks)
      .where(eq(memberBlocks.blockerId, viewer.userId))
      .orderBy(asc(memberBlocks.createdAt))
      .limit(BLOCKS_MAX);
    return rows.map((r) => r.id);
  }

  /** Of `ids`, those the caller blocked (Member.blockedByMe's loader). */
  async blockedAmong(blockerId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: memberBlocks.blockedId })
      .from(memberBlocks)
      .where(and(eq(memberBlocks.blockerId, blockerId), anyOf(memberBlocks.blockedId, ids)));
    return new Set(rows.map((r) => r.id));
  }

  /** Whether `blocker` blocked `blocked`, read in the caller's transaction (a send checks it). */
  async isBlocked(executor: Executor, blocker: string, blocked: string): Promise<boolean> {
    const [row] = await executor
      .select({ one: sql`1` })
      .from(memberBlocks)
      .where(and(eq(memberBlocks.blockerId, blocker), eq(memberBlocks.blockedId, blocked)));
    return row !== undefined;
  }

  private parse(raw: unknown): { memberId: string } {
    const parsed = memberRules.safeParse(raw);
    // A global id that names no member is one that is not found, like any other unknown member.
    if (!parsed.success) throw new AppError('NOT_FOUND', M.memberNotFound, { memberId: M.memberNotFound });
    return parseInput(memberRules, raw);
  }
}

declare module '../../lib/services.js' {
  interface Services {
    memberBlocks: MemberBlocksService;
  }
}
