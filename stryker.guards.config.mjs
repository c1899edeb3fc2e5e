// Mutation testing, part 2 of npm run test:mutation: the services' guard clauses (authorization,
// ownership and state checks) against the API tests (a real server over PostgreSQL:
// TEST_DATABASE_URL, defaulted by the npm script). Shares everything else with stryker.config.mjs.
// @ts-check
process.env.STRYKER_SUITE = 'guards'; // read by vitest.stryker.config.ts (in Stryker's child processes)
import rules from './stryker.config.mjs';

const clubs = 'server/src/modules/clubs/clubs.service.ts';
const council = 'server/src/modules/council/council.service.ts';
const messages = 'server/src/modules/messages/messages.service.ts';
const notifications = 'server/src/modules/notifications/notifications.service.ts';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...rules,
  // Line ranges: re-check them when these files change (each names the check it covers).
  mutate: [
    `${clubs}:145-147`, // the club name is read-only once the profile is saved
    `${clubs}:166-167`, // meeting times: the caller's own club, approved
    `${clubs}:199-200`, // positions: the caller's own club, with a saved profile
    `${clubs}:205-205`, // at most POSITIONS_MAX positions
    `${clubs}:250-256`, // someone else's position is FORBIDDEN, a missing one NOT_FOUND
    `${clubs}:265-266`, // an unapproved club is visible to its owner and administrators only
    `${council}:74-80`, // council administrators; non-public meetings hidden from everyone else
    `${council}:130-130`, // a hidden or missing meeting is not found
    `${council}:154-157`, // meeting writes: council administrators only
    `${council}:175-175`, // update of a missing meeting
    `${council}:191-191`, // delete of a missing meeting
    `${council}:197-200`, // granting the role: platform administrators only
    `${council}:217-217`, // granting to an email no account uses
    `${messages}:84-84`, // a reply only with a replyToId
    `${messages}:90-90`, // a reply only to a message of this conversation
    `${messages}:94-94`, // a reply blank after sanitising
    `${messages}:103-105`, // not to oneself; active recipients only
    `${messages}:223-223`, // a recipient: active, not oneself
    `${messages}:271-272`, // delete: only a party sees it, only its sender deletes it
    `${notifications}:352-352`, // someone else's notification is not found
  ],
  ignoreStatic: true,
  incrementalFile: 'reports/mutation/guards-incremental.json',
  htmlReporter: { fileName: 'reports/mutation/guards.html' },
  jsonReporter: { fileName: 'reports/mutation/guards.json' },
  tempDirName: '.stryker-tmp/guards',
};
