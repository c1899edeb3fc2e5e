import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut } from '../../lib/auth-api';
import { endSession, getAccessToken } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/toaster';

/** Signs out: the local session is cleared first (so the server's revocation event cannot be
 *  mistaken for an expiry), then the server session is revoked. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    const token = getAccessToken();
    endSession('user');
    navigate('/');
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
