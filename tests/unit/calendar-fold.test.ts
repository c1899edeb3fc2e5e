// The calendar feed folds its events' lines itself (ical-generator's foldLines makes a TextEncoder
// per character: half a second for a feed of 770 events). It must fold exactly as ical-generator
// does: at most 75 octets a line, continuation lines starting with a space, never inside a
// character's UTF-8 bytes or between a surrogate pair's halves.
import 'reflect-metadata';
import { foldLines as icalGeneratorFold } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { foldLines } from '../../server/src/modules/calendar/calendar.ics.js';

const SAMPLES = [
  '',
  'SUMMARY:short',
  'x'.repeat(74),
  'x'.repeat(75),
  'y'.repeat(300),
  'é'.repeat(80),
  'a😀'.repeat(60),
  `${'x'.repeat(73)}😀😀`,
  `DESCRIPTION:${'Ünïcödé text ✓ '.repeat(20)}`,
  '\ud800 a lone surrogate',
  `BEGIN:VEVENT\r\n${'z'.repeat(200)}\r\nEND:VEVENT\r\n`,
];

describe('folding the feed’s content lines', () => {
  it.each(SAMPLES.map((s) => [s.slice(0, 30), s]))('folds %j as ical-generator does', (_name, text) => {
    expect(foldLines(text)).toBe(icalGeneratorFold(text));
  });

  it('keeps every line within 75 octets', () => {
    for (const text of SAMPLES) for (const line of foldLines(text).split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });
});
