import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/page-spinner';
import { useAuth } from '../lib/use-auth';

/** Route guard: a spinner while the session is checked, /login for signed-out visitors. */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'checking') return <PageSpinner />;
  if (status === 'signed-out') return <Navigate to="/login" replace />;
  return <Outlet />;
}
