// sendMessage: a new message and a reply. What is stored (checked in the database, not only in the
// answer), the display names, every validation message and boundary of the compose and reply rules
// (user errors of the payload), sanitising, and that a refused send stores nothing at all.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, newMember } from '../helpers/client.js';
import {
  CONTENT,
  SUBJECT,
  countAllMessages,
  countAllNotifications,
  countSentBy,
  memberId,
  messageId,
  messageRow,
  messageUuid,
  messagesBetween,
  notificationsOf,
  onlyError,
  onlyUserError,
  send,
  sendOk,
  setUserStatus,
  userErrorsOf,
  type Member,
} from '../helpers/messages.js';
import { startServer, type TestServer } from '../helpers/server.js';

const RECIPIENT = 'Please select a recipient';
const SUBJECT_MIN = 'Subject must be at least 5 characters';
const SUBJECT_MAX = 'Subject must be at most 200 characters';
const CONTENT_MIN = 'Message must be at least 10 characters';
const CONTENT_MAX = 'Message must be at most 5000 characters';
const SELF = 'You cannot send a message to yourself.';
const RECIPIENT_NOT_FOUND = 'Recipient not found';
const REPLY_EMPTY = 'Reply cannot be empty';
const MESSAGE_NOT_FOUND = 'Message not found';

let server: TestServer;
let alice: Member; // a volunteer
let bob: Member; // a volunteer
let club: Member; // a club account (pending: anyone may still write to it once they know it)

beforeAll(async () => {
  server = await startServer({ rateLimit: { windowMinutes: 15, failsPerEmailIp: 10, failsPerIpPerDay: 100, perIp: 10_000 } });
  [alice, bob, club] = await Promise.all([
    newMember(server.url, { fullName: 'Alice Sender' }),
    newMember(server.url, { fullName: 'Bob Receiver' }),
    newMember(server.url, { fullName: 'Carla Coach', clubName: 'Riverside Rowing' }),
  ]);
});
afterAll(async () => {
  await server?.close();
});

/** Runs `act` and checks that no message and no notification was stored meanwhile. */
async function storesNothing(act: () => Promise<void>): Promise<void> {
  const before = { messages: await countAllMessages(server), notifications: await countAllNotifications(server) };
  await act();
  expect({ messages: await countAllMessages(server), notifications: await countAllNotifications(server) }).toEqual(before);
}

/** The single user error of a refused send (nothing else answered). */
const refusal = async (from: Member, input: Record<string, unknown>) => onlyUserError(await send(from.client, input), 'sendMessage');

