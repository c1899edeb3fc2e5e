// Ends a session the user did not end: clears it, tells the user, and (through the auth state's
// expiredAt flag) sends them to /login. The server session is revoked too when asked.
import { signOut } from './auth-api';
import { endSession, getAccessToken } from './session';
import { notify, type Notice } from './toaster';

export function expireSession(notice: Notice, options: { revoke?: boolean } = {}): void {
  const token = getAccessToken();
  if (!token) return;
  endSession('expired');
  notify(notice);
  if (options.revoke) void signOut(token);
}
