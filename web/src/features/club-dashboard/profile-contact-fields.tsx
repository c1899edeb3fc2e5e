import { Input, SimpleGrid } from '@chakra-ui/react';
import { memo } from 'react';
import { useFormState } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import type { ProfileFieldsProps } from './profile-form-values';

/** Website, email, phone and the social links. */
export const ProfileContactFields = memo(function ProfileContactFields({ register, control }: ProfileFieldsProps) {
  const { errors } = useFormState({ control });
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <FormField label="Website" error={errors.websiteUrl}>
        <Input type="url" inputMode="url" placeholder="https://example.com" {...register('websiteUrl')} />
      </FormField>
      <FormField label="Contact Email" error={errors.contactEmail}>
        <Input type="email" autoComplete="email" {...register('contactEmail')} />
      </FormField>
      <FormField label="Contact Phone" error={errors.contactPhone}>
        <Input type="tel" autoComplete="tel" {...register('contactPhone')} />
      </FormField>
      <FormField label="Facebook URL" error={errors.facebookUrl}>
        <Input type="url" inputMode="url" placeholder="https://facebook.com/yourclub" {...register('facebookUrl')} />
      </FormField>
      <FormField label="Instagram URL" error={errors.instagramUrl}>
        <Input type="url" inputMode="url" placeholder="https://instagram.com/yourclub" {...register('instagramUrl')} />
      </FormField>
      <FormField label="Twitter/X URL" error={errors.twitterUrl}>
        <Input type="url" inputMode="url" placeholder="https://x.com/yourclub" {...register('twitterUrl')} />
      </FormField>
    </SimpleGrid>
  );
});
