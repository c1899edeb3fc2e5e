// The bare baseline of the waitlist promotion (bench/waitlist-promotion.ts): one volunteer's
// withdrawal from a full position with a waiting list, by hand with postgres.js, in one transaction
// and as few statements as the work allows: lock the position's row (with its club's name, its
// places and policy), withdraw the application (answering the status it had), give the freed place
// to the first in line if a place is free (automatic: accept them; timed offer: offer it until a
// deadline and schedule the offer's expiry job), the history events of both in one insert, the
// bell entries (the club told of the withdrawal and of the line's move, the volunteer of their
// place) in one insert, their emails (the club's withdrawal notice, the volunteer's place; a timed
// offer's with its two one-tap links signed with jose, as Clubroom signs them) in one insert, and
// the live events in one pg_notify over an array. The texts are Clubroom's (its text rules). It
// knows what the bench's data holds: nobody chose otherwise for these notifications, muted the
// club, blocked anyone, set quiet hours or has a push device, and no position requires a check, so
// it reads no preferences, mutes, blocks, quiet hours, devices or checks.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type postgres from 'postgres';
import { APPLICATION_NOTIFICATIONS as N, applicationPath } from '../server/src/modules/opportunities/opportunities-texts.rules.js';

const CHANNEL = 'clubroom_events';
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString('base64url');

export interface WithdrawBarePlan {
  appUrl: string;
  /** The one-tap links' signing key (any 32 bytes: the bare handler signs as much as Clubroom). */
  linkKey: Uint8Array;
}

export interface BareWithdrawal {
  applicationId: string;
  volunteerId: string;
  positionId: string;
}