describe('sendMessage: a new message', () => {
  it('stores the message from the caller to the recipient, unread, and answers it with both members', async () => {
    const answer = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.sendMessage.userErrors).toEqual([]);
    const message = answer.data.sendMessage.message!;
    expect(message).toMatchObject({
      sender: { id: memberId(alice), name: 'Alice Sender' },
      recipient: { id: memberId(bob), name: 'Bob Receiver' },
      subject: SUBJECT,
      content: CONTENT,
      read: false,
    });
    // An opaque global id: a Message, never the bare database id.
    expect(message.id).not.toMatch(/^[0-9a-f-]{36}$/);
    expect(messageUuid(message.id)).toMatch(/^[0-9a-f-]{36}$/);
    expect(Number.isNaN(Date.parse(message.createdAt))).toBe(false);
    expect(Math.abs(Date.parse(message.createdAt) - Date.now())).toBeLessThan(5 * 60_000);

    const row = await messageRow(server, message.id);
    expect(row).toMatchObject({ senderId: alice.user.id, recipientId: bob.user.id, subject: SUBJECT, content: CONTENT, read: false, readAt: null });
  });

  it('names a club account by its club, as sender and as recipient', async () => {
    const toClub = await sendOk(alice, club);
    expect(toClub).toMatchObject({ sender: { name: 'Alice Sender' }, recipient: { name: 'Riverside Rowing' } });
    const fromClub = await sendOk(club, alice);
    expect(fromClub).toMatchObject({ sender: { id: memberId(club), name: 'Riverside Rowing' }, recipient: { name: 'Alice Sender' } });
  });

  it('takes the sender from the session: the input has no senderId, and a client that sends one is refused with nothing stored', async () => {
    await storesNothing(async () => {
      const answer = await send(alice.client, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT, senderId: memberId(bob) });
      expect(answer.errors?.length).toBeGreaterThan(0);
      expect(answer.errors![0]!.extensions?.code).toBe('BAD_USER_INPUT');
      expect(answer.data ?? null).toBeNull();
    });
    // Whoever the recipient is, the stored sender is the caller.
    const message = await sendOk(bob, alice);
    expect((await messageRow(server, message.id))!.senderId).toBe(bob.user.id);
  });

  it("refuses an empty recipient id: 'Please select a recipient'", async () => {
    for (const recipientId of ['', '   ', null]) {
      await storesNothing(async () => {
        const error = await refusal(alice, { recipientId, subject: SUBJECT, content: CONTENT });
        expect(error, JSON.stringify(recipientId)).toEqual({ field: 'recipientId', code: 'BAD_USER_INPUT', message: RECIPIENT });
      });
    }
  });

  it("refuses an id that names no member: 'Recipient not found' (a bare database id, another type's id, garbage)", async () => {
    const message = await sendOk(alice, bob);
    for (const recipientId of ['not-a-global-id', '12345', bob.user.id, `${memberId(bob)}x`, message.id, memberId(randomUUID())]) {
      await storesNothing(async () => {
        const error = await refusal(alice, { recipientId, subject: SUBJECT, content: CONTENT });
        expect(error, recipientId).toEqual({ field: 'recipientId', code: 'BAD_USER_INPUT', message: RECIPIENT_NOT_FOUND });
      });
    }
  });

  it('refuses a send without any recipient id with the rule’s own message, and stores nothing', async () => {
    await storesNothing(async () => {
      const error = await refusal(alice, { subject: SUBJECT, content: CONTENT });
      expect(error).toEqual({ field: 'recipientId', code: 'BAD_USER_INPUT', message: RECIPIENT });
    });
  });

  it("refuses a 4-character subject with 'Subject must be at least 5 characters' and accepts 5", async () => {
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(bob), subject: 'Abcd', content: CONTENT });
      expect(error).toEqual({ field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MIN });
    });
    const ok = await sendOk(alice, bob, { subject: 'Abcde' });
    expect(ok.subject).toBe('Abcde');
  });

  it('counts the subject after trimming, and refuses a missing subject with the same message', async () => {
    await storesNothing(async () => {
      for (const subject of ['   Abcd   ', '', '     ', null]) {
        const error = await refusal(alice, { recipientId: memberId(bob), subject, content: CONTENT });
        expect(error, JSON.stringify(subject)).toEqual({ field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MIN });
      }
      const omitted = await refusal(alice, { recipientId: memberId(bob), content: CONTENT });
      expect(omitted).toEqual({ field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MIN });
    });
    const trimmed = await sendOk(alice, bob, { subject: '   Hello   ' });
    expect(trimmed.subject).toBe('Hello');
  });

  it("refuses a 9-character message with 'Message must be at least 10 characters' and accepts 10", async () => {
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(bob), subject: SUBJECT, content: '123456789' });
      expect(error).toEqual({ field: 'content', code: 'BAD_USER_INPUT', message: CONTENT_MIN });
      const padded = await refusal(alice, { recipientId: memberId(bob), subject: SUBJECT, content: '  123456789 \n ' });
      expect(padded.message).toBe(CONTENT_MIN);
    });
    const ok = await sendOk(alice, bob, { content: '1234567890' });
    expect(ok.content).toBe('1234567890');
  });

  it('accepts a 200-character subject and refuses 201', async () => {
    const ok = await sendOk(alice, bob, { subject: 's'.repeat(200) });
    expect(ok.subject).toHaveLength(200);
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(bob), subject: 's'.repeat(201), content: CONTENT });
      expect(error).toEqual({ field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MAX });
    });
  });

  it('accepts a 5000-character message and refuses 5001', async () => {
    const ok = await sendOk(alice, bob, { content: 'c'.repeat(5000) });
    expect(ok.content).toHaveLength(5000);
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(bob), subject: SUBJECT, content: 'c'.repeat(5001) });
      expect(error).toEqual({ field: 'content', code: 'BAD_USER_INPUT', message: CONTENT_MAX });
    });
  });

  it('lists every field in error at once', async () => {
    await storesNothing(async () => {
      const errors = userErrorsOf(await send(alice.client, { recipientId: '', subject: 'abc', content: 'short' }), 'sendMessage');
      expect(errors).toEqual([
        { field: 'recipientId', code: 'BAD_USER_INPUT', message: RECIPIENT },
        { field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MIN },
        { field: 'content', code: 'BAD_USER_INPUT', message: CONTENT_MIN },
      ]);
    });
  });

  it("refuses a message to oneself: 'You cannot send a message to yourself.'", async () => {
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(alice), subject: SUBJECT, content: CONTENT });
      expect(error).toEqual({ field: 'recipientId', code: 'BAD_USER_INPUT', message: SELF });
    });
  });

  it("refuses a recipient that does not exist: 'Recipient not found', nothing stored", async () => {
    const before = await countSentBy(server, alice.user.id);
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(randomUUID()), subject: SUBJECT, content: CONTENT });
      expect(error).toEqual({ field: 'recipientId', code: 'BAD_USER_INPUT', message: RECIPIENT_NOT_FOUND });
    });
    expect(await countSentBy(server, alice.user.id)).toBe(before);
  });

  it('treats a suspended account as a recipient that is not found', async () => {
    const dora = await newMember(server.url, { fullName: 'Dora Suspended' });
    await setUserStatus(server, dora.user.id, 'suspended');
    await storesNothing(async () => {
      const error = await refusal(alice, { recipientId: memberId(dora), subject: SUBJECT, content: CONTENT });
      expect(error.message).toBe(RECIPIENT_NOT_FOUND);
    });
  });

  it('keeps the line breaks of the content (only the outer whitespace is trimmed)', async () => {
    const content = 'Line one\nLine two\n\n  Line four\r\nLast line';
    const message = await sendOk(alice, bob, { content: `\n  ${content}  \n` });
    expect(message.content).toBe(content);
    expect((await messageRow(server, message.id))!.content).toBe(content);
  });

  it('strips tags and scripts from the subject and the content', async () => {
    const message = await sendOk(alice, bob, {
      subject: '<b>Match</b> day<script>alert(1)</script>',
      content: '<p>Hello <i>there</i></p><script>alert("x")</script> friend <img src=x onerror=alert(1)>',
    });
    expect(message.subject).toBe('Match day');
    expect(message.content).toBe('Hello there friend');
    const row = await messageRow(server, message.id);
    expect(row).toMatchObject({ subject: 'Match day', content: 'Hello there friend' });
  });

  it('strips script prefixes and event handlers, and keeps ordinary characters as typed', async () => {
    const message = await sendOk(alice, bob, { content: 'Click javascript:alert(1) now onclick=doit()', subject: 'Smith &amp; Sons <3' });
    expect(message.content).not.toMatch(/javascript:|onclick=/i);
    expect(message.content).toBe('Click alert(1) now doit()');
    expect(message.subject).toBe('Smith & Sons <3');
  });

  it('refuses a subject or a content that is nothing but tags, and stores nothing', async () => {
    await storesNothing(async () => {
      const subjectOnlyTags = await refusal(alice, { recipientId: memberId(bob), subject: '<b></b><i></i><script>hello world</script>', content: CONTENT });
      expect(subjectOnlyTags).toEqual({ field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MIN });
      const contentOnlyTags = await refusal(alice, { recipientId: memberId(bob), subject: SUBJECT, content: '<div><span></span></div><script>alert(1)</script>' });
      expect(contentOnlyTags).toEqual({ field: 'content', code: 'BAD_USER_INPUT', message: CONTENT_MIN });
      // Long enough with its tags, too short without them.
      const shortWithoutTags = await refusal(alice, { recipientId: memberId(bob), subject: '<em>Hey</em>', content: CONTENT });
      expect(shortWithoutTags.message).toBe(SUBJECT_MIN);
    });
  });

  it('refuses an anonymous caller with UNAUTHENTICATED (a GraphQL error) and stores nothing', async () => {
    await storesNothing(async () => {
      const anonymous = new ApiClient(server.url);
      const error = onlyError(await send(anonymous, { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT }));
      expect(error).toMatchObject({ message: 'Authentication required', extensions: { code: 'UNAUTHENTICATED' } });
    });
  });

  it('refuses a bearer token that is not valid with UNAUTHENTICATED', async () => {
    await storesNothing(async () => {
      const answer = await alice.client.gql('mutation($input: SendMessageInput!) { sendMessage(input: $input) { message { id } } }', { input: { recipientId: memberId(bob), subject: SUBJECT, content: CONTENT } }, { token: 'not-a-token' });
      expect(onlyError(answer).extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});

describe('sendMessage: two in one document', () => {
  it('answers the first message and the second one’s user errors, with the first stored', async () => {
    const before = await countSentBy(server, alice.user.id);
    const answer = await alice.client.gql(
      `mutation ($good: SendMessageInput!, $bad: SendMessageInput!) {
        first: sendMessage(input: $good) { message { id subject recipient { id } } userErrors { field code message } }
        second: sendMessage(input: $bad) { message { id } userErrors { field code message } }
      }`,
      {
        good: { recipientId: memberId(bob), subject: 'First of two', content: CONTENT },
        bad: { recipientId: memberId(bob), subject: 'Abc', content: CONTENT },
      },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data.first).toMatchObject({ message: { subject: 'First of two', recipient: { id: memberId(bob) } }, userErrors: [] });
    expect(answer.data.second).toEqual({ message: null, userErrors: [{ field: 'subject', code: 'BAD_USER_INPUT', message: SUBJECT_MIN }] });
    expect(await countSentBy(server, alice.user.id)).toBe(before + 1);
    expect(await messageRow(server, answer.data.first.message.id)).toMatchObject({ subject: 'First of two', recipientId: bob.user.id });
  });
});

describe('sendMessage: a reply', () => {
  it("sends to the partner with the subject 'Re: <subject>' of the message it answers", async () => {
    const original = await sendOk(alice, bob, { subject: 'Kit collection' });
    const reply = await sendOk(bob, alice, { replyToId: original.id, content: 'Thanks, I will be there.' });
    expect(reply).toMatchObject({ sender: { id: memberId(bob) }, recipient: { id: memberId(alice) }, subject: 'Re: Kit collection', content: 'Thanks, I will be there.', read: false });
    expect((await messageRow(server, reply.id))!.subject).toBe('Re: Kit collection');
  });

  it("never doubles the prefix: a reply to 'Re: x' is 'Re: x'", async () => {
    const original = await sendOk(alice, bob, { subject: 'Away fixture' });
    const first = await sendOk(bob, alice, { replyToId: original.id, content: 'Count me in' });
    const second = await sendOk(alice, bob, { replyToId: first.id, content: 'Great, see you' });
    const third = await sendOk(bob, alice, { replyToId: second.id, content: 'ok' });
    expect([first.subject, second.subject, third.subject]).toEqual(['Re: Away fixture', 'Re: Away fixture', 'Re: Away fixture']);
  });

  it('ignores a subject sent with a reply', async () => {
    const original = await sendOk(alice, bob, { subject: 'Pitch booking' });
    const reply = await sendOk(bob, alice, { replyToId: original.id, subject: 'Something else entirely', content: 'Booked it' });
    expect(reply.subject).toBe('Re: Pitch booking');
  });

  it('keeps a reply subject within 200 characters when the original is already 200 long', async () => {
    const original = await sendOk(alice, bob, { subject: 'x'.repeat(200) });
    const reply = await sendOk(bob, alice, { replyToId: original.id, content: 'Long subject indeed' });
    expect(reply.subject.startsWith('Re: ')).toBe(true);
    expect(reply.subject.length).toBeLessThanOrEqual(200);
  });

  it("lets either party answer a message: the sender may follow up on their own message", async () => {
    const original = await sendOk(alice, bob, { subject: 'Reminder' });
    const followUp = await sendOk(alice, bob, { replyToId: original.id, content: 'Just checking' });
    expect(followUp).toMatchObject({ sender: { id: memberId(alice) }, recipient: { id: memberId(bob) }, subject: 'Re: Reminder' });
  });

  it("accepts a short reply such as 'ok' (no 10-character minimum for a reply)", async () => {
    const original = await sendOk(alice, bob);
    const reply = await sendOk(bob, alice, { replyToId: original.id, content: 'ok' });
    expect(reply.content).toBe('ok');
  });

  it("refuses a blank reply (spaces, tabs, newlines or only tags): 'Reply cannot be empty'", async () => {
    const original = await sendOk(alice, bob);
    await storesNothing(async () => {
      for (const content of ['', '   ', '\n\n  \t \n', '<b></b><script>alert(1)</script>']) {
        const error = await refusal(bob, { recipientId: memberId(alice), replyToId: original.id, content });
        expect(error, JSON.stringify(content)).toEqual({ field: 'content', code: 'BAD_USER_INPUT', message: REPLY_EMPTY });
      }
    });
  });

  it('refuses a reply longer than 5000 characters', async () => {
    const original = await sendOk(alice, bob);
    await storesNothing(async () => {
      const error = await refusal(bob, { recipientId: memberId(alice), replyToId: original.id, content: 'r'.repeat(5001) });
      expect(error).toEqual({ field: 'content', code: 'BAD_USER_INPUT', message: CONTENT_MAX });
    });
  });

  it('refuses a reply to a message of another conversation with NOT_FOUND and stores nothing', async () => {
    const carol = await newMember(server.url, { fullName: 'Carol Outsider' });
    const private_ = await sendOk(alice, bob, { subject: 'Private matter' });
    await storesNothing(async () => {
      // A third user cannot answer (or learn the subject of) a message between two others ...
      const outsider = await refusal(carol, { recipientId: memberId(alice), replyToId: private_.id, content: 'Let me in' });
      expect(outsider).toEqual({ field: 'replyToId', code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });
      // ... and a party cannot carry it into a conversation with someone else.
      const elsewhere = await refusal(bob, { recipientId: memberId(carol), replyToId: private_.id, content: 'Forwarding this' });
      expect(elsewhere).toEqual({ field: 'replyToId', code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });
    });
    expect(await messagesBetween(server, bob.user.id, carol.user.id)).toEqual([]);
  });

  it('refuses a reply to a message that does not exist, or to an id that names no message, with NOT_FOUND', async () => {
    const original = await sendOk(alice, bob);
    await storesNothing(async () => {
      for (const replyToId of [messageId(randomUUID()), 'abc', messageUuid(original.id), memberId(alice)]) {
        const error = await refusal(bob, { recipientId: memberId(alice), replyToId, content: 'Hello?' });
        expect(error, replyToId).toEqual({ field: 'replyToId', code: 'NOT_FOUND', message: MESSAGE_NOT_FOUND });
      }
    });
  });

  it('notifies the recipient of a reply as of any message', async () => {
    const original = await sendOk(alice, club, { subject: 'Trial session' });
    const reply = await sendOk(club, alice, { replyToId: original.id, content: 'Yes, come along' });
    const mine = await notificationsOf(server, alice.user.id);
    expect(mine.find((n) => n.messageId === reply.id)).toMatchObject({ type: 'message', title: 'New message from Riverside Rowing', description: 'Yes, come along', read: false });
  });

  it('refuses an anonymous reply with UNAUTHENTICATED', async () => {
    const original = await sendOk(alice, bob);
    await storesNothing(async () => {
      const error = onlyError(await send(new ApiClient(server.url), { recipientId: memberId(alice), replyToId: original.id, content: 'Who am I' }));
      expect(error.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
