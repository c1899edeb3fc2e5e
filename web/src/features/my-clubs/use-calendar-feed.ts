// The member's calendar feed: whether there is one, and its address when it was just made or
// replaced (the server keeps only a hash of its secret, so the address lives in this page's state
// and is gone on the next visit).
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';
import { requirePayload } from '../../lib/user-errors';
import { CreateCalendarFeedDocument, MyCalendarFeedDocument, RotateCalendarFeedDocument } from './calendar-feed.generated';

export interface IssuedFeed {
  url: string;
  webcalUrl: string;
}

export function useCalendarFeed() {
  const { data, error, refetch } = useQuery(MyCalendarFeedDocument, { context: { silent: true } });
  const [createFeed] = useMutation(CreateCalendarFeedDocument, { context: { silent: true } });
  const [rotateFeed] = useMutation(RotateCalendarFeedDocument, { context: { silent: true } });
  const [issued, setIssued] = useState<IssuedFeed | null>(null);

  const keep = useCallback((payload: { url?: string | null; webcalUrl?: string | null }) => {
    if (payload.url && payload.webcalUrl) setIssued({ url: payload.url, webcalUrl: payload.webcalUrl });
  }, []);

  const create = useCallback(async () => {
    const { data: answer } = await createFeed({
      update: (cache, { data: made }) => {
        const feed = made?.createCalendarFeed.feed;
        if (feed) cache.writeQuery({ query: MyCalendarFeedDocument, data: { myCalendarFeed: feed } });
      },
    });
    keep(requirePayload(answer?.createCalendarFeed));
  }, [createFeed, keep]);

  const rotate = useCallback(async () => {
    const { data: answer } = await rotateFeed({
      update: (cache, { data: made }) => {
        const feed = made?.rotateCalendarFeed.feed;
        if (feed) cache.writeQuery({ query: MyCalendarFeedDocument, data: { myCalendarFeed: feed } });
      },
    });
    keep(requirePayload(answer?.rotateCalendarFeed));
  }, [rotateFeed, keep]);

  return {
    /** undefined while loading; null when the member has none. */
    feed: data ? data.myCalendarFeed : undefined,
    error,
    retry: () => void refetch(),
    issued,
    create,
    rotate,
  };
}
