// The bulk approval's progress and results dialogs (spec section 4).
import { Button, Dialog, List, Progress, Stack, Text } from '@chakra-ui/react';
import { useRef } from 'react';
import { DialogFrame } from '../../../components/dialog-frame';
import type { Approvals_BulkApprovalFragment } from '../../../gql/graphql';
import { failureLines } from './use-bulk-approval';

/** 'Processing X of Y applications': X is the one being worked on (all of them once done). */
export function processingText(processed: number, total: number, done: boolean): string {
  const current = done ? total : Math.min(processed + 1, total);
  return `Processing ${current} of ${total} applications`;
}

export function BulkProgressDialog(props: { open: boolean; total: number; job: Approvals_BulkApprovalFragment | null }) {
  // While it closes, the dialog keeps showing where the bulk approval last stood.
  const last = useRef(props);
  if (props.open) last.current = props;
  const { open } = props;
  const { total, job } = last.current;
  const processed = job?.processed ?? 0;
  const done = job?.status === 'COMPLETED';
  const percent = total > 0 ? Math.round((processed / total) * 100) : 0;
  return (
    <DialogFrame role="alertdialog" open={open} title="Approving Applications">
      <Dialog.Body>
        <Stack gap="3" pb="4">
          <Progress.Root value={percent} colorPalette="teal" aria-label="Bulk approval progress">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Text aria-live="polite">{processingText(processed, total, done)}</Text>
          <Text fontSize="sm" color="fg.muted">
            Each application is approved on its own; please keep this page open.
          </Text>
        </Stack>
      </Dialog.Body>
    </DialogFrame>
  );
}

export function BulkResultsDialog({ job: current, onClose }: { job: Approvals_BulkApprovalFragment | null; onClose: () => void }) {
  // While it closes, the dialog keeps its results.
  const last = useRef(current);
  if (current) last.current = current;
  const job = last.current;
  const failures = job ? failureLines(job) : [];
  return (
    <DialogFrame open={!!current} onClose={onClose} title="Bulk Approval Results" closeButton={false}>
      <Dialog.Body>
        {job && (
          <Stack gap="3">
            <Text>
              Approved {job.succeeded.length} of {job.total} applications.
              {failures.length > 0 && ` ${failures.length} failed.`}
            </Text>
            {job.succeeded.length > 0 && (
              <Stack gap="1">
                <Text fontWeight="semibold">Approved</Text>
                <List.Root ps="5" gap="0.5" aria-label="Approved applications">
                  {job.succeeded.map((club) => (
                    <List.Item key={club.id}>{club.name}</List.Item>
                  ))}
                </List.Root>
              </Stack>
            )}
            {failures.length > 0 && (
              <Stack gap="1">
                <Text fontWeight="semibold" color="fg.error">
                  Failed
                </Text>
                <List.Root ps="5" gap="0.5" aria-label="Failed applications">
                  {failures.map((line, index) => (
                    <List.Item key={index}>{line}</List.Item>
                  ))}
                </List.Root>
              </Stack>
            )}
          </Stack>
        )}
      </Dialog.Body>
      <Dialog.Footer>
        <Button colorPalette="teal" onClick={onClose}>
          Close
        </Button>
      </Dialog.Footer>
    </DialogFrame>
  );
}
