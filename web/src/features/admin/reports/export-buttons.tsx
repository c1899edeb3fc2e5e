import { Button, HStack, Stack } from '@chakra-ui/react';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { LuDownload } from 'react-icons/lu';
import { SectionCard } from '../../../components/section-card';
import type { ExportFormat } from '../../../gql/graphql';
import { AdminExportClubApplicationsDocument, AdminExportStatisticsDocument } from '../admin-reports.generated';
import { SelectField } from '../../../components/select-field';
import { EXPORT_FORMATS } from './report-texts';
import { useExport } from './use-export';

interface ExportButtonsProps {
  from: string;
  to: string | null;
}

/** Statistics & Reports' exports of the chosen period: the applications (with their history and
 *  notes) and the statistics. */
export function ExportButtons({ from, to }: ExportButtonsProps) {
  const [format, setFormat] = useState<ExportFormat>('XLSX');
  const { exporting, run } = useExport();
  const [exportApplications] = useMutation(AdminExportClubApplicationsDocument, { context: { silent: true } });
  const [exportStatistics] = useMutation(AdminExportStatisticsDocument, { context: { silent: true } });

  return (
    <SectionCard title="Export Reports" description="Files cover the chosen period.">
      <Stack gap="4">
        <SelectField label="Export format" value={format} options={EXPORT_FORMATS} onChange={setFormat} maxW="xs" />
        <HStack gap="3" flexWrap="wrap">
          <Button
            variant="outline"
            loading={exporting === 'applications'}
            loadingText="Exporting..."
            disabled={exporting !== null}
            onClick={() =>
              void run('applications', async () => {
                const { data } = await exportApplications({
                  variables: { input: { format, from, to, status: 'ALL', includeHistory: true, includeAdminNotes: true } },
                });
                return data?.exportClubApplications;
              })
            }
          >
            <LuDownload aria-hidden /> Export Applications
          </Button>
          <Button
            variant="outline"
            loading={exporting === 'statistics'}
            loadingText="Exporting..."
            disabled={exporting !== null}
            onClick={() =>
              void run('statistics', async () => {
                const { data } = await exportStatistics({ variables: { input: { format, from, to } } });
                return data?.exportClubApplicationStatistics;
              })
            }
          >
            <LuDownload aria-hidden /> Export Statistics
          </Button>
        </HStack>
      </Stack>
    </SectionCard>
  );
}
