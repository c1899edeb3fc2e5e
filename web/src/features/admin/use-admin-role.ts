// The admin check (spec section 6): the signed-in member's role from the server, cached 10 minutes.
import { useQuery } from '@apollo/client/react';
import { AdminPanelRoleDocument } from './admin.generated';
import { useFreshnessPolicy } from '../../lib/freshness';
import { ADMIN_CHECK_MAX_AGE_MS } from './admin-texts';
import { useLoggedError } from './use-logged-error';

export type AdminCheck = 'checking' | 'admin' | 'denied' | 'failed';

export function useAdminCheck(userId: string): { check: AdminCheck } {
  const fetchPolicy = useFreshnessPolicy(`adminRole:${userId}`, ADMIN_CHECK_MAX_AGE_MS);
  const { data, error } = useQuery(AdminPanelRoleDocument, { fetchPolicy, context: { silent: true } });
  useLoggedError(error, 'Checking the administrator role failed:');
  if (data) return { check: data.me?.role === 'PLATFORM_ADMIN' ? 'admin' : 'denied' };
  return { check: error ? 'failed' : 'checking' };
}
