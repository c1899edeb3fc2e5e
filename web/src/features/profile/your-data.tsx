import { Button, HStack, Link, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { useEffect, useId } from 'react';
import { LoadError } from '../../components/load-error';
import { SectionCard } from '../../components/section-card';
import type { YourData_DataExportFragment } from '../../gql/graphql';
import { formatDateTime, formatFileSize } from '../../lib/format';
import { useRequestDataExport } from './use-request-data-export';
import { MyDataExportsDocument } from './your-data.generated';
import { YOUR_DATA_TEXTS as T } from './your-data-texts';

/** How often the list asks again while an archive is being built (a few seconds, usually). */
const DATA_EXPORT_POLL_MS = 3_000;

/** 'Your data': Download my data, and the member's archives (the newest 10) with their links. */
export function YourData() {
  const { request, requesting } = useRequestDataExport();
  return (
    <SectionCard level="h2" title={T.heading} description={T.text}>
      <Stack gap="4">
        <Button alignSelf="flex-start" loading={requesting} loadingText={T.requesting} onClick={() => void request()}>
          {T.request}
        </Button>
        <DataExportList />
      </Stack>
    </SectionCard>
  );
}

function DataExportList() {
  const { data, loading, error, refetch, startPolling, stopPolling } = useQuery(MyDataExportsDocument);
  const exports = data?.myDataExports;
  const pending = exports?.some((row) => row.status === 'PENDING') ?? false;

  // Polls only while an archive is being prepared (a new one joins the list from the request).
  useEffect(() => {
    if (!pending) return;
    startPolling(DATA_EXPORT_POLL_MS);
    return () => stopPolling();
  }, [pending, startPolling, stopPolling]);

  if (!exports) {
    if (error && !loading) {
      return <LoadError title={T.loadFailed} onRetry={() => refetch().catch((cause: unknown) => console.error('Data exports reload failed:', cause))} />;
    }
    return (
      <HStack role="status" gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text textStyle="sm">Loading...</Text>
      </HStack>
    );
  }
  if (exports.length === 0) {
    return (
      <Text color="fg.muted" textStyle="sm">
        {T.empty}
      </Text>
    );
  }
  return (
    <List.Root variant="plain" aria-label={T.listName} gap="0">
      {exports.map((row) => (
        <DataExportRow key={row.id} row={row} />
      ))}
    </List.Root>
  );
}

/** What an archive's row says of where it stands. */
function statusText(row: YourData_DataExportFragment): string {
  if (row.status === 'PENDING') return T.pending;
  // A ready archive past its end has no link any more (the expiry job has not run yet).
  if (row.status === 'READY' && row.downloadUrl && row.expiresAt) return T.ready(formatDateTime(row.expiresAt));
  return T.expired;
}

function DataExportRow({ row }: { row: YourData_DataExportFragment }) {
  const askedId = useId();
  const downloadUrl = row.status === 'READY' ? row.downloadUrl : null;
  return (
    <List.Item borderTopWidth="1px" py="3">
      <HStack justify="space-between" gap="4" flexWrap="wrap" width="full">
        <Stack gap="0.5">
          <Text fontWeight="medium" id={askedId}>
            {T.askedFor(formatDateTime(row.requestedAt))}
          </Text>
          <HStack gap="2" color="fg.muted" textStyle="sm">
            {row.status === 'PENDING' && <Spinner size="xs" aria-hidden="true" />}
            <Text>
              {statusText(row)}
              {downloadUrl && row.sizeBytes !== null && ` · ${formatFileSize(row.sizeBytes)}`}
            </Text>
          </HStack>
        </Stack>
        {downloadUrl && (
          // A plain link: the signed address answers the .zip as an attachment, no sign-in needed.
          <Link href={downloadUrl} download colorPalette="teal" variant="underline" aria-describedby={askedId}>
            {T.download}
          </Link>
        )}
      </HStack>
    </List.Item>
  );
}
