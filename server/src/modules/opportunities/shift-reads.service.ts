// What the shifts' pages and the GraphQL graph read: shifts, sign-ups and their counts, batched
// per request by the loaders (shifts.loaders.ts), and who a shift's teammates are. Changes are
// shifts.service.ts's and shift-swaps.service.ts's.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { positionShifts, shiftSignups, users, volunteerProfiles, type PositionShiftRow, type ShiftSignupRow } from '../../db/schema/index.js';

const s = positionShifts;
const g = shiftSignups;

export class ShiftReadsService {
  constructor(private readonly db: Db) {}

  /** The shifts of many positions, earliest first. */
  async shiftsOfPositions(positionIds: readonly string[]): Promise<PositionShiftRow[][]> {
    const rows = positionIds.length === 0 ? [] : await this.db.select().from(s).where(inArray(s.positionId, [...positionIds])).orderBy(asc(s.startsAt), asc(s.id));
    return positionIds.map((id) => rows.filter((r) => r.positionId === id));
  }

  async shiftsByIds(ids: readonly string[]): Promise<Array<PositionShiftRow | null>> {
    const rows = ids.length === 0 ? [] : await this.db.select().from(s).where(inArray(s.id, [...ids]));
    return ids.map((id) => rows.find((r) => r.id === id) ?? null);
  }

  async signupsByIds(ids: readonly string[]): Promise<Array<ShiftSignupRow | null>> {
    const rows = ids.length === 0 ? [] : await this.db.select().from(g).where(inArray(g.id, [...ids]));
    return ids.map((id) => rows.find((r) => r.id === id) ?? null);
  }

  /** The sign-ups of many applications, by their shift's start. */
  async signupsOfApplications(applicationIds: readonly string[]): Promise<ShiftSignupRow[][]> {
    const rows =
      applicationIds.length === 0
        ? []
        : await this.db
            .select({ signup: g })
            .from(g)
            .innerJoin(s, eq(s.id, g.shiftId))
            .where(inArray(g.applicationId, [...applicationIds]))
            .orderBy(asc(s.startsAt), asc(g.id));
    return applicationIds.map((id) => rows.filter((r) => r.signup.applicationId === id).map((r) => r.signup));
  }

  /** The sign-ups of many shifts (the club's roster), accepted first, then the line in order. */
  async signupsOfShifts(shiftIds: readonly string[]): Promise<ShiftSignupRow[][]> {
    const rows =
      shiftIds.length === 0
        ? []
        : await this.db
            .select()
            .from(g)
            .where(inArray(g.shiftId, [...shiftIds]))
            .orderBy(sql`case ${g.status} when 'accepted' then 0 when 'offered' then 1 when 'waitlisted' then 2 when 'requested' then 3 else 4 end`, asc(g.queuedAt), asc(g.createdAt), asc(g.id));
    return shiftIds.map((id) => rows.filter((r) => r.shiftId === id));
  }

  /** `${volunteerId}:${shiftId}` → that volunteer's sign-up to it, or null. */
  async signupsOf(keys: readonly string[]): Promise<Array<ShiftSignupRow | null>> {
    const pairs = keys.map((k) => k.split(':') as [string, string]);
    const rows =
      pairs.length === 0
        ? []
        : await this.db
            .select()
            .from(g)
            .where(and(inArray(g.volunteerId, [...new Set(pairs.map(([v]) => v))]), inArray(g.shiftId, [...new Set(pairs.map(([, sh]) => sh))])));
    return pairs.map(([v, sh]) => rows.find((r) => r.volunteerId === v && r.shiftId === sh) ?? null);
  }

  /** Accepted, offered and waiting counts of many shifts, in one statement. */
  async shiftCounts(shiftIds: readonly string[]): Promise<Array<{ accepted: number; offered: number; waiting: number }>> {
    const rows =
      shiftIds.length === 0
        ? []
        : await this.db
            .select({
              shiftId: g.shiftId,
              accepted: sql<number>`(count(*) filter (where ${g.status} = 'accepted'))::int`,
              offered: sql<number>`(count(*) filter (where ${g.status} = 'offered'))::int`,
              waiting: sql<number>`(count(*) filter (where ${g.status} = 'waitlisted'))::int`,
            })
            .from(g)
            .where(and(inArray(g.shiftId, [...shiftIds]), inArray(g.status, ['accepted', 'offered', 'waitlisted'])))
            .groupBy(g.shiftId);
    return shiftIds.map((id) => {
      const r = rows.find((x) => x.shiftId === id);
      return { accepted: Number(r?.accepted ?? 0), offered: Number(r?.offered ?? 0), waiting: Number(r?.waiting ?? 0) };
    });
  }

  /** Whether a volunteer is accepted on some shift of a position (then they see its teammates). */
  async acceptedOn(userId: string, positionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: g.id })
      .from(g)
      .where(and(eq(g.volunteerId, userId), eq(g.positionId, positionId), eq(g.status, 'accepted')))
      .limit(1);
    return row !== undefined;
  }

  /** The accepted volunteers of a shift with their short names. */
  async teammates(shiftId: string): Promise<Array<{ signupId: string; volunteerId: string; name: string }>> {
    const rows = await this.db
      .select({ signupId: g.id, volunteerId: g.volunteerId, firstName: volunteerProfiles.firstName, lastName: volunteerProfiles.lastName, fullName: users.fullName })
      .from(g)
      .innerJoin(users, eq(users.id, g.volunteerId))
      .leftJoin(volunteerProfiles, eq(volunteerProfiles.userId, g.volunteerId))
      .where(and(eq(g.shiftId, shiftId), eq(g.status, 'accepted')))
      .orderBy(asc(g.updatedAt), asc(g.id));
    return rows.map((r) => {
      const first = r.firstName ?? (r.fullName ?? 'Volunteer').split(' ')[0]!;
      const last = r.firstName ? r.lastName : (r.fullName ?? '').split(' ').slice(1).join(' ');
      return { signupId: r.signupId, volunteerId: r.volunteerId, name: last ? `${first} ${last[0]!.toUpperCase()}.` : first };
    });
  }
}

declare module '../../lib/services.js' {
  interface Services {
    /** The shifts' batched reads (the loaders') and a shift's teammates. */
    shiftReads: ShiftReadsService;
  }
}
