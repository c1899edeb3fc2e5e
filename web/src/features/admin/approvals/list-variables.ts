// The list's filters (the query string's shape, admin.rules.ts) as the API's arguments.
import type { ApplicationListFilters } from '@clubroom/rules/admin';
import type {
  ApprovalsListQueryVariables,
  ClubApplicationFilterInput,
  ClubApplicationSearchField,
  ClubApplicationSortField,
  ClubApplicationStatusFilter,
} from '../../../gql/graphql';

const SORT_FIELDS: Record<ApplicationListFilters['sort_by'], ClubApplicationSortField> = {
  name: 'NAME',
  created_at: 'CREATED_AT',
  application_status: 'APPLICATION_STATUS',
  location: 'LOCATION',
};

export function filterInput(f: ApplicationListFilters): ClubApplicationFilterInput {
  return {
    status: f.status.toUpperCase() as ClubApplicationStatusFilter,
    search: f.search.trim() || null,
    searchFields: f.search_fields.map((field) => field.toUpperCase() as ClubApplicationSearchField),
    submittedFrom: f.date_from,
    submittedTo: f.date_to,
    location: f.location.trim() || null,
  };
}

export function listVariables(f: ApplicationListFilters): ApprovalsListQueryVariables {
  return {
    filter: filterInput(f),
    sort: { field: SORT_FIELDS[f.sort_by], direction: f.sort_order === 'asc' ? 'ASC' : 'DESC' },
    first: f.limit,
    offset: f.offset,
  };
}
