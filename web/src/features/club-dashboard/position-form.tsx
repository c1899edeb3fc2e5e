import { Dialog, Input, SimpleGrid, Stack, Switch, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Path } from 'react-hook-form';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import type { ClubDashboard_PositionFragment } from '../../gql/graphql';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { SkillsInput } from '../../components/skills-input';
import { POSITION_TOASTS } from './club-dashboard-texts';
import { positionFormRules, type PositionFormInput } from './position-form-rules';
import { PositionPlacesFields } from './position-places-fields';
import { positionPlacesDefaults } from './position-places-rules';
import { useCreatePosition, useUpdatePosition } from './use-position-actions';
import { RequiredCheckField } from '../safeguarding/required-check-field';

const FIELD_NAMES = Object.fromEntries(Object.keys(positionFormRules.shape).map((name) => [name, name])) as Record<
  string,
  Path<PositionFormInput>
>;

/** The server names a skill's error by its place ('requiredSkills.3'): the list shows it. */
function byField(fields: Record<string, string> | undefined): Record<string, string> | undefined {
  if (!fields) return fields;
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = name.split('.')[0]!;
    if (!(field in out)) out[field] = message;
  }
  return out;
}

interface PositionFormProps {
  /** The position being edited; absent for a new one. */
  position?: ClubDashboard_PositionFragment;
  onSaved: () => void;
}

/** The position dialog's body and footer: the position's fields, Cancel and 'Save Position'. */
export function PositionForm({ position, onSaved }: PositionFormProps) {
  const create = useCreatePosition();
  const update = useUpdatePosition();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(positionFormRules),
    mode: 'onSubmit',
    defaultValues: {
      title: position?.title ?? '',
      description: position?.description ?? '',
      responsibilities: position?.responsibilities ?? '',
      requirements: position?.requirements ?? '',
      timeCommitment: position?.timeCommitment ?? '',
      location: position?.location ?? '',
      contactInfo: position?.contactInfo ?? '',
      requiredSkills: position?.requiredSkills ?? [],
      startDate: position?.startDate ?? '',
      isRecurring: position?.isRecurring ?? false,
      requiredCheckId: position?.requiredCheck?.id ?? '',
      ...positionPlacesDefaults(position),
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
      applyServerFieldErrors(byField(fieldErrorsOf(error)), setError, FIELD_NAMES);
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
          <Controller
            control={control}
            name="requiredSkills"
            render={({ field, fieldState }) => (
              <SkillsInput
                label="Required Skills"
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={fieldState.error}
                placeholder={(field.value ?? []).length === 0 ? 'Type a skill and press Enter' : 'Add another'}
                helperText="Press Enter after each skill. Volunteers can search by these."
                listLabel="Required Skills"
                emptyText={null}
              />
            )}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" alignItems="end">
            <FormField label="Start Date" error={errors.startDate}>
              <Input type="date" {...register('startDate')} />
            </FormField>
            <Controller
              control={control}
              name="isRecurring"
              render={({ field }) => (
                <Switch.Root
                  checked={field.value}
                  onCheckedChange={(details) => field.onChange(details.checked)}
                  colorPalette="teal"
                  pb="2"
                >
                  <Switch.HiddenInput onBlur={field.onBlur} />
                  <Switch.Control />
                  <Switch.Label>Recurring role</Switch.Label>
                </Switch.Root>
              )}
            />
          </SimpleGrid>
          <RequiredCheckField registration={register('requiredCheckId')} error={errors.requiredCheckId} current={position?.requiredCheck} />
          <PositionPlacesFields control={control} register={register} setValue={setValue} errors={errors} />
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Save Position" busyLabel="Saving..." busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
