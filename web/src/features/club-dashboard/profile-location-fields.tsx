import { Input, SimpleGrid } from '@chakra-ui/react';
import { memo } from 'react';
import { useFormState } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import type { ProfileFieldsProps } from './profile-form-values';

/** Where the club meets. */
export const ProfileLocationFields = memo(function ProfileLocationFields({ register, control }: ProfileFieldsProps) {
  const { errors } = useFormState({ control });
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label="Address" error={errors.address}>
        <Input autoComplete="street-address" {...register('address')} />
      </FormField>
      <FormField label="City" error={errors.city}>
        <Input autoComplete="address-level2" {...register('city')} />
      </FormField>
      <FormField label="Postcode" error={errors.postcode}>
        <Input autoComplete="postal-code" {...register('postcode')} />
      </FormField>
      <FormField label="What3Words" error={errors.what3words}>
        <Input placeholder="///word.word.word" autoCapitalize="none" {...register('what3words')} />
      </FormField>
      <FormField label="Google Maps URL" error={errors.googleMapsUrl}>
        <Input type="url" inputMode="url" placeholder="https://maps.google.com/..." {...register('googleMapsUrl')} />
      </FormField>
    </SimpleGrid>
  );
});
