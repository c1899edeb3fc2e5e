// The administration area's shared rules (server/src/modules/admin/admin.rules.ts), used by the
// server and by the admin panel: the list's query string (section 5: unknown or invalid values are
// ignored; section 9: defaults left out), the pagers (section 2), the date picker's rules
// (section 5), the report figures (section 2) and the report periods (section 9).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_FILTERS,
  approvalRatePercent,
  approveFormRules,
  auditPageButtons,
  dateRangeError,
  formatProcessingTime,
  listFiltersToParams,
  pageButtons,
  parseListFilters,
  periodRange,
  plural,
  rejectFormRules,
  type ApplicationListFilters,
} from '../../server/src/modules/admin/admin.rules.js';
import { ADMIN_TEXT } from '../helpers/admin.js';

const parse = (query: string) => parseListFilters(new URLSearchParams(query));
const filters = (over: Partial<ApplicationListFilters>): ApplicationListFilters => ({ ...DEFAULT_LIST_FILTERS, search_fields: [...DEFAULT_LIST_FILTERS.search_fields], ...over });

describe('the default list filter (section 9)', () => {
  it('is pending, 10 a page from 0, newest first, searching every field', () => {
    expect(DEFAULT_LIST_FILTERS).toEqual({
      status: 'pending',
      search: '',
      search_fields: ['name', 'email', 'description'],
      date_from: null,
      date_to: null,
      location: '',
      sort_by: 'created_at',
      sort_order: 'desc',
      limit: 10,
      offset: 0,
    });
  });
});

describe('parseListFilters', () => {
  it('answers the defaults for an empty query string', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_FILTERS);
  });

  it('keeps every valid value', () => {
    expect(
      parse('status=rejected&search=Rovers&search_fields=name,email&date_from=2026-01-01&date_to=2026-02-28&location=Leeds&sort_by=location&sort_order=asc&limit=20&offset=40'),
    ).toEqual({
      status: 'rejected',
      search: 'Rovers',
      search_fields: ['name', 'email'],
      date_from: '2026-01-01',
      date_to: '2026-02-28',
      location: 'Leeds',
      sort_by: 'location',
      sort_order: 'asc',
      limit: 20,
      offset: 40,
    });
  });

  it('accepts each status: pending, approved, rejected, all', () => {
    for (const status of ['pending', 'approved', 'rejected', 'all']) expect(parse(`status=${status}`).status).toBe(status);
  });

  it('accepts each sort field and order', () => {
    for (const field of ['name', 'created_at', 'application_status', 'location']) expect(parse(`sort_by=${field}`).sort_by).toBe(field);
    expect(parse('sort_order=asc').sort_order).toBe('asc');
    expect(parse('sort_order=desc').sort_order).toBe('desc');
  });

  it('ignores invalid values, keeping the valid ones beside them', () => {
    const parsed = parse('status=archived&sort_by=email&sort_order=up&limit=ten&offset=-5&date_from=2026-02-30&date_to=yesterday&search=Rovers');
    expect(parsed).toEqual({ ...DEFAULT_LIST_FILTERS, search: 'Rovers' });
    for (const bad of ['status=ALL', 'status=', 'sort_by=NAME', 'sort_order=ASC', 'limit=0', 'limit=101', 'limit=1e2', 'limit=5.5', 'limit=-10', 'offset=3.5', 'offset=abc', 'offset=100001']) {
      expect(parse(bad), bad).toEqual(DEFAULT_LIST_FILTERS);
    }
  });

  it('keeps the valid search fields of a list and ignores the others; none valid means all', () => {
    expect(parse('search_fields=name,phone,description').search_fields).toEqual(['name', 'description']);
    expect(parse('search_fields=email&search_fields=name').search_fields).toEqual(['email', 'name']);
    expect(parse('search_fields=name,name').search_fields).toEqual(['name']);
    expect(parse('search_fields=phone,address').search_fields).toEqual(['name', 'email', 'description']);
  });

  it('takes dates that parse as valid dates (as their day), and ignores the rest', () => {
    expect(parse('date_from=2024-02-29').date_from).toBe('2024-02-29');
    expect(parse('date_from=2025-02-29').date_from).toBeNull();
    expect(parse('date_to=2026-13-01').date_to).toBeNull();
    expect(parse('date_to=2026-1-5').date_to).toBeNull();
    expect(parse('date_from=2026-03-04T10:00:00.000Z').date_from).toBe('2026-03-04');
    expect(parse('date_from=2026-03-04garbage').date_from).toBeNull();
    expect(parse('date_to=2026-03-04T99:99').date_to).toBeNull();
  });

  it('accepts numeric limits from 1 to 100 and whole offsets from 0', () => {
    for (const limit of [5, 10, 20, 50, 1, 100]) expect(parse(`limit=${limit}`).limit).toBe(limit);
    expect(parse('offset=0').offset).toBe(0);
    expect(parse('offset=30').offset).toBe(30);
  });

  it('caps the search and location texts at 100 characters', () => {
    expect(parse(`search=${'s'.repeat(150)}`).search).toBe('s'.repeat(100));
    expect(parse(`location=${'l'.repeat(150)}`).location).toBe('l'.repeat(100));
  });
});

