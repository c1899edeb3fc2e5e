import type { ReportPeriod } from '@clubroom/rules/admin';
import { SelectField } from '../../../components/select-field';
import { PERIOD_LABELS } from './report-texts';

interface PeriodSelectProps {
  label: string;
  periods: readonly ReportPeriod[];
  value: ReportPeriod;
  onChange: (period: ReportPeriod) => void;
}

export function PeriodSelect({ label, periods, value, onChange }: PeriodSelectProps) {
  return <SelectField label={label} value={value} options={periods.map((period) => ({ value: period, label: PERIOD_LABELS[period] }))} onChange={onChange} maxW="xs" />;
}
