import { useCallback } from 'react';
import { useNavigate } from '../../lib/navigation';
import { signOut } from '../../lib/auth-api';
import { endSession, getAccessToken } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';

/** Signs out: leaves for / (committed synchronously, so that a route guard still showing the
 *  old page cannot send the user to /login instead), clears the
 *  local session (so the server's revocation event cannot be mistaken for an expiry), then
 *  revokes the server session. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = getAccessToken();
    await navigate('/', { flushSync: true });
    endSession('user');
    if (!token) return;
    const result = await signOut(token);
    if (result.success) {
      notifySuccess('Signed out');
    } else {
      console.error('Sign out failed:', result.error);
      notifyError('Sign out failed', result.error);
    }
  }, [navigate]);
}