describe('listFiltersToParams', () => {
  it('leaves default values out: the default view is a bare query string', () => {
    expect(listFiltersToParams(DEFAULT_LIST_FILTERS).toString()).toBe('');
    expect(listFiltersToParams(filters({ search: '   ', location: ' ', search_fields: ['description', 'name', 'email'] })).toString()).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(Object.fromEntries(listFiltersToParams(filters({ status: 'approved', limit: 20 })))).toEqual({ status: 'approved', limit: '20' });
    expect(Object.fromEntries(listFiltersToParams(filters({ search: 'Rovers', search_fields: ['name'] })))).toEqual({ search: 'Rovers', search_fields: 'name' });
    expect(Object.fromEntries(listFiltersToParams(filters({ sort_by: 'name', sort_order: 'asc', offset: 30 })))).toEqual({ sort_by: 'name', sort_order: 'asc', offset: '30' });
  });

  it('round-trips through parseListFilters', () => {
    const cases: ApplicationListFilters[] = [
      DEFAULT_LIST_FILTERS,
      filters({ status: 'all' }),
      filters({ status: 'rejected', search: 'Rovers & Sons', search_fields: ['email', 'description'], date_from: '2026-01-01', date_to: '2026-01-31', location: 'St Albans', sort_by: 'application_status', sort_order: 'asc', limit: 50, offset: 100 }),
      filters({ search: '100% _fun_', location: 'Leeds' }),
      filters({ sort_by: 'location', limit: 5, offset: 5 }),
    ];
    for (const f of cases) expect(parse(listFiltersToParams(f).toString()), JSON.stringify(f)).toEqual(f);
  });
});

describe('pageButtons (applications list)', () => {
  it('shows the first page, the last page and the current page ±1, with ellipses for gaps', () => {
    expect(pageButtons(5, 10)).toEqual([1, 'ellipsis', 4, 5, 6, 'ellipsis', 10]);
    expect(pageButtons(1, 10)).toEqual([1, 2, 'ellipsis', 10]);
    expect(pageButtons(10, 10)).toEqual([1, 'ellipsis', 9, 10]);
    expect(pageButtons(2, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageButtons(3, 10)).toEqual([1, 2, 3, 4, 'ellipsis', 10]);
    expect(pageButtons(8, 10)).toEqual([1, 'ellipsis', 7, 8, 9, 10]);
  });

  it('has no ellipsis without a gap, one button for one page, none for no pages', () => {
    expect(pageButtons(2, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 2)).toEqual([1, 2]);
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(1, 0)).toEqual([]);
  });
});

