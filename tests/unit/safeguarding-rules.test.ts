// The safeguarding checks' pure rules (issue 30 §5), shared by the server and the web forms.
import { describe, expect, it } from 'vitest';
import { addDays, CHECK_MESSAGES as M, CHECK_PROBLEMS as P, checkDatesRules, checkKindRules, isCalendarDay, isExpired } from '../../server/src/modules/safeguarding/safeguarding.rules.js';

const issues = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('safeguarding rules', () => {
  it('knows a calendar day and moves one by days across months and leap years', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2027-02-29')).toBe(false);
    expect(isCalendarDay('2027-2-1')).toBe(false);
    expect(isCalendarDay(20270201)).toBe(false);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -30)).toBe('2027-01-30');
  });

  it('counts a check until the day before its expiry date', () => {
    expect(isExpired('2027-01-10', '2027-01-09')).toBe(false);
    expect(isExpired('2027-01-10', '2027-01-10')).toBe(true);
  });

  it('checks the dates against today: issued not in the future, expiring after it was issued, within 20 years', () => {
    const rules = checkDatesRules('2026-06-01');
    expect(rules.safeParse({ issuedOn: '2026-06-01', expiresOn: '2029-06-01' }).success).toBe(true);
    expect(issues(rules.safeParse({ issuedOn: '2026-06-02', expiresOn: '2029-06-01' }))).toEqual({ issuedOn: M.issuedInFuture });
    expect(issues(rules.safeParse({ issuedOn: '2026-01-01', expiresOn: '2026-01-01' }))).toEqual({ expiresOn: M.expiresBeforeIssued });
    expect(issues(rules.safeParse({ issuedOn: '2000-01-01', expiresOn: '2030-01-01' }))).toEqual({ expiresOn: M.expiresTooFar });
    expect(issues(rules.safeParse({ issuedOn: '', expiresOn: 'soon' }))).toEqual({ issuedOn: M.issuedRequired, expiresOn: M.expiresRequired });
  });

  it('trims a kind’s name and description and bounds them', () => {
    expect(checkKindRules.parse({ name: '  Enhanced DBS ', description: null })).toEqual({ name: 'Enhanced DBS', description: '' });
    expect(issues(checkKindRules.safeParse({ name: ' a ' }))).toEqual({ name: M.kindNameRequired });
  });

  it('names the check in every refusal, and says who verifies it when', () => {
    for (const text of [P.notRecorded('Enhanced DBS'), P.expiredForApplicant('Enhanced DBS', '2026-01-01'), P.notRecordedForClub('Enhanced DBS'), P.expiredForClub('Enhanced DBS', '2026-01-01'), P.notVerified('Enhanced DBS')]) {
      expect(text.startsWith('This position needs a verified, unexpired “Enhanced DBS” check')).toBe(true);
    }
    expect(P.notRecorded('Enhanced DBS')).toContain('the club verifies it once you have applied');
  });
});
