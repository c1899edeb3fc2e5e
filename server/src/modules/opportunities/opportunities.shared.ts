// What the opportunities module's services share.
import { AppError } from '../../lib/errors.js';

/** A statement prepared once and run with each request's values. */
export type Prepared<T> = { execute(values?: Record<string, unknown>): Promise<T[]> };

/** NOT_FOUND naming the input field that named nothing. */
export const notFound = (field: string, message: string) => new AppError('NOT_FOUND', message, { [field]: message });
