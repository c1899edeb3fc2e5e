// The account calls of the REST adapter (/api/auth/*). Every auth write of the client goes here.
import { send } from './api-core';
import type { ApiResult } from './envelope';
import type { AuthSessionPayload, SessionUser } from './session-types';

export interface SignUpRequest {
  email: string;
  password: string;
  fullName: string;
  clubName?: string;
}

export interface SignUpAnswer {
  user: SessionUser;
  club: SessionUser['club'];
}

export function signUp(input: SignUpRequest): Promise<ApiResult<SignUpAnswer>> {
  return send('POST', '/auth/signup', {
    body: {
      email: input.email,
      password: input.password,
      metadata: { full_name: input.fullName, club_name: input.clubName },
    },
  });
}

export interface VolunteerSignUpRequest {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  location?: string;
}

/** A volunteer's sign-up: the account (active at once) and its volunteer profile in one step. */
export function signUpVolunteer(input: VolunteerSignUpRequest): Promise<ApiResult<SignUpAnswer>> {
  return send('POST', '/auth/signup', {
    body: {
      email: input.email,
      password: input.password,
      metadata: { account_type: 'volunteer', first_name: input.firstName, last_name: input.lastName, location: input.location || undefined },
    },
  });
}

export function signIn(email: string, password: string): Promise<ApiResult<{ session: AuthSessionPayload }>> {
  return send('POST', '/auth/signin', { body: { email, password } });
}

export function signOut(token: string): Promise<ApiResult<unknown>> {
  return send('POST', '/auth/signout', { token });
}

export function fetchCurrentUser(token: string): Promise<ApiResult<{ user: SessionUser }>> {
  return send('GET', '/auth/user', { token });
}

export function requestPasswordReset(email: string): Promise<ApiResult<unknown>> {
  return send('POST', '/auth/reset-password', {
    body: { email, redirect_to: `${window.location.origin}/reset-password` },
  });
}

export function confirmPasswordReset(token: string, password: string): Promise<ApiResult<unknown>> {
  return send('POST', '/auth/reset-password/confirm', { body: { token, password } });
}
