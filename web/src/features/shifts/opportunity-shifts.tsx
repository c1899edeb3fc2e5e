import { LazyIsland } from '../../components/lazy-island';
import { lazyWithApollo } from '../../lib/apollo-island';
import { useHydrated } from '../../lib/use-hydrated';

// The list and the GraphQL client it reads with load once the page runs in the browser, after it
// has painted and hydrated: the server's HTML stays the same for every visitor (the shifts'
// places change by the minute), and the page's first download carries neither.
const OpportunityShiftsList = lazyWithApollo(() => import('./opportunity-shifts-list').then((module) => module.OpportunityShiftsList));

/** The opportunity page's 'Shifts': the position's upcoming open shifts with their places left. */
export function OpportunityShifts({ positionId }: { positionId: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <LazyIsland>
      <OpportunityShiftsList positionId={positionId} />
    </LazyIsland>
  );
}
