// The enums of opportunities and applications, apart from the object types so that the clubs
// module's VolunteerPosition can use OpportunityStatus without an import cycle.
import { registerEnumType } from 'type-graphql';

export enum OpportunityStatusEnum {
  ACTIVE = 'active',
  FILLED = 'filled',
  CANCELLED = 'cancelled',
}
registerEnumType(OpportunityStatusEnum, {
  name: 'OpportunityStatus',
  description: 'Where a volunteer position stands for volunteers.',
  valuesConfig: {
    ACTIVE: { description: 'Open: volunteers may apply (when it is live and its club approved).' },
    FILLED: { description: 'No place is free: filled by itself when its places are taken (new applicants join the waiting list; ACTIVE again when a place frees), or marked filled by the club (no new applications).' },
    CANCELLED: { description: 'The club called it off; no new applications.' },
  },
});

export enum VolunteerApplicationStatusEnum {
  PENDING = 'pending',
  ACCEPTED = 'accepted',
  REJECTED = 'rejected',
  WITHDRAWN = 'withdrawn',
  WAITLISTED = 'waitlisted',
  OFFERED = 'offered',
  LAPSED = 'lapsed',
}
registerEnumType(VolunteerApplicationStatusEnum, {
  name: 'VolunteerApplicationStatus',
  description: 'Where a volunteer application stands.',
  valuesConfig: {
    PENDING: { description: 'Sent; waiting for the club to accept or reject it.' },
    ACCEPTED: { description: 'The club accepted it.' },
    REJECTED: { description: 'The club did not take it further.' },
    WITHDRAWN: { description: 'The volunteer withdrew it (or declined an offered place).' },
    WAITLISTED: { description: 'On the position’s waiting list, in line by when it joined (`linePosition`).' },
    OFFERED: { description: 'A freed place is offered to the volunteer until `offerExpiresAt`.' },
    LAPSED: { description: 'An offered place ran out unanswered; the volunteer left the waiting list.' },
  },
});

export enum VolunteerApplicationSortEnum {
  NEWEST = 'newest',
  OLDEST = 'oldest',
  STATUS = 'status',
  TITLE = 'title',
}
registerEnumType(VolunteerApplicationSortEnum, {
  name: 'VolunteerApplicationSort',
  description: "The orders of the volunteer's applications.",
  valuesConfig: {
    NEWEST: { description: "Newest first ('Newest First', the default)." },
    OLDEST: { description: 'Oldest first.' },
    STATUS: { description: 'By status (pending, accepted, rejected, withdrawn), then newest first.' },
    TITLE: { description: "By the position's title, A to Z (letter case ignored)." },
  },
});

export enum WaitlistPolicyEnum {
  AUTOMATIC = 'automatic',
  OFFER = 'offer',
}
registerEnumType(WaitlistPolicyEnum, {
  name: 'WaitlistPolicy',
  description: 'What happens when a place on a full position frees.',
  valuesConfig: {
    AUTOMATIC: { description: 'The first in line is accepted and told.' },
    OFFER: { description: 'The first in line is offered the place until a deadline (`offerHours`, shortened close to the start, never ending in their quiet hours), then the next.' },
  },
});

export enum OfferAnswerEnum {
  ACCEPT = 'accept',
  DECLINE = 'decline',
}
registerEnumType(OfferAnswerEnum, { name: 'OfferAnswer', description: 'Taking or refusing an offered place.', valuesConfig: { ACCEPT: { description: 'Take the place.' }, DECLINE: { description: 'Refuse it; it goes to the next in line.' } } });
