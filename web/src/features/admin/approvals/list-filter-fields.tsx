// The list's filter controls, shared by the desktop filter card and the phone's bottom sheet.
import { Field, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import {
  APPLICATION_STATUSES,
  LIST_PAGE_SIZES,
  SEARCH_FIELDS,
  SORT_FIELDS,
  dateRangeError,
  type ApplicationListFilters,
  type ApplicationStatusFilter,
  type SearchField,
  type SortField,
} from '../../../../../server/src/modules/admin/admin.rules';

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

function Select<T extends string | number>({ label, value, options, onChange, id }: { label: string; value: T; options: readonly { value: T; label: string }[]; onChange: (value: T) => void; id: string }) {
  return (
    <Field.Root ids={{ control: id }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={String(value)}
          onChange={(event) => {
            const chosen = options.find((option) => String(option.value) === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
        >
          {options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function StatusSelect({ draft, update, idPrefix }: FieldsProps) {
  return (
    <Select
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

const today = () => format(new Date(), 'yyyy-MM-dd');

/** Submitted from / to (spec section 5): no future day, from not after to. A broken rule is shown
 *  and not applied. */
export function DateRangeFields({ draft, update, idPrefix }: FieldsProps) {
  const [from, setFrom] = useState(draft.date_from ?? '');
  const [to, setTo] = useState(draft.date_to ?? '');
  useEffect(() => setFrom(draft.date_from ?? ''), [draft.date_from]);
  useEffect(() => setTo(draft.date_to ?? ''), [draft.date_to]);
  const max = today();
  const error = dateRangeError(from || null, to || null, max);

  const change = (nextFrom: string, nextTo: string) => {
    setFrom(nextFrom);
    setTo(nextTo);
    if (!dateRangeError(nextFrom || null, nextTo || null, max)) update({ date_from: nextFrom || null, date_to: nextTo || null });
  };

  return (
    <Stack gap="1.5">
      <SimpleGrid columns={2} gap="3" w="full">
        <Field.Root invalid={!!error} ids={{ control: `${idPrefix}-from` }}>
          <Field.Label>Submitted from</Field.Label>
          <Input
            size="sm"
            type="date"
            value={from}
            max={to && to < max ? to : max}
            aria-describedby={error ? `${idPrefix}-dates-error` : undefined}
            onChange={(event) => change(event.target.value, to)}
          />
        </Field.Root>
        <Field.Root invalid={!!error} ids={{ control: `${idPrefix}-to` }}>
          <Field.Label>Submitted to</Field.Label>
          <Input
            size="sm"
            type="date"
            value={to}
            min={from || undefined}
            max={max}
            aria-describedby={error ? `${idPrefix}-dates-error` : undefined}
            onChange={(event) => change(from, event.target.value)}
          />
        </Field.Root>
      </SimpleGrid>
      {error && (
        <Text id={`${idPrefix}-dates-error`} role="alert" fontSize="sm" color="fg.error">
          {error}
        </Text>
      )}
    </Stack>
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
      <Select
        id={`${idPrefix}-sort`}
        label="Sort by"
        value={draft.sort_by}
        options={SORT_FIELDS.map((field) => ({ value: field, label: SORT_LABELS[field] }))}
        onChange={(sort_by) => update({ sort_by })}
      />
      <Select
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
    <Select
      id={`${idPrefix}-limit`}
      label="Per page"
      value={draft.limit}
      options={LIST_PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
      onChange={(limit) => update({ limit })}
    />
  );
}
