// The GraphQL types of certificates (issue 30 §4), and the facts a certificate states (stored as
// `volunteer_certificates.facts`, drawn into the PDF, shown by /verify/{code}).
import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Node, connectionOf } from '../../graphql/relay.js';
import { Payload } from '../../graphql/payload.js';
import { DateScalar } from '../../graphql/scalars.js';
import { CERTIFICATE_LINK_MINUTES } from './certificates.rules.js';

/** What a certificate states, as issued. Ids stay inside the server (the revocation check matches
 *  positions by them); the API shows names. */
export interface CertificateFacts {
  name: string;
  /** The period, YYYY-MM-DD, both days included. */
  from: string;
  to: string;
  issuedOn: string;
  /** Every club's hours (true), or one club's. */
  allClubs: boolean;
  clubs: Array<{ clubId: string; name: string; minutes: number; positions: Array<{ positionId: string; title: string; minutes: number }> }>;
  totalMinutes: number;
}

export enum CertificateStatusEnum {
  PENDING = 'pending',
  READY = 'ready',
  FAILED = 'failed',
}
registerEnumType(CertificateStatusEnum, {
  name: 'VolunteerCertificateStatus',
  description: 'Where the PDF of a certificate stands.',
  valuesConfig: {
    PENDING: { description: 'Asked for: its PDF is being made.' },
    READY: { description: 'Its PDF can be downloaded.' },
    FAILED: { description: 'Its PDF could not be made; ask for a new certificate.' },
  },
});

export enum CertificateVerificationStatusEnum {
  VALID = 'valid',
  REVOKED = 'revoked',
  UNKNOWN = 'unknown',
  NOT_A_CODE = 'not_a_code',
}
registerEnumType(CertificateVerificationStatusEnum, {
  name: 'CertificateVerificationStatus',
  description: 'What /verify/{code} found.',
  valuesConfig: {
    VALID: { description: 'A certificate whose hours all still stand.' },
    REVOKED: { description: 'A certificate some of whose hours a club revoked since: its total no longer stands.' },
    UNKNOWN: { description: 'No certificate has this code.' },
    NOT_A_CODE: { description: 'The text is not shaped like a certificate code.' },
  },
});

@ObjectType({ description: 'A position and the approved hours a certificate states for it.' })
export class CertificatePosition {
  @Field(() => String, { description: "The position's title when the certificate was issued." })
  title!: string;

  @Field(() => Int, { description: 'Approved minutes.' })
  minutes!: number;
}

@ObjectType({ description: 'A club, its positions and the approved hours a certificate states for it.' })
export class CertificateClub {
  @Field(() => String, { description: "The club's name when the certificate was issued." })
  name!: string;

  @Field(() => Int, { description: 'Approved minutes at this club.' })
  minutes!: number;

  @Field(() => [CertificatePosition], { description: 'Its positions, by title.' })
  positions!: CertificatePosition[];
}

@ObjectType({ description: 'What a certificate states, as issued: the same facts as its PDF, nothing else about the volunteer.' })
export class CertificateStatement {
  @Field(() => String, { description: 'The verification code.' })
  code!: string;

  @Field(() => String, { description: "The volunteer's name as the certificate states it." })
  name!: string;

  @Field(() => DateScalar, { description: 'The first day of the period.' })
  fromDate!: string;

  @Field(() => DateScalar, { description: 'The last day of the period (included).' })
  toDate!: string;

  @Field(() => DateScalar, { description: 'The day it was issued (UTC).' })
  issuedOn!: string;

  @Field(() => Boolean, { description: "True: every club's hours; false: one club's." })
  allClubs!: boolean;

  @Field(() => [CertificateClub], { description: 'Each club with its positions and hours.' })
  clubs!: CertificateClub[];

  @Field(() => Int, { description: 'The approved minutes it states in total.' })
  totalMinutes!: number;
}

@ObjectType({ description: 'Hours a certificate stated that a club has revoked since.' })
export class CertificateRevokedPart {
  @Field(() => String, { description: 'The club.' })
  clubName!: string;

  @Field(() => String, { description: 'The position.' })
  positionTitle!: string;

  @Field(() => Int, { description: 'The minutes no longer approved.' })
  minutes!: number;
}

@ObjectType({ description: 'The answer of the public verification page for a code.' })
export class CertificateVerification {
  @Field(() => CertificateVerificationStatusEnum, { description: 'What was found.' })
  status!: CertificateVerificationStatusEnum;

  @Field(() => String, { nullable: true, description: 'What to tell the reader when it is not VALID; null when it is.' })
  message!: string | null;

  @Field(() => CertificateStatement, { nullable: true, description: 'What the certificate states (VALID or REVOKED); null otherwise.' })
  certificate!: CertificateStatement | null;

  @Field(() => Int, { nullable: true, description: 'Of its total, the minutes still approved today (REVOKED: less than its total); null when there is no certificate.' })
  stillApprovedMinutes!: number | null;

  @Field(() => [CertificateRevokedPart], { description: 'The hours revoked since it was issued, by club and position (empty unless REVOKED).' })
  revokedParts!: CertificateRevokedPart[];
}

@ObjectType({ implements: Node, description: "One of the caller's certificates of approved volunteer hours." })
export class VolunteerCertificate extends Node {
  @Field(() => CertificateStatusEnum, { description: 'Where its PDF stands.' })
  status!: CertificateStatusEnum;

  @Field(() => Date, { description: 'When it was issued.' })
  issuedAt!: Date;

  @Field(() => DateScalar, { description: 'The first day of the period.' })
  fromDate!: string;

  @Field(() => DateScalar, { description: 'The last day of the period (included).' })
  toDate!: string;
}

@ObjectType({ description: "A page of the caller's certificates, the newest first." })
export class VolunteerCertificateConnection extends connectionOf(VolunteerCertificate, 'VolunteerCertificate', { totalCount: "How many certificates the caller has." }) {}

@InputType({ description: 'A certificate of approved hours: one club or all, over a period of days.' })
export class RequestVolunteerCertificateInput {
  @Field(() => ID, { nullable: true, description: "One club's hours (a Club id); null or absent for every club's." })
  clubId?: string | null;

  @Field(() => DateScalar, { description: 'The first day of the period.' })
  fromDate!: string;

  @Field(() => DateScalar, { description: 'The last day of the period (included): not in the future, at most 10 years after the first.' })
  toDate!: string;
}

@ObjectType({ description: 'The result of requestVolunteerCertificate.' })
export class RequestVolunteerCertificatePayload extends Payload {
  @Field(() => VolunteerCertificate, { nullable: true, description: `The certificate (PENDING until its PDF is made; its download link then works ${CERTIFICATE_LINK_MINUTES} minutes after each read); null when refused.` })
  certificate?: VolunteerCertificate | null;
}
