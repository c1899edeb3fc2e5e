// What the one-tap page of a place offer's email (/offers/answer?token=…, issue 30 §2) says. The
// refusals (the offer ran out, was already answered, a forged link) are the server's own messages
// (PLACES_MESSAGES), so the page and the app say the same.
import { PLACES_MESSAGES } from '@clubroom/rules/opportunities-texts';

export const OFFER_ANSWER_LINK_TEXTS = {
  title: 'Your place',
  description: 'Accept or decline a volunteer place offered to you, with one tap from your email.',
  offered: (position: string, club: string) => `A place is offered to you: ${position} at ${club}.`,
  until: (when: string) => `The offer stands until ${when}.`,
  question: (answer: 'ACCEPT' | 'DECLINE') =>
    answer === 'ACCEPT' ? 'Do you want to take this place?' : 'Do you want to decline this place? It goes to the next in line, and you leave the waiting list.',
  confirm: (answer: 'ACCEPT' | 'DECLINE') => (answer === 'ACCEPT' ? 'Yes, accept the place' : 'Yes, decline the place'),
  working: 'Saving...',
  accepted: (position: string, club: string) => `The place is yours: you are accepted for ${position} at ${club}.`,
  declined: 'You declined the place. It goes to the next in line.',
  notOffered: PLACES_MESSAGES.notOffered,
  invalid: PLACES_MESSAGES.linkInvalid,
  applicationLink: 'Open your application',
  applicationsLink: 'Open your applications',
  loadFailed: 'This link could not be checked.',
  failedTitle: 'Your answer was not saved',
  failed: 'There was a problem saving your answer. Please try again.',
} as const;
