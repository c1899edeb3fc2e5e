import { fetchCurrentUser } from '../../lib/auth-api';
import { getAccessToken, updateSessionUser } from '../../lib/session';

/** Reads the signed-in user again: a first profile save can make the user a club owner, and the
 *  user menu follows the stored user's role. A failure only leaves the menu as it was. */
export async function refreshSessionUser(): Promise<void> {
  const token = getAccessToken();
  if (!token) return;
  try {
    const result = await fetchCurrentUser(token);
    if (result.success && result.data.user) updateSessionUser(result.data.user);
  } catch (error) {
    console.error('Refreshing the signed-in user failed:', error);
  }
}
