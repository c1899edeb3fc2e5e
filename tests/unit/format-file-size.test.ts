// The sizes the web shows (web/src/lib/format.ts): a data archive's on the profile page.
import { describe, expect, it } from 'vitest';
import { formatFileSize } from '../../web/src/lib/format.js';

describe('formatFileSize', () => {
  it('bytes below a kilobyte, whole kilobytes below a megabyte, megabytes with one decimal', () => {
    expect(formatFileSize(0)).toBe('0 bytes');
    expect(formatFileSize(1)).toBe('1 byte');
    expect(formatFileSize(1023)).toBe('1023 bytes');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(12_345)).toBe('12 KB');
    expect(formatFileSize(3.4 * 1024 * 1024)).toBe('3.4 MB');
  });
});
