import { Alert, Button, Dialog, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { DEVELOPER_TEXTS, DEVELOPER_TOASTS } from './developer-texts';

/** The new token's secret, shown this once, with a copy button. */
export function TokenSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notifySuccess(DEVELOPER_TOASTS.copied);
    } catch (error) {
      console.error('Copying the API token failed:', error);
      notifyError(DEVELOPER_TOASTS.copyFailed);
    }
  };
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{DEVELOPER_TEXTS.secretWarning}</Alert.Description>
          </Alert.Root>
          <Field.Root>
            <Field.Label>{DEVELOPER_TEXTS.secretLabel}</Field.Label>
            <HStack width="full">
              <Input readOnly value={secret} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
              <Button variant="outline" onClick={() => void copy()}>
                Copy
              </Button>
            </HStack>
            <Field.HelperText>Send it as the header Authorization: Bearer followed by the token.</Field.HelperText>
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="teal" onClick={onDone}>
          Done
        </Button>
      </Dialog.Footer>
    </>
  );
}
