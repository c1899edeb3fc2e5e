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
    FILLED: { description: 'The club has found its volunteers; no new applications.' },
    CANCELLED: { description: 'The club called it off; no new applications.' },
  },
});

export enum VolunteerApplicationStatusEnum {
  PENDING = 'pending',
  ACCEPTED = 'accepted',
  REJECTED = 'rejected',
  WITHDRAWN = 'withdrawn',
}
registerEnumType(VolunteerApplicationStatusEnum, {
  name: 'VolunteerApplicationStatus',
  description: 'Where a volunteer application stands.',
  valuesConfig: {
    PENDING: { description: 'Sent; waiting for the club to accept or reject it.' },
    ACCEPTED: { description: 'The club accepted it.' },
    REJECTED: { description: 'The club did not take it further.' },
    WITHDRAWN: { description: 'The volunteer withdrew it while it was pending.' },
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
