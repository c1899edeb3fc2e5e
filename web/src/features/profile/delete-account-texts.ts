// The texts of 'Delete account' on the profile page.
export const DELETE_ACCOUNT_TEXTS = {
  heading: 'Delete Account',
  intro: 'Delete your account and your personal data. This cannot be undone.',
  open: 'Delete my account',
  dialogTitle: 'Delete your account?',
  whatGoes: 'Deleting your account:',
  consequences: [
    'signs you out everywhere, and ends your API tokens and push notifications;',
    'removes your profile, volunteer profile, settings, notifications and data archives;',
    'withdraws your open volunteer applications;',
    'keeps the messages others received from you, shown from "Deleted member".',
  ],
  club: (name: string) => `unlists ${name} and answers its pending applications.`,
  cannotUndo: 'This cannot be undone. Download your data first if you want a copy.',
  passwordLabel: 'Your password',
  submit: 'Delete my account',
  busy: 'Deleting...',
  deleted: 'Your account has been deleted',
  deletedDescription: 'We have emailed you a confirmation. Goodbye, and thank you for being part of Clubroom.',
  failed: 'Account not deleted',
  failedDescription: 'Something went wrong. Your account is unchanged; please try again.',
} as const;
