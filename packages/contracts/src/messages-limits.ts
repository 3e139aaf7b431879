import type { MessageTexts } from './messages.js';

/**
 * SPEC 3 resource limits (issue 20 item 7): each names the limit and the account that set it ({owner}:
 * the creating account or one above it), counting the account's own rows and those of the accounts below.
 */
export const LIMIT_MESSAGES = {
  'project.limitReached': {
    zh: '项目数量已达上限:账号 {owner} 及其下级最多可有 {limit} 个项目,当前已有 {used} 个',
    en: 'project limit reached: account {owner} and the accounts below it may have {limit} projects, they have {used}',
    es: 'límite de proyectos alcanzado: la cuenta {owner} y las cuentas por debajo pueden tener {limit} proyectos y tienen {used}',
  },
  'device.limitReached': {
    zh: '设备数量已达上限:账号 {owner} 及其下级最多可有 {limit} 台设备,当前已有 {used} 台',
    en: 'device limit reached: account {owner} and the accounts below it may have {limit} devices, they have {used}',
    es: 'límite de dispositivos alcanzado: la cuenta {owner} y las cuentas por debajo pueden tener {limit} dispositivos y tienen {used}',
  },
  'device.limitReachedAdding': {
    zh: '设备数量已达上限:账号 {owner} 及其下级最多可有 {limit} 台设备,当前已有 {used} 台,本次又申请了 {adding} 台',
    en: 'device limit reached: account {owner} and the accounts below it may have {limit} devices, they have {used} and {adding} more were requested',
    es: 'límite de dispositivos alcanzado: la cuenta {owner} y las cuentas por debajo pueden tener {limit} dispositivos, tienen {used} y se pidieron {adding} más',
  },
  'scada.limitReached': {
    zh: '组态数量已达上限:账号 {owner} 及其下级最多可有 {limit} 个组态,当前已有 {used} 个',
    en: 'SCADA limit reached: account {owner} and the accounts below it may have {limit} SCADA apps, they have {used}',
    es: 'límite de SCADA alcanzado: la cuenta {owner} y las cuentas por debajo pueden tener {limit} aplicaciones SCADA y tienen {used}',
  },
  'screen.limitReached': {
    zh: '自定义大屏数量已达上限:账号 {owner} 及其下级最多可有 {limit} 个大屏,当前已有 {used} 个',
    en: 'custom screen limit reached: account {owner} and the accounts below it may have {limit} custom screens, they have {used}',
    es: 'límite de pantallas personalizadas alcanzado: la cuenta {owner} y las cuentas por debajo pueden tener {limit} pantallas y tienen {used}',
  },
  'screen.staleVersion': {
    zh: '大屏已被他人修改(当前版本 {version}),请重新加载后再保存',
    en: 'the screen was changed by someone else (it is now at version {version}); reload it before saving',
    es: 'otra persona modificó la pantalla (ahora está en la versión {version}); vuelva a cargarla antes de guardar',
  },
  'screen.unknownWidget': {
    zh: '大屏没有组件 {id} 或该组件没有数据源',
    en: 'the screen has no widget {id} with a data source',
    es: 'la pantalla no tiene ningún widget {id} con origen de datos',
  },
  'screen.shareRevoked': {
    zh: '该大屏链接无效或已被撤销',
    en: 'this screen link is not valid or was revoked',
    es: 'este enlace de pantalla no es válido o fue revocado',
  },
  'graphlib.limitReached': {
    zh: '图库上传数量已达上限:账号 {owner} 及其下级最多可上传 {limit} 个图元,当前已有 {used} 个',
    en: 'graph upload limit reached: account {owner} and the accounts below it may upload {limit} symbols, they have {used}',
    es: 'límite de símbolos subidos alcanzado: la cuenta {owner} y las cuentas por debajo pueden subir {limit} símbolos y tienen {used}',
  },
} as const satisfies Record<string, MessageTexts>;
