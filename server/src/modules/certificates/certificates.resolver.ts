// Certificates of approved volunteer hours (issue 30 §4): asking for one, the caller's list (with
// each ready PDF's short-lived download link), and the public verification of a code. Thin:
// certificates.service.ts.
import { Arg, Args, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Public, RequiresScope, ReadScope } from '../../graphql/access.js';
import { registerNodeType } from '../../graphql/node.resolver.js';
import { mutate } from '../../graphql/payload.js';
import { PageArgs, asNode, connectionOfList, requireDatabaseId } from '../../graphql/relay.js';
import { canSeeClub, type ClubView } from '../clubs/clubs.service.js';
import { Club, ClubConnection } from '../clubs/clubs.types.js';
import type { CertificateView, Verification } from './certificates.service.js';
import { CERTIFICATE_LINK_MINUTES, CERTIFICATE_MAX_YEARS, CERTIFICATE_MESSAGES as M, CERTIFICATES_PER_DAY } from './certificates.rules.js';
import {
  CertificateStatement,
  CertificateVerification,
  CertificateVerificationStatusEnum,
  RequestVolunteerCertificateInput,
  RequestVolunteerCertificatePayload,
  VolunteerCertificate,
  VolunteerCertificateConnection,
  type CertificateFacts,
} from './certificates.types.js';

registerNodeType('VolunteerCertificate', 'read:volunteering', async (ctx, ids) => {
  if (!ctx.viewer) return ids.map(() => null);
  return ctx.services.certificates.mine(ctx.viewer.userId, ids);
});

/** What a certificate states, as the API shows it (names only: no ids of the server's). */
export function statementOf(row: Pick<CertificateView, 'code' | 'facts' | 'fromDate' | 'toDate'>): CertificateStatement {
  const facts: CertificateFacts = row.facts;
  return {
    code: row.code,
    name: facts.name,
    fromDate: row.fromDate,
    toDate: row.toDate,
    issuedOn: facts.issuedOn,
    allClubs: facts.allClubs,
    totalMinutes: facts.totalMinutes,
    clubs: facts.clubs.map((c) => ({ name: c.name, minutes: c.minutes, positions: c.positions.map((p) => ({ title: p.title, minutes: p.minutes })) })),
  };
}

const MESSAGE: Record<Verification['status'], string | null> = { valid: null, revoked: M.revoked, unknown: M.unknown, not_a_code: M.notACode };

@Resolver(() => VolunteerCertificate)
export class CertificatesResolver {
  @Authorized()
  @RequiresScope('volunteer:write')
  @Mutation(() => RequestVolunteerCertificatePayload, {
    description: `Asks for a certificate (a PDF) of the caller's approved volunteer hours over a period, at one club or all: the statement is fixed now, the PDF is made in the background and the caller is notified (volunteer_certificate_ready). Refused with a user error when the period ends before it starts ('${M.toBeforeFrom}'), in the future ('${M.future}'), spans more than ${CERTIFICATE_MAX_YEARS} years ('${M.tooLong}'), or holds no approved hours ('${M.noHours}'); ${CERTIFICATES_PER_DAY} a day (RATE_LIMITED).`,
  })
  requestVolunteerCertificate(@Arg('input', () => RequestVolunteerCertificateInput, { description: 'The club (or all) and the period.' }) input: RequestVolunteerCertificateInput, @Ctx() ctx: Context) {
    return mutate(async () => {
      const clubId = input.clubId ? requireDatabaseId(input.clubId, 'Club', 'clubId', M.clubNotFound) : null;
      return ctx.services.certificates.request(ctx.viewer!, { clubId, fromDate: input.fromDate, toDate: input.toDate });
    }, (row) => ({ certificate: asNode('VolunteerCertificate', row) as unknown as VolunteerCertificate }));
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => VolunteerCertificateConnection, { description: "The caller's certificates, the newest first; 20 a page unless `first` or `last` says." })
  myVolunteerCertificates(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    return ctx.services.certificates.page(ctx.viewer!.userId, args);
  }

  @Authorized()
  @ReadScope('read:volunteering')
  @Query(() => ClubConnection, { description: 'The clubs whose approved hours the caller can ask a certificate of, by name; 50 a page unless `first` or `last` says.' })
  async myCertificateClubs(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: Context) {
    const ids = await ctx.services.certificates.clubsWithHours(ctx.viewer!.userId);
    const rows = (await ctx.loaders.club.loadMany(ids)).filter((r): r is ClubView => !!r && !(r instanceof Error) && canSeeClub(ctx.viewer, r));
    return connectionOfList(rows, args, (r) => [r.id], 50, 'myCertificateClubs');
  }

  @Public()
  @ReadScope('read:public')
  @Query(() => CertificateVerification, {
    description: `What a certificate with this code states, for anyone (no sign-in): VALID, REVOKED (a club has revoked some of its hours since: which, and the minutes still approved), UNKNOWN ('${M.unknown}') or NOT_A_CODE ('${M.notACode}'). Nothing else about the volunteer.`,
  })
  async certificateVerification(@Arg('code', () => String, { description: 'The code printed on the certificate (case does not matter).' }) code: string, @Ctx() ctx: Context): Promise<CertificateVerification> {
    const found = await ctx.services.certificates.verify(code);
    return {
      status: found.status as CertificateVerificationStatusEnum,
      message: MESSAGE[found.status],
      certificate: found.certificate ? statementOf(found.certificate) : null,
      stillApprovedMinutes: found.revocation?.stillApprovedMinutes ?? null,
      revokedParts: found.revocation?.parts ?? [],
    };
  }

  @FieldResolver(() => String, { description: 'The verification code.' })
  code(@Root() row: CertificateView): string {
    return row.code;
  }

  @FieldResolver(() => String, { description: 'The public address that verifies it (`/verify/{code}` on this site).' })
  verifyUrl(@Root() row: CertificateView, @Ctx() ctx: Context): string {
    return ctx.services.certificates.verifyUrl(row.code);
  }

  @FieldResolver(() => Club, { nullable: true, description: "The club whose hours it states; null for every club's (or a club the caller can no longer see)." })
  async club(@Root() row: CertificateView, @Ctx() ctx: Context): Promise<ClubView | null> {
    if (!row.clubId) return null;
    const club = await ctx.loaders.club.load(row.clubId);
    return club && canSeeClub(ctx.viewer, club) ? club : null;
  }

  @FieldResolver(() => CertificateStatement, { description: 'What it states, as issued.' })
  statement(@Root() row: CertificateView): CertificateStatement {
    return statementOf(row);
  }

  @FieldResolver(() => Int, { description: 'Of its total, the minutes still approved today (less than its total once a club revoked some).' })
  async stillApprovedMinutes(@Root() row: CertificateView, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.loaders.certificateRevocation.load(row)).stillApprovedMinutes;
  }

  @FieldResolver(() => String, { nullable: true, description: `A link to its PDF while READY (signed, for the caller only, works ${CERTIFICATE_LINK_MINUTES} minutes; read the list again for a fresh one); null otherwise.` })
  downloadUrl(@Root() row: CertificateView, @Ctx() ctx: Context): Promise<string | null> | null {
    return ctx.viewer?.userId === row.volunteerId ? ctx.services.certificates.downloadUrl(row) : null;
  }
}
