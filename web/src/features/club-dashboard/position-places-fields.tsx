import { Field, Input, RadioGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { OFFER_HOURS_MAX, WAITLIST_POLICY_LABELS } from '@clubroom/rules/opportunities-texts';
import { Controller, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import type { WaitlistPolicy } from '../../gql/graphql';
import { PLACES_FORM_TEXTS as T } from './club-dashboard-texts';
import type { PositionFormInput, PositionFormValues } from './position-form-rules';
import { DEFAULT_OFFER_HOURS, wholeNumberIn } from './position-places-rules';

const POLICIES: { value: WaitlistPolicy; label: string }[] = [
  { value: 'AUTOMATIC', label: WAITLIST_POLICY_LABELS.automatic },
  { value: 'OFFER', label: WAITLIST_POLICY_LABELS.offer },
];

interface PositionPlacesFieldsProps {
  control: Control<PositionFormInput, unknown, PositionFormValues>;
  register: UseFormRegister<PositionFormInput>;
  setValue: UseFormSetValue<PositionFormInput>;
  errors: FieldErrors<PositionFormInput>;
}

/** Places (empty: no limit), what happens when a place frees, and how long a timed offer stands
 *  (shown for a timed offer only). */
export function PositionPlacesFields({ control, register, setValue, errors }: PositionPlacesFieldsProps) {
  const policy = useWatch({ control, name: 'waitlistPolicy' });
  const offerHours = useWatch({ control, name: 'offerHours' });
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="start">
        <FormField label={T.places} error={errors.places} helperText={T.placesHelp}>
          <Input type="number" inputMode="numeric" min={1} step={1} placeholder="No limit" {...register('places')} />
        </FormField>
        {policy === 'OFFER' && (
          <FormField label={T.offerHours} error={errors.offerHours} helperText={T.offerHoursHelp}>
            <Input type="number" inputMode="numeric" min={1} step={1} {...register('offerHours')} />
          </FormField>
        )}
      </SimpleGrid>
      <Field.Root invalid={!!errors.waitlistPolicy}>
        <Controller
          control={control}
          name="waitlistPolicy"
          render={({ field }) => (
            <RadioGroup.Root
              name={field.name}
              value={field.value}
              onValueChange={(details) => {
                const chosen = POLICIES.find((item) => item.value === details.value)?.value ?? 'AUTOMATIC';
                field.onChange(chosen);
                // A hidden hours field must not hold the form back with a value nobody sees.
                if (chosen === 'AUTOMATIC' && wholeNumberIn(offerHours ?? '', 1, OFFER_HOURS_MAX) === null) {
                  setValue('offerHours', DEFAULT_OFFER_HOURS, { shouldValidate: false });
                }
              }}
              colorPalette="teal"
              size="sm"
            >
              <RadioGroup.Label fontWeight="medium" mb="2">
                {T.policy}
              </RadioGroup.Label>
              <Stack gap="2">
                {POLICIES.map((item) => (
                  <RadioGroup.Item key={item.value} value={item.value}>
                    <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{item.label}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Stack>
            </RadioGroup.Root>
          )}
        />
        {errors.waitlistPolicy ? <Field.ErrorText>{errors.waitlistPolicy.message}</Field.ErrorText> : <Field.HelperText>{T.policyHelp}</Field.HelperText>}
      </Field.Root>
    </Stack>
  );
}
