// What each export of the administration area holds (admin-exports.service.ts reads the rows): the
// columns of the applications and audit log files, named as the specification names the fields
// (administration.md section 3), and the sections of the statistics report.
import type { Readable } from 'node:stream';
import type { AdminActionType } from '../../db/schema/index.js';
import type { ApplicationStatistics } from './admin-reports.service.js';
import { csvFile, jsonDocumentFile, oneBatch, xlsxFile, type Cell, type ExportFormat, type Sheet, type SheetColumn } from '../../lib/export-files.js';

export interface ApplicationRow {
  id: string;
  name: string;
  contactEmail: string;
  contactPhone: string | null;
  city: string | null;
  category: string | null;
  website: string | null;
  description: string | null;
  applicationStatus: 'pending' | 'approved' | 'rejected';
  createdAt: Date;
  reviewedAt: Date | null;
  adminNotes: string | null;
}
export interface HistoryEntry {
  actionType: AdminActionType;
  adminName: string;
  adminEmail: string;
  details: string;
  createdAt: Date;
}
export type ApplicationRecord = ApplicationRow & { history: HistoryEntry[] };

export interface ApplicationColumn extends SheetColumn {
  /** The field's name in the specification: the JSON key, and the sheet header (with ' (UTC)'
   *  after it when the column holds times). */
  field: string;
  cell(r: ApplicationRecord): Cell;
  json(r: ApplicationRecord): unknown;
}

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
/** An application's history as one text: 'YYYY-MM-DD HH:MM action by admin: details' (UTC), one
 *  entry a line, oldest first. */
const historyText = (entries: HistoryEntry[]) => entries.map((e) => `${minute(e.createdAt)} ${e.actionType} by ${e.adminName || e.adminEmail}: ${e.details}`).join('\n');
/** A sheet's header for a field: its name, and ' (UTC)' when the column holds times (issue 25). */
export const utcHeader = (field: string) => `${field} (UTC)`;
const text = (field: string, value: (r: ApplicationRecord) => string | null, width = 20): ApplicationColumn => ({
  field,
  header: field,
  width,
  cell: value,
  json: value,
});
const instant = (field: string, value: (r: ApplicationRecord) => Date | null): ApplicationColumn => ({
  field,
  header: utcHeader(field),
  width: 20,
  kind: 'date',
  cell: value,
  json: (r) => value(r)?.toISOString() ?? null,
});

/** The columns of the applications file, named as the specification names the fields. */
export function applicationColumns(params: { includeAdminNotes: boolean; includeHistory: boolean }): ApplicationColumn[] {
  const columns: ApplicationColumn[] = [
    text('id', (r) => r.id, 38),
    text('name', (r) => r.name, 30),
    text('contact_email', (r) => r.contactEmail, 30),
    text('contact_phone', (r) => r.contactPhone, 18),
    text('location', (r) => r.city, 18),
    { field: 'sport_types', header: 'sport_types', width: 18, cell: (r) => (r.category ? r.category : null), json: (r) => (r.category ? [r.category] : []) },
    text('website_url', (r) => r.website, 30),
    text('description', (r) => r.description, 60),
    text('application_status', (r) => r.applicationStatus, 20),
    instant('created_at', (r) => r.createdAt),
    instant('reviewed_at', (r) => r.reviewedAt),
  ];
  if (params.includeAdminNotes) columns.push(text('admin_notes', (r) => r.adminNotes, 50));
  if (params.includeHistory) {
    columns.push({
      field: 'history',
      // Its lines start with the UTC time of each entry.
      header: utcHeader('history'),
      width: 70,
      cell: (r) => (r.history.length > 0 ? historyText(r.history) : null),
      json: (r) => r.history.map((e) => ({ created_at: e.createdAt.toISOString(), action_type: e.actionType, admin_name: e.adminName, admin_email: e.adminEmail, details: e.details })),
    });
  }
  return columns;
}

export type AuditRecord = {
  id: string;
  actionType: string;
  targetType: string;
  targetId: string | null;
  targetName: string;
  details: string;
  adminId: string | null;
  adminName: string;
  adminEmail: string;
  ipAddress: string | null;
  createdAt: Date;
};
/** [field, value, width, kind] of the audit log file, named as the specification names them (the
 *  JSON keys; the sheet header adds ' (UTC)' to the times: auditSheetColumns). */
