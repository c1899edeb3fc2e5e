// What the one-click unsubscribe page (/unsubscribe?token=…) says. `what` is the server's name of
// what the link turns off (a kind's label, e.g. 'New private message', or the email digests).

export const UNSUBSCRIBE_TEXTS = {
  title: 'Unsubscribe',
  description: 'Turn off one kind of Clubroom email with one click.',
  question: (what: string, email: string) => `Stop emails about “${what}” to ${email}?`,
  button: 'Unsubscribe',
  working: 'Unsubscribing...',
  done: (what: string) => `You will no longer receive “${what}” emails.`,
  invalid: 'This unsubscribe link is invalid or has expired.',
  settingsLink: 'Change the rest of your notification settings',
  loadFailed: 'This unsubscribe link could not be checked.',
  failedTitle: 'Unsubscribe failed',
  failed: 'There was a problem turning these emails off. Please try again.',
} as const;
