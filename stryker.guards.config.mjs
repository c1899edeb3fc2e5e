// Mutation testing, part 2 of npm run test:mutation: the services' guard clauses (authorization,
// ownership and state checks) against the API tests (a real server over PostgreSQL:
// TEST_DATABASE_URL, defaulted by the npm script). Shares everything else with stryker.config.mjs.
// @ts-check
process.env.STRYKER_SUITE = 'guards'; // read by vitest.stryker.config.ts (in Stryker's child processes)
import { readFileSync } from 'node:fs';
import rules from './stryker.config.mjs';

const modules = 'server/src/modules';

/** The guard clauses, as line ranges (Stryker mutates ranges, not functions). Each names text its
 *  first line must hold: when a service is edited and a range moves, this file refuses to load
 *  and names the range to re-check, rather than mutating some other line. */
const guards = [
  ['clubs/clubs.service.ts', 122, 124, 'current!.profileSavedAt &&'], // the club name is read-only once saved
  ['clubs/clubs.service.ts', 141, 142, 'throw errors.forbidden(NO_CLUB)'], // meeting times: own club, approved
  ['clubs/clubs.service.ts', 167, 168, 'throw errors.forbidden(NO_CLUB)'], // positions: own club, saved profile
  ['clubs/clubs.service.ts', 173, 173, 'POSITIONS_MAX'], // at most POSITIONS_MAX positions
  ['clubs/clubs.service.ts', 221, 227, 'private async refuse('], // someone else's position: FORBIDDEN; none: NOT_FOUND
  ['clubs/clubs.service.ts', 77, 82, "applicationStatus === 'approved'"], // unapproved club (and owner-only fields): owner and admins only
  ['council/council.service.ts', 74, 80, 'isAdmin(viewer'], // council administrators; non-public meetings hidden
  ['council/council.service.ts', 130, 130, 'MEETING_NOT_FOUND'], // get: a hidden or missing meeting is not found
  ['council/council.service.ts', 154, 157, 'private requireAdmin('], // meeting writes: council administrators only
  ['council/council.service.ts', 175, 175, 'MEETING_NOT_FOUND'], // update of a missing meeting
  ['council/council.service.ts', 191, 191, 'MEETING_NOT_FOUND'], // delete of a missing meeting
  ['council/council.service.ts', 197, 200, 'private requirePlatformAdmin('], // granting: platform administrators only
  ['council/council.service.ts', 217, 217, 'NO_SUCH_ACCOUNT'], // granting to an email no account uses
  ['messages/messages.service.ts', 91, 91, 'replyToId !== undefined'], // a reply only with a replyToId
  ['messages/messages.service.ts', 97, 97, 'MESSAGE_NOT_FOUND'], // a reply only within this conversation
  ['messages/messages.service.ts', 101, 101, 'replyEmpty'], // a reply blank after sanitising
  ['messages/messages.service.ts', 110, 112, 'CANNOT_MESSAGE_SELF'], // not to oneself; active recipients only
  ['messages/messages.service.ts', 215, 215, 'errors.unauthenticated()'], // live unread count: signed in only
  ['messages/messages.service.ts', 250, 250, 'RECIPIENT_NOT_FOUND'], // a recipient: active, not oneself
  ['messages/messages.service.ts', 298, 299, 'MESSAGE_NOT_FOUND'], // delete: a party sees it, its sender deletes it
  ['notifications/notifications.service.ts', 48, 48, 'errors.unauthenticated()'], // live bell count: signed in only
  ['notifications/notifications.service.ts', 67, 67, "'Notification not found'"], // someone else's notification
];

const sources = new Map();
for (const [file, from, , expected] of guards) {
  const path = `${modules}/${file}`;
  if (!sources.has(path)) sources.set(path, readFileSync(path, 'utf8').split('\n'));
  if (!sources.get(path)[from - 1]?.includes(expected)) {
    throw new Error(`stryker.guards.config.mjs: ${path}:${from} no longer holds "${expected}": re-check the guard ranges`);
  }
}

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...rules,
  mutate: guards.map(([file, from, to]) => `${modules}/${file}:${from}-${to}`),
  ignoreStatic: true,
  incrementalFile: 'reports/mutation/guards-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/guards.html' },
  jsonReporter: { fileName: 'reports/mutation/guards.json' },
  tempDirName: '.stryker-tmp/guards',
};
