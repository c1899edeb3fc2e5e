// What the volunteer screens say (the spec's words where it gives them: sections 4 and 8).

export const PROFILE_TOASTS = {
  saved: 'Profile updated successfully',
  failedTitle: 'Update failed',
  failed: 'There was a problem updating your profile. Please try again.',
  photoSaved: 'Photo updated',
  photoRemoved: 'Photo removed',
  photoFailed: 'Photo upload failed',
  photoRemoveFailed: 'Could not remove the photo',
} as const;

export const REGISTRATION_TOASTS = {
  done: 'Registration successful',
  doneText: 'Welcome! Your volunteer account is ready: add your skills and availability next.',
  failedTitle: 'Registration failed',
  failed: 'There was a problem with your registration.',
  emailInUseTitle: 'Email already in use',
  emailInUse: 'This email address has already been used with a sports club.',
  signInFailed: 'Your account was created, but signing in failed. Please sign in.',
} as const;

export const APPLY_TEXTS = {
  profileFirst: 'Create your volunteer profile before applying.',
  submitted: 'Application submitted successfully!',
  failedTitle: 'Application failed',
  failed: 'There was a problem submitting your application. Please try again.',
} as const;

export const WITHDRAW_TEXTS = {
  question: 'Are you sure you want to withdraw this application? This action cannot be undone.',
  done: 'Application withdrawn successfully!',
  errorTitle: 'Error',
  error: 'Failed to withdraw application',
  thrown: 'Failed to withdraw application. Please try again.',
} as const;

/** Places and the waiting line (issue 30 §1–2), as the volunteer reads them. */
export const WAITLIST_TEXTS = {
  join: 'Join the waiting list',
  joinExplained: 'Every place is taken. You can still apply: you join the waiting list, and when a place frees you are told at once.',
  joinedTitle: 'You are on the waiting list',
  /** "On the waiting list — number 2". */
  inLine: (position: number) => `On the waiting list — number ${position}`,
  inLineExplained: 'When a place frees, the club’s waiting list moves by itself and you are told at once.',
  offeredTitle: (until: string) => `A place is offered to you until ${until}`,
  offeredExplained: 'Accept it to take the place. If you decline it, or do not answer in time, it goes to the next in line.',
  offerEnded: 'This offer has ended.',
  lapsedTitle: 'The offered place ran out',
  lapsedExplained: 'The place was offered to you but not taken in time, so it went to the next in line, and you left the waiting list. You can apply again if the opportunity is open.',
  accept: 'Accept place',
  decline: 'Decline',
  declineTitle: 'Decline the place',
  declineQuestion: 'Decline the place offered to you? It goes to the next in line, and you leave the waiting list. This cannot be undone.',
  accepted: 'The place is yours',
  declined: 'Place declined',
  answerFailedTitle: 'Your answer was not saved',
  answerFailed: 'There was a problem saving your answer. Please try again.',
} as const;

/** The withdraw confirmation, by what the application holds. */
export const WITHDRAW_QUESTIONS = {
  pending: WITHDRAW_TEXTS.question,
  waiting: 'Are you sure you want to withdraw this application? You leave the waiting list. This action cannot be undone.',
  place: 'Are you sure you want to withdraw this application? You give up your place, and it goes to the next in line on the waiting list. This action cannot be undone.',
} as const;
