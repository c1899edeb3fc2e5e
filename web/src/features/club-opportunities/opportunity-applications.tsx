import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@apollo/client/react';
import { LoadError } from '../../components/load-error';
import { OpportunityApplicationsDocument } from './club-opportunities.generated';
import { ApplicationRow } from './application-row';
import { APPLICATIONS_PAGE_SIZE } from './club-opportunities-texts';
import type { ReviewTarget } from './review-application-dialog';
import type { ReviewDecision } from './use-review-application';

interface OpportunityApplicationsProps {
  positionId: string;
  positionTitle: string;
  onReview: (application: ReviewTarget, decision: ReviewDecision) => void;
}

/** An opportunity's applications, newest first, 20 at a time. */
export function OpportunityApplications({ positionId, positionTitle, onReview }: OpportunityApplicationsProps) {
  const { data, loading, error, refetch, fetchMore } = useQuery(OpportunityApplicationsDocument, {
    variables: { id: positionId, first: APPLICATIONS_PAGE_SIZE, after: null },
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
    context: { silent: true },
  });
  const node = data?.node;
  const connection = node && node.__typename === 'VolunteerPosition' ? node.applications : null;
  const applications = connection?.edges.map((edge) => edge.node) ?? [];

  if (!connection) {
    if (loading) {
      return (
        <Stack role="status" aria-label="Loading applications" align="center" py="4">
          <Spinner size="sm" />
        </Stack>
      );
    }
    return (
      <LoadError
        title="The applications could not be loaded."
        onRetry={error ? () => void refetch().catch((cause: unknown) => console.error('Reloading applications failed:', cause)) : undefined}
      />
    );
  }
  if (applications.length === 0) return <Text color="fg.muted">No applications yet.</Text>;

  return (
    <Stack gap="3">
      <Stack as="ul" listStyleType="none" gap="3" aria-label={`Applications to ${positionTitle}`}>
        {applications.map((application) => (
          <li key={application.id}>
            <ApplicationRow application={application} positionTitle={positionTitle} onReview={onReview} />
          </li>
        ))}
      </Stack>
      {connection.pageInfo.hasNextPage && (
        <Button
          size="sm"
          variant="outline"
          alignSelf="center"
          loading={loading}
          onClick={() =>
            void fetchMore({ variables: { after: connection.pageInfo.endCursor } }).catch((cause: unknown) =>
              console.error('Loading more applications failed:', cause),
            )
          }
        >
          Show more applications
        </Button>
      )}
    </Stack>
  );
}