export const AUDIT_COLUMNS: [string, (r: AuditRecord) => Cell, number, SheetColumn['kind']?][] = [
  ['id', (r) => r.id, 38],
  ['action_type', (r) => r.actionType, 14],
  ['target_type', (r) => r.targetType, 18],
  ['target_id', (r) => r.targetId, 38],
  ['target_name', (r) => r.targetName, 30],
  ['details', (r) => r.details, 60],
  ['admin_id', (r) => r.adminId, 38],
  ['admin_name', (r) => r.adminName, 24],
  ['admin_email', (r) => r.adminEmail, 30],
  ['ip_address', (r) => r.ipAddress, 16],
  ['created_at', (r) => r.createdAt, 20, 'date'],
];
export const auditSheetColumns = (): SheetColumn[] =>
  AUDIT_COLUMNS.map(([field, , width, kind]) => ({ header: kind === 'date' ? utcHeader(field) : field, width, kind }));

/** What the Summary says of a period with no start day. */
export const PERIOD_START_NONE = 'The first application';

/**
 * The report: xlsx one worksheet per section, csv the sections one after another, json the object.
 * Its period is the one asked: days of submission, UTC. A period with no end day (the Reports
 * tab's 'last 7 days', 'last 30 days' and 'last 3 months' set only a start, administration.md)
 * runs to `asOf`, the moment the report was counted, so the file says that day (issue 25: it said
 * 'All time' for the last 3 months); one with no start counts from the first application.
 */
export function statisticsFile(params: { format: ExportFormat; from: string | null; to: string | null }, s: ApplicationStatistics, asOf: Date): Readable {
  const to = params.to ?? asOf.toISOString().slice(0, 10);
  if (params.format === 'json') {
    return jsonDocumentFile({
      date_from: params.from,
      date_to: to,
      total_applications: s.totalApplications,
      approved_applications: s.approvedApplications,
      pending_applications: s.pendingApplications,
      rejected_applications: s.rejectedApplications,
      approval_rate: s.approvalRate,
      average_processing_time_hours: s.averageProcessingTimeHours,
      top_rejection_reasons: s.topRejectionReasons,
      applications_by_month: s.applicationsByMonth,
      applications_by_location: s.applicationsByLocation,
    });
  }
  const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;
  const sheets: Sheet[] = [
    {
      name: 'Summary',
      columns: [{ header: 'Metric', width: 34 }, { header: 'Value', width: 16 }],
      batches: oneBatch<Cell[]>([
        ['From (UTC)', params.from ?? PERIOD_START_NONE],
        ['To (UTC)', to],
        ['Total applications', s.totalApplications],
        ['Approved applications', s.approvedApplications],
        ['Pending applications', s.pendingApplications],
        ['Rejected applications', s.rejectedApplications],
        ['Approval rate (%)', Math.round(s.approvalRate * 100)],
        ['Average processing time (hours)', s.averageProcessingTimeHours == null ? null : round(s.averageProcessingTimeHours, 2)],
      ]),
    },
    {
      name: 'Top rejection reasons',
      columns: [{ header: 'Reason', width: 60 }, { header: 'Count', width: 10 }],
      batches: oneBatch<Cell[]>(s.topRejectionReasons.map((r) => [r.reason, r.count])),
    },
    {
      name: 'Applications by month',
      columns: [utcHeader('Month'), 'Total', 'Approved', 'Pending', 'Rejected'].map((header) => ({ header, width: 12 })),
      batches: oneBatch<Cell[]>(s.applicationsByMonth.map((m) => [m.month, m.total, m.approved, m.pending, m.rejected])),
    },
    {
      name: 'Applications by location',
      columns: [{ header: 'Location', width: 30 }, { header: 'Count', width: 10 }],
      batches: oneBatch<Cell[]>(s.applicationsByLocation.map((l) => [l.location, l.count])),
    },
  ];
  return params.format === 'csv' ? csvFile(sheets) : xlsxFile(sheets);
}
