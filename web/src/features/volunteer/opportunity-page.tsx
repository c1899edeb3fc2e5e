import { Container } from '@chakra-ui/react';
import { useParams } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { PageSpinner } from '../../components/page-spinner';
import { OpportunityNotFound } from './not-found-panel';
import { OpportunityView } from './opportunity-view';
import { useOpportunity } from './use-opportunity';
import { isGlobalId } from './volunteer-format';
import { opportunityMeta } from './opportunity-meta';
import { PageMeta } from '../../lib/page-meta';

/** /opportunities/:id: one opportunity, public. */
export default function OpportunityPage() {
  const { id } = useParams();
  if (!isGlobalId(id)) return <OpportunityNotFound />;
  // One instance per opportunity, so moving between them never re-points a mounted query.
  return <OpportunityLoader key={id} id={id} />;
}

function OpportunityLoader({ id }: { id: string }) {
  const { opportunity, notFound, error, retry } = useOpportunity(id);
  if (notFound) return <OpportunityNotFound />;
  if (!opportunity) {
    if (error) {
      return (
        <Container maxW="4xl" py="10">
          <LoadError title="The opportunity could not be loaded." onRetry={retry} />
        </Container>
      );
    }
    return <PageSpinner />;
  }
  return (
    <>
      <PageMeta {...opportunityMeta(opportunity)} />
      <OpportunityView opportunity={opportunity} />
    </>
  );
}
