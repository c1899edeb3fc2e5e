import { createHash, randomBytes } from 'node:crypto';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('hex');
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
