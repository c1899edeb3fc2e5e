// A club application seen decided stays decided in the cache while a response that left
// the server before the decision can still arrive (web/src/lib/apollo-cache.ts): a list poll in
// flight across an approval once put 'Pending' back on the review screen.
import { gql } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../web/src/lib/apollo-cache.js';
import { REQUEST_TIMEOUT_MS } from '../../web/src/lib/constants.js';

const CLUB = gql`
  fragment C on Club {
    id
    applicationStatus
  }
`;

function write(cache: ReturnType<typeof createCache>, id: string, applicationStatus: string) {
  cache.writeFragment({ fragment: CLUB, id: `Club:${id}`, data: { __typename: 'Club', id, applicationStatus } });
}
const read = (cache: ReturnType<typeof createCache>, id: string) => cache.readFragment<{ applicationStatus: string }>({ fragment: CLUB, id: `Club:${id}` })?.applicationStatus;

afterEach(() => {
  vi.useRealTimers();
});

describe('Club.applicationStatus in the cache', () => {
  it('follows every answer when it has not seen a decision happen', () => {
    const cache = createCache();
    write(cache, 'a', 'APPROVED');
    write(cache, 'a', 'PENDING');
    expect(read(cache, 'a')).toBe('PENDING');
  });

  it('keeps a decision it saw happen against a stale PENDING until the request timeout has passed', () => {
    vi.useFakeTimers();
    const cache = createCache();
    write(cache, 'b', 'PENDING');
    write(cache, 'b', 'APPROVED');
    write(cache, 'b', 'PENDING');
    expect(read(cache, 'b')).toBe('APPROVED');
    write(cache, 'b', 'REJECTED');
    expect(read(cache, 'b')).toBe('REJECTED');
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS + 1);
    write(cache, 'b', 'PENDING');
    expect(read(cache, 'b')).toBe('PENDING');
  });
});
