import { Button, Dialog, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import {
  volunteerPositionRules,
  type VolunteerPositionInput as PositionFormValues,
} from '../../../../server/src/modules/clubs/clubs.rules';
import { FormField } from '../../components/form-field';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { POSITION_TOASTS } from './club-dashboard-texts';
import { useCreatePosition, useUpdatePosition } from './use-position-actions';

const FIELD_NAMES = Object.fromEntries(Object.keys(volunteerPositionRules.shape).map((name) => [name, name])) as Record<
  string,
  Path<PositionFormValues>
>;

interface PositionFormProps {
  /** The position being edited; absent for a new one. */
  position?: ClubDashboard_PositionFragment;
  onSaved: () => void;
}

/** The position dialog's body and footer: seven fields, Cancel and 'Save Position'. */
export function PositionForm({ position, onSaved }: PositionFormProps) {
  const create = useCreatePosition();
  const update = useUpdatePosition();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(volunteerPositionRules),
    mode: 'onSubmit',
    defaultValues: {
      title: position?.title ?? '',
      description: position?.description ?? '',
      responsibilities: position?.responsibilities ?? '',
      requirements: position?.requirements ?? '',
      timeCommitment: position?.timeCommitment ?? '',
      location: position?.location ?? '',
      contactInfo: position?.contactInfo ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (position) await update(position.id, values);
      else await create(values);
      notifySuccess(position ? POSITION_TOASTS.updated : POSITION_TOASTS.created);
      onSaved();
    } catch (error) {
      console.error('Saving the volunteer position failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, FIELD_NAMES);
      notifyError(POSITION_TOASTS.saveFailed, errorMessageOf(error));
    }
  });

  return (
    // 'contents' keeps Body and Footer the dialog's own flex children, so the body scrolls inside.
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          <FormField label="Title" error={errors.title}>
            <Input autoComplete="off" placeholder="e.g. Junior coach" {...register('title')} />
          </FormField>
          <FormField label="Description" error={errors.description}>
            <Textarea rows={4} {...register('description')} />
          </FormField>
          <FormField label="Responsibilities" error={errors.responsibilities}>
            <Textarea rows={3} {...register('responsibilities')} />
          </FormField>
          <FormField label="Requirements" error={errors.requirements}>
            <Textarea rows={3} {...register('requirements')} />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField label="Time Commitment" error={errors.timeCommitment}>
              <Input placeholder="e.g. 2 hours a week" {...register('timeCommitment')} />
            </FormField>
            <FormField label="Location" error={errors.location}>
              <Input {...register('location')} />
            </FormField>
          </SimpleGrid>
          <FormField label="Contact Info" error={errors.contactInfo}>
            <Input placeholder="Who to ask and how" {...register('contactInfo')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">Cancel</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="teal" loading={isSubmitting} loadingText="Saving...">
          Save Position
        </Button>
      </Dialog.Footer>
    </form>
  );
}
