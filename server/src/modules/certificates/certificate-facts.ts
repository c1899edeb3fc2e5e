// What a certificate states, worked out from the approved hours it counts: by club, then position,
// with totals. Apart from the service so the PDF's benchmark and tests load nothing else.
import { todayUtc } from './certificates-texts.rules.js';
import type { CertificateFacts } from './certificates.types.js';

/** The statement of a set of approved hours: by club, then position, with totals. */
export function factsOf(
  name: string,
  from: string,
  to: string,
  allClubs: boolean,
  hours: ReadonlyArray<{ minutes: number; clubId: string; clubName: string; positionId: string; title: string }>,
  issuedOn: string = todayUtc(),
): CertificateFacts {
  const byClub = new Map<string, CertificateFacts['clubs'][number]>();
  for (const h of hours) {
    let club = byClub.get(h.clubId);
    if (!club) byClub.set(h.clubId, (club = { clubId: h.clubId, name: h.clubName, minutes: 0, positions: [] }));
    club.minutes += h.minutes;
    let position = club.positions.find((p) => p.positionId === h.positionId);
    if (!position) club.positions.push((position = { positionId: h.positionId, title: h.title, minutes: 0 }));
    position.minutes += h.minutes;
  }
  const clubList = [...byClub.values()];
  return { name, from, to, issuedOn, allClubs, clubs: clubList, totalMinutes: clubList.reduce((sum, c) => sum + c.minutes, 0) };
}
