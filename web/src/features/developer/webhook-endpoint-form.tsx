import { Box, chakra, Dialog, Fieldset, HStack, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { WEBHOOK_DESCRIPTION_MAX, type WebhookEndpointKind } from '@clubroom/rules/webhooks';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import type { WebhookEndpointKind as ApiEndpointKind } from '../../gql/graphql';
import { applyServerFieldErrors, fieldMessages } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { eventKindsFor, keepAllowedKinds, webhookEndpointFormRules, type EventKindOption, type WebhookEndpointForm } from './webhook-kinds';
import { WEBHOOK_KIND_LABELS, WEBHOOKS_TEXTS, WEBHOOKS_TOASTS } from './webhooks-texts';
import { useCreateWebhookEndpoint, useUpdateWebhookEndpoint } from './use-webhooks';

const FIELD_NAMES: Record<string, Path<WebhookEndpointForm>> = { url: 'url', eventKinds: 'eventKinds', description: 'description', kind: 'kind' };

interface WebhookEndpointFormProps {
  /** The event kinds the API lists. */
  options: readonly EventKindOption[];
  /** Create: the endpoint kinds the viewer may choose from. */
  kinds: readonly WebhookEndpointKind[];
  /** The viewer's club, named beside the club kind. */
  clubName?: string | null;
  /** Edit: the endpoint as it is (its kind stays). */
  endpoint?: { id: string; kind: WebhookEndpointKind; url: string; eventKinds: readonly string[]; description: string };
  /** Create: the signing secret; edit: nothing. */
  onSaved: (secret?: string) => void;
}

/** URL, endpoint kind (on creation), event kinds and description: the rules the server applies. */
export function WebhookEndpointFormBody({ options, kinds, clubName, endpoint, onSaved }: WebhookEndpointFormProps) {
  const create = useCreateWebhookEndpoint();
  const update = useUpdateWebhookEndpoint();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<WebhookEndpointForm>({
    resolver: zodResolver(webhookEndpointFormRules),
    criteriaMode: 'all',
    defaultValues: endpoint
      ? { kind: endpoint.kind, url: endpoint.url, eventKinds: [...endpoint.eventKinds], description: endpoint.description }
      : { kind: kinds[0] ?? 'member', url: '', eventKinds: [], description: '' },
  });
  const kind = watch('kind');
  const choices = eventKindsFor(kind, options);

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (endpoint) {
        await update({ id: endpoint.id, url: values.url, eventKinds: values.eventKinds, description: values.description });
        notifySuccess(WEBHOOKS_TOASTS.updated);
        onSaved();
      } else {
        const { secret } = await create({ kind: values.kind.toUpperCase() as ApiEndpointKind, url: values.url, eventKinds: values.eventKinds, description: values.description });
        notifySuccess(WEBHOOKS_TOASTS.created);
        onSaved(secret);
      }
    } catch (error) {
      console.error(endpoint ? 'Saving the webhook endpoint failed:' : 'Creating the webhook endpoint failed:', error);
      applyServerFieldErrors(fieldErrorsOf(error), setError, FIELD_NAMES);
      notifyError(endpoint ? WEBHOOKS_TOASTS.updateFailed : WEBHOOKS_TOASTS.createFailed, errorMessageOf(error));
    }
  });

  const kindsMessages = fieldMessages(errors.eventKinds as Parameters<typeof fieldMessages>[0]);
  const kindLabel = (value: WebhookEndpointKind) => (value === 'club' && clubName ? `${WEBHOOK_KIND_LABELS.club.label}: ${clubName}` : WEBHOOK_KIND_LABELS[value].label);
  const kindField = register('kind');

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="5">
          <FormField label={WEBHOOKS_TEXTS.urlLabel} error={errors.url} helperText={WEBHOOKS_TEXTS.urlHelp}>
            <Input type="url" inputMode="url" autoComplete="off" placeholder="https://example.com/webhooks/clubroom" {...register('url')} />
          </FormField>
          {endpoint ? (
            <Box>
              <Text fontWeight="medium" textStyle="sm">
                {WEBHOOKS_TEXTS.kindLabel}
              </Text>
              <Text>{kindLabel(endpoint.kind)}</Text>
            </Box>
          ) : (
            <FormField label={WEBHOOKS_TEXTS.kindLabel} error={errors.kind} helperText={WEBHOOK_KIND_LABELS[kind].help}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  {...kindField}
                  onChange={(event) => {
                    void kindField.onChange(event);
                    const next = event.target.value as WebhookEndpointKind;
                    setValue('eventKinds', keepAllowedKinds(getValues('eventKinds'), next, options));
                  }}
                >
                  {kinds.map((value) => (
                    <option key={value} value={value}>
                      {kindLabel(value)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          )}
          <Fieldset.Root invalid={kindsMessages.length > 0}>
            <Fieldset.Legend>{WEBHOOKS_TEXTS.eventKindsLegend}</Fieldset.Legend>
            <Fieldset.HelperText>{WEBHOOKS_TEXTS.eventKindsHelp}</Fieldset.HelperText>
            <Stack gap="3" mt="2">
              {choices.map((option) => (
                <HStack as="label" key={option.name} gap="3" alignItems="flex-start" cursor="pointer">
                  <chakra.input type="checkbox" value={option.name} boxSize="4" mt="1" accentColor="teal.solid" {...register('eventKinds')} />
                  <Box>
                    <Text fontFamily="mono" fontWeight="semibold">
                      {option.name}
                    </Text>
                    {option.description && (
                      <Text textStyle="sm" color="fg.muted">
                        {option.description}
                      </Text>
                    )}
                  </Box>
                </HStack>
              ))}
            </Stack>
            <Fieldset.ErrorText>{kindsMessages.join(' ')}</Fieldset.ErrorText>
          </Fieldset.Root>
          <FormField label={WEBHOOKS_TEXTS.descriptionLabel} error={errors.description} helperText={WEBHOOKS_TEXTS.descriptionHelp}>
            <Textarea rows={2} maxLength={WEBHOOK_DESCRIPTION_MAX} {...register('description')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter
        submitLabel={endpoint ? 'Save endpoint' : 'Create endpoint'}
        busyLabel={endpoint ? 'Saving...' : 'Creating...'}
        busy={isSubmitting}
        colorPalette="teal"
      />
    </form>
  );
}
