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
