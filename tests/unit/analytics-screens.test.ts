// Pure helpers of issue 13's web screens (W2): the Analytics tab's figures and labels, and the
// report dialog's form rules. (The notices of a session an administrator ended are checked end to
// end in tests/e2e/analytics-report.spec.ts.)
import { describe, expect, it } from 'vitest';
import { reportFormRules } from '../../server/src/modules/moderation/moderation.rules.js';
import {
  ANALYTICS_WEEK_CHOICES,
  ANALYTICS_WEEK_OPTIONS,
  DEFAULT_ANALYTICS_WEEKS,
  hasEngagement,
  verificationPercent,
  verifiedOfApproved,
  weekLabel,
  weekName,
} from '../../web/src/features/admin/analytics/analytics-texts.js';

describe('Analytics tab helpers', () => {
  it('offers 4, 12, 26 and 52 weeks, 12 by default', () => {
    expect(ANALYTICS_WEEK_CHOICES).toEqual([4, 12, 26, 52]);
    expect(DEFAULT_ANALYTICS_WEEKS).toBe(12);
    expect(ANALYTICS_WEEK_OPTIONS.map((o) => o.label)).toEqual(['Last 4 weeks', 'Last 12 weeks', 'Last 26 weeks', 'Last 52 weeks']);
  });

  it('shows the verification rate as a whole-number percentage within 0..100', () => {
    expect(verificationPercent(0)).toBe(0);
    expect(verificationPercent(2 / 3)).toBe(67);
    expect(verificationPercent(0.125)).toBe(13);
    expect(verificationPercent(1)).toBe(100);
    expect(verificationPercent(1.2)).toBe(100);
    expect(verificationPercent(-0.1)).toBe(0);
    expect(verificationPercent(Number.NaN)).toBe(0);
  });

  it('says how many approved clubs are verified', () => {
    expect(verifiedOfApproved(2, 3)).toBe('2 of 3 approved clubs are verified');
    expect(verifiedOfApproved(1, 1)).toBe('1 of 1 approved club is verified');
    expect(verifiedOfApproved(0, 0)).toBe('0 of 0 approved clubs are verified');
  });

  it('names a week by its Monday, read as a calendar date', () => {
    expect(weekLabel('2026-11-23')).toBe('Nov 23');
    expect(weekLabel('2027-01-04')).toBe('Jan 4');
    expect(weekName('2026-11-23')).toBe('Week of Nov 23, 2026');
    expect(weekLabel('not a date')).toBe('not a date');
  });

  it('has trend data only when some week had something', () => {
    const zero = { messages: 0, applications: 0, signUps: 0 };
    expect(hasEngagement([])).toBe(false);
    expect(hasEngagement([zero, zero])).toBe(false);
    expect(hasEngagement([zero, { ...zero, signUps: 1 }])).toBe(true);
    expect(hasEngagement([{ ...zero, messages: 3 }])).toBe(true);
    expect(hasEngagement([{ ...zero, applications: 2 }])).toBe(true);
  });
});

describe('report dialog form', () => {
  it('asks for a reason before anything else', () => {
    const result = reportFormRules.safeParse({ reason: '', details: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please choose a reason']);
  });

  it('takes optional details, trimmed, under 1000 characters', () => {
    expect(reportFormRules.parse({ reason: 'SPAM', details: '  buy now  ' })).toEqual({ reason: 'SPAM', details: 'buy now' });
    expect(reportFormRules.parse({ reason: 'OTHER', details: '' })).toEqual({ reason: 'OTHER', details: '' });
    const long = reportFormRules.safeParse({ reason: 'HARASSMENT', details: 'x'.repeat(1000) });
    expect(long.error?.issues.map((i) => i.message)).toEqual(['Details must be less than 1000 characters']);
  });
});
