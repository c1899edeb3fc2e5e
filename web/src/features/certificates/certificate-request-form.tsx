import { Box, Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { certificateRequestRules, todayUtc, type CertificateRequestValues } from '@clubroom/rules/certificates';
import { FormField } from '../../components/form-field';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf, fieldErrorsOf } from '../../lib/user-errors';
import { useRulesForm } from '../../lib/use-rules-form';
import { CERTIFICATES_TEXTS as T } from './certificates-texts';
import { useRequestCertificate } from './use-request-certificate';

type FormValues = { clubId?: string | null; fromDate: string; toDate: string };

/** The club (all, or one with approved hours) and the period; the same rules the server applies. */
export function CertificateRequestForm({ clubs }: { clubs: ReadonlyArray<{ id: string; name: string }> }) {
  const { request } = useRequestCertificate();
  const today = todayUtc();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useRulesForm<FormValues, CertificateRequestValues>(certificateRequestRules, { clubId: '', fromDate: `${today.slice(0, 4)}-01-01`, toDate: today });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await request({ clubId: values.clubId || null, fromDate: values.fromDate, toDate: values.toDate });
      notifySuccess(T.requested);
    } catch (error) {
      console.error('Asking for a certificate failed:', error);
      const applied = applyServerFieldErrors(fieldErrorsOf(error), setError, { clubId: 'clubId', fromDate: 'fromDate', toDate: 'toDate' });
      if (applied.length === 0) notifyError(T.failedTitle, errorMessageOf(error) ?? T.failed);
    }
  });

  if (clubs.length === 0) return <Text color="fg.muted">{T.noHoursYet}</Text>;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormField label={T.club} error={errors.clubId}>
          <NativeSelect.Root>
            <NativeSelect.Field {...register('clubId')}>
              <option value="">{T.allClubs}</option>
              {clubs.map((club) => (
                <option key={club.id} value={club.id}>
                  {club.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        <HStack gap="4" alignItems="flex-start" flexWrap="wrap">
          <Box flex="1" minW="48">
            <FormField label={T.from} error={errors.fromDate}>
              <Input type="date" max={today} {...register('fromDate')} />
            </FormField>
          </Box>
          <Box flex="1" minW="48">
            <FormField label={T.to} error={errors.toDate}>
              <Input type="date" max={today} {...register('toDate')} />
            </FormField>
          </Box>
        </HStack>
        <Button type="submit" alignSelf="flex-start" colorPalette="teal" loading={isSubmitting} loadingText={T.submitting}>
          {T.submit}
        </Button>
      </Stack>
    </form>
  );
}
