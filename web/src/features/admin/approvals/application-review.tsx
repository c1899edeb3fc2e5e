import { useQuery } from '@apollo/client/react';
import { Alert, Box, Button, Heading, HStack, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { LuArrowLeft, LuCheck, LuLayoutDashboard, LuList, LuX } from 'react-icons/lu';
import { useNavigate, useSearchParams } from '../../../lib/navigation';
import { parseListFilters, type ApplicationListFilters } from '@clubroom/rules/admin';
import { LoadError } from '../../../components/load-error';
import { ApprovalsApplicationDocument } from '../admin.generated';
import { useFreshnessPolicy } from '../../../lib/freshness';
import { formatDate } from '../../../lib/format';
import { errorMessageOf } from '../../../lib/user-errors';
import { AccessDenied } from '../admin-access';
import { APPROVALS_PATH, isClubGlobalId, listPath } from '../admin-route';
import { ACCESS_DENIED, DETAIL_MAX_AGE_MS, OFFLINE_NOTICE } from '../admin-texts';
import { useIsMobile } from '../use-is-mobile';
import { useMinLoading } from '../use-min-loading';
import { useOnline } from '../use-online';
import { useLoggedError } from '../use-logged-error';
import { AdminNotesCard, ApplicationDetailsCard, ClubInformationCard, ContactInformationCard } from './application-cards-detail';
import { StatusBadge } from './application-status';
import { ApplicationTimeline } from './application-timeline';
import { DetailSkeleton } from './approvals-skeletons';
import { ApproveDialog, RejectDialog } from './decision-dialogs';
import { ReviewErrorBoundary } from './review-error-boundary';
import { SwipeNavigation } from './swipe-navigation';
import { isForbidden } from './use-approvals-queries';
import { useNeighbours } from './use-neighbours';
import { useReviewActions } from './use-review-actions';

/** One application's review (spec section 2), within the list it was opened from. */
export function ApplicationReview({ clubId }: { clubId: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = params.toString();
  const filters = useMemo(() => parseListFilters(new URLSearchParams(query)), [query]);
  const backToList = () => navigate(listPath(filters));
  const toDashboard = () => navigate(APPROVALS_PATH);
  const online = useOnline();

  return (
    <Stack gap="5" pt="4">
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Heading as="h2" size="xl">
          Application Review
        </Heading>
        <HStack gap="2" flexWrap="wrap">
          <Button variant="outline" size="sm" onClick={backToList}>
            <LuList aria-hidden="true" />
            Back to Applications
          </Button>
          <Button variant="outline" size="sm" onClick={toDashboard}>
            <LuLayoutDashboard aria-hidden="true" />
            Dashboard
          </Button>
        </HStack>
      </HStack>
      {!online && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{OFFLINE_NOTICE}</Alert.Description>
        </Alert.Root>
      )}
      <ReviewErrorBoundary clubId={clubId} onGoBack={backToList} onGoToDashboard={toDashboard}>
        {isClubGlobalId(clubId) ? (
          <Review clubId={clubId} filters={filters} onBack={backToList} />
        ) : (
          <LoadError title="Invalid club ID format" text="The address does not name a club application." onBack={backToList} />
        )}
      </ReviewErrorBoundary>
    </Stack>
  );
}

function useApplication(clubId: string) {
  const fetchPolicy = useFreshnessPolicy(`clubApplication:${clubId}`, DETAIL_MAX_AGE_MS);
  const { data, error, loading, refetch } = useQuery(ApprovalsApplicationDocument, { variables: { id: clubId }, fetchPolicy, context: { silent: true } });
  useLoggedError(error, 'Loading the club application failed:');
  const retry = () => {
    refetch().catch(() => undefined);
  };
  return { club: data?.clubApplication, loaded: data !== undefined, error, loading, retry };
}

function Review({ clubId, filters, onBack }: { clubId: string; filters: ApplicationListFilters; onBack: () => void }) {
  const mobile = useIsMobile();
  const { club, loaded, error, retry } = useApplication(clubId);
  const { next, previous } = useNeighbours(clubId, filters, mobile);
  const { approve, reject, busy } = useReviewActions(club ?? undefined);
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const loading = useMinLoading(!loaded && !error);

  if (isForbidden(error)) return <AccessDenied text={ACCESS_DENIED.review} level={2} />;
  if (loading) {
    return (
      <Box role="status">
        <VisuallyHidden>Loading the application</VisuallyHidden>
        <DetailSkeleton />
      </Box>
    );
  }
  if (!club && error) {
    return (
      <LoadError
        title="Unable to load the application"
        text={errorMessageOf(error) ?? 'Please check your connection and try again.'}
        onRetry={retry}
        onBack={onBack}
      />
    );
  }
  if (!club) return <LoadError title="Application not found" text="No club application has this id." onBack={onBack} />;

  const pending = club.applicationStatus === 'PENDING';
  return (
    <SwipeNavigation enabled={mobile} onSwipeLeft={next} onSwipeRight={previous}>
      <Stack gap="6">
        <HStack justify="space-between" align="flex-start" gap="4" flexWrap="wrap">
          <Stack gap="1.5" minW="0">
            <HStack gap="3" flexWrap="wrap">
              <Heading as="h3" size="lg">
                {club.name}
              </Heading>
              <StatusBadge status={club.applicationStatus} />
            </HStack>
            <Text color="fg.muted" fontSize="sm">
              Applied {formatDate(club.createdAt)}
            </Text>
          </Stack>
          <HStack gap="2" flexWrap="wrap">
            <Button variant="ghost" size="sm" onClick={onBack}>
              <LuArrowLeft aria-hidden="true" />
              Back to List
            </Button>
            {pending && (
              <>
                <Button size="sm" colorPalette="red" variant="outline" disabled={busy !== null} onClick={() => setDialog('reject')}>
                  <LuX aria-hidden="true" />
                  Reject
                </Button>
                <Button size="sm" colorPalette="teal" disabled={busy !== null} onClick={() => setDialog('approve')}>
                  <LuCheck aria-hidden="true" />
                  Approve
                </Button>
              </>
            )}
          </HStack>
        </HStack>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="6" alignItems="flex-start">
          <Stack gap="6" gridColumn={{ lg: 'span 2' }}>
            <ClubInformationCard club={club} />
            <ContactInformationCard club={club} />
            <AdminNotesCard club={club} />
            <ApplicationTimeline clubId={club.id} ready />
          </Stack>
          <ApplicationDetailsCard club={club} />
        </SimpleGrid>
      </Stack>
      <ApproveDialog
        open={dialog === 'approve'}
        onClose={() => setDialog(null)}
        subject={{ name: club.name }}
        busy={busy === 'approve'}
        onConfirm={async (notes) => {
          if (await approve(notes)) setDialog(null);
        }}
      />
      <RejectDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        name={club.name}
        busy={busy === 'reject'}
        onConfirm={async (reason) => {
          if (await reject(reason)) setDialog(null);
        }}
      />
    </SwipeNavigation>
  );
}
