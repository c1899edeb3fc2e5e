// The relations a list of sessions can ask for, each one statement per request whatever the
// list's length: the sessions themselves, their head counts, and the caller's answers.
import DataLoader from 'dataloader';
import type { HeadCount, SessionReadsService, SessionView } from './session-reads.service.js';
import type { MyAnswer, SessionAnswersService } from './session-answers.service.js';

export interface SessionLoaders {
  /** A session by id, whatever its club: callers check visibility. */
  session: DataLoader<string, SessionView | null>;
  /** A club's sessions and events that have not ended, by start. */
  comingSessions: DataLoader<string, SessionView[]>;
  /** A session's head count (keyed by the session; the view carries its kind and default). */
  headCount: DataLoader<SessionView, HeadCount, string>;
  /** A member's answer for a session, keyed `{member}|{session}` with the view. */
  myAnswer: DataLoader<{ userId: string; session: SessionView }, MyAnswer | null, string>;
}

export function createSessionLoaders(sessions: SessionReadsService, answers: SessionAnswersService): SessionLoaders {
  return {
    session: new DataLoader(async (ids) => {
      const rows = await sessions.byIds(ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    comingSessions: new DataLoader(async (clubIds) => Promise.all(clubIds.map((id) => sessions.coming(id)))),
    headCount: new DataLoader(
      async (views) => {
        const counts = await sessions.headCounts(views);
        return views.map((v) => counts.get(v.id) ?? { going: 0, cant: 0, waiting: 0, noAnswer: 0 });
      },
      { cacheKeyFn: (v) => v.id },
    ),
    myAnswer: new DataLoader(
      async (keys) => {
        const byMember = new Map<string, SessionView[]>();
        for (const { userId, session } of keys) byMember.set(userId, [...(byMember.get(userId) ?? []), session]);
        const found = new Map<string, Map<string, MyAnswer>>();
        for (const [userId, list] of byMember) found.set(userId, await answers.mine(userId, list));
        return keys.map(({ userId, session }) => found.get(userId)?.get(session.id) ?? null);
      },
      { cacheKeyFn: (k) => `${k.userId}|${k.session.id}` },
    ),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends SessionLoaders {}
}
