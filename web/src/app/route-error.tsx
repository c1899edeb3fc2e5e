import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorFallback } from '../components/error-fallback';

/** The router's error element: the same screen as the render error boundary. */
export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  return <ErrorFallback error={error} onTryAgain={() => navigate(`${pathname}${search}${hash}`, { replace: true })} />;
}