/** Withdraws one application and gives its place to the line; answers the statements sent. */
export async function bareWithdraw(sql: postgres.Sql, plan: WithdrawBarePlan, w: BareWithdrawal): Promise<number> {
  let statements = 0;
  await sql.begin(async (tx) => {
    statements++;
    const [slot] = await tx<{ clubId: string; clubName: string; clubEmail: string; title: string; places: number | null; policy: 'automatic' | 'offer'; offerHours: number }[]>`
      select p.club_id as "clubId", c.name as "clubName", o.email as "clubEmail", p.title, p.places, p.waitlist_policy as policy, p.offer_hours as "offerHours"
      from club_volunteer_positions p join clubs c on c.id = p.club_id join users o on o.id = p.club_id where p.id = ${w.positionId} for update of p`;
    if (!slot) throw new Error('bare: no such position');
    statements++;
    // The withdrawal, the status it had and the names the notifications need.
    const [was] = await tx<{ before: string; volunteerName: string }[]>`
      update volunteer_applications a set status = 'withdrawn', queued_at = null, offer_expires_at = null, updated_at = now()
      from (select id, status from volunteer_applications where id = ${w.applicationId} and volunteer_id = ${w.volunteerId}) old
      where a.id = old.id and old.status in ('pending', 'waitlisted', 'offered', 'accepted')
      returning old.status as before,
        coalesce((select v.first_name || ' ' || v.last_name from volunteer_profiles v where v.user_id = a.volunteer_id), (select u.full_name from users u where u.id = a.volunteer_id)) as "volunteerName"`;
    if (!was) throw new Error('bare: the application is not open');
    let next: { id: string; volunteerId: string; name: string; email: string; fullName: string } | undefined;
    let until: Date | null = null;
    if (was.before === 'accepted' || was.before === 'offered') {
      statements++;
      // The first in line, when a place is free (places minus those accepted or offered).
      const offer = slot.policy === 'offer';
      until = offer ? new Date(Math.floor(Date.now() / 1000 + slot.offerHours * 3600) * 1000) : null;
      [next] = await tx<{ id: string; volunteerId: string; name: string; email: string; fullName: string }[]>`
        update volunteer_applications a
        set status = ${offer ? 'offered' : 'accepted'}, queued_at = ${offer ? tx`a.queued_at` : null}, offer_expires_at = ${until}, updated_at = clock_timestamp()
        from users u left join volunteer_profiles v on v.user_id = u.id
        where a.id = (select id from volunteer_applications where position_id = ${w.positionId} and status = 'waitlisted' order by queued_at, id limit 1)
          and u.id = a.volunteer_id
          and (${slot.places}::int is null or (select count(*) from volunteer_applications where position_id = ${w.positionId} and status in ('accepted', 'offered')) < ${slot.places}::int)
        returning a.id, a.volunteer_id as "volunteerId", coalesce(v.first_name || ' ' || v.last_name, u.full_name) as name, u.email, u.full_name as "fullName"`;
    }
    const withdrawnPath = applicationPath(gid('VolunteerApplication', w.applicationId));
    const events: [string, string, string | null][] = [[w.applicationId, 'withdrawn', w.volunteerId]];
    const bell: [string, string, string, string, string, string | null][] = [
      [slot.clubId, 'volunteer_application_withdrawn', N.withdrawn.title, N.withdrawn.description(was.volunteerName, slot.title), withdrawnPath, `application-withdrawn:${w.positionId}:${w.volunteerId}`],
    ];
    const mails: { to: string; subject: string; text: string }[] = [
      {
        to: slot.clubEmail,
        subject: `Application withdrawn: ${slot.title}`,
        text: `${was.volunteerName} withdrew their application for ${slot.title} at ${slot.clubName}.\n\nSee the application: ${plan.appUrl}${withdrawnPath}\n`,
      },
    ];
    if (next) {
      const path = applicationPath(gid('VolunteerApplication', next.id));
      if (until) {
        const sign = (answer: string) =>
          new SignJWT({ sub: next!.volunteerId, app: next!.id, ans: answer, exp_at: until!.toISOString(), jti: randomUUID() })
            .setProtectedHeader({ alg: 'HS256' })
            .setIssuer('clubroom')
            .setAudience('place-offer')
            .setIssuedAt()
            .setExpirationTime(Math.floor(until!.getTime() / 1000))
            .sign(plan.linkKey);
        const [accept, decline] = await Promise.all([sign('accept'), sign('decline')]);
        const untilText = until.toUTCString();
        events.push([next.id, 'offered', null]);
        bell.push([next.volunteerId, 'volunteer_place_offered', N.placeOffered.title, N.placeOffered.description(slot.title, slot.clubName, untilText), path, null]);
        bell.push([slot.clubId, 'volunteer_line_moved', N.lineOffered.title, N.lineOffered.description(next.name, slot.title), path, null]);
        mails.push({
          to: next.email,
          subject: `A place is offered to you: ${slot.title}`,
          text: `${N.placeOffered.description(slot.title, slot.clubName, untilText)}\n\nDecline it here, and the place goes to the next in line: ${plan.appUrl}/offers/answer?token=${decline}\n\nAccept the place: ${plan.appUrl}/offers/answer?token=${accept}\n`,
        });
        statements++;
        await tx`insert into jobs (kind, key, run_at, payload) values ('volunteer-offer-expiry', ${`volunteer-offer:${next.id}`}, ${until}, ${tx.json({ applicationId: next.id, expiresAt: until.toISOString() })})
          on conflict (key) do update set run_at = excluded.run_at, payload = excluded.payload, status = 'pending', attempts = 0, claim_id = null, lease_until = null, last_error = null, finished_at = null`;
      } else {
        events.push([next.id, 'accepted', null]);
        bell.push([next.volunteerId, 'volunteer_place_given', N.placeGiven.title, N.placeGiven.description(slot.title, slot.clubName), path, null]);
        bell.push([slot.clubId, 'volunteer_line_moved', N.linePromoted.title, N.linePromoted.description(next.name, slot.title), path, null]);
        mails.push({ to: next.email, subject: N.placeGiven.title, text: `${N.placeGiven.description(slot.title, slot.clubName)}\n\nOpen in Clubroom: ${plan.appUrl}${path}\n` });
      }
    }
    statements++;
    await tx`insert into volunteer_application_events (application_id, status, actor_id)
      select * from unnest(${events.map((e) => e[0])}::uuid[], ${events.map((e) => e[1])}::text[], ${events.map((e) => e[2])}::uuid[])`;
    statements++;
    const entries = await tx<{ id: string; userId: string }[]>`
      insert into notifications (user_id, type, kind, title, description, action_url, collapse_key)
      select u, 'application', k, t, d, a, c from unnest(${bell.map((b) => b[0])}::uuid[], ${bell.map((b) => b[1])}::text[], ${bell.map((b) => b[2])}::text[],
        ${bell.map((b) => b[3])}::text[], ${bell.map((b) => b[4])}::text[], ${bell.map((b) => b[5])}::text[]) as v(u, k, t, d, a, c)
      returning id, user_id as "userId"`;
    statements++;
    await tx`insert into mail_outbox ("to", subject, text, html, headers)
      select t, s, x, '<p>' || replace(x, E'\n', '<br>') || '</p>', '{}'::jsonb from unnest(${mails.map((m) => m.to)}::text[], ${mails.map((m) => m.subject)}::text[], ${mails.map((m) => m.text)}::text[]) as v(t, s, x)`;
    statements++;
    const live = [
      ...entries.map((e) => JSON.stringify({ topic: 'NOTIFICATION_ADDED', id: e.userId, payload: { notificationId: e.id } })),
      ...entries.map((e) => JSON.stringify({ topic: 'NOTIFICATIONS_CHANGED', id: e.userId, payload: {} })),
      JSON.stringify({ topic: 'OUTBOX_QUEUED', payload: {} }),
    ];
    await tx`select pg_notify(${CHANNEL}, e) from unnest(${live}::text[]) as e`;
  });
  return statements;
}
