// The Admin Activity dashboard's summary cards (administration spec, section 2).
import type { AdminActivityReportQuery } from '../../../gql/graphql';

type Metrics = AdminActivityReportQuery['adminActivity']['nodes'][number];

/** The administrator with the most actions (the first of equals), or null. */
export function topPerformer(metrics: readonly Metrics[]): Metrics | null {
  return metrics.reduce<Metrics | null>((best, m) => (best === null || m.totalActions > best.totalActions ? m : best), null);
}

/** The mean of the administrators' average processing times, over those who have one; null when none has. */
export function meanProcessingHours(metrics: readonly Metrics[]): number | null {
  const hours = metrics.map((m) => m.averageProcessingTimeHours).filter((h): h is number => h != null);
  return hours.length === 0 ? null : hours.reduce((sum, h) => sum + h, 0) / hours.length;
}
