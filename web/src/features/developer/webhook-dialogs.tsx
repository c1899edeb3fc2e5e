import { Button, Dialog, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { WebhookEndpointKind } from '@clubroom/rules/webhooks';
import { DialogFrame } from '../../components/dialog-frame';
import { FormDialog } from '../../components/form-dialog';
import { notifyError, notifySuccess } from '../../lib/toaster';
import { errorMessageOf } from '../../lib/user-errors';
import { ShownOnceSecret } from './shown-once-secret';
import type { EventKindOption } from './webhook-kinds';
import { WebhookEndpointFormBody } from './webhook-endpoint-form';
import { WEBHOOKS_TEXTS, WEBHOOKS_TOASTS } from './webhooks-texts';
import { useRotateWebhookSecret } from './use-webhooks';

/** The signing secret, shown once. */
function WebhookSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <ShownOnceSecret
      secret={secret}
      label={WEBHOOKS_TEXTS.secretLabel}
      warning={WEBHOOKS_TEXTS.secretWarning}
      helperText={WEBHOOKS_TEXTS.secretHelp}
      copied={WEBHOOKS_TOASTS.copied}
      copyFailed={WEBHOOKS_TOASTS.copyFailed}
      onDone={onDone}
    />
  );
}

interface CreateWebhookDialogProps {
  open: boolean;
  onClose: () => void;
  options: readonly EventKindOption[];
  kinds: readonly WebhookEndpointKind[];
  clubName: string | null;
}

/** New endpoint: the form, then its signing secret (shown once). */
export function CreateWebhookDialog({ open, onClose, ...form }: CreateWebhookDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title={WEBHOOKS_TEXTS.createTitle}>
      <CreateWebhookSteps {...form} onDone={onClose} />
    </FormDialog>
  );
}

function CreateWebhookSteps({ onDone, ...form }: Omit<CreateWebhookDialogProps, 'open' | 'onClose'> & { onDone: () => void }) {
  const [secret, setSecret] = useState<string>();
  return secret ? <WebhookSecret secret={secret} onDone={onDone} /> : <WebhookEndpointFormBody {...form} onSaved={setSecret} />;
}

export interface EditableEndpoint {
  id: string;
  kind: WebhookEndpointKind;
  url: string;
  eventKinds: readonly string[];
  description: string;
}

/** Edit: URL, event kinds and description (the kind stays). */
export function EditWebhookDialog({ endpoint, options, clubName, onClose }: { endpoint: EditableEndpoint | null; options: readonly EventKindOption[]; clubName: string | null; onClose: () => void }) {
  return (
    <FormDialog open={endpoint !== null} onClose={onClose} title={WEBHOOKS_TEXTS.editTitle}>
      {endpoint && <WebhookEndpointFormBody options={options} kinds={[endpoint.kind]} clubName={clubName} endpoint={endpoint} onSaved={onClose} />}
    </FormDialog>
  );
}

/** Rotate: asks (explaining the grace period), then shows the new secret once. */
export function RotateSecretDialog({ endpoint, onClose }: { endpoint: { id: string; url: string } | null; onClose: () => void }) {
  const [secret, setSecret] = useState<string>();
  const { rotate, rotating } = useRotateWebhookSecret();
  const close = () => {
    setSecret(undefined);
    onClose();
  };
  const onConfirm = async () => {
    if (!endpoint) return;
    try {
      setSecret(await rotate(endpoint.id));
      notifySuccess(WEBHOOKS_TOASTS.rotated);
    } catch (error) {
      console.error('Rotating the webhook secret failed:', error);
      notifyError(WEBHOOKS_TOASTS.rotateFailed, errorMessageOf(error));
    }
  };
  return (
    <DialogFrame
      role={secret ? 'dialog' : 'alertdialog'}
      open={endpoint !== null}
      onClose={rotating ? undefined : close}
      title={secret ? WEBHOOKS_TEXTS.rotatedTitle : WEBHOOKS_TEXTS.rotateTitle}
      size="lg"
      closeButton={!!secret}
    >
      {secret ? (
        <WebhookSecret secret={secret} onDone={close} />
      ) : (
        <>
          <Dialog.Body>
            <Text>{WEBHOOKS_TEXTS.rotateQuestion}</Text>
            <Text mt="2" fontWeight="semibold" wordBreak="break-all">
              {endpoint?.url}
            </Text>
          </Dialog.Body>
          <Dialog.Footer>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Cancel</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="teal" loading={rotating} loadingText="Rotating..." onClick={() => void onConfirm()}>
              Rotate secret
            </Button>
          </Dialog.Footer>
        </>
      )}
    </DialogFrame>
  );
}
