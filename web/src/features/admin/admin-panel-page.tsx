import { useAuth } from '../../lib/use-auth';
import { AccessDenied, CheckingPermissions, PermissionCheckFailed } from './admin-access';
import { AdminPanel } from './admin-panel';
import { ACCESS_DENIED } from './admin-texts';
import { useAdminCheck } from './use-admin-role';

/** /admin and its variants (spec section 2), behind the login guard: platform administrators only. */
export default function AdminPanelPage() {
  const { session } = useAuth();
  const { check } = useAdminCheck(session?.user.id ?? '');
  if (check === 'checking') return <CheckingPermissions />;
  if (check === 'failed') return <PermissionCheckFailed />;
  if (check === 'denied') return <AccessDenied text={ACCESS_DENIED.panel} />;
  return <AdminPanel />;
}