describe('auditPageButtons (audit log)', () => {
  it('is empty for one page or none (the pager shows only with more than 1 page)', () => {
    expect(auditPageButtons(1, 0)).toEqual([]);
    expect(auditPageButtons(1, 1)).toEqual([]);
  });

  it('shows every page up to 5', () => {
    expect(auditPageButtons(1, 2)).toEqual([1, 2]);
    expect(auditPageButtons(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows up to 5 page buttons, then an ellipsis and the last page', () => {
    expect(auditPageButtons(1, 12)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 12]);
    expect(auditPageButtons(3, 12)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 12]);
    // The five follow the current page.
    expect(auditPageButtons(6, 12)).toEqual([4, 5, 6, 7, 8, 'ellipsis', 12]);
    // Near the end the gap closes: no ellipsis before the last page.
    expect(auditPageButtons(10, 12)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(auditPageButtons(12, 12)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(auditPageButtons(1, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    for (let current = 1; current <= 40; current++) {
      const buttons = auditPageButtons(current, 40);
      expect(buttons, `page ${current}`).toContain(current);
      expect(buttons.at(-1)).toBe(40);
      expect(buttons.filter((b) => b !== 'ellipsis' && b !== 40)).toHaveLength(5);
    }
  });
});

describe('dateRangeError (the date picker, section 5)', () => {
  const today = '2026-06-15';
  it('blocks future days', () => {
    expect(dateRangeError('2026-06-16', null, today)).toBe('Dates cannot be in the future');
    expect(dateRangeError(null, '2026-07-01', today)).toBe('Dates cannot be in the future');
  });
  it('blocks a from-day after the to-day (and so a to-day before the from-day)', () => {
    expect(dateRangeError('2026-06-10', '2026-06-09', today)).toBe('The start date must not be after the end date');
  });
  it('accepts today, one day, open ends and no dates', () => {
    expect(dateRangeError(today, today, today)).toBeNull();
    expect(dateRangeError('2026-06-01', '2026-06-10', today)).toBeNull();
    expect(dateRangeError('2026-06-01', null, today)).toBeNull();
    expect(dateRangeError(null, '2026-06-01', today)).toBeNull();
    expect(dateRangeError(null, null, today)).toBeNull();
  });
});

describe('formatProcessingTime (minutes under an hour, else whole hours)', () => {
  it('gives minutes under an hour', () => {
    expect(formatProcessingTime(0.5)).toBe('30 minutes');
    expect(formatProcessingTime(0.25)).toBe('15 minutes');
    expect(formatProcessingTime(0)).toBe('0 minutes');
    expect(formatProcessingTime(1 / 60)).toBe('1 minute');
  });
  it('never says 60 minutes for a time under an hour', () => {
    expect(formatProcessingTime(0.999)).toBe('59 minutes');
  });
  it('gives whole hours from one hour', () => {
    expect(formatProcessingTime(1)).toBe('1 hour');
    expect(formatProcessingTime(1.4)).toBe('1 hour');
    expect(formatProcessingTime(1.5)).toBe('2 hours');
    expect(formatProcessingTime(26.2)).toBe('26 hours');
  });
  it("says 'N/A' without a figure", () => {
    expect(formatProcessingTime(null)).toBe('N/A');
    expect(formatProcessingTime(undefined)).toBe('N/A');
  });
});

describe('approvalRatePercent (a whole percentage)', () => {
  it('rounds the fraction to a whole percentage', () => {
    expect(approvalRatePercent(0)).toBe('0%');
    expect(approvalRatePercent(1)).toBe('100%');
    expect(approvalRatePercent(1 / 3)).toBe('33%');
    expect(approvalRatePercent(2 / 3)).toBe('67%');
    expect(approvalRatePercent(0.5)).toBe('50%');
  });
  it('rounds exact halves up, whatever the floating-point error of the division', () => {
    // 57 of 200 is exactly 28.5%; 0.285 * 100 is 28.499999999999996 in floating point.
    expect(approvalRatePercent(57 / 200)).toBe('29%');
    expect(approvalRatePercent(0.145)).toBe('15%');
  });
});

describe('periodRange (section 9)', () => {
  const now = new Date('2026-05-31T15:30:00.000Z');

  it('last-7-days and last-30-days: from that many days ago, no end', () => {
    for (const forReports of [false, true]) {
      expect(periodRange('last-7-days', now, forReports)).toEqual({ from: '2026-05-24', to: null });
      expect(periodRange('last-30-days', now, forReports)).toEqual({ from: '2026-05-01', to: null });
    }
  });

  it('current-month: from the 1st; the reports also end it on its last day, the dashboard does not', () => {
    expect(periodRange('current-month', now, false)).toEqual({ from: '2026-05-01', to: null });
    expect(periodRange('current-month', now, true)).toEqual({ from: '2026-05-01', to: '2026-05-31' });
    expect(periodRange('current-month', new Date('2024-02-10T00:00:00Z'), true)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('last-month (reports): the whole previous month, across a year end too', () => {
    expect(periodRange('last-month', now, true)).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(periodRange('last-month', new Date('2026-01-15T08:00:00Z'), true)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodRange('last-month', new Date('2024-03-31T08:00:00Z'), true)).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('last-3-months: the same day three months ago (the month’s last day when it has no such day), no end', () => {
    expect(periodRange('last-3-months', new Date('2026-06-15T10:00:00Z'), false)).toEqual({ from: '2026-03-15', to: null });
    expect(periodRange('last-3-months', new Date('2026-02-10T10:00:00Z'), true)).toEqual({ from: '2025-11-10', to: null });
    // 31 May: there is no 31 February.
    expect(periodRange('last-3-months', now, false)).toEqual({ from: '2026-02-28', to: null });
    expect(periodRange('last-3-months', new Date('2024-05-31T10:00:00Z'), false)).toEqual({ from: '2024-02-29', to: null });
  });
});

describe('the review forms (section 5)', () => {
  it('admin notes: optional, trimmed, blank means none, under 1000 characters', () => {
    expect(approveFormRules.parse({ adminNotes: '  Checked  ' })).toEqual({ adminNotes: 'Checked' });
    expect(approveFormRules.parse({ adminNotes: '   ' })).toEqual({ adminNotes: null });
    expect(approveFormRules.parse({})).toEqual({ adminNotes: null });
    expect(approveFormRules.safeParse({ adminNotes: 'n'.repeat(999) }).success).toBe(true);
    expect(approveFormRules.safeParse({ adminNotes: 'n'.repeat(1000) }).error?.issues[0]?.message).toBe(ADMIN_TEXT.notesTooLong);
  });

  it('rejection reason: required (blank is none), under 1000 characters', () => {
    expect(rejectFormRules.parse({ rejectionReason: '  Duplicate  ' })).toEqual({ rejectionReason: 'Duplicate' });
    for (const rejectionReason of [undefined, '', '   ']) {
      expect(rejectFormRules.safeParse({ rejectionReason }).error?.issues[0]?.message, String(rejectionReason)).toBe(ADMIN_TEXT.rejectionRequired);
    }
    expect(rejectFormRules.safeParse({ rejectionReason: 'r'.repeat(999) }).success).toBe(true);
    expect(rejectFormRules.safeParse({ rejectionReason: 'r'.repeat(1000) }).error?.issues[0]?.message).toBe(ADMIN_TEXT.rejectionTooLong);
  });
});

describe('plural', () => {
  it("says '1 application' and 'N applications'", () => {
    expect(plural(1, 'application')).toBe('1 application');
    expect(plural(0, 'application')).toBe('0 applications');
    expect(plural(3, 'club', 'clubs')).toBe('3 clubs');
  });
});
