import { useEffect } from 'react';

/** Writes a failed query to the console once per error (spec section 8: load failures are only
 *  logged; the view says what it can). */
export function useLoggedError(error: unknown, message: string): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [error, message]);
}
