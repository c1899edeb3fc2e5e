// The relations a list of checks or positions can ask for, each one statement per request
// whatever the list's length.
import DataLoader from 'dataloader';
import type { CheckKindRow } from '../../db/schema/index.js';
import type { CheckKindsService } from './check-kinds.service.js';
import type { CheckReviewsService, CheckVerificationRow } from './check-reviews.service.js';

export interface SafeguardingLoaders {
  /** A check kind by id, retired or not. */
  checkKind: DataLoader<string, CheckKindRow | null>;
  /** Every verification of a check (callers filter: visibleVerifications). */
  checkVerifications: DataLoader<string, CheckVerificationRow[]>;
}

export function createSafeguardingLoaders(checkKinds: CheckKindsService, checkReviews: CheckReviewsService): SafeguardingLoaders {
  return {
    checkKind: new DataLoader(async (ids) => {
      const byId = new Map((await checkKinds.kindsByIds(ids)).map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    checkVerifications: new DataLoader(async (ids) => {
      const byCheck = await checkReviews.verificationsOf(ids);
      return ids.map((id) => byCheck.get(id) ?? []);
    }),
  };
}

declare module '../../graphql/context.js' {
  interface Loaders extends SafeguardingLoaders {}
}
