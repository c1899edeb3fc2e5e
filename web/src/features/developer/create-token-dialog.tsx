import { useState } from 'react';
import { FormDialog } from '../../components/form-dialog';
import { CreateTokenForm } from './create-token-form';
import { TokenSecret } from './token-secret';

interface CreateTokenDialogProps {
  open: boolean;
  onClose: () => void;
}

/** New token: the form, then the secret (shown once). */
export function CreateTokenDialog({ open, onClose }: CreateTokenDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose} title="New API token">
      <CreateTokenSteps onDone={onClose} />
    </FormDialog>
  );
}

function CreateTokenSteps({ onDone }: { onDone: () => void }) {
  const [secret, setSecret] = useState<string>();
  return secret ? <TokenSecret secret={secret} onDone={onDone} /> : <CreateTokenForm onCreated={setSecret} />;
}
