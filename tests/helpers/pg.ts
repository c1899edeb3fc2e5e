// Fresh PostgreSQL databases for tests, on the server named by TEST_DATABASE_URL.
import postgres from 'postgres';
import { randomBytes } from 'node:crypto';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** Creates a database (optionally from a template) and answers its URL. */
export async function createDatabase(base: string, name: string, template?: string): Promise<string> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
  } finally {
    await admin.end();
  }
  return databaseUrl(base, name);
}

export async function dropDatabase(base: string, name: string): Promise<void> {
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
