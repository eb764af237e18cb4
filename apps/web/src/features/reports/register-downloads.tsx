/** The register of the chosen period as a file: CSV, PDF or Excel. */
import { ReportDownloads } from '../../components/lines/report-downloads';
import type { Period } from '../../lib/month-period';
import { downloadRegister } from './api';

export function RegisterDownloads({ period }: { period: Period }) {
  return (
    <ReportDownloads
      fetchFile={(siteId, format) => downloadRegister(siteId, format, period)}
      keys="reports.download"
      testId="register-download"
    />
  );
}
