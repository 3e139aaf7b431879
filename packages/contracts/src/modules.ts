import { z } from 'zod';

/**
 * Module switches delivered by the server (SPEC 1) with the defaults SPEC lists.
 * A route or menu entry tied to a module is absent while the module is off.
 */
export const MODULE_DEFAULTS = {
  userRegistration: true,
  wechat: true,
  scadaDemoDesign: true,
  flow: true,
  deviceMonitorList: true,
  loginLog: true,
  timedTask: true,
  platformManage: true,
  resourceManage: true,
  feeConfig: true,
  maintenanceManage: true,
  lawEnforcement: true,
  deviceAccount: true,
  thirdPartyService: true,
  energyAnalyze: false,
  authRule: false,
  userCustomize: false,
} as const;
export type ModuleKey = keyof typeof MODULE_DEFAULTS;
export type ModuleSwitches = Record<ModuleKey, boolean>;
export const MODULE_KEYS = Object.keys(MODULE_DEFAULTS) as ModuleKey[];

/**
 * The switches that change something today: each gates a page or an action that exists (registration
 * on the login page, the login log and customization routes, the permission rules on the roles page).
 * Platform management offers only these; a module joins the list in the change that builds its
 * feature, so switching a module on never promises a page that is not there.
 */
export const MODULES_WITH_FEATURES: readonly ModuleKey[] = [
  'userRegistration',
  'loginLog',
  'authRule',
  'userCustomize',
  'maintenanceManage',
  'feeConfig',
  'lawEnforcement',
  'deviceAccount',
];

export const moduleSwitchesSchema = z.object(
  Object.fromEntries(MODULE_KEYS.map((k) => [k, z.boolean()])) as Record<ModuleKey, z.ZodBoolean>,
);
