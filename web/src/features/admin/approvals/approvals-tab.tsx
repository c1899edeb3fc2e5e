import { useParams } from 'react-router-dom';
import { useNavigate, useSearchParams } from '../../../lib/navigation';
import { approvalsViewOf, detailPath, listPathForStatus } from '../admin-route';
import { DEFAULT_LIST_FILTERS } from '@clubroom/rules/admin';
import { ApprovalDashboard } from './approval-dashboard';
import { ApplicationReview } from './application-review';
import { ApplicationsList } from './applications-list';

/** Club Approvals (spec section 2): the dashboard (default), the list, or one application's review,
 *  as the address says. */
export function ApprovalsTab() {
  const { clubId } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const view = approvalsViewOf(clubId, params);
  if (view === 'detail') return <ApplicationReview key={clubId} clubId={clubId!} />;
  if (view === 'list') return <ApplicationsList />;
  return (
    <ApprovalDashboard
      onViewList={(status) => navigate(listPathForStatus(status))}
      // From the dashboard's newest-first lists: swiping moves through every status, newest first.
      onViewApplication={(id) => navigate(detailPath(id, { ...DEFAULT_LIST_FILTERS, status: 'all' }))}
    />
  );
}
