// The generic error screen's title and message follow the spec's categories and message mapping
// (administration spec, section 8).
import { CombinedGraphQLErrors, ServerError } from '@apollo/client/errors';
import { describe, expect, it } from 'vitest';
import { errorScreenText } from '../../web/src/lib/error-screen-text.js';

const graphQLError = (code: string, message = 'refused') =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions: { code } }] });

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('the error screen text', () => {
  it('tells a chunk that failed to load to refresh, and offers trying again', () => {
    const text = errorScreenText(named('ChunkLoadError', 'Loading chunk 7 failed.'));
    expect(text).toMatchObject({ kind: 'chunk-load', category: 'chunk-load', title: 'Loading Error', retryable: true });
    expect(text.tips.join(' ')).toMatch(/clear your browser cache/);
  });

  it('calls a failed fetch a network error with the online message', () => {
    const text = errorScreenText(new TypeError('Failed to fetch'));
    expect(text).toMatchObject({ kind: 'network', category: 'network', title: 'Network Error', message: 'Unable to connect to the server. Please try again.' });
  });

  it('maps an unauthenticated request to the authentication error, without trying again', () => {
    expect(errorScreenText(graphQLError('UNAUTHENTICATED'))).toMatchObject({
      title: 'Authentication Error',
      message: 'Your session has expired. Please log in again.',
      retryable: false,
    });
    expect(errorScreenText(new Error('Request failed: 401 Unauthorized')).title).toBe('Authentication Error');
  });

  it('maps a forbidden request to permission denied, without trying again', () => {
    expect(errorScreenText(graphQLError('FORBIDDEN'))).toMatchObject({
      title: 'Permission Denied',
      message: "You don't have permission to perform this action.",
      retryable: false,
    });
    expect(errorScreenText(new Error('403 Forbidden')).category).toBe('permission');
  });

  it('maps invalid input, server failures and timeouts to their titles', () => {
    expect(errorScreenText(graphQLError('BAD_USER_INPUT')).title).toBe('Validation Error');
    expect(errorScreenText(new Error('400: validation failed')).message).toBe('Please check your input and try again.');
    const serverError = new ServerError('Response not successful', { response: new Response('oops', { status: 500 }), bodyText: 'oops' });
    expect(errorScreenText(serverError)).toMatchObject({ title: 'Server Error', message: 'The server encountered an error. Please try again later.' });
    expect(errorScreenText(named('TimeoutError', 'signal timed out'))).toMatchObject({
      title: 'Request Timeout',
      message: 'The request took too long to complete. Please try again.',
    });
  });

  it('keeps a programming error and anything else generic', () => {
    expect(errorScreenText(new TypeError("Cannot read properties of undefined (reading 'name')"))).toMatchObject({
      kind: 'type',
      category: 'type',
      title: 'Something went wrong',
      retryable: true,
    });
    expect(errorScreenText('boom')).toMatchObject({ kind: 'unknown', category: 'unknown', title: 'Something went wrong' });
  });
});
