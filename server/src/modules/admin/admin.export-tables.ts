// What each export of the administration area holds (admin.exports.ts reads the rows): the
// columns of the applications and audit log files, named as the specification names the fields
// (administration.md section 3), and the sections of the statistics report.
import type { Readable } from 'node:stream';
import type { AdminActionType } from '../../db/schema/index.js';
import type { ApplicationStatistics } from './admin.service.js';
import { csvFile, jsonDocumentFile, oneBatch, xlsxFile, type Cell, type ExportFormat, type Sheet, type SheetColumn } from './admin.export-files.js';

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
  cell(r: ApplicationRecord): Cell;
  json(r: ApplicationRecord): unknown;
}

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
/** An application's history as one text: 'YYYY-MM-DD HH:MM action by admin: details' (UTC), one
 *  entry a line, oldest first. */
const historyText = (entries: HistoryEntry[]) => entries.map((e) => `${minute(e.createdAt)} ${e.actionType} by ${e.adminName || e.adminEmail}: ${e.details}`).join('\n');
const text = (value: (r: ApplicationRecord) => string | null, width = 20, kind?: SheetColumn['kind']): Omit<ApplicationColumn, 'header'> => ({
  width,
  kind,
  cell: value,
  json: value,
});
const instant = (value: (r: ApplicationRecord) => Date | null): Omit<ApplicationColumn, 'header'> => ({
  width: 20,
  kind: 'date',
  cell: value,
  json: (r) => value(r)?.toISOString() ?? null,
});

/** The columns of the applications file, named as the specification names the fields. */
export function applicationColumns(params: { includeAdminNotes: boolean; includeHistory: boolean }): ApplicationColumn[] {
  const columns: ApplicationColumn[] = [
    { header: 'id', ...text((r) => r.id, 38) },
    { header: 'name', ...text((r) => r.name, 30) },
    { header: 'contact_email', ...text((r) => r.contactEmail, 30) },
    { header: 'contact_phone', ...text((r) => r.contactPhone, 18) },
    { header: 'location', ...text((r) => r.city, 18) },
    { header: 'sport_types', width: 18, cell: (r) => (r.category ? r.category : null), json: (r) => (r.category ? [r.category] : []) },
    { header: 'website_url', ...text((r) => r.website, 30) },
    { header: 'description', ...text((r) => r.description, 50, 'wrap') },
    { header: 'application_status', ...text((r) => r.applicationStatus, 18) },
    { header: 'created_at', ...instant((r) => r.createdAt) },
    { header: 'reviewed_at', ...instant((r) => r.reviewedAt) },
  ];
  if (params.includeAdminNotes) columns.push({ header: 'admin_notes', ...text((r) => r.adminNotes, 40, 'wrap') });
  if (params.includeHistory) {
    columns.push({
      header: 'history',
      width: 60,
      kind: 'wrap',
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
/** [header, value, width, kind] of the audit log file, named as the specification names them. */
export const AUDIT_COLUMNS: [string, (r: AuditRecord) => Cell, number, SheetColumn['kind']?][] = [
  ['id', (r) => r.id, 38],
  ['action_type', (r) => r.actionType, 14],
  ['target_type', (r) => r.targetType, 18],
  ['target_id', (r) => r.targetId, 38],
  ['target_name', (r) => r.targetName, 30],
  ['details', (r) => r.details, 50, 'wrap'],
  ['admin_id', (r) => r.adminId, 38],
  ['admin_name', (r) => r.adminName, 24],
  ['admin_email', (r) => r.adminEmail, 30],
  ['ip_address', (r) => r.ipAddress, 16],
  ['created_at', (r) => r.createdAt, 20, 'date'],
];

/** The report: xlsx one worksheet per section, csv the sections one after another, json the object. */
export function statisticsFile(params: { format: ExportFormat; from: string | null; to: string | null }, s: ApplicationStatistics): Readable {
  if (params.format === 'json') {
    return jsonDocumentFile({
      date_from: params.from,
      date_to: params.to,
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
        ['From', params.from ?? 'All time'],
        ['To', params.to ?? 'All time'],
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
      columns: [{ header: 'Reason', width: 60, kind: 'wrap' }, { header: 'Count', width: 10 }],
      batches: oneBatch<Cell[]>(s.topRejectionReasons.map((r) => [r.reason, r.count])),
    },
    {
      name: 'Applications by month',
      columns: ['Month', 'Total', 'Approved', 'Pending', 'Rejected'].map((header) => ({ header, width: 12 })),
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
