// The specification's wording that several test files check, written once on the test side (the
// tests do not import the server's constants: they check the server against the spec's words).
export const INVALID_EMAIL = 'Please enter a valid email address';

export const PASSWORD = {
  length: 'Password must be at least 8 characters long',
  lowercase: 'Password must contain at least one lowercase letter',
  uppercase: 'Password must contain at least one uppercase letter',
  number: 'Password must contain at least one number',
  special: 'Password must contain at least one special character',
};
