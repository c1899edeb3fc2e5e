import { useEffect } from 'react';
import { useNavigate } from '../lib/navigation';
import { acknowledgeExpiry } from '../lib/session';
import { useAuth } from '../lib/use-auth';

/** After a session expires (inactivity, revocation, refused token) the user goes to /login. */
export function SessionExpiryRedirect() {
  const { expiredAt } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (expiredAt === null) return;
    acknowledgeExpiry();
    navigate('/login', { replace: true });
  }, [expiredAt, navigate]);
  return null;
}
