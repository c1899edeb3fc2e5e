import { useQuery } from '@apollo/client/react';
import { Container } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { VolunteerApplicationDetailDocument } from './volunteer.generated';
import { ApplicationView } from './application-view';
import { ApplicationNotFound } from './not-found-panel';
import { isGlobalId } from './volunteer-format';

/** /applications/:id (signed in): one application with its history, for its volunteer and for
 *  its club; 'Application not found' for anyone else. */
export default function ApplicationPage() {
  const { id } = useParams();
  if (!isGlobalId(id)) return <ApplicationNotFound />;
  return <ApplicationLoader key={id} id={id} />;
}

function ApplicationLoader({ id }: { id: string }) {
  // Always asked again: the other side may have changed it (a live notification refetches it too).
  const { data, error, refetch } = useQuery(VolunteerApplicationDetailDocument, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    context: { silent: true },
  });
  if (data && !data.volunteerApplication) return <ApplicationNotFound />;
  const application = data?.volunteerApplication;
  if (!application) {
    if (error) {
      console.error('Loading the application failed:', error);
      return (
        <Container maxW="4xl" py="10">
          <LoadError title="The application could not be loaded." onRetry={() => refetch().catch(() => undefined)} />
        </Container>
      );
    }
    return <PageSpinner />;
  }
  return <ApplicationView application={application} />;
}
