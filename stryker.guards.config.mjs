// Mutation testing, part 2 of npm run test:mutation: the services' guard clauses (authorization,
// ownership and state checks) against the API tests (a real server over PostgreSQL:
// TEST_DATABASE_URL, defaulted by the npm script). Shares everything else with stryker.config.mjs.
// @ts-check
process.env.STRYKER_SUITE = 'guards'; // read by vitest.stryker.config.ts (in Stryker's child processes)
import { readFileSync } from 'node:fs';
import rules from './stryker.config.mjs';

const modules = 'server/src/modules';

/** The guard clauses. Stryker mutates line ranges, not functions, so each guard is found by its
 *  text: `at` is a line of the service (unique in the file, or the first one after the unique line
 *  `after`), and the range is that line and the `lines - 1` after it. When a service is edited so
 *  that an anchor is gone or no longer unique, this file refuses to load and names the guard,
 *  rather than mutating some other line. */
const guards = [
  { file: 'clubs/clubs.service.ts', at: 'current!.profileSavedAt && current!.name', lines: 3 }, // the club name is read-only once saved
  { file: 'clubs/club-meeting-times.service.ts', after: 'async saveMeetingTimes(', at: 'throw errors.forbidden(NO_CLUB)', lines: 2 }, // meeting times: own club, approved
  { file: 'clubs/volunteer-positions.service.ts', after: 'async createPosition(', at: 'throw errors.forbidden(NO_CLUB)', lines: 2 }, // positions: own club, saved profile
  { file: 'clubs/volunteer-positions.service.ts', at: 'if (value >= POSITIONS_MAX)', lines: 1 }, // at most POSITIONS_MAX positions
  { file: 'clubs/volunteer-positions.service.ts', at: 'private async refuse(', lines: 8 }, // someone else's position: FORBIDDEN; removed: the owner's; none: NOT_FOUND
  { file: 'clubs/clubs.service.ts', at: 'export function canSeeClub(', lines: 7 }, // unapproved or removed club (and owner-only fields): owner and admins only
  { file: 'council/council.service.ts', at: 'isAdmin(viewer: Viewer | null): boolean', lines: 7 }, // council administrators; non-public meetings hidden
  { file: 'council/council.service.ts', at: 'if (!row) throw errors.notFound(MEETING_NOT_FOUND)', lines: 1 }, // get: a hidden or missing meeting is not found
  { file: 'council/council.service.ts', at: 'requireAdmin(viewer: Viewer | null): asserts', lines: 4 }, // meeting writes: council administrators only
  { file: 'council/council.service.ts', after: 'async update(viewer', at: 'throw notFound()', lines: 1 }, // update of a missing meeting
  { file: 'council/council.service.ts', after: 'async delete(viewer', at: 'throw notFound()', lines: 1 }, // delete of a missing meeting
  { file: 'council/council.service.ts', at: 'private requirePlatformAdmin(', lines: 4 }, // granting: platform administrators only
  { file: 'council/council.service.ts', at: 'throw new AppError(\'NOT_FOUND\', NO_SUCH_ACCOUNT', lines: 1 }, // granting to an email no account uses
  { file: 'messages/messages.service.ts', at: 'if (replyToId !== undefined', lines: 1 }, // a reply only with a replyToId
  { file: 'messages/messages.service.ts', at: 'if (!original) throw', lines: 1 }, // a reply only within this conversation
  { file: 'messages/messages.service.ts', at: 'throw errors.validation(MESSAGE_MESSAGES.replyEmpty', lines: 1 }, // a reply blank after sanitising
  { file: 'messages/messages.service.ts', at: 'throw errors.validation(CANNOT_MESSAGE_SELF', lines: 3 }, // not to oneself; active recipients only
  { file: 'messages/message-read-state.service.ts', after: 'unreadCountStream(viewer', at: 'errors.unauthenticated()', lines: 1 }, // live unread count: signed in only
  { file: 'messages/messages.service.ts', after: 'async delete(viewer', at: 'MESSAGE_NOT_FOUND', lines: 2 }, // delete: a party sees it, its sender deletes it
  { file: 'notifications/notifications.service.ts', after: 'unreadCountStream(viewer', at: 'errors.unauthenticated()', lines: 1 }, // live bell count: signed in only
  { file: 'notifications/notifications.service.ts', at: "throw errors.notFound('Notification not found')", lines: 1 }, // someone else's notification
];

const sources = new Map();
/** The 1-based line of `text` in `lines` at or after index `from`; unique when `unique`. */
function lineOf(lines, text, from, unique, guard) {
  const hits = [];
  for (let i = from; i < lines.length; i++) if (lines[i].includes(text)) hits.push(i);
  if (hits.length === 0 || (unique && hits.length > 1)) {
    const where = hits.length === 0 ? 'no longer holds' : `holds ${hits.length} times`;
    throw new Error(`stryker.guards.config.mjs: ${modules}/${guard.file} ${where} "${text}": re-check this guard`);
  }
  return hits[0];
}
const ranges = guards.map((guard) => {
  const path = `${modules}/${guard.file}`;
  if (!sources.has(path)) sources.set(path, readFileSync(path, 'utf8').split('\n'));
  const lines = sources.get(path);
  const from = guard.after === undefined ? 0 : lineOf(lines, guard.after, 0, true, guard);
  const first = lineOf(lines, guard.at, from, guard.after === undefined, guard) + 1;
  return `${path}:${first}-${first + guard.lines - 1}`;
});

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...rules,
  mutate: ranges,
  ignoreStatic: true,
  incrementalFile: 'reports/mutation/guards-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/guards.html' },
  jsonReporter: { fileName: 'reports/mutation/guards.json' },
  tempDirName: '.stryker-tmp/guards',
};
