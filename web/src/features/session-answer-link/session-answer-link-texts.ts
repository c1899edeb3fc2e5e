// What the one-tap answer page of a session reminder (/sessions/answer?token=…) says. The refusals
// (used link, cancelled session, closed answers) are the server's own messages.

export const SESSION_ANSWER_LINK_TEXTS = {
  title: 'Your answer',
  description: 'Answer for a club session with one tap from your reminder.',
  question: (answer: 'GOING' | 'CANT', name: string, when: string) => `Answer “${answer === 'GOING' ? 'Going' : 'Can’t make it'}” for ${name} on ${when}?`,
  club: (name: string) => `Club: ${name}`,
  confirm: (answer: 'GOING' | 'CANT') => (answer === 'GOING' ? 'Yes, I’m going' : 'Yes, I can’t make it'),
  working: 'Saving...',
  going: 'You’re going.',
  cant: 'Saved: you can’t make it.',
  waiting: (position: number | null) => `The event is full: you’re on the waiting list${position ? ` (number ${position})` : ''}.`,
  used: 'This link was already used. Open the session to change your answer.',
  cancelled: 'This session was cancelled.',
  invalid: 'This link is invalid or has expired. Open the session in Clubroom to answer.',
  sessionLink: 'Open the session to change your answer',
  sessionLinkPlain: 'Open the session',
  loadFailed: 'This link could not be checked.',
  failedTitle: 'Your answer was not saved',
  failed: 'There was a problem saving your answer. Please try again.',
} as const;
