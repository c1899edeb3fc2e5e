// The list's filter controls, shared by the desktop filter card and the phone's bottom sheet.
import { Field, Fieldset, HStack, Input, Text, chakra } from '@chakra-ui/react';
import {
  APPLICATION_STATUSES,
  LIST_PAGE_SIZES,
  SEARCH_FIELDS,
  SORT_FIELDS,
  type ApplicationListFilters,
  type ApplicationStatusFilter,
  type SearchField,
  type SortField,
} from '@clubroom/rules/admin';
import { DateRangeFields } from '../date-range-fields';
import { SelectField } from '../../../components/select-field';

export const STATUS_OPTION_LABELS: Record<ApplicationStatusFilter, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  all: 'All statuses',
};
const SEARCH_FIELD_LABELS: Record<SearchField, string> = { name: 'Name', email: 'Email', description: 'Description' };
export const SORT_LABELS: Record<SortField, string> = {
  created_at: 'Submitted',
  name: 'Club Name',
  application_status: 'Status',
  location: 'Location',
};

interface FieldsProps {
  draft: ApplicationListFilters;
  update: (patch: Partial<ApplicationListFilters>) => void;
  /** Distinguishes the ids of the desktop card's controls from the bottom sheet's. */
  idPrefix: string;
}

export function StatusSelect({ draft, update, idPrefix }: FieldsProps) {
  return (
    <SelectField
      id={`${idPrefix}-status`}
      label="Status"
      value={draft.status}
      options={APPLICATION_STATUSES.map((status) => ({ value: status, label: STATUS_OPTION_LABELS[status] }))}
      onChange={(status) => update({ status })}
    />
  );
}

/** Where the search looks: at least one of name, email and description. */
export function SearchFieldsChoice({ draft, update, idPrefix }: FieldsProps) {
  const toggle = (field: SearchField, on: boolean) => {
    const next = on ? [...new Set([...draft.search_fields, field])] : draft.search_fields.filter((f) => f !== field);
    if (next.length > 0) update({ search_fields: SEARCH_FIELDS.filter((f) => next.includes(f)) });
  };
  return (
    <Fieldset.Root size="sm">
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        Search in
      </Fieldset.Legend>
      <HStack gap="4" flexWrap="wrap">
        {SEARCH_FIELDS.map((field) => {
          const checked = draft.search_fields.includes(field);
          return (
            <HStack as="label" key={field} gap="1.5" cursor="pointer">
              <chakra.input
                id={`${idPrefix}-in-${field}`}
                type="checkbox"
                boxSize="4"
                accentColor="teal.solid"
                checked={checked}
                // The last field stays: a search has to look somewhere.
                disabled={checked && draft.search_fields.length === 1}
                onChange={(event) => toggle(field, event.target.checked)}
              />
              <Text fontSize="sm">{SEARCH_FIELD_LABELS[field]}</Text>
            </HStack>
          );
        })}
      </HStack>
    </Fieldset.Root>
  );
}

/** Submitted from / to, with the date picker's rules. */
export function SubmittedDates({ draft, update, idPrefix }: FieldsProps) {
  return (
    <DateRangeFields
      labels={{ from: 'Submitted from', to: 'Submitted to' }}
      from={draft.date_from ?? ''}
      to={draft.date_to ?? ''}
      onApply={(from, to) => update({ date_from: from || null, date_to: to || null })}
      idPrefix={idPrefix}
    />
  );
}

export function LocationField({ draft, update, idPrefix }: FieldsProps) {
  return (
    <Field.Root ids={{ control: `${idPrefix}-location` }}>
      <Field.Label>Location</Field.Label>
      <Input size="sm" value={draft.location} placeholder="Town or city" onChange={(event) => update({ location: event.target.value })} />
    </Field.Root>
  );
}

export function SortFields({ draft, update, idPrefix }: FieldsProps) {
  return (
    <>
      <SelectField
        id={`${idPrefix}-sort`}
        label="Sort by"
        value={draft.sort_by}
        options={SORT_FIELDS.map((field) => ({ value: field, label: SORT_LABELS[field] }))}
        onChange={(sort_by) => update({ sort_by })}
      />
      <SelectField
        id={`${idPrefix}-order`}
        label="Order"
        value={draft.sort_order}
        options={[
          { value: 'desc', label: 'Descending' },
          { value: 'asc', label: 'Ascending' },
        ]}
        onChange={(sort_order) => update({ sort_order })}
      />
    </>
  );
}

export function PageSizeSelect({ draft, update, idPrefix }: FieldsProps) {
  return (
    <SelectField
      id={`${idPrefix}-limit`}
      label="Per page"
      value={draft.limit}
      options={LIST_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
      onChange={(limit) => update({ limit })}
    />
  );
}
