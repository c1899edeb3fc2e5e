// The approvals' skeletons are the shared ones (components/skeletons).
export { DashboardSkeleton, DetailSkeleton, TableSkeleton } from '../../../components/skeletons';
