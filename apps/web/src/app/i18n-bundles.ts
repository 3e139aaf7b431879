import { accountsBundle } from '../features/accounts/i18n';
import { alarmsBundle } from '../features/alarms/i18n';
import { assetsBundle } from '../features/assets/i18n';
import { customScreensBundle } from '../features/custom-screens/i18n';
import { dashboardBundle } from '../features/dashboard/i18n';
import { dataReportBundle } from '../features/data-report/i18n';
import { deviceGroupsBundle } from '../features/device-groups/i18n';
import { deviceModelsBundle } from '../features/device-models/i18n';
import { devicesBundle } from '../features/devices/i18n';
import { fileDownloadBundle } from '../features/file-download/i18n';
import { historyBundle } from '../features/history/i18n';
import { enforcementBundle } from '../features/maintenance/enforcement-i18n';
import { maintenanceBundle } from '../features/maintenance/i18n';
import { maintenancePlansBundle } from '../features/maintenance/i18n-plans';
import { monitorBundle } from '../features/monitor/i18n';
import { noticesBundle } from '../features/notices/i18n';
import { otaGatewaysBundle } from '../features/ota/gateways/i18n';
import { gatewayParamsBundle } from '../features/ota/params/i18n';
import { otaSimsBundle } from '../features/ota/sims/i18n';
import { rechargeBundle } from '../features/recharge/i18n';
import { screensBundle } from '../features/screens/i18n';
import type { FeatureBundle } from '../shared/i18n/bundle';
import { timeRangeBundle } from '../shared/time/i18n';

/**
 * Every feature's i18n bundle, registered with the signed-in shell; a lazy bundle (one module per
 * language) sends only the active language. A new feature adds its bundle here (one import, one entry);
 * app/i18n-bundles.test.ts checks that each has the same keys in zh, en and es.
 */
export const featureBundles: readonly FeatureBundle[] = [
  accountsBundle,
  devicesBundle,
  deviceModelsBundle,
  deviceGroupsBundle,
  monitorBundle,
  alarmsBundle,
  dashboardBundle,
  historyBundle,
  dataReportBundle,
  fileDownloadBundle,
  rechargeBundle,
  noticesBundle,
  timeRangeBundle,
  otaGatewaysBundle,
  otaSimsBundle,
  gatewayParamsBundle,
  maintenanceBundle,
  enforcementBundle,
  assetsBundle,
  maintenancePlansBundle,
  screensBundle,
  customScreensBundle,
];
