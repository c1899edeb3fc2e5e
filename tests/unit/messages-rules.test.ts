// The shared message rules (server/src/modules/messages/messages.rules.ts), used by the server and
// by the compose and reply forms: every message and boundary, the reply subject and the preview.
import { describe, expect, it } from 'vitest';
import {
  CONTENT_MAX,
  CONTENT_MIN,
  MESSAGE_MESSAGES,
  NOTIFICATION_PREVIEW_LENGTH,
  REPLY_PREFIX,
  SUBJECT_MAX,
  SUBJECT_MIN,
  TOO_MANY_MESSAGES,
  composeMessageRules,
  messagePreview,
  replyRules,
  replySubject,
} from '../../server/src/modules/messages/messages.rules.js';
import { byPath } from '../helpers/rules.js';

/** True when the text holds half of a surrogate pair (a character cut in two). */
const hasBrokenCharacter = (text: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

// Members and messages are named by their GraphQL global ids (opaque to the rules).
const UUID = 'TWVtYmVyOjNmMmI4YzFlLTVkNGEtNGI2Zi05ZTdkLTFhMmIzYzRkNWU2Zg';
const OTHER_UUID = 'TWVzc2FnZTo5YThiN2M2ZC01ZTRmLTRhM2ItOGMyZC0xZTBmOWE4YjdjNmQ';

const compose = (over: Record<string, unknown> = {}) => ({ recipientId: UUID, subject: 'Hello there', content: 'A message of some length', ...over });

describe('constants', () => {
  it('match the specification', () => {
    expect({ SUBJECT_MIN, SUBJECT_MAX, CONTENT_MIN, CONTENT_MAX, NOTIFICATION_PREVIEW_LENGTH, REPLY_PREFIX }).toEqual({
      SUBJECT_MIN: 5,
      SUBJECT_MAX: 200,
      CONTENT_MIN: 10,
      CONTENT_MAX: 5000,
      NOTIFICATION_PREVIEW_LENGTH: 50,
      REPLY_PREFIX: 'Re: ',
    });
    expect(MESSAGE_MESSAGES).toEqual({
      recipient: 'Please select a recipient',
      subjectMin: 'Subject must be at least 5 characters',
      subjectMax: 'Subject must be at most 200 characters',
      contentMin: 'Message must be at least 10 characters',
      contentMax: 'Message must be at most 5000 characters',
      replyEmpty: 'Reply cannot be empty',
    });
  });
});

describe('composeMessageRules', () => {
  it('accepts a valid message and trims subject and content', () => {
    expect(composeMessageRules.parse(compose({ subject: '  Hello  ', content: '\n  Line one\nLine two  \n' }))).toEqual({
      recipientId: UUID,
      subject: 'Hello',
      content: 'Line one\nLine two',
    });
  });

  it("needs a recipient: 'Please select a recipient' (which member an id names is the server's question)", () => {
    for (const recipientId of [undefined, null, '', '   ', 42]) {
      expect(byPath(composeMessageRules, compose({ recipientId })), String(recipientId)).toEqual({ recipientId: [MESSAGE_MESSAGES.recipient] });
    }
    for (const recipientId of ['abc', `${UUID}0`]) expect(byPath(composeMessageRules, compose({ recipientId })), recipientId).toEqual({});
    expect(composeMessageRules.parse(compose({ recipientId: ` ${UUID} ` })).recipientId).toBe(UUID);
  });

  it("needs a subject of at least 5 characters after trimming: 4 refused, 5 accepted", () => {
    expect(byPath(composeMessageRules, compose({ subject: 'abcd' }))).toEqual({ subject: [MESSAGE_MESSAGES.subjectMin] });
    expect(byPath(composeMessageRules, compose({ subject: '  abcd   ' }))).toEqual({ subject: [MESSAGE_MESSAGES.subjectMin] });
    expect(byPath(composeMessageRules, compose({ subject: 'abcde' }))).toEqual({});
    for (const subject of [undefined, null, '', 7]) {
      expect(byPath(composeMessageRules, compose({ subject })), String(subject)).toEqual({ subject: [MESSAGE_MESSAGES.subjectMin] });
    }
  });

  it('allows a subject of at most 200 characters: 200 accepted, 201 refused', () => {
    expect(byPath(composeMessageRules, compose({ subject: 's'.repeat(200) }))).toEqual({});
    expect(byPath(composeMessageRules, compose({ subject: 's'.repeat(201) }))).toEqual({ subject: [MESSAGE_MESSAGES.subjectMax] });
    // Outer spaces do not count.
    expect(byPath(composeMessageRules, compose({ subject: ` ${'s'.repeat(200)} ` }))).toEqual({});
  });

  it('needs a message of at least 10 characters after trimming: 9 refused, 10 accepted', () => {
    expect(byPath(composeMessageRules, compose({ content: '123456789' }))).toEqual({ content: [MESSAGE_MESSAGES.contentMin] });
    expect(byPath(composeMessageRules, compose({ content: '   123456789\n\n' }))).toEqual({ content: [MESSAGE_MESSAGES.contentMin] });
    expect(byPath(composeMessageRules, compose({ content: '1234567890' }))).toEqual({});
    for (const content of [undefined, null, '']) {
      expect(byPath(composeMessageRules, compose({ content })), String(content)).toEqual({ content: [MESSAGE_MESSAGES.contentMin] });
    }
  });

  it('allows a message of at most 5000 characters: 5000 accepted, 5001 refused', () => {
    expect(byPath(composeMessageRules, compose({ content: 'c'.repeat(5000) }))).toEqual({});
    expect(byPath(composeMessageRules, compose({ content: 'c'.repeat(5001) }))).toEqual({ content: [MESSAGE_MESSAGES.contentMax] });
  });

  it('reports every field at once, in form order', () => {
    const result = composeMessageRules.safeParse({ recipientId: '', subject: 'abc', content: 'short' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['recipientId', MESSAGE_MESSAGES.recipient],
      ['subject', MESSAGE_MESSAGES.subjectMin],
      ['content', MESSAGE_MESSAGES.contentMin],
    ]);
  });
});

describe('replyRules', () => {
  const reply = (over: Record<string, unknown> = {}) => ({ recipientId: UUID, replyToId: OTHER_UUID, content: 'ok', ...over });

  it("accepts a short reply such as 'ok' and trims it", () => {
    expect(replyRules.parse(reply({ content: '  ok \n' }))).toEqual({ recipientId: UUID, replyToId: OTHER_UUID, content: 'ok' });
    expect(byPath(replyRules, reply({ content: 'k' }))).toEqual({});
  });

  it("refuses a blank reply: 'Reply cannot be empty'", () => {
    for (const content of ['', ' ', '   \n\t  \r\n', undefined, null]) {
      expect(byPath(replyRules, reply({ content })), JSON.stringify(content)).toEqual({ content: [MESSAGE_MESSAGES.replyEmpty] });
    }
  });

  it('allows a reply of at most 5000 characters', () => {
    expect(byPath(replyRules, reply({ content: 'r'.repeat(5000) }))).toEqual({});
    expect(byPath(replyRules, reply({ content: 'r'.repeat(5001) }))).toEqual({ content: [MESSAGE_MESSAGES.contentMax] });
  });

  it('needs a recipient and a message to answer', () => {
    expect(byPath(replyRules, reply({ recipientId: ' ' }))).toEqual({ recipientId: [MESSAGE_MESSAGES.recipient] });
    expect(byPath(replyRules, reply({ replyToId: undefined }))).toEqual({ replyToId: ['Message not found'] });
    expect(byPath(replyRules, reply({ replyToId: 42 }))).toEqual({ replyToId: ['Message not found'] });
  });

  it('takes no subject: a subject sent along is dropped', () => {
    expect(replyRules.parse(reply({ subject: 'Anything' }))).not.toHaveProperty('subject');
  });
});

describe('replySubject', () => {
  it("prefixes 'Re: '", () => {
    expect(replySubject('Training times')).toBe('Re: Training times');
  });

  it("does not prefix a subject that already starts with 'Re: '", () => {
    expect(replySubject('Re: Training times')).toBe('Re: Training times');
    expect(replySubject(replySubject(replySubject('Kit')))).toBe('Re: Kit');
  });

  it("prefixes subjects that only look alike ('re: ', 'Re:' without the space, 'Re: ' later on)", () => {
    expect(replySubject('re: lower case')).toBe('Re: re: lower case');
    expect(replySubject('Re:no space')).toBe('Re: Re:no space');
    expect(replySubject('About Re: this')).toBe('Re: About Re: this');
  });

  it('never cuts a character in two when it shortens a long subject', () => {
    // 4 + 195 + an emoji (two UTF-16 units) = 201 units: the emoji must go whole, not half of it.
    const subject = replySubject(`${'s'.repeat(195)}😀`);
    expect(subject.length).toBeLessThanOrEqual(200);
    expect(hasBrokenCharacter(subject)).toBe(false);
    expect(subject).toBe(`Re: ${'s'.repeat(195)}`);
  });

  it('keeps the reply subject within 200 characters', () => {
    const long = 's'.repeat(200);
    const subject = replySubject(long);
    expect(subject).toHaveLength(200);
    expect(subject.startsWith('Re: ')).toBe(true);
    expect(replySubject('s'.repeat(196))).toBe(`Re: ${'s'.repeat(196)}`);
    expect(replySubject('s'.repeat(197))).toHaveLength(200);
  });
});

describe('messagePreview', () => {
  it('keeps a text of at most 50 characters whole', () => {
    const fifty = 'abcdefghij'.repeat(5);
    expect(messagePreview(fifty)).toBe(fifty);
    expect(messagePreview('Short')).toBe('Short');
    expect(messagePreview('')).toBe('');
  });

  it("cuts a longer text to its first 50 characters followed by '…'", () => {
    const fifty = 'abcdefghij'.repeat(5);
    expect(messagePreview(`${fifty}X`)).toBe(`${fifty}…`);
    expect(messagePreview('y'.repeat(5000))).toBe(`${'y'.repeat(50)}…`);
    expect(messagePreview('y'.repeat(51))).toHaveLength(51);
  });

  it('counts characters, never cutting an emoji or another astral character in two', () => {
    // 49 letters, then an emoji (one character, two UTF-16 units), then more text.
    const preview = messagePreview(`${'a'.repeat(49)}😀 and then some more text`);
    expect(hasBrokenCharacter(preview)).toBe(false);
    expect(preview).toBe(`${'a'.repeat(49)}😀…`);
    // Fifty emoji are fifty characters: kept whole, no ellipsis.
    expect(messagePreview('⚽'.repeat(50))).toBe('⚽'.repeat(50));
    expect(messagePreview('🏉'.repeat(50))).toBe('🏉'.repeat(50));
    expect(messagePreview('🏉'.repeat(51))).toBe(`${'🏉'.repeat(50)}…`);
  });

  it('collapses runs of whitespace and line breaks into one space and trims, before measuring', () => {
    expect(messagePreview('  Hello\n\n  world\t\tagain \r\n')).toBe('Hello world again');
    // 60 characters as typed, 50 once collapsed: no ellipsis.
    const spaced = `${'abcd '.repeat(10).trim()}${' '.repeat(11)}`;
    expect(messagePreview(spaced)).toBe('abcd '.repeat(10).trim());
    const long = `${'word\n\n'.repeat(12)}`;
    expect(messagePreview(long)).toBe(`${'word '.repeat(12).trim().slice(0, 50)}…`);
  });
});

// Found by mutation testing (npm run test:mutation, docs/TESTING.md): checks that no test judged.
describe('mutation-found gaps: values that are not text', () => {
  it("answer the form's messages, not zod's defaults", () => {
    expect(byPath(composeMessageRules, compose({ subject: null }))).toEqual({ subject: [MESSAGE_MESSAGES.subjectMin] });
    expect(byPath(composeMessageRules, compose({ subject: undefined }))).toEqual({ subject: ['Subject must be at least 5 characters'] });
    expect(byPath(composeMessageRules, compose({ content: 42 }))).toEqual({ content: ['Message must be at least 10 characters'] });
    expect(byPath(replyRules, { recipientId: UUID, replyToId: OTHER_UUID, content: null })).toEqual({ content: ['Reply cannot be empty'] });
  });
});

describe('mutation-found gaps: the limit on sending', () => {
  it("says how long to wait in the sentence docs/API.md gives (no unit test read it; the API tests only match 'too many')", () => {
    expect(TOO_MANY_MESSAGES('in 12 minutes')).toBe('You have sent too many messages in a short while. Please try again in 12 minutes.');
  });
});
