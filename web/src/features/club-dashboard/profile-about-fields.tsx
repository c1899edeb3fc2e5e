import { Input, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { memo } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import { DESCRIPTION_MAX, SPORT_CATEGORIES } from '@clubroom/rules/clubs-texts';
import { FormField } from '../../components/form-field';
import type { ProfileFieldsProps } from './profile-form-values';

/** Club Name (read-only once the profile is saved), Category and Description with its counter. */
export const ProfileAboutFields = memo(function ProfileAboutFields({
  register,
  control,
  nameLocked,
}: ProfileFieldsProps & { nameLocked: boolean }) {
  const { errors } = useFormState({ control });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const length = description.length;

  return (
    <>
      <FormField
        label="Club Name"
        error={errors.name}
        helperText={nameLocked ? 'The club name cannot be changed once the profile is saved.' : undefined}
      >
        <Input readOnly={nameLocked} aria-readonly={nameLocked} bg={nameLocked ? 'bg.muted' : undefined} {...register('name')} />
      </FormField>
      <FormField label="Category" error={errors.category}>
        <NativeSelect.Root>
          <NativeSelect.Field placeholder="Select a sport category" {...register('category')}>
            {SPORT_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <FormField label="Description" error={errors.description}>
        <Textarea rows={5} placeholder="Tell people about your club" {...register('description')} />
        <Text
          alignSelf="flex-end"
          fontSize="xs"
          color={length > DESCRIPTION_MAX ? 'fg.error' : 'fg.muted'}
          aria-live="polite"
        >
          {length}/{DESCRIPTION_MAX} characters
        </Text>
      </FormField>
    </>
  );
});
