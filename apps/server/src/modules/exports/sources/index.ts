import type { ExportKind } from '@fleet/contracts';
import { alarmLogSource } from '../../alarms/alarm-log.export-source.js';
import { statReportSource } from '../../alarms/stat-report.export-source.js';
import { noticeLogSource } from '../../contacts/notice-log.export-source.js';
import { devicesSource } from '../../devices/devices.export-source.js';
import { assetsSource } from '../../maintenance/assets/assets.export-source.js';
import { enforcementSource } from '../../maintenance/enforcement/enforcement.export-source.js';
import { maintenanceStatsSource } from '../../maintenance/plans/stats.export-source.js';
import { otaLogSource, otaStraceSource } from '../../ota/ota-log.export-source.js';
import { historySource } from './history.source.js';
import { reportSource } from './report.source.js';
import type { SourceFactory } from './types.js';

/** The source of each export kind. */
export const EXPORT_SOURCES: { [K in ExportKind]: SourceFactory<K> } = {
  history: historySource,
  report: reportSource,
  alarmlog: alarmLogSource,
  devices: devicesSource,
  statreport: statReportSource,
  otalog: otaLogSource,
  otastrace: otaStraceSource,
  noticelog: noticeLogSource,
  enforcement: enforcementSource,
  assets: assetsSource,
  maintstats: maintenanceStatsSource,
};
