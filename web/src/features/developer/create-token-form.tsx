import { Box, chakra, Dialog, Fieldset, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type Path } from 'react-hook-form';
import {
  API_SCOPE_GROUPS,
  API_SCOPES,
  TOKEN_MAX_DAYS,
  createApiTokenFormRules,
  endOfLocalDay,
  localDay,
  scopeEnumName,
  type ApiScopeName,
  type CreateApiTokenForm,
} from '@clubroom/rules/tokens';
import { FormField } from '../../components/form-field';
import { FormDialogFooter } from '../../components/form-dialog';
import type { ApiScope } from '../../gql/graphql';
import { applyServerFieldErrors, fieldMessages } from '../../lib/form-errors';
import { graphQLErrorMessage, graphQLFieldErrors } from '../../lib/graphql-field-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { DEVELOPER_TOASTS } from './developer-texts';
import { TokenUserError, useCreateApiToken } from './use-api-tokens';

const FIELD_NAMES: Record<string, Path<CreateApiTokenForm>> = { name: 'name', scopes: 'scopes', expiresAt: 'expiresOn' };

interface CreateTokenFormProps {
  onCreated: (secret: string) => void;
}

/** Name, scopes and an optional expiry date; the same rules the server applies. The scopes and what
 *  each allows are the shared rules' (API_SCOPES), in their groups: the read scopes first. */
export function CreateTokenForm({ onCreated }: CreateTokenFormProps) {
  const create = useCreateApiToken();
  const today = useMemo(() => new Date(), []);
  const rules = useMemo(() => createApiTokenFormRules(today), [today]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateApiTokenForm>({
    resolver: zodResolver(rules),
    criteriaMode: 'all',
    defaultValues: { name: '', scopes: ['read'], expiresOn: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { secret } = await create({
        name: values.name,
        scopes: values.scopes.map((scope) => scopeEnumName(scope as ApiScopeName) as ApiScope),
        expiresAt: values.expiresOn ? endOfLocalDay(values.expiresOn).toISOString() : null,
      });
      notifySuccess(DEVELOPER_TOASTS.created);
      onCreated(secret);
    } catch (error) {
      console.error('Creating the API token failed:', error);
      const fields = error instanceof TokenUserError ? error.fields : graphQLFieldErrors(error);
      applyServerFieldErrors(fields, setError, FIELD_NAMES);
      notifyError(DEVELOPER_TOASTS.createFailed, error instanceof TokenUserError ? error.message : graphQLErrorMessage(error));
    }
  });

  const scopeMessages = fieldMessages(errors.scopes as Parameters<typeof fieldMessages>[0]);
  const first = localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1));
  const last = localDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() + TOKEN_MAX_DAYS));

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="5">
          <FormField label="Token name" error={errors.name} helperText="What the token is for, so you can recognise it later.">
            <Input autoComplete="off" {...register('name')} />
          </FormField>
          <Fieldset.Root invalid={scopeMessages.length > 0}>
            <Fieldset.Legend>Scopes</Fieldset.Legend>
            <Fieldset.HelperText>What the token may do. It never gets more rights than you have.</Fieldset.HelperText>
            <Stack gap="5" mt="2">
              {API_SCOPE_GROUPS.map((group) => (
                <Stack as="fieldset" key={group.title} gap="3" border="0" p="0" m="0" minW="0">
                  <Text as="legend" fontWeight="semibold" textStyle="sm" mb="1">
                    {group.title}
                  </Text>
                  {group.scopes.map((scope) => (
                    <HStack as="label" key={scope} gap="3" alignItems="flex-start" cursor="pointer">
                      <chakra.input type="checkbox" value={scope} boxSize="4" mt="1" accentColor="teal.solid" {...register('scopes')} />
                      <Box>
                        <Text fontFamily="mono" fontWeight="semibold">
                          {scope}
                        </Text>
                        <Text textStyle="sm" color="fg.muted">
                          {API_SCOPES[scope]}
                        </Text>
                      </Box>
                    </HStack>
                  ))}
                </Stack>
              ))}
            </Stack>
            <Fieldset.ErrorText>{scopeMessages.join(' ')}</Fieldset.ErrorText>
          </Fieldset.Root>
          <FormField label="Expires on (optional)" error={errors.expiresOn} helperText="Leave it empty for a token that works until you revoke it.">
            <Input type="date" min={first} max={last} {...register('expiresOn')} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <FormDialogFooter submitLabel="Create token" busyLabel="Creating..." busy={isSubmitting} colorPalette="teal" />
    </form>
  );
}
