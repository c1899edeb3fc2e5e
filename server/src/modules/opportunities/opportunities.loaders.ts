// The relations a list of applications or opportunities can ask for, each one statement per
// request whatever the list's length. Mutations clear what they change (see the resolver).
import DataLoader from 'dataloader';
import type { ClubVolunteerPositionRow, VolunteerApplicationEventRow, VolunteerApplicationRow } from '../../db/schema/index.js';
import type { Shown } from '../../db/columns.js';
import type { ConnectionResult } from '../../graphql/relay.js';
import type { VolunteerPositionsService } from '../clubs/volunteer-positions.service.js';
import { emptyCounts, type ApplicationCountsRow, type ApplicationListRow, type ApplicationListsService, type LineCountsRow, type PositionApplicationsKey } from './application-lists.service.js';

export interface OpportunityLoaders {
  /** A position by id, whatever its visibility: callers decide who may see it (the browser primes
   *  it with its rows, which leave the search document out). */
  position: DataLoader<string, Shown<ClubVolunteerPositionRow> | null>;
  /** An application by id, whatever its visibility (canSeeApplication). */
  application: DataLoader<string, VolunteerApplicationRow | null>;
  /** An application's history, oldest first (at most APPLICATION_HISTORY_MAX events). */
  applicationHistory: DataLoader<string, VolunteerApplicationEventRow[]>;
  /** `${volunteerId}:${positionId}` → that volunteer's latest application to it, or null. */
  latestApplication: DataLoader<string, VolunteerApplicationRow | null>;
  /** A position's applications counted by status. */
  applicationCounts: DataLoader<string, ApplicationCountsRow>;
  /** A position's places as its line holds them (accepted, offered, waiting). */
  lineCounts: DataLoader<string, LineCountsRow>;
  /** A page of a position's applications (the club's side). */
  positionApplications: DataLoader<PositionApplicationsKey, ConnectionResult<ApplicationListRow>, string>;
}

export function createOpportunityLoaders(services: { applicationLists: ApplicationListsService; volunteerPositions: VolunteerPositionsService }): OpportunityLoaders {
  const { applicationLists, volunteerPositions } = services;
  const byId = <T extends { id: string }>(ids: readonly string[], rows: T[]) => {
    const found = new Map(rows.map((r) => [r.id, r]));
    return ids.map((id) => found.get(id) ?? null);
  };
  const applicationCounts = new DataLoader<string, ApplicationCountsRow>(async (ids) => {
    const counts = await applicationLists.countsOf(ids);
    return ids.map((id) => counts.get(id) ?? emptyCounts());
  });
  return {
    position: new DataLoader(async (ids) => byId(ids, await volunteerPositions.positionsByIds(ids))),
    application: new DataLoader(async (ids) => byId(ids, await applicationLists.byIds(ids))),
    applicationHistory: new DataLoader(async (ids) => {
      const events = await applicationLists.historyOf(ids);
      const byApplication = new Map<string, VolunteerApplicationEventRow[]>(ids.map((id) => [id, []]));
      for (const event of events) byApplication.get(event.applicationId)?.push(event);
      return ids.map((id) => byApplication.get(id) ?? []);
    }),
    latestApplication: new DataLoader(async (keys) => {
      const byVolunteer = new Map<string, string[]>();
      for (const key of keys) {
        const [volunteerId, positionId] = key.split(':') as [string, string];
        byVolunteer.set(volunteerId, [...(byVolunteer.get(volunteerId) ?? []), positionId]);
      }
      const found = new Map<string, VolunteerApplicationRow>();
      await Promise.all(
        [...byVolunteer].map(async ([volunteerId, positionIds]) => {
          for (const row of await applicationLists.latestOf(volunteerId, positionIds)) found.set(`${volunteerId}:${row.positionId}`, row);
        }),
      );
      return keys.map((key) => found.get(key) ?? null);
    }),
    applicationCounts,
    lineCounts: new DataLoader((ids) => applicationLists.lineCounts(ids)),
    positionApplications: new DataLoader(
      (keys) =>
        applicationLists.applicationsOfPositions(keys, async (positionId, status) => {
          const counts = await applicationCounts.load(positionId);
          return status ? counts[status] : counts.total;
        }),
      { cacheKeyFn: (key) => JSON.stringify([key.positionId, key.status, key.page.first ?? null, key.page.after ?? null, key.page.last ?? null, key.page.before ?? null]) },
    ),
  };
}

/** After an application changes, later reads in the same request see it. */
export function forgetApplication(loaders: OpportunityLoaders, row: VolunteerApplicationRow): void {
  loaders.application.clear(row.id).prime(row.id, row);
  loaders.applicationHistory.clear(row.id);
  loaders.latestApplication.clear(`${row.volunteerId}:${row.positionId}`);
  loaders.applicationCounts.clear(row.positionId);
  loaders.lineCounts.clear(row.positionId);
  loaders.positionApplications.clearAll();
}

declare module '../../graphql/context.js' {
  interface Loaders extends OpportunityLoaders {}
}
