import { Alert, Button, Dialog, Field, HStack, Input, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { notifyError, notifySuccess } from '../../lib/toaster';

export interface ShownOnceSecretProps {
  secret: string;
  /** The field's label, e.g. 'Your new API token'. */
  label: string;
  /** Why it must be copied now. */
  warning: string;
  /** How to use it. */
  helperText?: ReactNode;
  /** The toasts after Copy. */
  copied: string;
  copyFailed: string;
  onDone: () => void;
}

/** A secret shown this once (an API token, a webhook signing secret), with a copy button and the
 *  warning that it cannot be seen again. */
export function ShownOnceSecret({ secret, label, warning, helperText, copied, copyFailed, onDone }: ShownOnceSecretProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      notifySuccess(copied);
    } catch (error) {
      // The error only: never the secret.
      console.error(`Copying (${label}) failed:`, error);
      notifyError(copyFailed);
    }
  };
  return (
    <>
      <Dialog.Body>
        <Stack gap="4">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{warning}</Alert.Description>
          </Alert.Root>
          <Field.Root>
            <Field.Label>{label}</Field.Label>
            <HStack width="full">
              <Input readOnly value={secret} fontFamily="mono" onFocus={(event) => event.currentTarget.select()} />
              <Button variant="outline" onClick={() => void copy()}>
                Copy
              </Button>
            </HStack>
            {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
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
