// Message rules shared by the server and the compose and reply forms (web/ imports this file).
import { z } from 'zod';

export const SUBJECT_MIN = 5;
export const SUBJECT_MAX = 200;
export const CONTENT_MIN = 10;
export const CONTENT_MAX = 5000;
export const REPLY_PREFIX = 'Re: ';
export const NOTIFICATION_PREVIEW_LENGTH = 50;

export const MESSAGE_MESSAGES = {
  recipient: 'Please select a recipient',
  subjectMin: 'Subject must be at least 5 characters',
  subjectMax: 'Subject must be at most 200 characters',
  contentMin: 'Message must be at least 10 characters',
  contentMax: 'Message must be at most 5000 characters',
  replyEmpty: 'Reply cannot be empty',
} as const;

export const MESSAGE_NOT_FOUND = 'Message not found';
/** Past the limits on sending (docs/API.md, 'Limits on writes that reach other people'); `retry`
 *  is 'in 12 minutes'. */
export const TOO_MANY_MESSAGES = (retry: string) => `You have sent too many messages in a short while. Please try again ${retry}.`;

export const IDEMPOTENCY_KEY_MAX = 100;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency key must be 1 to 100 visible ASCII characters';

/** sendMessage's optional idempotency key: the client's name for one send attempt (a UUID from the
 *  web client), reused when it retries. Visible ASCII only, so that it is safe to store and log. */
export const idempotencyKeyRule = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(/^[\x21-\x7E]{1,100}$/, { error: IDEMPOTENCY_KEY_MESSAGE })
  .nullish()
  .transform((v) => v ?? null);

/** A member's global id, as the recipient picker gives it (which member it names, if any, is the
 *  server's question: 'Recipient not found'). */
const recipientRule = z.string({ error: MESSAGE_MESSAGES.recipient }).trim().min(1, { error: MESSAGE_MESSAGES.recipient });

/** The compose form and a new message. */
export const composeMessageRules = z.object({
  recipientId: recipientRule,
  subject: z
    .string({ error: MESSAGE_MESSAGES.subjectMin })
    .trim()
    .min(SUBJECT_MIN, { error: MESSAGE_MESSAGES.subjectMin })
    .max(SUBJECT_MAX, { error: MESSAGE_MESSAGES.subjectMax }),
  content: z
    .string({ error: MESSAGE_MESSAGES.contentMin })
    .trim()
    .min(CONTENT_MIN, { error: MESSAGE_MESSAGES.contentMin })
    .max(CONTENT_MAX, { error: MESSAGE_MESSAGES.contentMax }),
});
export type ComposeMessage = z.input<typeof composeMessageRules>;

/** A reply: its subject is derived from the message it answers; blank text is not sent. */
export const replyRules = z.object({
  recipientId: recipientRule,
  // The message's global id: which message it names, if any, is the server's question.
  replyToId: z.string({ error: MESSAGE_NOT_FOUND }),
  content: z
    .string({ error: MESSAGE_MESSAGES.replyEmpty })
    .trim()
    .min(1, { error: MESSAGE_MESSAGES.replyEmpty })
    .max(CONTENT_MAX, { error: MESSAGE_MESSAGES.contentMax }),
});

/** The first `max` characters (code points, so an emoji is never cut in half). */
function firstChars(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** At most `max` UTF-16 units (the unit the length rules count), never cutting a character. */
function withinLength(text: string, max: number): string {
  let out = '';
  for (const char of text) {
    if (out.length + char.length > max) break;
    out += char;
  }
  return out;
}

/** 'Re: ' + the subject, unless it already starts with that prefix. */
export function replySubject(subject: string): string {
  return subject.startsWith(REPLY_PREFIX) ? subject : withinLength(`${REPLY_PREFIX}${subject}`, SUBJECT_MAX);
}

/** The notification's preview of a message: its first 50 characters. */
export function messagePreview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  const preview = firstChars(flat, NOTIFICATION_PREVIEW_LENGTH);
  return preview === flat ? flat : `${preview}…`;
}

/** Blocking a member (issue 28). */
export const BLOCKS_MAX = 500;
export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself.',
  memberNotFound: 'Member not found',
  tooMany: `You can block at most ${BLOCKS_MAX} members; unblock one first.`,
  /** What a blocked member is told when they try to write (nothing is sent). */
  blockedYou: 'This member does not accept messages from you.',
} as const;
