import { DEVELOPER_TEXTS, DEVELOPER_TOASTS } from './developer-texts';
import { ShownOnceSecret } from './shown-once-secret';

/** The new token's secret, shown this once, with a copy button. */
export function TokenSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  return (
    <ShownOnceSecret
      secret={secret}
      label={DEVELOPER_TEXTS.secretLabel}
      warning={DEVELOPER_TEXTS.secretWarning}
      helperText="Send it as the header Authorization: Bearer followed by the token."
      copied={DEVELOPER_TOASTS.copied}
      copyFailed={DEVELOPER_TOASTS.copyFailed}
      onDone={onDone}
    />
  );
}
