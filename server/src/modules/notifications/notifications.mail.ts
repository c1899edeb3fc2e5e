// The emails the dispatcher writes: a plain-text and an HTML part, the links on APP_URL, and a
// footer saying why the member got it and where to change that.
import escapeHtml from 'escape-html';
import type { OutgoingMail } from '../../mail/outbox.js';
import { kindInfo, type NotificationKind } from './notifications.rules.js';

export const PREFERENCES_PATH = '/profile/notifications';

export interface MailContent {
  subject: string;
  /** The body's paragraphs (plain text; a paragraph that is a URL becomes a link in HTML). */
  paragraphs: string[];
  /** The main link and its label. */
  action?: { url: string; label: string };
}

const isUrl = (s: string) => /^https?:\/\/\S+$/.test(s);

function html(paragraphs: string[], action: MailContent['action'], footer: string[]): string {
  const p = (text: string) =>
    isUrl(text) ? `<p><a href="${escapeHtml(text)}">${escapeHtml(text)}</a></p>` : `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`;
  const button = action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 16px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` : '';
  const small = footer.map((f) => `<p style="color:#555555;font-size:12px">${isUrl(f) ? `<a href="${escapeHtml(f)}">${escapeHtml(f)}</a>` : escapeHtml(f)}</p>`).join('');
  return `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#111111">${paragraphs.map(p).join('')}${button}<p>The Clubroom team</p>${footer.length ? `<hr>${small}` : ''}</body></html>`;
}

/** Why a member gets a kind's email, for the footer; null for required mail (a reset link). */
export function whyMail(kind: NotificationKind, appUrl: string): string | null {
  const info = kindInfo(kind);
  if (info.required.includes('email')) return null;
  return `You receive this email because "${info.label}" emails are on in your notification settings. Change them: ${appUrl}${PREFERENCES_PATH}`;
}

/**
 * A mail to `to`: greeting, paragraphs, the action link, and, for mail the member chose (`why`),
 * a footer saying why and where to change it, with the one-click unsubscribe link and headers.
 */
export function notificationMail(opts: {
  to: { email: string; name: string };
  /** The footer's reason (whyMail); none for required mail. */
  why: string | null;
  content: MailContent;
  collapseKey?: string | null;
  /** One-click unsubscribe link (RFC 8058), for mail the member may turn off. */
  unsubscribeUrl?: string;
}): OutgoingMail {
  const { content } = opts;
  const paragraphs = [`Hello ${opts.to.name},`, ...content.paragraphs];
  const chosen = opts.why !== null;
  const footer = opts.why !== null ? [opts.why] : [];
  if (chosen && opts.unsubscribeUrl) footer.push(`Turn these emails off with one click: ${opts.unsubscribeUrl}`);
  const text = [
    ...paragraphs,
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    'The Clubroom team',
    ...(footer.length ? ['--', ...footer] : []),
  ].join('\n\n');
  const headers = chosen && opts.unsubscribeUrl ? { 'List-Unsubscribe': `<${opts.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : undefined;
  return {
    to: opts.to.email,
    subject: content.subject,
    text: `${text}\n`,
    html: html(paragraphs, content.action, footer),
    collapseKey: opts.collapseKey ?? null,
    headers,
  };
}
